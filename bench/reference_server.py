"""The reference for the load benchmark: a minimal websocket broadcast server.

In memory, no validation, no Redis, no database: every command bumps the
room's version, is broadcast to everyone in the room as a frame about the size
of a real Fish frame, and is acknowledged. Our figures are printed as a ratio
to this one measured in the same run, so a different machine does not change
the comparison.

Run: ``python -m bench.reference_server --port 8765``
"""

from __future__ import annotations

import argparse
import asyncio
import json
from dataclasses import dataclass, field

from websockets.asyncio.server import ServerConnection, broadcast, serve

# About the size of a real Fish frame for a seated player (room, view, events).
PADDING = "x" * 2400


@dataclass
class Room:
    version: int = 1
    connections: set[ServerConnection] = field(default_factory=set)


rooms: dict[str, Room] = {}


def frame(room: Room) -> str:
    return json.dumps({"type": "room", "v": room.version, "room": {}, "game": None,
                       "events": [], "padding": PADDING})  # fmt: skip


async def handler(ws: ServerConnection) -> None:
    code = ws.request.path.strip("/").split("/")[-1]
    room = rooms.setdefault(code, Room())
    room.connections.add(ws)
    await ws.send(frame(room))
    try:
        async for text in ws:
            message = json.loads(text)
            room.version += 1
            broadcast(room.connections, frame(room))
            await ws.send(json.dumps({"type": "ack", "id": message.get("id"), "v": room.version}))
    finally:
        room.connections.discard(ws)


async def main(port: int) -> None:
    async with serve(handler, "127.0.0.1", port, max_size=2**20, ping_interval=None):
        await asyncio.Future()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=8765)
    asyncio.run(main(parser.parse_args().port))
