"""The room document: one shape, built in one place, and older documents upgraded on load."""

from __future__ import annotations

import asyncio
import random

import orjson
import pytest

from rooms.document import SHAPE, RoomDoc, parse
from rooms.live import lobby
from rooms.live.rebuild import rebuild_document
from rooms.live.store import room_key
from tests.rooms.client import RoomClient
from tests.rooms.conftest import host_room, live, settle

ANN = 1


def old_shape(room: RoomDoc) -> dict:
    """``room`` as a server before shapes wrote it: no ``shape``, ``due``,
    ``recent`` or ``notice``, and connections without their process."""
    old = {k: v for k, v in room.items() if k not in ("shape", "due", "recent", "notice")}
    old["connections"] = {
        channel: {"guest": conn["guest"], "name": conn["name"]}
        for channel, conn in room["connections"].items()
    }
    return old


def test_both_constructors_give_every_declared_key() -> None:
    fresh = lobby.new_room("c", "go-fish", {"seats": 3}, ANN, "Ann")
    known = {
        "code": "c",
        "game": "go-fish",
        "options": {"seats": 3},
        "status": "lobby",
        "host": ANN,
        "games_started": 0,
        "seats": [{"guest": ANN, "name": "Ann", "bot": ""}] * 3,
        "match": None,
    }
    rebuilt = rebuild_document(known)
    assert set(fresh) == set(rebuilt) == RoomDoc.__required_keys__
    assert RoomDoc.__optional_keys__ == {"due"}


def test_an_old_document_is_upgraded_and_a_current_one_left_alone() -> None:
    room = lobby.new_room("c", "fish", {}, ANN, "Ann")
    lobby.connect(room, "chan", ANN, "Ann", "proc")
    upgraded = parse(orjson.dumps(old_shape(room)))
    assert upgraded == {
        **room,
        "connections": {"chan": {"guest": ANN, "name": "Ann", "process": ""}},
    }
    assert "due" not in upgraded  # unknown until a change saves it
    current = {**room, "due": 12.5}
    assert parse(orjson.dumps(current)) == current


@pytest.mark.django_db(transaction=True)
async def test_an_old_document_in_redis_plays_on(redis_client) -> None:
    code, ann = await host_room("go-fish", "Ann", seats=3)
    bob = await RoomClient.join(code, "Bob")
    await ann.command("sit", seat=0)
    await bob.command("sit", seat=1)
    await ann.command("bot", seat=2)
    await ann.command("start")
    version, room = await live(code)
    await settle(code, [ann, bob])

    # Written straight into Redis as an older server left it, under a version
    # no process has parsed yet.
    redis_client.hset(
        room_key(code), mapping={"v": version + 1, "data": orjson.dumps(old_shape(room))}
    )
    for client in (ann, bob):  # read through the shared, parsed copy
        await client.send_raw('{"type": "sync"}')
        frame = await client.wait_for(lambda frame: frame["v"] == version + 1)
        assert frame["room"]["status"] == "playing"

    rng = random.Random(5)
    asked = 0
    for _ in range(500):
        _, room = await live(code)
        if asked == 6 or room["status"] != "playing":
            break
        turn = room["match"]["state"]["turn"]
        if turn == 2:  # the computer player's: the scheduler plays it
            await asyncio.sleep(0.01)
            continue
        player = (ann, bob)[turn]
        await settle(code, [ann, bob])
        ask = player.game["actions"]["ask"]
        action = {
            "type": "ask",
            "target": rng.choice(ask["targets"]),
            "rank": rng.choice(ask["ranks"]),
        }
        assert (await player.act(action))["type"] == "ack"
        asked += 1

    _, room = await live(code)
    assert asked == 6 or room["status"] == "finished"
    assert room["shape"] == SHAPE
    assert set(room["recent"]) <= {str(ann.guest), str(bob.guest)}
    assert all("process" in conn for conn in room["connections"].values())
    await bob.disconnect()
    _, room = await live(code)
    assert [conn["guest"] for conn in room["connections"].values()] == [ann.guest]
