"""Redis restarted with its data gone, and the database unavailable, mid-game."""

from __future__ import annotations

import random
import time

import pytest

from tests.e2e.http_guest import Guest, RoomSocket
from tests.faults.inspect import database_unavailable, live_room, replayed, stored_moves

pytestmark = pytest.mark.slow


def two_player_game(server) -> tuple[str, RoomSocket, RoomSocket]:
    ann, bob = Guest(server.base_url), Guest(server.base_url)
    code = ann.open_room("go-fish", seats=2)
    ann_ws, bob_ws = ann.socket(server.ws_url, code), bob.socket(server.ws_url, code)
    ann_ws.command("sit", seat=0)
    bob_ws.command("sit", seat=1)
    started = ann_ws.command("start")
    bob_ws.wait(lambda frame: frame["v"] >= started["v"])
    return code, ann_ws, bob_ws


def turn_socket(sockets: list[RoomSocket]) -> RoomSocket:
    return sockets[sockets[0].latest["game"]["turn"]]


def an_ask(socket: RoomSocket, rng: random.Random) -> dict:
    ask = socket.latest["game"]["actions"]["ask"]
    return {"type": "ask", "target": rng.choice(ask["targets"]), "rank": rng.choice(ask["ranks"])}


def play_one(sockets: list[RoomSocket], rng: random.Random) -> dict:
    mover = turn_socket(sockets)
    reply = mover.command("act", action=an_ask(mover, rng))
    if reply["type"] == "ack":
        for socket in sockets:
            socket.wait(lambda frame, v=reply["v"]: frame["v"] >= v)
    return reply


def wait_for_room(redis_url: str, code: str) -> dict:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        room = live_room(redis_url, code)
        if room is not None:
            return room
        time.sleep(0.1)
    raise AssertionError("the room did not come back")


def test_a_redis_restart_is_reported_and_the_room_comes_back_from_the_database(
    servers, fault_env, own_redis
) -> None:
    (server,) = servers(1)
    code, ann, bob = two_player_game(server)
    rng = random.Random(2)
    for _ in range(4):
        assert play_one([ann, bob], rng)["type"] == "ack"
    before = live_room(fault_env["REDIS_URL"], code)["match"]["state"]

    own_redis.stop()
    mover = turn_socket([ann, bob])
    reply = mover.command("act", action=an_ask(mover, rng), timeout=30)
    assert reply["type"] == "error" and reply["code"] == "unavailable", reply
    assert "nothing was changed" in reply["message"]

    own_redis.start()  # same port, no data: every room is gone from Redis
    # The clients' next requests (here a resync, as after an error) bring it back.
    for socket in (ann, bob):
        socket.send("sync")
    room = wait_for_room(fault_env["REDIS_URL"], code)
    assert room["match"]["state"] == before
    for socket in (ann, bob):  # heartbeats put both players back in the room
        socket.send("ping")
    reply = play_one([ann, bob], rng)
    assert reply["type"] == "ack", reply
    moves = stored_moves(fault_env["DATABASE_URL"], code)
    room = live_room(fault_env["REDIS_URL"], code)
    assert room["match"]["state"] == replayed("go-fish", before["setup"], moves)
    assert len(moves) == 5


def test_a_move_that_cannot_be_recorded_is_refused_not_lost(servers, fault_env) -> None:
    (server,) = servers(1)
    code, ann, bob = two_player_game(server)
    rng = random.Random(6)
    assert play_one([ann, bob], rng)["type"] == "ack"
    before = live_room(fault_env["REDIS_URL"], code)["match"]["state"]
    with database_unavailable(fault_env["DATABASE_URL"]):
        mover = turn_socket([ann, bob])
        reply = mover.command("act", action=an_ask(mover, rng), timeout=30)
        assert reply["type"] == "error" and reply["code"] == "record-unavailable", reply
        assert live_room(fault_env["REDIS_URL"], code)["match"]["state"] == before
    # The database is back: the same move now goes through.
    reply = play_one([ann, bob], rng)
    assert reply["type"] == "ack", reply
    moves = stored_moves(fault_env["DATABASE_URL"], code)
    assert len(moves) == 2
    room = live_room(fault_env["REDIS_URL"], code)
    assert room["match"]["state"] == replayed("go-fish", before["setup"], moves)
