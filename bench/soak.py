"""The soak run: steady load for a long while, with server processes killed and
restarted on the way, then checks that nothing was lost or left stuck.

    python -m bench.soak --minutes 10 --rooms 40 --restart-every 90

Two server processes share one Redis and one database. Fish rooms are played
as in the load benchmark (six players and a spectator each, one action per
room per second), their connections spread over both processes. Every
``--restart-every`` seconds one process is killed with SIGKILL and started
again on the same port; its clients reconnect, as browsers do. Afterwards:
- every finished game's record replays, with the referee, to its stored result;
- the servers' memory, sampled through the run, has not kept growing;
- no room is stuck: every room had an action accepted in the last minute.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import signal
import sqlite3
import sys
import time
from typing import Any

from bench.load import Fishsite, open_rooms
from bench.room_client import SimulatedRoom
from fishsite.embedded_redis import EmbeddedRedis
from games.registry import get_rules
from games.replay import replay
from tests.servers import Server

STUCK_AFTER_SECONDS = 60.0


class Restarter:
    """Kills one server process at a time with SIGKILL and starts it again."""

    def __init__(self, system: Fishsite) -> None:
        self.system = system
        self.kills = 0

    async def run(self, every: float, stop: asyncio.Event) -> None:
        while not stop.is_set():
            try:
                await asyncio.wait_for(stop.wait(), every)
                return
            except TimeoutError:
                pass
            await asyncio.to_thread(self.restart, self.kills % self.system.count)

    def restart(self, index: int) -> None:
        old = self.system.servers[index]
        os.killpg(old.process.pid, signal.SIGKILL)
        old.process.wait()
        self.kills += 1
        self.system.servers[index] = Server(old.env, port=old.port).start(timeout=120)


async def sample_memory(system: Fishsite, every: float, stop: asyncio.Event, samples: list):
    while not stop.is_set():
        processes = system.processes()
        samples.append(round(sum(p.memory_info().rss for p in processes) / 2**20, 1))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), every)


async def soak(system: Fishsite, args: argparse.Namespace) -> dict[str, Any]:
    specs = await asyncio.to_thread(open_rooms, system, args.rooms)
    rooms = []
    for index, (code, urls, cookies, origin) in enumerate(specs):
        room = SimulatedRoom(code, seed=index, declare_chance=args.declare_chance)
        await room.connect(urls, cookies, origin)
        rooms.append(room)
    await asyncio.gather(*(room.seat_everyone() for room in rooms))
    stop = asyncio.Event()
    memory: list[float] = []
    restarter = Restarter(system)
    tasks = [asyncio.create_task(room.play(args.pace, stop)) for room in rooms]
    tasks.append(asyncio.create_task(restarter.run(args.restart_every, stop)))
    every = max(3.0, args.minutes * 60 / 40)
    tasks.append(asyncio.create_task(sample_memory(system, every, stop, memory)))
    for room in rooms:
        room.measuring = True
    await asyncio.sleep(args.minutes * 60)
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    now = time.monotonic()
    stuck = [room.code for room in rooms if now - room.last_accepted > STUCK_AFTER_SECONDS]
    for room in rooms:
        await room.close()
    return {
        "minutes": args.minutes,
        "rooms": args.rooms,
        "kills": restarter.kills,
        "reconnects": sum(conn.reconnects for room in rooms for conn in room.connections),
        "actions_accepted": sum(len(room.tally.latencies) for room in rooms),
        "games_finished_by_clients": sum(room.tally.games for room in rooms),
        "stuck_rooms": stuck,
        "memory_mb": memory,
    }


def check_records(database_url: str) -> dict[str, Any]:
    """Replay every finished match's record with the referee; compare results.

    Reads the SQLite file directly, so it runs beside any Django setup."""
    path = database_url.removeprefix("sqlite:///")
    finished = mismatched = moves = 0
    with sqlite3.connect(path) as db:
        matches = db.execute("SELECT id, game, setup, result, status FROM rooms_match").fetchall()
        for match_id, game, setup, result, status in matches:
            rows = db.execute(
                'SELECT seat, action FROM rooms_matchmove WHERE match_id = ? ORDER BY "index"',
                (match_id,),
            ).fetchall()
            moves += len(rows)
            if status != "finished":
                continue
            finished += 1
            rules = get_rules(game)
            record = rules.to_record(json.loads(setup), [(s, json.loads(a)) for s, a in rows])
            outcome = replay(record)
            if not outcome["ok"] or outcome["result"] != json.loads(result):
                mismatched += 1
    return {"finished_games": finished, "replay_mismatches": mismatched, "moves_recorded": moves}


def memory_grew_without_bound(samples: list[float]) -> bool:
    """After the first quarter (warm-up), the last samples stay near the rest."""
    if len(samples) < 8:
        return False
    settled = samples[len(samples) // 4 :]
    first_half = settled[: len(settled) // 2]
    last_half = settled[len(settled) // 2 :]
    return min(last_half) > 1.5 * max(first_half)


def run(args: argparse.Namespace) -> dict[str, Any]:
    redis = None
    redis_url = os.environ.get("REDIS_URL")
    if not redis_url:
        redis = EmbeddedRedis().start()
        redis_url = redis.url
    system = Fishsite(2, redis_url)
    try:
        report = asyncio.run(soak(system, args))
    finally:
        system.stop()
        if redis is not None:
            redis.cleanup()
    report.update(check_records(system.database_url))
    report["memory_grew_without_bound"] = memory_grew_without_bound(report["memory_mb"])
    report["ok"] = (
        report["replay_mismatches"] == 0
        and not report["stuck_rooms"]
        and not report["memory_grew_without_bound"]
    )
    return report


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bench.soak")
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--rooms", type=int, default=40)
    parser.add_argument("--pace", type=float, default=1.0)
    parser.add_argument("--restart-every", type=float, default=90.0)
    parser.add_argument("--declare-chance", type=float, default=0.08,
                        help="share of moves that are (random) declarations")  # fmt: skip
    return parser


if __name__ == "__main__":
    result = run(parser().parse_args())
    print(json.dumps(result, indent=2))
    sys.exit(0 if result["ok"] else 1)
