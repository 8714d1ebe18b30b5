"""A guest's statistics, computed from their finished matches."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from django.db.models import Q, QuerySet

from games.registry import all_specs
from rooms.models import Outcome, PlayerResult


@dataclass
class Record:
    played: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    # Consecutive wins up to the latest game, and the longest run ever.
    current_streak: int = 0
    best_streak: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.played if self.played else 0.0

    def add(self, outcome: str) -> None:
        self.played += 1
        if outcome == Outcome.WIN:
            self.wins += 1
            self.current_streak += 1
            self.best_streak = max(self.best_streak, self.current_streak)
            return
        self.current_streak = 0
        if outcome == Outcome.LOSS:
            self.losses += 1
        else:
            self.draws += 1

    def as_dict(self) -> dict[str, Any]:
        return {**asdict(self), "win_rate": round(self.win_rate, 4)}


def counted_results(guest_id: int) -> QuerySet[PlayerResult]:
    """The guest's results that count: a game with a test's knob set (a lowered
    flip limit) is over too soon to say anything about the player."""
    return PlayerResult.objects.filter(site_knobs(), guest_id=guest_id)


def site_knobs() -> Q:
    """Every game's knobs (see games.spec.Knob) absent or at the site's value."""
    condition = Q()
    for spec in all_specs():
        for knob in spec.knobs:
            lookup = f"match__setup__{knob.name}"
            condition &= Q(**{f"{lookup}__isnull": True}) | Q(**{lookup: knob.default})
    return condition


def records_of(guest_id: int, game: str) -> dict[str, Record]:
    """Per level where the player chose the computer's (see GameSpec.level_is_chosen),
    else under ""."""
    records: dict[str, Record] = {}
    results = counted_results(guest_id).filter(game=game).order_by("finished_at")
    for level, outcome in results.values_list("level", "outcome"):
        records.setdefault(level, Record()).add(outcome)
    return records


def summary(guest_id: int) -> dict[str, dict[str, dict[str, Any]]]:
    """Every game the guest played: {game: {level: record}}."""
    games = counted_results(guest_id).values_list("game", flat=True)
    return {
        game: {level: record.as_dict() for level, record in records_of(guest_id, game).items()}
        for game in sorted(set(games))
    }
