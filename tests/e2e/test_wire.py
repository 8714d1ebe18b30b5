"""What a plain websocket client sees from a real Daphne process: refusals with
their close codes, replies as docs/protocol.md says, and the unread-bytes bound
holding against a client that lies about what it has read."""

from __future__ import annotations

import contextlib
import json
import random
import time
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from tests.e2e.http_guest import Guest, RoomSocket
from tests.servers import Server

pytestmark = pytest.mark.django_db(transaction=True)

NO_SUCH_ROOM = "NoSuchRoom23"


@pytest.fixture
def server(server_env, redis_client):
    running = Server(server_env).start()
    yield running
    running.kill()


def open_socket(
    server: Server, code: str, cookie: str | None = None, origin: str | None = None, **options
) -> ClientConnection:
    headers = {"Cookie": f"sessionid={cookie}"} if cookie else {}
    return connect(
        f"{server.ws_url}/ws/r/{code}/",
        origin=origin,
        additional_headers=headers,
        open_timeout=10,
        **options,
    ).__enter__()  # closed by the test


def close_code(ws: ClientConnection, timeout: float = 10) -> int | None:
    """Read until the server closes; its close code."""
    try:
        while True:
            ws.recv(timeout=timeout)
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd else None


def test_a_socket_without_a_session_is_closed_with_4401(server) -> None:
    code = Guest(server.base_url).open_room("go-fish", seats=2)
    with open_socket(server, code, origin=server.base_url) as ws:
        assert close_code(ws) == 4401


def test_a_socket_to_no_such_room_is_closed_with_4404(server) -> None:
    guest = Guest(server.base_url)
    with open_socket(server, NO_SUCH_ROOM, guest.cookie("sessionid"), server.base_url) as ws:
        assert close_code(ws) == 4404


def test_a_connection_flood_is_closed_with_4429(server_env, redis_client) -> None:
    flood = Server({**server_env, "WS_CONNECTS_PER_MINUTE": "3"}).start()
    try:
        guest = Guest(flood.base_url)
        code = guest.open_room("go-fish", seats=2)
        codes = []
        # Twice the limit and one: enough even if the minute turns over meanwhile.
        for _ in range(7):
            ws = open_socket(flood, code, guest.cookie("sessionid"), flood.base_url)
            try:
                frame = json.loads(ws.recv(timeout=10))
                codes.append(frame["type"])
            except ConnectionClosed as closed:
                codes.append(closed.rcvd.code)
                break
            finally:
                ws.close()
        assert codes[-1] == 4429
        assert "room" in codes  # the first ones were let in
    finally:
        flood.kill()


def test_other_origins_and_a_missing_origin_are_refused_with_http_403(server) -> None:
    guest = Guest(server.base_url)
    code = guest.open_room("go-fish", seats=2)
    for origin in ("http://evil.example", None):
        with pytest.raises(InvalidStatus) as refused:
            open_socket(server, code, guest.cookie("sessionid"), origin)
        assert refused.value.response.status_code == 403


def raw_reply(ws: ClientConnection, text: str) -> dict[str, Any]:
    """Send one frame as text; the next frame that is not a room frame."""
    ws.send(text)
    while True:
        frame = json.loads(ws.recv(timeout=10))
        if frame["type"] != "room":
            return frame


def test_errors_carry_the_frame_id_when_it_can_be_read_and_every_reply_a_version(
    server,
) -> None:
    guest = Guest(server.base_url)
    code = guest.open_room("go-fish", seats=2)
    with open_socket(server, code, guest.cookie("sessionid"), server.base_url) as ws:
        version = json.loads(ws.recv(timeout=10))["v"]
        cases = [
            ('{"id": "x1"}', "bad-frame", "x1"),
            ('{"type": "dance", "id": "x2"}', "unknown-type", "x2"),
            ('{"type": "act", "id": "x3", "action": 5}', "bad-action", "x3"),
            ('{"type": "sit", "id": "x4"}', "bad-frame", "x4"),
            ('{"type": "act", "id": 7, "action": {}}', "bad-id", None),
            ('{"type": "act", "action": {}}', "bad-id", None),
            ("[1, 2]", "bad-frame", None),
            ("{not json", "bad-json", None),
        ]
        for text, error, command_id in cases:
            reply = raw_reply(ws, text)
            assert (reply["type"], reply["code"], reply["id"]) == ("error", error, command_id), text
            assert reply["v"] == version, text
        assert raw_reply(ws, '{"type": "ping"}')["v"] == version


