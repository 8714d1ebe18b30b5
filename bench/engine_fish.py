"""Benchmark: random legal Fish games per second on one core, through the real API.

Each game is a fresh ``random_setup`` played to the end with ``action_space`` and
``apply`` only, as a client would: the seat whose turn it is asks a random legal
card of a random opponent; now and then a random seat that may declare makes a
random claim, and a team holding a whole halfsuit sometimes declares it right
(the cheat of a perfect memory, so scores vary). Half of the time also builds
every view (six seats and a spectator) after each move, as the server does when
it pushes a new state to a full table.

Run: ``.venv/bin/python -m bench.engine_fish [seconds]``
"""

from __future__ import annotations

import json
import platform
import random
import sys
import time
from typing import Any

from games.fish import HALFSUITS, Fish

RANDOM_DECLARE = 0.04
RIGHT_DECLARE = 0.3


def _declaration(
    rules: Fish, state: dict[str, Any], rng: random.Random
) -> tuple[int, dict[str, Any]] | None:
    """A random seat's declaration, right when its team holds the whole halfsuit."""
    seats = [seat for seat in range(6) if "declare" in rules.action_space(state, seat)]
    if not seats:
        return None
    seat = rng.choice(seats)
    space = rules.action_space(state, seat)["declare"]
    name = rng.choice(space["halfsuits"])
    holders = {
        card: next((s for s in space["teammates"] if card in state["hands"][s]), None)
        for card in HALFSUITS[name]
    }
    if None in holders.values() or rng.random() >= RIGHT_DECLARE:
        holders = {card: rng.choice(space["teammates"]) for card in HALFSUITS[name]}
    return seat, {"type": "declare", "halfsuit": name, "cards": holders}


def play(rules: Fish, rng: random.Random, views: bool) -> dict[str, Any]:
    """One random game to its end; returns its final state."""
    state = rules.start(rules.random_setup(6, rng))
    while not rules.is_over(state):
        turn = rules.turn(state)
        space = rules.action_space(state, turn)
        move = None
        if "ask" not in space or rng.random() < RANDOM_DECLARE:
            move = _declaration(rules, state, rng)
        if move is None:
            ask = space["ask"]
            move = (
                turn,
                {
                    "type": "ask",
                    "target": rng.choice(ask["targets"]),
                    "card": rng.choice(ask["cards"]),
                },
            )
        state, _ = rules.apply(state, *move)
        if views:
            for viewer in (0, 1, 2, 3, 4, 5, None):
                rules.view(state, viewer)
    return state


def _measure(seconds: float, rng: random.Random, views: bool) -> dict[str, Any]:
    rules = Fish()
    games = moves = declarations = right = 0
    margins: dict[str, int] = {}
    started = time.perf_counter()
    deadline = started + seconds
    while True:
        state = play(rules, rng, views)
        games += 1
        moves += state["moves"]
        declarations += len(state["declared"])
        right += sum(info["correct"] for info in state["declared"].values())
        score = "-".join(str(points) for points in sorted(state["score"], reverse=True))
        margins[score] = margins.get(score, 0) + 1
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - started
    return {
        "seconds": round(elapsed, 3),
        "games": games,
        "games_per_second": round(games / elapsed, 1),
        "moves_per_second": round(moves / elapsed),
        "mean_moves_per_game": round(moves / games, 1),
        "right_declarations": round(right / max(declarations, 1), 3),
        "scores": dict(sorted(margins.items())),
    }


def run(seconds: float = 5.0, seed: int = 3) -> dict[str, Any]:
    """Play random games for about ``seconds`` (half without, half with views)."""
    rng = random.Random(seed)
    return {
        "benchmark": "engine_fish",
        "engine_only": _measure(seconds / 2, rng, views=False),
        "with_seven_views_per_move": _measure(seconds / 2, rng, views=True),
        "python": platform.python_version(),
    }


if __name__ == "__main__":
    print(json.dumps(run(float(sys.argv[1]) if len(sys.argv) > 1 else 5.0), indent=2))
