"""A protocol fuzzer: random and mutated frames sent to a live room.

Whatever arrives, the server answers with well-formed frames, never fails,
keeps the connection open, and changes nothing unless a frame was a valid
command that it acknowledged.
"""

from __future__ import annotations

import asyncio
import json

import pytest
from django.test import override_settings
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.rooms.client import RoomClient
from tests.rooms.conftest import host_room, live, settle

pytestmark = pytest.mark.django_db(transaction=True)

KNOWN_TYPES = ["sync", "ping", "sit", "stand", "leave", "take", "shuffle", "bot", "unbot",
               "start", "again", "act", "options"]  # fmt: skip
REPLY_TYPES = {"room", "ack", "error", "pong", "closed"}

json_scalars = (
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False)
    | st.text(max_size=30)
)  # fmt: skip
json_values = st.recursive(
    json_scalars,
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=20,
)

actions = st.fixed_dictionaries(
    {"type": st.sampled_from(["ask", "declare", "flip", "play", "finish", "next-round", "x"])},
    optional={
        "target": st.integers(-2, 8) | json_values,
        "card": st.sampled_from(["KH", "kh", "XR", "1S", "10D", "ZZ", ""]) | json_values,
        "rank": st.sampled_from(["7", "A", "11", ""]) | json_values,
        "halfsuit": st.sampled_from(["high-hearts", "eights", "nope"]) | json_values,
        "cards": st.dictionaries(st.sampled_from(["9H", "10H", "JH", "8S", "XB"]),
                                 st.integers(-1, 7), max_size=7) | json_values,
    },
)  # fmt: skip

commands = st.fixed_dictionaries(
    {"type": st.sampled_from(KNOWN_TYPES)},
    optional={
        "id": st.text(min_size=0, max_size=70) | json_values,
        "seat": st.integers(-3, 9) | json_values,
        "name": st.text(max_size=40) | json_values,
        "level": st.sampled_from(["strong", "random", "easy", "??"]) | json_values,
        "action": actions | json_values,
        "rules": st.dictionaries(st.sampled_from(["bluff", "end", "log", "zzz"]), json_values,
                                 max_size=3) | json_values,
        "v": json_values,
    },
)  # fmt: skip

frames = st.one_of(
    commands.map(json.dumps),
    json_values.map(lambda v: json.dumps(v)),
    st.text(max_size=200),
    st.binary(max_size=200).map(lambda b: b.decode("latin-1")),
)


async def fuzz_room(sequence: list[str]) -> None:
    code, host = await host_room("fish", "Host", rules={"log": "all"})
    players = [host] + [await RoomClient.join(code, f"P{i}") for i in range(1, 6)]
    for seat, player in enumerate(players):
        await player.command("sit", seat=seat)
    await host.command("start")
    spectator = await RoomClient.join(code, "Spectator")
    await settle(code, players + [spectator])
    for index, text in enumerate(sequence):
        sender = (players + [spectator])[index % 7]
        version, _ = await live(code)
        frames_before, errors_before = len(sender.frames), len(sender.errors)
        await sender.send_raw(text or " ")  # the test harness cannot send an empty frame
        await sender.drain(quiet=0.02)
        assert sender.closed is None, f"connection closed by {text!r}"
        assert not sender.socket.future.done(), "the consumer crashed"
        for frame in sender.frames[frames_before:]:
            assert frame["type"] in REPLY_TYPES
        errors = sender.errors[errors_before:]
        for error in errors:
            assert isinstance(error["code"], str) and error["code"]
            assert isinstance(error["message"], str) and error["message"]
        sender.replies.clear()
        if errors:  # refused: nothing may have changed
            assert (await live(code))[0] == version, f"{text!r} was refused but changed the room"


@override_settings(WS_RATE_PER_SECOND=100000, WS_RATE_BURST=100000, WS_CONNECTS_PER_MINUTE=100000)
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(sequence=st.lists(frames, min_size=5, max_size=30))
def test_random_and_mutated_frames_never_break_the_room(sequence: list[str]) -> None:
    asyncio.run(fuzz_room(sequence))
