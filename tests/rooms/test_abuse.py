"""Abuse limits: connection floods, rooms per guest, and clients that stop reading."""

from __future__ import annotations

import random

import pytest
from django.test import Client, override_settings

from tests.rooms.client import RoomClient, new_guest
from tests.rooms.conftest import host_room, live, settle

pytestmark = pytest.mark.django_db(transaction=True)


@override_settings(WS_CONNECTS_PER_MINUTE=5)
async def test_a_connection_flood_from_one_address_is_refused() -> None:
    code, host = await host_room("go-fish", "Ann", seats=2)  # one connection from 127.0.0.1
    guest, key = await new_guest("Flooder")
    opened = []
    refused = None
    for _ in range(10):
        client = RoomClient(code, guest, key, "Flooder")
        client.address = "10.9.9.9"
        try:
            await client.connect()
            opened.append(client)
        except ConnectionRefusedError as error:
            refused = error.args[0]
            break
    assert len(opened) == 5
    assert refused == 4429
    # Another address is not affected.
    other = RoomClient(code, guest, key, "Neighbour")
    other.address = "10.9.9.10"
    await other.connect()
    assert other.latest["room"]["code"] == code


@override_settings(ROOMS_PER_GUEST_PER_HOUR=3)
def test_one_guest_cannot_open_rooms_without_end() -> None:
    client = Client()
    client.get("/")
    headers = {"HTTP_ACCEPT": "application/json"}
    for _ in range(3):
        assert client.post("/rooms/new", {"game": "fish"}, **headers).status_code == 201
    refused = client.post("/rooms/new", {"game": "fish"}, **headers)
    assert refused.status_code == 429
    assert refused.json()["code"] == "too-many-rooms"
    other = Client()
    other.get("/")
    assert other.post("/rooms/new", {"game": "fish"}, **headers).status_code == 201


@override_settings(WS_MAX_UNREAD_BYTES=60_000)
async def test_a_client_that_stops_reading_is_cut_off_and_a_reader_is_not() -> None:
    code, ann = await host_room("go-fish", "Ann", seats=2)
    bob = await RoomClient.join(code, "Bob")
    sleeper = await RoomClient.join(code, "Sleeper")  # never reads again
    await ann.command("sit", seat=0)
    await bob.command("sit", seat=1)
    await ann.command("start")
    rng = random.Random(4)
    players = [ann, bob]
    for _ in range(40):
        room = await settle(code, players)
        if room["status"] != "playing":
            break
        player = players[room["match"]["state"]["turn"]]
        ask = player.game["actions"]["ask"]
        await player.act(
            {"type": "ask", "target": rng.choice(ask["targets"]), "rank": rng.choice(ask["ranks"])}
        )
        await ann.ping_read()
        await bob.ping_read()
    await sleeper.drain()
    assert sleeper.closed == 4408
    assert ann.closed is None and bob.closed is None
    _, room = await live(code)
    assert sleeper.guest not in {c["guest"] for c in room["connections"].values()}
