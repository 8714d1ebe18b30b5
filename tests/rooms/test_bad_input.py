"""Every kind of bad input gets a clear error code and changes nothing."""

from __future__ import annotations

import orjson
import pytest
from django.test import override_settings

from games.fish import HALFSUITS
from rooms.wire.consumers import RoomConsumer
from tests.rooms.client import RoomClient
from tests.rooms.conftest import host_room, live, settle

pytestmark = pytest.mark.django_db(transaction=True)


async def fish_game() -> tuple[str, list[RoomClient], RoomClient]:
    code, host = await host_room("fish", "Ann")
    players = [host] + [await RoomClient.join(code, n) for n in ("Bob", "Cy", "Dee", "Eve", "Fay")]
    for index, player in enumerate(players):
        await player.command("sit", seat=index)
    await host.command("start")
    spectator = await RoomClient.join(code, "Watcher")
    await settle(code, players + [spectator])
    return code, players, spectator


async def error_for(client: RoomClient, raw: str) -> dict:
    before = len(client.errors)
    await client.send_raw(raw)
    await client.pump_until(lambda: len(client.errors) > before)
    return client.errors[-1]


async def test_malformed_frames_get_codes_and_the_connection_stays_open() -> None:
    code, players, spectator = await fish_game()
    version, before = await live(code)
    ann = players[0]
    cases = {
        "{not json": "bad-json",
        "[1, 2]": "bad-frame",
        '{"no": "type"}': "bad-frame",
        '{"type": "teleport"}': "unknown-type",
        '{"type": "act", "action": {"type": "ask"}}': "bad-id",
        '{"type": "act", "id": 7, "action": {}}': "bad-id",
        '{"type": "act", "id": "x"}': "bad-frame",
        '{"type": "act", "id": "x", "action": "ask"}': "bad-action",
        '{"type": "sit"}': "bad-frame",
    }
    for raw, expected in cases.items():
        error = await error_for(ann, raw)
        assert error["code"] == expected, (raw, error)
        assert error["message"]
    turn = before["match"]["state"]["turn"]
    target = (turn + 1) % 6
    bad_card = {"type": "act", "id": "x", "action": {"type": "ask", "target": target, "card": "ZZ"}}
    assert (await error_for(players[turn], orjson.dumps(bad_card).decode()))["code"] == "bad-card"
    big = orjson.dumps({"type": "ping", "pad": "x" * 17000}).decode()
    assert (await error_for(ann, big))["code"] == "frame-too-large"
    assert ann.closed is None
    assert await live(code) == (version, before)


async def test_illegal_actions_change_nothing() -> None:
    code, players, spectator = await fish_game()
    version, before = await live(code)
    state = before["match"]["state"]
    turn = state["turn"]
    asker, idle = players[turn], players[(turn + 1) % 6]
    teammate = (turn + 2) % 6
    own = state["hands"][turn][0]
    checks = [
        (idle, {"type": "ask", "target": turn, "card": own}, "not-your-turn"),
        (asker, {"type": "ask", "target": teammate, "card": own}, "not-an-opponent"),
        (spectator, {"type": "ask", "target": (turn + 1) % 6, "card": own}, "not-seated"),
        (asker, {"type": "fly"}, "bad-action"),
    ]
    for client, action, expected in checks:
        reply = await client.act(action)
        assert reply["code"] == expected, (action, reply)
    # A declaration naming an opponent as holder.
    halfsuit = next(iter(asker.game["actions"]["declare"]["halfsuits"]))
    cards = {card: (turn + 1) % 6 for card in HALFSUITS[halfsuit]}
    reply = await asker.act({"type": "declare", "halfsuit": halfsuit, "cards": cards})
    assert reply["code"] == "not-a-teammate"
    assert await live(code) == (version, before)


async def test_lobby_commands_out_of_place_are_refused() -> None:
    code, players, spectator = await fish_game()
    version, before = await live(code)
    assert (await spectator.command("sit", seat=0))["code"] == "wrong-phase"
    assert (await players[1].command("start"))["code"] == "wrong-phase"
    assert (await players[1].command("shuffle"))["code"] == "not-host"
    assert (await spectator.command("take", seat=2))["code"] == "seat-taken"
    assert await live(code) == (version, before)


async def test_a_retried_action_is_applied_once() -> None:
    code, players, spectator = await fish_game()
    _, room = await live(code)
    state = room["match"]["state"]
    asker = players[state["turn"]]
    ask = asker.game["actions"]["ask"]
    action = {"type": "ask", "target": ask["targets"][0], "card": ask["cards"][0]}
    first = await asker.act(action, id="same-id")
    second = await asker.act(action, id="same-id")
    assert first["type"] == second["type"] == "ack"
    _, room = await live(code)
    assert room["match"]["moves"] == 1


async def test_another_players_action_id_is_not_theirs() -> None:
    code, players, spectator = await fish_game()
    _, room = await live(code)
    turn = room["match"]["state"]["turn"]
    asker, other = players[turn], players[(turn + 1) % 6]
    ask = asker.game["actions"]["ask"]
    action = {"type": "ask", "target": ask["targets"][0], "card": ask["cards"][0]}
    assert (await asker.act(action, id="shared"))["type"] == "ack"
    # Replaying someone else's id is not a free pass: the action is judged as theirs.
    if (await live(code))[1]["match"]["state"]["turn"] != other.seat:
        reply = await other.act(action, id="shared")
        assert reply["type"] == "error" and reply["code"] == "not-your-turn"
        assert (await live(code))[1]["match"]["moves"] == 1


async def test_a_flood_is_told_and_disconnected() -> None:
    with override_settings(WS_RATE_PER_SECOND=1.0, WS_RATE_BURST=5):
        code, host = await host_room("go-fish", "Ann", seats=2)
        for _ in range(10):
            await host.send_raw('{"type": "ping"}')
        await host.pump_until(lambda: host.closed is not None)
    assert host.closed == 4429
    assert any(e["code"] == "rate-limited" for e in host.errors)


async def test_a_dropped_broadcast_is_recovered_by_resync(monkeypatch) -> None:
    code, players, spectator = await fish_game()
    real = RoomConsumer.room_changed
    dropped: list[int] = []

    async def lossy(self, message):
        # The channel layer drops messages for an overloaded process without a word.
        watcher = self.code == code and self.actor.name == "Watcher"
        # Only a frame the spectator would have shown (not the late echo of an
        # earlier change it already has) counts as lost.
        if watcher and not dropped and message["v"] > self.version:
            dropped.append(message["v"])
            return
        await real(self, message)

    monkeypatch.setattr(RoomConsumer, "room_changed", lossy)
    _, room = await live(code)
    asker = players[room["match"]["state"]["turn"]]
    ask = asker.game["actions"]["ask"]
    await asker.act({"type": "ask", "target": ask["targets"][0], "card": ask["cards"][0]})
    late = await RoomClient.join(code, "Latecomer")  # one more change reaches the spectator
    room = await settle(code, [spectator, late])
    assert len(dropped) == 1
    assert spectator.resyncs == 1
    assert spectator.latest["v"] > dropped[0]
    assert spectator.game["moves"] == room["match"]["moves"] == 1
    assert spectator.game["last_moves"][-1]["seat"] == asker.seat
