"""End-to-end fixtures: real Daphne server processes sharing one Redis and one database."""

from __future__ import annotations

import pytest

from tests.servers import Server


@pytest.fixture
def server_env(redis_url: str, database_url: str) -> dict[str, str]:
    return {
        "REDIS_URL": redis_url,
        "DATABASE_URL": database_url,
        "BOT_PAUSE_SECONDS": "0",
        "SEAT_GRACE_SECONDS": "30",
        "WS_RATE_PER_SECOND": "1000",
        "WS_RATE_BURST": "2000",
        "WS_CONNECTS_PER_MINUTE": "100000",
    }


@pytest.fixture
def two_servers(server_env, redis_client):
    servers = [Server(server_env).start(), Server(server_env).start()]
    yield servers
    for server in servers:
        server.kill()
