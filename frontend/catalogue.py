"""What the pages say about each game: names, blurbs, the options of a new room.

House rules come from the rules engines and computer levels from the rooms
app, so the home page offers exactly the choices the server accepts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.conf import settings

from games import card_fishing
from games.capture import card_points, hand_value
from games.cards import standard_deck
from games.halfsuits import HALFSUIT_LABELS, HALFSUITS
from games.registry import get_rules
from rooms.lobby import BOT_LEVELS, SOLO_GAMES
from rooms.models import Game

# Go Fish: the seat choices and the default of rooms.creation.
GO_FISH_SEATS = (2, 3, 4, 5, 6)
GO_FISH_DEFAULT_SEATS = 4
CARD_FISHING_DEFAULT_LEVEL = "normal"

BLURBS = {
    "fish": "Two teams of three ask each other for cards and declare halfsuits.",
    "go-fish": "Ask a player for a rank you hold, go fishing in the pond, collect books of four.",
    "kitten-fishing": "Flip cards in turn against Kitty; match a rank or play a Jack to win cards.",
    "card-fishing": "Capture table cards by value and by sums against the Bot, to 16 points.",
}
# Solo games whose settings come first (a page of their own before the room).
PLAY_URLS = {"card-fishing": "/play/card-fishing/"}
# What the Bot is like at each level (the rules page says more).
LEVEL_NOTES = {
    "easy": "Often plays a random card; otherwise grabs the most cards.",
    "normal": "Weighs points, spades and sweeps; now and then a random play.",
    "hard": "No randomness; thinks about the table it leaves you.",
    "crazy": "Plays like Hard and counts cards to the last deal.",
}
PLAYERS = {
    "fish": "6 players in two teams",
    "go-fish": "2 to 6 players",
    "kitten-fishing": "you against Kitty",
    "card-fishing": "you against the Bot",
}


@dataclass(frozen=True)
class Choice:
    value: str
    text: str
    selected: bool
    note: str = ""


@dataclass(frozen=True)
class HouseRule:
    name: str
    field: str
    label: str
    choices: list[Choice]


@dataclass(frozen=True)
class GameInfo:
    slug: str
    name: str
    players: str
    blurb: str
    solo: bool
    play_url: str
    seats: list[Choice]
    levels: list[Choice]
    rules: list[HouseRule]

    @property
    def start_url(self) -> str:
        """Where a room of this game is started: its settings page, or its card
        on the home page (the card's heading carries the anchor)."""
        return self.play_url or f"/#game-{self.slug}"


def form_value(value: Any) -> str:
    """How an option value is written in a form field (see rooms.room_forms)."""
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "none"
    return str(value)


def house_rules(slug: str) -> list[HouseRule]:
    options = get_rules(slug).options
    return [
        HouseRule(
            name=name,
            field=f"rule_{name}",
            label=option.label,
            choices=[
                Choice(form_value(value), option.describe(value), value == option.default)
                for value in option.choices
            ],
        )
        for name, option in options.items()
    ]


def seat_choices(slug: str) -> list[Choice]:
    if slug != "go-fish":
        return []
    return [Choice(str(n), f"{n} players", n == GO_FISH_DEFAULT_SEATS) for n in GO_FISH_SEATS]


def level_choices(slug: str) -> list[Choice]:
    if slug != "card-fishing":
        return []
    return [
        Choice(
            level,
            level.capitalize(),
            level == CARD_FISHING_DEFAULT_LEVEL,
            LEVEL_NOTES.get(level, ""),
        )
        for level in BOT_LEVELS[slug]
    ]


def rule_choices(slug: str) -> list[dict[str, Any]]:
    """The house rules and their possible values as JSON, for the host's lobby controls."""
    return [
        {
            "name": name,
            "label": option.label,
            "choices": [
                {"value": value, "text": option.describe(value)} for value in option.choices
            ],
        }
        for name, option in get_rules(slug).options.items()
    ]


def game_info(slug: str) -> GameInfo:
    return GameInfo(
        slug=slug,
        name=Game(slug).label,
        players=PLAYERS[slug],
        blurb=BLURBS[slug],
        solo=slug in SOLO_GAMES,
        play_url=PLAY_URLS.get(slug, ""),
        seats=seat_choices(slug),
        levels=level_choices(slug),
        rules=house_rules(slug),
    )


def all_games() -> list[GameInfo]:
    """The four games, the multiplayer ones first."""
    return [game_info(slug) for slug in ("fish", "go-fish", "kitten-fishing", "card-fishing")]


def is_game(slug: str) -> bool:
    return slug in BLURBS


def room_config(room: Any, guest: Any) -> dict[str, Any]:
    """What the room page's script needs besides the websocket: JSON for json_script."""
    config: dict[str, Any] = {
        "code": room.code,
        "game": room.game,
        "gameName": room.get_game_display(),
        "name": guest.display_name if guest else "",
        "nameConfirmed": bool(guest and guest.name_confirmed),
        "solo": room.game in SOLO_GAMES,
        "botLevels": list(BOT_LEVELS.get(room.game, ())),
        "rulesUrl": f"/rules/{room.game}/",
        "heartbeatSeconds": settings.HEARTBEAT_SECONDS,
    }
    config["houseRules"] = rule_choices(room.game)
    if room.game == "card-fishing":
        config.update(card_fishing_values())
    if room.game == "fish":
        # The deck's halfsuits, so the client can group cards without knowing the rules.
        config["halfsuits"] = {name: list(cards) for name, cards in HALFSUITS.items()}
        config["halfsuitLabels"] = dict(HALFSUIT_LABELS)
    return config


def card_fishing_values() -> dict[str, Any]:
    """What Card Fishing cards are worth, from the engine, so the table can mark
    point cards and write out the score sheet without knowing the rules."""
    points = {
        card: {"points": card_points(card), "hand": hand_value(card)}
        for card in standard_deck()
        if card_points(card)
    }
    scoring = {
        "most_cards": card_fishing.MOST_CARDS_POINTS,
        "most_spades": card_fishing.MOST_SPADES_POINTS,
        "ace": card_points("AS"),
        "two_of_spades": card_points("2S"),
        "ten_of_diamonds": card_points("10D"),
        "sweep": card_fishing.SWEEP_POINTS,
    }
    return {"pointCards": points, "scoring": scoring, "playUrl": PLAY_URLS["card-fishing"]}
