"""House rules in a room: the host sets them in the lobby; they are locked in play."""

from __future__ import annotations

import pytest

from tests.rooms.client import RoomClient
from tests.rooms.conftest import host_room, live

pytestmark = pytest.mark.django_db(transaction=True)


def rule(frame: dict, name: str) -> dict:
    return next(item for item in frame["room"]["rules"] if item["name"] == name)


async def test_the_host_sets_house_rules_before_the_start_and_everyone_sees_them() -> None:
    code, ann = await host_room("go-fish", "Ann", seats=2)
    bob = await RoomClient.join(code, "Bob")
    assert rule(ann.latest, "lucky_draw_again")["default"] is True
    new_rules = {"lucky_draw_again": False, "deal_size": 5}
    assert (await bob.command("options", rules=new_rules))["code"] == "not-host"
    assert (await ann.command("options", rules={"deal_size": 99}))["code"] == "bad-option"
    assert (await ann.command("options", rules={"bluff": True}))["code"] == "bad-option"
    assert (await ann.command("options", rules=new_rules))["type"] == "ack"
    frame = await bob.wait_for(lambda f: rule(f, "deal_size")["value"] == 5)
    assert rule(frame, "lucky_draw_again")["value"] is False
    await ann.command("sit", seat=0)
    await bob.command("sit", seat=1)
    await ann.command("start")
    await bob.wait_for(lambda f: f["game"] is not None)
    assert bob.game["options"]["deal_size"] == 5 and len(bob.game["hand"]) <= 5
    assert (await ann.command("options", rules={}))["code"] == "wrong-phase"
    _, room = await live(code)
    assert room["match"]["state"]["setup"]["options"] == new_rules


async def test_rules_given_when_opening_the_room_are_in_force() -> None:
    code, ann = await host_room("fish", "Ann", rules={"log": "all", "end": "five"})
    assert rule(ann.latest, "log")["value"] == "all"
    assert rule(ann.latest, "end")["default"] is False
