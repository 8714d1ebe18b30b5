"""Abuse limits: connection floods from one address, rooms opened by one guest,
and clients that stop reading. Each limit comes from settings."""

from __future__ import annotations

import secrets
import time
from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from rooms.live.store import redis_client
from rooms.models import Room

CONNECT_WINDOW_SECONDS = 60


async def allow_connection(address: str | None) -> bool:
    """At most WS_CONNECTS_PER_MINUTE new websockets per address and minute,
    counted across every server process."""
    if not address:
        return True
    window = int(time.time() // CONNECT_WINDOW_SECONDS)
    key = f"fishsite:connects:{address}:{window}"
    client = redis_client()
    async with client.pipeline(transaction=True) as pipe:
        pipe.incr(key)
        pipe.expire(key, CONNECT_WINDOW_SECONDS * 2)
        count, _ = await pipe.execute()
    return count <= settings.WS_CONNECTS_PER_MINUTE


def may_open_room(guest_id: int) -> bool:
    """At most ROOMS_PER_GUEST_PER_HOUR rooms opened by one guest in an hour."""
    since = timezone.now() - timedelta(hours=1)
    opened = Room.objects.filter(host_id=guest_id, created_at__gte=since).count()
    return opened < settings.ROOMS_PER_GUEST_PER_HOUR


class SendWindow:
    """What a socket was sent but has not shown it has read. A client cannot
    just say how far it has read (a liar would never be cut off): each pong
    carries a fresh random mark, which a client learns only by reading all that
    was sent before it, and a ping handing a mark back proves that much read.
    A client that stops reading is cut off before the server has buffered more
    than WS_MAX_UNREAD_BYTES for it."""

    # Marks handed out and not yet returned: a page may ping again before it
    # reads the last pong, so the one before it still counts.
    KEPT_MARKS = 4

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.sent_bytes = 0
        self.read_bytes = 0
        self.marks: dict[str, int] = {}  # mark -> bytes sent before it

    def sent(self, size: int) -> bool:
        """Note a frame; False when the client is too far behind."""
        self.sent_bytes += size
        return self.sent_bytes - self.read_bytes <= self.limit

    def new_mark(self) -> str:
        """A mark for the next pong, standing for everything sent so far."""
        mark = secrets.token_urlsafe(12)
        self.marks[mark] = self.sent_bytes
        if len(self.marks) > self.KEPT_MARKS:
            del self.marks[next(iter(self.marks))]
        return mark

    def returned(self, mark: object) -> None:
        """A ping handed ``mark`` back: all sent before its pong was read."""
        position = self.marks.get(mark) if isinstance(mark, str) else None
        if position is not None:
            self.read_bytes = max(self.read_bytes, position)
