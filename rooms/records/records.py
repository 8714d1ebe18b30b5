"""Everything the room layer writes to and reads from the database.

Plain synchronous ORM code; the async service calls it through
``database_sync_to_async``. Moves are written before the live state changes,
so an action is never accepted without its record.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import DataError, IntegrityError, transaction
from django.utils import timezone

from games.registry import get_rules, get_spec
from rooms.document import RoomDoc
from rooms.models import (
    Guest,
    Match,
    MatchMove,
    MatchStatus,
    PlayerResult,
    Room,
    RoomStatus,
    Seat,
    Spectator,
)
from rooms.moves import Move

logger = logging.getLogger("fishsite.records")


class MoveConflict(Exception):
    """Another action already holds this move's place in the record."""

    def __init__(self, index: int, age: float) -> None:
        super().__init__(index)
        self.index = index
        # Seconds since the other move was written: an old one was orphaned by
        # a server that died before it could update Redis.
        self.age = age


def create_room(code: str, game: str, options: dict[str, Any], host: int, doc: RoomDoc) -> None:
    with transaction.atomic():
        room = Room.objects.create(code=code, game=game, options=options, host_id=host)
        write_seats(room, doc)


def write_seats(room: Room, doc: RoomDoc) -> None:
    spec = get_spec(doc["game"])
    Seat.objects.filter(room=room).delete()
    Seat.objects.bulk_create(
        Seat(
            room=room,
            index=index,
            team=spec.team_of(index),
            guest_id=seat["guest"],
            bot=seat["bot"] or "",
        )
        for index, seat in enumerate(doc["seats"])
    )


def save_snapshot(doc: RoomDoc, version: int) -> None:
    """Store the room's seats, host and status, unless a newer version is already stored."""
    with transaction.atomic():
        updated = Room.objects.filter(code=doc["code"], version__lt=version).update(
            status=doc["status"],
            host_id=doc["host"],
            options=doc["options"],
            games_started=doc["games_started"],
            version=version,
            last_active_at=timezone.now(),
        )
        if updated:
            write_seats(Room.objects.get(code=doc["code"]), doc)


def note_spectator(code: str, guest: int) -> None:
    room_id = Room.objects.filter(code=code).values_list("pk", flat=True).first()
    if room_id is not None:
        Spectator.objects.get_or_create(room_id=room_id, guest_id=guest)


def start_match(code: str, number: int, game: str, setup: dict, players: list) -> tuple[int, dict]:
    """The match ``number`` of the room, created with ``setup`` unless a racing
    server created it first; returns its id and the setup it really has."""
    room = Room.objects.get(code=code)
    match, _ = Match.objects.get_or_create(
        room=room, number=number, defaults={"game": game, "setup": setup, "players": players}
    )
    return match.pk, match.setup


def record_move(move: Move) -> None:
    """Append one move; a move with an ``ending`` also closes the match.

    Raises MoveConflict when a different move already holds its index. The same
    move written again (a retry after a lost compare-and-set) is accepted.
    Raises IntegrityError or DataError when the row itself is refused.
    """
    try:
        with transaction.atomic():
            insert_moves([move])
    except IntegrityError:
        existing = MatchMove.objects.filter(match_id=move.match_id, index=move.index).first()
        if existing is None:
            raise  # no move holds the index: a value of this one broke a constraint
        if (existing.client_id, existing.seat) != (move.client_id, move.seat):
            age = (timezone.now() - existing.created_at).total_seconds()
            raise MoveConflict(move.index, age) from None
        if move.ending is not None:
            with transaction.atomic():
                finish_match(move.match_id, *move.ending)


# Errors that concern one row, not the database: then the other moves of the
# batch are still written. Any other error (the database is down or locked)
# refuses the whole batch at once, rather than once per move.
ROW_ERRORS = (IntegrityError, DataError)


def record_moves(moves: list[Move]) -> list[Exception | None]:
    """Several moves, with one commit unless one of them is refused.
    Returns, per move, None or what refused it: a MoveConflict or a row error."""
    try:
        with transaction.atomic():
            insert_moves(moves)
        return [None] * len(moves)
    except ROW_ERRORS:
        pass  # one move spoils the INSERT: sort them out one by one, each in its own transaction
    return [move_outcome(move) for move in moves]


def insert_moves(moves: list[Move]) -> None:
    """All of ``moves`` in one INSERT; raises IntegrityError if any index is taken."""
    MatchMove.objects.bulk_create(
        MatchMove(
            match_id=move.match_id,
            index=move.index,
            seat=move.seat,
            action=move.action,
            client_id=move.client_id,
        )
        for move in moves
    )
    counts: dict[int, int] = {}
    for move in moves:
        counts[move.match_id] = max(counts.get(move.match_id, 0), move.index + 1)
    for match_id, count in counts.items():
        Match.objects.filter(pk=match_id).update(moves_count=count)
    for move in moves:
        if move.ending is not None:
            finish_match(move.match_id, *move.ending)


