"""Room rules: seats, teams, hosts, spectators, computer players, disconnects.

These are pure functions over the room document that lives in Redis
(``rooms.document``). They hold no game rules: those are in ``games``, and
what differs between games (seats, teams, solo, computer players) is read from
the game's spec.
Every function either returns nothing and changes the room it was given, or
raises RoomError with the room untouched; callers work on a copy.
"""

from __future__ import annotations

import random
from typing import Any

from games.registry import get_spec
from games.spec import GameSpec
from rooms.document import RoomDoc, SeatDoc, empty_seat, new_document
from rooms.errors import RoomError

HOST_ACTIONS_NEED_LOBBY = {"shuffle", "unbot"}


def seat_count(spec: GameSpec, options: dict[str, Any]) -> int:
    """The room's seats: the game's own number, or the creator's choice (see
    rooms.web.creation, which checks it)."""
    if spec.seats.fixed:
        return spec.seats.minimum
    return int(options.get("seats", spec.seats.default))


def team_of_seat(game: str, index: int) -> int | None:
    return get_spec(game).team_of(index)


def new_room(code: str, game: str, options: dict[str, Any], host: int, host_name: str) -> RoomDoc:
    spec = get_spec(game)
    seats = [empty_seat() for _ in range(seat_count(spec, options))]
    room = new_document(code, game, options, host, seats)
    if spec.solo:
        sit_guest(room["seats"][0], host, host_name)
        for index, seat in enumerate(room["seats"][1:], start=1):
            seat["bot"] = options.get("level", spec.solo_level)
            seat["name"] = bot_name(room, index)
    return room


# --- looking things up ------------------------------------------------------


def seat_of(room: RoomDoc, guest: int | None) -> int | None:
    if guest is None:
        return None
    for index, seat in enumerate(room["seats"]):
        if seat["guest"] == guest:
            return index
    return None


def is_connected(room: RoomDoc, guest: int) -> bool:
    return any(conn["guest"] == guest for conn in room["connections"].values())


def connected_guests(room: RoomDoc) -> dict[int, str]:
    return {conn["guest"]: conn["name"] for conn in room["connections"].values()}


def spectators(room: RoomDoc) -> dict[int, str]:
    """Connected guests without a seat."""
    seated = {seat["guest"] for seat in room["seats"]}
    return {guest: name for guest, name in connected_guests(room).items() if guest not in seated}


def is_solo(room: RoomDoc) -> bool:
    return get_spec(room["game"]).solo


def seat_is_free(seat: SeatDoc) -> bool:
    return seat["guest"] is None and seat["bot"] is None


def playing(room: RoomDoc) -> bool:
    return room["status"] == "playing"


# --- validation helpers -----------------------------------------------------


def require_seat_index(room: RoomDoc, index: Any) -> int:
    if not isinstance(index, int) or isinstance(index, bool):
        raise RoomError("bad-seat", "Choose a seat by its number.")
    if not 0 <= index < len(room["seats"]):
        raise RoomError("bad-seat", "There is no such seat.")
    return index


def require_host(room: RoomDoc, guest: int) -> None:
    if room["host"] != guest:
        raise RoomError("not-host", "Only the host can do that.")


def require_status(room: RoomDoc, *statuses: str) -> None:
    if room["status"] not in statuses:
        messages = {
            "lobby": "The game has already started.",
            "playing": "No game is being played.",
        }
        raise RoomError("wrong-phase", messages.get(statuses[0], "Not possible now."))


def require_level(room: RoomDoc, level: Any) -> str:
    levels = get_spec(room["game"]).computer.levels
    if level is None:
        return levels[0]
    if level not in levels:
        raise RoomError("bad-level", f"Computer players here can be: {', '.join(levels)}.")
    return level


# --- seats --------------------------------------------------------------------


def sit_guest(seat: SeatDoc, guest: int, name: str) -> None:
    seat.update(guest=guest, name=name, bot=None, away_since=None, vacated=False)


