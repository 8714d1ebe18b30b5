"""The consumer's message loop: every message handled once, one at a time, in
arrival order; a failing source or handler ends the loop and its readers."""

from __future__ import annotations

import asyncio

import pytest

from rooms.wire.inbox import dispatch_inbox


class Done(Exception):
    pass


def queue_source(queue: asyncio.Queue):
    return queue.get


async def test_messages_from_both_sources_are_handled_one_at_a_time_in_order() -> None:
    client, layer = asyncio.Queue(), asyncio.Queue()
    handled: list[str] = []
    busy = False

    async def dispatch(message: dict) -> None:
        nonlocal busy
        assert not busy, "two messages handled at once"
        busy = True
        await asyncio.sleep(0.001)  # a handler that awaits, as the consumer's do
        handled.append(message["text"])
        busy = False
        if message["text"] == "bye":
            raise Done

    for text in ("c1", "c2"):
        client.put_nowait({"text": text})
    loop = asyncio.ensure_future(dispatch_inbox([client.get, layer.get], dispatch))
    await asyncio.sleep(0.01)
    layer.put_nowait({"text": "l1"})
    await asyncio.sleep(0.01)
    client.put_nowait({"text": "c3"})
    await asyncio.sleep(0.01)
    layer.put_nowait({"text": "l2"})
    await asyncio.sleep(0.01)
    client.put_nowait({"text": "bye"})
    with pytest.raises(Done):
        await asyncio.wait_for(loop, 2)
    assert handled == ["c1", "c2", "l1", "c3", "l2", "bye"]


async def test_a_failing_source_ends_the_loop_with_its_error() -> None:
    async def broken() -> dict:
        raise ConnectionError("layer gone")

    idle: asyncio.Queue = asyncio.Queue()

    async def dispatch(message: dict) -> None:
        raise AssertionError("nothing should be dispatched")

    with pytest.raises(ConnectionError, match="layer gone"):
        await asyncio.wait_for(dispatch_inbox([idle.get, broken], dispatch), 2)


async def test_the_readers_stop_when_the_loop_ends() -> None:
    cancelled: list[str] = []

    def watched(name: str, queue: asyncio.Queue):
        async def read() -> dict:
            try:
                return await queue.get()
            except asyncio.CancelledError:
                cancelled.append(name)
                raise

        return read

    client, layer = asyncio.Queue(), asyncio.Queue()

    async def dispatch(message: dict) -> None:
        raise Done

    client.put_nowait({"text": "disconnect"})
    with pytest.raises(Done):
        await asyncio.wait_for(
            dispatch_inbox([watched("client", client), watched("layer", layer)], dispatch), 2
        )
    # The layer's reader was waiting: cancelling it is how the socket leaves the layer.
    assert "layer" in cancelled
    layer.put_nowait({"text": "late"})
    await asyncio.sleep(0.01)
    assert layer.qsize() == 1  # nobody reads for a finished socket any more
