"""Moves reach the database in batches: one thread hop and one commit for every
move waiting, rather than one each.

Each action still waits until its own move is committed before the live state
changes (nothing is accepted unrecorded). On a busy server the database thread
is slow to be scheduled, so writes that would queue behind each other go
together instead.
"""

from __future__ import annotations

import asyncio
import weakref

from channels.db import database_sync_to_async

from rooms.moves import Move
from rooms.records import records


class MoveWriter:
    def __init__(self) -> None:
        self.waiting: list[tuple[Move, asyncio.Future]] = []
        self.flushing = False

    async def write(self, move: Move) -> None:
        """Record ``move``; raises MoveConflict or the database's error."""
        done = asyncio.get_running_loop().create_future()
        self.waiting.append((move, done))
        if not self.flushing:
            self.flushing = True
            asyncio.ensure_future(self.flush())
        await done

    async def flush(self) -> None:
        try:
            while self.waiting:
                batch, self.waiting = self.waiting, []
                try:
                    outcomes = await database_sync_to_async(records.record_moves)(
                        [move for move, _ in batch]
                    )
                except Exception as error:  # the whole batch failed: tell each writer
                    outcomes = [error] * len(batch)
                for (_, done), outcome in zip(batch, outcomes, strict=True):
                    if outcome is None:
                        done.set_result(None)
                    else:
                        done.set_exception(outcome)
        finally:
            self.flushing = False


_writers: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, MoveWriter] = (
    weakref.WeakKeyDictionary()
)


def move_writer() -> MoveWriter:
    loop = asyncio.get_running_loop()
    writer = _writers.get(loop)
    if writer is None:
        writer = _writers[loop] = MoveWriter()
    return writer
