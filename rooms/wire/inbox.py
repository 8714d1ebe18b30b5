"""A consumer's message loop that starts no task per message.

Channels' own loop (``channels.utils.await_many_dispatch``) waits on the
client and the channel layer with ``asyncio.wait`` and starts a fresh task for
a source after each of its messages. With thousands of sockets that is the
largest share of the per-message bookkeeping, and each waiting task lives
long enough for the garbage collector to promote it, which lengthens its
pauses. Here each source has one task for the life of the socket, feeding an
inbox; the consumer handles the inbox one message at a time, in arrival
order, as Channels does.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import Any

Source = Callable[[], Awaitable[dict[str, Any]]]
Dispatch = Callable[[dict[str, Any]], Awaitable[None]]


class SourceFailed:
    """A source raised: the loop re-raises it, as Channels' loop would."""

    def __init__(self, error: BaseException) -> None:
        self.error = error


async def pump(source: Source, inbox: asyncio.Queue) -> None:
    try:
        while True:
            inbox.put_nowait(await source())
    except Exception as error:  # cancellation is a BaseException: it passes through
        inbox.put_nowait(SourceFailed(error))


async def dispatch_inbox(sources: list[Source], dispatch: Dispatch) -> None:
    """Hand every message of ``sources`` to ``dispatch`` until it raises
    (``StopConsumer`` when the socket is done)."""
    inbox: asyncio.Queue = asyncio.Queue()
    pumps = [asyncio.ensure_future(pump(source, inbox)) for source in sources]
    try:
        while True:
            message = await inbox.get()
            if isinstance(message, SourceFailed):
                raise message.error
            await dispatch(message)
    finally:
        for task in pumps:
            task.cancel()
        for task in pumps:
            # The channel layer unsubscribes the socket as its receive is cancelled.
            with contextlib.suppress(asyncio.CancelledError):
                await task