def rename(room: RoomDoc, guest: int, name: str) -> None:
    """A player who confirms a new name is shown by it everywhere in the room."""
    for conn in room["connections"].values():
        if conn["guest"] == guest:
            conn["name"] = name


def sit(room: RoomDoc, guest: int, name: str, index: Any) -> None:
    """Take a free seat in the lobby, or move to another free one."""
    require_status(room, "lobby", "finished")
    index = require_seat_index(room, index)
    if is_solo(room):
        raise RoomError("seat-taken", "This is a game for one player against the computer.")
    seat = room["seats"][index]
    if seat["guest"] == guest:
        return
    if not seat_is_free(seat):
        raise RoomError("seat-taken", "That seat is taken.")
    current = seat_of(room, guest)
    if current is not None:
        room["seats"][current] = empty_seat()
    sit_guest(seat, guest, name)
    rename(room, guest, name)
    if room["host"] is None:
        room["host"] = guest


def stand(room: RoomDoc, guest: int) -> None:
    """Leave one's seat in the lobby and watch instead."""
    require_status(room, "lobby", "finished")
    index = seat_of(room, guest)
    if index is None:
        raise RoomError("not-seated", "You are not sitting at this table.")
    if is_solo(room):
        raise RoomError("wrong-phase", "You cannot leave your own solo game.")
    room["seats"][index] = empty_seat()
    pass_host_if_gone(room, guest)


def pass_host_if_gone(room: RoomDoc, guest: int) -> None:
    """When the host is no longer seated, the next seated player becomes host."""
    if room["host"] != guest or seat_of(room, guest) is not None:
        return
    room["host"] = next_host(room, guest)


def next_host(room: RoomDoc, leaving: int) -> int | None:
    humans = [seat["guest"] for seat in room["seats"] if seat["guest"] not in (None, leaving)]
    connected = [guest for guest in humans if is_connected(room, guest)]
    if connected or humans:
        return (connected or humans)[0]
    # Nobody seated: a watcher keeps the room going.
    watching = [guest for guest in spectators(room) if guest != leaving]
    return watching[0] if watching else None


def shuffle_teams(room: RoomDoc, guest: int, rng: random.Random) -> None:
    """Deal the seated players into new seats, and so into new teams."""
    require_host(room, guest)
    require_status(room, "lobby", "finished")
    if not get_spec(room["game"]).has_teams:
        raise RoomError("wrong-game", "This game has no teams.")
    seats = list(room["seats"])
    rng.shuffle(seats)
    room["seats"] = seats


def put_bot(
    room: RoomDoc, guest: int | None, index: Any, level: Any, authority: bool = False
) -> None:
    """The host seats a computer player in an empty seat, or in a vacated one mid-game.

    ``authority`` is an administrator acting: no host check."""
    if not authority:
        require_host(room, guest)
    index = require_seat_index(room, index)
    level = require_level(room, level)
    seat = room["seats"][index]
    if is_solo(room):
        raise RoomError("wrong-game", "The computer already plays here.")
    if playing(room):
        if not (seat["vacated"] or seat["away_since"] is not None):
            raise RoomError("seat-taken", "That player is still at the table.")
    elif not seat_is_free(seat):
        raise RoomError("seat-taken", "That seat is taken.")
    previous = seat["guest"]
    seat.update(guest=None, name=bot_name(room, index), bot=level, away_since=None)
    seat["vacated"] = False
    if previous is not None:
        pass_host_if_gone(room, previous)


def bot_name(room: RoomDoc, index: int) -> str:
    return get_spec(room["game"]).computer.name or f"Computer {index + 1}"


def remove_bot(room: RoomDoc, guest: int, index: Any) -> None:
    require_host(room, guest)
    require_status(room, "lobby", "finished")
    index = require_seat_index(room, index)
    if is_solo(room) or room["seats"][index]["bot"] is None:
        raise RoomError("bad-seat", "No computer player sits there.")
    room["seats"][index] = empty_seat()


