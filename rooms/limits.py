"""Abuse limits: connection floods from one address, rooms opened by one guest,
and clients that stop reading. Each limit comes from settings."""

from __future__ import annotations

import time
from collections import deque
from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from rooms.models import Room
from rooms.store import redis_client

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
    """What a socket was sent but has not confirmed reading (its pings carry the
    last version it has). A client that stops reading is cut off before the
    server has buffered more than WS_MAX_UNREAD_BYTES for it."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.unread: deque[tuple[int, int]] = deque()  # (version, bytes)
        self.total = 0

    def sent(self, version: int, size: int) -> bool:
        """Note a frame; False when the client is too far behind."""
        self.unread.append((version, size))
        self.total += size
        return self.total <= self.limit

    def read_up_to(self, version: int) -> None:
        while self.unread and self.unread[0][0] <= version:
            self.total -= self.unread.popleft()[1]
