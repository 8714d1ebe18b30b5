"""Every change to a room, as change functions for the service: what each client
command does, the server's own changes (presence, the scheduler, opening a
room) and what an administrator does.

Each function here checks who is asking, then edits the room document through
``lobby`` (room rules) or ``matches`` (the game), and says what must be
recorded. None of them talks to Redis: the service does that.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from channels.db import database_sync_to_async

from rooms.document import RoomDoc, empty_seat
from rooms.errors import RoomError
from rooms.live import lobby, matches
from rooms.live.presence import PROCESS_ID
from rooms.live.protocol import (
    Act,
    Again,
    Leave,
    PutBot,
    RemoveBot,
    RoomCommand,
    SetHouseRules,
    Shuffle,
    Sit,
    Stand,
    Start,
    Take,
)
from rooms.live.service import Change, ChangeFn
from rooms.moves import Move
from rooms.records import records


@dataclass
class Actor:
    """Who sent a command: a guest (through one connection), or the server itself."""

    guest: int
    name: str
    channel: str = ""


def client_key(guest: int, command_id: str) -> str:
    return f"{guest}:{command_id}"


def change_for(command: RoomCommand, actor: Actor) -> ChangeFn:
    return CHANGES[type(command)](command, actor)


# --- seats ----------------------------------------------------------------------


def sit(command: Sit, actor: Actor) -> ChangeFn:
    name = command.name or actor.name

    async def change(room: RoomDoc) -> Change:
        lobby.sit(room, actor.guest, name, command.seat)
        return Change(snapshot=True, after=rename_after(command, actor, name))

    return change


def rename_after(command: Sit | Take, actor: Actor, name: str) -> list:
    if command.name is None:
        return []
    actor.name = name
    return [lambda: records.rename_guest(actor.guest, name)]


def stand(command: Stand, actor: Actor) -> ChangeFn:
    async def change(room: RoomDoc) -> Change:
        lobby.stand(room, actor.guest)
        return Change(snapshot=True)

    return change


def leave(command: Leave, actor: Actor) -> ChangeFn:
    async def change(room: RoomDoc) -> Change:
        lobby.leave(room, actor.guest)
        return Change(snapshot=True, after=abandon_if_stuck(room))

    return change


def take(command: Take, actor: Actor) -> ChangeFn:
    name = command.name or actor.name

    async def change(room: RoomDoc) -> Change:
        lobby.take_over(room, actor.guest, name, command.seat)
        after = record_new_player(room, command.seat) + rename_after(command, actor, name)
        return Change(snapshot=True, after=after)

    return change


def shuffle(command: Shuffle, actor: Actor) -> ChangeFn:
    async def change(room: RoomDoc) -> Change:
        lobby.shuffle_teams(room, actor.guest, random.Random(secrets.randbits(64)))
        return Change(snapshot=True)

    return change


def put_bot(command: PutBot, actor: Actor) -> ChangeFn:
    async def change(room: RoomDoc) -> Change:
        lobby.put_bot(room, actor.guest, command.seat, command.level)
        return Change(snapshot=True, after=record_new_player(room, command.seat))

    return change


def record_new_player(room: RoomDoc, index: int) -> list:
    """Mid-game, the match's record notes who plays a seat from now on."""
    if not lobby.playing(room):
        return []
    seat = room["seats"][index]
    player = {"guest": seat["guest"], "name": seat["name"], "bot": seat["bot"] or ""}
    match_id = room["match"]["id"]
    return [lambda: records.set_seat_player(match_id, index, player)]


def remove_bot(command: RemoveBot, actor: Actor) -> ChangeFn:
    async def change(room: RoomDoc) -> Change:
        lobby.remove_bot(room, actor.guest, command.seat)
        return Change(snapshot=True)

    return change


def set_house_rules(command: SetHouseRules, actor: Actor) -> ChangeFn:
    """The host picks the house rules in the lobby; they are locked once play starts."""

    async def change(room: RoomDoc) -> Change:
        lobby.require_host(room, actor.guest)
        lobby.require_status(room, "lobby", "finished")
        rules = matches.checked_house_rules(room["game"], command.rules)
        room["options"]["rules"] = rules
        return Change(snapshot=True)

    return change


# --- games ----------------------------------------------------------------------


def start(command: Start, actor: Actor) -> ChangeFn:
    """Start the first game (host, lobby) or the next one (Play again)."""

    async def change(room: RoomDoc) -> Change:
        lobby.require_can_start(room, actor.guest)
        await begin_match(room)
        return Change(snapshot=True)

    return change


def again(command: Again, actor: Actor) -> ChangeFn:
    """Play again after a game; in a solo game also a new game mid-game (the
    client asks for confirmation first), which abandons the current one."""

    async def change(room: RoomDoc) -> Change:
        after = []
        if lobby.is_solo(room) and lobby.playing(room):
            if lobby.seat_of(room, actor.guest) is None:
                raise RoomError("not-seated", "Only the player can start a new game.")
            match_id = room["match"]["id"]
            after.append(lambda: records.abandon_match(match_id))
        else:
            lobby.require_can_start(room, actor.guest)
        await begin_match(room)
        return Change(snapshot=True, after=after)

    return change


async def begin_match(room: RoomDoc) -> None:
    number = room["games_started"] + 1
    setup = matches.new_setup(room, secrets.randbits(48))
    # A racing server may have created this match first: then play its setup.
    match_id, setup = await database_sync_to_async(records.start_match)(
        room["code"], number, room["game"], setup, matches.players(room)
    )
    matches.begin(room, match_id, number, setup)


