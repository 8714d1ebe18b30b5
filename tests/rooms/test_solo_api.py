"""Solo games: the saved match behind CONTINUE, statistics with streaks, new game."""

from __future__ import annotations

from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.test import Client, override_settings
from django.utils import timezone

from rooms.live.commands import Actor
from rooms.models import Guest, Match, MatchStatus, PlayerResult, Room
from rooms.records.stats import records_of, summary
from rooms.web.creation import open_room
from tests.rooms.client import RoomClient
from tests.rooms.conftest import host_room, live

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_unfinished_card_fishing_match_is_offered_to_continue() -> None:
    client = Client()
    client.get("/")
    assert client.get("/api/solo/card-fishing").json()["continue"] is None
    response = client.post("/rooms/new", {"game": "card-fishing", "level": "hard"})
    code = response["Location"].strip("/").split("/")[-1]
    saved = client.get("/api/solo/card-fishing").json()["continue"]
    assert saved["url"] == f"/r/{code}/" and saved["level"] == "hard"
    # Another guest has nothing to continue.
    other = Client()
    other.get("/")
    assert other.get("/api/solo/card-fishing").json()["continue"] is None


def test_statistics_count_wins_losses_and_streaks_per_difficulty() -> None:
    client = Client()
    client.get("/")
    guest = Guest.objects.get()
    room = Room.objects.create(code="r1", game="card-fishing")
    start = timezone.now()
    outcomes = {"easy": ["win", "win", "loss", "win", "win", "win", "loss"], "hard": ["win"]}
    number = 0
    for level, sequence in outcomes.items():
        for outcome in sequence:
            number += 1
            match = Match.objects.create(
                room=room, number=number, game="card-fishing", setup={},
                status=MatchStatus.FINISHED,
            )  # fmt: skip
            PlayerResult.objects.create(
                match=match, guest=guest, seat=0, game="card-fishing", level=level,
                outcome=outcome, finished_at=start + timedelta(minutes=number),
            )  # fmt: skip
    stats = client.get("/api/solo/card-fishing").json()["stats"]
    easy = stats["easy"]
    assert (easy["played"], easy["wins"], easy["losses"]) == (7, 5, 2)
    assert (easy["current_streak"], easy["best_streak"]) == (0, 3)
    assert easy["win_rate"] == round(5 / 7, 4)
    assert stats["hard"]["current_streak"] == 1
    assert client.get("/api/solo/go-fish").status_code == 404


async def test_a_new_game_mid_game_abandons_the_current_one() -> None:
    code, me = await host_room("kitten-fishing", "Ann")
    first_match = me.room["match"]["number"]
    reply = await me.command("again")
    assert reply["type"] == "ack", reply
    assert me.room["match"]["number"] == first_match + 1
    assert me.room["status"] == "playing"
    first = await Match.objects.aget(room__code=code, number=first_match)
    assert first.status == MatchStatus.ABANDONED
    # In a multiplayer room, Play again during a game is refused.
    code, host = await host_room("go-fish", "Bob", seats=2)
    other = await RoomClient.join(code, "Cy")
    await host.command("sit", seat=0)
    await other.command("sit", seat=1)
    await host.command("start")
    version, before = await live(code)
    assert (await host.command("again"))["code"] == "wrong-phase"
    assert (await live(code))[0] == version


@override_settings(ALLOW_TEST_KNOBS=True)
async def test_a_kitten_room_can_set_a_small_flip_limit() -> None:
    code, me = await host_room("kitten-fishing", "Ann", flip_limit=7)
    assert me.game["flip_limit"] == 7
    await me.act({"type": "finish"})
    result = me.game["result"]
    # 26 cards each: no pile can run out in 7 flips, so the limit decides.
    assert (result["flips"], result["reason"]) == (7, "flip-limit")
    assert result["winner"] in (0, 1, None)


@pytest.mark.parametrize("game", ["kitten-fishing", "go-fish"])
def test_a_guest_cannot_choose_a_flip_limit(game: str) -> None:
    client = Client()
    client.get("/")
    response = client.post(
        "/rooms/new",
        {"game": game, "flip_limit": 1},
        content_type="application/json",
        headers={"accept": "application/json"},
    )
    assert response.status_code == 400
    assert response.json()["code"] == "unknown-option"
    assert not Room.objects.exists()


async def finished_kitten_game(**form: object) -> int:
    """A guest who played one Kitten Fishing game to its end; their id."""
    code, me = await host_room("kitten-fishing", "Ann", **form)
    await me.act({"type": "finish"})
    match = await Match.objects.aget(room__code=code)
    assert match.status == MatchStatus.FINISHED
    assert await PlayerResult.objects.filter(match=match, guest=me.guest).aexists()
    await me.disconnect()
    return me.guest


@override_settings(ALLOW_TEST_KNOBS=True)
async def test_a_game_with_a_lowered_flip_limit_never_counts_in_statistics() -> None:
    tester = await finished_kitten_game(flip_limit=1)
    assert await database_sync_to_async(summary)(tester) == {}
    assert await database_sync_to_async(records_of)(tester, "kitten-fishing") == {}
    # A game at the site's own limit counts.
    player = await finished_kitten_game()
    played = (await database_sync_to_async(summary)(player))["kitten-fishing"][""]["played"]
    assert played == 1


async def test_see_the_result_sends_the_end_not_every_flip() -> None:
    code, me = await host_room("kitten-fishing", "Ann")
    await me.act({"type": "finish"})
    frame = me.latest
    assert frame["game"]["over"]
    assert len(frame["events"]) <= 50
    assert frame["skipped"] + len(frame["events"]) == frame["game"]["flips"]
    assert frame["events"][-1]["flip"] == frame["game"]["flips"]


async def test_playing_a_new_solo_game_replaces_the_saved_one() -> None:
    code, me = await host_room("card-fishing", "Ann", level="easy")
    guest = await Guest.objects.aget(pk=me.guest)
    newer = await open_room(Actor(guest=guest.pk, name="Ann"), "card-fishing", {"level": "hard"})
    await me.wait_for(lambda f: f["room"]["status"] == "closed")
    assert "replaced" in me.room["notice"]
    old = await Match.objects.aget(room__code=code)
    assert old.status == MatchStatus.ABANDONED
    assert (await Room.objects.aget(code=newer)).status == "playing"
