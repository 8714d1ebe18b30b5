"""The load benchmark: many Fish rooms at once against real server processes.

    python -m bench.load --rooms 50,100,200,300 --servers 1,2

For each number of rooms it opens that many Fish rooms over HTTP, connects six
players and a spectator to each, and plays random legal moves (from each
player's own view) at one action per room per second, declarations included,
so whole games run and new games start. It reports, per step, the latency from
sending an action to the moment all seven connections of the room have the
resulting state (p50, p95, p99, max), actions per second, errors, dropped and
out-of-order frames, and the server processes' CPU and memory.

In the same run it measures a reference (bench/reference_server.py: a minimal
in-memory websocket broadcast server) under the same client load, and prints
our figures as a ratio to it. It writes a JSON report and a plot of the
latency percentiles against the number of rooms.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import psutil
import redis

from bench.guests import new_fish_room
from bench.room_client import SEATS, SimulatedRoom, Tally
from fishsite.embedded_redis import EmbeddedRedis, free_port
from tests.servers import Server, migrate

LATENCY_LIMIT_S = 0.100


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


# --- the systems under test -----------------------------------------------------


class Fishsite:
    """``count`` Daphne processes sharing one Redis and one database."""

    def __init__(self, count: int, redis_url: str) -> None:
        self.count = count
        self.redis_url = redis_url
        self.directory = tempfile.mkdtemp(prefix="fishsite-bench-")
        database = f"sqlite:///{self.directory}/bench.sqlite3"
        self.database_url = database
        migrate(database)
        env = {
            "REDIS_URL": redis_url,
            "DATABASE_URL": database,
            "BOT_PAUSE_SECONDS": "0",
            "WS_RATE_PER_SECOND": "1000",
            "WS_RATE_BURST": "1000",
            "WS_CONNECTS_PER_MINUTE": "1000000",
            "LOG_LEVEL": "WARNING",
            # As in production: debug off (no SQL kept per query), plain HTTP here.
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": "bench-" + "x" * 60,
            "DJANGO_SECURE_SSL_REDIRECT": "0",
            "DJANGO_SECURE_COOKIES": "0",
            "DJANGO_STATIC_MANIFEST": "0",
        }
        self.servers = [Server(env).start(timeout=120) for _ in range(count)]

    @property
    def name(self) -> str:
        return f"fishsite x{self.count}"

    def processes(self) -> list[psutil.Process]:
        found = []
        for server in self.servers:
            parent = psutil.Process(server.process.pid)
            found += [
                p for p in parent.children(recursive=True) if "daphne" in " ".join(p.cmdline())
            ]
        return found

    def endpoints(self, index: int) -> tuple[str, str]:
        server = self.servers[index % self.count]
        return server.base_url, server.ws_url

    def stop(self) -> None:
        for server in self.servers:
            server.kill()


class Reference:
    def __init__(self) -> None:
        self.port = free_port()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bench.reference_server", "--port", str(self.port)]
        )
        time.sleep(1.0)

    name = "reference"
    count = 1

    def processes(self) -> list[psutil.Process]:
        return [psutil.Process(self.process.pid)]

    def endpoints(self, index: int) -> tuple[str, str]:
        return f"http://127.0.0.1:{self.port}", f"ws://127.0.0.1:{self.port}"

    def stop(self) -> None:
        self.process.kill()
        self.process.wait()


# --- one step: N rooms for a while --------------------------------------------------


def open_rooms(system: Any, count: int) -> list[tuple[str, list[list[str]], list[str], str]]:
    """Per room: its code, each connection's server URLs (its own first, then the
    others, for reconnecting), the cookies and the origin. Connections of one
    room are spread over the server processes. The reference needs no HTTP."""
    connections = SEATS + 1
    if isinstance(system, Reference):
        return [
            (f"ref{i}", [[f"{system.endpoints(0)[1]}/ws/r/ref{i}/"]] * connections,
             [""] * connections, "")
            for i in range(count)
        ]  # fmt: skip

    def one(index: int):
        base, _ = system.endpoints(index)
        code, cookies = new_fish_room(base, connections)
        urls = [
            [f"{system.endpoints(index + c + k)[1]}/ws/r/{code}/" for k in range(system.count)]
            for c in range(connections)
        ]
        return code, urls, cookies, base

    with ThreadPoolExecutor(8) as pool:
        return list(pool.map(one, range(count)))


async def run_step(system: Any, rooms_count: int, args: argparse.Namespace) -> dict[str, Any]:
    procs = system.processes()
    rss_before = sum(p.memory_info().rss for p in procs)
    redis_before = redis_memory(system)
    specs = await asyncio.to_thread(open_rooms, system, rooms_count)
    rooms = []
    for index, (code, url, cookies, origin) in enumerate(specs):
        room = SimulatedRoom(code, seed=index, reference=isinstance(system, Reference))
        await room.connect(url, cookies, origin)
        rooms.append(room)
    if not isinstance(system, Reference):
        await asyncio.gather(*(room.seat_everyone() for room in rooms))
    rss_connected = sum(p.memory_info().rss for p in procs)
    redis_per_room = (redis_memory(system) - redis_before) / rooms_count
    stop = asyncio.Event()
    players = [asyncio.create_task(room.play(args.pace, stop)) for room in rooms]
    quiet_collector()
    await asyncio.sleep(args.warmup)
    for room in rooms:
        room.measuring = True
    cpu_before = sum(sum(p.cpu_times()[:2]) for p in procs)
    me = psutil.Process()
    my_cpu_before = sum(me.cpu_times()[:2])
    started = time.perf_counter()
    await asyncio.sleep(args.duration)
    elapsed = time.perf_counter() - started
    for room in rooms:
        room.measuring = False
    cpu = sum(sum(p.cpu_times()[:2]) for p in procs) - cpu_before
    my_cpu = sum(me.cpu_times()[:2]) - my_cpu_before
    stop.set()
    await asyncio.gather(*players, return_exceptions=True)
    restore_collector()
    rss_end = sum(p.memory_info().rss for p in procs)
    for room in rooms:
        await room.close()
    row = summarise(system, rooms_count, [r.tally for r in rooms], elapsed, cpu, my_cpu,
                    rss_before, rss_connected, rss_end)  # fmt: skip
    row["redis_bytes_per_idle_room"] = round(redis_per_room)
    return row


def quiet_collector() -> None:
    """Keep the load generator's own garbage collector out of the figures.

    With 2,000 connections its heap is large, and a full collection would
    stall every client for a few hundred milliseconds: latency charged to the
    server under test. Frames are freed by reference counting; the cycles a
    step leaves behind are collected after it."""
    gc.collect()
    gc.freeze()
    gc.disable()


def restore_collector() -> None:
    gc.enable()
    gc.unfreeze()
    gc.collect()


def redis_memory(system: Any) -> int:
    """Bytes Redis uses (0 for the reference, which has no Redis)."""
    if isinstance(system, Reference):
        return 0
    client = redis.Redis.from_url(system.redis_url)
    try:
        return int(client.info("memory")["used_memory"])
    finally:
        client.close()


def summarise(system, rooms_count, tallies: list[Tally], elapsed, cpu, my_cpu,
              rss_before, rss_connected, rss_end) -> dict[str, Any]:  # fmt: skip
    latencies = [x for t in tallies for x in t.latencies]
    sent = sum(t.sent for t in tallies)
    errors = sum(t.errors for t in tallies)
    codes: dict[str, int] = {}
    for tally in tallies:
        for code, n in tally.error_codes.items():
            codes[code] = codes.get(code, 0) + n
    connections = rooms_count * (SEATS + 1)
    return {
        "system": system.name,
        "processes": system.count,
        "rooms": rooms_count,
        "connections": connections,
        "actions": len(latencies),
        "sent": sent,
        "actions_per_second": round(len(latencies) / elapsed, 1),
        "p50_ms": round(percentile(latencies, 0.50) * 1000, 1),
        "p95_ms": round(percentile(latencies, 0.95) * 1000, 1),
        "p99_ms": round(percentile(latencies, 0.99) * 1000, 1),
        "max_ms": round(max(latencies, default=float("nan")) * 1000, 1),
        "mean_ms": round(statistics.fmean(latencies) * 1000, 1) if latencies else None,
        "unanswered": sent - len(latencies) - errors,
        "errors": errors,
        "error_codes": codes,
        "dropped": sum(t.dropped for t in tallies),
        "out_of_order": sum(t.out_of_order for t in tallies),
        "games_finished": sum(t.games for t in tallies),
        "server_cpu_share": round(cpu / elapsed, 3),
        "server_cpu_ms_per_action": round(cpu * 1000 / max(1, len(latencies)), 2),
        "loadgen_cpu_share": round(my_cpu / elapsed, 3),
        "server_rss_mb": round(rss_end / 2**20, 1),
        "rss_per_connection_kb": round((rss_connected - rss_before) / connections / 1024, 1),
        "rss_per_room_kb": round((rss_connected - rss_before) / rooms_count / 1024, 1),
    }


def healthy(row: dict[str, Any]) -> bool:
    return (
        row["p99_ms"] <= LATENCY_LIMIT_S * 1000
        and row["errors"] == 0
        and row["dropped"] == 0
        and row["out_of_order"] == 0
    )


# --- the whole run --------------------------------------------------------------


def measure(system: Any, steps: list[int], args: argparse.Namespace) -> list[dict[str, Any]]:
    rows = []
    try:
        for count in steps:
            row = asyncio.run(run_step(system, count, args))
            rows.append(row)
            print(format_row(row), flush=True)
            if row["p99_ms"] > args.give_up_ms:
                break  # saturated: bigger steps would only take longer
    finally:
        system.stop()
    return rows


def format_row(row: dict[str, Any]) -> str:
    return (
        f"{row['system']:>13} {row['rooms']:>5} rooms: p50 {row['p50_ms']:7.1f} "
        f"p95 {row['p95_ms']:7.1f} p99 {row['p99_ms']:7.1f} max {row['max_ms']:7.1f} ms, "
        f"{row['actions_per_second']:6.1f} act/s, err {row['errors']}, drop {row['dropped']}, "
        f"ooo {row['out_of_order']}, cpu {row['server_cpu_share']:.2f} "
        f"({row['server_cpu_ms_per_action']} ms/action), rss {row['server_rss_mb']} MB"
    )


def capacity(rows: list[dict[str, Any]]) -> int:
    """The most rooms at which the p99 stayed under the limit with no errors."""
    held = [row["rooms"] for row in rows if healthy(row)]
    return max(held, default=0)


def ratios(ours: list[dict], reference: list[dict]) -> list[dict[str, Any]]:
    by_rooms = {row["rooms"]: row for row in reference}
    return [
        {
            "system": row["system"],
            "rooms": row["rooms"],
            "p50_ratio": round(row["p50_ms"] / by_rooms[row["rooms"]]["p50_ms"], 2),
            "p99_ratio": round(row["p99_ms"] / by_rooms[row["rooms"]]["p99_ms"], 2),
            "cpu_ratio": round(
                row["server_cpu_share"] / max(by_rooms[row["rooms"]]["server_cpu_share"], 1e-6), 2
            ),
        }
        for row in ours
        if row["rooms"] in by_rooms
    ]


def plot(report: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axis = plt.subplots(figsize=(8, 5))
    systems: dict[str, list[dict]] = {}
    for row in report["rows"]:
        systems.setdefault(row["system"], []).append(row)
    for name, rows in systems.items():
        rooms = [row["rooms"] for row in rows]
        for key, style in (("p50_ms", ":"), ("p95_ms", "--"), ("p99_ms", "-")):
            axis.plot(rooms, [row[key] for row in rows], style, marker="o",
                      label=f"{name} {key[:3]}")  # fmt: skip
    axis.axhline(LATENCY_LIMIT_S * 1000, color="grey", linewidth=0.8)
    axis.set_xlabel("concurrent Fish rooms (6 players + 1 spectator, 1 action/s each)")
    axis.set_ylabel("action to everyone, ms")
    axis.set_yscale("log")
    axis.legend(fontsize=7)
    figure.tight_layout()
    figure.savefig(path, dpi=120)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.load", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--rooms", default="25,50,100,200,300", help="room counts, comma-separated")
    parser.add_argument("--servers", default="1,2", help="server process counts to measure")
    parser.add_argument("--duration", type=float, default=20.0, help="measured seconds per step")
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--pace", type=float, default=1.0, help="actions per room per second")
    parser.add_argument("--no-reference", action="store_true")
    parser.add_argument("--give-up-ms", type=float, default=2000.0,
                        help="stop a configuration's steps once its p99 passes this")  # fmt: skip
    parser.add_argument("--out", default="bench/out")
    args = parser.parse_args(argv)
    steps = [int(n) for n in args.rooms.split(",")]
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "fishsite.settings")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    redis = None
    redis_url = os.environ.get("REDIS_URL")
    if not redis_url:
        redis = EmbeddedRedis().start()
        redis_url = redis.url
    report: dict[str, Any] = {"pace": args.pace, "duration": args.duration, "rows": []}
    try:
        reference_rows = [] if args.no_reference else measure(Reference(), steps, args)
        report["rows"] += reference_rows
        ours = []
        for count in [int(n) for n in args.servers.split(",")]:
            ours += measure(Fishsite(count, redis_url), steps, args)
        report["rows"] += ours
        report["ratios"] = ratios(ours, reference_rows)
        report["capacity"] = {
            name: capacity([r for r in report["rows"] if r["system"] == name])
            for name in sorted({r["system"] for r in report["rows"]})
        }
    finally:
        if redis is not None:
            redis.cleanup()
    (out / "load.json").write_text(json.dumps(report, indent=2))
    plot(report, out / "load.png")
    print(json.dumps({"capacity": report["capacity"], "ratios": report["ratios"]}, indent=2))
    print(f"wrote {out / 'load.json'} and {out / 'load.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
