"""Room rules on the room document: seats, teams, hosts, bots, disconnects."""

from __future__ import annotations

import copy
import random

import pytest

from rooms.errors import RoomError
from rooms.live import lobby

ANN, BOB, CY, DEE = 1, 2, 3, 4


def fish_room() -> dict:
    return lobby.new_room("code", "fish", {}, ANN, "Ann")


def unchanged_on_error(room: dict, fn, *args) -> str:
    before = copy.deepcopy(room)
    with pytest.raises(RoomError) as error:
        fn(room, *args)
    assert room == before
    return error.value.code


def test_fish_seats_alternate_teams() -> None:
    assert [lobby.team_of_seat("fish", i) for i in range(6)] == [0, 1, 0, 1, 0, 1]


def test_take_move_and_refuse_a_taken_seat() -> None:
    room = fish_room()
    lobby.sit(room, ANN, "Ann", 0)
    lobby.sit(room, BOB, "Bob", 1)
    lobby.sit(room, ANN, "Ann", 2)  # moves
    assert lobby.seat_of(room, ANN) == 2
    assert lobby.seat_is_free(room["seats"][0])
    assert unchanged_on_error(room, lobby.sit, CY, "Cy", 1) == "seat-taken"
    assert unchanged_on_error(room, lobby.sit, CY, "Cy", 6) == "bad-seat"
    assert unchanged_on_error(room, lobby.sit, CY, "Cy", "1") == "bad-seat"


def test_only_the_host_shuffles_and_shuffling_keeps_everyone_seated() -> None:
    room = fish_room()
    for guest, index in ((ANN, 0), (BOB, 1), (CY, 2)):
        lobby.sit(room, guest, str(guest), index)
    assert unchanged_on_error(room, lobby.shuffle_teams, BOB, random.Random(1)) == "not-host"
    seen_teams = set()
    for seed in range(20):
        lobby.shuffle_teams(room, ANN, random.Random(seed))
        seated = {s["guest"] for s in room["seats"] if s["guest"] is not None}
        assert seated == {ANN, BOB, CY}
        seen_teams.add(lobby.team_of_seat("fish", lobby.seat_of(room, ANN)))
    assert seen_teams == {0, 1}


def test_host_passes_to_the_next_seated_player() -> None:
    room = fish_room()
    lobby.sit(room, ANN, "Ann", 0)
    lobby.sit(room, BOB, "Bob", 3)
    lobby.stand(room, ANN)
    assert room["host"] == BOB


def test_bots_fill_empty_seats_and_only_for_the_host() -> None:
    room = fish_room()
    lobby.sit(room, ANN, "Ann", 0)
    assert unchanged_on_error(room, lobby.put_bot, BOB, 1, None) == "not-host"
    assert unchanged_on_error(room, lobby.put_bot, ANN, 0, None) == "seat-taken"
    assert unchanged_on_error(room, lobby.put_bot, ANN, 1, "genius") == "bad-level"
    lobby.put_bot(room, ANN, 1, None)
    assert room["seats"][1]["bot"] == "strong"
    lobby.remove_bot(room, ANN, 1)
    assert lobby.seat_is_free(room["seats"][1])


def test_start_needs_every_seat_filled_and_the_host() -> None:
    room = fish_room()
    lobby.sit(room, ANN, "Ann", 0)
    assert unchanged_on_error(room, lobby.require_can_start, ANN) == "seats-empty"
    for index in range(1, 6):
        lobby.put_bot(room, ANN, index, None)
    lobby.require_can_start(room, ANN)
    assert unchanged_on_error(room, lobby.require_can_start, BOB) == "not-host"


def test_solo_rooms_seat_the_guest_against_the_computer() -> None:
    room = lobby.new_room("c", "card-fishing", {"level": "hard"}, ANN, "Ann")
    assert room["seats"][0]["guest"] == ANN
    assert (room["seats"][1]["bot"], room["seats"][1]["name"]) == ("hard", "the Bot")
    kitty = lobby.new_room("k", "kitten-fishing", {}, ANN, "Ann")
    assert kitty["seats"][1]["name"] == "Kitty"


def playing_room() -> dict:
    room = fish_room()
    for guest, index in ((ANN, 0), (BOB, 1), (CY, 2)):
        lobby.sit(room, guest, str(guest), index)
    for index in range(3, 6):
        lobby.put_bot(room, ANN, index, None)
    room["status"] = "playing"
    for guest in (ANN, BOB, CY):
        lobby.connect(room, f"ch{guest}", guest, str(guest))
    return room


def test_a_dropped_player_is_away_then_vacated_after_the_grace_period() -> None:
    room = playing_room()
    lobby.disconnect(room, f"ch{BOB}", now=100.0)
    assert room["seats"][1]["away_since"] == 100.0
    assert lobby.overdue_seats(room, 159.0, 60) == []
    assert lobby.overdue_seats(room, 160.0, 60) == [1]
    lobby.vacate(room, 1)
    assert room["seats"][1]["vacated"] and room["seats"][1]["guest"] is None


def test_reconnecting_in_another_tab_keeps_the_seat() -> None:
    room = playing_room()
    lobby.connect(room, "second-tab", BOB, "2")
    lobby.disconnect(room, f"ch{BOB}", now=100.0)
    assert room["seats"][1]["away_since"] is None  # still connected in the other tab
    lobby.disconnect(room, "second-tab", now=101.0)
    lobby.connect(room, "third-tab", BOB, "2")
    assert room["seats"][1]["away_since"] is None


def test_a_spectator_takes_over_a_vacated_seat() -> None:
    room = playing_room()
    lobby.connect(room, "chD", DEE, "Dee")
    lobby.vacate(room, 1)
    assert not lobby.nobody_can_take_over(room)
    assert unchanged_on_error(room, lobby.take_over, DEE, "Dee", 0) == "seat-taken"
    lobby.take_over(room, DEE, "Dee", 1)
    assert lobby.seat_of(room, DEE) == 1 and not room["seats"][1]["vacated"]


def test_with_nobody_to_take_over_the_game_goes_back_to_the_lobby() -> None:
    room = playing_room()
    room["match"] = {"id": 1}
    lobby.disconnect(room, f"ch{CY}", now=100.0)
    lobby.vacate(room, 2)
    assert lobby.nobody_can_take_over(room)
    lobby.back_to_lobby(room, "Cy left")
    assert room["status"] == "lobby" and room["match"] is None
    assert lobby.seat_is_free(room["seats"][2])
    assert lobby.seat_of(room, ANN) == 0


def test_a_leaving_host_hands_over_mid_game() -> None:
    room = playing_room()
    lobby.leave(room, ANN)
    assert room["seats"][0]["vacated"]
    assert room["host"] == BOB
