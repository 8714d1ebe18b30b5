"""Fixtures for room tests: real Redis channel layer, real database, real consumers."""

from __future__ import annotations

import asyncio
from typing import Any

import orjson
import pytest
from django.test import override_settings

from games.registry import get_rules
from rooms.live import scheduler
from rooms.live.commands import Actor
from rooms.live.store import RoomStore
from rooms.web.creation import open_room
from tests.rooms.client import RoomClient, new_guest
from tests.rooms.secrets import cards_in, secret_cards


@pytest.fixture(autouse=True)
def fast_rooms(redis_client):
    """No computer pause, a short grace period, no flood limit (the test drives
    clients far faster than people), and an empty Redis per test."""
    with override_settings(
        BOT_PAUSE_SECONDS=0.0,
        SEAT_GRACE_SECONDS=4.0,
        WS_RATE_PER_SECOND=1000,
        WS_RATE_BURST=1000,
        WS_CONNECTS_PER_MINUTE=100000,
    ):
        yield


@pytest.fixture(autouse=True)
async def quiet_background():
    """Let computer turns already under way finish before the database is emptied
    for the next test (a write racing the teardown would lock the table)."""
    yield
    for _ in range(100):
        if not scheduler._tasks:
            return
        await asyncio.sleep(0.02)


async def host_room(game: str, name: str = "Host", **form: Any) -> tuple[str, RoomClient]:
    """Open a room as a new guest, and connect that guest to it."""
    guest, key = await new_guest(name)
    code = await open_room(Actor(guest=guest, name=name), game, form)
    client = RoomClient(code, guest, key, name)
    await client.connect()
    return code, client


async def live(code: str) -> tuple[int, dict[str, Any]]:
    loaded = await RoomStore().load(code)
    assert loaded is not None
    return loaded


async def settle(code: str, clients: list[RoomClient], timeout: float = 30) -> dict[str, Any]:
    """Wait until every client has the stored version; returns the stored room."""
    version, room = await live(code)
    for client in clients:
        await client.wait_for(lambda frame, v=version: frame["v"] >= v, timeout)
    return room


def without_choices(frame: dict[str, Any]) -> dict[str, Any]:
    """The frame minus the seat's legal choices: a Fish ask names cards the asker
    may ask for (all of a halfsuit it holds), which says nothing of where they are."""
    if not frame.get("game"):
        return frame
    return {**frame, "game": {**frame["game"], "actions": {}}}


def same_deal(frame: dict[str, Any], room: dict[str, Any], state: dict[str, Any]) -> bool:
    match = frame["room"]["match"]
    if match is None or match["number"] != room["match"]["number"]:
        return False
    game = frame["game"] or {}
    return game.get("round", state.get("round")) == state.get("round")


class LeakCheck:
    """Checks every frame each client received against the true state of its time."""

    def __init__(self, clients: list[RoomClient]) -> None:
        self.clients = clients
        self.checked = {id(client): 0 for client in clients}
        self.frames_checked = 0

    def add(self, client: RoomClient) -> None:
        self.clients.append(client)
        self.checked[id(client)] = len(client.frames)

    async def check(self, code: str) -> None:
        room = await settle(code, self.clients)
        state = room["match"]["state"] if room["match"] else None
        for client in self.clients:
            start = self.checked[id(client)]
            new = client.frames[start:]
            self.checked[id(client)] = len(client.frames)
            if state is None:
                continue
            secret = secret_cards(state, client.seat) - client.held
            for frame in new:
                if frame["type"] != "room" or not same_deal(frame, room, state):
                    continue  # a new deal reshuffles: old frames show old, public cards
                leaked = cards_in(orjson.dumps(without_choices(frame)).decode()) & secret
                assert not leaked, f"{client.name} saw {leaked} in {frame}"
                self.frames_checked += 1
            if client.game is not None:
                rules = get_rules(room["game"])
                assert client.game == rules.view(state, client.seat)
