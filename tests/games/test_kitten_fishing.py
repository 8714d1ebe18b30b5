"""Kitten Fishing: the seed's worked examples, the house rules, and properties of random deals."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.cards import rank_of, standard_deck
from games.errors import BadRecord, IllegalAction
from games.kitten_fishing import KittenFishing
from games.options import summary

RULES = KittenFishing()
FLIP = {"type": "flip"}
FINISH = {"type": "finish"}
DECK = standard_deck()


# --- helpers -------------------------------------------------------------------


def fill(prefix: list[str]) -> list[str]:
    """``prefix`` followed by every other card of the deck, in deck order."""
    assert len(set(prefix)) == len(prefix)
    return prefix + [card for card in DECK if card not in prefix]


def deal(order: list[str], first: int = 0, **extra) -> dict:
    """A setup in which the first 52 flips (while nobody flips a captured card) follow ``order``.

    Turns alternate, so the seat that flips first gets the even positions.
    """
    order = fill(order)
    piles = [[], []]
    piles[first] = order[0::2]
    piles[1 - first] = order[1::2]
    return {"game": "kitten-fishing", "piles": piles, "first": first, **extra}


def piles_setup(top0: list[str], top1: list[str], first: int = 0, **extra) -> dict:
    """A setup whose piles start with ``top0`` and ``top1``; the rest dealt alternately."""
    rest = [card for card in DECK if card not in top0 + top1]
    p0 = top0 + rest[: 26 - len(top0)]
    p1 = top1 + rest[26 - len(top0) :]
    return {"game": "kitten-fishing", "piles": [p0, p1], "first": first, **extra}


def flip(state: dict, times: int = 1) -> tuple[dict, list[dict]]:
    """Flip ``times`` times by whoever's turn it is; the new state and every entry."""
    entries = []
    for _ in range(times):
        state, new = RULES.apply(state, RULES.turn(state), FLIP)
        assert len(new) == 1
        entries += new
    return state, entries


def flip_to_end(state: dict) -> tuple[dict, list[dict]]:
    entries = []
    while not RULES.is_over(state):
        state, new = flip(state)
        entries += new
    return state, entries


def pairs_order() -> list[str]:
    """Every rank in turn: seat 0 flips a card, seat 1 fishes it with the same rank."""
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    return [rank + suit for rank in ranks for suit in "SHDC"]


def reference_flip(table: list[str], card: str, jack_sweep: bool) -> tuple[list[str], list[str]]:
    """The seed's three checks, written plainly: (table after, cards taken)."""
    if jack_sweep and rank_of(card) == "J" and table:
        return [], table + [card]
    for index, on_table in enumerate(table):
        if rank_of(on_table) == rank_of(card):
            return table[:index], table[index:] + [card]
    return table + [card], []


def all_cards(state: dict) -> list[str]:
    return state["piles"][0] + state["piles"][1] + state["table"]


def cards_in(value) -> set[str]:
    """Every card string anywhere inside a JSON value."""
    if isinstance(value, str):
        return {value} if value in DECK else set()
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list):
        return set().union(*(cards_in(item) for item in value)) if value else set()
    return set()


