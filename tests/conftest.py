"""Fixtures shared by the whole suite."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from urllib.parse import urlsplit

import psycopg
import pytest
import redis
from psycopg import sql


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


def postgres_url() -> str | None:
    """DATABASE_URL on the PostgreSQL pass of `make test`, else None (SQLite)."""
    url = os.environ.get("DATABASE_URL", "")
    return url if url.startswith(("postgres://", "postgresql://")) else None


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix: None) -> None:
    """Each session its own test database, so runs sharing one PostgreSQL server
    (two engineers, or CI beside a developer) never drop each other's."""
    from django.conf import settings

    database = settings.DATABASES["default"]
    if postgres_url() is not None:
        database.setdefault("TEST", {})["NAME"] = f"test_{database['NAME']}_{os.getpid()}"


def with_database(url: str, name: str) -> str:
    return urlsplit(url)._replace(path=f"/{name}").geturl()


def run_admin(url: str, statement: sql.Composed) -> None:
    """CREATE and DROP DATABASE run outside a transaction, from the maintenance database."""
    with psycopg.connect(with_database(url, "postgres"), autocommit=True) as admin:
        admin.execute(statement)


@pytest.fixture(scope="session")
def postgres_template() -> Iterator[str]:
    """One migrated PostgreSQL database per session that each test's database
    copies: a copy takes a fraction of a second, a migration several."""
    from tests.servers import migrate

    url = postgres_url()
    assert url is not None
    name = f"fishsite_template_{os.getpid()}"
    run_admin(url, sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        migrate(with_database(url, name))
        yield name
    finally:
        run_admin(url, sql.SQL("DROP DATABASE IF EXISTS {}").format(sql.Identifier(name)))


@pytest.fixture
def database_url(request: pytest.FixtureRequest, tmp_path) -> Iterator[str]:
    """A fresh, migrated database for server processes started by a test: a SQLite
    file, or on the PostgreSQL pass a database of its own, dropped afterwards."""
    url = postgres_url()
    if url is None:
        from tests.servers import migrate

        path = f"sqlite:///{tmp_path / 'servers.sqlite3'}"
        migrate(path)
        yield path
        return
    template = request.getfixturevalue("postgres_template")
    name = f"fishsite_servers_{uuid.uuid4().hex[:12]}"
    run_admin(
        url,
        sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(
            sql.Identifier(name), sql.Identifier(template)
        ),
    )
    try:
        yield with_database(url, name)
    finally:
        # FORCE: a server killed by the test may leave its connections behind.
        run_admin(url, sql.SQL("DROP DATABASE {} WITH (FORCE)").format(sql.Identifier(name)))


@pytest.fixture(scope="session", autouse=True)
def postgres_test_database_dropped(request: pytest.FixtureRequest) -> Iterator[None]:
    """Django keeps a connection per thread (DATABASE_CONN_MAX_AGE), and the
    threads of database_sync_to_async outlive the tests: end their sessions so
    the test database can be dropped."""
    url = postgres_url()
    if url is None:
        yield
        return
    from django.conf import settings

    request.getfixturevalue("django_db_setup")
    yield
    with psycopg.connect(with_database(url, "postgres"), autocommit=True) as admin:
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s",
            (settings.DATABASES["default"]["TEST"]["NAME"],),
        )
