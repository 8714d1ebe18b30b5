"""What an administrator can do to a live room, at once and for everyone in it.

Each is a change through the room service, so connected players see it at
once, exactly as if the room's own rules had done it.
"""

from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from rooms.document import RoomDoc, empty_seat
from rooms.errors import RoomError
from rooms.live import lobby
from rooms.live.commands import abandon_if_stuck, record_new_player
from rooms.live.service import Change, RoomService, group_name
from rooms.records import records

CLOSED_MESSAGE = "The room was closed by an administrator."


async def close_room(code: str) -> None:
    """End the game without a result and tell everyone the room is closed."""

    async def change(room: RoomDoc) -> Change | None:
        if room["status"] == "closed":
            return None
        after = []
        if room["match"] is not None and room["status"] == "playing":
            match_id = room["match"]["id"]
            after.append(lambda: records.abandon_match(match_id))
        room["status"] = "closed"
        room["notice"] = CLOSED_MESSAGE
        return Change(snapshot=True, after=after)

    outcome = await RoomService().change(code, change)
    await get_channel_layer().group_send(
        group_name(code), {"type": "room.closed", "message": CLOSED_MESSAGE, "v": outcome.version}
    )


async def remove_player(code: str, index: int) -> None:
    """Vacate a seat as if its player's grace period had run out."""

    async def change(room: RoomDoc) -> Change:
        lobby.require_seat_index(room, index)
        if room["seats"][index]["guest"] is None:
            raise RoomError("bad-seat", "No player sits there.")
        lobby.vacate(room, index)
        return Change(snapshot=True, after=abandon_if_stuck(room))

    await RoomService().change(code, change)


async def seat_computer(code: str, index: int, level: str | None = None) -> None:
    """Put a computer player in a seat (empty, or vacated mid-game)."""

    async def change(room: RoomDoc) -> Change:
        seat = room["seats"][lobby.require_seat_index(room, index)]
        if seat["guest"] is not None and lobby.playing(room):
            lobby.vacate(room, index)
        elif seat["guest"] is not None:
            room["seats"][index] = empty_seat()
        lobby.put_bot(room, room["host"], index, level, authority=True)
        return Change(snapshot=True, after=record_new_player(room, index))

    await RoomService().change(code, change)


# Django admin actions are synchronous.
close_room_now = async_to_sync(close_room)
remove_player_now = async_to_sync(remove_player)
seat_computer_now = async_to_sync(seat_computer)
