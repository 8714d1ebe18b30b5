"""The room document: the live state of one room, as stored in Redis.

Every key of the document is declared here, built by ``new_document`` alone
(a new room, ``rooms.live.lobby.new_room``, and a room rebuilt from the database,
``rooms.live.rebuild``), and every document read from Redis passes ``parse``, which
brings one written by an older server up to the current ``SHAPE``.

Why TypedDicts, not dataclasses or msgspec Structs: the document is parsed by
orjson once per version and process and then shared read-only by every socket
that receives that version (``rooms.live.snapshots``), and the change functions
edit it in place before it is dumped back. A TypedDict types that very dict at
no cost at run time. Dataclasses would add a conversion each way to every load
and save, on the path of every action; msgspec Structs, which decode and encode
themselves, would replace orjson at both ends and change every access in
``rooms/`` from keys to attributes. Either buys checks at run time that the
document's only writer, this package, does not need.

This module imports nothing of ``rooms``: everything else may import it.
"""

# No ``from __future__ import annotations``: TypedDict must see ``NotRequired``
# itself, not its name in a string, to know that ``due`` may be absent.
from typing import Any, Literal, NotRequired, TypedDict

import orjson

from games.base import State

# The document's current shape; ``upgrade`` lifts anything older to it.
# 1: ``shape`` itself, and every key below present (0, no ``shape``: ``recent``,
#    ``notice`` or a connection's ``process`` may be missing).
SHAPE = 1

Status = Literal["lobby", "playing", "finished", "closed"]


class SeatDoc(TypedDict):
    guest: int | None
    name: str | None
    bot: str | None  # the computer player's level
    away_since: float | None  # when its player dropped: the grace period runs
    vacated: bool  # left mid-game: the hand and team wait for someone to take over


class ConnectionDoc(TypedDict):
    guest: int
    name: str
    process: str  # the server process holding the socket (rooms.live.presence)


class MatchDoc(TypedDict):
    id: int  # the Match row's
    number: int  # the room's how-manieth game
    state: State  # the rules engine's, shaped by the game
    moves: int
    last_move_at: float  # a computer player's pause runs from here


class RoomDoc(TypedDict):
    shape: int
    code: str
    game: str
    # The creator's choices (rooms.web.creation): seats, level, pause, house rules
    # under "rules", and the game's test knobs; their keys depend on the game.
    options: dict[str, Any]
    status: Status
    host: int | None
    seats: list[SeatDoc]
    connections: dict[str, ConnectionDoc]  # by channel name
    games_started: int
    match: MatchDoc | None
    # Per guest (its id as a string: JSON's keys are strings), its last client
    # action ids, so a retried action is not applied twice.
    recent: dict[str, list[str]]
    notice: str | None  # why the room is back in its lobby, or closed
    # When the room next needs the server (rooms.live.scheduler.mark_due). Absent
    # from a document no change has saved yet (just opened or rebuilt): whether
    # the due set holds the room is then unknown, so ``schedule`` works it out.
    due: NotRequired[float | None]


def empty_seat() -> SeatDoc:
    return {"guest": None, "name": None, "bot": None, "away_since": None, "vacated": False}


def new_document(
    code: str,
    game: str,
    options: dict[str, Any],
    host: int | None,
    seats: list[SeatDoc],
    status: Status = "lobby",
    games_started: int = 0,
) -> RoomDoc:
    """A room with nobody connected and no game under way."""
    return {
        "shape": SHAPE,
        "code": code,
        "game": game,
        "options": options,
        "status": status,
        "host": host,
        "seats": seats,
        "connections": {},
        "games_started": games_started,
        "match": None,
        "recent": {},
        "notice": None,
    }


def parse(data: bytes) -> RoomDoc:
    """The document stored as ``data``, in the current shape."""
    room = orjson.loads(data)
    if room.get("shape", 0) < SHAPE:
        upgrade(room)
    return room


def upgrade(room: dict[str, Any]) -> None:
    """Fill in place what a document written by an older server lacks."""
    room.setdefault("recent", {})
    room.setdefault("notice", None)
    for connection in room["connections"].values():
        connection.setdefault("process", "")
    room["shape"] = SHAPE
