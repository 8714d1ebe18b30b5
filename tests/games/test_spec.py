"""The games' specs: what the site reads about each game."""

from __future__ import annotations

import random

from games.registry import all_specs, get_spec


def test_each_spec_agrees_with_its_rules() -> None:
    for spec in all_specs():
        assert spec.rules.name == spec.name
        assert (spec.seats.minimum, spec.seats.maximum) == (
            spec.rules.min_seats,
            spec.rules.max_seats,
        )
        assert spec.seats.default in spec.seats.choices()
        assert spec.solo_level in spec.computer.levels


def test_only_fish_has_teams_and_they_alternate() -> None:
    assert [get_spec("fish").team_of(seat) for seat in range(6)] == [0, 1, 0, 1, 0, 1]
    assert [spec.name for spec in all_specs() if spec.has_teams] == ["fish"]


def test_kitten_fishing_alternates_the_first_flip_and_takes_a_test_flip_limit() -> None:
    spec = get_spec("kitten-fishing")
    setup = spec.rules.random_setup(2, random.Random(1))
    firsts = [spec.setup_for(setup, started, {})["first"] for started in range(4)]
    assert firsts == [0, 1, 0, 1]
    assert spec.setup_for(setup, 0, {})["flip_limit"] == 5000
    assert spec.setup_for(setup, 0, {"flip_limit": 3, "pause": 0.0})["flip_limit"] == 3


def test_other_games_start_from_the_shuffled_setup() -> None:
    spec = get_spec("go-fish")
    setup = spec.rules.random_setup(3, random.Random(1))
    assert spec.setup_for(setup, 5, {"flip_limit": 3}) == setup


def test_only_card_fishing_lets_the_player_choose_the_level() -> None:
    chosen = [spec.name for spec in all_specs() if spec.level_is_chosen]
    assert chosen == ["card-fishing"] and get_spec("card-fishing").solo_level == "normal"
