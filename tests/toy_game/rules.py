"""The pile: two players take turns taking one or two counters from a pile of
seven; whoever takes the last counter wins.

Each player also holds a secret word, dealt at the start and shown to nobody
else until the game is over, so the per-seat views have something to hide.
The game is registered (``register``) only by the tests that play it: the site
knows it through its spec alone, as it knows the real games.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from games.base import Action, Entry, RecordMove, Rules, Setup, State
from games.errors import BadRecord, IllegalAction
from games.spec import Computer, GameSpec, Seats

NAME = "toy-pile"
SEATS = 2
PILE = 7
TAKES = (1, 2)


def _checked_setup(setup: Any) -> Setup:
    if not isinstance(setup, dict) or setup.get("game") != NAME:
        raise BadRecord("not a setup of the pile")
    secrets = setup.get("secrets")
    if not isinstance(secrets, list) or len(secrets) != SEATS:
        raise BadRecord("secrets must be one word per seat")
    if not all(isinstance(secret, str) and secret for secret in secrets):
        raise BadRecord("a secret is a word")
    return {"game": NAME, "secrets": list(secrets)}


class Pile(Rules):
    name = NAME
    min_seats = SEATS
    max_seats = SEATS

    def random_setup(
        self, seats: int, rng: random.Random, options: dict[str, Any] | None = None
    ) -> Setup:
        if seats != SEATS:
            raise BadRecord("the pile is for two players")
        return {
            "game": NAME,
            "secrets": [f"secret{rng.randrange(10**9):09d}" for _ in range(SEATS)],
        }

    def start(self, setup: Setup) -> State:
        setup = _checked_setup(setup)
        return {"game": NAME, "setup": setup, "pile": PILE, "turn": 0, "log": [], "winner": None}

    def turn(self, state: State) -> int | None:
        return None if self.is_over(state) else state["turn"]

    def action_space(self, state: State, seat: int) -> dict[str, Any]:
        if self.turn(state) != seat:
            return {}
        return {"take": [count for count in TAKES if count <= state["pile"]]}

    def legal_actions(self, state: State, seat: int) -> Iterator[Action]:
        for count in self.action_space(state, seat).get("take", []):
            yield {"type": "take", "count": count}

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Entry]]:
        self.require_turn(state, seat)
        # type(), not isinstance: True would pass for 1.
        well_formed = action.keys() == {"type", "count"} and action["type"] == "take"
        if not well_formed or type(action["count"]) is not int:
            raise IllegalAction("bad-action", "Take one or two counters.")
        if action["count"] not in self.action_space(state, seat)["take"]:
            raise IllegalAction("bad-count", "Take one or two counters, no more than are left.")
        pile = state["pile"] - action["count"]
        entry = {"seat": seat, "took": action["count"], "pile": pile}
        new = {
            **state,
            "pile": pile,
            "turn": 1 - seat,
            "log": [*state["log"], entry],
            "winner": seat if pile == 0 else None,
        }
        return new, [dict(entry)]

    def redact(self, entry: Entry, viewer: int | None) -> Entry:
        return dict(entry)  # every take is public

    def view(self, state: State, viewer: int | None) -> dict[str, Any]:
        secrets = state["setup"]["secrets"]
        return {
            "pile": state["pile"],
            "turn": self.turn(state),
            "secret": None if viewer is None else secrets[viewer],
            "actions": {} if viewer is None else self.action_space(state, viewer),
            "log": [self.redact(entry, viewer) for entry in state["log"]],
            "result": self.result(state),
        }

    def result(self, state: State) -> dict[str, Any]:
        over = self.is_over(state)
        return {"winner": state["winner"], "secrets": state["setup"]["secrets"] if over else None}

    def is_over(self, state: State) -> bool:
        return state["pile"] == 0

    def winners(self, state: State) -> list[int]:
        return [state["winner"]] if self.is_over(state) else []

    def to_record(self, setup: Setup, moves: list[tuple[int, Action]]) -> dict[str, Any]:
        takes = [{"seat": seat, "count": action["count"]} for seat, action in moves]
        return {"version": 1, **_checked_setup(setup), "moves": takes}

    def from_record(self, record: dict[str, Any]) -> tuple[Setup, list[RecordMove]]:
        if record.get("version") != 1 or not isinstance(record.get("moves"), list):
            raise BadRecord("a version-1 record of the pile has a list of moves")
        setup = _checked_setup({"game": record.get("game"), "secrets": record.get("secrets")})
        moves: list[RecordMove] = []
        for move in record["moves"]:
            if not isinstance(move, dict) or move.get("seat") not in range(SEATS):
                raise BadRecord("a move names a seat")
            moves.append((move["seat"], {"type": "take", "count": move.get("count")}))
        return setup, moves


SPEC = GameSpec(
    name=NAME,
    title="The Pile",
    rules=Pile(),
    seats=Seats(SEATS, SEATS, default=SEATS),
    computer=Computer(levels=("random",)),
)
