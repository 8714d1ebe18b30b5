"""Who may see a match's record, and the replay of a finished match step by step."""

from __future__ import annotations

from typing import Any

from games.base import Entry, Rules, State
from games.registry import get_rules
from rooms.live.lobby import team_of_seat
from rooms.models import Match, MatchStatus, Spectator
from rooms.records.records import match_moves


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


def visible_match(match_id: int, guest_id: int | None, is_staff: bool) -> Match | None:
    """The match when this reader may see its record, else None (missing, unfinished
    or someone else's: the caller answers all three alike)."""
    match = Match.objects.filter(pk=match_id).select_related("room").first()
    if match is None or not may_see_record(match, guest_id, is_staff):
        return None
    return match


def replay_steps(match: Match, viewer: int) -> dict[str, Any]:
    """Every state of the match, from the deal to the end, and how ``viewer`` saw
    each one: its view and the move's entries redacted for it, as a room frame
    gives them, so the page draws each step with the game's own table.

    States carry every hidden card: this is only served to those who may see the
    record (``may_see_record``), which holds them all anyway.
    """
    rules = get_rules(match.game)
    state = rules.start(match.setup)
    steps = [replay_step(rules, state, [], viewer)]
    for seat, action, _ in match_moves(match.pk):
        state, entries = rules.apply(state, seat, action)
        steps.append(replay_step(rules, state, entries, viewer))
    return {
        "game": match.game,
        "number": match.number,
        "viewer": viewer,
        "players": [
            {
                "name": player.get("name"),
                "bot": player.get("bot") or "",
                "team": team_of_seat(match.game, index),
            }
            for index, player in enumerate(match.players)
        ],
        "steps": steps,
    }


def replay_step(rules: Rules, state: State, entries: list[Entry], viewer: int) -> dict[str, Any]:
    view = rules.view(state, viewer)
    # A replay is watched, not played: nothing offers a move.
    view["actions"] = {}
    return {
        # The whole state too: the replay's readers may see the record, which
        # holds every card anyway. The page draws only the view.
        "state": state,
        "view": view,
        "events": [rules.redact(entry, viewer) for entry in entries],
    }


def replay_viewer(match: Match, guest_id: int | None, asked: str | None) -> int:
    """The seat whose eyes the replay shows: the one asked for, else the reader's
    own seat in the match, else the first."""
    seats = len(match.players)
    if asked is not None and asked.isdigit() and int(asked) < seats:
        return int(asked)
    mine = match.player_results.filter(guest_id=guest_id).first() if guest_id else None
    return mine.seat if mine is not None and mine.seat < seats else 0


def others_at_the_table(match: Match, seat: int) -> tuple[list[str], list[str]]:
    """The seat's partners (its Fish teammates) and its opponents, by name."""
    team = team_of_seat(match.game, seat)
    partners: list[str] = []
    opponents: list[str] = []
    for index, player in enumerate(match.players):
        if index == seat:
            continue
        name = player.get("name") or "?"
        same_team = team is not None and team_of_seat(match.game, index) == team
        (partners if same_team else opponents).append(name)
    return partners, opponents


def recent_games(guest_id: int, limit: int = 50) -> list[dict[str, Any]]:
    """The guest's finished games, newest first: game, partners, opponents, result, date."""
    matches = (
        Match.objects.filter(player_results__guest_id=guest_id, status=MatchStatus.FINISHED)
        .select_related("room")
        .order_by("-ended_at")
        .distinct()[:limit]
    )
    games = []
    for match in matches:
        mine = match.player_results.filter(guest_id=guest_id).first()
        partners, opponents = others_at_the_table(match, mine.seat)
        games.append(
            {
                "id": match.pk,
                "game": match.game,
                "game_name": match.get_game_display(),
                "seat": mine.seat,
                "outcome": mine.outcome,
                "level": mine.level,
                "teams": team_of_seat(match.game, mine.seat) is not None,
                "partners": partners,
                "opponents": opponents,
                "ended_at": match.ended_at.isoformat(),
                # Shown until the page's script puts it in the reader's own time zone.
                "ended_text": match.ended_at.strftime("%d %b %Y, %H:%M UTC"),
                "moves": match.moves_count,
            }
        )
    return games
