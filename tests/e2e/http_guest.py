"""A guest talking to a live server over HTTP and websockets, as a browser would."""

from __future__ import annotations

import http.cookiejar
import itertools
import json
import time
import urllib.request
from typing import Any

from websockets.sync.client import ClientConnection, connect

_ids = itertools.count(1)
HEARTBEAT_SECONDS = 2.0


class Guest:
    """Holds the session cookie from a first page view, like a browser tab."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.opener.open(base_url + "/").read()

    def cookie(self, name: str) -> str:
        return next(c.value for c in self.jar if c.name == name)

    def open_room(self, game: str, **options: Any) -> str:
        body = json.dumps({"game": game, **options}).encode()
        request = urllib.request.Request(
            self.base_url + "/rooms/new",
            data=body,
            headers={
                "Content-Type": "application/json",
                "Accept": "application/json",
                "X-CSRFToken": self.cookie("csrftoken"),
                "Referer": self.base_url + "/",
            },
        )
        with self.opener.open(request) as response:
            return json.loads(response.read())["code"]

    def socket(self, ws_base: str, code: str) -> RoomSocket:
        headers = {"Cookie": f"sessionid={self.cookie('sessionid')}"}
        ws = connect(
            f"{ws_base}/ws/r/{code}/",
            origin=self.base_url,
            additional_headers=headers,
            open_timeout=10,
        ).__enter__()  # closed by RoomSocket.close
        return RoomSocket(ws)


class RoomSocket:
    """The room protocol over a plain websocket client."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.latest: dict[str, Any] | None = None
        self.versions: list[int] = []
        self.replies: dict[str, dict] = {}
        self.mark: str | None = None  # from the last pong read: proof of reading
        self.wait(lambda frame: True)

    def send(self, kind: str, **fields: Any) -> str:
        command_id = fields.pop("id", None) or f"e{next(_ids)}"
        self.ws.send(json.dumps({"type": kind, "id": command_id, **fields}))
        return command_id

    def receive(self, timeout: float) -> dict[str, Any]:
        frame = json.loads(self.ws.recv(timeout=timeout))
        if frame["type"] == "pong":
            self.mark = frame["mark"]
            if self.latest and frame["v"] > self.latest["v"]:
                self.ws.send('{"type": "sync"}')  # a frame was lost on the way: catch up
        if frame["type"] == "room":
            self.versions.append(frame["v"])
            if self.latest is None or frame["v"] > self.latest["v"]:
                self.latest = frame
        elif frame.get("id"):
            self.replies[frame["id"]] = frame
        return frame

    def command(self, kind: str, timeout: float = 30, **fields: Any) -> dict[str, Any]:
        command_id = self.send(kind, **fields)
        while command_id not in self.replies:
            self.receive(timeout)
        reply = self.replies.pop(command_id)
        if reply["type"] == "ack":  # the change's own frame follows the ack
            self.wait(lambda frame: frame["v"] >= reply["v"], timeout)
        return reply

    def wait(self, test, timeout: float = 30) -> dict[str, Any]:
        """Read frames until ``test`` holds, with a heartbeat when it goes quiet,
        as the browser does (its pong says whether a frame was lost)."""
        deadline = time.monotonic() + timeout
        while self.latest is None or not test(self.latest):
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"timed out; last frame {self.latest}")
            try:
                self.receive(min(left, HEARTBEAT_SECONDS))
            except TimeoutError:
                self.ping()
        return self.latest

    def ping(self) -> None:
        """A heartbeat; the mark of the last pong read shows how far we have read."""
        self.ws.send(json.dumps({"type": "ping", "mark": self.mark}))

    def close(self) -> None:
        self.ws.close()
