"""A game the site has never heard of, registered through its spec alone, plays
through a real room: lobby, start, actions, end, record and replay."""

from __future__ import annotations

import orjson
import pytest
from channels.db import database_sync_to_async

from games import registry
from games.replay import replay
from games.spec import GameSpec
from rooms.models import Match, MatchStatus, PlayerResult
from rooms.records.records import match_record
from tests.rooms.client import RoomClient
from tests.rooms.conftest import host_room, live
from tests.toy_game.rules import SPEC

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def pile():
    registry.register(SPEC)
    yield SPEC
    registry.unregister(SPEC.name)


def playing_frames(client: RoomClient) -> list[dict]:
    return [f for f in client.frames if f["type"] == "room" and f["room"]["status"] == "playing"]


async def test_the_pile_plays_through_a_room(pile: GameSpec) -> None:
    code, ann = await host_room(pile.name, "Ann")
    bob = await RoomClient.join(code, "Bob")
    players = [ann, bob]
    assert ann.room["status"] == "lobby" and len(ann.room["seats"]) == 2
    for index, player in enumerate(players):
        assert (await player.command("sit", seat=index))["type"] == "ack"
    assert (await bob.command("start"))["code"] == "not-host"
    assert (await ann.command("start"))["type"] == "ack"
    _, room = await live(code)
    secrets = room["match"]["state"]["setup"]["secrets"]
    assert (await bob.act({"type": "take", "count": 1}))["code"] == "not-your-turn"

    takes = iter([2, 1, 2, 1, 1])  # 7 counters: Ann takes the last
    while room["status"] != "finished":
        player = players[room["match"]["state"]["turn"]]
        reply = await player.act({"type": "take", "count": next(takes)})
        assert reply["type"] == "ack", reply
        _, room = await live(code)

    await bob.wait_for(lambda frame: frame["room"]["status"] == "finished")
    for seat, player in enumerate(players):
        assert player.game["result"] == {"winner": 0, "secrets": secrets}
        frames = playing_frames(player)
        assert frames and all(f["game"]["secret"] == secrets[seat] for f in frames)
        # The other seat's secret is in no frame while the game is played.
        assert all(secrets[1 - seat] not in orjson.dumps(f).decode() for f in frames)

    match = await Match.objects.aget(room__code=code)
    assert match.game == pile.name and match.status == MatchStatus.FINISHED
    assert match.moves_count == 5
    outcomes = PlayerResult.objects.filter(match=match).order_by("seat")
    assert [r.outcome async for r in outcomes] == ["win", "loss"]
    record = await database_sync_to_async(match_record)(match)
    log = room["match"]["state"]["log"]
    assert replay(record) == {"ok": True, "log": log, "result": match.result}


def test_a_game_is_registered_once_and_can_be_taken_away(pile: GameSpec) -> None:
    assert registry.get_spec(pile.name) is pile and registry.get_rules(pile.name) is pile.rules
    with pytest.raises(ValueError):
        registry.register(pile)
    registry.unregister(pile.name)
    assert registry.find_spec(pile.name) is None
    registry.register(pile)  # for the fixture to take away
