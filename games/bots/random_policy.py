"""The baseline computer player: a uniformly random legal action from the view."""

from __future__ import annotations

import random
from typing import Any

from games.halfsuits import HALFSUITS


def random_action(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    actions = view["actions"]
    if actions.get("flip"):
        return {"type": "flip"}
    if actions.get("next-round"):
        return {"type": "next-round"}
    if "play" in actions:
        return {"type": "play", "card": rng.choice(actions["play"])}
    ask = actions.get("ask")
    if ask and "ranks" in ask:
        return {
            "type": "ask",
            "target": rng.choice(ask["targets"]),
            "rank": rng.choice(ask["ranks"]),
        }
    if ask:
        return {
            "type": "ask",
            "target": rng.choice(ask["targets"]),
            "card": rng.choice(ask["cards"]),
        }
    declare = actions.get("declare")
    if declare:
        halfsuit = rng.choice(declare["halfsuits"])
        teammates = declare["teammates"]
        cards = {card: rng.choice(teammates) for card in HALFSUITS[halfsuit]}
        return {"type": "declare", "halfsuit": halfsuit, "cards": cards}
    raise ValueError("this seat has nothing to do")
