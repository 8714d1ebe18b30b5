"""Benchmark: random legal Go Fish games per second on one core, for 2, 4 and 6 players.

Each game is a fresh random deal (``random_setup``) played to the end through the
real API: ``legal_actions`` for the seat whose turn it is, a random choice, then
``apply`` (which validates the ask, copies the state and builds the log entry).
The time is split evenly between the player counts.

Run: ``.venv/bin/python -m bench.engine_go_fish [seconds]``
"""

from __future__ import annotations

import json
import platform
import random
import sys
import time
from typing import Any

from games.go_fish import GoFish

PLAYER_COUNTS = (2, 4, 6)


def play_one(rules: GoFish, players: int, rng: random.Random) -> int:
    """Play one random game to the end; the number of asks it took."""
    state = rules.start(rules.random_setup(players, rng))
    asks = 0
    while not rules.is_over(state):
        seat = rules.turn(state)
        action = rng.choice(list(rules.legal_actions(state, seat)))
        state, _ = rules.apply(state, seat, action)
        asks += 1
    return asks


def run(seconds: float = 6.0, seed: int = 2) -> dict[str, Any]:
    """Play random games for about ``seconds`` in all and report the rates."""
    rules = GoFish()
    share = seconds / len(PLAYER_COUNTS)
    by_players: dict[str, Any] = {}
    for players in PLAYER_COUNTS:
        rng = random.Random(seed * 100 + players)
        games = asks = longest = 0
        started = time.perf_counter()
        deadline = started + share
        while True:
            played = play_one(rules, players, rng)
            games += 1
            asks += played
            longest = max(longest, played)
            if time.perf_counter() >= deadline:
                break
        elapsed = time.perf_counter() - started
        by_players[str(players)] = {
            "seconds": round(elapsed, 3),
            "games": games,
            "games_per_second": round(games / elapsed, 1),
            "asks_per_second": round(asks / elapsed),
            "mean_asks_per_game": round(asks / games, 1),
            "longest_game_asks": longest,
        }
    return {
        "benchmark": "engine_go_fish",
        "players": by_players,
        "python": platform.python_version(),
    }


if __name__ == "__main__":
    print(json.dumps(run(float(sys.argv[1]) if len(sys.argv) > 1 else 6.0), indent=2))