def act(command: Act, actor: Actor) -> ChangeFn:
    key = client_key(actor.guest, command.id)

    async def change(room: RoomDoc) -> Change | None:
        seat = lobby.seat_of(room, actor.guest)
        if matches.already_applied(room, actor.guest, key):
            return None  # a retried action: it was applied once already
        if seat is None:
            raise RoomError("not-seated", "Spectators cannot play; take a free seat first.")
        return game_move(room, seat, command.action, actor.guest, key)

    return change


def game_move(
    room: RoomDoc, seat: int, action: dict[str, Any], guest: int | None, key: str
) -> Change:
    match = room["match"]
    if match is None or room["status"] != "playing":
        raise RoomError("wrong-phase", "No game is being played.")
    index, match_id = match["moves"], match["id"]
    events = matches.play(room, seat, action, guest, key)
    move = Move(match_id, index, seat, action, key, matches.ending(room))
    return Change(events=events, move=move, snapshot=room["status"] == "finished")


CHANGES: dict[type[RoomCommand], Callable[[Any, Actor], ChangeFn]] = {
    Sit: sit,
    Stand: stand,
    Leave: leave,
    Take: take,
    Shuffle: shuffle,
    PutBot: put_bot,
    RemoveBot: remove_bot,
    Start: start,
    Again: again,
    Act: act,
    SetHouseRules: set_house_rules,
}


# --- presence and the server's own changes --------------------------------------


def connect(actor: Actor) -> ChangeFn:
    async def change(room: RoomDoc) -> Change:
        lobby.connect(room, actor.channel, actor.guest, actor.name, PROCESS_ID)
        after = []
        if lobby.seat_of(room, actor.guest) is None:
            code = room["code"]
            after.append(lambda: records.note_spectator(code, actor.guest))
        return Change(after=after)

    return change


def disconnect(actor: Actor) -> ChangeFn:
    async def change(room: RoomDoc) -> Change | None:
        if actor.channel not in room["connections"]:
            return None
        lobby.disconnect(room, actor.channel, time.time())
        return Change(after=abandon_if_stuck(room), snapshot=True)

    return change


def drop_process(process: str) -> ChangeFn:
    """Tidy up after a server process that died without closing its sockets."""

    async def change(room: RoomDoc) -> Change | None:
        if not lobby.drop_process(room, process, time.time()):
            return None
        return Change(after=abandon_if_stuck(room), snapshot=True)

    return change


def abandon_if_stuck(room: RoomDoc) -> list:
    """A vacated seat nobody can take over sends the game back to the lobby."""
    if not lobby.nobody_can_take_over(room):
        return []
    match_id = room["match"]["id"]
    names = [seat["name"] for seat in room["seats"] if seat["vacated"]]
    lobby.back_to_lobby(room, f"{', '.join(names)} left and nobody could take over.")
    return [lambda: records.abandon_match(match_id)]


def expire_and_move(grace: float) -> ChangeFn:
    """The scheduler's change: vacate overdue seats, then let a computer play."""

    async def change(room: RoomDoc) -> Change | None:
        now = time.time()
        overdue = lobby.overdue_seats(room, now, grace)
        for index in overdue:
            lobby.vacate(room, index)
        after = abandon_if_stuck(room) if overdue else []
        seat = matches.bot_to_move(room)
        due = matches.bot_due_at(room)
        if seat is not None and due is not None and due <= now:
            action = matches.bot_action(room, seat)
            change = game_move(room, seat, action, None, matches.bot_client_id(room))
            change.after += after
            change.snapshot = change.snapshot or bool(overdue)
            return change
        if overdue:
            return Change(after=after, snapshot=True)
        return None

    return change


# --- opening a room -------------------------------------------------------------


async def start_at_once(room: RoomDoc) -> Change | None:
    """A solo game starts as soon as its room is opened."""
    if room["status"] != "lobby":
        return None
    await begin_match(room)
    return Change(snapshot=True)


async def replaced(room: RoomDoc) -> Change | None:
    """An older solo game ends, without a result, when its guest starts a new one."""
    if room["status"] != "playing":
        return None
    match_id = room["match"]["id"]
    room["status"] = "closed"
    room["notice"] = "You started a new game, which replaced this one."
    return Change(snapshot=True, after=[lambda: records.abandon_match(match_id)])


# --- administrators -------------------------------------------------------------

CLOSED_MESSAGE = "The room was closed by an administrator."


async def close_by_admin(room: RoomDoc) -> Change | None:
    """End the game without a result and close the room."""
    if room["status"] == "closed":
        return None
    after = []
    if room["match"] is not None and room["status"] == "playing":
        match_id = room["match"]["id"]
        after.append(lambda: records.abandon_match(match_id))
    room["status"] = "closed"
    room["notice"] = CLOSED_MESSAGE
    return Change(snapshot=True, after=after)


def remove_player(index: int) -> ChangeFn:
    """Vacate a seat as if its player's grace period had run out."""

    async def change(room: RoomDoc) -> Change:
        lobby.require_seat_index(room, index)
        if room["seats"][index]["guest"] is None:
            raise RoomError("bad-seat", "No player sits there.")
        lobby.vacate(room, index)
        return Change(snapshot=True, after=abandon_if_stuck(room))

    return change


def seat_computer(index: int, level: str | None) -> ChangeFn:
    """Put a computer player in a seat (empty, or vacated mid-game)."""

    async def change(room: RoomDoc) -> Change:
        seat = room["seats"][lobby.require_seat_index(room, index)]
        if seat["guest"] is not None and lobby.playing(room):
            lobby.vacate(room, index)
        elif seat["guest"] is not None:
            room["seats"][index] = empty_seat()
        lobby.put_bot(room, room["host"], index, level, authority=True)
        return Change(snapshot=True, after=record_new_player(room, index))

    return change
