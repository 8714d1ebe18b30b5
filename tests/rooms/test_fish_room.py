"""A whole Fish game through real websockets: six players, a spectator, nine declarations."""

from __future__ import annotations

import random

import pytest

from games.fish import HALFSUITS, team_of
from tests.rooms.client import RoomClient
from tests.rooms.conftest import LeakCheck, host_room, live

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


async def seat_six(code: str, host: RoomClient) -> list[RoomClient]:
    players = [host] + [await RoomClient.join(code, name) for name in NAMES[1:]]
    for index, player in enumerate(players):
        reply = await player.command("sit", seat=index)
        assert reply["type"] == "ack", reply
    return players


def complete_halfsuit(state: dict) -> tuple[str, int] | None:
    """A halfsuit held wholly by one team, and that team."""
    for name, cards in HALFSUITS.items():
        if name in state["declared"]:
            continue
        holders = {
            seat for seat, hand in enumerate(state["hands"]) for card in hand if card in cards
        }
        teams = {team_of(seat) for seat in holders}
        if len(teams) == 1:
            return name, teams.pop()
    return None


def holders_of(state: dict, halfsuit: str) -> dict[str, int]:
    return {
        card: seat
        for seat, hand in enumerate(state["hands"])
        for card in hand
        if card in HALFSUITS[halfsuit]
    }


def next_action(state: dict, players: list[RoomClient], rng: random.Random, wrong_done: bool):
    """The test's move: declare a complete halfsuit (rightly, or once wrongly), else ask."""
    found = complete_halfsuit(state)
    if found is not None:
        halfsuit, team = found
        declarer = next(p for p in players if team_of(p.seat) == team)
        cards = holders_of(state, halfsuit)
        if not wrong_done:  # name a teammate who does not hold that card
            card = next(iter(cards))
            cards[card] = (cards[card] + 2) % 6
        return declarer, {"type": "declare", "halfsuit": halfsuit, "cards": cards}
    turn_player = players[state["turn"]]
    ask = turn_player.game["actions"].get("ask")
    if ask is None:  # only declarations remain for this team: declare what it holds
        declare = turn_player.game["actions"]["declare"]
        halfsuit = declare["halfsuits"][0]
        return turn_player, {
            "type": "declare",
            "halfsuit": halfsuit,
            "cards": holders_of(state, halfsuit),
        }
    return turn_player, {
        "type": "ask",
        "target": rng.choice(ask["targets"]),
        "card": rng.choice(ask["cards"]),
    }


async def test_a_full_fish_game_with_six_players_and_a_spectator() -> None:
    code, host = await host_room("fish", "Ann")
    players = await seat_six(code, host)
    spectator = await RoomClient.join(code, "Watcher")
    assert (await host.command("start"))["type"] == "ack"
    everyone = players + [spectator]
    leaks = LeakCheck(everyone)
    rng = random.Random(4)
    wrong_done = False
    declarations = {"right": 0, "wrong": 0}
    for _ in range(2000):
        await leaks.check(code)
        _, room = await live(code)
        state = room["match"]["state"]
        if state["over"]:
            break
        actor, action = next_action(state, players, rng, wrong_done)
        reply = await actor.act(action)
        assert reply["type"] == "ack", reply
        if action["type"] == "declare":
            entry = (await live(code))[1]["match"]["state"]["log"][-1]
            declarations["right" if entry["correct"] else "wrong"] += 1
            wrong_done = wrong_done or not entry["correct"]
    await leaks.check(code)
    _, room = await live(code)
    state = room["match"]["state"]
    assert state["over"] and len(state["declared"]) == 9
    assert declarations["wrong"] >= 1 and declarations["right"] >= 1
    assert room["status"] == "finished"
    # Everyone, the spectator too, saw the same final score and the last two moves.
    scores = {tuple(client.game["score"]) for client in everyone}
    assert scores == {tuple(state["score"])}
    assert all(client.game["last_moves"] for client in everyone)
    assert spectator.game["hand"] is None
    assert leaks.frames_checked > 500
