"""Two Daphne processes sharing one Redis: one game, clients on both."""

from __future__ import annotations

import random
import threading

import pytest

from games.fish import HALFSUITS
from tests.e2e.http_guest import Guest, RoomSocket

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]


def fish_room_on_two_servers(two_servers, humans: int, log: str = "all"):
    """A Fish room opened on server A; humans alternate between A and B; bots fill the rest."""
    a, b = two_servers
    host = Guest(a.base_url)
    code = host.open_room("fish", rules={"log": log})
    guests = [host] + [Guest((a, b)[i % 2].base_url) for i in range(1, humans)]
    sockets = [guest.socket((a, b)[i % 2].ws_url, code) for i, guest in enumerate(guests)]
    for index, socket in enumerate(sockets):
        reply = socket.command("sit", seat=index * 2 if humans <= 3 else index)
        assert reply["type"] == "ack", reply
    sockets[0].wait(lambda frame: frame["v"] >= reply["v"])
    for seat in range(6):
        if not sockets[0].latest["room"]["seats"][seat]["occupied"]:
            assert sockets[0].command("bot", seat=seat, level="random")["type"] == "ack"
    return code, guests, sockets


def test_everybody_sees_every_move_in_the_same_order(two_servers) -> None:
    code, guests, sockets = fish_room_on_two_servers(two_servers, humans=6)
    spectator = Guest(two_servers[1].base_url).socket(two_servers[1].ws_url, code)
    everyone = sockets + [spectator]
    started = sockets[0].command("start")
    assert started["type"] == "ack"
    for socket in everyone:
        socket.wait(lambda frame: frame["v"] >= started["v"])
    rng = random.Random(5)
    for _ in range(60):
        mover = next(s for s in sockets if s.latest["game"]["actions"].get("ask"))
        ask = mover.latest["game"]["actions"]["ask"]
        reply = mover.command("act", action={
            "type": "ask", "target": rng.choice(ask["targets"]), "card": rng.choice(ask["cards"])
        })  # fmt: skip
        assert reply["type"] == "ack", reply
        version = reply["v"]
        for socket in everyone:
            socket.wait(lambda frame, v=version: frame["v"] >= v)
    logs = [socket.latest["game"]["log"] for socket in everyone]
    assert len(logs[0]) == 60
    assert all(log == logs[0] for log in logs)
    for socket in everyone:  # frames arrived in version order, none twice
        assert socket.versions == sorted(set(socket.versions))


def fire_together(sockets: list[RoomSocket], actions: list[dict]) -> list[dict]:
    """Send one action from each socket at the same instant; collect the replies."""
    barrier = threading.Barrier(len(sockets))
    replies: list[dict] = [{} for _ in sockets]

    def run(index: int) -> None:
        barrier.wait()
        try:
            replies[index] = sockets[index].command("act", timeout=60, action=actions[index])
        except Exception as error:  # the main thread asserts on it
            replies[index] = {"type": "failed", "error": repr(error)}

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(sockets))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return replies


def test_racing_declarations_on_two_servers_never_both_apply(two_servers) -> None:
    code, guests, (ann, cy) = fish_room_on_two_servers(two_servers, humans=2)
    assert ann.command("start")["type"] == "ack"
    rng = random.Random(9)
    races = both = 0
    while races < 200:
        game = ann.wait(lambda f: f["game"] is not None)["game"]
        if game["over"]:
            assert ann.command("again")["type"] == "ack"
            ann.wait(lambda f: not f["game"]["over"])
            continue
        declare = game["actions"].get("declare")
        if not declare:  # our team is out of cards: the bots finish the game
            ann.wait(lambda f: f["game"]["over"] or "declare" in f["game"]["actions"], 30)
            continue
        halfsuit = declare["halfsuits"][0]
        actions = [
            {"type": "declare", "halfsuit": halfsuit,
             "cards": {c: rng.choice(declare["teammates"]) for c in HALFSUITS[halfsuit]}}
            for _ in range(2)
        ]  # fmt: skip
        replies = fire_together([ann, cy], actions)
        kinds = sorted(reply["type"] for reply in replies)
        assert "failed" not in kinds, replies
        if kinds == ["ack", "ack"]:
            both += 1
        if "ack" in kinds:
            races += 1
            loser = next((r for r in replies if r["type"] == "error"), None)
            # The loser finds the halfsuit taken, or the game ended by the winner,
            # or its team emptied by the winner's declaration (no cards: no say).
            assert loser is not None, replies
            assert loser["code"] in ("halfsuit-declared", "wrong-phase", "not-your-turn"), replies
        version = max(reply.get("v", 0) for reply in replies)
        ann.wait(lambda f, v=version: f["v"] >= v)
        cy.wait(lambda f, v=version: f["v"] >= v)
    assert both == 0
    # The live state is exactly the database's record replayed.
    from rooms.models import Match

    for match in Match.objects.filter(room__code=code):
        assert match.moves.count() == match.moves_count
        declared = [
            m.action["halfsuit"] for m in match.moves.all() if m.action["type"] == "declare"
        ]
        assert len(declared) == len(set(declared))
