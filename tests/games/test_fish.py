"""Fish: the seed's rules on hand-built deals, each house rule, and random play properties."""

from __future__ import annotations

import copy
import json
import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.cards import fish_deck
from games.errors import BadRecord, IllegalAction
from games.fish import HALFSUITS, Fish, halfsuit_of, team_of
from games.options import summary

RULES = Fish()
ENTRY_KEYS = {
    "ask": {"type", "seat", "target", "card", "hit", "next"},
    "declare": {"type", "seat", "halfsuit", "cards", "correct", "team", "next"},
}
CARD_TOKEN = re.compile(r"(?<![0-9A-Z])(?:10|[2-9AJQK])[SHDC](?![0-9A-Z])|X[RB]")


def hs(name: str) -> list[str]:
    return list(HALFSUITS[name])


def make_setup(hands: dict[int, list[str]], first: int = 0, **options: Any) -> dict[str, Any]:
    """A full deal: the given hands, the other seats filled from the rest of the deck."""
    given_cards = [card for hand in hands.values() for card in hand]
    rest = [card for card in fish_deck() if card not in given_cards]
    full = []
    for seat in range(6):
        hand = list(hands.get(seat, []))
        while len(hand) < 9:
            hand.append(rest.pop(0))
        full.append(hand)
    setup: dict[str, Any] = {"game": "fish", "hands": full, "first": first}
    if options:
        setup["options"] = options
    return setup


# Six explicit hands: team 0 (seats 0, 2, 4) holds the whole of high-spades.
BASIC = {
    0: ["2S", "3S", "9H", "10H", "8S", "2D", "3D", "4D", "5D"],
    1: ["4S", "JH", "QH", "6D", "7D", "9C", "10C", "JC", "QC"],
    2: ["9S", "10S", "JS", "QS", "5S", "6S", "8H", "2C", "3C"],
    3: ["2H", "3H", "4H", "5H", "6H", "7H", "KH", "AH", "4C"],
    4: ["KS", "AS", "7S", "8D", "9D", "10D", "5C", "6C", "7C"],
    5: ["JD", "QD", "KD", "AD", "8C", "KC", "AC", "XR", "XB"],
}

# Each team holds four whole halfsuits; low-hearts is split 5H-7H (seat 0) / 2H-4H (seat 1).
SPLIT = {
    0: hs("low-spades") + ["5H", "6H", "7H"],
    2: hs("high-spades") + ["8S", "8H", "8D"],
    4: hs("high-hearts") + ["8C", "XR", "XB"],
    1: hs("high-diamonds") + ["2H", "3H", "4H"],
    3: hs("low-diamonds") + ["2C", "3C", "4C"],
    5: hs("high-clubs") + ["5C", "6C", "7C"],
}
TEAM1_WHOLE = ["high-diamonds", "low-diamonds", "high-clubs", "low-clubs"]
TEAM0_WHOLE = ["low-spades", "high-spades", "high-hearts", "eights"]


def start(hands: dict[int, list[str]], first: int = 0, **options: Any) -> dict[str, Any]:
    return RULES.start(make_setup(hands, first, **options))


def act(state: dict[str, Any], seat: int, action: dict[str, Any]) -> tuple[dict, list]:
    """Apply a legal action, checking the input state is left untouched."""
    before = copy.deepcopy(state)
    new, entries = RULES.apply(state, seat, action)
    assert state == before
    return new, entries


def refused(state: dict[str, Any], seat: int, action: Any, code: str) -> IllegalAction:
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, seat, action)
    assert caught.value.code == code, caught.value.message
    assert state == before
    return caught.value


def ask(state: dict[str, Any], seat: int, target: int, card: str) -> dict[str, Any]:
    return act(state, seat, {"type": "ask", "target": target, "card": card})[0]


def truth(state: dict[str, Any], name: str) -> dict[str, int]:
    """Where each card of ``name`` really is (what a perfect memory would say)."""
    return {
        card: next(seat for seat in range(6) if card in state["hands"][seat])
        for card in HALFSUITS[name]
    }


def declare(state: dict[str, Any], seat: int, name: str, cards: dict[str, int] | None = None):
    claim = truth(state, name) if cards is None else cards
    return act(state, seat, {"type": "declare", "halfsuit": name, "cards": claim})


def where(state: dict[str, Any], card: str) -> list[int]:
    return [seat for seat in range(6) if card in state["hands"][seat]]


# --- halfsuits and setup ------------------------------------------------------------------


def test_nine_halfsuits_of_six_cover_the_deck_once():
    assert list(HALFSUITS) == [
        "low-spades",
        "high-spades",
        "low-hearts",
        "high-hearts",
        "low-diamonds",
        "high-diamonds",
        "low-clubs",
        "high-clubs",
        "eights",
    ]
    cards = [card for six in HALFSUITS.values() for card in six]
    assert all(len(six) == 6 for six in HALFSUITS.values())
    assert sorted(cards) == sorted(fish_deck()) and len(cards) == 54


@pytest.mark.parametrize(
    ("card", "name"),
    [
        ("2S", "low-spades"),
        ("7S", "low-spades"),
        ("9S", "high-spades"),
        ("AS", "high-spades"),
        ("10h", "high-hearts"),
        ("7D", "low-diamonds"),
        ("KC", "high-clubs"),
        ("8H", "eights"),
        ("XR", "eights"),
        ("xb", "eights"),
    ],
)
def test_halfsuit_of(card, name):
    assert halfsuit_of(card) == name


