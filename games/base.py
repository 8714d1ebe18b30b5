"""The interface every game implements.

A game is a set of pure functions over a plain-JSON state (boardgame.io style):
nothing here does I/O, and nothing ever mutates a state it was given.

Vocabulary
- *setup*: how a game starts, as plain JSON. It is the record's header (the
  record without its moves), optionally with ``options`` (house rules) and,
  for games that deal again later, a ``seed``.
- *action*: what a seat does, e.g. ``{"type": "ask", "target": 3, "card": "KH"}``.
  The seat is passed separately, never trusted from the action.
- *entry*: the log entry an action produced, with full information (the
  referee prints these). ``redact`` makes the version a given viewer may see.
- *view*: what one seat (or a spectator, ``viewer=None``) may see of a state.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterator
from typing import Any, ClassVar

from games.errors import IllegalAction
from games.options import Option, resolve

State = dict[str, Any]
Action = dict[str, Any]
Entry = dict[str, Any]
Setup = dict[str, Any]
# A move read from a record: the seat that made it (None when the rules decide
# who, as in Card Fishing) and the action.
RecordMove = tuple[int | None, Action]


class Rules(ABC):
    """The rules of one game. Instances hold no state and are shared."""

    name: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    # House rules this game offers; see games.options.
    options: ClassVar[dict[str, Option]] = {}

    # --- starting ---------------------------------------------------------
    @abstractmethod
    def random_setup(
        self, seats: int, rng: random.Random, options: dict[str, Any] | None = None
    ) -> Setup:
        """A shuffled setup for ``seats`` players, drawn from ``rng``."""

    @abstractmethod
    def start(self, setup: Setup) -> State:
        """The initial state for ``setup``. Raises BadRecord if it is invalid."""

    # --- playing ------------------------------------------------------------
    @abstractmethod
    def turn(self, state: State) -> int | None:
        """The seat the game is waiting for, or None when it is over."""

    @abstractmethod
    def action_space(self, state: State, seat: int) -> dict[str, Any]:
        """A compact, JSON description of what ``seat`` may do now.

        This is what a client needs to offer exactly the legal choices.
        An empty dict means the seat can do nothing now.
        """

    @abstractmethod
    def legal_actions(self, state: State, seat: int) -> Iterator[Action]:
        """Every legal action of ``seat``, one by one."""

    @abstractmethod
    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Entry]]:
        """Validate and apply ``action`` by ``seat``.

        Returns the new state and the entries the action produced (usually
        one). Raises IllegalAction, with the input state untouched, when the
        action is not legal.
        """

    @abstractmethod
    def redact(self, entry: Entry, viewer: int | None) -> Entry:
        """The part of ``entry`` that ``viewer`` (None: a spectator) may see."""

    @abstractmethod
    def view(self, state: State, viewer: int | None) -> dict[str, Any]:
        """Everything ``viewer`` may see, and nothing more."""

    @abstractmethod
    def result(self, state: State) -> dict[str, Any]:
        """The result (or the standing, while the game goes on)."""

    @abstractmethod
    def is_over(self, state: State) -> bool:
        """True once the game has ended."""

    @abstractmethod
    def winners(self, state: State) -> list[int]:
        """The seats that won a finished game (a whole team, or all who tie
        for first); empty for a draw or while the game goes on."""

    def outcomes(self, state: State, seats: int) -> list[str]:
        """``"win"``, ``"loss"`` or ``"draw"`` for each seat of a finished game."""
        won = set(self.winners(state))
        if not won:
            return ["draw"] * seats
        return ["win" if seat in won else "loss" for seat in range(seats)]

    # --- records ------------------------------------------------------------
    @abstractmethod
    def to_record(self, setup: Setup, moves: list[tuple[int, Action]]) -> dict[str, Any]:
        """The version-1 game record of a game started from ``setup``."""

    @abstractmethod
    def from_record(self, record: dict[str, Any]) -> tuple[Setup, list[RecordMove]]:
        """The setup and the moves of a record. Raises BadRecord."""

    def record_log(self, entries: list[Entry]) -> list[Entry]:
        """The referee's log: the entries that stand for record moves."""
        return entries

    def is_record_move(self, action: Action) -> bool:
        """False for actions a record implies rather than lists (a new round's deal)."""
        return True

    def history(self, state: State, viewer: int | None) -> list[Entry]:
        """The whole public log as ``viewer`` saw it happen: what a computer
        player at that seat may remember, whatever the view shows."""
        return [self.redact(entry, viewer) for entry in state.get("log", [])]

    # --- helpers shared by every game ---------------------------------------
    def resolve_options(self, setup: Setup) -> dict[str, Any]:
        """Every option of this game for ``setup``, defaults filled in."""
        return resolve(self.options, setup.get("options"))

    def require_turn(self, state: State, seat: int) -> None:
        if self.is_over(state):
            raise IllegalAction("game-over", "The game is over.")
        if self.turn(state) != seat:
            raise IllegalAction("not-your-turn", "It is not your turn.")
