"""Read what the servers stored, straight from their database file and Redis."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

import redis

from games.registry import get_rules


def db_path(database_url: str) -> str:
    return database_url.removeprefix("sqlite:///")


def stored_moves(database_url: str, code: str) -> list[dict[str, Any]]:
    """Every recorded move of the room's latest match, in order."""
    with sqlite3.connect(db_path(database_url)) as db:
        rows = db.execute(
            'SELECT m."index", m.seat, m.action, m.client_id FROM rooms_matchmove m '
            "JOIN rooms_match x ON x.id = m.match_id JOIN rooms_room r ON r.id = x.room_id "
            "WHERE r.code = ? AND x.number = (SELECT MAX(number) FROM rooms_match y "
            'WHERE y.room_id = r.id) ORDER BY m."index"',
            (code,),
        ).fetchall()
    return [
        {"index": i, "seat": seat, "action": json.loads(action), "client_id": cid}
        for i, seat, action, cid in rows
    ]


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