def test_teams_alternate_around_the_table():
    assert [team_of(seat) for seat in range(6)] == [0, 1, 0, 1, 0, 1]
    # No two teammates sit next to each other.
    assert all(team_of(seat) != team_of((seat + 1) % 6) for seat in range(6))


def test_random_setup_deals_nine_each_and_is_reproducible():
    setup = RULES.random_setup(6, random.Random(7))
    assert setup == RULES.random_setup(6, random.Random(7))
    assert set(setup) == {"game", "hands", "first"}
    assert [len(hand) for hand in setup["hands"]] == [9] * 6
    assert sorted(card for hand in setup["hands"] for card in hand) == sorted(fish_deck())
    firsts = {RULES.random_setup(6, random.Random(seed))["first"] for seed in range(60)}
    assert firsts == set(range(6))
    with pytest.raises(BadRecord):
        RULES.random_setup(4, random.Random(1))


def test_random_setup_stores_only_non_default_options():
    setup = RULES.random_setup(6, random.Random(1), {"end": "five", "bluff": True})
    assert setup["options"] == {"end": "five"}
    assert RULES.start(setup)["options"]["end"] == "five"


@pytest.mark.parametrize(
    "change",
    [
        lambda s: s.update(game="go-fish"),
        lambda s: s["hands"][0].pop(),
        lambda s: s["hands"][0].__setitem__(0, s["hands"][1][0]),
        lambda s: s["hands"].pop(),
        lambda s: s["hands"][2].__setitem__(3, "1S"),
        lambda s: s.update(first=6),
        lambda s: s.update(first=True),
        lambda s: s.pop("first"),
        lambda s: s.update(extra=1),
        lambda s: s.update(options={"end": "ten"}),
        lambda s: s.update(options={"jokers": False}),
    ],
)
def test_start_rejects_a_bad_setup(change):
    setup = make_setup(BASIC)
    change(setup)
    with pytest.raises(BadRecord):
        RULES.start(setup)


def test_start_turn_and_hands():
    state = start(BASIC, first=3)
    assert RULES.turn(state) == 3
    assert sorted(state["hands"][1]) == sorted(BASIC[1])
    assert json.loads(json.dumps(state)) == state
    assert RULES.result(state) == {
        "halfsuits": {},
        "score": [0, 0],
        "over": False,
        "winner": None,
        "decided_at": None,
    }


# --- asking -------------------------------------------------------------------------------


def test_a_hit_moves_the_card_and_the_asker_goes_on():
    state = start(BASIC)
    state, entries = act(state, 0, {"type": "ask", "target": 1, "card": "4S"})
    assert where(state, "4S") == [0]
    assert len(state["hands"][0]) == 10 and len(state["hands"][1]) == 8
    assert RULES.turn(state) == 0
    assert entries == [
        {"type": "ask", "seat": 0, "target": 1, "card": "4S", "hit": True, "next": 0}
    ]
    # Goes on, and may ask another opponent.
    state = ask(state, 0, 5, "XR")
    assert where(state, "XR") == [0] and RULES.turn(state) == 0


def test_a_miss_passes_the_turn_to_the_asked_seat():
    state = start(BASIC)
    before = copy.deepcopy(state["hands"])
    state, entries = act(state, 0, {"type": "ask", "target": 3, "card": "5S"})
    assert entries[0]["hit"] is False and entries[0]["next"] == 3
    assert state["hands"] == before
    assert RULES.turn(state) == 3
    refused(state, 0, {"type": "ask", "target": 1, "card": "4S"}, "not-your-turn")
    # Seat 3 now asks; a miss sends the turn to whoever it asked.
    state = ask(state, 3, 2, "5C")  # 5C is with seat 4
    assert RULES.turn(state) == 2


def test_only_cards_of_a_halfsuit_you_hold_may_be_asked_for():
    state = start(BASIC)
    # Seat 0 holds no club: JC (held by seat 1) may not be asked for.
    error = refused(state, 0, {"type": "ask", "target": 1, "card": "JC"}, "halfsuit-not-held")
    assert "seat 1" not in error.message.lower()
    space = RULES.action_space(state, 0)["ask"]
    assert "JC" not in space["cards"] and "2C" not in space["cards"]
    # Every card of each held halfsuit, own cards included (the bluff).
    assert set(space["cards"]) == set(
        hs("low-spades") + hs("high-hearts") + hs("eights") + hs("low-diamonds")
    )
    assert space["targets"] == [1, 3, 5]


def test_the_halfsuit_rule_follows_the_cards_you_hold_now():
    state = start(BASIC, first=1)
    state = ask(state, 1, 0, "2S")
    state = ask(state, 1, 0, "3S")  # seat 0 has no low spade left
    assert "4S" in RULES.action_space(state, 1)["ask"]["cards"]
    state = ask(state, 1, 0, "5S")  # miss: 5S is with seat 2
    assert RULES.turn(state) == 0
    refused(state, 0, {"type": "ask", "target": 1, "card": "4S"}, "halfsuit-not-held")
    assert "4S" not in RULES.action_space(state, 0)["ask"]["cards"]


def test_asking_for_a_card_you_hold_is_an_allowed_bluff():
    state = start(BASIC)
    state, entries = act(state, 0, {"type": "ask", "target": 1, "card": "2S"})
    assert entries[0]["hit"] is False
    assert where(state, "2S") == [0]
    assert RULES.turn(state) == 1


