"""Opening a room: an unguessable code, the database rows, the live document.

What a creator may choose (seats, the computer's level, test knobs) comes from
the game's spec. Solo games seat the guest against the computer and start at once.
"""

from __future__ import annotations

import secrets
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings

from games.registry import all_specs, find_spec
from games.spec import GameSpec
from rooms.errors import RoomError
from rooms.live import lobby
from rooms.live.commands import Actor, replaced, start_at_once
from rooms.live.matches import checked_house_rules
from rooms.live.service import RoomService
from rooms.records import records

# 9 random bytes = 72 bits, written in 12 URL-safe characters.
CODE_BYTES = 9


def new_code() -> str:
    return secrets.token_urlsafe(CODE_BYTES)


def room_options(spec: GameSpec, form: dict[str, Any]) -> dict[str, Any]:
    """Check the creator's choices and turn them into room options."""
    options: dict[str, Any] = {"pause": float(settings.BOT_PAUSE_SECONDS)}
    if not spec.seats.fixed:
        options["seats"] = chosen_seats(spec, form.get("seats", spec.seats.default))
    options.update(test_knobs(spec, form))
    if spec.level_is_chosen:
        options["level"] = chosen_level(spec, form.get("level") or spec.solo_level)
    rules = checked_house_rules(spec.name, form.get("rules") or {})
    if rules:
        options["rules"] = rules
    return options


def chosen_seats(spec: GameSpec, seats: Any) -> int:
    if not isinstance(seats, int) or seats not in spec.seats.choices():
        low, high = spec.seats.minimum, spec.seats.maximum
        raise RoomError("bad-option", f"{spec.title} is for {low} to {high} players.")
    return seats


def chosen_level(spec: GameSpec, level: Any) -> str:
    levels = spec.computer.levels
    if level not in levels:
        names = [name.capitalize() for name in levels]
        raise RoomError("bad-option", f"Choose {', '.join(names[:-1])} or {names[-1]}.")
    return level


def test_knobs(spec: GameSpec, form: dict[str, Any]) -> dict[str, int]:
    """The knobs (see games.spec.Knob) a test set, e.g. a lowered flip limit to reach it.

    A guest must not send them: a game ended after one flip would be a cheap win.
    """
    own = {knob.name for knob in spec.knobs}
    knobs = {}
    for name in sorted(known_knobs() & set(form)):
        if not settings.ALLOW_TEST_KNOBS or name not in own:
            raise RoomError("unknown-option", f"{name} is not an option you can choose.")
        value = form[name]
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise RoomError("bad-option", f"The {name.replace('_', ' ')} is a positive number.")
        knobs[name] = value
    return knobs


def known_knobs() -> set[str]:
    return {knob.name for spec in all_specs() for knob in spec.knobs}


async def open_room(actor: Actor, game: str, form: dict[str, Any]) -> str:
    spec = find_spec(game)
    if spec is None:
        raise RoomError("bad-game", "Choose one of the games.")
    options = room_options(spec, form)
    code = new_code()
    document = lobby.new_room(code, game, options, actor.guest, actor.name)
    await database_sync_to_async(records.create_room)(code, game, options, actor.guest, document)
    service = RoomService()
    if await service.store.save(code, document, None) is None:
        raise RoomError("busy", "Could not open the room; please try again.")
    if lobby.is_solo(document):
        await service.change(code, start_at_once)
        await supersede_solo_rooms(service, actor.guest, game, code)
    return code


async def supersede_solo_rooms(service: RoomService, guest: int, game: str, newest: str) -> None:
    """One saved solo game per guest and game: starting a new one (PLAY instead
    of CONTINUE) ends the older unfinished ones, without a result."""
    older = await database_sync_to_async(records.unfinished_solo_rooms)(guest, game)
    for code in older:
        if code != newest:
            await service.change(code, replaced)