def test_a_rate_limited_frame_is_answered_with_its_id_and_a_version(
    server_env, redis_client
) -> None:
    strict = Server({**server_env, "WS_RATE_PER_SECOND": "1", "WS_RATE_BURST": "2"}).start()
    try:
        guest = Guest(strict.base_url)
        code = guest.open_room("go-fish", seats=2)
        with open_socket(strict, code, guest.cookie("sessionid"), strict.base_url) as ws:
            version = json.loads(ws.recv(timeout=10))["v"]
            for n in range(3):
                ws.send(json.dumps({"type": "dance", "id": f"f{n}"}))
            replies = [json.loads(ws.recv(timeout=10)) for _ in range(3)]
            limited = replies[-1]
            assert limited["code"] == "rate-limited"
            assert limited["id"] == "f2" and limited["v"] == version
            assert close_code(ws) == 4429
    finally:
        strict.kill()


def ask_from(socket: RoomSocket, rng: random.Random) -> dict:
    ask = socket.latest["game"]["actions"]["ask"]
    return {"type": "ask", "target": rng.choice(ask["targets"]), "rank": rng.choice(ask["ranks"])}


def answers_ping(socket: RoomSocket) -> bool:
    socket.ping()
    return any(socket.receive(10)["type"] == "pong" for _ in range(100))


def test_a_client_that_lies_about_what_it_read_is_cut_off_and_readers_are_not(
    server_env, redis_client
) -> None:
    tight = Server({**server_env, "WS_MAX_UNREAD_BYTES": "30000"}).start()
    try:
        ann, bob, liar = (Guest(tight.base_url) for _ in range(3))
        code = ann.open_room("go-fish", seats=2)
        players = [ann.socket(tight.ws_url, code), bob.socket(tight.ws_url, code)]
        # Its library takes in whatever arrives (so the close frame is seen at the
        # end), but the client reads none of it, so it has no pong's mark to return.
        lying = open_socket(tight, code, liar.cookie("sessionid"), tight.base_url, max_queue=None)
        for seat, socket in enumerate(players):
            assert socket.command("sit", seat=seat)["type"] == "ack"
        players[0].command("start")
        rng = random.Random(4)
        for _ in range(60):
            for socket in players:  # a reader's heartbeat hands back its last pong's mark
                socket.ping()
            game = players[0].wait(lambda frame: frame["game"] is not None)["game"]
            if game["over"]:
                break
            mover = players[game["turn"]]
            reply = mover.command("act", action=ask_from(mover, rng))
            assert reply["type"] == "ack", reply
            for socket in players:
                socket.wait(lambda frame, v=reply["v"]: frame["v"] >= v)
            # "I have read everything", without reading: a version beyond any, a made-up mark.
            with contextlib.suppress(ConnectionClosed):
                lying.send(json.dumps({"type": "ping", "v": 2**62, "mark": "read-it-all"}))
        assert close_code(lying) == 4408
        for socket in players:  # the readers are still served
            assert answers_ping(socket)
    finally:
        tight.kill()


def test_a_killed_servers_players_show_away_after_three_heartbeats(
    server_env, redis_client
) -> None:
    env = {**server_env, "HEARTBEAT_SECONDS": "1"}
    a, b = Server(env).start(), Server(env).start()
    try:
        ann, bob = Guest(a.base_url), Guest(b.base_url)
        code = ann.open_room("go-fish", seats=2)
        ann_ws, bob_ws = ann.socket(a.ws_url, code), bob.socket(b.ws_url, code)
        assert ann_ws.command("sit", seat=0)["type"] == "ack"
        bob_ws.wait(lambda frame: frame["room"]["seats"][0]["connected"])
        a.kill()  # no disconnect code runs: only its silence tells
        killed = time.monotonic()
        bob_ws.wait(lambda frame: not frame["room"]["seats"][0]["connected"], timeout=10)
        assert time.monotonic() - killed < 3 + 2  # three beats, and the reaper's round
    finally:
        a.kill()
        b.kill()
