"""Benchmark: full random Kitten Fishing games per second on one core.

Each game is a fresh random deal (``random_setup``) played to the end through
``apply(state, seat, {"type": "finish"})`` -- the same fast path the referee and
the "See the result" button use -- log entries included.

Run: ``.venv/bin/python -m bench.engine_kitten_fishing [seconds]``
"""

from __future__ import annotations

import json
import platform
import random
import sys
import time
from typing import Any

from games.kitten_fishing import KittenFishing

FINISH = {"type": "finish"}


def run(seconds: float = 5.0, seed: int = 551) -> dict[str, Any]:
    """Play random games for about ``seconds`` and report the rates."""
    rules = KittenFishing()
    rng = random.Random(seed)
    games = flips = entries = 0
    reasons: dict[str, int] = {}
    longest = 0
    started = time.perf_counter()
    deadline = started + seconds
    while True:
        setup = rules.random_setup(2, rng, first=games % 2)
        state = rules.start(setup)
        state, log = rules.apply(state, setup["first"], FINISH)
        games += 1
        flips += state["flips"]
        entries += len(log)
        longest = max(longest, state["flips"])
        reason = state["result"]["reason"]
        reasons[reason] = reasons.get(reason, 0) + 1
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - started
    return {
        "benchmark": "engine_kitten_fishing",
        "seconds": round(elapsed, 3),
        "games": games,
        "games_per_second": round(games / elapsed, 1),
        "flips_per_second": round(flips / elapsed),
        "mean_flips_per_game": round(flips / games, 1),
        "longest_game_flips": longest,
        "entries": entries,
        "reasons": reasons,
        "python": platform.python_version(),
    }


if __name__ == "__main__":
    print(json.dumps(run(float(sys.argv[1]) if len(sys.argv) > 1 else 5.0), indent=2))
