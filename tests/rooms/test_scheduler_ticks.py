"""Timed work in one room runs one tick at a time in a process.

Ticks of one room that overlap only fight over its compare-and-set: with
every seat a computer, each move set a timer and the poll claimed the room
too, and the table stalled on "busy" under load.
"""

from __future__ import annotations

import asyncio

import pytest

from rooms.live import scheduler


@pytest.fixture
def recorded_ticks(monkeypatch):
    running: dict[str, int] = {}
    seen = {"overlap": 0, "ticks": 0}

    async def tick(code: str) -> None:
        running[code] = running.get(code, 0) + 1
        seen["overlap"] = max(seen["overlap"], running[code])
        seen["ticks"] += 1
        await asyncio.sleep(0.02)
        running[code] -= 1

    monkeypatch.setattr(scheduler, "tick", tick)
    return seen


async def wait_idle() -> None:
    for _ in range(200):
        if not scheduler._tasks:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("ticks never finished")


async def test_ticks_of_one_room_never_overlap(recorded_ticks) -> None:
    for _ in range(10):
        scheduler.spawn("ROOMA")
    await wait_idle()
    assert recorded_ticks["overlap"] == 1


async def test_work_arriving_during_a_tick_gets_one_more_tick(recorded_ticks) -> None:
    scheduler.spawn("ROOMB")
    await asyncio.sleep(0.005)  # the first tick is under way
    for _ in range(5):
        scheduler.spawn("ROOMB")
    await wait_idle()
    assert recorded_ticks["ticks"] == 2


async def test_other_rooms_tick_side_by_side(recorded_ticks) -> None:
    for code in ("ROOMC", "ROOMD", "ROOME"):
        scheduler.spawn(code)
    await asyncio.sleep(0.01)
    assert len(scheduler._tasks) == 3
    await wait_idle()
    assert recorded_ticks["ticks"] == 3
