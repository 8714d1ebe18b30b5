"""HEARTBEAT_SECONDS reaches the room page, whose socket pings at that interval."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client, override_settings

pytestmark = pytest.mark.django_db


@override_settings(HEARTBEAT_SECONDS=7.5)
def test_the_room_page_is_given_the_heartbeat_setting() -> None:
    client = Client()
    client.get("/")
    opened = client.post("/rooms/new", {"game": "go-fish"}, HTTP_ACCEPT="application/json")
    page = client.get(f"/r/{opened.json()['code']}/").content.decode()
    config = re.search(r'<script id="room-config" type="application/json">(.*?)</script>', page)
    assert json.loads(config.group(1))["heartbeatSeconds"] == 7.5
