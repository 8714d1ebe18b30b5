"""The games by name, so callers never import a game module directly.

The four games of the site are registered here; ``register`` adds another
(the tests' toy game) through the same spec, and ``unregister`` takes it away.
"""

from __future__ import annotations

from games import card_fishing, fish, go_fish, kitten_fishing
from games.base import Rules
from games.errors import BadRecord
from games.spec import GameSpec

# The multiplayer games first: the order the site lists them in.
SPECS: dict[str, GameSpec] = {
    spec.name: spec for spec in (fish.SPEC, go_fish.SPEC, kitten_fishing.SPEC, card_fishing.SPEC)
}
RULES: dict[str, Rules] = {name: spec.rules for name, spec in SPECS.items()}


def register(spec: GameSpec) -> None:
    if spec.name in SPECS:
        raise ValueError(f"a game called {spec.name!r} is already registered")
    SPECS[spec.name] = spec
    RULES[spec.name] = spec.rules


def unregister(name: str) -> None:
    del SPECS[name]
    del RULES[name]


def find_spec(name: str) -> GameSpec | None:
    """The spec of the game called ``name``, None if there is none."""
    return SPECS.get(name) if isinstance(name, str) else None


def get_spec(name: str) -> GameSpec:
    """The spec of the game called ``name``; BadRecord if there is none."""
    spec = find_spec(name)
    if spec is None:
        raise BadRecord(f"unknown game: {name!r}")
    return spec


def get_rules(name: str) -> Rules:
    """The rules of the game called ``name``; BadRecord if there is none."""
    # On every action's path: one dictionary lookup.
    try:
        return RULES[name]
    except (KeyError, TypeError):
        raise BadRecord(f"unknown game: {name!r}") from None


def all_specs() -> list[GameSpec]:
    return list(SPECS.values())
