"""Web security: sessions, origins, CSRF, unguessable rooms, production settings."""

from __future__ import annotations

import collections
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

from rooms.web.creation import CODE_BYTES, new_code
from tests.rooms.client import RoomClient
from tests.rooms.conftest import host_room

ROOT = Path(__file__).resolve().parents[2]
URL_SAFE = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def test_room_codes_are_long_random_and_evenly_spread() -> None:
    codes = [new_code() for _ in range(20000)]
    assert len(set(codes)) == len(codes)
    assert CODE_BYTES * 8 >= 48 and all(len(code) == 12 for code in codes)
    letters = collections.Counter(ch for code in codes for ch in code)
    assert set(letters) == URL_SAFE  # all 64 symbols appear: 6 bits per character
    # Each symbol's share is within a few standard deviations of 1/64.
    total = sum(letters.values())
    expected = total / 64
    spread = math.sqrt(expected)
    assert all(abs(count - expected) < 6 * spread for count in letters.values())


@pytest.mark.django_db
def test_there_is_no_listing_of_rooms() -> None:
    client = Client()
    client.get("/")
    for path in ("/rooms/", "/rooms/new", "/r/", "/api/rooms", "/api/rooms/", "/ws/r/"):
        response = client.get(path)
        assert response.status_code in (404, 405), path


@pytest.mark.django_db
def test_opening_a_room_needs_a_csrf_token() -> None:
    client = Client(enforce_csrf_checks=True)
    client.get("/")
    assert client.post("/rooms/new", {"game": "fish"}).status_code == 403
    token = client.cookies["csrftoken"].value
    response = client.post("/rooms/new", {"game": "fish", "csrfmiddlewaretoken": token})
    assert response.status_code == 302 and response["Location"].startswith("/r/")


@pytest.mark.django_db(transaction=True)
async def test_a_forged_session_gets_no_seat(redis_client) -> None:
    code, host = await host_room("go-fish", "Ann", seats=2)
    await host.command("sit", seat=0)
    forged = RoomClient(code, host.guest, "not-a-real-session-key-0123456789", "Mallory")
    with pytest.raises(ConnectionRefusedError) as refused:
        await forged.connect()
    assert refused.value.args[0] == 4401


def test_deploy_checks_pass_with_production_settings() -> None:
    env = {
        **os.environ,
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "k" * 20 + "production-secret-key-for-the-deploy-check",
        "DJANGO_ALLOWED_HOSTS": "fish.example",
    }
    run = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    assert "no issues" in run.stdout
