"""A page that loses a frame from the server catches up by itself (protocol: versions, sync)."""

from __future__ import annotations

import json
import re
import sqlite3

import pytest
import redis
from playwright.sync_api import WebSocketRoute, expect

from rooms.live.store import room_key
from tests.browser.pages import wait_connected

pytestmark = pytest.mark.browser


class LossyLine:
    """Sits on the page's websocket and loses the first room frame that ``lose`` picks."""

    def __init__(self, lose) -> None:
        self.lose = lose
        self.lost: list[int] = []
        self.sent: list[dict] = []

    def __call__(self, route: WebSocketRoute) -> None:
        server = route.connect_to_server()
        server.on_message(lambda message: self.from_server(route, message))
        route.on_message(lambda message: self.from_page(server, message))

    def from_server(self, route: WebSocketRoute, message: str | bytes) -> None:
        frame = json.loads(message)
        if frame.get("type") == "room" and not self.lost and self.lose(frame):
            self.lost.append(frame["v"])
            return
        route.send(message)

    def from_page(self, server: WebSocketRoute, message: str | bytes) -> None:
        self.sent.append(json.loads(message))
        server.send(message)


def test_the_frame_of_your_own_move_is_lost_and_the_page_catches_up(new_player) -> None:
    ann = new_player("Ann")
    ann.choose_name()
    line = LossyLine(lambda frame: frame["room"]["seats"][0]["occupied"])
    ann.page.route_web_socket(re.compile(r"/ws/r/"), line)
    ann.open_room("go-fish", seats=2)
    ann.page.get_by_test_id("seat-0").get_by_role("button", name="Sit in seat 1").click()
    # The frame that shows her seated never arrives; the page asks for the room again.
    expect(ann.page.get_by_test_id("seat-0").get_by_test_id("seat-name")).to_have_text("Ann")
    assert line.lost, "no frame was lost: the test proved nothing"
    assert {"type": "sync"} in line.sent


def test_a_missed_frame_is_noticed_by_its_version_and_resynced(new_player) -> None:
    ann, bob = new_player("Ann"), new_player("Bob")
    ann.choose_name()
    bob.choose_name()
    link = ann.open_room("go-fish", seats=3)
    line = LossyLine(lambda frame: frame["room"]["seats"][0]["occupied"])
    bob.page.route_web_socket(re.compile(r"/ws/r/"), line)
    bob.join(link)
    ann.sit(0)  # Bob's page loses this frame...
    ann.sit(1)  # ...and sees the next one skip a version
    seat = bob.page.get_by_test_id("seat-1").get_by_test_id("seat-name")
    expect(seat).to_have_text("Ann")
    expect(bob.page.get_by_test_id("seat-0").get_by_test_id("seat-name")).to_have_text("Free")
    assert line.lost and {"type": "sync"} in line.sent
    wait_connected(bob.page)


class CuttableLine:
    """Passes the page's websockets through to the server, counting them, and
    can drop the current one as a network would."""

    def __init__(self) -> None:
        self.routes: list[WebSocketRoute] = []

    def __call__(self, route: WebSocketRoute) -> None:
        self.routes.append(route)
        route.connect_to_server()

    def cut(self) -> None:
        self.routes[-1].close(code=1012, reason="service restart")


def make_room_vanish(site, path: str) -> None:
    """The room is gone from the database and from Redis, as if never opened."""
    code = path.rstrip("/").rsplit("/", 1)[-1]
    database = sqlite3.connect(site.env["DATABASE_URL"].removeprefix("sqlite:///"))
    with database:
        database.execute("UPDATE rooms_room SET code = ? WHERE code = ?", ("Gone" + code[4:], code))
    database.close()
    redis.Redis.from_url(site.env["REDIS_URL"]).delete(room_key(code))


def test_a_room_that_no_longer_exists_says_so_and_stops_reconnecting(new_player, site) -> None:
    ann = new_player("Ann")
    line = CuttableLine()
    ann.page.route_web_socket(re.compile(r"/ws/r/"), line)
    link = ann.open_room("go-fish", seats=2)
    make_room_vanish(site, link)
    line.cut()  # the page reconnects, and the server answers 4404
    connection = ann.page.get_by_test_id("connection")
    expect(connection).to_have_attribute("data-state", "gone")
    expect(ann.page.get_by_test_id("banner-connection")).to_contain_text("does not exist")
    tries = len(line.routes)
    ann.page.wait_for_timeout(4000)  # the reconnect backoff would have tried twice by now
    assert len(line.routes) == tries == 2
    expect(connection).to_have_attribute("data-state", "gone")
