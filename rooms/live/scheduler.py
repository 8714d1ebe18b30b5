"""Timed work: computer turns after their pause, and seats whose grace ran out.

Each room that needs attention has an entry in one Redis sorted set, scored
by when. The server that saved the change also sets a local timer (the fast
path); every server polls the set (the safety net), claiming an entry with a
short lease before working on it. If a server dies with a computer turn
pending, the lease runs out and another server plays it. The work itself
goes through the service's compare-and-set with an id per turn, so a turn is
never played twice.

The room service imports this module to schedule what it saved, so the work
of a tick cannot come from importing the service back: it is handed over
once at start-up (``hand_work``, from ``rooms.apps``).
"""

from __future__ import annotations

import asyncio
import logging
import time
import weakref
from collections.abc import Awaitable, Callable

from django.conf import settings

from rooms.document import RoomDoc
from rooms.errors import RoomError
from rooms.live import lobby, matches
from rooms.live.store import redis_client

logger = logging.getLogger("fishsite.scheduler")

DUE_KEY = "fishsite:due"
POLL_SECONDS = 0.5
LEASE_SECONDS = 5.0
# Timers further away than this are left to the poll.
LOCAL_HORIZON_SECONDS = 10.0

CLAIM_SCRIPT = """
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if score and tonumber(score) <= tonumber(ARGV[2]) then
  redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
  return 1
end
return 0
"""

_poller: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Task] = (
    weakref.WeakKeyDictionary()
)
_tasks: set[asyncio.Task] = set()
# Rooms this process is working on, and whether more work came in meanwhile.
# Ticks of one room run one after another: run side by side, they only fight
# over the room's compare-and-set (a computer table then stalls on "busy").
_working: dict[str, bool] = {}

# A tick's work on one room, given its code: the room document after it.
DueWork = Callable[[str], Awaitable[RoomDoc]]
_due_work: DueWork | None = None


def hand_work(work: DueWork) -> None:
    """Set what a tick does (once, at start-up)."""
    global _due_work
    _due_work = work


def next_due(room: RoomDoc) -> float | None:
    """When the room next needs the server to act on its own, if ever."""
    times = []
    bot_due = matches.bot_due_at(room)
    if bot_due is not None:
        times.append(bot_due)
    if not lobby.is_solo(room):
        grace = float(settings.SEAT_GRACE_SECONDS)
        times += [
            seat["away_since"] + grace
            for seat in room["seats"]
            if seat["guest"] is not None and seat["away_since"] is not None
        ]
    return min(times) if times else None


def mark_due(room: RoomDoc) -> bool:
    """Note in the room document when it is next due; True if that changed.

    Called before the document is saved, so a change that leaves nothing due
    (most moves between people) costs no extra trip to Redis afterwards.
    """
    due = next_due(room)
    changed = room.get("due") != due
    room["due"] = due
    return changed


async def schedule(room: RoomDoc, changed: bool = True) -> None:
    """Put the room's next due time in the shared set (and a local timer)."""
    if not changed:
        return  # already in the set, with its timer
    code = room["code"]
    due = room.get("due", next_due(room))
    client = redis_client()
    if due is None:
        await client.zrem(DUE_KEY, code)
        return
    await client.zadd(DUE_KEY, {code: due})
    delay = due - time.time()
    if delay <= LOCAL_HORIZON_SECONDS:
        asyncio.get_running_loop().call_later(max(0.0, delay), spawn, code)
    ensure_poller()


def spawn(code: str) -> None:
    if code in _working:
        _working[code] = True  # the running ticks look again when done
        return
    _working[code] = False
    task = asyncio.ensure_future(tick_while_due(code))
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)


async def tick_while_due(code: str) -> None:
    try:
        while True:
            await tick(code)
            if not _working[code]:
                return
            _working[code] = False
    finally:
        del _working[code]


async def tick(code: str) -> None:
    """Do whatever is due in one room."""
    try:
        if _due_work is None:
            raise RuntimeError("the scheduler was handed no work (rooms.apps does it)")
        room = await _due_work(code)
        # The claim moved the room's score to the end of its lease: put it back.
        await schedule(room)
    except RoomError as error:
        if error.code == "no-room":  # deleted meanwhile: nothing left to do
            await redis_client().zrem(DUE_KEY, code)
        else:
            logger.warning("scheduled work in room %s: %s", code, error.message)
    except Exception:
        logger.exception("scheduled work failed in room %s", code)


def ensure_poller() -> None:
    """Start this process's poll loop once per event loop."""
    loop = asyncio.get_running_loop()
    task = _poller.get(loop)
    if task is None or task.done():
        _poller[loop] = loop.create_task(poll_forever())


async def poll_forever() -> None:
    client = redis_client()
    claim = client.register_script(CLAIM_SCRIPT)
    while True:
        try:
            now = time.time()
            for raw in await client.zrangebyscore(DUE_KEY, 0, now, start=0, num=50):
                code = raw.decode()
                if await claim(keys=[DUE_KEY], args=[code, now, now + LEASE_SECONDS]):
                    spawn(code)
        except Exception:
            logger.exception("scheduler poll failed")
        await asyncio.sleep(POLL_SECONDS)
