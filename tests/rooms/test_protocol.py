"""Each frame is parsed once into a typed command; bad fields are refused there
with the codes the room would give them."""

from __future__ import annotations

import orjson
import pytest

from rooms.live.protocol import Act, FrameError, Ping, PutBot, SetHouseRules, Sit, Take, parse_frame
from tests.rooms.conftest import host_room, live


def parsed(frame: dict) -> object:
    return parse_frame(orjson.dumps(frame))


def refusal(frame: dict) -> tuple[str, str | None]:
    with pytest.raises(FrameError) as refused:
        parsed(frame)
    return refused.value.code, refused.value.command_id


def test_frames_become_typed_commands() -> None:
    assert parsed({"type": "sit", "id": "s1", "seat": 2, "name": "  Ann  "}) == Sit("s1", 2, "Ann")
    assert parsed({"type": "take", "seat": 3}) == Take(None, 3, None)
    assert parsed({"type": "bot", "id": "b", "seat": 5}) == PutBot("b", 5, None)
    assert parsed({"type": "act", "id": "a", "action": {"type": "flip"}}) == Act(
        "a", {"type": "flip"}
    )
    assert parsed({"type": "options", "rules": None}) == SetHouseRules(None, {})
    assert parsed({"type": "ping", "mark": 7}) == Ping(None, None)


def test_wrong_typed_fields_get_the_codes_the_room_gives_them() -> None:
    assert refusal({"type": "sit", "id": "s", "seat": "2"}) == ("bad-seat", "s")
    assert refusal({"type": "unbot", "id": "u", "seat": True}) == ("bad-seat", "u")
    assert refusal({"type": "take", "id": "t", "seat": "x", "name": ""}) == ("name-empty", "t")
    assert refusal({"type": "sit", "id": "n", "seat": 1, "name": 5}) == ("bad-name", "n")
    assert refusal({"type": "options", "id": "o", "rules": [1]}) == ("bad-option", "o")
    # A level that is not a string is no level: the room refuses it with its list.
    assert parsed({"type": "bot", "seat": 1, "level": 3}) == PutBot(None, 1, "3")


def test_an_id_with_a_nul_character_is_refused() -> None:
    frame = {"type": "act", "id": "a\x00b", "action": {"type": "flip"}}
    assert refusal(frame) == ("bad-id", "a\x00b")


@pytest.mark.django_db(transaction=True)
async def test_a_nul_id_changes_nothing_in_a_live_room() -> None:
    code, me = await host_room("kitten-fishing", "Ann")
    before = await live(code)
    reply = await me.act({"type": "flip"}, id="x\x00y")
    assert (reply["type"], reply["code"], reply["id"]) == ("error", "bad-id", "x\x00y")
    assert await live(code) == before