def test_card_spelling_is_forgiving_and_canonical():
    state = start(BASIC)
    state, entries = act(state, 0, {"type": "ask", "target": 1, "card": " 4s"})
    assert entries[0]["card"] == "4S" and where(state, "4S") == [0]


@pytest.mark.parametrize(
    ("seat", "action", "code"),
    [
        (1, {"type": "ask", "target": 0, "card": "2S"}, "not-your-turn"),
        (0, {"type": "ask", "target": 2, "card": "5S"}, "not-an-opponent"),
        (0, {"type": "ask", "target": 0, "card": "4S"}, "not-an-opponent"),
        (0, {"type": "ask", "target": 6, "card": "4S"}, "bad-seat"),
        (0, {"type": "ask", "target": -1, "card": "4S"}, "bad-seat"),
        (7, {"type": "ask", "target": 1, "card": "4S"}, "bad-seat"),
        (0, {"type": "ask", "target": "1", "card": "4S"}, "bad-action"),
        (0, {"type": "ask", "target": True, "card": "4S"}, "bad-action"),
        (0, {"type": "ask", "card": "4S"}, "bad-action"),
        (0, {"type": "ask", "target": 1}, "bad-action"),
        (0, {"type": "ask", "target": 1, "card": 4}, "bad-action"),
        (0, {"type": "ask", "target": 1, "card": "ZZ"}, "bad-card"),
        (0, {"type": "ask", "target": 1, "card": "1S"}, "bad-card"),
        (0, {"type": "fish", "target": 1, "card": "4S"}, "bad-action"),
        (0, ["ask", 1, "4S"], "bad-action"),
        (0, {"target": 1, "card": "4S"}, "bad-action"),
    ],
)
def test_illegal_asks_are_refused_and_change_nothing(seat, action, code):
    state = start(BASIC)
    error = refused(state, seat, action, code)
    # A message may repeat the card asked for, never reveal another hidden card.
    asked = action.get("card") if isinstance(action, dict) else None
    hidden = {card for s in range(6) if s != seat for card in state["hands"][s]} - {asked}
    assert not hidden & set(CARD_TOKEN.findall(error.message))


def test_a_seat_with_no_cards_cannot_be_asked():
    hands = {
        0: ["7S", "6H"] + hs("high-spades") + ["8S"],
        1: ["2S", "3S", "4S", "5S", "6S", "2H", "3H", "4H", "5H"],
    }
    state = start(hands)
    for card in ["2S", "3S", "4S", "5S", "6S", "2H", "3H", "4H", "5H"]:
        state = ask(state, 0, 1, card)
    assert state["hands"][1] == [] and RULES.turn(state) == 0
    refused(state, 0, {"type": "ask", "target": 1, "card": "7H"}, "target-empty")
    assert RULES.action_space(state, 0)["ask"]["targets"] == [3, 5]
    assert RULES.view(state, 2)["has_cards"][1] is False


# --- declaring ------------------------------------------------------------------------------

HIGH_SPADES_TRUE = {"9S": 2, "10S": 2, "JS": 2, "QS": 2, "KS": 4, "AS": 4}


def test_a_right_declaration_wins_the_halfsuit_and_its_cards_leave():
    state = start(BASIC)
    # Seat 4 declares although it is seat 0's turn.
    state, entries = declare(state, 4, "high-spades", HIGH_SPADES_TRUE)
    assert entries == [
        {
            "type": "declare",
            "seat": 4,
            "halfsuit": "high-spades",
            "cards": HIGH_SPADES_TRUE,
            "correct": True,
            "team": 0,
            "next": 0,
        }
    ]
    assert all(where(state, card) == [] for card in HALFSUITS["high-spades"])
    assert [len(hand) for hand in state["hands"]] == [9, 9, 5, 9, 7, 9]
    assert state["score"] == [1, 0]
    assert RULES.turn(state) == 0
    assert RULES.result(state)["halfsuits"] == {"high-spades": 0}
    assert RULES.view(state, 1)["declared"] == {
        "high-spades": {"team": 0, "declarer": 4, "correct": True}
    }


def test_a_wrong_declaration_gives_the_halfsuit_away_without_saying_why():
    state = start(BASIC)
    claim = dict(HIGH_SPADES_TRUE, KS=2)  # all within the team, but KS is with seat 4
    state, entries = declare(state, 2, "high-spades", claim)
    entry = entries[0]
    assert set(entry) == ENTRY_KEYS["declare"]
    assert entry["correct"] is False and entry["team"] == 1 and entry["cards"] == claim
    assert state["score"] == [0, 1]
    assert all(where(state, card) == [] for card in HALFSUITS["high-spades"])
    # No view says where KS really was.
    for viewer in [*range(6), None]:
        view = RULES.view(state, viewer)
        assert view["last_moves"] == [entry]
        assert view["declared"]["high-spades"] == {"team": 1, "declarer": 2, "correct": False}


def test_naming_teammates_for_cards_the_opponents_hold_is_wrong():
    state = start(BASIC)
    claim = {"9H": 1, "10H": 1, "JH": 1, "QH": 1, "KH": 3, "AH": 3}
    state, entries = declare(state, 5, "high-hearts", claim)
    assert entries[0]["correct"] is False and entries[0]["team"] == 0
    assert state["score"] == [1, 0]
    assert "9H" not in state["hands"][0]


