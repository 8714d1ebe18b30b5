"""Fixtures shared by the whole suite."""

from __future__ import annotations

import os

import pytest
import redis


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Browser tests last: Playwright's synchronous API keeps an event loop
    running in the main thread, which tests that start their own loop cannot share."""
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)


@pytest.fixture
def redis_url() -> str:
    return os.environ["REDIS_URL"]


@pytest.fixture
def redis_client(redis_url: str):
    """A synchronous client on the session's Redis, emptied before the test."""
    client = redis.Redis.from_url(redis_url)
    client.flushdb()
    yield client
    client.close()


@pytest.fixture
def database_url(tmp_path) -> str:
    """A fresh, migrated SQLite file for server processes started by a test."""
    from tests.servers import migrate

    url = f"sqlite:///{tmp_path / 'servers.sqlite3'}"
    migrate(url)
    return url
