"""``python -m games replay``: valid records, illegal moves, and garbage."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from games.bots.random_policy import random_action
from games.registry import RULES, get_rules

ROOT = Path(__file__).resolve().parents[2]


def referee(record_text: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "games", "replay", "-"],
        input=record_text,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )


def random_game(name: str, seed: int, max_moves: int = 400) -> tuple[dict, dict]:
    """A record of random legal play, and the final state it reached."""
    rules = get_rules(name)
    rng = random.Random(seed)
    seats = 3 if name == "go-fish" else rules.min_seats
    setup = rules.random_setup(seats, rng)
    state = rules.start(setup)
    moves = []
    while not rules.is_over(state) and len(moves) < max_moves:
        seat = rules.turn(state)
        if name == "kitten-fishing":
            action = {"type": "finish"}
        else:
            action = random_action(rules.view(state, seat), rng)
        state, _ = rules.apply(state, seat, action)
        moves.append((seat, action))
    return rules.to_record(setup, moves), state


@pytest.mark.parametrize("name", sorted(RULES))
def test_a_valid_record_replays_to_its_result(name: str) -> None:
    record, state = random_game(name, seed=1)
    run = referee(json.dumps(record))
    assert run.returncode == 0, run.stderr
    output = json.loads(run.stdout)
    assert output["ok"] is True
    assert output["result"] == get_rules(name).result(state)
    assert output["log"]


def break_a_move(name: str, record: dict) -> tuple[int, str]:
    """Make one move of the record illegal; return its index and the expected code."""
    if name == "fish":
        index = 3
        move = record["moves"][index]
        record["moves"][index] = {**move, "type": "ask", "target": (move["seat"] + 2) % 6,
                                  "card": "2S"}  # fmt: skip
        record["moves"][index].pop("halfsuit", None)
        record["moves"][index].pop("cards", None)
        return index, "not-an-opponent"
    if name == "go-fish":
        index = 2
        record["moves"][index]["target"] = record["moves"][index]["seat"]
        return index, "ask-yourself"
    if name == "card-fishing":
        plays = record["rounds"][0]["plays"]
        hand_of_other = plays[1]  # the second play is the other seat's card
        plays[0], plays[1] = hand_of_other, plays[0]
        return 0, "card-not-in-hand"
    raise AssertionError(name)


@pytest.mark.parametrize("name", ["fish", "go-fish", "card-fishing"])
def test_an_illegal_move_is_reported_with_its_index_and_code(name: str) -> None:
    record, _ = random_game(name, seed=2)
    index, code = break_a_move(name, record)
    run = referee(json.dumps(record))
    assert run.returncode == 1, run.stderr
    output = json.loads(run.stdout)
    assert output["ok"] is False
    assert output["error"]["move"] == index
    assert output["error"]["code"] == code
    assert output["error"]["message"]
    assert len(output["log"]) == index


GARBAGE = [
    "",
    "not json at all",
    "[1, 2, 3]",
    '"a string"',
    "{}",
    '{"game": "poker"}',
    '{"game": "fish"}',
    '{"game": "fish", "hands": "nine cards", "first": 0, "moves": []}',
    '{"game": "go-fish", "players": 9, "deck": [], "moves": []}',
    '{"game": "kitten-fishing", "piles": [["ZZ"], []], "first": 0}',
    '{"game": "card-fishing", "first_dealer": 1, "rounds": [{"deck": [1, 2], "plays": []}]}',
    '{"game": "go-fish", "players": 2, "deck": null, "moves": [{"seat": "x"}]}',
]


@pytest.mark.parametrize("text", GARBAGE)
def test_garbage_is_refused_with_exit_2_and_no_traceback(text: str) -> None:
    run = referee(text)
    assert run.returncode == 2, (run.stdout, run.stderr)
    assert run.stdout == ""
    assert run.stderr.strip()
    assert "Traceback" not in run.stderr


def test_a_missing_file_is_exit_2() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "games", "replay", "/no/such/record.json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert run.returncode == 2 and "Traceback" not in run.stderr


def test_a_card_fishing_record_without_first_dealer_was_dealt_by_the_bot() -> None:
    record, state = random_game("card-fishing", seed=3)
    assert record["first_dealer"] == 1
    del record["first_dealer"]
    run = referee(json.dumps(record))
    assert run.returncode == 0, run.stderr
    output = json.loads(run.stdout)
    assert output["ok"] is True
    assert output["result"] == get_rules("card-fishing").result(state)
    # The Bot deals, so the human (seat 0) leads the first play.
    assert output["log"][0]["seat"] == 0
