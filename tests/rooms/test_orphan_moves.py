"""A server that dies between writing a move and updating Redis loses nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from games.registry import get_rules
from rooms.models import Match, MatchMove
from rooms.records.records import match_moves
from tests.rooms.client import RoomClient
from tests.rooms.conftest import host_room, live, settle

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def orphan(match_id: int, index: int, seat: int, action: dict) -> None:
    """The database row a dying server wrote, without its Redis update."""
    MatchMove.objects.create(
        match_id=match_id, index=index, seat=seat, action=action, client_id="dead:1"
    )
    MatchMove.objects.filter(match_id=match_id, index=index).update(
        created_at=timezone.now() - timedelta(seconds=5)
    )
    Match.objects.filter(pk=match_id).update(moves_count=index + 1)


async def test_an_orphaned_move_is_played_once_and_the_next_move_follows_it() -> None:
    code, ann = await host_room("go-fish", "Ann", seats=2)
    bob = await RoomClient.join(code, "Bob")
    await ann.command("sit", seat=0)
    await bob.command("sit", seat=1)
    await ann.command("start")
    room = await settle(code, [ann, bob])
    state = room["match"]["state"]
    rules = get_rules("go-fish")
    mover = state["turn"]
    ask = rules.action_space(state, mover)["ask"]
    lost = {"type": "ask", "target": ask["targets"][0], "rank": ask["ranks"][0]}
    await orphan(room["match"]["id"], 0, mover, lost)

    # Someone acts on the stale live state: the server finds the orphan, plays it first.
    player = (ann, bob)[mover]
    await player.act(lost, id="retry-of-something")
    _, room = await live(code)
    moves = await database_sync_to_async(match_moves)(room["match"]["id"])
    assert moves[0][1] == lost and moves[0][2] == "dead:1"
    # Live state == the database's record replayed, move for move.
    replayed = rules.start(room["match"]["state"]["setup"])
    for seat, action, _ in moves:
        replayed, _ = rules.apply(replayed, seat, action)
    assert room["match"]["state"] == replayed
    assert room["match"]["moves"] == len(moves)
