"""Which cards a viewer must not see right now, computed from the true game state.

A frame leaks if it names any of them. "Secret" means hidden and never shown:
a Fish card in another hand that no ask or declaration ever named; a Go Fish
card in another hand or the pond that was never shown; a Kitten Fishing card
not yet flipped from either pile; a Card Fishing card in the other hand or
the deck.
"""

from __future__ import annotations

import re
from typing import Any

CARD = re.compile(r'"((?:10|[2-9AJQK])[SHDC]|X[RB])"')


def cards_in(text: str) -> set[str]:
    return set(CARD.findall(text))


def secret_cards(state: dict[str, Any], viewer: int | None) -> set[str]:
    return SECRETS[state["game"]](state, viewer)


def others(hands: list[list[str]], viewer: int | None) -> set[str]:
    return {card for seat, hand in enumerate(hands) if seat != viewer for card in hand}


def fish(state: dict[str, Any], viewer: int | None) -> set[str]:
    named = set()
    for entry in state["log"]:
        if entry["type"] == "ask":
            named.add(entry["card"])
        else:
            named |= set(entry["cards"])
    return others(state["hands"], viewer) - named


def go_fish(state: dict[str, Any], viewer: int | None) -> set[str]:
    shown = {entry["drew"] for entry in state["log"] if entry.get("shown")}
    return (others(state["hands"], viewer) | set(state["pond"])) - shown


def unflipped(original: list[str], pile: list[str]) -> set[str]:
    """The cards of the deal still to come up: the original pile's rest, on top."""
    for start in range(len(original) + 1):
        rest = original[start:]
        if pile[: len(rest)] == rest:
            return set(rest)
    return set()


def kitten_fishing(state: dict[str, Any], viewer: int | None) -> set[str]:
    originals = state["setup"]["piles"]
    return unflipped(originals[0], state["piles"][0]) | unflipped(originals[1], state["piles"][1])


def card_fishing(state: dict[str, Any], viewer: int | None) -> set[str]:
    return others(state["hands"], viewer) | set(state["deck"])


SECRETS = {
    "fish": fish,
    "go-fish": go_fish,
    "kitten-fishing": kitten_fishing,
    "card-fishing": card_fishing,
}
