"""History, replays and record downloads: each guest sees their own games only."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
from asgiref.sync import sync_to_async
from django.test import Client

from games.registry import get_rules
from rooms.models import Match
from rooms.records.records import match_record
from tests.rooms.client import RoomClient
from tests.rooms.conftest import host_room, live, settle

pytestmark = pytest.mark.django_db(transaction=True)


def client_of(player: RoomClient) -> Client:
    client = Client()
    client.cookies["sessionid"] = player.session_key
    return client


async def finished_go_fish() -> tuple[str, RoomClient, RoomClient]:
    code, ann = await host_room("go-fish", "Ann", seats=2)
    bob = await RoomClient.join(code, "Bob")
    await ann.command("sit", seat=0)
    await bob.command("sit", seat=1)
    await ann.command("start")
    rng = random.Random(2)
    players = [ann, bob]
    while (await live(code))[1]["status"] == "playing":
        room = await settle(code, players)
        player = players[room["match"]["state"]["turn"]]
        frame = await player.wait_for(
            lambda f: f["room"]["status"] != "playing" or bool(f["game"]["actions"])
        )
        if frame["room"]["status"] != "playing":
            break
        ask = player.game["actions"]["ask"]
        await player.act(
            {"type": "ask", "target": rng.choice(ask["targets"]), "rank": rng.choice(ask["ranks"])}
        )
    return code, ann, bob


async def test_history_lists_a_guests_own_games_only() -> None:
    code, ann, bob = await finished_go_fish()
    outsider_code, cy = await host_room("kitten-fishing", "Cy")
    await cy.act({"type": "finish"})
    ann_games = (await sync_to_async(client_of(ann).get)("/api/history")).json()["games"]
    cy_games = (await sync_to_async(client_of(cy).get)("/api/history")).json()["games"]
    assert [g["game"] for g in ann_games] == ["go-fish"]
    assert ann_games[0]["opponents"] == ["Bob"]
    assert ann_games[0]["outcome"] in ("win", "loss")
    assert [g["game"] for g in cy_games] == ["kitten-fishing"]
    page = (await sync_to_async(client_of(ann).get)("/history/")).content.decode()
    assert "Go Fish" in page and "Bob" in page and "Kitten" not in page


async def test_the_replay_steps_through_the_engines_states() -> None:
    code, ann, bob = await finished_go_fish()
    match = await Match.objects.aget(room__code=code)
    replay = (await sync_to_async(client_of(ann).get)(f"/matches/{match.pk}/replay.json")).json()
    record = await sync_to_async(match_record)(match)
    rules = get_rules("go-fish")
    setup, moves = rules.from_record(record)
    state = rules.start(setup)
    expected = [state]
    for seat, action in moves:
        state, _ = rules.apply(state, seat, action)
        expected.append(state)
    assert [step["state"] for step in replay["steps"]] == expected
    page = await sync_to_async(client_of(bob).get)(f"/replay/{match.pk}/")
    assert page.status_code == 200


async def test_a_downloaded_record_replays_to_the_stored_result(tmp_path) -> None:
    code, ann, bob = await finished_go_fish()
    match = await Match.objects.aget(room__code=code)
    response = await sync_to_async(client_of(bob).get)(f"/matches/{match.pk}/record.json")
    assert "attachment" in response["Content-Disposition"]
    path = tmp_path / "record.json"
    path.write_bytes(response.content)
    run = subprocess.run(
        [sys.executable, "-m", "games", "replay", str(path)],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["result"] == match.result


async def test_unfinished_and_other_peoples_records_stay_hidden() -> None:
    code, ann = await host_room("go-fish", "Ann", seats=2)
    bob = await RoomClient.join(code, "Bob")
    await ann.command("sit", seat=0)
    await bob.command("sit", seat=1)
    await ann.command("start")
    match = await Match.objects.aget(room__code=code)
    for path in (f"/matches/{match.pk}/record.json", f"/matches/{match.pk}/replay.json",
                 f"/replay/{match.pk}/"):  # fmt: skip
        assert (await sync_to_async(client_of(ann).get)(path)).status_code == 404
    _, ann2, bob2 = await finished_go_fish()
    finished = await Match.objects.exclude(pk=match.pk).aget()
    stranger = Client()
    await sync_to_async(stranger.get)("/")
    path = f"/matches/{finished.pk}/record.json"
    assert (await sync_to_async(stranger.get)(path)).status_code == 404


async def test_the_replay_shows_each_step_as_the_chosen_seat_saw_it() -> None:
    code, ann, bob = await finished_go_fish()
    match = await Match.objects.aget(room__code=code)
    get = sync_to_async(client_of(ann).get)
    replay = (await get(f"/matches/{match.pk}/replay.json?seat=1")).json()
    assert replay["viewer"] == 1
    for step in replay["steps"]:
        view = step["view"]
        assert view["viewer"] == 1 and view["actions"] == {}
        assert sorted(view["hand"]) == sorted(step["state"]["hands"][1])
        for entry in step["events"]:
            if entry.get("drew") and not entry["shown"]:
                assert entry["seat"] == 1, "a card drawn by another seat stays hidden"
    own = (await get(f"/matches/{match.pk}/replay.json?seat=9")).json()
    assert own["viewer"] == 0  # no such seat: Ann's own
