"""The Redis state store: one versioned JSON document per room.

Every write is an atomic compare-and-set on the room's version (a Lua script),
so two server processes racing on the same version can never both win: the
loser reloads, re-validates and tries again.
"""

from __future__ import annotations

import asyncio
import time
import weakref
from typing import NamedTuple

import orjson
import redis.asyncio as aioredis
from django.conf import settings

from fishsite.redis_config import async_client
from rooms.document import RoomDoc, parse

KEY_PREFIX = "fishsite:room:"

# Set the document only if the stored version is the one we read ("" = absent).
CAS_SCRIPT = """
local current = redis.call('HGET', KEYS[1], 'v')
if (current or '') ~= ARGV[1] then
  return 0
end
redis.call('HSET', KEYS[1], 'v', ARGV[2], 'data', ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[4])
return 1
"""


class Loaded(NamedTuple):
    """A stored room document and its version."""

    version: int
    room: RoomDoc


def room_key(code: str) -> str:
    return KEY_PREFIX + code


def fresh_version() -> int:
    """The first version of a room document, created or rebuilt.

    Milliseconds since the epoch: a rebuilt room starts above every version it
    had before, so clients always see versions rise and resync on the jump.
    """
    return int(time.time() * 1000)


# Keyed by the loop itself (weakly): a new loop may reuse a dead loop's id().
_clients: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, aioredis.Redis] = (
    weakref.WeakKeyDictionary()
)


def redis_client() -> aioredis.Redis:
    """One connection pool per event loop (tests run several loops)."""
    loop = asyncio.get_running_loop()
    client = _clients.get(loop)
    if client is None:
        client = async_client(settings.REDIS_URL)
        _clients[loop] = client
    return client


class RoomStore:
    """Load and compare-and-set room documents."""

    def __init__(self, client: aioredis.Redis | None = None) -> None:
        self.client = client or redis_client()
        self.cas = self.client.register_script(CAS_SCRIPT)

    async def load(self, code: str) -> Loaded | None:
        raw = await self.load_raw(code)
        return None if raw is None else Loaded(raw[0], parse(raw[1]))

    async def load_raw(self, code: str) -> tuple[int, bytes] | None:
        version, data = await self.client.hmget(room_key(code), "v", "data")
        if version is None or data is None:
            return None
        return int(version), data

    async def save(
        self, code: str, room: RoomDoc, expected: int | None
    ) -> tuple[int, bytes] | None:
        """Write ``room`` if the stored version is still ``expected`` (None: absent).

        Returns the new version and the stored bytes, or None when another
        writer got there first.
        """
        new_version = fresh_version() if expected is None else expected + 1
        data = orjson.dumps(room)
        written = await self.cas(
            keys=[room_key(code)],
            args=[
                "" if expected is None else str(expected),
                str(new_version),
                data,
                settings.ROOM_TTL_SECONDS,
            ],
        )
        return (new_version, data) if written else None

    async def delete(self, code: str) -> None:
        await self.client.delete(room_key(code))
