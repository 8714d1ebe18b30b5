"""Idle cost: memory per idle connected player and per idle room.

    python -m bench.idle [--rooms 200] [--warmup-rooms 20]

Starts one server process (as bench.load does), opens ``--warmup-rooms`` Fish
rooms and keeps them (so start-up and first-use allocations are out of the
way), then opens ``--rooms`` more, each with six seated players and a
spectator connected and nobody acting. It reports what those rooms added to
the server's resident memory, per connection and per room, and to Redis's
used memory, per room.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from typing import Any

from bench.load import Fishsite, open_rooms, redis_memory
from bench.room_client import SEATS, SimulatedRoom
from fishsite.embedded_redis import EmbeddedRedis

SETTLE_SECONDS = 5.0


async def idle_rooms(system: Fishsite, count: int, first_seed: int) -> list[SimulatedRoom]:
    specs = await asyncio.to_thread(open_rooms, system, count)
    rooms = []
    for index, (code, urls, cookies, origin) in enumerate(specs):
        room = SimulatedRoom(code, seed=first_seed + index)
        await room.connect(urls, cookies, origin)
        rooms.append(room)
    await asyncio.gather(*(room.seat_everyone() for room in rooms))
    return rooms


def server_rss(system: Fishsite) -> int:
    return sum(process.memory_info().rss for process in system.processes())


async def measure(system: Fishsite, rooms_count: int, warmup_rooms: int) -> dict[str, Any]:
    kept = await idle_rooms(system, warmup_rooms, 0)
    await asyncio.sleep(SETTLE_SECONDS)
    rss_before, redis_before = server_rss(system), redis_memory(system)
    kept += await idle_rooms(system, rooms_count, warmup_rooms)
    await asyncio.sleep(SETTLE_SECONDS)
    rss_after, redis_after = server_rss(system), redis_memory(system)
    for room in kept:
        await room.close()
    connections = rooms_count * (SEATS + 1)
    return {
        "rooms": rooms_count,
        "connections": connections,
        "server_rss_mb": round(rss_after / 2**20, 1),
        "server_kb_per_connection": round((rss_after - rss_before) / connections / 1024, 1),
        "server_kb_per_room": round((rss_after - rss_before) / rooms_count / 1024, 1),
        "redis_kb_per_room": round((redis_after - redis_before) / rooms_count / 1024, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.idle", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--warmup-rooms", type=int, default=20)
    args = parser.parse_args(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "fishsite.settings")
    embedded = None if os.environ.get("REDIS_URL") else EmbeddedRedis().start()
    redis_url = os.environ.get("REDIS_URL") or embedded.url
    system = Fishsite(1, redis_url)
    try:
        report = asyncio.run(measure(system, args.rooms, args.warmup_rooms))
    finally:
        system.stop()
        if embedded is not None:
            embedded.cleanup()
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
