"""The tournament's report: sections of matchups, their win rates and the tables.

Every game's tournament module builds ``Section``s of ``Matchup``s and hands
them here to be printed (``render``) or dumped (``report``). A ``Matchup``
counts whole games from the side of the bot named first in its label: ``wins``,
``losses``, ``draws`` and ``unfinished`` (stopped at the move cap), with
``extra`` for figures of its own (printed under the table, kept in the JSON).
The win rate is ``wins / games`` with a 95% Wilson interval (``wilson``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass
class Matchup:
    """Whole games from the side of the bot named first in ``label``."""

    label: str
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    unfinished: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    def record(self, outcome: str) -> None:
        self.games += 1
        if outcome == "win":
            self.wins += 1
        elif outcome == "loss":
            self.losses += 1
        elif outcome == "draw":
            self.draws += 1
        else:
            self.unfinished += 1

    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass
class Section:
    """One table of the report."""

    title: str
    matchups: list[Matchup] = field(default_factory=list)
    timings: dict[str, list[float]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


SectionBuilder = Callable[[int, int], list[Section]]


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) for a rate of successes."""
    if trials == 0:
        return (0.0, 1.0)
    rate = successes / trials
    denominator = 1 + z * z / trials
    centre = (rate + z * z / (2 * trials)) / denominator
    margin = z * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials * trials))
    return (max(0.0, centre - margin / denominator), min(1.0, centre + margin / denominator))


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile of ``values`` (0 when there are none)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(share * len(ordered)))
    return ordered[rank - 1]


def report(sections: list[Section], games: int, seed: int) -> dict[str, Any]:
    """The JSON report: every figure of every section."""
    return {
        "games": games,
        "seed": seed,
        "sections": [
            {
                "title": section.title,
                "matchups": [_matchup_json(matchup) for matchup in section.matchups],
                "timings": {
                    bot: _timing_json(times) for bot, times in section.timings.items() if times
                },
                "notes": section.notes,
            }
            for section in sections
        ],
    }


def _matchup_json(matchup: Matchup) -> dict[str, Any]:
    low, high = wilson(matchup.wins, matchup.games)
    return {**asdict(matchup), "win_rate": matchup.rate(), "interval_95": [low, high]}


def _timing_json(times: list[float]) -> dict[str, Any]:
    return {
        "decisions": len(times),
        "p50_ms": percentile(times, 0.50) * 1000,
        "p99_ms": percentile(times, 0.99) * 1000,
        "max_ms": max(times) * 1000,
    }


def render(sections: list[Section]) -> str:
    """The report as plain-text tables."""
    lines: list[str] = []
    for section in sections:
        lines += [f"## {section.title}", ""]
        lines += _matchup_table(section.matchups)
        for matchup in section.matchups:
            for name, value in matchup.extra.items():
                lines.append(f"    {matchup.label}: {name}: {value}")
        lines.append("")
        lines += _timing_table(section.timings)
        lines += [*section.notes, ""]
    return "\n".join(lines).rstrip() + "\n"


def _matchup_table(matchups: list[Matchup]) -> list[str]:
    width = max([len("matchup"), *(len(m.label) for m in matchups)])
    rows = [
        f"{'matchup':<{width}}  games   wins  losses  draws  unfinished  win rate  95% interval"
    ]
    for m in matchups:
        low, high = wilson(m.wins, m.games)
        rows.append(
            f"{m.label:<{width}}  {m.games:>5}  {m.wins:>5}  {m.losses:>6}  {m.draws:>5}"
            f"  {m.unfinished:>10}  {m.rate():>7.1%}  {low:.1%} - {high:.1%}"
        )
    return rows


def _timing_table(timings: dict[str, list[float]]) -> list[str]:
    used = {bot: times for bot, times in timings.items() if times}
    if not used:
        return []
    width = max([len("decision time (CPU)"), *(len(bot) for bot in used)])
    rows = [f"{'decision time (CPU)':<{width}}  decisions       p50       p99       max"]
    for bot, times in used.items():
        figures = _timing_json(times)
        rows.append(
            f"{bot:<{width}}  {figures['decisions']:>9}  {figures['p50_ms']:>5.2f} ms"
            f"  {figures['p99_ms']:>5.2f} ms  {figures['max_ms']:>5.2f} ms"
        )
    return [*rows, ""]
