"""Computer players: policies that see exactly what their seat's view shows.

``choose(game, level, view, rng)`` returns one legal action for the seat whose
view it is given. A policy never receives the game state, only the view (with
the seat's public history), so it cannot read hidden cards.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.bots.random_policy import random_action

Policy = Callable[[dict[str, Any], random.Random], dict[str, Any]]

POLICIES: dict[tuple[str, str], Policy] = {}


def choose(game: str, level: str, view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The action of a computer player of ``level`` at ``game``, from its view alone."""
    policy = POLICIES.get((game, level), random_action)
    return policy(view, rng)
