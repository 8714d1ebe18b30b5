"""The strong Fish bot: its inference on hand-built histories, its choices, and its
soundness (the true holder of every card is always among the seats it allows)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.bots import seat_view
from games.bots.fish_bot import decide
from games.bots.fish_knowledge import ALL_SEATS, Knowledge, read
from games.bots.random_policy import random_action
from games.cards import fish_deck
from games.fish import HALFSUITS, Fish, team_of

RULES = Fish()

# Six explicit hands: team 0 is seats 0, 2, 4; team 1 is seats 1, 3, 5.
BASIC = {
    0: ["2S", "3S", "9H", "10H", "8S", "2D", "3D", "4D", "5D"],
    1: ["4S", "JH", "QH", "6D", "7D", "9C", "10C", "JC", "QC"],
    2: ["9S", "10S", "JS", "QS", "5S", "6S", "8H", "2C", "3C"],
    3: ["2H", "3H", "4H", "5H", "6H", "7H", "KH", "AH", "4C"],
    4: ["KS", "AS", "7S", "8D", "9D", "10D", "5C", "6C", "7C"],
    5: ["JD", "QD", "KD", "AD", "8C", "KC", "AC", "XR", "XB"],
}


def hs(name: str) -> list[str]:
    return list(HALFSUITS[name])


def make_setup(hands: dict[int, list[str]], first: int = 0, **options: Any) -> dict[str, Any]:
    """A full deal: the given hands, the other seats filled from the rest of the deck."""
    given = [card for hand in hands.values() for card in hand]
    rest = [card for card in fish_deck() if card not in given]
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


def play(setup: dict[str, Any], *moves: tuple[int, dict[str, Any]]) -> dict[str, Any]:
    state = RULES.start(setup)
    for seat, action in moves:
        state, _ = RULES.apply(state, seat, action)
    return state


def ask(target: int, card: str) -> dict[str, Any]:
    return {"type": "ask", "target": target, "card": card}


def knowledge_of(state: dict[str, Any], seat: int, public: bool = False) -> Knowledge:
    return read(seat_view(RULES, state, seat), public=public)


def seats(mask: int) -> set[int]:
    return {seat for seat in range(6) if mask >> seat & 1}


# --- inference on hand-built histories ------------------------------------------------


def test_own_hand_is_placed_and_nobody_else_is_known_at_the_deal() -> None:
    knowledge = knowledge_of(play(make_setup(BASIC)), 0)
    assert all(knowledge.holder(card) == 0 for card in BASIC[0])
    assert seats(knowledge.possible["4S"]) == {1, 2, 3, 4, 5}


@pytest.mark.parametrize("bluff", [True, False])
def test_a_failed_ask_removes_the_target_and_only_without_bluffs_the_asker(bluff: bool) -> None:
    # Seat 1 (holding 4S) asks seat 0 for 5S, which seat 2 holds: a miss.
    state = play(make_setup(BASIC, first=1, bluff=bluff), (1, ask(0, "5S")))
    knowledge = knowledge_of(state, 4)
    assert not knowledge.may_hold("5S", 0)
    assert knowledge.may_hold("5S", 1) is bluff
    assert knowledge.may_hold("5S", 2)


def test_a_bluff_for_an_own_card_does_not_fool_the_inference() -> None:
    # Seat 1 asks for 4S, which it holds itself: allowed with bluffs, a sure miss.
    state = play(make_setup(BASIC, first=1), (1, ask(0, "4S")))
    knowledge = knowledge_of(state, 4)
    assert knowledge.may_hold("4S", 1)
    assert not knowledge.may_hold("4S", 0)


def test_a_hand_over_places_the_card_with_the_asker() -> None:
    state = play(make_setup(BASIC, first=1), (1, ask(2, "5S")))
    for viewer in (0, 3, 4):
        assert knowledge_of(state, viewer).holder("5S") == 1


def test_the_asker_still_holds_another_card_of_the_halfsuit() -> None:
    # Seat 0 holds 2S-5S, seat 2 holds 6S, seat 3 holds 7S. Seat 2 asks seat 3 for 7S
    # and gets it: it held a low spade before, and the only one it can hold is 6S.
    hands = {0: ["2S", "3S", "4S", "5S"], 2: ["6S"], 3: ["7S"]}
    state = play(make_setup(hands, first=2), (2, ask(3, "7S")))
    knowledge = knowledge_of(state, 0)
    assert knowledge.holder("7S") == 2
    assert knowledge.holder("6S") == 2
    # Seat 4 does not know seat 0's cards, so for it 6S may be at seat 0 too.
    assert knowledge_of(state, 4).holder("6S") is None


def test_counting_a_full_hand_clears_the_seat_of_everything_else() -> None:
    knowledge = Knowledge(
        viewer=0,
        bluff=True,
        possible={"2S": 1 << 1, "3S": 0b001010, "4S": 0b101010},
        counts=[0, 1, 0, None, 0, None],
    )
    knowledge.propagate()
    # Seat 1 holds one card and 2S is surely it: 3S and 4S are elsewhere.
    assert knowledge.holder("3S") == 3
    assert seats(knowledge.possible["4S"]) == {3, 5}


def test_counting_forces_a_seat_with_n_cards_and_n_possible_cards_to_hold_them() -> None:
    knowledge = Knowledge(
        viewer=0,
        bluff=True,
        possible={"2S": 0b001010, "3S": 0b001010, "4S": 0b100010, "5S": 0b101000},
        counts=[0, 3, 0, None, 0, None],
    )
    knowledge.propagate()
    assert [knowledge.holder(card) for card in ("2S", "3S", "4S")] == [1, 1, 1]
    assert seats(knowledge.possible["5S"]) == {3, 5}


def test_a_card_only_one_seat_can_hold_is_there() -> None:
    knowledge = Knowledge(viewer=0, bluff=True, possible={"2S": 0b001010}, counts=[None] * 6)
    knowledge.ask(asker=4, target=3, card="2S", hit=False)
    knowledge.propagate()
    assert knowledge.holder("2S") == 1


def test_an_asker_with_one_card_holds_one_of_its_halfsuit() -> None:
    # Without bluffs, a seat with a single card that asked for 2S holds 3S-7S,
    # so it cannot hold 9H, and 3S (its only candidate) is its card.
    knowledge = Knowledge(
        viewer=0,
        bluff=False,
        possible={"2S": 0b001100, "3S": 0b001010, "9H": 0b001010},
        counts=[None, 1, None, None, None, None],
    )
    knowledge.ask(asker=1, target=2, card="2S", hit=False)
    knowledge.propagate()
    assert knowledge.holder("3S") == 1
    assert knowledge.holder("9H") == 3
    assert knowledge.holder("2S") == 3


def test_a_declaration_takes_its_cards_out_and_moves_the_counts() -> None:
    hands = {0: hs("low-spades")}
    claim = dict.fromkeys(hs("low-spades"), 0)
    state = play(
        make_setup(hands, first=1),
        (0, {"type": "declare", "halfsuit": "low-spades", "cards": claim}),
    )
    knowledge = knowledge_of(state, 3)
    assert not any(card in knowledge.possible for card in hs("low-spades"))
    assert knowledge.counts[0] == 3


def test_hidden_hand_sizes_are_counted_from_the_history() -> None:
    state = play(make_setup(BASIC, first=1, hand_sizes=False), (1, ask(2, "5S")))
    view = seat_view(RULES, state, 0)
    assert view["hand_counts"][1] is None
    knowledge = read(view)
    assert knowledge.counts[1] == 10
    assert knowledge.counts[2] == 8


def test_the_history_is_used_whatever_the_log_option() -> None:
    moves = [(1, ask(2, "5S")), (1, ask(0, "9C")), (0, ask(3, "6D"))]
    short = play(make_setup(BASIC, first=1), *moves)
    full = play(make_setup(BASIC, first=1, log="all"), *moves)
    assert "log" not in seat_view(RULES, short, 4)
    assert knowledge_of(short, 4).possible == knowledge_of(full, 4).possible


def test_without_a_history_only_the_table_is_used() -> None:
    state = play(make_setup(BASIC, first=1), (1, ask(2, "5S")))
    view = RULES.view(state, 4)  # no "history" and no full log
    knowledge = read(view)
    assert knowledge.holder("5S") is None
    assert knowledge.may_hold("5S", 1) and not knowledge.may_hold("5S", 4)


# --- choices ----------------------------------------------------------------------


def test_declares_a_certain_halfsuit_before_asking() -> None:
    state = play(make_setup({0: hs("low-spades") + ["9H"]}, first=0))
    decision = decide(seat_view(RULES, state, 0), random.Random(1))
    assert decision.certain
    assert decision.action == {
        "type": "declare",
        "halfsuit": "low-spades",
        "cards": dict.fromkeys(hs("low-spades"), 0),
    }


def test_declares_with_a_teammate_once_the_history_makes_it_certain() -> None:
    hands = {0: ["2S", "3S", "4S", "5S"], 2: ["6S"], 3: ["7S"]}
    state = play(make_setup(hands, first=2), (2, ask(3, "7S")))
    decision = decide(seat_view(RULES, state, 0), random.Random(1))
    assert decision.action["type"] == "declare"
    assert decision.action["cards"] == {"2S": 0, "3S": 0, "4S": 0, "5S": 0, "6S": 2, "7S": 2}
    _, entries = RULES.apply(state, 0, decision.action)
    assert entries[0]["correct"]


def test_does_not_declare_what_it_cannot_be_sure_of() -> None:
    state = play(make_setup(BASIC, first=0))
    decision = decide(seat_view(RULES, state, 0), random.Random(1))
    assert decision.action["type"] == "ask"


def test_asks_where_a_card_is_known_to_be() -> None:
    # Seat 1 takes 4D and 9H from seat 0, then bluffs for its own 9C: seat 0's turn.
    state = play(
        make_setup(BASIC, first=1), (1, ask(0, "4D")), (1, ask(0, "9H")), (1, ask(0, "9C"))
    )
    assert state["turn"] == 0
    for seed in range(5):
        decision = decide(seat_view(RULES, state, 0), random.Random(seed))
        assert decision.certain
        assert decision.action in (ask(1, "4D"), ask(1, "9H"))


def test_declares_the_rest_when_only_its_team_holds_cards() -> None:
    # Team 1 holds four whole halfsuits and three low diamonds; it declares them all
    # (the last one wrongly), leaving team 0 the only team with cards.
    team1 = hs("low-hearts") + hs("high-hearts") + hs("low-clubs") + hs("high-clubs")
    team1 += ["2D", "3D", "4D"]
    hands = {1: team1[0:9], 3: team1[9:18], 5: team1[18:27]}
    state = play(make_setup(hands, first=0))
    for name in ("low-hearts", "high-hearts", "low-clubs", "high-clubs", "low-diamonds"):
        claim = {card: 1 for card in HALFSUITS[name]}
        state, _ = RULES.apply(state, 1, {"type": "declare", "halfsuit": name, "cards": claim})
    assert not any(state["hands"][seat] for seat in (1, 3, 5))
    while not RULES.is_over(state):
        seat = RULES.turn(state)
        assert team_of(seat) == 0
        view = seat_view(RULES, state, seat)
        assert "ask" not in view["actions"]
        decision = decide(view, random.Random(seat))
        assert decision.action["type"] == "declare"
        state, entries = RULES.apply(state, seat, decision.action)
        assert entries[0]["correct"] or not decision.certain
    assert state["score"][0] >= 4


# --- soundness over random games ------------------------------------------------------


def _true_holder(state: dict[str, Any], card: str) -> int:
    return next(seat for seat in range(6) if card in state["hands"][seat])


def _check_sound(state: dict[str, Any], seat: int, public: bool) -> None:
    knowledge = knowledge_of(state, seat, public)
    assert knowledge.conflicts == 0
    for card, mask in knowledge.possible.items():
        assert mask & ~ALL_SEATS == 0
        assert mask >> _true_holder(state, card) & 1, (card, seats(mask))
    for other in range(6):
        if knowledge.counts[other] is not None:
            assert knowledge.counts[other] == len(state["hands"][other])
    for fact in knowledge.facts:
        held = sum(1 for card in fact.cards if card in state["hands"][fact.seat])
        assert held >= fact.need


@pytest.mark.parametrize(
    "options",
    [None, {"bluff": False}, {"hand_sizes": False}, {"declare": "own-turn", "end": "five"}],
)
def test_the_inference_never_rules_out_the_true_holder(options: dict[str, Any] | None) -> None:
    for game in range(4):
        rng = random.Random(f"sound:{options}:{game}")
        state = RULES.start(RULES.random_setup(6, rng, options))
        strong_team = game % 2
        while not RULES.is_over(state) and state["moves"] < 400:
            seat = RULES.turn(state)
            # Check the seat to move and, in turn, one other seat and the public.
            _check_sound(state, seat, public=False)
            _check_sound(state, state["moves"] % 6, public=state["moves"] % 2 == 0)
            view = seat_view(RULES, state, seat)
            move_rng = random.Random(f"{game}:{state['moves']}")
            if team_of(seat) == strong_team:
                decision = decide(view, move_rng)
                action = decision.action
            else:
                action = random_action(view, move_rng)
            state, entries = RULES.apply(state, seat, action)
            if team_of(seat) == strong_team and action["type"] == "declare" and decision.certain:
                assert entries[0]["correct"], "a certain declaration was wrong"
        assert RULES.is_over(state)
