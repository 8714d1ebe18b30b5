"""The Card Fishing capture: the seed's examples, and exactness against brute force."""

from __future__ import annotations

import itertools
import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.capture import capture, card_points, hand_value
from games.cards import CardError, face_value, standard_deck, suit_of

DECK = standard_deck()


# --- an independent reference ---------------------------------------------------


def splits_into_groups(values: list[int], target: int) -> bool:
    """Whether ``values`` split into groups each adding up to ``target`` (plain search)."""

    @cache
    def split(rest: tuple[int, ...]) -> bool:
        if not rest:
            return True
        first, others = rest[0], rest[1:]
        # The first card is in some group: try every group of the others that completes it.
        for size in range(len(others) + 1):
            for chosen in itertools.combinations(range(len(others)), size):
                if first + sum(others[i] for i in chosen) == target:
                    left = tuple(v for i, v in enumerate(others) if i not in chosen)
                    if split(left):
                        return True
        return False

    return split(tuple(sorted(values)))


def worth(cards: list[str]) -> tuple[int, int, int]:
    """What the rules maximise: cards, then points, then spades."""
    return (
        len(cards),
        sum(card_points(card) for card in cards),
        sum(1 for card in cards if suit_of(card) == "S"),
    )


def brute_force_best(card: str, table: list[str]) -> tuple[int, int, int]:
    """The best worth over every subset of the table that splits into groups."""
    target = hand_value(card)
    best = (0, 0, 0)
    for size in range(1, len(table) + 1):
        for subset in itertools.combinations(table, size):
            values = [face_value(c) for c in subset]
            fits = sum(values) % target == 0 and worth(list(subset)) > best
            if fits and splits_into_groups(values, target):
                best = worth(list(subset))
    return best


def assert_valid(card: str, table: list[str], taken: list[str]) -> None:
    """``taken`` is a sub-list of the table (in table order) that splits into groups."""
    assert taken == [c for c in table if c in taken]
    assert len(set(taken)) == len(taken)
    assert splits_into_groups([face_value(c) for c in taken], hand_value(card))


def table_of(ranks: str) -> list[str]:
    """Cards of the given space-separated ranks, in suits that keep them distinct."""
    cards: list[str] = []
    for rank in ranks.split():
        cards.append(next(rank + s for s in "HCDS" if rank + s not in cards))
    return cards


# --- values -----------------------------------------------------------------------


def test_hand_values_and_points_follow_the_seed() -> None:
    assert [hand_value(c) for c in ("AH", "AS", "2S", "2H", "10D", "10S", "JC", "QD", "KS")] == [
        14,
        14,
        15,
        2,
        16,
        10,
        11,
        12,
        13,
    ]
    assert [hand_value(f"{r}C") for r in ("3", "4", "5", "6", "7", "8", "9")] == list(range(3, 10))
    points = {card: card_points(card) for card in DECK if card_points(card)}
    assert points == {"AS": 1, "AH": 1, "AD": 1, "AC": 1, "2S": 1, "10D": 2}


def test_bad_cards_are_refused() -> None:
    for text in ("XR", "1H", "", "11S"):
        with pytest.raises(CardError):
            capture(text, ["5H"])
    with pytest.raises(CardError):
        capture("5H", ["XB"])


# --- the seed's examples ---------------------------------------------------------


def test_nine_takes_the_whole_table_of_nine_five_four_three_six() -> None:
    table = ["9C", "5D", "4H", "3S", "6H"]
    assert capture("9S", table) == table


def test_a_card_takes_every_card_of_its_value_and_groups() -> None:
    assert capture("5H", ["5C", "2D", "3S", "KH"]) == ["5C", "2D", "3S"]
    assert capture("KH", ["KC", "KD", "QS"]) == ["KC", "KD"]


def test_an_ace_from_the_hand_does_not_take_a_table_ace_alone() -> None:
    # 14 from the hand; no group of A, 6, 9, 3 adds up to 14.
    assert capture("AH", ["AC", "6H", "9S", "3D"]) == []


def test_an_ace_from_the_hand_takes_king_and_ace() -> None:
    assert capture("AH", ["AC", "KD", "7H", "9S"]) == ["AC", "KD"]


def test_the_two_of_spades_counts_fifteen_and_other_twos_two() -> None:
    # 7+8 and 2+K: the whole table, but not the table 2 by itself.
    assert capture("2S", ["7C", "8D", "2H", "KS"]) == ["7C", "8D", "2H", "KS"]
    assert capture("2S", ["2H", "5C"]) == []
    assert capture("2H", ["2D", "5C"]) == ["2D"]


def test_the_ten_of_diamonds_counts_sixteen_and_other_tens_ten() -> None:
    assert capture("10D", ["10C", "6H", "7S", "9D"]) == ["10C", "6H", "7S", "9D"]
    assert capture("10D", ["10C", "5H"]) == []
    assert capture("10S", ["10C", "4H", "6C"]) == ["10C", "4H", "6C"]


