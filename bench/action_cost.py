"""The server's CPU cost of one action, and a profile of where it goes.

    python -m bench.action_cost [--actions 400] [--profile] [--compare]

Runs the real server code in this process (the ASGI app with its consumers,
the Redis channel layer and state store, a SQLite database) with one Fish
room of six players and a spectator connected through Channels' in-process
websocket communicator, and plays random legal asks one at a time. Each action
is measured from sending its frame until all seven connections have received
the resulting version. It prints the CPU time per action (the client side's
share, parsing seven frames, is measured apart and taken off), and with
--profile the functions that cost the most. --compare runs it twice in one go,
each in a fresh process: with channels-redis's list-based channel layer (one
Redis message per socket, as the server first shipped) and with the pub/sub
layer the server uses now, and prints the ratio. With --profile,
PROFILE_CALLERS=<regex> also lists who called the functions it matches.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import json
import os
import pstats
import random
import subprocess
import sys
import tempfile
import time
from typing import Any


def configure() -> Any:
    """Django on a fresh SQLite file and on REDIS_URL (or an embedded Redis)."""
    directory = tempfile.mkdtemp(prefix="fishsite-cost-")
    os.environ["DATABASE_URL"] = f"sqlite:///{directory}/cost.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "fishsite.settings")
    os.environ["BOT_PAUSE_SECONDS"] = "0"
    os.environ["WS_RATE_PER_SECOND"] = "100000"
    os.environ["WS_RATE_BURST"] = "100000"
    os.environ["LOG_LEVEL"] = "WARNING"
    embedded = None
    if not os.environ.get("REDIS_URL"):
        from fishsite.embedded_redis import EmbeddedRedis

        embedded = EmbeddedRedis().start()
        os.environ["REDIS_URL"] = embedded.url
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    return embedded


async def seated_room() -> tuple[str, list[Any]]:
    from rooms.live.commands import Actor
    from rooms.web.creation import open_room
    from tests.rooms.client import RoomClient, new_guest

    guest, key = await new_guest("Host")
    code = await open_room(Actor(guest=guest, name="Host"), "fish", {})
    host = RoomClient(code, guest, key, "Host")
    await host.connect()
    clients = [host] + [await RoomClient.join(code, f"P{i}") for i in range(1, 6)]
    for seat, client in enumerate(clients):
        await client.command("sit", seat=seat)
    clients.append(await RoomClient.join(code, "Watcher"))
    await everyone_sees(clients, await host.command("start"))
    return code, clients


async def everyone_sees(clients: list[Any], reply: dict[str, Any]) -> None:
    for client in clients:
        await client.wait_for(lambda frame, v=reply["v"]: frame["v"] >= v)


async def one_action(clients: list[Any], rng: random.Random) -> bool:
    players = clients[:6]
    game = players[0].game
    if game is None or game["over"]:
        return False
    mover = players[game["turn"]]
    ask = mover.game["actions"].get("ask")
    if not ask:
        return False
    action = {"type": "ask", "target": rng.choice(ask["targets"]), "card": rng.choice(ask["cards"])}
    await everyone_sees(clients, await mover.act(action))
    return True


async def client_parse_cost(clients: list[Any]) -> float:
    """CPU seconds the test clients spend parsing one action's seven frames."""
    frames = [json.dumps(client.latest) for client in clients]
    started = time.process_time()
    for _ in range(200):
        for text in frames:
            json.loads(text)
    return (time.process_time() - started) / 200


async def run(actions: int, profile: bool) -> dict[str, Any]:
    code, clients = await seated_room()
    rng = random.Random(1)
    profiler = cProfile.Profile() if profile else None
    done = 0
    cpu_started, wall_started = time.process_time(), time.perf_counter()
    if profiler:
        profiler.enable()
    while done < actions:
        if await one_action(clients, rng):
            done += 1
        else:  # the game ended (or only declarations remain): start another
            await everyone_sees(clients, await clients[0].command("again"))
    if profiler:
        profiler.disable()
    cpu = time.process_time() - cpu_started
    wall = time.perf_counter() - wall_started
    parse = await client_parse_cost(clients)
    report = {
        "actions": done,
        "cpu_ms_per_action": round(cpu * 1000 / done, 3),
        "client_parse_ms_per_action": round(parse * 1000, 3),
        "server_cpu_ms_per_action": round((cpu / done - parse) * 1000, 3),
        "wall_ms_per_action": round(wall * 1000 / done, 3),
        "frame_bytes": [len(json.dumps(client.latest)) for client in clients],
    }
    if profiler:
        out = io.StringIO()
        stats = pstats.Stats(profiler, stream=out).sort_stats("tottime")
        stats.print_stats(30)
        if os.environ.get("PROFILE_CALLERS"):
            stats.print_callers(os.environ["PROFILE_CALLERS"])
        report["profile"] = out.getvalue()
    for client in clients:
        await client.disconnect()
    return report


def compare(actions: int) -> dict[str, Any]:
    """Both layers, each in its own process, one after the other."""
    reports = {}
    for layer in ("lists", "pubsub"):
        env = {**os.environ, "CHANNEL_LAYER": layer}
        run = subprocess.run(
            [sys.executable, "-m", "bench.action_cost", "--actions", str(actions)],
            env=env, capture_output=True, text=True, check=True,
        )  # fmt: skip
        reports[layer] = json.loads(run.stdout)
    before = reports["lists"]["server_cpu_ms_per_action"]
    after = reports["pubsub"]["server_cpu_ms_per_action"]
    reports["cpu_ratio_after_to_before"] = round(after / before, 3)
    return reports


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.action_cost")
    parser.add_argument("--actions", type=int, default=400)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--compare", action="store_true")
    args = parser.parse_args(argv)
    if args.compare:
        print(json.dumps(compare(args.actions), indent=2))
        return 0
    embedded = configure()
    try:
        report = asyncio.run(run(args.actions, args.profile))
    finally:
        if embedded is not None:
            embedded.cleanup()
    profile = report.pop("profile", None)
    print(json.dumps(report, indent=2))
    if profile:
        print(profile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
