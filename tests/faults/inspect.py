"""Read what the servers stored, straight from their database and Redis, and
make their database unavailable."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlsplit

import psycopg
import redis
from psycopg import sql

from games.registry import get_rules


def db_path(database_url: str) -> str:
    return database_url.removeprefix("sqlite:///")


def is_sqlite(database_url: str) -> bool:
    return database_url.startswith("sqlite:///")


def query(database_url: str, text: str, params: tuple) -> list[tuple]:
    """Rows of ``text`` (with %s placeholders) on SQLite or PostgreSQL."""
    if is_sqlite(database_url):
        with sqlite3.connect(db_path(database_url)) as db:
            return db.execute(text.replace("%s", "?"), params).fetchall()
    with psycopg.connect(database_url) as db:
        return db.execute(text, params).fetchall()


def stored_moves(database_url: str, code: str) -> list[dict[str, Any]]:
    """Every recorded move of the room's latest match, in order."""
    rows = query(
        database_url,
        'SELECT m."index", m.seat, m.action, m.client_id FROM rooms_matchmove m '
        "JOIN rooms_match x ON x.id = m.match_id JOIN rooms_room r ON r.id = x.room_id "
        "WHERE r.code = %s AND x.number = (SELECT MAX(number) FROM rooms_match y "
        'WHERE y.room_id = r.id) ORDER BY m."index"',
        (code,),
    )
    return [
        # SQLite gives JSON as text, PostgreSQL as the value.
        {
            "index": i,
            "seat": seat,
            "action": json.loads(a) if isinstance(a, str) else a,
            "client_id": cid,
        }
        for i, seat, a, cid in rows
    ]


@contextmanager
def database_unavailable(database_url: str) -> Iterator[None]:
    """SQLite: another program holds the write lock. PostgreSQL: the database
    refuses new connections and the servers' sessions are ended, as when it
    goes down."""
    if is_sqlite(database_url):
        blocker = sqlite3.connect(db_path(database_url), timeout=5)
        blocker.execute("BEGIN EXCLUSIVE")
        try:
            yield
        finally:
            blocker.rollback()
            blocker.close()
        return
    url = urlsplit(database_url)
    name = url.path.lstrip("/")
    with psycopg.connect(url._replace(path="/postgres").geturl(), autocommit=True) as admin:
        allow = sql.SQL("ALTER DATABASE {} ALLOW_CONNECTIONS {}")
        admin.execute(allow.format(sql.Identifier(name), sql.SQL("false")))
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (name,)
        )
        try:
            yield
        finally:
            admin.execute(allow.format(sql.Identifier(name), sql.SQL("true")))


def live_room(redis_url: str, code: str) -> dict[str, Any] | None:
    client = redis.Redis.from_url(redis_url)
    try:
        data = client.hget(f"fishsite:room:{code}", "data")
    finally:
        client.close()
    return None if data is None else json.loads(data)


def replayed(game: str, setup: dict[str, Any], moves: list[dict[str, Any]]) -> dict[str, Any]:
    rules = get_rules(game)
    state = rules.start(setup)
    for move in moves:
        state, _ = rules.apply(state, move["seat"], move["action"])
    return state
