"""Who may see a match's record, and the replay of a finished match step by step."""

from __future__ import annotations

from typing import Any

from games.registry import get_rules
from rooms.models import Match, MatchStatus, Spectator
from rooms.records import match_moves


def took_part(match: Match, guest_id: int | None) -> bool:
    """Played in the match (in any seat, at any time) or watched its room."""
    if guest_id is None:
        return False
    if any(player.get("guest") == guest_id for player in match.players):
        return True
    if match.player_results.filter(guest_id=guest_id).exists():
        return True
    return Spectator.objects.filter(room_id=match.room_id, guest_id=guest_id).exists()


def may_see_record(match: Match, guest_id: int | None, is_staff: bool) -> bool:
    """Staff always; players and spectators once the match is over, never before:
    an unfinished record holds every hand."""
    if is_staff:
        return True
    return match.status == MatchStatus.FINISHED and took_part(match, guest_id)


def replay_steps(match: Match) -> dict[str, Any]:
    """Every state of the match, from the deal to the end, with the entry of each move.

    States carry every hidden card: this is only served for finished matches.
    """
    rules = get_rules(match.game)
    state = rules.start(match.setup)
    steps = [{"state": state, "entries": [], "seat": None, "action": None}]
    for seat, action, _ in match_moves(match.pk):
        state, entries = rules.apply(state, seat, action)
        steps.append({"state": state, "entries": entries, "seat": seat, "action": action})
    return {
        "game": match.game,
        "players": match.players,
        "result": match.result,
        "steps": steps,
    }


def recent_games(guest_id: int, limit: int = 50) -> list[dict[str, Any]]:
    """The guest's finished games, newest first: game, opponents, result, date."""
    matches = (
        Match.objects.filter(player_results__guest_id=guest_id, status=MatchStatus.FINISHED)
        .select_related("room")
        .order_by("-ended_at")
        .distinct()[:limit]
    )
    games = []
    for match in matches:
        mine = match.player_results.filter(guest_id=guest_id).first()
        games.append(
            {
                "id": match.pk,
                "game": match.game,
                "game_name": match.get_game_display(),
                "seat": mine.seat,
                "outcome": mine.outcome,
                "level": mine.level,
                "opponents": [
                    player.get("name") or "?"
                    for seat, player in enumerate(match.players)
                    if seat != mine.seat
                ],
                "ended_at": match.ended_at.isoformat(),
                "moves": match.moves_count,
            }
        )
    return games
