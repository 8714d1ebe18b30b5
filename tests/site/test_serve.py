"""``make run``'s server: Daphne on a free port, a page and a websocket, a clean stop."""

from __future__ import annotations

import json
import urllib.request

import psutil
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from tests.servers import Server


def page_and_websocket_work(server: Server) -> None:
    with urllib.request.urlopen(server.base_url + "/", timeout=10) as response:
        assert response.status == 200
        assert "fishsite" in response.read().decode()
    with connect(server.ws_url + "/ws/health/", origin=server.base_url, open_timeout=10) as ws:
        ws.send("ping")
        assert json.loads(ws.recv(timeout=10)) == {"type": "pong"}


def test_serve_with_redis_url_serves_pages_and_websockets(redis_url, database_url) -> None:
    server = Server({"REDIS_URL": redis_url, "DATABASE_URL": database_url}).start()
    try:
        page_and_websocket_work(server)
    finally:
        code = server.interrupt()
    assert code == 0


def test_serve_without_redis_url_starts_and_stops_an_embedded_redis(database_url) -> None:
    server = Server({"REDIS_URL": "", "DATABASE_URL": database_url}).start()
    try:
        page_and_websocket_work(server)
        children = psutil.Process(server.process.pid).children(recursive=True)
        names = " ".join(" ".join(child.cmdline()) for child in children)
        assert "redis-server" in names and "daphne" in names
    finally:
        server.interrupt()
    # Ctrl-C stopped everything the command started.
    gone, alive = psutil.wait_procs(children, timeout=10)
    assert alive == []


def test_websocket_from_a_foreign_origin_is_refused(redis_url, database_url) -> None:
    server = Server({"REDIS_URL": redis_url, "DATABASE_URL": database_url}).start()
    try:
        with pytest.raises(InvalidStatus) as refused:
            connect(server.ws_url + "/ws/health/", origin="http://evil.example")
        assert refused.value.response.status_code == 403
    finally:
        server.interrupt()
