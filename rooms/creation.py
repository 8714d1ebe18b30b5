"""Opening a room: an unguessable code, the database rows, the live document.

Solo games (Kitten Fishing, Card Fishing) seat the guest against the computer
and start at once.
"""

from __future__ import annotations

import secrets
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings

from rooms import lobby, records
from rooms.commands import Actor, begin_match
from rooms.errors import RoomError
from rooms.matches import checked_house_rules
from rooms.service import Change, RoomService

# 9 random bytes = 72 bits, written in 12 URL-safe characters.
CODE_BYTES = 9


def new_code() -> str:
    return secrets.token_urlsafe(CODE_BYTES)


def room_options(game: str, form: dict[str, Any]) -> dict[str, Any]:
    """Check the creator's choices and turn them into room options."""
    options: dict[str, Any] = {"pause": float(settings.BOT_PAUSE_SECONDS)}
    if game == "go-fish":
        seats = form.get("seats", 4)
        if not isinstance(seats, int) or not 2 <= seats <= 6:
            raise RoomError("bad-option", "Go Fish is for 2 to 6 players.")
        options["seats"] = seats
    if "flip_limit" in form:
        options["flip_limit"] = test_flip_limit(game, form["flip_limit"])
    if game == "card-fishing":
        level = form.get("level") or "normal"
        if level not in lobby.BOT_LEVELS["card-fishing"]:
            raise RoomError("bad-option", "Choose Easy, Normal, Hard or Crazy.")
        options["level"] = level
    rules = checked_house_rules(game, form.get("rules") or {})
    if rules:
        options["rules"] = rules
    return options


def test_flip_limit(game: str, limit: Any) -> int:
    """The safety limit on flips (the site's is 5000), which tests lower to reach it.

    A guest must not send it: a game ended after one flip would be a cheap win.
    """
    if not settings.ALLOW_TEST_KNOBS or game != "kitten-fishing":
        raise RoomError("unknown-option", "flip_limit is not an option you can choose.")
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
        raise RoomError("bad-option", "The flip limit is a positive number.")
    return limit


async def open_room(actor: Actor, game: str, form: dict[str, Any]) -> str:
    if game not in lobby.BOT_LEVELS:
        raise RoomError("bad-game", "Choose one of the four games.")
    options = room_options(game, form)
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


async def replaced(room: dict[str, Any]) -> Change | None:
    if room["status"] != "playing":
        return None
    match_id = room["match"]["id"]
    room["status"] = "closed"
    room["notice"] = "You started a new game, which replaced this one."
    return Change(snapshot=True, after=[lambda: records.abandon_match(match_id)])


async def start_at_once(room: dict[str, Any]) -> Change | None:
    if room["status"] != "lobby":
        return None
    await begin_match(room)
    return Change(snapshot=True)