def move_outcome(move: Move) -> Exception | None:
    try:
        record_move(move)  # its own transaction: a refused move spoils only itself
    except (MoveConflict, *ROW_ERRORS) as refused:
        return refused
    return None


def finish_match(match_id: int, result: dict, outcomes: list[str], level: str) -> None:
    match = Match.objects.select_for_update().get(pk=match_id)
    if match.status == MatchStatus.FINISHED:
        return
    match.status = MatchStatus.FINISHED
    match.result = result
    match.ended_at = timezone.now()
    match.save(update_fields=["status", "result", "ended_at"])
    for seat, (player, outcome) in enumerate(zip(match.players, outcomes, strict=True)):
        if player.get("guest") is not None:
            PlayerResult.objects.create(
                match=match,
                guest_id=player["guest"],
                seat=seat,
                game=match.game,
                level=level,
                outcome=outcome,
                finished_at=match.ended_at,
            )


def forget_move(match_id: int, index: int, client_id: str) -> None:
    """Take back a move recorded by an attempt that then turned out invalid."""
    with transaction.atomic():
        deleted, _ = MatchMove.objects.filter(
            match_id=match_id, index=index, client_id=client_id
        ).delete()
        if deleted:
            Match.objects.filter(pk=match_id).update(moves_count=index)


def abandon_match(match_id: int) -> None:
    Match.objects.filter(pk=match_id, status=MatchStatus.PLAYING).update(
        status=MatchStatus.ABANDONED, ended_at=timezone.now()
    )


def set_seat_player(match_id: int, seat: int, player: dict) -> None:
    """Who plays a seat changes when a spectator or a computer player takes over."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        players = list(match.players)
        players[seat] = player
        match.players = players
        match.save(update_fields=["players"])


def match_moves(match_id: int) -> list[tuple[int, dict, str]]:
    """The match's moves in order: (seat, action, client id)."""
    rows = (
        MatchMove.objects.filter(match_id=match_id)
        .order_by("index")
        .values_list("index", "seat", "action", "client_id")
    )
    moves = []
    for expected, (index, seat, action, client_id) in enumerate(rows):
        if index != expected:  # never expected; replaying past a hole would be wrong
            logger.error("match %s: move %s missing from the record", match_id, expected)
            break
        moves.append((seat, action, client_id))
    return moves


def room_for_rebuild(code: str) -> dict[str, Any] | None:
    """What the database knows of a room: enough to rebuild its live document."""
    room = Room.objects.filter(code=code).first()
    if room is None:
        return None
    seats = list(room.seats.order_by("index").values("guest_id", "bot"))
    names = dict(
        Guest.objects.filter(pk__in=[s["guest_id"] for s in seats if s["guest_id"]]).values_list(
            "pk", "display_name"
        )
    )
    match = None
    if room.status != RoomStatus.CLOSED:
        # The latest match decides, not the room row: that is written after Redis,
        # so it can lag behind a game that has just started.
        match = room.matches.exclude(status=MatchStatus.ABANDONED).order_by("-number").first()
        latest = room.matches.order_by("-number").first()
        if latest is not None and match is not None and latest.number != match.number:
            match = None  # the last game was abandoned: the room is back in its lobby
    return {
        "code": room.code,
        "game": room.game,
        "options": room.options,
        "status": room.status,
        "host": room.host_id,
        "games_started": room.games_started,
        "seats": [
            {"guest": seat["guest_id"], "name": names.get(seat["guest_id"]), "bot": seat["bot"]}
            for seat in seats
        ],
        "match": None
        if match is None
        else {
            "id": match.pk,
            "number": match.number,
            "setup": match.setup,
            "players": match.players,
            "moves": match_moves(match.pk),
        },
    }


def rename_guest(guest: int, name: str) -> None:
    Guest.objects.filter(pk=guest).update(display_name=name, name_confirmed=True)


def guest_name(guest: int) -> str | None:
    return Guest.objects.filter(pk=guest).values_list("display_name", flat=True).first()


def match_record(match: Match) -> dict[str, Any]:
    """The match's game record, in the format ``python -m games replay`` reads."""
    moves = [(seat, action) for seat, action, _ in match_moves(match.pk)]
    return get_rules(match.game).to_record(match.setup, moves)


def unfinished_solo_rooms(guest: int, game: str) -> list[str]:
    return list(
        Room.objects.filter(game=game, status=RoomStatus.PLAYING, seats__guest_id=guest)
        .values_list("code", flat=True)
        .distinct()
    )
