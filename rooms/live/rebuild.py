"""Rebuild a room's live document from what the database knows.

Used when Redis lost the room (a flush or a restart) and when the database
holds moves that Redis never got (a server died between the two writes).
The game is replayed move by move through the rules engine, so the rebuilt
state is exactly the one that was lost.
"""

from __future__ import annotations

import time
from typing import Any

from games.registry import get_rules
from rooms.document import RoomDoc, SeatDoc, empty_seat, new_document
from rooms.live import matches


def rebuild_document(known: dict[str, Any], keep: RoomDoc | None = None) -> RoomDoc:
    """The room document for ``known`` (see records.room_for_rebuild).

    With ``keep`` (the current live document), presence and seats come from it
    and only the game is re-derived; otherwise everyone starts as away, and
    their connections re-register on their next heartbeat.
    """
    now = time.time()
    room = new_document(
        known["code"],
        known["game"],
        known["options"],
        known["host"],
        [rebuilt_seat(seat, now) for seat in known["seats"]],
        status=known["status"],
        games_started=known["games_started"],
    )
    if keep is not None:
        room["seats"], room["connections"] = keep["seats"], keep["connections"]
        room["host"], room["notice"] = keep["host"], keep["notice"]
    if known["match"] is not None:
        replay_match(room, known["match"])
    elif room["status"] != "closed":
        room["status"] = "lobby"
    return room


def rebuilt_seat(seat: dict[str, Any], now: float) -> SeatDoc:
    rebuilt = empty_seat()
    rebuilt.update(guest=seat["guest"], name=seat["name"], bot=seat["bot"] or None)
    if seat["guest"] is not None:
        rebuilt["away_since"] = now
    return rebuilt


def replay_match(room: RoomDoc, match: dict[str, Any]) -> None:
    rules = get_rules(room["game"])
    matches.begin(room, match["id"], match["number"], match["setup"])
    for seat, action, client_id in match["moves"]:
        guest = guest_of_client_id(client_id)
        matches.play(room, seat, action, guest, client_id)
    room["status"] = "finished" if rules.is_over(room["match"]["state"]) else "playing"


def guest_of_client_id(client_id: str) -> int | None:
    """Client ids are stored as "<guest>:<id>"; computer moves as "bot:..."."""
    head, _, _ = client_id.partition(":")
    return int(head) if head.isdigit() else None
