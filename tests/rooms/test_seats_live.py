"""Disconnects, the grace period, take-overs and hosts, through real connections."""

from __future__ import annotations

import pytest
from django.test import override_settings

from tests.rooms.client import RoomClient
from tests.rooms.conftest import host_room, live, settle

pytestmark = pytest.mark.django_db(transaction=True)


async def go_fish_table(seats: int = 3) -> tuple[str, list[RoomClient]]:
    code, host = await host_room("go-fish", "Ann", seats=seats)
    players = [host] + [
        await RoomClient.join(code, name) for name in ("Bob", "Cy", "Dee")[: seats - 1]
    ]
    for index, player in enumerate(players):
        assert (await player.command("sit", seat=index))["type"] == "ack"
    return code, players


async def started(seats: int = 3) -> tuple[str, list[RoomClient]]:
    code, players = await go_fish_table(seats)
    assert (await players[0].command("start"))["type"] == "ack"
    await settle(code, players)
    return code, players


async def test_reconnecting_inside_the_grace_period_gives_the_same_hand_back() -> None:
    code, (ann, bob, cy) = await started()
    hand = bob.game["hand"]
    await bob.disconnect()
    frame = await ann.wait_for(lambda f: f["room"]["seats"][1]["away_since"] is not None)
    assert frame["room"]["seats"][1]["connected"] is False
    await bob.connect()  # same session, a new tab
    assert bob.seat == 1 and bob.game["hand"] == hand
    await ann.wait_for(lambda f: f["room"]["seats"][1]["connected"])
    assert ann.room["seats"][1]["away_since"] is None


async def test_the_seat_is_vacated_after_the_grace_period_and_a_spectator_takes_it() -> None:
    code, (ann, bob, cy) = await started()
    watcher = await RoomClient.join(code, "Watcher")
    bob_hand = bob.game["hand"]
    await bob.disconnect()
    frame = await watcher.wait_for(lambda f: f["room"]["seats"][1]["vacated"], timeout=15)
    assert frame["room"]["status"] == "playing"
    assert frame["room"]["seats"][1]["name"] == "Bob"
    # The spectator cannot take a seat that is not vacated.
    assert (await watcher.command("take", seat=0))["code"] == "seat-taken"
    reply = await watcher.command("take", seat=1)
    assert reply["type"] == "ack", reply
    await watcher.wait_for(lambda f: f["v"] >= reply["v"])
    assert watcher.seat == 1
    assert watcher.game["hand"] == bob_hand
    # Bob comes back too late: he is a spectator now.
    await bob.connect()
    assert bob.seat is None and bob.game["hand"] is None


async def test_with_nobody_to_take_over_the_game_goes_back_to_the_lobby() -> None:
    code, (ann, bob, cy) = await started()
    await cy.disconnect()
    frame = await ann.wait_for(lambda f: f["room"]["status"] == "lobby", timeout=15)
    assert "Cy" in frame["room"]["notice"]
    assert frame["game"] is None
    assert [s["name"] for s in frame["room"]["seats"]][:2] == ["Ann", "Bob"]
    assert frame["room"]["seats"][2]["occupied"] is False


async def test_leaving_for_good_and_a_computer_player_taking_the_seat() -> None:
    code, (ann, bob, cy) = await started()
    watcher = await RoomClient.join(code, "Watcher")
    assert (await bob.command("leave"))["type"] == "ack"
    await ann.wait_for(lambda f: f["room"]["seats"][1]["vacated"])
    assert (await bob.command("bot", seat=1))["code"] == "not-host"
    assert (await ann.command("bot", seat=1, level="remembering"))["type"] == "ack"
    frame = await ann.wait_for(lambda f: f["room"]["seats"][1]["bot"] == "remembering")
    assert frame["room"]["status"] == "playing"
    assert watcher.latest is not None


async def test_the_host_role_passes_when_the_host_leaves() -> None:
    code, (ann, bob, cy) = await go_fish_table()
    assert (await ann.command("stand"))["type"] == "ack"
    frame = await bob.wait_for(lambda f: f["you"]["host"])
    assert frame["room"]["seats"][1]["host"] is True
    assert (await bob.command("bot", seat=0))["type"] == "ack"
    assert (await bob.command("start"))["type"] == "ack"


async def test_everyone_sees_whom_the_game_waits_for() -> None:
    code, players = await started()
    _, room = await live(code)
    turn = room["match"]["state"]["turn"]
    absent = players[turn]
    other = next(p for p in players if p is not absent)
    with override_settings(SEAT_GRACE_SECONDS=30.0):
        await absent.disconnect()
        frame = await other.wait_for(lambda f: f["room"]["waiting_for"] is not None)
    assert frame["room"]["waiting_for"]["seat"] == turn
    assert frame["room"]["waiting_for"]["reason"] == "away"
    assert 0 < frame["room"]["waiting_for"]["seconds_left"] <= 30
