"""Client frames: each is parsed once, here, into a typed command.

The format is documented, with an example of every message, in docs/protocol.md.
Past ``parse_frame`` nothing reads a frame's dictionary: the consumer and the
change functions get one of the commands below, its fields checked and typed.
Only an ``act``'s action stays a dictionary, because the rules engine is what
checks actions (and house rules likewise stay a dictionary for the game's
option schema).

The commands are frozen dataclasses with slots rather than msgspec Structs:
msgspec would decode and check a frame in one step, but its errors would have
to be mapped back onto the protocol's own codes, messages and order of checks,
and the frame's id must be read even from a frame that fails them. orjson has
already decoded the frame; one small slotted object per frame costs less than
that decoding, and adds no dependency.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import orjson

from rooms.errors import RoomError
from rooms.moves import MAX_ID_LENGTH
from rooms.records.names import InvalidName, clean_name

MAX_FRAME_BYTES = 16 * 1024


@dataclass(frozen=True, slots=True)
class Sync:
    id: str | None


@dataclass(frozen=True, slots=True)
class Ping:
    id: str | None
    mark: str | None  # the mark of the last pong the client read


@dataclass(frozen=True, slots=True)
class Sit:
    id: str | None
    seat: int
    name: str | None  # a display name the player confirmed, cleaned


@dataclass(frozen=True, slots=True)
class Stand:
    id: str | None


@dataclass(frozen=True, slots=True)
class Leave:
    id: str | None


@dataclass(frozen=True, slots=True)
class Take:
    id: str | None
    seat: int
    name: str | None  # a display name the player confirmed, cleaned


@dataclass(frozen=True, slots=True)
class Shuffle:
    id: str | None


@dataclass(frozen=True, slots=True)
class PutBot:
    id: str | None
    seat: int
    level: str | None  # None: the game's first level


@dataclass(frozen=True, slots=True)
class RemoveBot:
    id: str | None
    seat: int


@dataclass(frozen=True, slots=True)
class Start:
    id: str | None


@dataclass(frozen=True, slots=True)
class Again:
    id: str | None


@dataclass(frozen=True, slots=True)
class Act:
    id: str  # required, so that a retried action is applied once
    action: dict[str, Any]


@dataclass(frozen=True, slots=True)
class SetHouseRules:
    id: str | None
    rules: dict[str, Any]


# The commands that change the room, each through its change function.
RoomCommand = (
    Sit | Stand | Leave | Take | Shuffle | PutBot | RemoveBot | Start | Again | Act | SetHouseRules
)
Command = Sync | Ping | RoomCommand


class FrameError(RoomError):
    """A refused frame, with the id it carried when that could be read, so the
    client can match the error to its command."""

    def __init__(self, code: str, message: str, command_id: str | None) -> None:
        super().__init__(code, message)
        self.command_id = command_id


def parse_frame(text: str | bytes | None) -> Command:
    """The frame's command, or FrameError with a stable code."""
    frame = decode(text)
    command_id = readable_id(frame)
    try:
        return parse_command(frame, command_id)
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


def parse_command(frame: Any, command_id: str | None) -> Command:
    if not isinstance(frame, dict) or not isinstance(frame.get("type"), str):
        raise RoomError("bad-frame", 'A frame is a JSON object with a "type".')
    parse = PARSERS.get(frame["type"])
    if parse is None:
        raise RoomError("unknown-type", "Unknown message type.")
    check_id(frame.get("id"))
    return parse(frame, command_id)


def check_id(value: Any) -> None:
    if value is None:
        return
    if not isinstance(value, str) or not 0 < len(value) <= MAX_ID_LENGTH:
        raise RoomError("bad-id", f"An id is a string of 1 to {MAX_ID_LENGTH} characters.")
    if "\x00" in value:
        # An act's id goes into the record, and PostgreSQL cannot store NUL in text.
        raise RoomError("bad-id", "An id cannot hold a NUL character.")


# --- fields -----------------------------------------------------------------------


def required(frame: dict[str, Any], name: str) -> Any:
    if name not in frame:
        raise RoomError("bad-frame", f'A "{frame["type"]}" frame needs "{name}".')
    return frame[name]


def seat_number(value: Any) -> int:
    # bool is an int in Python, but true is no seat number.
    if not isinstance(value, int) or isinstance(value, bool):
        raise RoomError("bad-seat", "Choose a seat by its number.")
    return value


def confirmed_name(frame: dict[str, Any]) -> str | None:
    """A name sent with a sit or take is the player confirming their name."""
    if "name" not in frame:
        return None
    try:
        return clean_name(frame["name"])
    except InvalidName as error:
        raise RoomError(error.code, error.message) from None


def seat_and_name(frame: dict[str, Any]) -> tuple[int, str | None]:
    seat = required(frame, "seat")
    # A bad name is refused before a bad seat, as it always was.
    name = confirmed_name(frame)
    return seat_number(seat), name


def bot_level(frame: dict[str, Any]) -> str | None:
    """The level asked for. A level that is not a string names no level: as text,
    the room refuses it with the game's levels, as it does a misspelt one."""
    level = frame.get("level")
    return level if level is None or isinstance(level, str) else str(level)


# --- one parser per frame type ---------------------------------------------------

Parser = Callable[[dict[str, Any], str | None], Command]


def parse_ping(frame: dict[str, Any], command_id: str | None) -> Ping:
    mark = frame.get("mark")
    # Any other mark proves nothing read, as no mark does.
    return Ping(command_id, mark if isinstance(mark, str) else None)


def parse_sit(frame: dict[str, Any], command_id: str | None) -> Sit:
    return Sit(command_id, *seat_and_name(frame))


def parse_take(frame: dict[str, Any], command_id: str | None) -> Take:
    return Take(command_id, *seat_and_name(frame))


def parse_put_bot(frame: dict[str, Any], command_id: str | None) -> PutBot:
    return PutBot(command_id, seat_number(required(frame, "seat")), bot_level(frame))


def parse_remove_bot(frame: dict[str, Any], command_id: str | None) -> RemoveBot:
    return RemoveBot(command_id, seat_number(required(frame, "seat")))


def parse_act(frame: dict[str, Any], command_id: str | None) -> Act:
    if command_id is None:  # check_id let a present id through, so it has none
        raise RoomError("bad-id", 'Actions need an "id" chosen by the client.')
    action = required(frame, "action")
    if not isinstance(action, dict):
        raise RoomError("bad-action", "An action is a JSON object.")
    return Act(command_id, action)


def parse_house_rules(frame: dict[str, Any], command_id: str | None) -> SetHouseRules:
    rules = required(frame, "rules")
    if rules is None:
        return SetHouseRules(command_id, {})  # null asks for the defaults, as {} does
    if not isinstance(rules, dict):
        raise RoomError("bad-option", "options must be an object")  # the rules engine's words
    return SetHouseRules(command_id, rules)


def only_id(command: Callable[[str | None], Command]) -> Parser:
    return lambda frame, command_id: command(command_id)


PARSERS: dict[str, Parser] = {
    "sync": only_id(Sync),
    "ping": parse_ping,
    "sit": parse_sit,
    "stand": only_id(Stand),
    "leave": only_id(Leave),
    "take": parse_take,
    "shuffle": only_id(Shuffle),
    "bot": parse_put_bot,
    "unbot": parse_remove_bot,
    "start": only_id(Start),
    "again": only_id(Again),
    "act": parse_act,
    "options": parse_house_rules,
}