def test_after_a_declaration_play_goes_on_with_the_seat_whose_turn_it_was():
    state = start(BASIC)
    state = ask(state, 0, 3, "5S")  # miss: seat 3's turn
    state, entries = declare(state, 4, "high-spades", HIGH_SPADES_TRUE)
    assert RULES.turn(state) == 3 and entries[0]["next"] == 3
    state, _ = declare(state, 0, "low-hearts", {c: 0 for c in HALFSUITS["low-hearts"]})
    assert RULES.turn(state) == 3


def test_asking_for_a_card_of_a_declared_halfsuit_is_refused():
    state = start(BASIC)
    state = ask(state, 0, 1, "4S")  # now team 0 holds all the low spades
    state, _ = declare(state, 2, "low-spades")
    refused(state, 0, {"type": "ask", "target": 1, "card": "4S"}, "halfsuit-declared")
    assert not set(HALFSUITS["low-spades"]) & set(RULES.action_space(state, 0)["ask"]["cards"])


@pytest.mark.parametrize(
    ("seat", "halfsuit", "cards", "code"),
    [
        (0, "high-spades", dict(HIGH_SPADES_TRUE, KS=1), "not-a-teammate"),
        (0, "high-spades", dict(HIGH_SPADES_TRUE, KS=9), "bad-seat"),
        (0, "high-spades", dict(HIGH_SPADES_TRUE, KS="4"), "bad-action"),
        (0, "high-spades", dict(HIGH_SPADES_TRUE, KS=True), "bad-action"),
        (0, "high-spades", {c: 2 for c in ["9S", "10S", "JS", "QS", "KS"]}, "bad-declaration"),
        (0, "high-spades", dict(HIGH_SPADES_TRUE, **{"2S": 0}), "bad-declaration"),
        (0, "high-spades", {"9s": 2, **HIGH_SPADES_TRUE}, "bad-declaration"),
        (0, "high-hearts", HIGH_SPADES_TRUE, "bad-declaration"),
        (0, "high-spades", dict(HIGH_SPADES_TRUE, **{"9Z": 0}), "bad-card"),
        (0, "middle-spades", HIGH_SPADES_TRUE, "bad-action"),
        (0, "high-spades", list(HIGH_SPADES_TRUE), "bad-action"),
        (0, 3, HIGH_SPADES_TRUE, "bad-action"),
    ],
)
def test_bad_declarations_are_refused_and_change_nothing(seat, halfsuit, cards, code):
    state = start(BASIC)
    refused(state, seat, {"type": "declare", "halfsuit": halfsuit, "cards": cards}, code)


def test_a_halfsuit_is_declared_only_once():
    state = start(BASIC)
    state, _ = declare(state, 2, "high-spades")
    refused(
        state,
        1,
        {"type": "declare", "halfsuit": "high-spades", "cards": {c: 1 for c in HIGH_SPADES_TRUE}},
        "halfsuit-declared",
    )
    assert "high-spades" not in RULES.action_space(state, 0)["declare"]["halfsuits"]


def test_declarations_list_every_assignment_to_teammates():
    state = start(BASIC)
    space = RULES.action_space(state, 3)  # not seat 3's turn, but it may declare
    assert set(space) == {"declare"}
    assert space["declare"]["teammates"] == [1, 3, 5]
    declarations = list(RULES.legal_actions(state, 3))
    assert len(declarations) == 9 * 3**6
    assert all(set(d["cards"].values()) <= {1, 3, 5} for d in declarations)
    state, _ = declare(state, 3, "eights", {c: 3 for c in hs("eights")})
    assert sum(1 for a in RULES.legal_actions(state, 3) if a["type"] == "declare") == 8 * 3**6


# --- empty hands and the end ------------------------------------------------------------------


def emptying_deal(seat: int) -> dict[int, list[str]]:
    """Seat ``seat`` and its next teammate each hold one whole halfsuit and half of low-hearts."""
    return {
        seat: hs("low-spades") + ["2H", "3H", "4H"],
        (seat + 2) % 6: hs("high-spades") + ["5H", "6H", "7H"],
    }


@pytest.mark.parametrize("seat", range(6))
def test_an_empty_handed_turn_passes_to_the_next_teammate(seat):
    opponent = (seat + 1) % 6
    state = start(emptying_deal(seat), first=seat)
    # An opponent declares low-hearts (wrongly) out of turn; then the seat declares its spades.
    state, _ = declare(state, opponent, "low-hearts", {c: opponent for c in hs("low-hearts")})
    assert RULES.turn(state) == seat
    state, entries = declare(state, seat, "low-spades")
    assert state["hands"][seat] == []
    assert RULES.turn(state) == (seat + 2) % 6 == entries[0]["next"]
    # Without cards it cannot ask, but it may still declare.
    assert set(RULES.action_space(state, seat)) == {"declare"}
    state, _ = declare(state, seat, "eights", {c: seat for c in hs("eights")})
    assert RULES.turn(state) == (seat + 2) % 6


@pytest.mark.parametrize("seat", range(6))
def test_when_the_next_teammate_is_empty_too_the_turn_goes_to_the_third(seat):
    opponent = (seat + 1) % 6
    state = start(emptying_deal(seat), first=seat)
    state, _ = declare(state, opponent, "low-hearts", {c: opponent for c in hs("low-hearts")})
    state, _ = declare(state, opponent, "high-spades", {c: opponent for c in hs("high-spades")})
    assert state["hands"][(seat + 2) % 6] == [] and RULES.turn(state) == seat
    state, entries = declare(state, seat, "low-spades")
    assert RULES.turn(state) == (seat + 4) % 6 == entries[0]["next"]


