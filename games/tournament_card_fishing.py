"""Card Fishing tournament: each level of the Bot against the level below it.

Three matchups (Normal vs Easy, Hard vs Normal, Crazy vs Hard), each over
``matches`` matches to 16 from seeded setups. Matches come in pairs dealt from
the same seed with the seats swapped, so each level sits in each seat, and
deals first, equally often, and neither gets the luckier cards. Each matchup
counts the stronger level's wins, with a 95% Wilson interval; each level's
decision times are the CPU time of one policy call (one core's work,
whatever else the machine runs).

``card_fishing_sections(matches, seed)`` builds the report's section
(``games.tournament_report``) for ``python -m games.tournament --only
card-fishing``. Run on its own:

    python -m games.tournament_card_fishing [--matches N] [--seed S] [--workers W] [--json]

``--workers`` spreads the matches over processes (each still times its own
decisions); the exit status is 1 if some level's interval is not clear of 50%.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from games.bots import seat_view
from games.bots.card_fishing import CARD_FISHING_POLICIES
from games.card_fishing import CardFishing
from games.tournament_report import Matchup, Section, render, report, wilson

GAME = "card-fishing"
RULES = CardFishing()
# (stronger, weaker): each level against the one below it.
MATCHUPS: tuple[tuple[str, str], ...] = (("normal", "easy"), ("hard", "normal"), ("crazy", "hard"))
# Matches handed to a worker at a time (whole pairs of seatings).
_BATCH_PAIRS = 25

# What one batch of matches came to: the stronger level's wins, rounds played,
# and decision times (CPU seconds) by level.
BatchResult = tuple[int, int, dict[str, list[float]]]


def setup_for(seed: int, pair: int) -> dict[str, Any]:
    """The setup both matches of ``pair`` are dealt from (seat 1 deals first, as on the site)."""
    return {"first_dealer": 1, "seed": random.Random(f"card-fishing:{seed}:{pair}").getrandbits(63)}


def play_match(
    seats: tuple[str, str], setup: dict[str, Any], match_seed: str
) -> tuple[int, int, list[tuple[int, float]]]:
    """One match between two levels: the winning seat, the rounds played, and
    (seat, CPU seconds) for every decision. Each policy is handed its seat's view alone."""
    state = RULES.start(setup)
    times: list[tuple[int, float]] = []
    moves = 0
    while not RULES.is_over(state):
        seat = RULES.turn(state)
        assert seat is not None
        view = seat_view(RULES, state, seat)
        # Seeded like the server seeds a bot's move: the match, the move, the seat.
        rng = random.Random(f"{match_seed}:{moves}:{seat}")
        policy = CARD_FISHING_POLICIES[GAME, seats[seat]]
        started = time.process_time()
        action = policy(view, rng)
        times.append((seat, time.process_time() - started))
        state, _ = RULES.apply(state, seat, action)
        moves += 1
    return RULES.winners(state)[0], len(state["rounds"]), times


def _play_batch(job: tuple[str, str, int, list[int]]) -> BatchResult:
    stronger, weaker, seed, indices = job
    wins = 0
    rounds = 0
    times: dict[str, list[float]] = {stronger: [], weaker: []}
    for index in indices:
        # The stronger level sits in seat 0 for even matches, seat 1 for odd.
        seats = (stronger, weaker) if index % 2 == 0 else (weaker, stronger)
        match_seed = f"card-fishing:{seed}:{stronger}-{weaker}:{index}"
        winner, played, decisions = play_match(seats, setup_for(seed, index // 2), match_seed)
        wins += seats[winner] == stronger
        rounds += played
        for seat, seconds in decisions:
            times[seats[seat]].append(seconds)
    return wins, rounds, times


def _jobs(
    stronger: str, weaker: str, matches: int, seed: int
) -> list[tuple[str, str, int, list[int]]]:
    step = 2 * _BATCH_PAIRS
    return [
        (stronger, weaker, seed, list(range(start, min(start + step, matches))))
        for start in range(0, matches, step)
    ]


def run_matchup(
    stronger: str,
    weaker: str,
    matches: int,
    seed: int,
    timings: dict[str, list[float]],
    workers: int = 1,
) -> Matchup:
    """``matches`` matches of ``stronger`` against ``weaker``; adds the decision
    times to ``timings`` (keyed ``card-fishing/<level>``)."""
    jobs = _jobs(stronger, weaker, matches, seed)
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            results = list(pool.map(_play_batch, jobs))
    else:
        results = [_play_batch(job) for job in jobs]
    wins = sum(result[0] for result in results)
    rounds = sum(result[1] for result in results)
    for level in (stronger, weaker):
        bucket = timings.setdefault(f"{GAME}/{level}", [])
        for result in results:
            bucket.extend(result[2][level])
    low, _high = wilson(wins, matches)
    return Matchup(
        label=f"{stronger} vs {weaker}",
        games=matches,
        wins=wins,
        losses=matches - wins,
        extra={
            "rounds per match": round(rounds / max(1, matches), 2),
            "interval clear of 50%": low > 0.5,
        },
    )


def card_fishing_sections(matches: int, seed: int, workers: int = 1) -> list[Section]:
    """The Card Fishing section: every level against the one below, ``matches`` each."""
    section = Section(
        title=f"Card Fishing, each level against the one below "
        f"({matches} matches to 16 per matchup, seed {seed})"
    )
    for stronger, weaker in MATCHUPS:
        section.matchups.append(
            run_matchup(stronger, weaker, matches, seed, section.timings, workers)
        )
    section.notes.append(
        "Pairs of matches share a deal with the seats swapped: each level sits in each "
        "seat, and deals first, in half the matches. Win rate: the first-named level's."
    )
    return [section]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.tournament_card_fishing")
    parser.add_argument("--matches", type=int, default=1000, help="matches per matchup")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1, help="processes to spread over")
    parser.add_argument("--json", action="store_true", help="print a JSON report instead")
    args = parser.parse_args(argv)
    if args.matches < 1:
        parser.error("--matches must be at least 1")
    started = time.perf_counter()
    sections = card_fishing_sections(args.matches, args.seed, args.workers)
    if args.json:
        json.dump(report(sections, args.matches, args.seed), sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(render(sections))
        elapsed = time.perf_counter() - started
        sys.stdout.write(f"\n{elapsed:.0f} s, {args.workers} worker(s)\n")
    clear = all(m.extra["interval clear of 50%"] for s in sections for m in s.matchups)
    return 0 if clear else 1


if __name__ == "__main__":
    sys.exit(main())
