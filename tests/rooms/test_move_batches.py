"""Moves written at the same moment share one commit, and a conflict spoils
only the move it concerns."""

from __future__ import annotations

import asyncio

import pytest
from channels.db import database_sync_to_async

from rooms.move_writer import move_writer
from rooms.records import MoveConflict, match_moves
from tests.rooms.client import RoomClient
from tests.rooms.conftest import host_room, settle

pytestmark = pytest.mark.django_db(transaction=True)


async def started_match(name: str) -> int:
    code, host = await host_room("go-fish", name, seats=2)
    other = await RoomClient.join(code, name + " 2")
    await host.command("sit", seat=0)
    await other.command("sit", seat=1)
    await host.command("start")
    room = await settle(code, [host, other])
    return room["match"]["id"]


async def test_moves_at_once_are_all_recorded_and_a_taken_index_is_refused() -> None:
    first, second = await started_match("Ann"), await started_match("Cat")
    ask = {"type": "ask", "target": 1, "rank": "A"}
    writer = move_writer()
    outcomes = await asyncio.gather(
        writer.write((first, 0, 0, ask, "ann:1", None)),
        writer.write((second, 0, 0, ask, "cat:1", None)),
        writer.write((first, 0, 1, ask, "bob:1", None)),  # the same index, another player
        writer.write((first, 1, 1, ask, "bob:2", None)),
        return_exceptions=True,
    )
    assert outcomes[:2] == [None, None] and outcomes[3] is None
    assert isinstance(outcomes[2], MoveConflict)
    first_moves = await database_sync_to_async(match_moves)(first)
    assert [(seat, client) for seat, _, client in first_moves] == [(0, "ann:1"), (1, "bob:2")]
    assert len(await database_sync_to_async(match_moves)(second)) == 1


async def test_a_retried_move_is_accepted_once() -> None:
    match = await started_match("Dan")
    ask = {"type": "ask", "target": 1, "rank": "K"}
    move = (match, 0, 0, ask, "dan:1", None)
    await move_writer().write(move)
    await move_writer().write(move)  # the retry after a lost compare-and-set
    assert len(await database_sync_to_async(match_moves)(match)) == 1