def team1_declares_its_four(state, seat=1):
    for name in TEAM1_WHOLE:
        state, _ = declare(state, seat, name)
    return state


@pytest.mark.parametrize("timing", ["any-time", "own-turn", "team-turn"])
def test_a_team_out_of_cards_leaves_only_declarations_to_the_other(timing):
    state = start(SPLIT, first=1, declare=timing)
    state = team1_declares_its_four(state)  # seat 1 on its own turn
    assert state["score"] == [0, 4] and RULES.turn(state) == 1
    state = ask(state, 1, 0, "2H")  # a bluff: miss, seat 0's turn
    for card in ["2H", "3H", "4H"]:
        state = ask(state, 0, 1, card)
    assert not any(state["hands"][seat] for seat in (1, 3, 5))
    assert RULES.turn(state) == 0
    refused(state, 0, {"type": "ask", "target": 1, "card": "2S"}, "target-empty")
    refused(state, 0, {"type": "ask", "target": 3, "card": "2S"}, "target-empty")
    assert set(RULES.action_space(state, 0)) == {"declare"}
    for seat in (1, 3, 5):
        assert RULES.action_space(state, seat) == {}
        assert list(RULES.legal_actions(state, seat)) == []
        refused(
            state,
            seat,
            {"type": "declare", "halfsuit": "eights", "cards": {c: 1 for c in hs("eights")}},
            "not-your-turn",
        )
    assert all(a["type"] == "declare" for a in RULES.legal_actions(state, 0))
    for name in [*TEAM0_WHOLE, "low-hearts"]:
        state, _ = declare(state, 0, name)
    assert RULES.is_over(state) and RULES.turn(state) is None
    # Moves 0-3 team 1's declarations, 4-7 the asks, 8-12 team 0's: the fifth is move 12.
    assert RULES.result(state) == {
        "halfsuits": dict.fromkeys(TEAM1_WHOLE, 1)
        | dict.fromkeys(TEAM0_WHOLE, 0)
        | {"low-hearts": 0},
        "score": [5, 4],
        "over": True,
        "winner": 0,
        "decided_at": 12,
    }


def test_a_team_emptied_on_its_own_turn_hands_the_turn_over():
    state = start(SPLIT, first=1)
    state = team1_declares_its_four(state, seat=5)
    # Seat 0 declares low-hearts wrongly (2H-4H are with seat 1): team 1 wins it, holds nothing.
    state, entries = declare(state, 0, "low-hearts", {c: 0 for c in hs("low-hearts")})
    assert entries[0]["team"] == 1 and state["score"] == [0, 5]
    assert not any(state["hands"][seat] for seat in (1, 3, 5))
    # Seat 2 declares next, but nobody can ask any more.
    assert RULES.turn(state) == 2 and entries[0]["next"] is None
    result = RULES.result(state)
    assert result["winner"] == 1 and result["decided_at"] == 4 and result["over"] is False
    for name in TEAM0_WHOLE:
        state, _ = declare(state, 4, name)
    assert RULES.result(state) == {
        "halfsuits": dict.fromkeys(TEAM1_WHOLE, 1)
        | {"low-hearts": 1}
        | dict.fromkeys(TEAM0_WHOLE, 0),
        "score": [4, 5],
        "over": True,
        "winner": 1,
        "decided_at": 4,
    }


def test_no_seat_is_next_to_ask_once_a_team_is_out_or_the_game_is_over():
    state = start(SPLIT, first=1)
    state = team1_declares_its_four(state)
    state = ask(state, 1, 0, "2H")  # a bluff: miss, seat 0's turn
    state = ask(state, 0, 1, "2H")
    assert state["log"][-1]["next"] == 0
    state = ask(state, 0, 1, "3H")
    state = ask(state, 0, 1, "4H")  # team 1 is out of cards: only declarations remain
    assert RULES.turn(state) == 0 and state["log"][-1]["next"] is None
    for name in [*TEAM0_WHOLE, "low-hearts"]:
        state, entries = declare(state, 0, name)
        assert entries[0]["next"] is None
    assert RULES.is_over(state) and state["log"][-1]["next"] is None
    assert [entry["next"] for entry in state["log"][-6:]] == [None] * 6


def test_five_decides_the_winner_but_play_goes_on_to_all_nine():
    state = start(SPLIT, first=0)
    state = ask(state, 0, 1, "5H")  # a miss first, so move indices and declarations differ
    for index, name in enumerate(TEAM0_WHOLE):
        state, _ = declare(state, 2 * (index % 3), name)
    assert state["score"] == [4, 0] and RULES.result(state)["winner"] is None
    state, _ = declare(state, 3, "low-clubs")
    state, _ = declare(state, 2, "low-hearts", {c: 0 for c in hs("low-hearts")})  # wrong
    assert state["score"] == [4, 2] and RULES.result(state)["winner"] is None
    state, _ = declare(state, 3, "high-clubs")
    state, _ = declare(state, 3, "low-diamonds")
    assert state["score"] == [4, 4] and not RULES.is_over(state)
    state, _ = declare(state, 1, "high-diamonds")
    result = RULES.result(state)
    assert result == {
        "halfsuits": result["halfsuits"],
        "score": [4, 5],
        "over": True,
        "winner": 1,
        "decided_at": 9,
    }
    assert len(result["halfsuits"]) == 9
    assert all(hand == [] for hand in state["hands"])
    assert RULES.turn(state) is None
    assert list(RULES.legal_actions(state, 0)) == []
    assert RULES.action_space(state, 1) == {}
    refused(state, 1, {"type": "ask", "target": 0, "card": "2S"}, "game-over")
    refused(state, 1, {"type": "declare", "halfsuit": "eights", "cards": {}}, "game-over")


