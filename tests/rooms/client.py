"""A test client for the room websocket: a real connection through the ASGI app.

It follows the protocol as a browser would: it keeps the latest room frame,
resyncs when it sees a version gap, and answers nothing it was not asked.
Every frame it receives is kept, so tests can check each one for hidden cards.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable
from typing import Any

import orjson
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.sessions.backends.db import SessionStore

from fishsite.asgi import application
from rooms.models import Guest
from rooms.records.identity import SESSION_KEY

HOST = b"localhost"
_ids = itertools.count(1)


@database_sync_to_async
def new_guest(name: str) -> tuple[int, str]:
    """A guest with a saved session, as after a first page view."""
    guest = Guest.objects.create(display_name=name, name_confirmed=True)
    session = SessionStore()
    session[SESSION_KEY] = guest.pk
    session.save()
    return guest.pk, session.session_key


class RoomClient:
    def __init__(self, code: str, guest: int, session_key: str, name: str) -> None:
        self.code = code
        self.guest = guest
        self.session_key = session_key
        self.name = name
        self.frames: list[dict[str, Any]] = []
        # Every card this guest has legitimately held: their own hand, frame by frame.
        self.held: set[str] = set()
        self.latest: dict[str, Any] | None = None
        self.replies: dict[str, dict[str, Any]] = {}
        self.errors: list[dict[str, Any]] = []
        self.resyncs = 0
        self.closed: int | None = None
        self.socket: WebsocketCommunicator | None = None
        self.address = "127.0.0.1"
        self.mark: str | None = None  # from the last pong read: proof of reading

    @classmethod
    async def join(cls, code: str, name: str) -> RoomClient:
        guest, key = await new_guest(name)
        client = cls(code, guest, key, name)
        await client.connect()
        return client

    def communicator(self) -> WebsocketCommunicator:
        headers = [
            (b"origin", b"http://" + HOST),
            (b"host", HOST),
            (b"cookie", f"sessionid={self.session_key}".encode()),
        ]
        socket = WebsocketCommunicator(application, f"/ws/r/{self.code}/", headers=headers)
        # The scope is read once the app starts running, which is not yet.
        socket.scope["client"] = [self.address, 50000]
        return socket

    async def connect(self) -> None:
        self.socket = self.communicator()
        connected, code = await self.socket.connect(timeout=10)
        if not connected:
            raise ConnectionRefusedError(code)
        self.closed = None
        self.latest = None  # a new connection starts from its own first frame
        # A refusal is a close (with its code) before the first frame.
        await self.receive_one(10)
        if self.closed is not None:
            raise ConnectionRefusedError(self.closed)
        await self.wait_for(lambda frame: True)

    async def disconnect(self) -> None:
        assert self.socket is not None
        await self.socket.disconnect()
        self.socket = None

    # --- sending ----------------------------------------------------------------

    async def send_raw(self, text: str) -> None:
        await self.socket.send_to(text_data=text)

    async def send(self, kind: str, **fields: Any) -> str:
        command_id = fields.pop("id", None) or f"c{next(_ids)}"
        await self.send_raw(orjson.dumps({"type": kind, "id": command_id, **fields}).decode())
        return command_id

    async def command(self, kind: str, timeout: float = 30, **fields: Any) -> dict[str, Any]:
        """Send a command and wait for its ack or error."""
        command_id = await self.send(kind, **fields)
        await self.pump_until(lambda: command_id in self.replies, timeout)
        reply = self.replies.pop(command_id)
        if reply["type"] == "ack":  # the change's own frame follows the ack
            await self.wait_for(lambda frame: frame["v"] >= reply["v"], timeout)
        return reply

    async def ping(self) -> None:
        """A heartbeat, answered by a pong."""
        pongs = sum(1 for frame in self.frames if frame["type"] == "pong")
        await self.send_raw('{"type": "ping"}')
        await self.pump_until(lambda: sum(f["type"] == "pong" for f in self.frames) > pongs)

    async def ping_read(self) -> None:
        """A heartbeat saying how far this client has read, as browsers send."""
        await self.drain()
        await self.send_raw(orjson.dumps({"type": "ping", "mark": self.mark}).decode())

    async def act(self, action: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        return await self.command("act", action=action, **kwargs)

    # --- receiving --------------------------------------------------------------

    async def receive_one(self, timeout: float) -> bool:
        # receive_output's own timeout would kill the consumer, so wait politely first.
        if await self.socket.receive_nothing(timeout, interval=0.005):
            return False
        message = await self.socket.receive_output(1)
        if message["type"] == "websocket.close":
            self.closed = message.get("code", 1000)
            return True
        await self.handle(orjson.loads(message["text"]))
        return True

    async def handle(self, frame: dict[str, Any]) -> None:
        kind = frame["type"]
        if kind == "room":
            await self.handle_room(frame)
        elif kind in ("ack", "error") and frame.get("id"):
            self.replies[frame["id"]] = frame
        if kind == "error":
            self.errors.append(frame)
        if kind in ("closed", "pong"):
            self.frames.append(frame)
        if kind == "pong":
            self.mark = frame["mark"]

    async def handle_room(self, frame: dict[str, Any]) -> None:
        self.frames.append(frame)
        if len(self.frames) % 100 == 0:  # tell the server how far we have read
            await self.send_raw(orjson.dumps({"type": "ping", "mark": self.mark}).decode())
        if frame["game"] and frame["game"].get("hand"):
            self.held.update(frame["game"]["hand"])
        if self.latest is not None and frame["v"] <= self.latest["v"]:
            return
        gap = self.latest is not None and frame["v"] != self.latest["v"] + 1
        self.latest = frame
        if gap:
            # A frame went missing: ask for the whole state, as the protocol says.
            self.resyncs += 1
            await self.send_raw('{"type": "sync"}')

    async def pump_until(self, done: Callable[[], bool], timeout: float = 30) -> None:
        deadline = asyncio.get_running_loop().time() + timeout
        while not done():
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                raise AssertionError(f"{self.name}: timed out; last frame {self.latest}")
            if self.closed is not None:
                raise AssertionError(f"{self.name}: connection closed ({self.closed})")
            await self.receive_one(min(left, 0.5))

    async def wait_for(self, test: Callable[[dict[str, Any]], bool], timeout: float = 30):
        await self.pump_until(lambda: self.latest is not None and test(self.latest), timeout)
        return self.latest

    async def drain(self, quiet: float = 0.05) -> None:
        """Read everything already sent."""
        while self.socket is not None and await self.receive_one(quiet):
            if self.closed is not None:
                return

    # --- reading the latest frame -----------------------------------------------

    @property
    def room(self) -> dict[str, Any]:
        return self.latest["room"]

    @property
    def game(self) -> dict[str, Any] | None:
        return self.latest["game"]

    @property
    def seat(self) -> int | None:
        return self.latest["you"]["seat"]
