"""Bot tournament: seeded games between computer players, win rates with 95% intervals.

Run ``python -m games.tournament`` (all sections, 1,000 games per matchup, seed 1);
``--games N``, ``--seed S``, ``--only NAME [NAME ...]`` (see ``--list``) and
``--json`` (a machine-readable report instead of the tables).

Every game is dealt from a seed derived from the section, the run's seed and the
game's number, and every decision gets ``random.Random(f"{seed}:{moves}:{seat}")``
like the server's, so any game can be replayed. Bots get what the server gives
them and nothing more: ``games.bots.seat_view`` (their view and public history).

Sections
--------
The report is a list of ``Section``s. A section is one table: a title, its
``Matchup`` rows, decision times per bot, and free lines of notes::

    Section(
        title="Go Fish, 2 players",
        matchups=[Matchup(label="remembering vs random", games=1000, wins=650, losses=350)],
        timings={"go-fish/remembering": [0.0004, ...]},   # seconds per decision
        notes=["..."],
    )

``Matchup``, ``Section``, the Wilson interval and the printed and JSON reports
live in ``games.tournament_report``, which every game's tournament module
imports. Decision times are CPU seconds of one call of the policy
(``time.process_time``, so one core's work whatever else the machine runs);
``timed`` wraps a policy to record them, and ``play_game`` plays one game.

Sections come from builders, functions ``(games, seed) -> list[Section]`` named
in ``section_builders``. Adding a game's sections is one import and one line
there, e.g. for Card Fishing::

    from games.tournament_card_fishing import card_fishing_sections
    ...
    "card-fishing": card_fishing_sections,
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.base import Rules, State
from games.bots import POLICIES, Policy, seat_view
from games.bots.fish_bot import decide as fish_decide
from games.fish import Fish, team_of
from games.go_fish import GoFish
from games.tournament_card_fishing import card_fishing_sections
from games.tournament_report import Matchup, Section, SectionBuilder, render, report

DEFAULT_GAMES = 1000
DEFAULT_SEED = 1
# Fish among bots that never declare can go on for ever; no real game is this long.
MAX_MOVES = 3000


# --- measuring -------------------------------------------------------------------


def timed(policy: Policy, times: list[float]) -> Policy:
    """``policy``, appending the CPU time of each call to ``times``."""

    def run(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        start = time.process_time()
        action = policy(view, rng)
        times.append(time.process_time() - start)
        return action

    return run


def play_game(
    rules: Rules,
    setup: dict[str, Any],
    players: list[Policy],
    seed: str,
    on_move: Callable[[State, int, dict[str, Any], list[dict[str, Any]]], None] | None = None,
    max_moves: int = MAX_MOVES,
) -> tuple[State, bool]:
    """Play ``setup`` to its end with one policy per seat; (final state, finished).

    Each policy sees only ``seat_view``; ``on_move(state_before, seat, action,
    entries)`` is told of every move (for figures a section keeps).
    """
    state = rules.start(setup)
    moves = 0
    while not rules.is_over(state):
        if moves >= max_moves:
            return state, False
        seat = rules.turn(state)
        if seat is None:
            raise RuntimeError(f"{rules.name}: no seat to move in a game that is not over")
        rng = random.Random(f"{seed}:{moves}:{seat}")
        action = players[seat](seat_view(rules, state, seat), rng)
        before = state
        state, entries = rules.apply(state, seat, action)
        moves += 1
        if on_move is not None:
            on_move(before, seat, action, entries)
    return state, True


def _outcome(rules: Rules, state: State, seats: list[int], finished: bool) -> str:
    """The game's outcome for the side playing ``seats``."""
    if not finished:
        return "unfinished"
    won = set(rules.winners(state))
    if not won:
        return "draw"
    if won & set(seats):
        # A tie for first between the sides (Go Fish) is a draw, not a win.
        return "win" if won <= set(seats) else "draw"
    return "loss"


# --- Go Fish -----------------------------------------------------------------------


def go_fish_sections(games: int, seed: int) -> list[Section]:
    section = Section(title=f"Go Fish, 2 players ({games} games per matchup, seed {seed})")
    rules = GoFish()
    for bot, rival in (("remembering", "random"), ("random", "random")):
        matchup = Matchup(label=f"{bot} vs {rival}")
        bot_times = section.timings.setdefault(f"go-fish/{bot}", [])
        rival_times = section.timings.setdefault(f"go-fish/{rival}", [])
        for index in range(games):
            game_seed = f"go-fish:{seed}:{index}"
            setup = rules.random_setup(2, random.Random(game_seed))
            mine = index % 2  # seat 0 asks first: take turns at it
            players = [timed(POLICIES[("go-fish", rival)], rival_times)] * 2
            players[mine] = timed(POLICIES[("go-fish", bot)], bot_times)
            state, finished = play_game(rules, setup, players, game_seed)
            matchup.record(_outcome(rules, state, [mine], finished))
        section.matchups.append(matchup)
    section.notes.append("Two players ask in turn; the measured bot sits first in half the games.")
    return [section]