# --- house rules ----------------------------------------------------------------------------


def test_options_have_labels_and_wording_for_every_choice():
    assert set(Fish.options) == {"bluff", "declare", "end", "hand_sizes", "log"}
    for option in Fish.options.values():
        assert option.label and len(option.wording) == len(option.choices)
        assert option.default in option.choices
    state = start(BASIC, end="five", log="all")
    lines = {line["name"]: line for line in summary(Fish.options, state["options"])}
    assert lines["end"]["default"] is False and "five" in lines["end"]["text"]
    assert lines["bluff"]["default"] is True


def test_no_bluff_refuses_asking_for_your_own_card():
    state = start(BASIC, bluff=False)
    error = refused(state, 0, {"type": "ask", "target": 1, "card": "2S"}, "card-held")
    assert "2S" in error.message
    cards = RULES.action_space(state, 0)["ask"]["cards"]
    assert "2S" not in cards and "3S" not in cards and "4S" in cards
    state = ask(state, 0, 1, "4S")
    assert where(state, "4S") == [0]
    refused(state, 0, {"type": "ask", "target": 3, "card": "4S"}, "card-held")


def test_no_bluff_with_only_whole_halfsuits_left_still_lets_the_seat_declare():
    state = start({0: hs("low-spades") + ["8S", "8H", "8D"]}, bluff=False)
    state, _ = declare(state, 1, "eights", {c: 1 for c in hs("eights")})
    assert state["hands"][0] == hs("low-spades")
    assert set(RULES.action_space(state, 0)) == {"declare"}
    state, entries = declare(state, 0, "low-spades")
    assert entries[0]["correct"] is True and sum(state["score"]) == 2


def test_declaring_on_your_own_turn_only():
    state = start(BASIC, declare="own-turn")
    claim = {"type": "declare", "halfsuit": "high-spades", "cards": HIGH_SPADES_TRUE}
    refused(state, 4, claim, "declare-not-now")
    refused(state, 1, {**claim, "cards": {c: 1 for c in HIGH_SPADES_TRUE}}, "declare-not-now")
    assert RULES.action_space(state, 4) == {}
    assert "declare" in RULES.action_space(state, 0)
    state, entries = act(state, 0, claim)
    assert entries[0]["correct"] is True


def test_declaring_on_your_teams_turn_only():
    state = start(BASIC, declare="team-turn")
    claim = {"type": "declare", "halfsuit": "high-spades", "cards": HIGH_SPADES_TRUE}
    refused(state, 1, {**claim, "cards": {c: 1 for c in HIGH_SPADES_TRUE}}, "declare-not-now")
    assert RULES.action_space(state, 3) == {}
    assert set(RULES.action_space(state, 4)) == {"declare"}
    state, entries = act(state, 4, claim)
    assert entries[0]["correct"] is True and RULES.turn(state) == 0
    state = ask(state, 0, 3, "5S")
    refused(state, 2, {**claim, "halfsuit": "eights", "cards": {}}, "declare-not-now")
    assert "declare" in RULES.action_space(state, 5)


def test_ending_at_five():
    state = start(SPLIT, first=1, end="five")
    state = team1_declares_its_four(state)
    state, entries = declare(state, 0, "low-hearts", {c: 0 for c in hs("low-hearts")})
    assert entries[0]["next"] is None
    assert RULES.is_over(state) and RULES.turn(state) is None
    assert RULES.result(state) == {
        "halfsuits": dict.fromkeys(TEAM1_WHOLE, 1) | {"low-hearts": 1},
        "score": [0, 5],
        "over": True,
        "winner": 1,
        "decided_at": 4,
    }
    refused(state, 2, {"type": "declare", "halfsuit": "eights", "cards": {}}, "game-over")
    assert all(RULES.action_space(state, seat) == {} for seat in range(6))
    # The undeclared cards stay where they were.
    assert sum(len(hand) for hand in state["hands"]) == 24


def test_hidden_hand_sizes_show_only_who_has_cards():
    state = start(BASIC, hand_sizes=False)
    state = ask(state, 0, 1, "4S")
    view = RULES.view(state, 1)
    assert view["hand_counts"] == [None, 8, None, None, None, None]
    assert view["has_cards"] == [True] * 6
    assert RULES.view(state, 0)["hand_counts"][0] == 10
    assert RULES.view(state, None)["hand_counts"] == [None] * 6
    assert start(BASIC)["options"]["hand_sizes"] is True
    assert RULES.view(ask(start(BASIC), 0, 1, "4S"), 1)["hand_counts"] == [10, 8, 9, 9, 9, 9]


@pytest.mark.parametrize("log", ["last-two", "all"])
def test_past_moves(log):
    state = start(BASIC, log=log)
    entries = []
    for seat, target, card in [(0, 1, "4S"), (0, 3, "5S"), (3, 0, "2H")]:
        state, new = act(state, seat, {"type": "ask", "target": target, "card": card})
        entries += new
    view = RULES.view(state, 5)
    assert view["last_moves"] == entries[-2:]
    if log == "all":
        assert view["log"] == entries
    else:
        assert "log" not in view


# --- views and records --------------------------------------------------------------------


