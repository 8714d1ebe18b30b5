"""Every computer player plays fair: it returns only legal actions, it is given its
seat's view and public history and nothing more, and what it does depends on that
view alone (two states that look the same to it get the same action)."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from games.base import Rules
from games.bots import POLICIES, choose, levels, seat_view
from games.fish import HALFSUITS
from games.registry import RULES
from games.tournament import play_game

MAX_MOVES = 300


def bots() -> list[tuple[str, str]]:
    """Every registered (game, level), and the random level of every game."""
    found = set(POLICIES) | {(game, "random") for game in RULES}
    return sorted(found)


def seats_for(rules: Rules, game_index: int) -> int:
    return rules.min_seats + game_index % (rules.max_seats - rules.min_seats + 1)


def is_legal(rules: Rules, state: dict[str, Any], seat: int, action: dict[str, Any]) -> bool:
    """Whether ``action`` is among the seat's legal actions (by the action space)."""
    space = rules.action_space(state, seat)
    if rules.name != "fish":
        return action in list(rules.legal_actions(state, seat))
    # Fish has thousands of declarations: check against the action space instead.
    if action.get("type") == "ask" and "ask" in space:
        return set(action) == {"type", "target", "card"} and (
            action["target"] in space["ask"]["targets"] and action["card"] in space["ask"]["cards"]
        )
    declare = space.get("declare")
    return (
        action.get("type") == "declare"
        and declare is not None
        and action["halfsuit"] in declare["halfsuits"]
        and set(action["cards"]) == set(HALFSUITS[action["halfsuit"]])
        and set(action["cards"].values()) <= set(declare["teammates"])
    )


def options_for(rules: Rules, game_index: int) -> dict[str, Any] | None:
    """Now the defaults, now every option at one of its other values."""
    if game_index % 2 == 0:
        return None
    rng = random.Random(f"options:{rules.name}:{game_index}")
    return {name: rng.choice(option.choices) for name, option in rules.options.items()}


@pytest.mark.parametrize(("game", "level"), bots())
def test_every_bot_only_returns_legal_actions(game: str, level: str) -> None:
    rules = RULES[game]
    games = 3 if (game, level) == ("fish", "strong") else 6
    for index in range(games):
        rng = random.Random(f"fair:{game}:{level}:{index}")
        seats = seats_for(rules, index)
        state = rules.start(rules.random_setup(seats, rng, options_for(rules, index)))
        moves = 0
        while not rules.is_over(state) and moves < MAX_MOVES:
            seat = rules.turn(state)
            view = seat_view(rules, state, seat)
            before = copy.deepcopy(view)
            action = choose(game, level, view, random.Random(f"{index}:{moves}"))
            assert view == before, "a policy changed the view it was given"
            assert is_legal(rules, state, seat, action), action
            state, _ = rules.apply(state, seat, action)
            moves += 1


@pytest.mark.parametrize("game", sorted({game for game, _ in POLICIES}))
def test_mixed_tables_of_bots_play_legal_games(game: str) -> None:
    rules = RULES[game]
    names = levels(game)
    for index in range(3):
        rng = random.Random(f"mixed:{game}:{index}")
        seats = seats_for(rules, index)
        setup = rules.random_setup(seats, rng, options_for(rules, index))
        players = [POLICIES[(game, rng.choice(names))] for _ in range(seats)]
        # play_game applies every action through the rules, which refuse illegal ones.
        state, finished = play_game(rules, setup, players, f"mixed:{index}", max_moves=MAX_MOVES)
        assert finished or game == "fish"  # random Fish players may never declare
        assert rules.is_over(state) == finished


def test_the_harness_gives_bots_their_view_and_history_only() -> None:
    for game, rules in RULES.items():
        received: list[tuple[int, dict[str, Any]]] = []
        states: list[dict[str, Any]] = []
        spy = _spy(game, received)

        def note(state: dict[str, Any], seat: int, action: Any, entries: Any) -> None:
            states.append(state)  # noqa: B023 (used within this iteration only)

        seats = rules.min_seats
        setup = rules.random_setup(seats, random.Random(f"spy:{game}"))
        play_game(rules, setup, [spy] * seats, "spy", on_move=note, max_moves=40)
        assert received and len(received) == len(states)
        for (seat, view), state in zip(received, states, strict=True):
            assert view == seat_view(rules, state, seat)
            assert set(view) == set(rules.view(state, seat)) | {"history"}
            assert "hands" not in view and "pond" not in view and "setup" not in view


def _spy(game: str, received: list[tuple[int, dict[str, Any]]]) -> Any:
    """A random player that keeps every view it is given."""

    def spy(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        received.append((view["viewer"], view))
        return choose(game, "random", view, rng)

    return spy


def test_a_seeded_game_replays_move_for_move() -> None:
    for game, level in POLICIES:
        rules = RULES[game]
        setup = rules.random_setup(rules.min_seats, random.Random(f"replay:{game}"))
        players = [POLICIES[(game, level)]] * rules.min_seats
        first, _ = play_game(rules, setup, players, "replay", max_moves=120)
        second, _ = play_game(rules, setup, players, "replay", max_moves=120)
        assert first["log"] == second["log"]


# --- the action depends on the view alone -------------------------------------------


def _hide_differently(state: dict[str, Any], viewer: int, rng: random.Random) -> dict[str, Any]:
    """The same state with every card the viewer cannot see dealt out again:
    other seats keep their hand sizes, and the Go Fish pond its size."""
    other = copy.deepcopy(state)
    seats = [seat for seat in range(len(state["hands"])) if seat != viewer]
    hidden = [card for seat in seats for card in state["hands"][seat]]
    hidden += state.get("pond", [])
    rng.shuffle(hidden)
    for seat in seats:
        size = len(state["hands"][seat])
        other["hands"][seat], hidden = hidden[:size], hidden[size:]
    if "pond" in state:
        other["pond"] = hidden
    return other


def _midgame_states(game: str, count: int) -> list[tuple[dict[str, Any], int]]:
    """States met in seeded games between the game's bots, with the seat to move."""
    rules = RULES[game]
    found: list[tuple[dict[str, Any], int]] = []
    index = 0
    while len(found) < count:
        rng = random.Random(f"midgame:{game}:{index}")
        seats = seats_for(rules, index)
        state = rules.start(rules.random_setup(seats, rng, options_for(rules, index)))
        names = levels(game)
        for move in range(rng.randrange(5, 60)):
            if rules.is_over(state):
                break
            seat = rules.turn(state)
            level = names[move % len(names)]
            action = choose(game, level, seat_view(rules, state, seat), random.Random(move))
            state, _ = rules.apply(state, seat, action)
        if not rules.is_over(state):
            found.append((state, rules.turn(state)))
        index += 1
    return found


# Games whose hidden cards are other hands (and a pond): see _hide_differently.
HAND_GAMES = ("fish", "go-fish")


@pytest.mark.parametrize(("game", "level"), sorted(key for key in POLICIES if key[0] in HAND_GAMES))
def test_bots_act_on_the_view_alone(game: str, level: str) -> None:
    rules = RULES[game]
    changed = 0
    for index, (state, seat) in enumerate(_midgame_states(game, 12)):
        other = _hide_differently(state, seat, random.Random(index))
        changed += other["hands"] != state["hands"]
        view, other_view = seat_view(rules, state, seat), seat_view(rules, other, seat)
        assert view == other_view, "the two states must look the same to the seat"
        for seed in range(3):
            action = choose(game, level, view, random.Random(seed))
            assert choose(game, level, other_view, random.Random(seed)) == action
    assert changed >= 10, "the hidden cards were not actually dealt out differently"