def take_over(room: RoomDoc, guest: int, name: str, index: Any) -> None:
    """A spectator takes a seat vacated mid-game and plays on with its hand and team."""
    require_status(room, "playing")
    index = require_seat_index(room, index)
    if seat_of(room, guest) is not None:
        raise RoomError("already-seated", "You already have a seat.")
    seat = room["seats"][index]
    if not seat["vacated"]:
        raise RoomError("seat-taken", "That seat is not free.")
    sit_guest(seat, guest, name)
    rename(room, guest, name)
    if room["host"] is None:
        room["host"] = guest


def all_seats_filled(room: RoomDoc) -> bool:
    return all(not seat_is_free(seat) and not seat["vacated"] for seat in room["seats"])


def require_can_start(room: RoomDoc, guest: int) -> None:
    require_status(room, "lobby", "finished")
    if room["status"] == "lobby":
        require_host(room, guest)
    elif seat_of(room, guest) is None:
        raise RoomError("not-seated", "Only players at the table can start the next game.")
    if not all_seats_filled(room):
        raise RoomError("seats-empty", "Every seat needs a player first.")


# --- presence and disconnects ------------------------------------------------


def connect(room: RoomDoc, channel: str, guest: int, name: str, process: str = "") -> None:
    room["connections"][channel] = {"guest": guest, "name": name, "process": process}
    index = seat_of(room, guest)
    if index is not None:
        room["seats"][index]["away_since"] = None
    if room["host"] is None:
        room["host"] = guest


def disconnect(room: RoomDoc, channel: str, now: float) -> None:
    conn = room["connections"].pop(channel, None)
    if conn is None or is_connected(room, conn["guest"]):
        return
    index = seat_of(room, conn["guest"])
    if index is not None:
        room["seats"][index]["away_since"] = now


def drop_process(room: RoomDoc, process: str, now: float) -> bool:
    """Disconnect every socket a dead server process held; True if there were any."""
    channels = [ch for ch, conn in room["connections"].items() if conn["process"] == process]
    for channel in channels:
        disconnect(room, channel, now)
    return bool(channels)


def leave(room: RoomDoc, guest: int) -> None:
    """Leave a game for good: the seat is vacated at once, as after the grace period."""
    index = seat_of(room, guest)
    if index is None:
        raise RoomError("not-seated", "You are not sitting at this table.")
    if not playing(room) or is_solo(room):
        stand(room, guest)
        return
    vacate(room, index)


def vacate(room: RoomDoc, index: int) -> None:
    """Empty a seat mid-game: its hand and team wait for a spectator or a computer player."""
    seat = room["seats"][index]
    guest = seat["guest"]
    if playing(room):
        seat.update(guest=None, away_since=None, vacated=True)
    else:
        room["seats"][index] = empty_seat()
    if guest is not None:
        pass_host_if_gone(room, guest)


def overdue_seats(room: RoomDoc, now: float, grace: float) -> list[int]:
    """Seats whose player has been away longer than the grace period."""
    if is_solo(room):
        return []  # a solo game simply waits for its player: it is saved
    return [
        index
        for index, seat in enumerate(room["seats"])
        if seat["guest"] is not None
        and seat["away_since"] is not None
        and now - seat["away_since"] >= grace
    ]


def nobody_can_take_over(room: RoomDoc) -> bool:
    """A vacated seat with no spectator to take it: the game cannot go on."""
    vacant = any(seat["vacated"] for seat in room["seats"])
    return playing(room) and vacant and not spectators(room)


def back_to_lobby(room: RoomDoc, notice: str) -> None:
    """Abandon the game: the room returns to its lobby with the players still seated."""
    room["status"] = "lobby"
    room["match"] = None
    room["notice"] = notice
    for index, seat in enumerate(room["seats"]):
        if seat["vacated"]:
            room["seats"][index] = empty_seat()
