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
OPTIONAL_FIELDS = {"sit": ("name",), "take": ("name",), "bot": ("level",), "ping": ("v",)}


@dataclass(frozen=True)
class Command:
    type: str
    id: str | None
    fields: dict[str, Any] = field(default_factory=dict)


def parse_frame(text: str | bytes | None) -> Command:
    """A checked Command, or RoomError with a stable code."""
    if text is None:
        raise RoomError("bad-frame", "Send JSON text frames.")
    size = len(text) if isinstance(text, bytes) else len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_FRAME_BYTES:
        raise RoomError("frame-too-large", f"Frames are limited to {MAX_FRAME_BYTES} bytes.")
    try:
        frame = orjson.loads(text)
    except orjson.JSONDecodeError:
        raise RoomError("bad-json", "That frame is not valid JSON.") from None
    if not isinstance(frame, dict) or not isinstance(frame.get("type"), str):
        raise RoomError("bad-frame", 'A frame is a JSON object with a "type".')
    kind = frame["type"]
    if kind not in COMMANDS:
        raise RoomError("unknown-type", "Unknown message type.")
    command_id = check_id(frame.get("id"), required=kind in NEEDS_ID)
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


def check_id(value: Any, required: bool) -> str | None:
    if value is None:
        if required:
            raise RoomError("bad-id", 'Actions need an "id" chosen by the client.')
        return None
    if not isinstance(value, str) or not 0 < len(value) <= MAX_ID_LENGTH:
        raise RoomError("bad-id", f"An id is a string of 1 to {MAX_ID_LENGTH} characters.")
    return value
