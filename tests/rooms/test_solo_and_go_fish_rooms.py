"""Go Fish with three players, and the solo games against the computer, to their end."""

from __future__ import annotations

import random

import pytest
from channels.db import database_sync_to_async

from games.fish import HALFSUITS
from games.replay import replay
from rooms.models import Match, MatchStatus, PlayerResult
from rooms.records.records import match_record
from tests.rooms.client import RoomClient
from tests.rooms.conftest import LeakCheck, host_room, live

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]


async def test_go_fish_with_three_players_to_the_end() -> None:
    code, ann = await host_room("go-fish", "Ann", seats=3)
    bob = await RoomClient.join(code, "Bob")
    cy = await RoomClient.join(code, "Cy")
    players = [ann, bob, cy]
    for index, player in enumerate(players):
        assert (await player.command("sit", seat=index))["type"] == "ack"
    assert (await ann.command("start"))["type"] == "ack"
    leaks = LeakCheck(list(players))
    rng = random.Random(7)
    for _ in range(1000):
        await leaks.check(code)
        _, room = await live(code)
        state = room["match"]["state"]
        if room["status"] == "finished":
            break
        player = players[state["turn"]]
        ask = player.game["actions"]["ask"]
        action = {
            "type": "ask",
            "target": rng.choice(ask["targets"]),
            "rank": rng.choice(ask["ranks"]),
        }
        reply = await player.act(action)
        assert reply["type"] == "ack", reply
    _, room = await live(code)
    result = room["match"]["state"]
    assert room["status"] == "finished"
    books = ann.game["result"]["books"]
    assert sum(len(b) for b in books) == 13
    best = max(len(b) for b in books)
    assert ann.game["result"]["winners"] == [s for s, b in enumerate(books) if len(b) == best]
    match = await Match.objects.aget(room__code=code)
    assert match.status == MatchStatus.FINISHED and match.moves_count == len(result["log"])
    assert await PlayerResult.objects.filter(match=match).acount() == 3
    # The stored record replays to the same result with the referee.
    record = await database_sync_to_async(match_record)(match)
    assert replay(record) == {"ok": True, "log": result["log"], "result": match.result}


async def test_kitten_fishing_against_kitty_to_the_end() -> None:
    code, me = await host_room("kitten-fishing", "Ann")
    leaks = LeakCheck([me])
    assert me.room["status"] == "playing" and me.game["first"] == 0
    flips = 0
    while me.room["status"] != "finished":
        if me.game["turn"] == 0:
            reply = await me.act({"type": "flip"})
            assert reply["type"] == "ack", reply
            flips += 1
            await leaks.check(code)
            if flips == 40:  # enough by hand: See the result
                assert (await me.act({"type": "finish"}))["type"] == "ack"
        else:
            await me.wait_for(lambda f: f["game"]["turn"] == 0 or f["room"]["status"] == "finished")
    await leaks.check(code)
    result = me.game["result"]
    assert result["winner"] in (0, 1, None) and result["reason"] in ("empty-pile", "flip-limit")
    assert result["flips"] > 40
    assert sum(result["piles"]) + len(me.game["table"]) == 52
    # Play again: Kitty flips first in the second game of the room.
    assert (await me.command("again"))["type"] == "ack"
    await me.wait_for(lambda f: f["room"]["match"]["number"] == 2 and f["game"]["flips"] >= 1)
    assert me.game["first"] == 1  # Kitty flipped first, by herself


async def test_card_fishing_against_the_bot_to_the_end() -> None:
    code, me = await host_room("card-fishing", "Ann", level="easy")
    leaks = LeakCheck([me])
    rng = random.Random(3)
    for _ in range(5000):
        if me.room["status"] == "finished":
            break
        actions = me.game["actions"]
        if actions.get("next-round"):
            reply = await me.act({"type": "next-round"})
        elif actions.get("play"):
            reply = await me.act({"type": "play", "card": rng.choice(actions["play"])})
        else:
            await me.wait_for(
                lambda f: bool(f["game"]["actions"]) or f["room"]["status"] == "finished"
            )
            continue
        assert reply["type"] == "ack", reply
        await leaks.check(code)
    assert me.room["status"] == "finished"
    result = me.game["result"]
    assert result["winner"] in (0, 1)
    assert max(result["scores"]) >= 16
    assert leaks.frames_checked > 40  # the check really looked at the frames


async def test_strong_computer_players_take_their_turns_in_a_fish_room() -> None:
    code, me = await host_room("fish", "Ann")
    await me.command("sit", seat=0)
    for seat in range(1, 6):
        assert (await me.command("bot", seat=seat, level="strong"))["type"] == "ack"
    await me.command("start")
    leaks = LeakCheck([me])
    rng = random.Random(12)
    for _ in range(40):
        frame = await me.wait_for(
            lambda f: f["room"]["status"] != "playing" or f["game"]["turn"] == 0
        )
        if frame["room"]["status"] != "playing":
            break
        actions = me.game["actions"]
        if "ask" in actions:
            ask = actions["ask"]
            action = {"type": "ask", "target": rng.choice(ask["targets"]),
                      "card": rng.choice(ask["cards"])}  # fmt: skip
        else:  # my team holds the last cards: declare what I hold, all to me
            halfsuit = actions["declare"]["halfsuits"][0]
            action = {"type": "declare", "halfsuit": halfsuit,
                      "cards": {c: 0 for c in HALFSUITS[halfsuit]}}  # fmt: skip
        assert (await me.act(action))["type"] == "ack"
        await leaks.check(code)
    _, room = await live(code)
    moves = room["match"]["state"]["log"]
    bot_moves = [m for m in moves if m["seat"] != 0]
    assert bot_moves, "the computer players played"
    assert any(m["type"] == "declare" for m in moves) or len(moves) >= 40
