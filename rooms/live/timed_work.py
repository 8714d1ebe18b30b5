"""What the scheduler's ticks and presence's reaper do to a room.

Both sit below the room service, so they are handed these functions at
start-up (``hand_over``, called by ``rooms.apps``) instead of importing it.
"""

from __future__ import annotations

from django.conf import settings

from rooms.document import RoomDoc
from rooms.live import presence, scheduler
from rooms.live.commands import drop_process, expire_and_move
from rooms.live.service import RoomService


async def play_due(code: str) -> RoomDoc:
    """Vacate seats whose grace ran out and play a computer turn that is due."""
    grace = float(settings.SEAT_GRACE_SECONDS)  # read per tick: tests override it
    outcome = await RoomService().change(code, expire_and_move(grace))
    return outcome.room


async def tidy_after(process: str, code: str) -> None:
    """Disconnect the sockets of ``process``, which died, from room ``code``."""
    await RoomService().change(code, drop_process(process))


def hand_over() -> None:
    scheduler.hand_work(play_due)
    presence.hand_tidying(tidy_after)
