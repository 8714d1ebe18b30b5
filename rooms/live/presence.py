"""Which server processes are alive, and tidying up after one that died.

A consumer records its process with each connection. Every process keeps a
short-lived "alive" key in Redis and notes the rooms it has sockets in. A
process killed outright (SIGKILL, a crashed machine) never runs its consumers'
disconnect code, so the others notice its key expire and disconnect its
sockets from those rooms: their players show as away, and the grace period
and take-overs work as for any dropped player.

The disconnecting is a change of the room service, which sits above this
module (its change functions note this process's id): it is handed over
once at start-up (``hand_tidying``, from ``rooms.apps``).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import weakref
from collections.abc import Awaitable, Callable

from django.conf import settings

from rooms.live.store import redis_client

logger = logging.getLogger("fishsite.presence")

PROCESS_ID = secrets.token_hex(6)
PROCESSES_KEY = "fishsite:processes"
ROOMS_TTL_SECONDS = 7 * 24 * 3600

_beaters: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Task] = (
    weakref.WeakKeyDictionary()
)

# Disconnects a dead process's sockets from one room: (process, room code).
Tidying = Callable[[str, str], Awaitable[None]]
_tidying: Tidying | None = None


def hand_tidying(tidying: Tidying) -> None:
    """Set how a dead process's rooms are tidied (once, at start-up)."""
    global _tidying
    _tidying = tidying


def alive_ms() -> int:
    """A process silent for three heartbeats (HEARTBEAT_SECONDS, the pages'
    ping interval) is taken for dead."""
    return int(3 * settings.HEARTBEAT_SECONDS * 1000)


def beat_seconds() -> float:
    # Four beats a heartbeat: a live process's key never runs out between two.
    return settings.HEARTBEAT_SECONDS / 4


def alive_key(process: str) -> str:
    return f"fishsite:alive:{process}"


def rooms_key(process: str) -> str:
    return f"fishsite:rooms-of:{process}"


async def note_room(code: str) -> None:
    """This process has a socket in ``code``: the room to tidy if it dies."""
    client = redis_client()
    async with client.pipeline(transaction=False) as pipe:
        pipe.sadd(rooms_key(PROCESS_ID), code)
        pipe.expire(rooms_key(PROCESS_ID), ROOMS_TTL_SECONDS)
        pipe.sadd(PROCESSES_KEY, PROCESS_ID)
        pipe.set(alive_key(PROCESS_ID), 1, px=alive_ms())
        await pipe.execute()


def ensure_heartbeat() -> None:
    loop = asyncio.get_running_loop()
    task = _beaters.get(loop)
    if task is None or task.done():
        _beaters[loop] = loop.create_task(beat_forever())


async def beat_forever() -> None:
    while True:
        try:
            await beat()
            await reap_dead()
        except Exception:
            logger.exception("presence heartbeat failed")
        await asyncio.sleep(beat_seconds())


async def beat() -> None:
    client = redis_client()
    async with client.pipeline(transaction=False) as pipe:
        pipe.set(alive_key(PROCESS_ID), 1, px=alive_ms())
        pipe.sadd(PROCESSES_KEY, PROCESS_ID)
        await pipe.execute()


async def reap_dead() -> list[str]:
    """Disconnect the sockets of processes that stopped beating; returns them."""
    client = redis_client()
    dead = []
    for raw in await client.smembers(PROCESSES_KEY):
        process = raw.decode()
        if process == PROCESS_ID or await client.exists(alive_key(process)):
            continue
        # One reaper per dead process, even with many survivors.
        if not await client.set(f"fishsite:reaping:{process}", PROCESS_ID, nx=True, ex=60):
            continue
        await reap(process)
        dead.append(process)
    return dead


async def reap(process: str) -> None:
    if _tidying is None:
        raise RuntimeError("presence was handed no tidying (rooms.apps does it)")
    client = redis_client()
    for raw in await client.smembers(rooms_key(process)):
        code = raw.decode()
        try:
            await _tidying(process, code)
        except Exception:
            logger.exception("could not tidy room %s after process %s died", code, process)
    await client.delete(rooms_key(process))
    await client.srem(PROCESSES_KEY, process)
    logger.warning("process %s stopped; its sockets were disconnected", process)
