"""A client cannot choose its own address or scheme with X-Forwarded-* headers,
through a real Daphne process; a proxy named in TRUSTED_PROXIES can."""

from __future__ import annotations

import json
import time
import urllib.request

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from tests.e2e.http_guest import Guest
from tests.servers import Server

CONNECTS_PER_MINUTE = 3
CLOSE_FLOOD = 4429


@pytest.fixture
def limited_env(server_env: dict[str, str], redis_client) -> dict[str, str]:
    # HSTS is sent only over HTTPS, so it shows whether a request counted as secure.
    return {
        **server_env,
        "WS_CONNECTS_PER_MINUTE": str(CONNECTS_PER_MINUTE),
        "DJANGO_HSTS_SECONDS": "3600",
    }


def start(env: dict[str, str]) -> Server:
    server = Server(env).start()
    # The limit counts per minute: start in a fresh window, not at its last seconds.
    left = 60 - time.time() % 60
    if left < 15:
        time.sleep(left + 0.5)
    return server


def attempt(server: Server, guest: Guest, code: str, forwarded_for: str | None = None) -> str:
    """Either "accepted" (the room's first frame came) or "refused" (HTTP 403
    at the handshake, or closed at once with 4429)."""
    headers = {"Cookie": f"sessionid={guest.cookie('sessionid')}"}
    if forwarded_for is not None:
        headers["X-Forwarded-For"] = forwarded_for
    try:
        with connect(
            f"{server.ws_url}/ws/r/{code}/",
            origin=server.base_url,
            additional_headers=headers,
            open_timeout=10,
        ) as ws:
            frame = json.loads(ws.recv(timeout=10))
    except InvalidStatus as error:
        assert error.response.status_code == 403, error
        return "refused"
    except ConnectionClosed as closed:
        assert closed.rcvd is not None and closed.rcvd.code == CLOSE_FLOOD, closed
        return "refused"
    assert frame["type"] == "room", frame
    return "accepted"


def counts_as_secure(server: Server, forwarded_proto: str) -> bool:
    request = urllib.request.Request(
        server.base_url + "/healthz", headers={"X-Forwarded-Proto": forwarded_proto}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return "Strict-Transport-Security" in response.headers


def test_a_spoofed_forwarded_address_from_an_untrusted_peer_changes_nothing(limited_env) -> None:
    server = start(limited_env)
    try:
        guest = Guest(server.base_url)
        code = guest.open_room("fish")
        outcomes = [attempt(server, guest, code) for _ in range(CONNECTS_PER_MINUTE)]
        assert outcomes == ["accepted"] * CONNECTS_PER_MINUTE
        # Refused as 127.0.0.1, whatever address the client claims.
        assert attempt(server, guest, code) == "refused"
        assert attempt(server, guest, code, forwarded_for="198.51.100.23") == "refused"
        assert attempt(server, guest, code, forwarded_for="198.51.100.24, 10.0.0.1") == "refused"
        assert not counts_as_secure(server, "https")
    finally:
        server.kill()


def test_a_trusted_proxy_names_the_client_it_forwards(limited_env) -> None:
    server = start({**limited_env, "TRUSTED_PROXIES": "127.0.0.1"})
    try:
        guest = Guest(server.base_url)
        code = guest.open_room("fish")
        client = "198.51.100.23"
        outcomes = [attempt(server, guest, code, client) for _ in range(CONNECTS_PER_MINUTE)]
        assert outcomes == ["accepted"] * CONNECTS_PER_MINUTE
        assert attempt(server, guest, code, client) == "refused"
        # What the client wrote left of the proxy's own entry does not count.
        assert attempt(server, guest, code, f"203.0.113.9, {client}") == "refused"
        # Another client behind the same proxy is not affected, nor is the proxy itself.
        assert attempt(server, guest, code, "198.51.100.24") == "accepted"
        assert attempt(server, guest, code) == "accepted"
        assert counts_as_secure(server, "https")
        assert not counts_as_secure(server, "http")
    finally:
        server.kill()
