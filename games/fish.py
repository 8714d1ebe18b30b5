"""Fish (Canadian Fish, Literature): two teams of three ask for cards and declare halfsuits.

Seats 0-5; team 0 is seats 0, 2, 4 and team 1 is seats 1, 3, 5, so no two
teammates sit side by side. Each seat is dealt 9 of the 54 cards.

- Ask: the seat whose turn it is names an opponent holding cards and a card of a
  halfsuit the asker holds a card of (asking for a card one holds is a bluff, and
  allowed unless the ``bluff`` option forbids it). A hit moves the card and the
  asker goes on; a miss passes the turn to the asked seat.
- Declare: any seat (by default at any time, even without cards) names, for each
  card of an undeclared halfsuit, the teammate holding it. All right: the
  declarer's team wins the halfsuit; anything wrong: the other team does. The six
  cards leave the game either way, and play goes on with the seat whose turn it was.
- A seat whose turn it is with no cards passes it to its next teammate with cards
  (seat+2, then seat+4). When a whole team is out of cards nobody can ask any
  more, and the other team declares what is left.
- Five halfsuits win; by default play goes on until all nine are declared.

Each log entry's ``next`` is the seat that may ask next, or None when no seat
can: once the game is over, and while one team is out of cards.

State (plain JSON)::

    {"game": "fish", "setup": {...}, "options": {...},
     "hands": [[card, ...] x 6],          # each kept in display order
     "turn": seat | None,                 # always a seat that may act, None when over
     "declared": {halfsuit: {"team", "declarer", "correct"}},   # in declaration order
     "score": [a, b], "moves": n,         # n = actions applied so far
     "winner": team | None, "decided_at": move index | None,
     "over": bool, "log": [entry, ...]}
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any, ClassVar

from games.base import Action, Entry, RecordMove, Rules, Setup, State
from games.cards import CardError, fish_deck, is_complete_deck, parse_card, shuffled
from games.errors import BadRecord, IllegalAction
from games.halfsuits import (
    CARD_ORDER,
    HALFSUIT_LABELS,
    HALFSUIT_NAMES,
    HALFSUITS,
    halfsuit_of,
    sort_cards,
)
from games.options import Option, non_default, resolve
from games.spec import Computer, GameSpec, Seats

__all__ = [
    "Fish",
    "HALFSUITS",
    "HALFSUIT_NAMES",
    "HALFSUIT_LABELS",
    "SEATS",
    "HAND_SIZE",
    "TO_WIN",
    "halfsuit_of",
    "team_of",
    "team_seats",
    "opponents_of",
]

SEATS = 6
HAND_SIZE = 9
TO_WIN = 5

_SETUP_KEYS = {"game", "hands", "first", "options"}
_RECORD_KEYS = _SETUP_KEYS | {"moves", "version"}
_MOVE_KEYS = {
    "ask": {"type", "seat", "target", "card"},
    "declare": {"type", "seat", "halfsuit", "cards"},
}


def team_of(seat: int) -> int:
    """The team of ``seat``: 0 for seats 0, 2, 4 and 1 for seats 1, 3, 5."""
    return seat % 2


def team_seats(team: int) -> list[int]:
    """The three seats of ``team``."""
    return [seat for seat in range(SEATS) if team_of(seat) == team]


def opponents_of(seat: int) -> list[int]:
    """The three seats of the other team."""
    return team_seats(1 - team_of(seat))


def _is_int(value: Any) -> bool:
    # bool is an int in Python; a seat written as true is still malformed.
    return type(value) is int


def _held_halfsuits(hand: list[str]) -> set[str]:
    return {halfsuit_of(card) for card in hand}


def _askable_cards(hand: list[str], bluff: bool) -> list[str]:
    """The cards a seat holding ``hand`` may ask for, in display order."""
    held = set(hand)
    names = _held_halfsuits(hand)
    return [
        card
        for name in HALFSUIT_NAMES
        if name in names
        for card in HALFSUITS[name]
        if bluff or card not in held
    ]


def _settle_turn(hands: list[list[str]], seat: int) -> int:
    """The seat that acts when it is nominally ``seat``'s turn.

    An empty-handed seat passes to its next teammate with cards; when its whole
    team is out of cards, the other team (next seat to the left first) acts, since
    only declarations remain. Called only while some seat still holds cards.
    """
    for step in (0, 2, 4, 1, 3, 5):
        candidate = (seat + step) % SEATS
        if hands[candidate]:
            return candidate
    raise AssertionError("no seat holds cards in a game that is not over")


def _team_has_cards(hands: list[list[str]], team: int) -> bool:
    return any(hands[seat] for seat in team_seats(team))


def _forced_end(hands: list[list[str]]) -> bool:
    """True when one team is out of cards: no asks remain, only declarations."""
    return not _team_has_cards(hands, 0) or not _team_has_cards(hands, 1)


def _next_asker(hands: list[list[str]], turn: int) -> int | None:
    """A log entry's ``next``: the seat that may ask next, None once nobody can.

    With a team out of cards ``turn`` still names the seat that may declare,
    but no seat can ask any more, and the log says so.
    """
    return None if _forced_end(hands) else turn


class Fish(Rules):
    name: ClassVar[str] = "fish"
    min_seats: ClassVar[int] = SEATS
    max_seats: ClassVar[int] = SEATS
    options: ClassVar[dict[str, Option]] = {
        "bluff": Option(
            default=True,
            choices=(True, False),
            label="Bluff asks",
            wording=(
                "You may ask for a card you already hold, to mislead the other team.",
                "You may not ask for a card you already hold.",
            ),
        ),
        "declare": Option(
            default="any-time",
            choices=("any-time", "own-turn", "team-turn"),
            label="Declaring",
            wording=(
                "Any player may declare at any time, even when it is not their turn.",
                "Only the player whose turn it is may declare.",
                "Any player of the team whose turn it is may declare.",
            ),
        ),
        "end": Option(
            default="all-nine",
            choices=("all-nine", "five"),
            label="End of the game",
            wording=(
                "The first team to five halfsuits wins; play goes on until all nine are declared.",
                "The game ends as soon as a team has five halfsuits.",
            ),
        ),
        "hand_sizes": Option(
            default=True,
            choices=(True, False),
            label="Hand sizes",
            wording=(
                "Everyone sees how many cards each player holds.",
                "Everyone sees only whether a player still holds cards, not how many.",
            ),
        ),
        "log": Option(
            default="last-two",
            choices=("last-two", "all"),
            label="Past moves",
            wording=(
                "Only the last two moves are shown.",
                "Every move of the game is shown.",
            ),
        ),
    }

    # --- starting -------------------------------------------------------------
    def random_setup(
        self, seats: int, rng: random.Random, options: dict[str, Any] | None = None
    ) -> Setup:
        if seats != SEATS:
            raise BadRecord(f"Fish is played by exactly {SEATS} players, not {seats}")
        resolved = resolve(self.options, options)
        deck = shuffled(fish_deck(), rng)
        setup: Setup = {
            "game": self.name,
            "hands": [deck[seat * HAND_SIZE : (seat + 1) * HAND_SIZE] for seat in range(SEATS)],
            "first": rng.randrange(SEATS),
        }
        extra = non_default(self.options, resolved)
        if extra:
            setup["options"] = extra
        return setup

    def start(self, setup: Setup) -> State:
        setup = self._check_setup(setup)
        options = resolve(self.options, setup.get("options"))
        return {
            "game": self.name,
            "setup": setup,
            "options": options,
            "hands": [sort_cards(hand) for hand in setup["hands"]],
            "turn": setup["first"],
            "declared": {},
            "score": [0, 0],
            "moves": 0,
            "winner": None,
            "decided_at": None,
            "over": False,
            "log": [],
        }

    def _check_setup(self, setup: Any, allowed: set[str] = _SETUP_KEYS) -> Setup:
        """A canonical copy of ``setup`` (cards upper case, default options dropped)."""
        if not isinstance(setup, dict):
            raise BadRecord("a Fish setup is a JSON object")
        if setup.get("game") != self.name:
            raise BadRecord(f"not a Fish record: game is {setup.get('game')!r}")
        unknown = sorted(set(setup) - allowed)
        if unknown:
            raise BadRecord(f"unknown field: {unknown[0]}")
        if "version" in setup and setup["version"] != 1:
            raise BadRecord(f"unknown record version: {setup['version']!r}")
        hands = setup.get("hands")
        if not isinstance(hands, list) or len(hands) != SEATS:
            raise BadRecord(f"hands must be a list of {SEATS} hands")
        canonical: list[list[str]] = []
        for seat, hand in enumerate(hands):
            if not isinstance(hand, list) or len(hand) != HAND_SIZE:
                raise BadRecord(f"hand {seat} must be a list of {HAND_SIZE} cards")
            try:
                canonical.append([parse_card(card) for card in hand])
            except CardError as error:
                raise BadRecord(f"hand {seat}: {error}") from None
        if not is_complete_deck([card for hand in canonical for card in hand], fish_deck()):
            raise BadRecord("the hands must hold each of the 54 cards exactly once")
        first = setup.get("first")
        if not _is_int(first) or not 0 <= first < SEATS:
            raise BadRecord(f"first must be a seat from 0 to {SEATS - 1}")
        checked: Setup = {"game": self.name, "hands": canonical, "first": first}
        extra = non_default(self.options, resolve(self.options, setup.get("options")))
        if extra:
            checked["options"] = extra
        return checked

    # --- reading the state ------------------------------------------------------
    def turn(self, state: State) -> int | None:
        return None if state["over"] else state["turn"]

    def is_over(self, state: State) -> bool:
        return state["over"]

    def result(self, state: State) -> dict[str, Any]:
        return {
            "halfsuits": {name: info["team"] for name, info in state["declared"].items()},
            "score": list(state["score"]),
            "over": state["over"],
            "winner": state["winner"],
            "decided_at": state["decided_at"],
        }

    def winners(self, state: State) -> list[int]:
        if not state["over"] or state["winner"] is None:
            return []
        return [seat for seat in range(SEATS) if team_of(seat) == state["winner"]]

    def _may_declare(self, state: State, seat: int) -> str | None:
        """Why ``seat`` may not declare now (an error code), or None if it may."""
        if state["over"]:
            return "game-over"
        turn = state["turn"]
        hands = state["hands"]
        if _forced_end(hands) and team_of(seat) != team_of(turn):
            return "not-your-turn"
        timing = state["options"]["declare"]
        if timing == "own-turn" and seat != turn:
            return "declare-not-now"
        if timing == "team-turn" and team_of(seat) != team_of(turn):
            return "declare-not-now"
        return None

    def _ask_targets(self, state: State, seat: int) -> list[int]:
        if state["over"] or state["turn"] != seat:
            return []
        return [target for target in opponents_of(seat) if state["hands"][target]]

    def action_space(self, state: State, seat: int) -> dict[str, Any]:
        space: dict[str, Any] = {}
        if not _is_int(seat) or not 0 <= seat < SEATS:
            return space
        targets = self._ask_targets(state, seat)
        if targets:
            cards = _askable_cards(state["hands"][seat], state["options"]["bluff"])
            if cards:
                space["ask"] = {"targets": targets, "cards": cards}
        if self._may_declare(state, seat) is None:
            space["declare"] = {
                "halfsuits": [name for name in HALFSUIT_NAMES if name not in state["declared"]],
                "teammates": team_seats(team_of(seat)),
            }
        return space

    def legal_actions(self, state: State, seat: int) -> Iterator[Action]:
        space = self.action_space(state, seat)
        if "ask" in space:
            for target in space["ask"]["targets"]:
                for card in space["ask"]["cards"]:
                    yield {"type": "ask", "target": target, "card": card}
        if "declare" in space:
            teammates = space["declare"]["teammates"]
            for name in space["declare"]["halfsuits"]:
                for holders in itertools.product(teammates, repeat=len(HALFSUITS[name])):
                    yield {
                        "type": "declare",
                        "halfsuit": name,
                        "cards": dict(zip(HALFSUITS[name], holders, strict=True)),
                    }

    # --- playing ----------------------------------------------------------------
    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Entry]]:
        if not _is_int(seat) or not 0 <= seat < SEATS:
            raise IllegalAction("bad-seat", f"There is no seat {seat!r} in Fish.")
        if not isinstance(action, dict):
            raise IllegalAction("bad-action", "An action is an object with a type.")
        kind = action.get("type")
        if kind == "ask":
            return self._ask(state, seat, action)
        if kind == "declare":
            return self._declare(state, seat, action)
        raise IllegalAction("bad-action", "Fish actions are 'ask' and 'declare'.")

    def _ask(self, state: State, seat: int, action: Action) -> tuple[State, list[Entry]]:
        self.require_turn(state, seat)
        target = action.get("target")
        if not _is_int(target):
            raise IllegalAction("bad-action", "An ask names a target seat (a number).")
        if not 0 <= target < SEATS:
            raise IllegalAction("bad-seat", f"There is no seat {target} in Fish.")
        if team_of(target) == team_of(seat):
            raise IllegalAction(
                "not-an-opponent", f"Seat {target} is on your team; ask a player of the other team."
            )
        hands = state["hands"]
        if not hands[target]:
            raise IllegalAction("target-empty", f"Seat {target} has no cards left to ask for.")
        text = action.get("card")
        if not isinstance(text, str):
            raise IllegalAction("bad-action", "An ask names a card: its rank then its suit letter.")
        try:
            card = parse_card(text)
        except CardError:
            raise IllegalAction("bad-card", f"{text!r} is not a card.") from None
        name = halfsuit_of(card)
        if name in state["declared"]:
            raise IllegalAction(
                "halfsuit-declared",
                f"{card} is out of the game: {HALFSUIT_LABELS[name]} was declared.",
            )
        own = hands[seat]
        if name not in _held_halfsuits(own):
            raise IllegalAction(
                "halfsuit-not-held",
                f"You may ask for {card} only while you hold a card of {HALFSUIT_LABELS[name]}.",
            )
        if not state["options"]["bluff"] and card in own:
            raise IllegalAction(
                "card-held", f"You hold {card}; this table does not allow asking for your own card."
            )

        new = dict(state)
        new_hands = list(hands)
        hit = card in hands[target]
        if hit:
            new_hands[target] = [c for c in hands[target] if c != card]
            new_hands[seat] = sorted(own + [card], key=CARD_ORDER.__getitem__)
            next_seat = _settle_turn(new_hands, seat)
        else:
            next_seat = target
        new["hands"] = new_hands
        new["turn"] = next_seat
        new["moves"] = state["moves"] + 1
        entry: Entry = {
            "type": "ask",
            "seat": seat,
            "target": target,
            "card": card,
            "hit": hit,
            "next": _next_asker(new_hands, next_seat),
        }
        new["log"] = state["log"] + [entry]
        return new, [dict(entry)]

    def _declare(self, state: State, seat: int, action: Action) -> tuple[State, list[Entry]]:
        name = action.get("halfsuit")
        claim = action.get("cards")
        if not isinstance(name, str) or not isinstance(claim, dict):
            raise IllegalAction(
                "bad-action", "A declaration names a halfsuit and, for each card, a teammate."
            )
        if state["over"]:
            raise IllegalAction("game-over", "The game is over.")
        if name not in HALFSUITS:
            raise IllegalAction(
                "bad-action", f"There is no halfsuit {name!r}; one of: {', '.join(HALFSUIT_NAMES)}."
            )
        if name in state["declared"]:
            raise IllegalAction(
                "halfsuit-declared", f"{HALFSUIT_LABELS[name]} is already declared."
            )
        refusal = self._may_declare(state, seat)
        if refusal == "not-your-turn":
            raise IllegalAction(
                "not-your-turn", "Your team has no cards: the other team declares what is left."
            )
        if refusal == "declare-not-now":
            raise IllegalAction("declare-not-now", self._timing_message(state))

        holders: dict[str, int] = {}
        for text, holder in claim.items():
            try:
                card = parse_card(text)
            except CardError:
                raise IllegalAction("bad-card", f"{text!r} is not a card.") from None
            if card in holders:
                raise IllegalAction("bad-declaration", f"{card} is named twice.")
            holders[card] = holder
        if set(holders) != set(HALFSUITS[name]):
            raise IllegalAction(
                "bad-declaration",
                f"Declaring {HALFSUIT_LABELS[name]} names exactly its six cards: "
                f"{' '.join(HALFSUITS[name])}.",
            )
        team = team_of(seat)
        for card in HALFSUITS[name]:
            holder = holders[card]
            if not _is_int(holder):
                raise IllegalAction("bad-action", f"The holder of {card} must be a seat number.")
            if not 0 <= holder < SEATS:
                raise IllegalAction("bad-seat", f"There is no seat {holder} in Fish.")
            if team_of(holder) != team:
                raise IllegalAction(
                    "not-a-teammate", f"Seat {holder} is not on your team; name only teammates."
                )

        hands = state["hands"]
        correct = all(card in hands[holders[card]] for card in HALFSUITS[name])
        winning = team if correct else 1 - team
        leaving = set(HALFSUITS[name])
        new = dict(state)
        new_hands = [[c for c in hand if c not in leaving] for hand in hands]
        new["hands"] = new_hands
        declared = dict(state["declared"])
        declared[name] = {"team": winning, "declarer": seat, "correct": correct}
        new["declared"] = declared
        score = list(state["score"])
        score[winning] += 1
        new["score"] = score
        index = state["moves"]
        new["moves"] = index + 1
        if state["winner"] is None and score[winning] >= TO_WIN:
            new["winner"] = winning
            new["decided_at"] = index
        over = len(declared) == len(HALFSUITS) or (
            state["options"]["end"] == "five" and new["winner"] is not None
        )
        new["over"] = over
        # Play goes on with the seat whose turn it was (or its stand-in if now empty).
        new["turn"] = None if over else _settle_turn(new_hands, state["turn"])
        entry: Entry = {
            "type": "declare",
            "seat": seat,
            "halfsuit": name,
            # The claim was said aloud, so it is public; where the cards really were is not.
            "cards": {card: holders[card] for card in HALFSUITS[name]},
            "correct": correct,
            "team": winning,
            "next": None if over else _next_asker(new_hands, new["turn"]),
        }
        new["log"] = state["log"] + [entry]
        return new, [_copy_entry(entry)]

    def _timing_message(self, state: State) -> str:
        if state["options"]["declare"] == "own-turn":
            return "At this table you may declare only on your own turn."
        return "At this table you may declare only while it is your team's turn."

    # --- showing ----------------------------------------------------------------
    def redact(self, entry: Entry, viewer: int | None) -> Entry:
        # Every Fish entry is public: asks are said aloud, and a declaration entry
        # carries only the claim and whether it was right, never the real holders.
        return _copy_entry(entry)

    def view(self, state: State, viewer: int | None) -> dict[str, Any]:
        seat = viewer if _is_int(viewer) and 0 <= viewer < SEATS else None
        hands = state["hands"]
        show_sizes = state["options"]["hand_sizes"]
        view: dict[str, Any] = {
            "game": self.name,
            "viewer": seat,
            "turn": self.turn(state),
            "over": state["over"],
            "result": self.result(state),
            "actions": {} if seat is None else self.action_space(state, seat),
            "options": dict(state["options"]),
            "teams": [team_seats(0), team_seats(1)],
            "team": None if seat is None else team_of(seat),
            "hand": None if seat is None else list(hands[seat]),
            "hand_counts": [
                len(hand) if show_sizes or other == seat else None
                for other, hand in enumerate(hands)
            ],
            "has_cards": [bool(hand) for hand in hands],
            "declared": {name: dict(info) for name, info in state["declared"].items()},
            "in_play": [name for name in HALFSUIT_NAMES if name not in state["declared"]],
            "score": list(state["score"]),
            "moves": state["moves"],
            # The seed lets anyone be reminded of the last two moves, no more.
            "last_moves": [self.redact(entry, seat) for entry in state["log"][-2:]],
        }
        if state["options"]["log"] == "all":
            view["log"] = [self.redact(entry, seat) for entry in state["log"]]
        return view

    # --- records ------------------------------------------------------------------
    def to_record(self, setup: Setup, moves: list[tuple[int, Action]]) -> dict[str, Any]:
        record: dict[str, Any] = dict(self._check_setup(setup))
        record["moves"] = [_record_move(seat, action) for seat, action in moves]
        return record

    def from_record(self, record: dict[str, Any]) -> tuple[Setup, list[RecordMove]]:
        setup = self._check_setup(record, _RECORD_KEYS)
        moves = record.get("moves")
        if not isinstance(moves, list):
            raise BadRecord("moves must be a list")
        parsed: list[RecordMove] = []
        for index, move in enumerate(moves):
            if not isinstance(move, dict) or move.get("type") not in _MOVE_KEYS:
                raise BadRecord(f"move {index}: a move is an ask or a declare object")
            if set(move) != _MOVE_KEYS[move["type"]]:
                fields = ", ".join(sorted(_MOVE_KEYS[move["type"]]))
                raise BadRecord(f"move {index}: a {move['type']} move has exactly: {fields}")
            seat = move["seat"]
            if not _is_int(seat) or not 0 <= seat < SEATS:
                raise BadRecord(f"move {index}: seat must be from 0 to {SEATS - 1}")
            parsed.append((seat, {key: value for key, value in move.items() if key != "seat"}))
        return setup, parsed


def _copy_entry(entry: Entry) -> Entry:
    copy = dict(entry)
    if "cards" in copy:
        copy["cards"] = dict(copy["cards"])
    return copy


def _record_move(seat: int, action: Action) -> dict[str, Any]:
    """A record move: the action with its seat, card spellings made canonical."""
    move: dict[str, Any] = {"type": action.get("type"), "seat": seat}
    for key, value in action.items():
        if key in ("type", "seat"):
            continue
        if key == "card" and isinstance(value, str):
            value = _canonical(value)
        elif key == "cards" and isinstance(value, dict):
            value = {_canonical(card): holder for card, holder in value.items()}
        move[key] = value
    return move


def _canonical(text: str) -> str:
    try:
        return parse_card(text)
    except CardError:
        return text


SPEC = GameSpec(
    name="fish",
    title="Fish",
    rules=Fish(),
    seats=Seats(SEATS, SEATS, default=SEATS),
    computer=Computer(levels=("strong", "random")),
    # Seats alternate teams, so friends pick their team by picking a seat.
    teams=team_of,
)
