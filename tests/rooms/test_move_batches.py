"""Moves written at the same moment share one commit, and a conflict spoils
only the move it concerns."""

from __future__ import annotations

import asyncio

import pytest
from channels.db import database_sync_to_async
from django.db import DatabaseError, DataError, connection

from rooms.live.move_writer import move_writer
from rooms.live.protocol import MAX_ID_LENGTH
from rooms.moves import Move
from rooms.records import records
from rooms.records.records import MoveConflict, match_moves
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
        writer.write(Move(first, 0, 0, ask, "ann:1")),
        writer.write(Move(second, 0, 0, ask, "cat:1")),
        writer.write(Move(first, 0, 1, ask, "bob:1")),  # the same index, another player
        writer.write(Move(first, 1, 1, ask, "bob:2")),
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
    move = Move(match, 0, 0, ask, "dan:1")
    await move_writer().write(move)
    await move_writer().write(move)  # the retry after a lost compare-and-set
    assert len(await database_sync_to_async(match_moves)(match)) == 1


def rows_the_database_refuses() -> list[dict]:
    """Moves whose row this database refuses: a negative seat breaks a CHECK
    constraint everywhere; PostgreSQL also refuses what SQLite stores as given."""
    refused = [{"seat": -1}]
    if connection.vendor == "postgresql":
        refused += [
            {"client_id": "9:" + "x" * 200},  # longer than the column
            {"client_id": "9:a\x00b"},  # text cannot hold NUL
            {"action": {"type": "ask", "note": "a\x00b"}},  # nor can jsonb
        ]
    return refused


@pytest.mark.parametrize("bad", rows_the_database_refuses())
async def test_one_refused_row_fails_only_its_own_move(bad: dict) -> None:
    rooms = [await started_match(name) for name in ("Eve", "Fay", "Gus")]
    ask = {"type": "ask", "target": 1, "rank": "Q"}
    moves = [
        {"match_id": match, "index": 0, "seat": 0, "action": ask, "client_id": f"{match}:1"}
        for match in rooms
    ]
    moves[1].update(bad)
    writer = move_writer()
    outcomes = await asyncio.gather(
        *(writer.write(Move(**move)) for move in moves), return_exceptions=True
    )
    assert outcomes[0] is None and outcomes[2] is None
    # Its own error, not a conflict: nothing else holds its place, so retrying is no use.
    assert isinstance(outcomes[1], DatabaseError), outcomes[1]
    for match, recorded in zip(rooms, (1, 0, 1), strict=True):
        assert len(await database_sync_to_async(match_moves)(match)) == recorded


async def test_a_64_character_action_id_is_recorded() -> None:
    code, me = await host_room("kitten-fishing", "Hal")
    action_id = "x" * MAX_ID_LENGTH
    reply = await me.act({"type": "flip"}, id=action_id)
    assert reply["type"] == "ack", reply
    room = await settle(code, [me])
    moves = await database_sync_to_async(match_moves)(room["match"]["id"])
    assert moves[0][2] == f"{me.guest}:{action_id}"


async def test_a_move_the_database_cannot_store_is_refused_with_its_own_code(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """PostgreSQL refuses NUL in text and JSON (see the cases above); here any
    database refuses the row the same way."""
    code, me = await host_room("kitten-fishing", "Ivy")
    before = await settle(code, [me])

    def refuse(moves: list[Move]) -> None:
        raise DataError("PostgreSQL text fields cannot contain NUL (0x00) bytes")

    monkeypatch.setattr(records, "insert_moves", refuse)
    reply = await me.act({"type": "flip"})
    assert reply["type"] == "error" and reply["code"] == "unrecordable", reply
    monkeypatch.undo()
    after = await settle(code, [me])
    assert after["match"] == before["match"]
    assert await database_sync_to_async(match_moves)(before["match"]["id"]) == []
    assert (await me.act({"type": "flip"}))["type"] == "ack"