# --- Fish --------------------------------------------------------------------------


@dataclass
class FishTally:
    """What the strong team's declarations came to, over many games."""

    certain: int = 0
    certain_wrong: int = 0
    unsure: int = 0
    unsure_right: int = 0
    halfsuits_won: int = 0


class StrongFish:
    """The strong Fish policy, remembering how sure it was of its last declaration."""

    def __init__(self, times: list[float]) -> None:
        self.times = times
        self.sure: dict[int, bool] = {}  # seat -> certainty of its declaration now made

    def __call__(self, view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        start = time.process_time()
        decision = fish_decide(view, rng)
        self.times.append(time.process_time() - start)
        if decision.action["type"] == "declare":
            self.sure[view["viewer"]] = decision.certain
        return decision.action


def fish_matchup(
    label: str,
    games: int,
    seed: int,
    options: dict[str, Any] | None,
    timings: dict[str, list[float]],
) -> Matchup:
    """The strong team against the random team, ``games`` times."""
    rules = Fish()
    matchup = Matchup(label=label)
    tally = FishTally()
    strong = StrongFish(timings.setdefault("fish/strong", []))
    rival = timed(POLICIES[("fish", "random")], timings.setdefault("fish/random", []))

    def on_move(before: State, seat: int, action: dict[str, Any], entries: list[Any]) -> None:
        if action["type"] != "declare" or seat not in strong.sure:
            return
        certain, right = strong.sure.pop(seat), entries[0]["correct"]
        if certain:
            tally.certain += 1
            tally.certain_wrong += not right
        else:
            tally.unsure += 1
            tally.unsure_right += right

    for index in range(games):
        game_seed = f"fish:{label}:{seed}:{index}"
        setup = rules.random_setup(6, random.Random(game_seed), options)
        team = index % 2
        players = [strong if team_of(seat) == team else rival for seat in range(6)]
        state, finished = play_game(rules, setup, players, game_seed, on_move)
        strong.sure.clear()
        tally.halfsuits_won += state["score"][team]
        seats = [seat for seat in range(6) if team_of(seat) == team]
        matchup.record(_outcome(rules, state, seats, finished))
    matchup.extra = {
        "halfsuits won per game": round(tally.halfsuits_won / max(1, games), 2),
        "certain declarations": tally.certain,
        "wrong declarations while certain": tally.certain_wrong,
        # Made only when the game forced them: the other team out of cards, or a dead game.
        "uncertain declarations (forced)": tally.unsure,
        "uncertain declarations right": tally.unsure_right,
    }
    return matchup


def fish_sections(games: int, seed: int) -> list[Section]:
    section = Section(title=f"Fish, 3 strong vs 3 random ({games} games per matchup, seed {seed})")
    section.matchups.append(fish_matchup("strong vs random", games, seed, None, section.timings))
    section.notes.append(
        "Five halfsuits win; play goes on to nine. The strong team is team 0 in half the games."
    )
    return [section]


def fish_house_rules_sections(games: int, seed: int) -> list[Section]:
    section = Section(title=f"Fish house rules, strong vs random ({games} games, seed {seed})")
    for label, options in (
        ("strong vs random, no bluffing", {"bluff": False}),
        ("strong vs random, hand sizes hidden", {"hand_sizes": False}),
    ):
        section.matchups.append(fish_matchup(label, games, seed, options, section.timings))
    return [section]


# --- the report --------------------------------------------------------------------------


def section_builders() -> dict[str, SectionBuilder]:
    """Every section by name, in report order. One line per game's builder."""
    return {
        "go-fish": go_fish_sections,
        "fish": fish_sections,
        "fish-house-rules": fish_house_rules_sections,
        "card-fishing": card_fishing_sections,
    }


def run(names: list[str], games: int, seed: int) -> list[Section]:
    builders = section_builders()
    sections: list[Section] = []
    for name in names:
        sections.extend(builders[name](games, seed))
    return sections


def main(argv: list[str] | None = None) -> int:
    builders = section_builders()
    parser = argparse.ArgumentParser(prog="python -m games.tournament", description=__doc__)
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES, help="games per matchup")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="seed of every deal")
    parser.add_argument("--only", nargs="+", choices=list(builders), help="sections to run")
    parser.add_argument("--list", action="store_true", help="list the sections and stop")
    parser.add_argument("--json", action="store_true", help="print a JSON report instead")
    args = parser.parse_args(argv)
    if args.list:
        print("\n".join(builders))
        return 0
    if args.games < 1:
        parser.error("--games must be at least 1")
    sections = run(args.only or list(builders), args.games, args.seed)
    if args.json:
        json.dump(report(sections, args.games, args.seed), sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(render(sections))
    return 0


if __name__ == "__main__":
    sys.exit(main())
