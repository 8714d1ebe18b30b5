"""Redis flushed mid-game: the game comes back from the database, exactly."""

from __future__ import annotations

import random

import pytest
from django.test import override_settings

from tests.rooms.client import RoomClient
from tests.rooms.conftest import host_room, live, settle

pytestmark = pytest.mark.django_db(transaction=True)


async def play_some(code: str, players: list[RoomClient], moves: int, rng: random.Random) -> None:
    for _ in range(moves):
        _, room = await live(code)
        if room["status"] != "playing":
            return
        await settle(code, players)
        player = players[room["match"]["state"]["turn"]]
        ask = player.game["actions"]["ask"]
        reply = await player.act(
            {"type": "ask", "target": rng.choice(ask["targets"]), "rank": rng.choice(ask["ranks"])}
        )
        assert reply["type"] == "ack", reply


@override_settings(SEAT_GRACE_SECONDS=60.0)  # everyone is "away" until their next heartbeat
async def test_a_flushed_game_resumes_from_the_database(redis_client) -> None:
    code, ann = await host_room("go-fish", "Ann", seats=2)
    bob = await RoomClient.join(code, "Bob")
    await ann.command("sit", seat=0)
    await bob.command("sit", seat=1)
    await ann.command("start")
    rng = random.Random(11)
    await play_some(code, [ann, bob], 6, rng)
    await settle(code, [ann, bob])
    old_version, before = await live(code)
    hands = {0: ann.game["hand"], 1: bob.game["hand"]}

    redis_client.flushdb()

    # The next request finds the room gone from Redis and rebuilds it.
    await ann.send_raw('{"type": "sync"}')
    frame = await ann.wait_for(lambda f: f["v"] > old_version)
    _, after = await live(code)
    assert after["match"]["state"] == before["match"]["state"]
    assert after["match"]["moves"] == before["match"]["moves"]
    assert frame["game"]["hand"] == hands[0]
    # Play goes on for both players, whose heartbeats re-register them.
    await ann.ping()
    await bob.ping()
    await play_some(code, [ann, bob], 4, rng)
    _, later = await live(code)
    assert later["match"]["moves"] >= before["match"]["moves"] + 1
    assert {c["guest"] for c in later["connections"].values()} == {ann.guest, bob.guest}