def cards_in(value: Any) -> set[str]:
    """Every card named anywhere in a JSON value (keys included)."""
    found: set[str] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            found |= cards_in(key) | cards_in(item)
    elif isinstance(value, list):
        for item in value:
            found |= cards_in(item)
    elif isinstance(value, str) and CARD_TOKEN.fullmatch(value):
        found.add(value)
    return found


def test_a_view_shows_the_own_hand_and_nothing_hidden():
    state = start(BASIC)
    view = RULES.view(state, 3)
    assert sorted(view["hand"]) == sorted(BASIC[3])
    # Shown halfsuit by halfsuit, whatever the order of the deal.
    order = [list(HALFSUITS).index(halfsuit_of(card)) for card in view["hand"]]
    assert order == sorted(order)
    assert view["viewer"] == 3 and view["team"] == 1 and view["turn"] == 0
    assert view["hand_counts"] == [9] * 6 and view["score"] == [0, 0]
    assert view["result"] == RULES.result(state)
    assert view["actions"] == RULES.action_space(state, 3)
    # Seat 3 sees only cards it holds or could ask for: none of another's hand.
    others = {card for seat in range(6) if seat != 3 for card in state["hands"][seat]}
    askable = set(view["actions"].get("ask", {}).get("cards", []))
    assert not (cards_in(view) - askable) & others
    spectator = RULES.view(state, None)
    assert spectator["hand"] is None and spectator["actions"] == {}
    assert cards_in(spectator) == set()


def test_record_round_trip():
    setup = make_setup(BASIC, first=0, end="five", bluff=True)
    moves = [
        (0, {"type": "ask", "target": 1, "card": "4s"}),
        (4, {"type": "declare", "halfsuit": "high-spades", "cards": HIGH_SPADES_TRUE}),
    ]
    record = RULES.to_record(setup, moves)
    assert record["options"] == {"end": "five"}
    assert record["moves"] == [
        {"type": "ask", "seat": 0, "target": 1, "card": "4S"},
        {"type": "declare", "seat": 4, "halfsuit": "high-spades", "cards": HIGH_SPADES_TRUE},
    ]
    assert json.loads(json.dumps(record)) == record
    setup_back, moves_back = RULES.from_record(record)
    assert RULES.start(setup_back) == RULES.start(setup)
    assert moves_back[0] == (0, {"type": "ask", "target": 1, "card": "4S"})
    assert "options" not in RULES.to_record(make_setup(BASIC, bluff=True), [])


@pytest.mark.parametrize(
    "change",
    [
        lambda r: r.pop("moves"),
        lambda r: r.update(moves={}),
        lambda r: r["moves"].append({"type": "ask", "seat": 0, "target": 1}),
        lambda r: r["moves"].append({"type": "ask", "seat": 0, "target": 1, "card": "2S", "x": 1}),
        lambda r: r["moves"].append({"type": "ask", "seat": True, "target": 1, "card": "2S"}),
        lambda r: r["moves"].append({"type": "pass", "seat": 0}),
        lambda r: r["moves"].append("ask"),
        lambda r: r.update(version=2),
        lambda r: r["hands"][0].append("XR"),
        lambda r: r.update(game="fishy"),
    ],
)
def test_from_record_rejects_bad_records(change):
    record = RULES.to_record(make_setup(BASIC), [(0, {"type": "ask", "target": 1, "card": "4S"})])
    change(record)
    with pytest.raises(BadRecord):
        RULES.from_record(record)


def test_legal_asks_are_exactly_the_accepted_asks():
    for options in ({}, {"bluff": False}):
        state = ask(start(BASIC, **options), 0, 3, "5S")  # seat 3 to ask
        listed = {
            (a["target"], a["card"]) for a in RULES.legal_actions(state, 3) if a["type"] == "ask"
        }
        accepted = set()
        for target in range(6):
            for card in fish_deck():
                try:
                    RULES.apply(state, 3, {"type": "ask", "target": target, "card": card})
                except IllegalAction:
                    continue
                accepted.add((target, card))
        assert listed == accepted and listed


# --- random play --------------------------------------------------------------------------

OPTION_SETS = st.fixed_dictionaries(
    {name: st.sampled_from(option.choices) for name, option in Fish.options.items()}
)


def check_cards(state: dict[str, Any]) -> None:
    """Every card is in exactly one place: a hand, or out of the game with its halfsuit."""
    held = [card for hand in state["hands"] for card in hand]
    gone = [card for name in state["declared"] for card in HALFSUITS[name]]
    assert sorted(held + gone) == sorted(fish_deck())
    if not state["over"]:
        assert not set(held) & set(gone)


def hide_others(state: dict[str, Any], viewer: int | None, rng: random.Random) -> dict:
    """The same state with the cards the viewer cannot see dealt differently among the others."""
    others = [seat for seat in range(6) if seat != viewer]
    pool = [card for seat in others for card in state["hands"][seat]]
    rng.shuffle(pool)
    sizes = [len(state["hands"][seat]) for seat in others]
    if not state["options"]["hand_sizes"] and sum(1 for n in sizes if n) > 1:
        # Only who has cards is public: move cards between the non-empty hands.
        full = [i for i, n in enumerate(sizes) if n]
        giver, taker = rng.sample(full, 2)
        if sizes[giver] > 1:
            sizes[giver] -= 1
            sizes[taker] += 1
    new = copy.deepcopy(state)
    for seat, size in zip(others, sizes, strict=True):
        new["hands"][seat], pool = pool[:size], pool[size:]
    return new


