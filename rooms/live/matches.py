"""The game inside a room document: starting it, applying actions, computer turns.

This glues the room document to the rules engines in ``games``; the rules
themselves (what is legal, who may see what) stay in ``games``.
"""

from __future__ import annotations

import random
import time
from typing import Any

from games.base import Entry, Rules
from games.bots import choose, seat_view
from games.errors import BadRecord
from games.options import non_default
from games.registry import get_rules, get_spec
from rooms.document import RoomDoc
from rooms.errors import RoomError

RECENT_IDS = 32


def rules_of(room: RoomDoc) -> Rules:
    return get_rules(room["game"])


def house_rules(room: RoomDoc) -> dict[str, Any]:
    return dict(room["options"].get("rules") or {})


def checked_house_rules(game: str, given: Any) -> dict[str, Any]:
    """House rules as given, checked by the game's rules; only non-defaults are kept."""
    rules = get_rules(game)
    try:
        resolved = rules.resolve_options({"options": given})
    except BadRecord as error:
        raise RoomError("bad-option", error.message) from None
    return non_default(rules.options, resolved)


def new_setup(room: RoomDoc, seed: int) -> dict[str, Any]:
    """A freshly shuffled setup for the room's next game, with its house rules."""
    spec = get_spec(room["game"])
    rng = random.Random(seed)
    setup = spec.rules.random_setup(len(room["seats"]), rng, house_rules(room) or None)
    return spec.setup_for(setup, room["games_started"], room["options"])


def players(room: RoomDoc) -> list[dict[str, Any]]:
    return [
        {"guest": seat["guest"], "name": seat["name"], "bot": seat["bot"] or ""}
        for seat in room["seats"]
    ]


def begin(room: RoomDoc, match_id: int, number: int, setup: dict[str, Any]) -> None:
    room["match"] = {
        "id": match_id,
        "number": number,
        "state": rules_of(room).start(setup),
        "moves": 0,
        "last_move_at": time.time(),
    }
    room["status"] = "playing"
    room["games_started"] = number
    room["notice"] = None


def play(room: RoomDoc, seat: int, action: dict[str, Any], guest: int | None, client_id: str):
    """Apply a game action for ``seat``; returns the entries it produced.

    Raises IllegalAction (from the rules) or RoomError; the room is unchanged then.
    """
    if room["status"] != "playing" or room["match"] is None:
        raise RoomError("wrong-phase", "No game is being played.")
    rules = rules_of(room)
    match = room["match"]
    state, entries = rules.apply(match["state"], seat, action)
    match["state"] = state
    match["moves"] += 1
    match["last_move_at"] = time.time()
    if guest is not None:
        recent = room["recent"].setdefault(str(guest), [])
        recent.append(client_id)
        del recent[:-RECENT_IDS]
    if rules.is_over(state):
        room["status"] = "finished"
    return entries


def already_applied(room: RoomDoc, guest: int, client_id: str) -> bool:
    return client_id in room["recent"].get(str(guest), [])


def ending(room: RoomDoc) -> tuple[dict[str, Any], list[str], str] | None:
    """The result, each seat's outcome and the computer's level, once the game is over."""
    rules = rules_of(room)
    state = room["match"]["state"]
    if not rules.is_over(state):
        return None
    # Only a game whose player chose the computer's level has one in its options.
    level = room["options"].get("level", "")
    return rules.result(state), rules.outcomes(state, len(room["seats"])), level


def turn_seat(room: RoomDoc) -> int | None:
    if room["status"] != "playing" or room["match"] is None:
        return None
    return rules_of(room).turn(room["match"]["state"])


def bot_to_move(room: RoomDoc) -> int | None:
    """The computer seat whose turn it is, if any."""
    seat = turn_seat(room)
    if seat is not None and room["seats"][seat]["bot"]:
        return seat
    return None


def bot_due_at(room: RoomDoc) -> float | None:
    if bot_to_move(room) is None:
        return None
    return room["match"]["last_move_at"] + pause_of(room)


def pause_of(room: RoomDoc) -> float:
    return float(room["options"].get("pause", 0.0))


def bot_action(room: RoomDoc, seat: int) -> dict[str, Any]:
    """What the computer player at ``seat`` does, from its own view only.

    Its randomness is seeded by the match and the move number, so the same
    turn always gives the same action, on any server process.
    """
    match = room["match"]
    view = seat_view(rules_of(room), match["state"], seat)
    rng = random.Random(f"{match['id']}:{match['moves']}:{seat}")
    return choose(room["game"], room["seats"][seat]["bot"], view, rng)


def bot_client_id(room: RoomDoc) -> str:
    match = room["match"]
    return f"bot:{match['id']}:{match['moves']}"


def redact_all(rules: Rules, entries: list[Entry], seat: int | None) -> list[Entry]:
    return [rules.redact(entry, seat) for entry in entries]
