"""The room service: every change to a room goes through ``RoomService.change``.

One change: load the room document from Redis (rebuilding it from the
database if Redis lost it), let a pure function work out the new document,
write the move to the database first, then compare-and-set the document in
Redis. If another writer won the race, reload and re-validate from scratch.
Afterwards, tell every connection in the room (each builds its own view).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import DatabaseError, DataError
from redis.exceptions import RedisError

from games.base import Entry
from rooms.document import RoomDoc
from rooms.errors import RoomError
from rooms.live.move_writer import move_writer
from rooms.live.rebuild import rebuild_document
from rooms.live.scheduler import mark_due, schedule
from rooms.live.snapshots import parsed_room
from rooms.live.store import Loaded, RoomStore
from rooms.moves import Move
from rooms.records import records

logger = logging.getLogger("fishsite.rooms")

MAX_ATTEMPTS = 40
# A move in the database that Redis still lacks after this long was orphaned
# by a server that died between the two writes: catch Redis up from it.
ORPHAN_AGE_SECONDS = 1.0
# At most this many log entries travel with one change (the rest are summed up).
MAX_EVENTS = 50
# Seconds before each new try of database work that failed after its change was
# stored; past the last, the work is given up (and logged).
RETRY_DELAYS = (0.2, 1.0, 5.0, 15.0)


def group_name(code: str) -> str:
    return f"room.{code}"


@dataclass
class Change:
    """What a change function decided, besides the edits to the room document."""

    events: list[Entry] = field(default_factory=list)
    move: Move | None = None
    # Lobby changes are stored in the database after the compare-and-set.
    snapshot: bool = False
    # Extra database work after the compare-and-set, given the new version.
    after: list[Callable[[], None]] = field(default_factory=list)


@dataclass
class ChangeResult:
    """The room after a change, and the version it was stored as (when the
    change function decided nothing, the version it saw)."""

    version: int
    room: RoomDoc


ChangeFn = Callable[[RoomDoc], Awaitable[Change | None]]


class RoomService:
    def __init__(self, store: RoomStore | None = None) -> None:
        self.store = store or RoomStore()
        self.layer = get_channel_layer()

    async def load(self, code: str) -> Loaded | None:
        """The live room, rebuilt from the database when Redis does not have it."""
        loaded = await self.store.load(code)
        if loaded is not None:
            return loaded
        known = await database_sync_to_async(records.room_for_rebuild)(code)
        if known is None:
            return None
        saved = await self.store.save(code, rebuild_document(known), None)
        if saved is None:  # another server rebuilt it at the same moment
            return await self.store.load(code)
        logger.warning("room %s rebuilt from the database", code)
        return await self.store.load(code)

    async def peek(self, code: str) -> Loaded | None:
        """Like ``load``, for reading only: the document is parsed once per
        version and process and shared, so callers must not modify it."""
        raw = await self.store.load_raw(code)
        if raw is None:
            return await self.load(code)
        return Loaded(raw[0], parsed_room(code, *raw))

    async def change(self, code: str, fn: ChangeFn) -> ChangeResult:
        """Apply ``fn`` to the room until it lands on an unchanged version."""
        recorded: Move | None = None
        conflicts = 0
        room: RoomDoc | None = None
        for _ in range(MAX_ATTEMPTS):
            loaded = await self.load(code)
            if loaded is None:
                raise RoomError("no-room", "There is no such room.")
            version, room = loaded
            try:
                change = await fn(room)
            except DatabaseError as error:  # e.g. creating the row of a new match
                await self.forget(recorded, room)
                logger.error("room %s: the database failed before a change: %s", code, error)
                raise RoomError(
                    "record-unavailable",
                    "The database is unavailable, so nothing changed. Please try again soon.",
                ) from None
            except Exception:
                await self.forget(recorded, room)
                raise
            if change is None:
                await self.forget(recorded, room)
                return ChangeResult(version, room)
            move = change.move
            if recorded is not None and not same_move(recorded, move):
                await self.forget(recorded, room)
                recorded = None
            if move is not None and recorded is None:
                try:
                    await self.record(code, move)
                except records.MoveConflict as conflict:
                    conflicts += 1
                    if conflict.age >= ORPHAN_AGE_SECONDS:
                        await self.catch_up(code)
                    await asyncio.sleep(min(0.1, 0.005 * conflicts))
                    continue
                recorded = move
            due_changed = mark_due(room)
            saved = await self.store.save(code, room, version)
            if saved is None:
                continue
            new_version, data = saved
            await self.broadcast(code, new_version, data, change.events)
            await self.after_save(room, new_version, change)
            await schedule(room, due_changed)
            return ChangeResult(new_version, room)
        await self.forget(recorded, room)
        raise RoomError("busy", "The room is very busy; please try again.")

    async def record(self, code: str, move: Move) -> None:
        try:
            await move_writer().write(move)
        except DataError as error:
            # A value the database cannot hold (PostgreSQL refuses NUL in text and
            # JSON): trying again would not help.
            logger.warning("room %s: a move the database cannot store: %s", code, error)
            raise RoomError(
                "unrecordable",
                "This move holds a value that cannot be saved (such as a NUL character), "
                "so it was not played.",
            ) from None
        except DatabaseError as error:
            # Never accept a move that is not recorded: refuse it instead.
            logger.error("room %s: cannot record a move: %s", code, error)
            raise RoomError(
                "record-unavailable",
                "Your move could not be saved, so it was not played. Please try again in a moment.",
            ) from None

    async def forget(self, move: Move | None, room: RoomDoc | None) -> None:
        """Take back a recorded move that did not make it into the live state.

        If the live state has it after all (another server caught up from the
        database meanwhile), it stays: it was played.
        """
        if move is None:
            return
        match = room.get("match") if room else None
        if match is not None and match["id"] == move.match_id and match["moves"] > move.index:
            return
        await database_sync_to_async(records.forget_move)(move.match_id, move.index, move.client_id)

    async def catch_up(self, code: str) -> None:
        """Rebuild the live document from the database, which holds more moves."""
        loaded = await self.store.load(code)
        known = await database_sync_to_async(records.room_for_rebuild)(code)
        if loaded is None or known is None:
            return
        version, room = loaded
        rebuilt = rebuild_document(known, keep=room)
        saved = await self.store.save(code, rebuilt, version)
        if saved is not None:
            logger.warning("room %s caught up with the database", code)
            await self.broadcast(code, saved[0], saved[1], [])

    async def after_save(self, room: RoomDoc, version: int, change: Change) -> None:
        """The database work of a stored change. The change stands whatever
        happens here, so a database error is not the player's: they get their
        answer, and the work is retried in the background."""
        work = list(change.after)
        if change.snapshot:
            work.append(lambda: records.save_snapshot(room, version))
        if not work:
            return
        code = room["code"]
        if code in _backlogs:  # behind the room's failed work, to keep its order
            _backlogs[code].extend(work)
            return
        try:
            await database_sync_to_async(run_all)(work)
        except DatabaseError as error:
            logger.warning(
                "room %s: database work after version %s failed, retrying it: %s",
                code,
                version,
                error,
            )
            _backlogs[code] = work
            retry = asyncio.ensure_future(retry_backlog(code))
            _retries.add(retry)  # the loop keeps only a weak reference to a task
            retry.add_done_callback(_retries.discard)

    async def broadcast(self, code: str, version: int, data: bytes, events: list[Entry]) -> None:
        message = {"type": "room.changed", "v": version, "data": data, "events": events}
        if len(events) > MAX_EVENTS:
            # "See the result" can flip thousands of cards at once: the state says
            # where things ended; the last moves are enough to show.
            message["events"] = events[-MAX_EVENTS:]
            message["skipped"] = len(events) - MAX_EVENTS
        try:
            await self.layer.group_send(group_name(code), message)
        except RedisError as error:
            # The change is stored; clients catch up on their next heartbeat (its
            # pong carries the stored version), as after any lost message.
            logger.warning("room %s: broadcast of version %s lost: %s", code, version, error)


def same_move(a: Move, b: Move | None) -> bool:
    return b is not None and (a.match_id, a.index, a.client_id) == (
        b.match_id,
        b.index,
        b.client_id,
    )


def run_all(work: list[Callable[[], None]]) -> None:
    """Each job leaves the list once done, so a retry resumes at the one that failed."""
    while work:
        work[0]()
        del work[0]


# Per room, database work that failed after its change was stored, and any the
# room's later changes queued behind it. Every job may run twice (they set
# values, or skip what is done), so resuming after a failure is safe.
_backlogs: dict[str, list[Callable[[], None]]] = {}
_retries: set[asyncio.Future] = set()


async def retry_backlog(code: str) -> None:
    backlog = _backlogs[code]
    failures = 0
    while backlog and failures < len(RETRY_DELAYS):
        await asyncio.sleep(RETRY_DELAYS[failures])
        try:
            await database_sync_to_async(run_all)(backlog)
        except DatabaseError as error:
            failures += 1
            logger.warning("room %s: database work failed again (%s): %s", code, failures, error)
        else:
            logger.info("room %s: database work done on retry", code)
    if backlog:
        # Lost until a later snapshot of the room writes its seats and status again.
        logger.error(
            "room %s: %s database jobs given up after %s tries", code, len(backlog), failures + 1
        )
    del _backlogs[code]  # no await since the last check: nothing was queued meanwhile


def grace_seconds() -> float:
    return float(settings.SEAT_GRACE_SECONDS)
