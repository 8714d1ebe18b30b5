"""A page that loses a frame from the server catches up by itself (protocol: versions, sync)."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import WebSocketRoute, expect

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
