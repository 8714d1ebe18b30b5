"""One simulated room for the load benchmark: six players and a spectator.

Each connection is a plain websocket client. Players choose moves from their
own view only (the legal choices the server lists), one action per room at a
set pace, with an occasional declaration so that whole games run and new
games start. For every action we record when it was sent and when each of the
room's seven connections received the resulting version.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import time
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

SEATS = 6
DECLARE_CHANCE = 0.08


@dataclass
class Tally:
    """What one room measured; the benchmark adds the rooms up."""

    latencies: list[float] = field(default_factory=list)
    sent: int = 0
    errors: int = 0
    dropped: int = 0
    out_of_order: int = 0
    games: int = 0
    error_codes: dict[str, int] = field(default_factory=dict)


class Connection:
    """One websocket: keeps its latest frame and reports arrivals to the room."""

    def __init__(self, room: SimulatedRoom, ws: ClientConnection) -> None:
        self.room = room
        self.ws = ws
        self.latest: dict[str, Any] | None = None
        self.version = 0

    async def listen(self) -> None:
        async for text in self.ws:
            frame = json.loads(text)
            kind = frame["type"]
            if kind == "room":
                self.on_room(frame)
            elif kind == "ack":
                self.room.on_ack(frame)
            elif kind == "error":
                self.room.on_error(frame)

    def on_room(self, frame: dict[str, Any]) -> None:
        version = frame["v"]
        if self.version and version < self.version:
            self.room.tally.out_of_order += 1
            return
        if self.version and version > self.version + 1 and self.room.measuring:
            self.room.tally.dropped += version - self.version - 1
        self.version = version
        self.latest = frame
        self.room.on_arrival(version)

    async def send(self, payload: dict[str, Any]) -> None:
        await self.ws.send(json.dumps(payload))


class SimulatedRoom:
    _ids = itertools.count(1)

    def __init__(self, code: str, seed: int, reference: bool = False) -> None:
        self.code = code
        self.rng = random.Random(seed)
        self.reference = reference
        self.connections: list[Connection] = []
        self.tally = Tally()
        self.measuring = False
        self.pending: dict[str, float] = {}  # action id -> sent at
        self.awaited: dict[int, float] = {}  # version -> sent at
        self.arrivals: dict[int, int] = {}
        self.complete: dict[int, float] = {}  # version -> when the last connection had it
        self.tasks: list[asyncio.Task] = []
        self.acked = asyncio.Event()

    async def connect(self, url: str, cookies: list[str], origin: str) -> None:
        for cookie in cookies:
            headers = {"Cookie": cookie} if cookie else {}
            ws = await connect(
                url, origin=origin, additional_headers=headers, open_timeout=60,
                max_size=2**22, ping_interval=None,
            )  # fmt: skip
            conn = Connection(self, ws)
            self.connections.append(conn)
            self.tasks.append(asyncio.create_task(conn.listen()))

    # --- measuring ----------------------------------------------------------------
    # An action's latency: from sending it to the moment the last of the room's
    # connections has the version it produced. The ack (which names the version)
    # may come back before or after that moment, so both orders are handled.

    def on_arrival(self, version: int) -> None:
        count = self.arrivals.get(version, 0) + 1
        self.arrivals[version] = count
        if count < len(self.connections):
            return
        del self.arrivals[version]
        now = time.perf_counter()
        sent = self.awaited.pop(version, None)
        if sent is None:
            self.complete[version] = now
            self.forget_before(version - 64)
        else:
            self.record(now - sent)

    def on_ack(self, frame: dict[str, Any]) -> None:
        self.acked.set()
        sent = self.pending.pop(frame["id"], None)
        if sent is None:
            return
        version = frame["v"]
        done = self.complete.pop(version, None)
        if done is None:
            self.awaited[version] = sent
        else:
            self.record(done - sent)

    def record(self, latency: float) -> None:
        if self.measuring:
            self.tally.latencies.append(latency)

    def forget_before(self, version: int) -> None:
        """Versions nobody waits for (joins, new games) must not pile up."""
        for old in [v for v in self.complete if v < version]:
            del self.complete[old]

    def on_error(self, frame: dict[str, Any]) -> None:
        self.pending.pop(frame.get("id"), None)
        self.acked.set()
        if self.measuring:
            self.tally.errors += 1
            code = frame.get("code", "?")
            self.tally.error_codes[code] = self.tally.error_codes.get(code, 0) + 1

    # --- playing ------------------------------------------------------------------

    async def command(self, conn: Connection, kind: str, **fields: Any) -> None:
        command_id = f"b{next(self._ids)}"
        self.acked.clear()
        await conn.send({"type": kind, "id": command_id, **fields})
        await asyncio.wait_for(self.acked.wait(), 30)

    async def seat_everyone(self) -> None:
        for seat in range(SEATS):
            await self.command(self.connections[seat], "sit", seat=seat)
        await self.command(self.connections[0], "start")

    def next_move(self) -> tuple[Connection, dict[str, Any]] | None:
        """The move of the player whose turn it is, chosen from their own view."""
        if self.reference:
            return self.connections[0], {"type": "ask"}
        views = [conn.latest for conn in self.connections[:SEATS]]
        if any(view is None or view["game"] is None for view in views):
            return None
        game = views[0]["game"]
        if game["over"]:
            return self.connections[0], {"again": True}
        mover = self.connections[game["turn"]]
        actions = mover.latest["game"]["actions"]
        declare = actions.get("declare")
        if declare and (not actions.get("ask") or self.rng.random() < DECLARE_CHANCE):
            halfsuit = self.rng.choice(declare["halfsuits"])
            cards = {
                card: self.rng.choice(declare["teammates"]) for card in halfsuit_cards(halfsuit)
            }
            return mover, {"type": "declare", "halfsuit": halfsuit, "cards": cards}
        ask = actions["ask"]
        return mover, {
            "type": "ask",
            "target": self.rng.choice(ask["targets"]),
            "card": self.rng.choice(ask["cards"]),
        }

    async def play(self, pace: float, stop: asyncio.Event) -> None:
        """One action per 1/pace seconds, with a random phase so rooms do not beat."""
        await asyncio.sleep(self.rng.random() / pace)
        while not stop.is_set():
            started = time.perf_counter()
            await self.act_once()
            elapsed = time.perf_counter() - started
            await asyncio.sleep(max(0.0, 1 / pace - elapsed))

    async def act_once(self) -> None:
        chosen = self.next_move()
        if chosen is None:
            return
        conn, action = chosen
        command_id = f"b{next(self._ids)}"
        if action.get("again"):
            self.tally.games += 1
            await conn.send({"type": "again", "id": command_id})
            return
        self.pending[command_id] = time.perf_counter()
        if self.measuring:
            self.tally.sent += 1
        await conn.send({"type": "act", "id": command_id, "action": action})

    async def close(self) -> None:
        for conn in self.connections:
            await conn.ws.close()
        for task in self.tasks:
            task.cancel()


def halfsuit_cards(name: str) -> list[str]:
    from games.halfsuits import HALFSUITS

    return list(HALFSUITS[name])