def illegal_moves(state: dict[str, Any]) -> list[tuple[int, Any]]:
    """Moves that must be refused in ``state``, whatever it is."""
    turn = RULES.turn(state)
    moves: list[tuple[int, Any]] = [
        (6, {"type": "ask", "target": 1, "card": "2S"}),
        (0, {"type": "steal"}),
        (0, {"type": "declare", "halfsuit": "eights", "cards": {"8S": 0}}),
        (
            1,
            {
                "type": "declare",
                "halfsuit": "low-spades",
                "cards": dict.fromkeys(hs("low-spades"), 0),
            },
        ),
    ]
    for name in state["declared"]:
        claim = dict.fromkeys(HALFSUITS[name], 2)
        moves.append((2, {"type": "declare", "halfsuit": name, "cards": claim}))
    if turn is None:
        moves.append((0, {"type": "ask", "target": 1, "card": "2S"}))
        return moves
    moves.append(((turn + 1) % 6, {"type": "ask", "target": turn, "card": "2S"}))
    moves.append((turn, {"type": "ask", "target": (turn + 2) % 6, "card": "2S"}))
    moves.append((turn, {"type": "ask", "target": (turn + 1) % 6, "card": "2Z"}))
    held = {halfsuit_of(card) for card in state["hands"][turn]}
    for name in HALFSUITS:
        if name not in held:
            moves.append(
                (turn, {"type": "ask", "target": (turn + 3) % 6, "card": HALFSUITS[name][0]})
            )
    if not state["options"]["bluff"]:
        for card in state["hands"][turn]:
            moves.append((turn, {"type": "ask", "target": (turn + 1) % 6, "card": card}))
    return moves


def random_move(state: dict[str, Any], rng: random.Random, steps: int) -> tuple[int, dict]:
    """A random legal move: mostly asks, sometimes a declaration (always, late in the game)."""
    turn = RULES.turn(state)
    space = RULES.action_space(state, turn)
    declare_chance = 0.12 if steps < 150 else 1.0
    if "ask" in space and rng.random() >= declare_chance:
        card = rng.choice(space["ask"]["cards"])
        return turn, {
            "type": "ask",
            "target": rng.choice(space["ask"]["targets"]),
            "card": card.lower() if rng.random() < 0.05 else card,
        }
    declarers = [seat for seat in range(6) if "declare" in RULES.action_space(state, seat)]
    assert turn in declarers  # the seat whose turn it is can always act
    seat = rng.choice(declarers)
    name = rng.choice(RULES.action_space(state, seat)["declare"]["halfsuits"])
    team = RULES.action_space(state, seat)["declare"]["teammates"]
    if rng.random() < 0.5 and all(team_of(s) == team_of(seat) for s in truth(state, name).values()):
        claim = truth(state, name)
    else:
        claim = {card: rng.choice(team) for card in HALFSUITS[name]}
    return seat, {"type": "declare", "halfsuit": name, "cards": claim}


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), options=OPTION_SETS)
def test_random_games_keep_every_invariant(seed, options):
    rng = random.Random(seed)
    setup = RULES.random_setup(6, rng, options)
    state = RULES.start(setup)
    moves: list[tuple[int, dict]] = []
    entries: list[dict] = []
    steps = 0
    while not RULES.is_over(state):
        check_cards(state)
        assert json.loads(json.dumps(state)) == state
        turn = RULES.turn(state)
        # The seat to act always holds cards (an empty seat passes its turn on).
        assert state["hands"][turn]
        for seat in range(6):
            space = RULES.action_space(state, seat)
            if "ask" in space:
                assert seat == turn
                assert all(
                    state["hands"][t] and team_of(t) != team_of(seat)
                    for t in space["ask"]["targets"]
                )
        # Views: what a viewer sees does not change when the hidden cards are dealt otherwise.
        viewer = rng.choice([*range(6), None])
        view = RULES.view(state, viewer)
        assert view == RULES.view(hide_others(state, viewer, rng), viewer)
        assert json.loads(json.dumps(view)) == view
        for entry in view["last_moves"] + view.get("log", []):
            assert set(entry) == ENTRY_KEYS[entry["type"]]
        # Illegal moves change nothing.
        for seat, action in rng.sample(illegal_moves(state), 3):
            before = copy.deepcopy(state)
            with pytest.raises(IllegalAction):
                RULES.apply(state, seat, action)
            assert state == before
        seat, action = random_move(state, rng, steps)
        state, new_entries = act(state, seat, action)
        # ``next`` is the seat that may ask, so none once asks are over.
        asks_over = RULES.is_over(state) or not all(
            any(state["hands"][s] for s in range(team, 6, 2)) for team in (0, 1)
        )
        assert new_entries[0]["next"] == (None if asks_over else RULES.turn(state))
        moves.append((seat, action))
        entries += new_entries
        steps += 1
        assert steps < 2000
    check_cards(state)
    result = RULES.result(state)
    if state["options"]["end"] == "five":
        assert max(result["score"]) == 5
    else:
        assert sum(result["score"]) == 9 and len(result["halfsuits"]) == 9
    assert result["winner"] == result["score"].index(max(result["score"]))
    assert entries[result["decided_at"]]["type"] == "declare"
    assert state["log"] == entries and entries[-1]["next"] is None
    # The record replays to the same state.
    record = json.loads(json.dumps(RULES.to_record(setup, moves)))
    setup_back, moves_back = RULES.from_record(record)
    replayed = RULES.start(setup_back)
    for seat, action in moves_back:
        replayed, _ = RULES.apply(replayed, seat, action)
    assert replayed == state
