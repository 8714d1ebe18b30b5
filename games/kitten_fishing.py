"""Kitten Fishing (小猫钓鱼): two face-down piles, one flip at a time, fish by rank.

There are no decisions: the deal fixes the whole game. Each flip puts the top
card of the flipper's pile at the end of the table row; a Jack on a non-empty
table sweeps it, a card whose rank is already on the table fishes from that card
to the end of the row, and captures go (in table order, flipped card last) to
the bottom of the capturer's pile. A player whose pile is empty after their flip
loses; after ``flip_limit`` flips the larger pile wins.

Speed matters (a game is hundreds of flips), so every flip runs through
``_run``, which works on deques of card strings and a rank -> table-position
index; JSON states and log entries are built only at the edges.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterator
from typing import Any

from games.base import Action, Entry, RecordMove, Rules, Setup, State
from games.cards import FACE_VALUE, CardError, parse_card, shuffled, standard_deck
from games.errors import BadRecord, IllegalAction
from games.options import Option, non_default, resolve
from games.spec import Computer, GameSpec, Knob, Seats

NAME = "kitten-fishing"
SEATS = 2
PILE_SIZE = 26
DEFAULT_FLIP_LIMIT = 5000
SETUP_KEYS = frozenset({"game", "piles", "first", "flip_limit", "options"})

DECK: tuple[str, ...] = tuple(standard_deck())
_DECK_SET = frozenset(DECK)
# Rank index 0..12 (Ace..King) of every card: the hot loop's only per-card lookup.
_RANK: dict[str, int] = {card: FACE_VALUE[card[:-1]] - 1 for card in DECK}
_JACK = FACE_VALUE["J"] - 1
_ABSENT = -1

OPTIONS: dict[str, Option] = {
    "jack_sweep": Option(
        default=True,
        choices=(True, False),
        label="Jack sweep",
        wording=(
            "A Jack flipped onto a non-empty table takes every card on it",
            "No Jack sweep: a Jack is an ordinary rank and captures only by matching",
        ),
    ),
    "capture_again": Option(
        default=False,
        choices=(False, True),
        label="Capture again",
        wording=(
            "After a capture the turn passes to the opponent",
            "The player who captures flips again at once",
        ),
    ),
}


# --- the hot path -------------------------------------------------------------


def _positions(table: list[str]) -> list[int]:
    """The rank -> table index map for ``table`` (_ABSENT where a rank is not there)."""
    pos = [_ABSENT] * 13
    for index, card in enumerate(table):
        pos[_RANK[card]] = index
    return pos


def _run(
    piles: tuple[deque[str], deque[str]],
    table: list[str],
    turn: int,
    flips: int,
    stop: int,
    limit: int,
    jack_sweep: bool,
    capture_again: bool,
    log: list[tuple[str, list[str] | None]],
) -> tuple[int | None, int, int | None, str | None]:
    """Flip until the game ends or ``stop`` flips have been made in all.

    Mutates ``piles`` and ``table`` and appends ``(card, took)`` per flip to
    ``log`` (``took`` None when nothing was taken; a capture's list is never
    mutated afterwards, so entries may share it). Returns ``(turn, flips,
    winner, reason)``; ``turn`` is None once the game is over.
    """
    rank_of = _RANK
    pos = _positions(table)
    append = log.append
    while flips < stop:
        pile = piles[turn]
        card = pile.popleft()
        flips += 1
        rank = rank_of[card]
        if jack_sweep and rank == _JACK and table:
            took = table[:]
            took.append(card)
            table.clear()
            pos = [_ABSENT] * 13
        else:
            at = pos[rank]
            if at == _ABSENT:
                pos[rank] = len(table)
                table.append(card)
                append((card, None))
                if not pile:
                    return None, flips, 1 - turn, "empty-pile"
                if flips == limit:
                    return None, flips, *_by_count(piles)
                turn = 1 - turn
                continue
            took = table[at:]
            del table[at:]
            for taken in took:
                pos[rank_of[taken]] = _ABSENT
            took.append(card)
        pile.extend(took)
        append((card, took))
        if flips == limit:
            return None, flips, *_by_count(piles)
        if not capture_again:
            turn = 1 - turn
    return turn, flips, None, None


def _by_count(piles: tuple[deque[str], deque[str]]) -> tuple[int | None, str]:
    """The flip-limit verdict: the larger pile wins, equal piles draw."""
    n0, n1 = len(piles[0]), len(piles[1])
    return (0 if n0 > n1 else 1 if n1 > n0 else None), "flip-limit"


def _entries(
    log: list[tuple[str, list[str] | None]],
    seat: int,
    flips: int,
    counts: list[int],
    jack_sweep: bool,
    capture_again: bool,
) -> list[Entry]:
    """The log entries of the flips in ``log``, the first made by ``seat`` as flip ``flips + 1``.

    ``counts`` are the pile sizes before the first of them.
    """
    n = [counts[0], counts[1]]
    entries = []
    for card, took in log:
        flips += 1
        if took is None:
            n[seat] -= 1
            entries.append(
                {
                    "flip": flips,
                    "seat": seat,
                    "card": card,
                    "took": [],
                    "jack_sweep": False,
                    "matched": None,
                    "piles": [n[0], n[1]],
                }
            )
            seat = 1 - seat
            continue
        n[seat] += len(took) - 1
        # A Jack can only fish (rather than sweep) when sweeping is off: with
        # sweeping on, a Jack on a non-empty table always sweeps.
        sweep = jack_sweep and _RANK[card] == _JACK
        entries.append(
            {
                "flip": flips,
                "seat": seat,
                "card": card,
                "took": took,
                "jack_sweep": sweep,
                "matched": None if sweep else took[0],
                "piles": [n[0], n[1]],
            }
        )
        if not capture_again:
            seat = 1 - seat
    return entries


# --- validation ---------------------------------------------------------------


def _is_int(value: Any) -> bool:
    return type(value) is int


def _check_setup(setup: Any) -> Setup:
    """The canonical form of a setup or record header; BadRecord when it is not valid."""
    if not isinstance(setup, dict):
        raise BadRecord("a Kitten Fishing record must be an object")
    unknown = sorted(set(setup) - SETUP_KEYS, key=str)
    if unknown:
        raise BadRecord(f"unknown field: {unknown[0]}")
    if setup.get("game") != NAME:
        raise BadRecord(f"game must be {NAME!r}")
    piles = setup.get("piles")
    if not isinstance(piles, list) or len(piles) != SEATS:
        raise BadRecord("piles must be a list of two piles")
    canonical: list[list[str]] = []
    for seat, pile in enumerate(piles):
        if not isinstance(pile, list) or len(pile) != PILE_SIZE:
            raise BadRecord(f"pile {seat} must be a list of {PILE_SIZE} cards")
        try:
            cards = [parse_card(text) for text in pile]
        except CardError as error:
            raise BadRecord(f"pile {seat}: not a card: {error.text!r}") from None
        canonical.append(cards)
    everything = canonical[0] + canonical[1]
    strangers = [card for card in everything if card not in _DECK_SET]
    if strangers:
        raise BadRecord(f"not a card of the standard deck: {strangers[0]}")
    if len(set(everything)) != len(DECK):
        raise BadRecord("the piles must hold each of the 52 cards exactly once")
    first = setup.get("first")
    if not _is_int(first) or first not in (0, 1):
        raise BadRecord("first must be 0 or 1")
    flip_limit = setup.get("flip_limit", DEFAULT_FLIP_LIMIT)
    if not _is_int(flip_limit) or flip_limit < 1:
        raise BadRecord("flip_limit must be a positive integer")
    options = resolve(OPTIONS, setup.get("options"))
    result: Setup = {"game": NAME, "piles": canonical, "first": first, "flip_limit": flip_limit}
    given = non_default(OPTIONS, options)
    if given:
        result["options"] = given
    return result


def _check_action(action: Any) -> str:
    """The type of a well-formed action; IllegalAction("bad-action") otherwise."""
    if not isinstance(action, dict):
        raise IllegalAction("bad-action", "An action must be an object.")
    kind = action.get("type")
    if kind not in ("flip", "finish"):
        raise IllegalAction("bad-action", "The action must be a flip or finish.")
    if len(action) != 1:
        raise IllegalAction("bad-action", f"A {kind} action has no other fields.")
    return kind


class KittenFishing(Rules):
    """Kitten Fishing for seat 0 (you) and seat 1 (Kitty)."""

    name = NAME
    min_seats = SEATS
    max_seats = SEATS
    options = OPTIONS

    # --- starting -------------------------------------------------------------
    def random_setup(
        self,
        seats: int,
        rng: random.Random,
        options: dict[str, Any] | None = None,
        *,
        first: int = 0,
        flip_limit: int = DEFAULT_FLIP_LIMIT,
    ) -> Setup:
        """A shuffled deck dealt alternately, 26 cards each.

        ``first`` is a parameter, not drawn: the site alternates it from game
        to game (seat 0 starts the very first game).
        """
        if seats != SEATS:
            raise BadRecord("Kitten Fishing is played by exactly two players")
        deck = shuffled(DECK, rng)
        setup: Setup = {
            "game": NAME,
            "piles": [deck[0::2], deck[1::2]],
            "first": first,
            "flip_limit": flip_limit,
        }
        if options:
            setup["options"] = dict(options)
        return _check_setup(setup)

    def start(self, setup: Setup) -> State:
        setup = _check_setup(setup)
        options = self.resolve_options(setup)
        return {
            "game": NAME,
            "setup": setup,
            "options": options,
            "piles": [list(setup["piles"][0]), list(setup["piles"][1])],
            "table": [],
            "turn": setup["first"],
            "first": setup["first"],
            "flips": 0,
            "flip_limit": setup["flip_limit"],
            "last": None,
            "result": {"winner": None, "reason": None, "flips": 0, "piles": [PILE_SIZE] * 2},
        }

    # --- playing --------------------------------------------------------------
    def turn(self, state: State) -> int | None:
        return state["turn"]

    def is_over(self, state: State) -> bool:
        return state["turn"] is None

    def action_space(self, state: State, seat: int) -> dict[str, Any]:
        if self.is_over(state) or not _is_int(seat) or seat not in (0, 1):
            return {}
        if state["turn"] == seat:
            return {"flip": True, "finish": True}
        return {"finish": True}

    def legal_actions(self, state: State, seat: int) -> Iterator[Action]:
        space = self.action_space(state, seat)
        if "flip" in space:
            yield {"type": "flip"}
        if "finish" in space:
            yield {"type": "finish"}

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Entry]]:
        kind = _check_action(action)
        if not _is_int(seat) or seat not in (0, 1):
            raise IllegalAction("bad-seat", "Kitten Fishing has seats 0 and 1 only.")
        if kind == "flip":
            self.require_turn(state, seat)
            return self._advance(state, state["flips"] + 1)
        if self.is_over(state):
            raise IllegalAction("game-over", "The game is over.")
        return self._advance(state, state["flip_limit"])

    def play_out(self, state: State) -> tuple[State, list[Entry]]:
        """Flip to the end: the same as ``finish``, for callers acting for nobody."""
        if self.is_over(state):
            return state, []
        return self._advance(state, state["flip_limit"])

    def _advance(self, state: State, stop: int) -> tuple[State, list[Entry]]:
        """Flip until flip number ``stop`` or the end; a fresh state and one entry per flip."""
        options = state["options"]
        jack_sweep, capture_again = options["jack_sweep"], options["capture_again"]
        piles = (deque(state["piles"][0]), deque(state["piles"][1]))
        table = list(state["table"])
        counts = [len(piles[0]), len(piles[1])]
        seat, flips = state["turn"], state["flips"]
        log: list[tuple[str, list[str] | None]] = []
        turn, flips, winner, reason = _run(
            piles,
            table,
            seat,
            flips,
            stop,
            state["flip_limit"],
            jack_sweep,
            capture_again,
            log,
        )
        entries = _entries(log, seat, state["flips"], counts, jack_sweep, capture_again)
        sizes = [len(piles[0]), len(piles[1])]
        new = dict(state)
        new["setup"] = _copy_setup(state["setup"])
        new["options"] = dict(options)
        new["piles"] = [list(piles[0]), list(piles[1])]
        new["table"] = table
        new["turn"] = turn
        new["flips"] = flips
        new["last"] = _copy_entry(entries[-1]) if entries else state["last"]
        new["result"] = {"winner": winner, "reason": reason, "flips": flips, "piles": sizes}
        return new, entries

    # --- seeing ---------------------------------------------------------------
    def redact(self, entry: Entry, viewer: int | None) -> Entry:
        # Every flip is face up: the whole entry is public.
        return _copy_entry(entry)

    def view(self, state: State, viewer: int | None) -> dict[str, Any]:
        last = state["last"]
        return {
            "game": NAME,
            "viewer": viewer,
            "turn": state["turn"],
            "over": self.is_over(state),
            "result": self.result(state),
            "actions": {} if viewer is None else self.action_space(state, viewer),
            # Counts only: nobody sees the order of a pile, not even their own.
            "piles": [len(state["piles"][0]), len(state["piles"][1])],
            "table": list(state["table"]),
            "flips": state["flips"],
            "flip_limit": state["flip_limit"],
            "first": state["first"],
            "last": None if last is None else self.redact(last, viewer),
            "options": dict(state["options"]),
        }

    def result(self, state: State) -> dict[str, Any]:
        result = state["result"]
        return {
            "winner": result["winner"],
            "reason": result["reason"],
            "flips": result["flips"],
            "piles": list(result["piles"]),
        }

    def winners(self, state: State) -> list[int]:
        winner = state["result"]["winner"]
        return [] if winner is None else [winner]

    # --- records --------------------------------------------------------------
    def to_record(self, setup: Setup, moves: list[tuple[int, Action]]) -> dict[str, Any]:
        # The flips are implied by the deal, so the record is its header alone.
        return _check_setup(setup)

    def from_record(self, record: dict[str, Any]) -> tuple[Setup, list[RecordMove]]:
        # The record lists no moves: the deal decides everything, so replaying
        # it means flipping to the end.
        return _check_setup(record), [(None, {"type": "finish"})]

    def is_record_move(self, action: Action) -> bool:
        return False


def _copy_setup(setup: Setup) -> Setup:
    copy = dict(setup)
    copy["piles"] = [list(setup["piles"][0]), list(setup["piles"][1])]
    if "options" in setup:
        copy["options"] = dict(setup["options"])
    return copy


def _copy_entry(entry: Entry) -> Entry:
    copy = dict(entry)
    copy["took"] = list(entry["took"])
    copy["piles"] = list(entry["piles"])
    return copy


def follow(setup: Setup, games_started: int) -> Setup:
    """You flip first in a room's very first game, Kitty in the next, and so on."""
    return {**setup, "first": games_started % SEATS}


SPEC = GameSpec(
    name=NAME,
    title="Kitten Fishing",
    rules=KittenFishing(),
    seats=Seats(SEATS, SEATS, default=SEATS),
    computer=Computer(levels=("kitty",), name="Kitty"),
    solo=True,
    follow=follow,
    knobs=(Knob("flip_limit", DEFAULT_FLIP_LIMIT),),
)
