"""The four games by name, so callers never import a game module directly."""

from __future__ import annotations

from games.base import Rules
from games.card_fishing import CardFishing
from games.errors import BadRecord
from games.fish import Fish
from games.go_fish import GoFish
from games.kitten_fishing import KittenFishing

RULES: dict[str, Rules] = {
    rules.name: rules for rules in (KittenFishing(), CardFishing(), GoFish(), Fish())
}


def get_rules(name: str) -> Rules:
    """The rules of the game called ``name``; BadRecord if there is none."""
    try:
        return RULES[name]
    except (KeyError, TypeError):
        raise BadRecord(f"unknown game: {name!r}") from None