def illegal(state: dict, seat, action) -> str:
    """The code of the IllegalAction raised, checking the state did not change."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as error:
        RULES.apply(state, seat, action)
    assert state == before
    return error.value.code


# --- the seed's worked examples -----------------------------------------------------


def test_fishing_takes_the_match_and_everything_after_it():
    state = RULES.start(deal(["5S", "9H", "KD", "3C", "9C"]))
    state, entries = flip(state, 4)
    assert state["table"] == ["5S", "9H", "KD", "3C"]
    assert all(entry["took"] == [] for entry in entries)
    state, (entry,) = flip(state)
    assert entry["seat"] == 0 and entry["card"] == "9C"
    assert entry["took"] == ["9H", "KD", "3C", "9C"]
    assert entry["matched"] == "9H" and entry["jack_sweep"] is False
    assert state["table"] == ["5S"]
    # Seat 0 flipped 3 cards and took 4; seat 1 flipped 2.
    assert RULES.view(state, 0)["piles"] == [27, 24]
    assert entry["piles"] == [27, 24]


def test_jack_sweeps_the_whole_table():
    state = RULES.start(deal(["5S", "9H", "JD"]))
    state, entries = flip(state, 3)
    assert entries[-1]["took"] == ["5S", "9H", "JD"]
    assert entries[-1]["jack_sweep"] is True
    assert entries[-1]["matched"] is None
    assert state["table"] == []
    assert RULES.result(state)["piles"] == [27, 25]


def test_lone_jack_stays_and_the_next_jack_sweeps_it_too():
    state = RULES.start(deal(["JS", "5S", "9H", "JD"]))
    state, entries = flip(state)
    assert entries[0]["took"] == [] and state["table"] == ["JS"]
    state, entries = flip(state, 3)
    assert entries[-1]["seat"] == 1
    assert entries[-1]["took"] == ["JS", "5S", "9H", "JD"]
    assert entries[-1]["jack_sweep"] is True
    assert state["table"] == []


def test_captured_cards_go_under_the_pile_in_table_order():
    state = RULES.start(deal(["5S", "9H", "KD", "3C", "9C"]))
    state, _ = flip(state, 5)
    assert state["piles"][0][-4:] == ["9H", "KD", "3C", "9C"]
    # They come up again only after seat 0 has played its 23 other cards, in that order.
    state, entries = flip(state, 2 * 23 + 1 + 2 * 4)
    own = [entry["card"] for entry in entries if entry["seat"] == 0]
    assert own[23:27] == ["9H", "KD", "3C", "9C"]


def test_a_capture_gives_no_extra_turn():
    state = RULES.start(deal(["AS", "2S", "AH", "3S"]))
    state, entries = flip(state, 3)
    assert entries[-1]["took"] == ["AS", "2S", "AH"]
    assert RULES.turn(state) == 1
    assert illegal(state, 0, FLIP) == "not-your-turn"
    state, (entry,) = flip(state)
    assert entry["seat"] == 1 and entry["card"] == "3S"


def test_last_card_without_a_catch_loses():
    state, entries = flip_to_end(RULES.start(deal(pairs_order())))
    # Seat 1 fishes every card seat 0 flips; seat 0's 26th card (flip 51) catches nothing.
    assert all(entry["took"] == [] for entry in entries if entry["seat"] == 0)
    assert entries[-1] == {
        "flip": 51,
        "seat": 0,
        "card": "KD",
        "took": [],
        "jack_sweep": False,
        "matched": None,
        "piles": [0, 51],
    }
    assert RULES.result(state) == {
        "winner": 1,
        "reason": "empty-pile",
        "flips": 51,
        "piles": [0, 51],
    }
    assert state["table"] == ["KD"]
    assert RULES.is_over(state) and RULES.turn(state) is None


def test_the_seat_that_flips_first_can_be_kitty():
    state = RULES.start(deal(pairs_order(), first=1))
    assert RULES.turn(state) == 1 and RULES.view(state, 0)["first"] == 1
    assert illegal(state, 0, FLIP) == "not-your-turn"
    state, _ = flip_to_end(state)
    assert RULES.result(state)["winner"] == 0
    assert RULES.result(state)["piles"] == [51, 0]


def test_last_card_that_catches_goes_on():
    pairs = [card for card in pairs_order() if rank_of(card) not in ("Q", "K")]
    order = pairs + ["QS", "QH", "KD", "KC", "KS", "QC", "QD", "KH"]
    state = RULES.start(deal(order))
    state, entries = flip(state, 51)
    last = entries[-1]
    assert last["seat"] == 0 and last["card"] == "QD"
    assert last["took"] == ["QC", "QD"]
    assert state["piles"][0] == ["QC", "QD"]
    assert not RULES.is_over(state)
    assert RULES.result(state)["winner"] is None and RULES.result(state)["reason"] is None
    assert RULES.turn(state) == 1
    state, (entry,) = flip(state)
    assert entry["took"] == ["KS", "KH"]
    state, (entry,) = flip(state)
    assert entry["seat"] == 0 and entry["card"] == "QC"


def test_flip_limit_larger_pile_wins_table_not_counted():
    state = RULES.start(deal(["AS", "2S", "AH", "3S"], flip_limit=4))
    state, entries = flip(state, 4)
    assert state["table"] == ["3S"]
    assert RULES.result(state) == {
        "winner": 0,
        "reason": "flip-limit",
        "flips": 4,
        "piles": [27, 24],
    }
    assert RULES.is_over(state)
    assert illegal(state, 0, FLIP) == "game-over"
    assert illegal(state, 1, FINISH) == "game-over"


def test_flip_limit_equal_piles_draw():
    # Both seats capture one pair: 26 cards each, nothing on the table.
    state = RULES.start(deal(["AS", "2S", "2H", "AH"], flip_limit=4))
    state, _ = flip(state, 4)
    assert RULES.result(state) == {
        "winner": None,
        "reason": "flip-limit",
        "flips": 4,
        "piles": [26, 26],
    }
    assert RULES.view(state, None)["over"] is True


def test_flip_limit_draw_with_cards_on_the_table():
    state = RULES.start(deal(["AS", "2S", "3S", "4S", "5S"], flip_limit=4))
    state, _ = flip(state, 4)
    result = RULES.result(state)
    assert result["winner"] is None and result["reason"] == "flip-limit"
    assert result["piles"] == [24, 24] and len(state["table"]) == 4


def test_running_dry_on_the_limit_flip_is_an_empty_pile_loss():
    state = RULES.start(deal(pairs_order(), flip_limit=51))
    state, _ = flip_to_end(state)
    assert RULES.result(state)["reason"] == "empty-pile"
    assert RULES.result(state)["winner"] == 1


def test_default_flip_limit_is_5000():
    setup = deal(["AS"])
    assert RULES.start(setup)["flip_limit"] == 5000
    assert RULES.from_record(setup)[0]["flip_limit"] == 5000


# --- house rules ------------------------------------------------------------------


def test_defaults_are_the_seeds_rules():
    assert {name: option.default for name, option in RULES.options.items()} == {
        "jack_sweep": True,
        "capture_again": False,
    }
    plain = RULES.start(deal(["5S", "9H", "JD"]))
    explicit = RULES.start(
        deal(["5S", "9H", "JD"], options={"jack_sweep": True, "capture_again": False})
    )
    assert plain == explicit
    assert "options" not in RULES.to_record(explicit["setup"], [])
    lines = summary(RULES.options, plain["options"])
    assert [line["name"] for line in lines] == ["jack_sweep", "capture_again"]
    assert all(line["default"] and line["label"] and line["text"] for line in lines)


def test_without_jack_sweep_a_jack_only_fishes_jacks():
    order = ["5S", "9H", "JD", "4C", "JS"]
    off = RULES.start(deal(order, options={"jack_sweep": False}))
    state, entries = flip(off, 3)
    assert entries[-1]["took"] == [] and state["table"] == ["5S", "9H", "JD"]
    state, entries = flip(state, 2)
    assert entries[-1]["took"] == ["JD", "4C", "JS"]
    assert entries[-1]["matched"] == "JD" and entries[-1]["jack_sweep"] is False
    assert state["table"] == ["5S", "9H"]
    # The seed's rules sweep at the first Jack.
    state, entries = flip(RULES.start(deal(order)), 3)
    assert entries[-1]["took"] == ["5S", "9H", "JD"] and entries[-1]["jack_sweep"] is True


def test_without_jack_sweep_options_are_recorded():
    setup = deal(["AS"], options={"jack_sweep": False})
    record = RULES.to_record(setup, [])
    assert record["options"] == {"jack_sweep": False}
    state = RULES.start(setup)
    assert RULES.view(state, 1)["options"] == {"jack_sweep": False, "capture_again": False}


def test_capture_again_lets_the_capturer_flip_on():
    top0, top1 = ["AS", "AH", "2H", "3S", "4S"], ["2S", "5S"]
    again = RULES.start(piles_setup(top0, top1, options={"capture_again": True}))
    state, entries = flip(again, 3)
    assert entries[-1]["took"] == ["AS", "2S", "AH"]
    assert RULES.turn(state) == 0
    assert illegal(state, 1, FLIP) == "not-your-turn"
    # 2H is flipped onto an empty table: no capture, so the turn passes.
    state, (entry,) = flip(state)
    assert entry["seat"] == 0 and entry["card"] == "2H" and entry["took"] == []
    assert RULES.turn(state) == 1
    # The same deal under the seed's rules: seat 1 flips after the capture.
    state, entries = flip(RULES.start(piles_setup(top0, top1)), 4)
    assert [entry["seat"] for entry in entries] == [0, 1, 0, 1]
    assert entries[-1]["card"] == "5S"


def test_capture_again_chains_captures():
    top0, top1 = ["AS", "3S", "3D", "2D", "AD", "5S"], ["2H", "4H", "6H"]
    state = RULES.start(piles_setup(top0, top1, options={"capture_again": True}))
    state, entries = flip(state, 4)
    assert state["table"] == ["AS", "2H", "3S", "4H"]
    # Three captures in a row by seat 0, then 5S lands on the empty table and the turn passes.
    state, entries = flip(state, 5)
    assert [entry["seat"] for entry in entries] == [0, 0, 0, 0, 1]
    assert [entry["took"] for entry in entries[:3]] == [
        ["3S", "4H", "3D"],
        ["2H", "2D"],
        ["AS", "AD"],
    ]
    assert entries[3]["card"] == "5S" and entries[3]["took"] == []
    assert state["table"] == ["5S", "6H"]
    assert RULES.result(state)["piles"] == [26 - 6 + 7, 26 - 3]


def test_bad_options_are_refused():
    with pytest.raises(BadRecord):
        RULES.start(deal(["AS"], options={"jack_sweep": 1}))
    with pytest.raises(BadRecord):
        RULES.start(deal(["AS"], options={"extra_turns": True}))


# --- actions, views, records --------------------------------------------------------


def test_finish_by_either_seat_matches_flipping_by_hand():
    start = RULES.start(deal(pairs_order()))
    by_hand, hand_entries = flip_to_end(start)
    for seat in (0, 1):
        finished, entries = RULES.apply(start, seat, FINISH)
        assert finished == by_hand
        assert entries == hand_entries


def test_malformed_actions_are_refused():
    state = RULES.start(deal(["AS"]))
    for action in (None, "flip", [], {}, {"type": "pass"}, {"type": 1}, {"type": "flip", "x": 1}):
        assert illegal(state, 0, action) == "bad-action"
    for seat in (2, -1, None, True, "0"):
        assert illegal(state, seat, FLIP) == "bad-seat"
    assert illegal(state, 1, FLIP) == "not-your-turn"


def test_action_space_and_legal_actions():
    state = RULES.start(deal(["AS"]))
    assert RULES.action_space(state, 0) == {"flip": True, "finish": True}
    assert RULES.action_space(state, 1) == {"finish": True}
    assert list(RULES.legal_actions(state, 0)) == [FLIP, FINISH]
    assert list(RULES.legal_actions(state, 1)) == [FINISH]
    assert RULES.view(state, None)["actions"] == {}
    done, _ = RULES.apply(state, 1, FINISH)
    assert RULES.action_space(done, 0) == {} and list(RULES.legal_actions(done, 1)) == []


def test_view_shows_counts_not_piles():
    state = RULES.start(deal(["5S", "9H", "KD", "3C", "9C"]))
    state, _ = flip(state, 5)
    view = RULES.view(state, 0)
    assert view["piles"] == [27, 24]
    assert view["table"] == ["5S"]
    assert view["turn"] == 1 and view["flips"] == 5 and view["over"] is False
    assert view["flip_limit"] == 5000 and view["first"] == 0
    assert view["last"]["took"] == ["9H", "KD", "3C", "9C"]
    assert view["result"] == {"winner": None, "reason": None, "flips": 5, "piles": [27, 24]}
    # Seat 1's next card is 5S's neighbour in the deal; it shows nowhere.
    assert state["piles"][1][0] not in cards_in(view)


@pytest.mark.parametrize(
    "record",
    [
        "not a record",
        {"game": "go-fish", "piles": [[], []], "first": 0},
        {"piles": deal([])["piles"], "first": 0},
        {**deal([]), "moves": []},
        {**deal([]), "first": 2},
        {**deal([]), "first": True},
        {**deal([]), "flip_limit": 0},
        {**deal([]), "flip_limit": True},
        {**deal([]), "flip_limit": "5000"},
        {**deal([]), "piles": [DECK[:25], DECK[25:]]},
        {**deal([]), "piles": [DECK[:26], DECK[:26]]},
        {**deal([]), "piles": [DECK[:26], DECK[26:51] + ["XR"]]},
        {**deal([]), "piles": [DECK[:26], DECK[26:51] + ["ZZ"]]},
        {**deal([]), "piles": [DECK[:26], DECK[26:], []]},
        {**deal([]), "options": {"capture_again": "yes"}},
    ],
)
def test_bad_records_are_refused(record):
    with pytest.raises(BadRecord):
        RULES.from_record(record)
    with pytest.raises(BadRecord):
        RULES.start(record)


def test_records_canonicalise_cards_and_have_no_moves():
    setup = deal(["AS"])
    lower = {**setup, "piles": [[card.lower() for card in pile] for pile in setup["piles"]]}
    parsed, moves = RULES.from_record(lower)
    assert moves == [(None, {"type": "finish"})]  # replaying flips to the end
    assert parsed == {**setup, "flip_limit": 5000}
    assert RULES.to_record(parsed, [(0, FLIP), (1, FLIP)]) == parsed


def test_random_setup_deals_26_each():
    setup = RULES.random_setup(2, random.Random(7), {"capture_again": True}, first=1)
    assert sorted(setup["piles"][0] + setup["piles"][1]) == sorted(DECK)
    assert [len(pile) for pile in setup["piles"]] == [26, 26]
    assert setup["first"] == 1 and setup["options"] == {"capture_again": True}
    assert "options" not in RULES.random_setup(2, random.Random(7), {"jack_sweep": True})
    with pytest.raises(BadRecord):
        RULES.random_setup(3, random.Random(7))


# --- properties of random deals -------------------------------------------------------

options_strategy = st.fixed_dictionaries(
    {"jack_sweep": st.booleans(), "capture_again": st.booleans()}
)


@st.composite
def setups(draw, max_limit: int = 5000) -> dict:
    rng = random.Random(draw(st.integers(0, 2**32)))
    options = draw(options_strategy)
    first = draw(st.sampled_from([0, 1]))
    limit = draw(st.one_of(st.integers(1, 60), st.integers(300, max_limit)))
    return RULES.random_setup(2, rng, options, first=first, flip_limit=limit)


@settings(max_examples=60, deadline=None)
@given(setups(max_limit=1500))
def test_every_flip_follows_the_rules_and_keeps_every_card(setup):
    state = RULES.start(setup)
    options = state["options"]
    while not RULES.is_over(state):
        seat = RULES.turn(state)
        before = state
        table, took = reference_flip(
            before["table"], before["piles"][seat][0], options["jack_sweep"]
        )
        state, (entry,) = RULES.apply(before, seat, FLIP)
        # The engine agrees with the seed's rules written plainly.
        assert entry["seat"] == seat and entry["card"] == before["piles"][seat][0]
        assert entry["took"] == took and state["table"] == table
        assert state["piles"][seat] == before["piles"][seat][1:] + took
        assert state["piles"][1 - seat] == before["piles"][1 - seat]
        # Every card is in exactly one place.
        assert sorted(all_cards(state)) == sorted(DECK)
        # The table never holds two cards of one rank (with or without the Jack sweep).
        ranks = [rank_of(card) for card in state["table"]]
        assert len(ranks) == len(set(ranks)) <= 13
        assert entry["piles"] == [len(pile) for pile in state["piles"]]
        assert state["flips"] == before["flips"] + 1 == entry["flip"]
        if not RULES.is_over(state):
            again = options["capture_again"] and took
            assert RULES.turn(state) == (seat if again else 1 - seat)
        assert json.loads(json.dumps(state)) == state
    result = RULES.result(state)
    assert result["piles"] == [len(pile) for pile in state["piles"]]
    if result["reason"] == "empty-pile":
        assert state["piles"][1 - result["winner"]] == []
        assert state["flips"] <= setup["flip_limit"]
    else:
        assert result["reason"] == "flip-limit" and state["flips"] == setup["flip_limit"]
        n0, n1 = result["piles"]
        assert result["winner"] == (0 if n0 > n1 else 1 if n1 > n0 else None)
    assert json.loads(json.dumps(state)) == state


@settings(max_examples=60, deadline=None)
@given(setups(), st.integers(0, 400), st.sampled_from([0, 1]))
def test_finish_equals_flipping_one_by_one(setup, prefix, seat):
    state = RULES.start(setup)
    head = []
    for _ in range(prefix):
        if RULES.is_over(state):
            break
        state, new = flip(state)
        head += new
    by_hand, tail = flip_to_end(state)
    if RULES.is_over(state):
        assert illegal(state, seat, FINISH) == "game-over"
        return
    before = copy.deepcopy(state)
    finished, entries = RULES.apply(state, seat, FINISH)
    assert state == before
    assert finished == by_hand
    assert entries == tail
    # The whole game, as the log tells it, is the same as finishing from the start.
    _, whole = RULES.apply(RULES.start(setup), RULES.turn(RULES.start(setup)), FINISH)
    assert head + entries == whole


@settings(max_examples=60, deadline=None)
@given(setups(), st.integers(0, 300))
def test_views_show_no_pile_order_and_are_the_same_for_everyone(setup, prefix):
    state = RULES.start(setup)
    state, _ = RULES.apply(state, 1, FINISH) if prefix == 0 else (state, [])
    for _ in range(prefix):
        if RULES.is_over(state):
            break
        state, _ = flip(state)
    views = {viewer: RULES.view(state, viewer) for viewer in (0, 1, None)}
    public = set(state["table"])
    if state["last"] is not None:
        public |= {state["last"]["card"], *state["last"]["took"]}
    for viewer, view in views.items():
        assert view["viewer"] == viewer
        assert view["piles"] == [len(state["piles"][0]), len(state["piles"][1])]
        assert all(isinstance(count, int) for count in view["piles"])
        # No card shows except those face up on the table or in the last flip.
        assert cards_in(view) <= public
        assert view["result"] == RULES.result(state)
        assert json.loads(json.dumps(view)) == view
        assert view["actions"] == ({} if viewer is None else RULES.action_space(state, viewer))
    strip = [
        {k: v for k, v in view.items() if k not in ("viewer", "actions")} for view in views.values()
    ]
    assert strip[0] == strip[1] == strip[2]


@settings(max_examples=60, deadline=None)
@given(setups(), st.integers(0, 300), st.data())
def test_illegal_actions_change_nothing(setup, prefix, data):
    state = RULES.start(setup)
    for _ in range(prefix):
        if RULES.is_over(state):
            break
        state, _ = flip(state)
    seat = RULES.turn(state)
    if seat is None:
        assert illegal(state, data.draw(st.sampled_from([0, 1])), FLIP) == "game-over"
        assert illegal(state, data.draw(st.sampled_from([0, 1])), FINISH) == "game-over"
    else:
        assert illegal(state, 1 - seat, FLIP) == "not-your-turn"
    malformed = data.draw(
        st.one_of(
            st.none(),
            st.integers(),
            st.text(max_size=5),
            st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
            st.fixed_dictionaries({"type": st.sampled_from(["flip", "finish"]), "card": st.text()}),
        )
    )
    assert illegal(state, data.draw(st.sampled_from([0, 1])), malformed) == "bad-action"
    assert illegal(state, data.draw(st.integers(2, 10)), FLIP) == "bad-seat"


@settings(max_examples=80, deadline=None)
@given(setups())
def test_record_round_trip(setup):
    record = RULES.to_record(setup, [])
    assert json.loads(json.dumps(record)) == record
    parsed, moves = RULES.from_record(json.loads(json.dumps(record)))
    assert moves == [(None, FINISH)]
    assert parsed == setup
    assert RULES.to_record(parsed, []) == record
    assert RULES.start(parsed) == RULES.start(setup)
    state = RULES.start(setup)
    assert json.loads(json.dumps(state)) == state
    finished, _ = RULES.apply(state, 0, FINISH)
    assert RULES.to_record(finished["setup"], []) == record
    assert json.loads(json.dumps(finished)) == finished
