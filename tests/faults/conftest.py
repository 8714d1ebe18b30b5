"""Fault tests: real server processes, a Redis server of their own, real failures."""

from __future__ import annotations

import pytest

from fishsite.embedded_redis import EmbeddedRedis
from tests.servers import Server


@pytest.fixture
def own_redis():
    """A Redis server the test may stop and start (on the same port)."""
    server = EmbeddedRedis().start()
    yield server
    server.cleanup()


@pytest.fixture
def fault_env(own_redis: EmbeddedRedis, database_url: str) -> dict[str, str]:
    return {
        "REDIS_URL": own_redis.url,
        "DATABASE_URL": database_url,
        "BOT_PAUSE_SECONDS": "0",
        "SEAT_GRACE_SECONDS": "60",
        "WS_RATE_PER_SECOND": "1000",
        "WS_RATE_BURST": "2000",
        "WS_CONNECTS_PER_MINUTE": "100000",
        "DATABASE_TIMEOUT": "1",
    }


@pytest.fixture
def servers(fault_env):
    started: list[Server] = []

    def start(count: int = 2, **extra: str) -> list[Server]:
        for _ in range(count):
            started.append(Server({**fault_env, **extra}).start())
        return started[-count:]

    yield start
    for server in started:
        server.kill()
