"""A database error after the compare-and-set: the change is stored, so the
player gets the answer, and the database work is done afterwards."""

from __future__ import annotations

import asyncio
import logging

import pytest
from channels.db import database_sync_to_async
from django.db import OperationalError

from rooms.models import Guest, Seat
from rooms.records import records
from tests.rooms.client import RoomClient
from tests.rooms.conftest import host_room, live

pytestmark = pytest.mark.django_db(transaction=True)


def failing_once(real):
    calls = []

    def job(*args, **kwargs):
        calls.append(args)
        if len(calls) == 1:
            raise OperationalError("database is locked")
        return real(*args, **kwargs)

    return job


@database_sync_to_async
def stored_seat(code: str, index: int) -> tuple[int, str] | None:
    """Who the database has in the seat, with their name; None while it is empty."""
    seat = Seat.objects.select_related("guest").get(room__code=code, index=index)
    return None if seat.guest is None else (seat.guest_id, seat.guest.display_name)


async def eventually(check, timeout: float = 10.0):
    deadline = asyncio.get_running_loop().time() + timeout
    while (value := await check()) is None:
        assert asyncio.get_running_loop().time() < deadline, "never done"
        await asyncio.sleep(0.05)
    return value


async def test_a_failed_snapshot_is_answered_and_written_later(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="fishsite.rooms")
    code, host = await host_room("go-fish", "Ann", seats=2)
    bob = await RoomClient.join(code, "Bob")
    monkeypatch.setattr(records, "save_snapshot", failing_once(records.save_snapshot))
    reply = await bob.command("sit", seat=1, name="Robert")
    assert reply["type"] == "ack", reply
    _, room = await live(code)
    assert room["seats"][1]["guest"] == bob.guest and room["seats"][1]["name"] == "Robert"

    assert await eventually(lambda: stored_seat(code, 1)) == (bob.guest, "Robert")
    messages = [record.getMessage() for record in caplog.records]
    assert any(code in m and "failed" in m and "database is locked" in m for m in messages)
    assert any(code in m and "done on retry" in m for m in messages), messages
    # The room goes on, its later changes in the database as before.
    assert (await host.command("sit", seat=0))["type"] == "ack"
    assert await eventually(lambda: stored_seat(code, 0)) == (host.guest, "Ann")


async def test_database_work_of_later_changes_waits_for_the_failed_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two renames, the first one's work failing: the second one's name wins in
    the database too, as it did in the room."""
    code, host = await host_room("go-fish", "Ann", seats=2)
    monkeypatch.setattr(records, "rename_guest", failing_once(records.rename_guest))
    assert (await host.command("sit", seat=0, name="First"))["type"] == "ack"
    assert (await host.command("sit", seat=1, name="Second"))["type"] == "ack"

    @database_sync_to_async
    def stored_name() -> str | None:
        name = Guest.objects.get(pk=host.guest).display_name
        return name if name == "Second" else None

    assert await eventually(stored_name) == "Second"
    await asyncio.sleep(1.5)  # past the retries: the first name never comes back
    assert await stored_name() == "Second"


async def test_a_database_error_before_the_change_refuses_it_and_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, host = await host_room("go-fish", "Ann", seats=2)
    bob = await RoomClient.join(code, "Bob")
    assert (await host.command("sit", seat=0))["type"] == "ack"
    assert (await bob.command("sit", seat=1))["type"] == "ack"
    version, before = await live(code)
    monkeypatch.setattr(records, "start_match", failing_once(records.start_match))
    reply = await host.command("start")
    assert reply["type"] == "error" and reply["code"] == "record-unavailable", reply
    assert await live(code) == (version, before)
    assert (await host.command("start"))["type"] == "ack"
    assert (await live(code))[1]["status"] == "playing"
