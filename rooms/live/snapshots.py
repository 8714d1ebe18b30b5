"""Work done once per room version and process, however many sockets receive it:
parsing the stored document and building the public part of every frame."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from rooms.document import RoomDoc, parse
from rooms.live.frames import public_room

# Entries are needed only while one change reaches this process's sockets, a few
# milliseconds. A small cache lets parsed rooms die young, before the garbage
# collector promotes them into generations that are costly to walk.
CACHE_SIZE = 64


class VersionCache:
    """A small LRU keyed by (room code, version): a version never changes."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self.size = size
        self.entries: OrderedDict[tuple[str, int], Any] = OrderedDict()

    def get(self, code: str, version: int, make: Callable[[], Any]) -> Any:
        key = (code, version)
        value = self.entries.get(key)
        if value is None:
            value = self.entries[key] = make()
            if len(self.entries) > self.size:
                self.entries.popitem(last=False)
        return value


_parsed = VersionCache()
_public = VersionCache()


def parsed_room(code: str, version: int, data: bytes) -> RoomDoc:
    """The room document of ``version``; callers must not modify it."""
    return _parsed.get(code, version, lambda: parse(data))


def shared_public_room(code: str, version: int, room: RoomDoc) -> dict[str, Any]:
    """The public part of every frame of ``version``; callers must not modify it."""
    return _public.get(code, version, lambda: public_room(room))
