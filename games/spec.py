"""A game's declaration: everything the site needs to know about it, in one place.

Each game module ends with one ``GameSpec`` (boardgame.io's ``Game`` object
plays the same part), and ``games.registry`` collects them. The room layer and
the pages read a game only through its spec, so they never name a game: a new
game is a module here with its spec, plus its table on the page.

The spec holds the facts around the rules; the rules themselves (setup, moves,
the per-seat view and history, the record codec) stay on its ``Rules``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.base import Rules, Setup
from games.options import Option


@dataclass(frozen=True)
class Seats:
    """How many players a game takes; a room's creator picks within the range."""

    minimum: int
    maximum: int
    # A new room's seat count when its creator does not choose.
    default: int

    @property
    def fixed(self) -> bool:
        return self.minimum == self.maximum

    def choices(self) -> range:
        return range(self.minimum, self.maximum + 1)


@dataclass(frozen=True)
class Computer:
    """The computer players a game offers."""

    # In the order a page offers them; the first is a new computer player's level.
    levels: tuple[str, ...]
    # The name a computer player goes by; None: "Computer <seat>".
    name: str | None = None
    # In a solo game, the level the player gets without choosing (None: the first).
    solo_default: str | None = None

    @property
    def default(self) -> str:
        return self.levels[0]


@dataclass(frozen=True)
class Knob:
    """A setup value the site fixes and only tests may change (Kitten Fishing's
    flip limit): a guest who could lower it would win cheap games, so a game
    played with another value never counts in statistics."""

    name: str
    default: int


def unchanged(setup: Setup, games_started: int) -> Setup:
    return setup


@dataclass(frozen=True)
class GameSpec:
    # The slug of URLs, records and the database, e.g. "kitten-fishing".
    name: str
    title: str
    rules: Rules
    seats: Seats
    computer: Computer
    # One player against computer players: seat 0 is the player, the others
    # are the computer's, and the game starts as soon as the room opens.
    solo: bool = False
    # The team of each seat; None: every player plays for themselves.
    teams: Callable[[int], int] | None = None
    # How a room's next game differs from a freshly shuffled one, given how many
    # games the room has started (Kitten Fishing alternates who flips first).
    follow: Callable[[Setup, int], Setup] = unchanged
    knobs: tuple[Knob, ...] = field(default=())

    @property
    def options(self) -> dict[str, Option]:
        """The house-rule schema (see games.options)."""
        return self.rules.options

    @property
    def has_teams(self) -> bool:
        return self.teams is not None

    def team_of(self, seat: int) -> int | None:
        return None if self.teams is None else self.teams(seat)

    @property
    def level_is_chosen(self) -> bool:
        """A solo game whose player picks the computer's level (Card Fishing's
        difficulty); results are then counted per level."""
        return self.solo and len(self.computer.levels) > 1

    @property
    def solo_level(self) -> str:
        return self.computer.solo_default or self.computer.default

    def setup_for(self, setup: Setup, games_started: int, knobs: dict[str, Any]) -> Setup:
        """A room's next setup: ``setup`` (freshly shuffled) as this room's
        ``games_started + 1``-th game, with the knobs a test set."""
        setup = self.follow(setup, games_started)
        for knob in self.knobs:
            if knob.name in knobs:
                setup = {**setup, knob.name: knobs[knob.name]}
        return setup
