"""Computer players: policies that see exactly what their seat's view shows.

``choose(game, level, view, rng)`` returns one legal action for the seat whose
view it is given. A policy never receives the game state, only the view (with
the seat's public history, see ``seat_view``), so it cannot read hidden cards;
all its randomness comes from ``rng``, so a seeded game replays exactly.

Levels by game (the server uses these names):

- ``fish``: ``strong`` (remembers, counts, declares what is certain) and ``random``;
- ``go-fish``: ``remembering`` (asks where a card is known or likeliest) and ``random``;
- ``card-fishing``: ``easy``, ``normal``, ``hard`` and ``crazy`` (see games.bots.card_fishing);
- any game: ``random``, a uniformly random legal action.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.base import Rules, State
from games.bots.card_fishing import CARD_FISHING_POLICIES
from games.bots.fish_bot import strong_action
from games.bots.go_fish_bot import random_ask, remembering_ask
from games.bots.random_policy import random_action

Policy = Callable[[dict[str, Any], random.Random], dict[str, Any]]

POLICIES: dict[tuple[str, str], Policy] = {
    ("fish", "strong"): strong_action,
    ("fish", "random"): random_action,
    ("go-fish", "remembering"): remembering_ask,
    ("go-fish", "random"): random_ask,
    **CARD_FISHING_POLICIES,
}

__all__ = ["POLICIES", "Policy", "choose", "levels", "random_action", "seat_view"]


def choose(game: str, level: str, view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The action of a computer player of ``level`` at ``game``, from its view alone."""
    policy = POLICIES.get((game, level), random_action)
    return policy(view, rng)


def levels(game: str) -> list[str]:
    """The bot levels registered for ``game``."""
    return [level for (name, level) in POLICIES if name == game]


def seat_view(rules: Rules, state: State, seat: int) -> dict[str, Any]:
    """All a computer player at ``seat`` is given: its view and its public history.

    The server (``rooms.live.matches.bot_action``), the tournament and the tests all
    call this, so bots are measured exactly as they play.
    """
    return {**rules.view(state, seat), "history": rules.history(state, seat)}
