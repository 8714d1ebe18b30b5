"""What an administrator can do to a live room, at once and for everyone in it.

Each runs a change function of ``rooms.live.commands`` through the room service,
so connected players see it at once, exactly as if the room's own rules had done it.
"""

from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from rooms.live import commands
from rooms.live.service import RoomService, group_name


async def close_room(code: str) -> None:
    """End the game without a result and tell everyone the room is closed."""
    outcome = await RoomService().change(code, commands.close_by_admin)
    await get_channel_layer().group_send(
        group_name(code),
        {"type": "room.closed", "message": commands.CLOSED_MESSAGE, "v": outcome.version},
    )


async def remove_player(code: str, index: int) -> None:
    """Vacate a seat as if its player's grace period had run out."""
    await RoomService().change(code, commands.remove_player(index))


async def seat_computer(code: str, index: int, level: str | None = None) -> None:
    """Put a computer player in a seat (empty, or vacated mid-game)."""
    await RoomService().change(code, commands.seat_computer(index, level))


# Django admin actions are synchronous.
close_room_now = async_to_sync(close_room)
remove_player_now = async_to_sync(remove_player)
seat_computer_now = async_to_sync(seat_computer)
