"""Client frames: parse and check them before anything else looks at them.

The format is documented, with an example of every message, in docs/protocol.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import orjson

from rooms.errors import RoomError

MAX_FRAME_BYTES = 16 * 1024
MAX_ID_LENGTH = 64

# Frame type -> the fields it must carry (besides "type" and "id").
COMMANDS: dict[str, tuple[str, ...]] = {
    "sync": (),
    "ping": (),
    "sit": ("seat",),
    "stand": (),
    "leave": (),
    "take": ("seat",),
    "shuffle": (),
    "bot": ("seat",),
    "unbot": ("seat",),
    "start": (),
    "again": (),
    "act": ("action",),
    "options": ("rules",),
}
# Commands that change the room must carry an id, so a retry is applied once.
NEEDS_ID = {"act"}
OPTIONAL_FIELDS = {"sit": ("name",), "take": ("name",), "bot": ("level",), "ping": ("mark",)}


@dataclass(frozen=True)
class Command:
    type: str
    id: str | None
    fields: dict[str, Any] = field(default_factory=dict)


class FrameError(RoomError):
    """A refused frame, with the id it carried when that could be read, so the
    client can match the error to its command."""

    def __init__(self, code: str, message: str, command_id: str | None) -> None:
        super().__init__(code, message)
        self.command_id = command_id


def parse_frame(text: str | bytes | None) -> Command:
    """A checked Command, or FrameError with a stable code."""
    frame = decode(text)
    command_id = readable_id(frame)
    try:
        return check_command(frame, command_id)
    except RoomError as error:
        raise FrameError(error.code, error.message, command_id) from None


def decode(text: str | bytes | None) -> Any:
    """The frame's JSON; refusals here have no id to give back."""
    if text is None:
        raise FrameError("bad-frame", "Send JSON text frames.", None)
    size = len(text) if isinstance(text, bytes) else len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_FRAME_BYTES:
        raise FrameError("frame-too-large", f"Frames are limited to {MAX_FRAME_BYTES} bytes.", None)
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        raise FrameError("bad-json", "That frame is not valid JSON.", None) from None


def frame_id(text: str | bytes | None) -> str | None:
    """The id of a frame that will not be carried out, if it can be read."""
    try:
        return readable_id(decode(text))
    except FrameError:
        return None


def readable_id(frame: Any) -> str | None:
    """The frame's id if it is one (a 1-64 character string), else None."""
    value = frame.get("id") if isinstance(frame, dict) else None
    return value if isinstance(value, str) and 0 < len(value) <= MAX_ID_LENGTH else None


def check_command(frame: Any, command_id: str | None) -> Command:
    if not isinstance(frame, dict) or not isinstance(frame.get("type"), str):
        raise RoomError("bad-frame", 'A frame is a JSON object with a "type".')
    kind = frame["type"]
    if kind not in COMMANDS:
        raise RoomError("unknown-type", "Unknown message type.")
    check_id(frame.get("id"), required=kind in NEEDS_ID)
    fields = {}
    for name in COMMANDS[kind]:
        if name not in frame:
            raise RoomError("bad-frame", f'A "{kind}" frame needs "{name}".')
        fields[name] = frame[name]
    for name in OPTIONAL_FIELDS.get(kind, ()):
        if name in frame:
            fields[name] = frame[name]
    if kind == "act" and not isinstance(fields["action"], dict):
        raise RoomError("bad-action", "An action is a JSON object.")
    return Command(kind, command_id, fields)


def check_id(value: Any, required: bool) -> None:
    if value is None:
        if required:
            raise RoomError("bad-id", 'Actions need an "id" chosen by the client.')
        return
    if not isinstance(value, str) or not 0 < len(value) <= MAX_ID_LENGTH:
        raise RoomError("bad-id", f"An id is a string of 1 to {MAX_ID_LENGTH} characters.")