def test_most_cards_beat_points() -> None:
    # Q: 10D+2H (2 points) or 2H+3C+7S (3 cards): the cards win.
    assert capture("QH", ["10D", "2H", "3C", "7S"]) == ["2H", "3C", "7S"]


def test_points_break_a_tie_in_cards() -> None:
    # J: 10H+A or 10D+A, one Ace either way: the 10 of diamonds is worth 2.
    assert capture("JS", ["10H", "10D", "AC"]) == ["10D", "AC"]


def test_spades_break_a_tie_in_cards_and_points() -> None:
    assert capture("7C", ["3H", "4C", "4S", "KD"]) == ["3H", "4S"]


def test_a_card_that_takes_nothing_takes_nothing() -> None:
    assert capture("KH", []) == []
    assert capture("3C", ["5H", "QS"]) == []


def test_the_choice_is_exact_where_a_greedy_one_fails() -> None:
    # A greedy choice of the biggest group first (3+3+4) leaves 6, 5, 2 with no
    # group of 10: 3 cards. The exact choice is 6+4 and 5+3+2: 5 of the 6 cards
    # (all 6 weigh 23, not a multiple of 10).
    table = table_of("6 4 5 3 3 2")
    taken = capture("10H", table)
    assert_valid("10H", table, taken)
    left = [card for card in table if card not in taken]
    assert len(left) == 1 and left[0].startswith("3")


def test_the_answer_does_not_depend_on_the_table_order() -> None:
    table = table_of("A A A 2 2 3 3 4 5 K")
    shuffled = list(reversed(table))
    assert sorted(capture("AS", table)) == sorted(capture("AS", shuffled))


# --- big tables -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "ranks", "expected"),
    [
        # Twenty low cards: 48 of their 60 can go in three groups of 16; the
        # lightest 17 cards weighing exactly 48 (A A A A 2 2 2 3 3 3 3 4 4 4 4 5 5).
        ("10D", " ".join(r for r in "A2345" for _ in range(4)), 17),
        # Aces to sixes weigh 84: five groups of 16 = 80, so what stays weighs 4
        # (mod 16): at best a single 4, and 23 cards are taken.
        ("10D", " ".join(r for r in "A23456" for _ in range(4)), 23),
    ],
)
def test_big_low_tables(card: str, ranks: str, expected: int) -> None:
    table = table_of(ranks)
    taken = capture(card, table)
    assert_valid(card, table, taken)
    assert len(taken) == expected


def test_a_crowded_table_of_every_card_but_one() -> None:
    table = [card for card in DECK if card != "10D"]
    taken = capture("10D", table)
    # 354 in all = 22 groups of 16 + 2: only one 2 can stay, and not the 2 of spades.
    left = [card for card in table if card not in taken]
    assert len(left) == 1 and left[0] in ("2H", "2D", "2C")
    assert sum(face_value(c) for c in taken) == 22 * 16


# --- exactness against brute force ---------------------------------------------------

small_tables = st.lists(st.sampled_from(DECK), min_size=0, max_size=9, unique=True)


@settings(max_examples=400, deadline=None)
@given(table=small_tables, data=st.data())
def test_capture_is_the_best_set_of_groups(table: list[str], data: st.DataObject) -> None:
    card = data.draw(st.sampled_from([c for c in DECK if c not in table]))
    taken = capture(card, table)
    assert_valid(card, table, taken)
    assert worth(taken) == brute_force_best(card, table)


@settings(max_examples=200, deadline=None)
@given(
    ranks=st.lists(st.sampled_from(["A", "2", "3", "4", "5", "6", "7"]), min_size=4, max_size=10),
    card=st.sampled_from(["AH", "2S", "10D", "9C", "JH", "KC", "7D"]),
)
def test_capture_is_exact_on_tables_of_repeated_low_ranks(ranks: list[str], card: str) -> None:
    # Many cards of a value: where count vectors and point tie-breaks matter most.
    counts: dict[str, int] = {}
    table = []
    for rank in ranks:
        if counts.get(rank, 0) < 4:
            suit = "SHDC"[counts.get(rank, 0)]
            if rank + suit != card:
                table.append(rank + suit)
            counts[rank] = counts.get(rank, 0) + 1
    taken = capture(card, table)
    assert_valid(card, table, taken)
    assert worth(taken) == brute_force_best(card, table)


@settings(max_examples=100, deadline=None)
@given(table=small_tables, seed=st.integers(0, 2**32))
def test_capture_ignores_the_table_order(table: list[str], seed: int) -> None:
    other = list(table)
    random.Random(seed).shuffle(other)
    for card in ("AS", "2S", "10D", "9H"):
        if card not in table:
            assert sorted(capture(card, table)) == sorted(capture(card, other))
