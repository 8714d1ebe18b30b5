"""What the pages say about each game: names, blurbs, the options of a new room.

The facts (title, seats, solo, computer levels, house rules) come from each
game's spec, so the home page offers exactly the choices the server accepts;
only how a game is presented (its blurb, its settings page, what its table
needs to know) is written here, per game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings

from games import card_fishing
from games.capture import card_points, hand_value
from games.cards import standard_deck
from games.halfsuits import HALFSUIT_LABELS, HALFSUITS
from games.registry import all_specs, get_spec
from games.spec import GameSpec

CARD_FISHING_PLAY_URL = "/play/card-fishing/"


def no_values() -> dict[str, Any]:
    return {}


@dataclass(frozen=True)
class Presentation:
    """How the pages show one game."""

    blurb: str
    players: str
    # A solo game whose settings come first, on a page of their own before the room.
    play_url: str = ""
    # What the room page's table needs from the engine besides the frames.
    room_values: Callable[[], dict[str, Any]] = no_values
    # What the computer is like at each level the player may choose.
    level_notes: dict[str, str] = field(default_factory=dict)


def fish_values() -> dict[str, Any]:
    """The deck's halfsuits, so the client can group cards without knowing the rules."""
    return {
        "halfsuits": {name: list(cards) for name, cards in HALFSUITS.items()},
        "halfsuitLabels": dict(HALFSUIT_LABELS),
    }


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
    return {"pointCards": points, "scoring": scoring, "playUrl": CARD_FISHING_PLAY_URL}


# The games the pages show, by slug; the home page lists them in the registry's order.
PRESENTATIONS: dict[str, Presentation] = {
    "fish": Presentation(
        blurb="Two teams of three ask each other for cards and declare halfsuits.",
        players="6 players in two teams",
        room_values=fish_values,
    ),
    "go-fish": Presentation(
        blurb="Ask a player for a rank you hold, go fishing in the pond, collect books of four.",
        players="2 to 6 players",
    ),
    "kitten-fishing": Presentation(
        blurb="Flip cards in turn against Kitty; match a rank or play a Jack to win cards.",
        players="you against Kitty",
    ),
    "card-fishing": Presentation(
        blurb="Capture table cards by value and by sums against the Bot, to 16 points.",
        players="you against the Bot",
        play_url=CARD_FISHING_PLAY_URL,
        room_values=card_fishing_values,
        level_notes={
            "easy": "Often plays a random card; otherwise grabs the most cards.",
            "normal": "Weighs points, spades and sweeps; now and then a random play.",
            "hard": "No randomness; thinks about the table it leaves you.",
            "crazy": "Plays like Hard and counts cards to the last deal.",
        },
    ),
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
    """How an option value is written in a form field (see rooms.web.room_forms)."""
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "none"
    return str(value)


def house_rules(spec: GameSpec) -> list[HouseRule]:
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
        for name, option in spec.options.items()
    ]


def seat_choices(spec: GameSpec) -> list[Choice]:
    seats = spec.seats
    if seats.fixed:
        return []
    return [Choice(str(n), f"{n} players", n == seats.default) for n in seats.choices()]


def level_choices(spec: GameSpec, notes: dict[str, str]) -> list[Choice]:
    if not spec.level_is_chosen:
        return []
    return [
        Choice(level, level.capitalize(), level == spec.solo_level, notes.get(level, ""))
        for level in spec.computer.levels
    ]


def rule_choices(spec: GameSpec) -> list[dict[str, Any]]:
    """The house rules and their possible values as JSON, for the host's lobby controls."""
    return [
        {
            "name": name,
            "label": option.label,
            "choices": [
                {"value": value, "text": option.describe(value)} for value in option.choices
            ],
        }
        for name, option in spec.options.items()
    ]


def game_info(slug: str) -> GameInfo:
    spec = get_spec(slug)
    shown = PRESENTATIONS[slug]
    return GameInfo(
        slug=slug,
        name=spec.title,
        players=shown.players,
        blurb=shown.blurb,
        solo=spec.solo,
        play_url=shown.play_url,
        seats=seat_choices(spec),
        levels=level_choices(spec, shown.level_notes),
        rules=house_rules(spec),
    )


def all_games() -> list[GameInfo]:
    """The games the pages show, in the registry's order (the multiplayer ones first)."""
    return [game_info(spec.name) for spec in all_specs() if is_game(spec.name)]


def is_game(slug: str) -> bool:
    return slug in PRESENTATIONS


def room_config(room: Any, guest: Any) -> dict[str, Any]:
    """What the room page's script needs besides the websocket: JSON for json_script."""
    spec = get_spec(room.game)
    shown = PRESENTATIONS.get(room.game)
    config: dict[str, Any] = {
        "code": room.code,
        "game": room.game,
        "gameName": spec.title,
        "name": guest.display_name if guest else "",
        "nameConfirmed": bool(guest and guest.name_confirmed),
        "solo": spec.solo,
        "botLevels": list(spec.computer.levels),
        "rulesUrl": f"/rules/{room.game}/",
        "heartbeatSeconds": settings.HEARTBEAT_SECONDS,
        "houseRules": rule_choices(spec),
    }
    if shown is not None:
        config.update(shown.room_values())
    return config
