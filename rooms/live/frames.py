"""The frames a connection receives: its own view of the room, and nothing more.

A frame is built per connection from the room document: the public room
(seats, presence, host), the viewer's own game view from the rules engine,
and the new log entries redacted for that viewer. Hidden cards never enter a
frame that is not its owner's.
"""

from __future__ import annotations

import time
from typing import Any

from django.conf import settings

from games.options import summary
from rooms.document import RoomDoc, SeatDoc
from rooms.live import lobby, matches


def public_room(room: RoomDoc) -> dict[str, Any]:
    """What everyone in the room may see of it (no game cards)."""
    connected = lobby.connected_guests(room)
    return {
        "code": room["code"],
        "game": room["game"],
        "options": public_options(room),
        "rules": rules_in_force(room),
        "status": room["status"],
        "seats": [
            public_seat(room, index, seat, connected) for index, seat in enumerate(room["seats"])
        ],
        "spectators": sorted(lobby.spectators(room).values()),
        "games_started": room["games_started"],
        "notice": room["notice"],
        "waiting_for": waiting_for(room),
        "match": None if room["match"] is None else {"number": room["match"]["number"]},
    }


def public_options(room: RoomDoc) -> dict[str, Any]:
    options = room["options"]
    return {
        key: options[key] for key in ("seats", "level", "pause", "flip_limit") if key in options
    }


def rules_in_force(room: RoomDoc) -> list[dict[str, Any]]:
    rules = matches.rules_of(room)
    return summary(rules.options, rules.resolve_options({"options": matches.house_rules(room)}))


def public_seat(room: RoomDoc, index: int, seat: SeatDoc, connected: dict) -> dict[str, Any]:
    return {
        "index": index,
        "team": lobby.team_of_seat(room["game"], index),
        "name": seat["name"],
        "bot": seat["bot"],
        "occupied": not lobby.seat_is_free(seat) and not seat["vacated"],
        "connected": bool(seat["bot"])
        or (seat["guest"] is not None and seat["guest"] in connected),
        "away_since": seat["away_since"],
        "vacated": seat["vacated"],
        "host": seat["guest"] is not None and seat["guest"] == room["host"],
    }


def waiting_for(room: RoomDoc) -> dict[str, Any] | None:
    """Whom the game is held up by: a vacated seat, or a player who dropped."""
    index = matches.turn_seat(room)
    if index is None:
        return None
    seat = room["seats"][index]
    if seat["vacated"]:
        return {"seat": index, "name": seat["name"], "reason": "vacated"}
    if seat["away_since"] is not None and seat["guest"] is not None:
        deadline = seat["away_since"] + settings.SEAT_GRACE_SECONDS
        return {
            "seat": index,
            "name": seat["name"],
            "reason": "away",
            "seconds_left": max(0, round(deadline - time.time())),
        }
    return None


def you(room: RoomDoc, guest: int, name: str) -> dict[str, Any]:
    seat = lobby.seat_of(room, guest)
    return {
        "seat": seat,
        "name": name,
        "host": room["host"] == guest,
        "role": "player" if seat is not None else "spectator",
    }


def game_view(room: RoomDoc, seat: int | None) -> dict[str, Any] | None:
    if room["match"] is None:
        return None
    return matches.rules_of(room).view(room["match"]["state"], seat)


def frame(
    version: int,
    room: RoomDoc,
    guest: int,
    name: str,
    events: list[dict[str, Any]],
    public: dict[str, Any],
) -> dict[str, Any]:
    """The full frame for one connection; ``public`` (the room's public_room)
    is shared between the connections that receive this version."""
    seat = lobby.seat_of(room, guest)
    rules = matches.rules_of(room)
    return {
        "type": "room",
        "v": version,
        "room": public,
        "you": you(room, guest, name),
        "game": game_view(room, seat),
        "events": matches.redact_all(rules, events, seat),
    }
