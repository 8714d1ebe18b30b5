"""A server process killed with SIGKILL mid-game: nothing lost, nothing twice."""

from __future__ import annotations

import random

import pytest

from tests.e2e.http_guest import Guest, RoomSocket
from tests.faults.inspect import live_room, replayed, stored_moves

pytestmark = pytest.mark.slow


def ask_from(socket: RoomSocket, rng: random.Random) -> dict:
    ask = socket.latest["game"]["actions"]["ask"]
    return {"type": "ask", "target": rng.choice(ask["targets"]), "rank": rng.choice(ask["ranks"])}


def play(sockets: dict[int, RoomSocket], moves: int, rng: random.Random) -> None:
    """Random legal asks by whoever's turn it is, each seen by everyone."""
    for _ in range(moves):
        any_socket = next(iter(sockets.values()))
        game = any_socket.latest["game"]
        if game["over"]:
            return
        reply = sockets[game["turn"]].command("act", action=ask_from(sockets[game["turn"]], rng))
        assert reply["type"] == "ack", reply
        for socket in sockets.values():
            socket.wait(lambda frame, v=reply["v"]: frame["v"] >= v)


def test_clients_of_a_killed_server_go_on_from_the_same_state(servers, fault_env) -> None:
    a, b = servers(2)
    ann, bob = Guest(a.base_url), Guest(b.base_url)
    code = ann.open_room("go-fish", seats=2)
    ann_ws, bob_ws = ann.socket(a.ws_url, code), bob.socket(b.ws_url, code)
    assert ann_ws.command("sit", seat=0)["type"] == "ack"
    assert bob_ws.command("sit", seat=1)["type"] == "ack"
    started = ann_ws.command("start")
    bob_ws.wait(lambda frame: frame["v"] >= started["v"])
    rng = random.Random(3)
    play({0: ann_ws, 1: bob_ws}, 5, rng)
    # Make it Ann's turn, then send her action through server A and kill A at once.
    while ann_ws.latest["game"]["turn"] != 0 and not ann_ws.latest["game"]["over"]:
        play({0: ann_ws, 1: bob_ws}, 1, rng)
    in_flight = ask_from(ann_ws, rng)
    ann_ws.send("act", id="in-flight", action=in_flight)
    a.kill()

    # Ann's page reconnects, to the surviving server, and sends her action again.
    ann_ws = ann.socket(b.ws_url, code)
    reply = ann_ws.command("act", id="in-flight", action=in_flight)
    assert reply["type"] == "ack", reply  # applied once: before the crash, or now
    moves = stored_moves(fault_env["DATABASE_URL"], code)
    assert sum(1 for m in moves if m["client_id"].endswith(":in-flight")) == 1
    room = live_room(fault_env["REDIS_URL"], code)
    assert room["match"]["moves"] == len(moves)
    assert room["match"]["state"] == replayed("go-fish", room["match"]["state"]["setup"], moves)

    # And the game goes on, both players on server B now.
    bob_ws.wait(lambda frame: frame["v"] >= reply["v"])
    ann_ws.wait(lambda frame: frame["v"] >= reply["v"])
    before = len(moves)
    play({0: ann_ws, 1: bob_ws}, 6, rng)
    after = stored_moves(fault_env["DATABASE_URL"], code)
    room = live_room(fault_env["REDIS_URL"], code)
    assert len(after) > before
    assert room["match"]["state"] == replayed("go-fish", room["match"]["state"]["setup"], after)
    assert len({m["client_id"] for m in after}) == len(after)  # nothing applied twice


def test_a_computer_turn_pending_on_a_dying_server_is_played_once(servers, fault_env) -> None:
    a, b = servers(2, BOT_PAUSE_SECONDS="2")
    ann = Guest(a.base_url)
    code = ann.open_room("go-fish", seats=2)
    ann_ws = ann.socket(a.ws_url, code)
    ann_ws.command("sit", seat=0)
    ann_ws.command("bot", seat=1, level="random")
    started = ann_ws.command("start")
    rng = random.Random(8)
    # Ann plays until her turn ends: the computer's turn is then pending on server A.
    while ann_ws.latest["game"]["turn"] == 0 and not ann_ws.latest["game"]["over"]:
        reply = ann_ws.command("act", action=ask_from(ann_ws, rng))
        assert reply["type"] == "ack", reply
    assert ann_ws.latest["game"]["turn"] == 1
    moves_before = len(stored_moves(fault_env["DATABASE_URL"], code))
    a.kill()  # its timer for the computer's turn dies with it
    # Server B's scheduler takes the turn up; Ann reconnects there and sees it played.
    ann_ws = ann.socket(b.ws_url, code)
    ann_ws.wait(lambda frame: frame["game"]["turn"] == 0 or frame["game"]["over"], timeout=60)
    moves = stored_moves(fault_env["DATABASE_URL"], code)
    bot_moves = [m for m in moves[moves_before:] if m["client_id"].startswith("bot:")]
    assert bot_moves, "the computer's turn was played"
    assert len({m["client_id"] for m in moves}) == len(moves)  # none twice
    room = live_room(fault_env["REDIS_URL"], code)
    assert room["match"]["state"] == replayed("go-fish", room["match"]["state"]["setup"], moves)
    assert started["type"] == "ack"
