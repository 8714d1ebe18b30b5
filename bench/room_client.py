"""One simulated room for the load benchmark: six players and a spectator.

Each connection is a plain websocket client. Players choose moves from their
own view only (the legal choices the server lists), one action per room at a
set pace, with an occasional declaration so that whole games run and new
games start. For every action we record when it was sent and when each of the
room's seven connections received the resulting version.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import random
import time
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from games.halfsuits import HALFSUITS

SEATS = 6
DECLARE_CHANCE = 0.08
HEARTBEAT_SECONDS = 20.0


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
    """One websocket, as a browser tab keeps it: it reconnects (to the next server
    in its list) when the connection drops, pings with the mark of the last pong it read,
    keeps its latest frame and reports arrivals to the room."""

    def __init__(self, room: SimulatedRoom, urls: list[str], cookie: str, origin: str) -> None:
        self.room = room
        self.urls = urls
        self.cookie = cookie
        self.origin = origin
        self.ws: ClientConnection | None = None
        self.latest: dict[str, Any] | None = None
        self.version = 0
        self.mark: str | None = None  # from the last pong read: proof of reading
        self.fresh = True  # the first frame of a connection may jump ahead
        self.attempt = 0
        self.reconnects = 0

    async def open(self) -> None:
        url = self.urls[self.attempt % len(self.urls)]
        headers = {"Cookie": self.cookie} if self.cookie else {}
        self.ws = await connect(
            url, origin=self.origin or None, additional_headers=headers, open_timeout=60,
            max_size=2**22, ping_interval=None,
        )  # fmt: skip
        self.fresh = True

    async def run(self) -> None:
        while True:
            with contextlib.suppress(ConnectionClosed, OSError, TimeoutError):
                await self.listen()
            self.ws = None
            await self.reconnect()

    async def reconnect(self) -> None:
        delay = 0.2
        while True:
            self.attempt += 1
            try:
                await self.open()
                self.reconnects += 1
                return
            except (ConnectionClosed, OSError, TimeoutError, InvalidStatus):
                await asyncio.sleep(delay)
                delay = min(delay * 2, 3.0)

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
            elif kind == "pong":
                self.mark = frame["mark"]

    def on_room(self, frame: dict[str, Any]) -> None:
        version = frame["v"]
        if self.version and version < self.version:
            self.room.tally.out_of_order += 1
            return
        skipped = version > self.version + 1 and self.version and not self.fresh
        if skipped and self.room.measuring:
            self.room.tally.dropped += version - self.version - 1
        self.fresh = False
        self.version = version
        self.latest = frame
        self.room.on_arrival(version)

    async def heartbeat(self) -> None:
        while True:
            await asyncio.sleep(HEARTBEAT_SECONDS)
            await self.send({"type": "ping", "mark": self.mark})

    async def send(self, payload: dict[str, Any]) -> None:
        if self.ws is None:
            return  # reconnecting: the page would retry; the driver picks a new move
        with contextlib.suppress(ConnectionClosed):
            await self.ws.send(json.dumps(payload))


class SimulatedRoom:
    _ids = itertools.count(1)

    def __init__(
        self, code: str, seed: int, reference: bool = False, declare_chance: float = DECLARE_CHANCE
    ) -> None:
        self.code = code
        self.declare_chance = declare_chance
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
        self.refused: str | None = None
        self.last_accepted = time.monotonic()

    async def connect(self, urls: list[list[str]], cookies: list[str], origin: str) -> None:
        """One connection per cookie; connection i tries the servers in urls[i]."""
        for conn_urls, cookie in zip(urls, cookies, strict=True):
            conn = Connection(self, conn_urls, cookie, origin)
            await conn.open()
            self.connections.append(conn)
            self.tasks.append(asyncio.create_task(conn.run()))
            self.tasks.append(asyncio.create_task(conn.heartbeat()))

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
        self.last_accepted = time.monotonic()
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
        self.refused = frame.get("code")
        self.acked.set()
        if self.measuring:
            self.tally.errors += 1
            code = frame.get("code", "?")
            self.tally.error_codes[code] = self.tally.error_codes.get(code, 0) + 1

    # --- playing ------------------------------------------------------------------

    async def command(self, conn: Connection, kind: str, **fields: Any) -> None:
        """Send a set-up command and wait for its answer; retry what was refused."""
        for _ in range(20):
            command_id = f"b{next(self._ids)}"
            self.acked.clear()
            self.refused = None
            await conn.send({"type": kind, "id": command_id, **fields})
            await asyncio.wait_for(self.acked.wait(), 60)
            if self.refused is None:
                return
            await asyncio.sleep(0.2)
        raise RuntimeError(f"room {self.code}: {kind} refused: {self.refused}")

    async def seat_everyone(self) -> None:
        for seat in range(SEATS):
            await self.command(self.connections[seat], "sit", seat=seat)
        await self.command(self.connections[0], "start")

    def next_move(self) -> tuple[Connection, dict[str, Any]] | None:
        """The move of the player whose turn it is, chosen from their own view;
        None while no player's own latest frame says it is their turn."""
        if self.reference:
            return self.connections[0], {"type": "ask"}
        players = self.connections[:SEATS]
        if any(conn.latest is None or conn.latest["game"] is None for conn in players):
            return None
        if players[0].latest["game"]["over"]:
            return players[0], {"again": True}
        movers = [c for seat, c in enumerate(players) if c.latest["game"]["turn"] == seat]
        if not movers:
            return None
        mover = movers[0]
        actions = mover.latest["game"]["actions"]
        declare, ask = actions.get("declare"), actions.get("ask")
        if declare and (not ask or self.rng.random() < self.declare_chance):
            halfsuit = self.rng.choice(declare["halfsuits"])
            cards = {card: self.rng.choice(declare["teammates"]) for card in HALFSUITS[halfsuit]}
            return mover, {"type": "declare", "halfsuit": halfsuit, "cards": cards}
        if not ask:
            return None
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
            # The frames of the last move may still be on their way: wait for them.
            while not await self.act_once() and time.perf_counter() - started < 1 / pace:
                await asyncio.sleep(0.01)
            elapsed = time.perf_counter() - started
            await asyncio.sleep(max(0.0, 1 / pace - elapsed))

    async def act_once(self) -> bool:
        chosen = self.next_move()
        if chosen is None:
            return False
        conn, action = chosen
        command_id = f"b{next(self._ids)}"
        if action.get("again"):
            self.tally.games += 1
            await conn.send({"type": "again", "id": command_id})
            return True
        self.pending[command_id] = time.perf_counter()
        if self.measuring:
            self.tally.sent += 1
        await conn.send({"type": "act", "id": command_id, "action": action})
        return True

    async def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        for conn in self.connections:
            if conn.ws is not None:
                await conn.ws.close()
