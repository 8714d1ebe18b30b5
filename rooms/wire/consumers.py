"""The websocket consumer of ``/ws/r/<code>/``: one per connection.

It turns frames into commands for the room service and room changes into
this connection's own frames. It holds no game rules.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import time
from typing import Any

import orjson
from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.layers import get_channel_layer
from django.conf import settings
from redis.exceptions import RedisError

from games.errors import GameError
from rooms.document import RoomDoc
from rooms.errors import RoomError
from rooms.live import commands, frames, lobby
from rooms.live.limits import SendWindow, allow_connection
from rooms.live.presence import ensure_heartbeat, note_room
from rooms.live.protocol import Command, FrameError, Ping, Sync, frame_id, parse_frame
from rooms.live.scheduler import ensure_poller, schedule
from rooms.live.service import ChangeResult, RoomService, group_name
from rooms.live.snapshots import parsed_room, shared_public_room
from rooms.records import records
from rooms.records.identity import guest_id_of
from rooms.wire.inbox import dispatch_inbox
from rooms.wire.ratelimit import TokenBucket

logger = logging.getLogger("fishsite.ws")

CLOSE_NO_SESSION = 4401
CLOSE_NO_ROOM = 4404
CLOSE_FLOOD = 4429
CLOSE_TOO_SLOW = 4408
CLOSED = "This room is closed."
UNAVAILABLE = (
    "The game server cannot reach its storage right now, so nothing was changed. "
    "It will be back shortly."
)


class RoomConsumer(AsyncWebsocketConsumer):
    code: str
    actor: commands.Actor | None = None
    version: int = 0

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        # AsyncConsumer.__call__, with rooms.wire.inbox's loop in place of Channels' own.
        self.scope = scope
        self.channel_layer = get_channel_layer(self.channel_layer_alias)
        self.channel_name = await self.channel_layer.new_channel()
        self.channel_receive = functools.partial(self.channel_layer.receive, self.channel_name)
        self.base_send = send
        with contextlib.suppress(StopConsumer):
            await dispatch_inbox([receive, self.channel_receive], self.dispatch)

    async def connect(self) -> None:
        self.code = self.scope["url_route"]["kwargs"]["code"]
        address = (self.scope.get("client") or [None])[0]
        if not await allow_connection(address):
            logger.warning("connection flood from %s refused", address)
            await self.refuse(CLOSE_FLOOD)
            return
        guest = guest_id_of(self.scope.get("session"))
        name = await database_sync_to_async(records.guest_name)(guest) if guest else None
        if guest is None or name is None:
            await self.refuse(CLOSE_NO_SESSION)
            return
        self.service = RoomService()
        loaded = await self.service.load(self.code)
        if loaded is None:
            await self.refuse(CLOSE_NO_ROOM)
            return
        if loaded.room["status"] == "closed":
            await self.accept()
            await self.send_closed(loaded.version, loaded.room["notice"] or CLOSED)
            await self.close()
            return
        self.actor = commands.Actor(guest=guest, name=name, channel=self.channel_name)
        self.bucket = TokenBucket(settings.WS_RATE_PER_SECOND, settings.WS_RATE_BURST)
        self.window = SendWindow(settings.WS_MAX_UNREAD_BYTES)
        await self.accept()
        await self.channel_layer.group_add(group_name(self.code), self.channel_name)
        outcome = await self.service.change(self.code, commands.connect(self.actor))
        await self.send_frame(outcome.version, outcome.room, [])
        await note_room(self.code)
        # A computer turn left behind by a dead server resumes when anyone comes back.
        await schedule(outcome.room)
        ensure_poller()
        ensure_heartbeat()
        logger.info("connect room=%s guest=%s seat=%s", self.code, guest, self.seat(outcome))

    async def refuse(self, code: int) -> None:
        """Accept, then close with ``code``: a close during the handshake reaches
        the client as a bare HTTP 403 (Daphne), which says nothing about why."""
        await self.accept()
        await self.close(code=code)

    async def disconnect(self, code: int) -> None:
        await self.leave_room(code)

    async def leave_room(self, code: int) -> None:
        """Take this socket out of the room (once, whoever closed it)."""
        actor, self.actor = self.actor, None
        if actor is None:
            return
        await self.channel_layer.group_discard(group_name(self.code), self.channel_name)
        try:
            outcome = await self.service.change(self.code, commands.disconnect(actor))
            seat = lobby.seat_of(outcome.room, actor.guest)
        except Exception:
            logger.exception("disconnect bookkeeping failed in room %s", self.code)
            seat = None
        logger.info(
            "disconnect room=%s guest=%s seat=%s code=%s", self.code, actor.guest, seat, code
        )

    async def cut_off(self, code: int) -> None:
        """Close from our side: the room forgets the socket now, not when the
        client (which may be flooding or not reading) gets round to it."""
        await self.leave_room(code)
        await self.close(code=code)

    def seat(self, outcome: ChangeResult) -> int | None:
        return lobby.seat_of(outcome.room, self.actor.guest) if self.actor else None

    # --- from the client ------------------------------------------------------

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if self.actor is None:
            return  # cut off: whatever is still in flight is ignored
        text = text_data if text_data is not None else bytes_data
        if not self.bucket.take(time.monotonic()):
            await self.send_error(frame_id(text), "rate-limited", "Too many messages: slow down.")
            await self.cut_off(CLOSE_FLOOD)
            return
        command_id = None
        try:
            command = parse_frame(text)
            command_id = command.id
            await self.dispatch_command(command)
        except FrameError as error:
            await self.send_error(error.command_id, error.code, error.message)
        except GameError as error:  # a refused command: the room's or the game's rules
            await self.send_error(command_id, error.code, error.message)
        except RedisError as error:
            logger.error("room %s: Redis unavailable: %s", self.code, error)
            await self.send_error(command_id, "unavailable", UNAVAILABLE)

    async def dispatch_command(self, command: Command) -> None:
        match command:
            case Ping(mark=mark):
                self.window.returned(mark)
                # The stored version, so a page that missed the last frame notices.
                version = await self.heartbeat()
                await self.send_json({"type": "pong", "v": version, "mark": self.window.new_mark()})
            case Sync():
                loaded = await self.service.peek(self.code)
                if loaded is None:
                    raise RoomError("no-room", "This room no longer exists.")
                await self.send_frame(*loaded, [], force=True)
            case _:
                change = commands.change_for(command, self.actor)
                outcome = await self.service.change(self.code, change)
                if command.id is not None:
                    await self.send_json({"type": "ack", "id": command.id, "v": outcome.version})

    async def heartbeat(self) -> int:
        """Re-register presence if Redis lost it; returns the room's stored version."""
        loaded = await self.service.peek(self.code)
        if loaded is None:
            raise RoomError("no-room", "This room no longer exists.")
        if self.channel_name not in loaded.room["connections"]:
            outcome = await self.service.change(self.code, commands.connect(self.actor))
            return outcome.version
        return loaded.version

    async def dispatch(self, message: dict[str, Any]) -> None:
        # Channels closes stale database connections before every message: a
        # thread hop per socket per change. All our database work goes through
        # database_sync_to_async, which does that itself, so skip it here.
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    # --- to the client ----------------------------------------------------------

    async def room_changed(self, message: dict[str, Any]) -> None:
        if message["v"] <= self.version:
            return  # stale or already sent
        room = parsed_room(self.code, message["v"], message["data"])
        await self.send_frame(message["v"], room, message["events"], message.get("skipped", 0))

    async def send_frame(
        self,
        version: int,
        room: RoomDoc,
        events: list,
        skipped: int = 0,
        force: bool = False,
    ) -> None:
        if self.actor is None or (version < self.version and not force):
            return
        self.version = max(self.version, version)
        public = shared_public_room(self.code, version, room)
        frame = frames.frame(version, room, self.actor.guest, self.actor.name, events, public)
        if skipped:
            frame["skipped"] = skipped
        text = orjson.dumps(frame).decode()
        if not self.window.sent(len(text)):
            logger.warning("room %s: guest %s stopped reading", self.code, self.actor.guest)
            await self.cut_off(CLOSE_TOO_SLOW)
            return
        await self.send(text_data=text)

    async def send_error(self, command_id: str | None, code: str, message: str) -> None:
        await self.send_json(
            {"type": "error", "id": command_id, "code": code, "message": message, "v": self.version}
        )

    async def send_json(self, payload: dict[str, Any]) -> None:
        await self.send(text_data=orjson.dumps(payload).decode())

    async def room_closed(self, message: dict[str, Any]) -> None:
        await self.send_closed(message["v"], message["message"])
        await self.close()

    async def send_closed(self, version: int, message: str) -> None:
        await self.send_json({"type": "closed", "message": message, "v": version})
