"""Parse each room version once per process, however many sockets receive it."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import orjson

CACHE_SIZE = 512
_cache: OrderedDict[tuple[str, int], dict[str, Any]] = OrderedDict()


def parsed_room(code: str, version: int, data: bytes) -> dict[str, Any]:
    """The room document of ``version``; callers must not modify it."""
    key = (code, version)
    room = _cache.get(key)
    if room is None:
        room = orjson.loads(data)
        _cache[key] = room
        if len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return room
