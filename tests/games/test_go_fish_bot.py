"""The Go Fish bots: what the remembering level remembers, what it asks, and that
its memory never contradicts the cards (certain hits hit, ruled-out asks miss)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.bots import seat_view
from games.bots.go_fish_bot import Memory, random_ask, remembering_ask
from games.cards import rank_of, standard_deck
from games.go_fish import GoFish

RULES = GoFish()

# Three players, seven cards each; seat 0 asks first.
HANDS = [
    ["3S", "5S", "5H", "8S", "9S", "JS", "KS"],
    ["4S", "6S", "5D", "10S", "QS", "2H", "7H"],
    ["3H", "4H", "8H", "9H", "10H", "JH", "QH"],
]
POND_TOP = ["KH", "AH", "AS"]


def make_setup(hands: list[list[str]], pond_top: list[str], **options: Any) -> dict[str, Any]:
    """A deck dealt round-robin into ``hands``, then ``pond_top`` and the rest as the pond."""
    used = {card for hand in hands for card in hand} | set(pond_top)
    deck = [hands[seat][index] for index in range(len(hands[0])) for seat in range(len(hands))]
    deck += pond_top + [card for card in standard_deck() if card not in used]
    setup: dict[str, Any] = {"game": "go-fish", "players": len(hands), "deck": deck}
    if options:
        setup["options"] = options
    return setup


def play(setup: dict[str, Any], *moves: tuple[int, str, int]) -> dict[str, Any]:
    state = RULES.start(setup)
    for seat, rank, target in moves:
        state, _ = RULES.apply(state, seat, {"type": "ask", "target": target, "rank": rank})
    return state


def memory_of(state: dict[str, Any], seat: int) -> tuple[Memory, dict[str, Any]]:
    view = seat_view(RULES, state, seat)
    return Memory(view), view


def test_the_setup_deals_the_hands_asked_for() -> None:
    state = play(make_setup(HANDS, POND_TOP))
    assert [sorted(hand) for hand in state["hands"]] == [sorted(hand) for hand in HANDS]


def test_remembers_who_asked_for_a_rank_and_asks_them_for_it() -> None:
    # Seat 0 asks seat 1 for a 3 (none: it draws KH); seat 1 asks seat 2 for a 6
    # (none: it draws AH). Seat 2 holds 3H and knows seat 0 holds a 3.
    state = play(make_setup(HANDS, POND_TOP), (0, "3", 1), (1, "6", 2))
    assert state["turn"] == 2
    for seed in range(5):
        action = remembering_ask(seat_view(RULES, state, 2), random.Random(seed))
        assert action == {"type": "ask", "target": 0, "rank": "3"}
    state, entries = RULES.apply(state, 2, action)
    assert entries[0]["got"] == 1


def test_a_denial_rules_a_rank_out_until_the_seat_draws() -> None:
    state = play(make_setup(HANDS, POND_TOP), (0, "3", 1))
    memory, view = memory_of(state, 2)
    assert memory.hit_chance(view, 1, "3") == 0.0
    assert memory.hit_chance(view, 0, "3") == 1.0
    # Seat 1 then draws a card nobody else sees: it may be a 3.
    state = play(make_setup(HANDS, POND_TOP), (0, "3", 1), (1, "6", 2))
    memory, view = memory_of(state, 2)
    assert memory.hit_chance(view, 1, "3") > 0.0


@pytest.mark.parametrize("lucky_draw_again", [True, False])
def test_an_unshown_draw_is_not_the_rank_asked_only_when_lucky_draws_are_shown(
    lucky_draw_again: bool,
) -> None:
    # Seat 0 asks for a 3 and draws KH, unshown: of its seven unseen cards, the one
    # it drew cannot be a 3 when a lucky draw would have been shown.
    state = play(make_setup(HANDS, POND_TOP, lucky_draw_again=lucky_draw_again), (0, "3", 1))
    memory, _ = memory_of(state, 2)
    seat = memory.seats[0]
    assert seat.unseen == 7
    assert seat.room["3"] == (6 if lucky_draw_again else 7)
    assert seat.room["K"] == 7


def test_a_hand_over_moves_what_is_known() -> None:
    # Seat 1 (holding 5D) asks seat 0 for 5s and gets 5S and 5H.
    state = play(make_setup(HANDS, POND_TOP), (0, "3", 1), (1, "5", 0))
    memory, view = memory_of(state, 2)
    assert memory.known(1, "5") == 3
    assert memory.hit_chance(view, 0, "5") == 0.0
    assert memory.hit_chance(view, 1, "5") == 1.0


def test_a_book_laid_down_is_out_of_play() -> None:
    hands = [list(hand) for hand in HANDS]
    hands[1][hands[1].index("2H")] = "5C"  # seat 1 now holds 5D and 5C
    state = play(make_setup(hands, POND_TOP), (0, "3", 1), (1, "5", 0))
    assert state["books"][1] == ["5"]
    memory, view = memory_of(state, 2)
    assert all(memory.hit_chance(view, seat, "5") == 0.0 for seat in (0, 1))


def test_random_level_asks_uniformly_among_legal_asks() -> None:
    state = play(make_setup(HANDS, POND_TOP))
    view = seat_view(RULES, state, 0)
    seen = {tuple(random_ask(view, random.Random(seed)).values()) for seed in range(400)}
    ranks = {rank_of(card) for card in HANDS[0]}
    assert seen == {("ask", target, rank) for target in (1, 2) for rank in ranks}


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, None),
        (3, {"lucky_draw_again": False}),
        (4, {"out_when_empty": True}),
        (5, {"deal_size": 3}),
        (6, {"deal_size": 8, "out_when_empty": True}),
    ],
)
def test_the_memory_never_contradicts_the_cards(players: int, options: Any) -> None:
    """A certain hit always hits, an ask ruled out always misses, and no seat is
    thought to hold more of a rank than it does."""
    for game in range(6):
        rng = random.Random(f"memory:{players}:{game}")
        state = RULES.start(RULES.random_setup(players, rng, options))
        while not RULES.is_over(state):
            seat = RULES.turn(state)
            view = seat_view(RULES, state, seat)
            memory = Memory(view)
            for other in range(players):
                if other == seat:
                    continue
                held = [rank_of(card) for card in state["hands"][other]]
                for rank, count in memory.seats[other].known.items():
                    assert held.count(rank) >= count
                for rank in view["actions"]["ask"]["ranks"]:
                    if not state["hands"][other]:
                        continue
                    chance = memory.hit_chance(view, other, rank)
                    if chance == 1.0:
                        assert rank in held
                    if chance == 0.0:
                        assert rank not in held
            action = remembering_ask(view, random.Random(f"{game}:{len(state['log'])}"))
            state, _ = RULES.apply(state, seat, action)
