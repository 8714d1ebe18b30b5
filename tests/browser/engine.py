"""What the server knows, to check the page against the rules engines.

The tests read a room's live document straight from Redis (the one the server
plays from). The page never sees any of it: a check compares what a player
sees with what the engine says, so neither side can agree with itself by
accident.
"""

from __future__ import annotations

import os
import re
from typing import Any

import orjson
import redis

from rooms.live.store import room_key

ROOM_PATH = re.compile(r"/r/([\w-]+)/")


def room_code(url: str) -> str:
    found = ROOM_PATH.search(url)
    assert found, f"not a room link: {url}"
    return found.group(1)


def room_document(code: str) -> dict[str, Any]:
    client = redis.Redis.from_url(os.environ["REDIS_URL"])
    try:
        data = client.hget(room_key(code), "data")
    finally:
        client.close()
    assert data is not None, f"room {code} is not in Redis"
    return orjson.loads(data)


def game_state(code: str) -> dict[str, Any]:
    """The rules engine's state of the room's current game."""
    match = room_document(code)["match"]
    assert match is not None, f"room {code} has no game"
    return match["state"]
