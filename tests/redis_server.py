"""pytest plugin (loaded with ``-p``): give the test session a real Redis server.

It runs before Django reads its settings, so ``settings.REDIS_URL`` and the
channel layer point at the server the tests use: REDIS_URL when it is set,
otherwise an embedded redis-server started for this session. Never a fake.
"""

from __future__ import annotations

import atexit
import os

import pytest
import redis

from fishsite.embedded_redis import EmbeddedRedis


def _start_session_redis() -> None:
    if os.environ.get("REDIS_URL"):
        return
    server = EmbeddedRedis().start()
    atexit.register(server.cleanup)
    os.environ["REDIS_URL"] = server.url


_start_session_redis()


def pytest_configure(config: pytest.Config) -> None:
    url = os.environ["REDIS_URL"]
    try:
        redis.Redis.from_url(url, socket_connect_timeout=2).ping()
    except redis.RedisError as error:
        raise pytest.UsageError(f"REDIS_URL={url} does not answer: {error}") from error
