"""Card Fishing: the seed's worked examples, scoring, records, and properties of random matches."""

from __future__ import annotations

import copy
import json
import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.card_fishing import CardFishing, match_winner, round_deck, score_round
from games.cards import shuffled, standard_deck
from games.errors import BadRecord, IllegalAction
from games.replay import replay

RULES = CardFishing()
DECK = standard_deck()
NEXT = {"type": "next-round"}
CARD_TEXT = re.compile(r'"((?:10|[2-9AJQK])[SHDC])"')


# --- helpers -----------------------------------------------------------------------


def play(card: str) -> dict[str, str]:
    return {"type": "play", "card": card}


def round_of(leader: list[str], dealer: list[str], table: list[str], then: list[str] = ()) -> list:
    """A deck dealing ``leader``, ``dealer`` and ``table`` first, then ``then``, then the rest."""
    assert len(leader) == len(dealer) == len(table) == 4
    prefix = [*leader, *dealer, *table, *then]
    assert len(set(prefix)) == len(prefix)
    return prefix + [card for card in DECK if card not in prefix]


def setup_of(*decks: list[str], first_dealer: int = 1, target: int | None = None) -> dict:
    setup: dict[str, Any] = {"first_dealer": first_dealer, "decks": [list(d) for d in decks]}
    if target is not None:
        setup["options"] = {"target": target}
    return setup


def act(state: dict, action: dict) -> tuple[dict, dict]:
    """Apply ``action`` for the seat whose turn it is; the new state and its one entry."""
    state, entries = RULES.apply(state, RULES.turn(state), action)
    assert len(entries) == 1
    return state, entries[0]


def refused(state: dict, seat: Any, action: Any) -> IllegalAction:
    """Apply an illegal action, check it changed nothing, and return the error."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, seat, action)
    assert state == before
    return caught.value


def at_last_plays(
    *,
    hands: list[list[str]],
    table: list[str],
    to_move: int,
    last_capture: int | None,
    captured: list[list[str]] | None = None,
    scores: list[int] | None = None,
    target: int | None = None,
) -> dict:
    """A state late in the last deal of round 0: the deck is empty, ``hands`` remain."""
    # Two decks, so that a next round can be dealt.
    state = RULES.start(setup_of(DECK, DECK, target=target))
    left = len(hands[0]) + len(hands[1])
    state.update(
        {
            "deck": [],
            "hands": hands,
            "table": table,
            "to_move": to_move,
            "last_capture": last_capture,
            "captured": captured or [[], []],
            "plays": 48 - left,
            "deal": 6,
            "scores": scores or [0, 0],
        }
    )
    return state


def strings_in(value: Any) -> set[str]:
    return set(CARD_TEXT.findall(json.dumps(value)))


def random_play(state: dict, rng: random.Random, steps: int | None = None) -> tuple[dict, list]:
    """Play random legal actions until the match ends (or ``steps`` were made)."""
    moves = []
    while not RULES.is_over(state) and (steps is None or len(moves) < steps):
        seat = RULES.turn(state)
        action = rng.choice(list(RULES.legal_actions(state, seat)))
        state, _ = RULES.apply(state, seat, action)
        moves.append((seat, action))
    return state, moves


# --- the deal -------------------------------------------------------------------------


def test_the_deal_goes_leader_dealer_table_from_the_top() -> None:
    deck = shuffled(DECK, random.Random(1))
    state = RULES.start(setup_of(deck))
    # The Bot (seat 1) deals the first round, so you (seat 0) lead it.
    assert (state["dealer"], state["leader"], RULES.turn(state)) == (1, 0, 0)
    assert state["hands"] == [deck[0:4], deck[4:8]]
    assert state["table"] == deck[8:12]
    view = RULES.view(state, 0)
    assert view["deck_count"] == 40 and view["deal"] == 1


def test_the_leader_plays_first_in_every_deal_and_new_hands_come_four_and_four() -> None:
    deck = shuffled(DECK, random.Random(2))
    state = RULES.start(setup_of(deck, first_dealer=0))
    assert (state["dealer"], state["leader"]) == (0, 1)
    assert state["hands"] == [deck[4:8], deck[0:4]]
    seen = []
    for deal in range(6):
        for _ in range(8):
            seat = RULES.turn(state)
            seen.append(seat)
            state, entry = act(state, play(state["hands"][seat][0]))
        if deal < 5:
            assert entry["dealt"] is True
            leader, dealer = (
                deck[12 + 8 * deal : 16 + 8 * deal],
                deck[16 + 8 * deal : 20 + 8 * deal],
            )
            assert state["hands"] == [dealer, leader]
        else:
            assert "dealt" not in entry and entry["round_over"] is True
    assert seen == [1, 0] * 24
    assert state["phase"] == "scoring"


def test_the_deal_alternates_between_rounds() -> None:
    decks = [shuffled(DECK, random.Random(i)) for i in range(3)]
    state = RULES.start(setup_of(*decks, target=31))
    rng = random.Random(0)
    for round_index in range(3):
        assert state["round"] == round_index
        assert state["dealer"] == (1 if round_index % 2 == 0 else 0)
        assert state["leader"] == 1 - state["dealer"] == RULES.turn(state)
        assert state["hands"][state["leader"]] == decks[round_index][0:4]
        assert state["hands"][state["dealer"]] == decks[round_index][4:8]
        assert state["table"] == decks[round_index][8:12]
        state, _ = random_play(state, rng, steps=48)
        if round_index < 2:
            state, entry = act(state, NEXT)
            assert entry == {
                "type": "next-round",
                "round": round_index + 1,
                "dealer": state["dealer"],
                "leader": state["leader"],
                "table": decks[round_index + 1][8:12],
            }
    assert refused(state, 0, NEXT).code == "no-deck"


# --- playing: the seed's examples -------------------------------------------------------


def test_nine_onto_nine_five_four_three_six_is_a_sweep() -> None:
    deck = round_of(["6H", "KC", "KD", "QC"], ["9S", "QD", "JC", "JD"], ["9C", "5D", "4H", "3S"])
    state = RULES.start(setup_of(deck))
    state, entry = act(state, play("6H"))  # no group of 9, 5, 4, 3 makes 6
    assert entry["took"] == [] and entry["sweep"] is False
    assert state["table"] == ["9C", "5D", "4H", "3S", "6H"]
    state, entry = act(state, play("9S"))
    assert entry == {
        "type": "play",
        "round": 0,
        "seat": 1,
        "card": "9S",
        "value": 9,
        "took": ["9C", "5D", "4H", "3S", "6H"],
        "sweep": True,
    }
    view = RULES.view(state, 0)
    assert view["table"] == [] and view["sweeps"] == [0, 1] and view["captured_counts"] == [0, 6]
    assert view["last_capture"] == 1


def test_an_ace_takes_king_and_ace_but_not_an_ace_alone() -> None:
    deck = round_of(["AH", "AD", "5C", "5D"], ["8C", "8D", "JC", "JD"], ["AC", "6H", "9S", "3D"])
    state = RULES.start(setup_of(deck))
    state, entry = act(state, play("AH"))
    assert entry["took"] == [] and entry["value"] == 14
    assert state["table"] == ["AC", "6H", "9S", "3D", "AH"]
    # On the table that Ace counts 1 again: 8 = 1 + 6 + 1.
    state, entry = act(state, play("8C"))
    assert entry["took"] == ["AC", "6H", "AH"]


def test_an_ace_from_the_hand_takes_a_king_and_a_table_ace() -> None:
    deck = round_of(["AH", "2C", "3C", "4C"], ["8C", "8D", "JC", "JD"], ["AC", "KD", "7H", "9S"])
    state = RULES.start(setup_of(deck))
    state, entry = act(state, play("AH"))
    assert entry["took"] == ["AC", "KD"]
    assert state["table"] == ["7H", "9S"]
    assert state["captured"][0] == ["AH", "AC", "KD"]


def test_the_two_of_spades_plays_fifteen() -> None:
    deck = round_of(["2S", "4C", "5C", "6C"], ["9D", "QD", "JC", "JD"], ["7C", "8D", "2H", "KS"])
    state = RULES.start(setup_of(deck))
    state, entry = act(state, play("2S"))  # 7+8 and 2+K, not the 2 alone
    assert entry["value"] == 15
    assert entry["took"] == ["7C", "8D", "2H", "KS"] and entry["sweep"] is True
    assert RULES.view(state, 0)["sweeps"] == [1, 0]


def test_the_ten_of_diamonds_plays_sixteen() -> None:
    deck = round_of(["10D", "4C", "5C", "6C"], ["9H", "QD", "JC", "JD"], ["10C", "6H", "7S", "9D"])
    state = RULES.start(setup_of(deck))
    state, entry = act(state, play("10D"))  # 10+6 and 7+9
    assert entry["value"] == 16
    assert entry["took"] == ["10C", "6H", "7S", "9D"] and entry["sweep"] is True
    # Played onto the table, the 10 of diamonds counts 10: J takes it with an Ace... or 9H
    # here takes nothing, and the dealer's 9 then cannot take the 10.
    state, entry = act(state, play("9H"))
    assert entry["took"] == [] and state["table"] == ["9H"]


def test_a_sweep_scores_but_not_on_the_last_play() -> None:
    late = at_last_plays(
        hands=[["9H"], ["KS", "QS"]],
        table=["5C", "4D"],
        to_move=0,
        last_capture=1,
    )
    state, entry = act(late, play("9H"))
    assert entry["sweep"] is True and state["sweeps"] == [1, 0]

    last = at_last_plays(hands=[["9H"], []], table=["5C", "4D"], to_move=0, last_capture=1)
    state, entry = act(last, play("9H"))
    assert entry["took"] == ["5C", "4D"] and entry["sweep"] is False
    assert entry["round_over"] is True and state["sweeps"] == [0, 0]
    assert state["rounds"][0]["sweeps"] == [0, 0]


def test_leftovers_go_to_the_last_capturer() -> None:
    state = at_last_plays(
        hands=[["5H"], []],
        table=["KC", "2D"],
        to_move=0,
        last_capture=1,
        captured=[["3C", "3D"], ["9C"]],
    )
    state, entry = act(state, play("5H"))
    assert entry["took"] == []
    assert entry["leftovers"] == ["KC", "2D", "5H"] and entry["leftovers_to"] == 1
    assert state["captured"][1] == ["9C", "KC", "2D", "5H"] and state["table"] == []
    done = state["rounds"][0]
    assert done["cards"] == [2, 4] and done["last_capture"] == 1
    assert done["points"] == [0, 1]  # most cards


def test_leftovers_go_to_nobody_when_nobody_captured() -> None:
    state = at_last_plays(hands=[["5H"], []], table=["KC", "AD"], to_move=0, last_capture=None)
    state, entry = act(state, play("5H"))
    assert entry["leftovers"] == ["KC", "AD", "5H"] and entry["leftovers_to"] is None
    done = state["rounds"][0]
    assert done["cards"] == [0, 0] and done["points"] == [0, 0] and done["last_capture"] is None
    assert done["aces"] == [0, 0]
    # Nobody's: they stay on the table until the next deal.
    assert RULES.view(state, 0)["table"] == ["KC", "AD", "5H"]


# --- scoring ------------------------------------------------------------------------------


def test_round_scoring_with_a_26_26_tie_in_cards() -> None:
    spades_hearts = [c for c in DECK if c[-1] in "SH"]
    diamonds_clubs = [c for c in DECK if c[-1] in "DC"]
    done = score_round([spades_hearts, diamonds_clubs], [0, 0])
    assert done["cards"] == [26, 26] and done["most_cards"] is None
    assert done["spades"] == [13, 0] and done["most_spades"] == 0
    # Seat 0: most spades 2, two Aces, the 2 of spades. Seat 1: two Aces, the 10 of diamonds.
    assert done["points"] == [2 + 2 + 1, 2 + 2]
    assert done["two_of_spades"] == 0 and done["ten_of_diamonds"] == 1 and done["aces"] == [2, 2]


def test_round_scoring_counts_every_item() -> None:
    mine = ["AS", "AH", "10D", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "2H", "3H"]
    theirs = ["AD", "2S", "10S", "JS", "QS", "KH", "KC"]
    done = score_round([mine, theirs], [1, 2])
    # Most cards 1, most spades 2 (8 to 4), two Aces 2, 10D 2, one sweep 1 = 8.
    # One Ace 1, 2S 1, two sweeps 2 = 4.
    assert done["points"] == [8, 4]
    assert done["most_cards"] == 0 and done["most_spades"] == 0


def test_nobody_scores_most_spades_on_a_tie() -> None:
    done = score_round([["3S", "4S", "5H"], ["6S", "7S"]], [0, 0])
    assert done["spades"] == [2, 2] and done["most_spades"] is None
    assert done["points"] == [1, 0]


def test_the_match_is_won_at_the_target_and_level_totals_play_on() -> None:
    assert match_winner([16, 3], 16) == 0
    assert match_winner([15, 15], 16) is None
    assert match_winner([17, 18], 16) == 1
    assert match_winner([16, 16], 16) is None
    assert match_winner([20, 8], 21) is None


def finishing_round(scores: list[int], target: int | None = None) -> dict:
    """The last play of a round that scores 2 for seat 0 and 4 for seat 1.

    Seat 0 plays 5H onto an empty table; it stays there and goes to seat 1, the
    last capturer. Seat 0 ends with AS AH 3D (two Aces: 2), seat 1 with 10D 2S
    4C 4D 5H (most cards 1, 10D 2, 2S 1: 4); one spade each, so nobody gets 2.
    """
    return at_last_plays(
        hands=[["5H"], []],
        table=[],
        to_move=0,
        last_capture=1,
        captured=[["AS", "AH", "3D"], ["10D", "2S", "4C", "4D"]],
        scores=scores,
        target=target,
    )


def test_a_round_that_reaches_the_target_ends_the_match() -> None:
    state, entry = act(finishing_round([14, 3]), play("5H"))
    assert state["rounds"][0]["points"] == [2, 4]
    assert state["scores"] == [16, 7] and entry["winner"] == 0
    assert RULES.is_over(state) and RULES.turn(state) is None and RULES.winners(state) == [0]
    assert RULES.outcomes(state, 2) == ["win", "loss"]
    assert RULES.result(state)["winner"] == 0
    assert RULES.view(state, 0)["actions"] == {}
    assert refused(state, 0, NEXT).code == "game-over"
    assert refused(state, 0, play("5H")).code == "game-over"


def test_the_match_goes_on_below_the_target() -> None:
    state, entry = act(finishing_round([13, 3]), play("5H"))
    assert state["scores"] == [15, 7] and entry["winner"] is None
    assert state["phase"] == "scoring" and RULES.winners(state) == []
    assert RULES.result(state)["winner"] is None


def test_both_past_the_target_the_higher_total_wins() -> None:
    state, _ = act(finishing_round([15, 14]), play("5H"))
    assert state["scores"] == [17, 18] and state["winner"] == 1 and RULES.is_over(state)


def test_level_totals_past_the_target_play_another_round() -> None:
    state, _ = act(finishing_round([15, 13]), play("5H"))
    assert state["scores"] == [17, 17] and state["winner"] is None
    assert state["phase"] == "scoring" and RULES.turn(state) == 0
    assert RULES.view(state, 0)["actions"] == {"next-round": True}
    state, _ = act(state, NEXT)
    assert state["round"] == 1 and state["phase"] == "play" and state["scores"] == [17, 17]


def test_the_target_option() -> None:
    state, _ = act(finishing_round([6, 0], target=8), play("5H"))
    assert state["scores"] == [8, 4] and state["winner"] == 0
    assert RULES.view(state, 0)["target"] == 8
    state, _ = act(finishing_round([6, 0]), play("5H"))
    assert state["winner"] is None
    assert RULES.view(state, 0)["target"] == 16
    for bad in (17, 0, "16", True, None):
        with pytest.raises(BadRecord):
            RULES.start({"first_dealer": 1, "seed": 1, "options": {"target": bad}})
    setup = RULES.random_setup(2, random.Random(1), {"target": 21})
    assert setup["options"] == {"target": 21}
    assert "options" not in RULES.random_setup(2, random.Random(1), {"target": 16})
    assert RULES.start(setup)["options"] == {"target": 21}


def test_a_whole_match_to_eight_ends_sooner_than_to_thirty_one() -> None:
    rounds = {}
    for target in (8, 31):
        state = RULES.start({"first_dealer": 1, "seed": 7, "options": {"target": target}})
        state, _ = random_play(state, random.Random(7))
        assert max(state["scores"]) >= target and state["winner"] is not None
        before = [sum(r["points"][s] for r in state["rounds"][:-1]) for s in (0, 1)]
        assert max(before) < target or before[0] == before[1]
        rounds[target] = len(state["rounds"])
    assert rounds[8] < rounds[31]


# --- between rounds and refusals ------------------------------------------------------------


def test_between_rounds_only_seat_zero_may_deal_the_next_round() -> None:
    decks = [shuffled(DECK, random.Random(i)) for i in (5, 6)]
    state = RULES.start(setup_of(*decks, target=31))
    assert refused(state, 0, NEXT).code == "round-not-over"
    state, _ = random_play(state, random.Random(1), steps=48)
    assert state["phase"] == "scoring" and RULES.turn(state) == 0
    assert RULES.action_space(state, 1) == {} and list(RULES.legal_actions(state, 1)) == []
    assert list(RULES.legal_actions(state, 0)) == [NEXT]
    assert refused(state, 0, play("5H")).code == "round-over"
    assert refused(state, 1, NEXT).code == "not-your-turn"
    view = RULES.view(state, 0)
    assert len(view["log"]) == 48 and view["log"][-1]["round_over"] is True
    assert view["rounds"] == view["result"]["rounds"] and len(view["rounds"]) == 1
    state, _ = act(state, NEXT)
    assert RULES.view(state, 0)["log"] == []
    assert len(RULES.history(state, 0)) == 49


def test_refusals_have_stable_codes_and_change_nothing() -> None:
    deck = shuffled(DECK, random.Random(9))
    state = RULES.start(setup_of(deck))
    mine, theirs = state["hands"]
    for action in (
        None,
        "play",
        {},
        {"type": "pass"},
        {"type": "play"},
        {"type": "play", "card": 5},
    ):
        assert refused(state, 0, action).code == "bad-action"
    for text in ("ZZ", "1H", "XR", ""):
        assert refused(state, 0, play(text)).code == "bad-card"
    for seat in (2, -1, True, "0", None):
        assert refused(state, seat, play(mine[0])).code == "bad-seat"
    assert refused(state, 1, play(theirs[0])).code == "not-your-turn"
    for card in (theirs[1], deck[20], state["table"][0]):
        error = refused(state, 0, play(card))
        assert error.code == "card-not-in-hand"
        secret = (set(theirs) | set(deck[12:])) - {card}
        assert not strings_in(error.message) & secret
        assert not any(c in error.message for c in secret)
    assert refused(state, 0, NEXT).code == "round-not-over"
    # Lower case is fine: cards are case-insensitive.
    new, entries = RULES.apply(state, 0, play(mine[0].lower()))
    assert entries[0]["card"] == mine[0]


# --- views --------------------------------------------------------------------------------


def test_views_show_own_hand_counts_of_the_other_and_nothing_of_the_deck() -> None:
    deck = shuffled(DECK, random.Random(4))
    state = RULES.start(setup_of(deck))
    mine, theirs = state["hands"]
    view = RULES.view(state, 0)
    assert view["hand"] == mine and view["hand_counts"] == [4, 4]
    assert view["actions"] == {"play": mine}
    assert set(view["previews"]) == set(mine)
    assert view["table"] == deck[8:12] and view["deck_count"] == 40
    assert (view["round"], view["dealer"], view["leader"], view["turn"]) == (0, 1, 0, 0)
    assert view["phase"] == "play" and view["target"] == 16 and view["scores"] == [0, 0]
    assert not strings_in(view) & (set(theirs) | set(deck[12:]))
    other = RULES.view(state, 1)
    assert other["hand"] == theirs and other["actions"] == {}
    spectator = RULES.view(state, None)
    assert spectator["hand"] is None and spectator["actions"] == {}
    assert not strings_in(spectator) & (set(mine) | set(theirs) | set(deck[12:]))


# --- setups and records ---------------------------------------------------------------------


def test_random_setups_use_a_seed_that_fixes_every_round() -> None:
    setup = RULES.random_setup(2, random.Random(3))
    assert setup["first_dealer"] == 1 and isinstance(setup["seed"], int)
    assert setup == RULES.random_setup(2, random.Random(3))
    decks = [round_deck(setup, r) for r in range(3)]
    assert decks[0] == shuffled(DECK, random.Random(f"{setup['seed']}:0"))
    assert decks[0] != decks[1] != decks[2]
    assert round_deck(setup, 50) == round_deck(setup, 50)
    assert RULES.start(setup)["hands"][0] == decks[0][:4]


@pytest.mark.parametrize(
    "setup",
    [
        {"first_dealer": 1},
        {"first_dealer": 1, "seed": 1, "decks": [DECK]},
        {"first_dealer": 2, "seed": 1},
        {"first_dealer": True, "seed": 1},
        {"first_dealer": 1, "seed": "1"},
        {"first_dealer": 1, "decks": []},
        {"first_dealer": 1, "decks": [DECK[:-1]]},
        {"first_dealer": 1, "decks": [DECK[:-1] + ["AS"]]},
        {"first_dealer": 1, "decks": [DECK[:-1] + ["XR"]]},
        {"first_dealer": 1, "seed": 1, "colour": "red"},
        "seed",
    ],
)
def test_bad_setups_are_refused(setup: Any) -> None:
    with pytest.raises(BadRecord):
        RULES.start(setup)


def test_a_record_lists_each_rounds_deck_and_plays() -> None:
    decks = [shuffled(DECK, random.Random(i)) for i in (1, 2)]
    setup = setup_of(*decks, target=31)
    state, moves = random_play(RULES.start(setup), random.Random(2), steps=60)
    record = RULES.to_record(setup, moves)
    plays = [a["card"] for _, a in moves if a["type"] == "play"]
    assert record == {
        "game": "card-fishing",
        "first_dealer": 1,
        "rounds": [
            {"deck": decks[0], "plays": plays[:48]},
            {"deck": decks[1], "plays": plays[48:]},
        ],
        "options": {"target": 31},
    }
    setup_back, moves_back = RULES.from_record(json.loads(json.dumps(record)))
    assert setup_back == setup
    assert moves_back == [(None, a) for _, a in moves]
    assert moves_back[48] == (None, NEXT)
    assert not RULES.is_record_move(NEXT) and RULES.is_record_move(play("5H"))
    default = RULES.to_record(setup_of(decks[0]), [])
    assert "options" not in default and default["rounds"] == [{"deck": decks[0], "plays": []}]


def good_record() -> dict:
    deck = shuffled(DECK, random.Random(8))
    return {
        "game": "card-fishing",
        "first_dealer": 1,
        "rounds": [{"deck": deck, "plays": deck[:3]}],
    }


@pytest.mark.parametrize(
    "spoil",
    [
        lambda r: r.update(game="fish"),
        lambda r: r.update(first_dealer=3),
        lambda r: r.update(rounds=[]),
        lambda r: r.update(rounds="none"),
        lambda r: r.update(extra=1),
        lambda r: r.update(version=2),
        lambda r: r.update(options={"target": 12}),
        lambda r: r.update(options={"speed": 1}),
        lambda r: r["rounds"][0].update(extra=1),
        lambda r: r["rounds"][0].pop("plays"),
        lambda r: r["rounds"][0]["deck"].pop(),
        lambda r: r["rounds"][0]["deck"].__setitem__(0, r["rounds"][0]["deck"][1]),
        lambda r: r["rounds"][0]["deck"].__setitem__(0, "ZZ"),
        lambda r: r["rounds"][0]["deck"].__setitem__(0, 7),
        lambda r: r["rounds"][0].update(plays=["ZZ"]),
        lambda r: r["rounds"][0].update(plays=[5]),
        lambda r: r["rounds"][0].update(plays=DECK[:49]),
        # Only the last round may stop early.
        lambda r: r["rounds"].append({"deck": DECK, "plays": []}),
    ],
)
def test_bad_records_are_refused(spoil: Any) -> None:
    record = good_record()
    RULES.from_record(copy.deepcopy(record))
    spoil(record)
    with pytest.raises(BadRecord):
        RULES.from_record(record)


def test_the_referee_replays_a_record_and_logs_plays_only() -> None:
    setup = {"first_dealer": 1, "seed": 21}
    state, moves = random_play(RULES.start(setup), random.Random(21))
    record = json.loads(json.dumps(RULES.to_record(setup, moves)))
    outcome = replay(record)
    assert outcome["ok"] is True
    assert outcome["result"] == RULES.result(state)
    assert [e["card"] for e in outcome["log"]] == [
        a["card"] for _, a in moves if a["type"] == "play"
    ]
    assert all(e["type"] == "play" for e in outcome["log"])
    # An illegal play is reported at its index among the record's plays.
    record["rounds"][0]["plays"][5] = record["rounds"][0]["plays"][4]
    outcome = replay(record)
    assert outcome["ok"] is False and outcome["error"]["move"] == 5
    assert outcome["error"]["code"] == "card-not-in-hand"


# --- properties of random matches ---------------------------------------------------------


def check_cards_and_views(state: dict) -> None:
    places = state["deck"] + state["hands"][0] + state["hands"][1] + state["table"]
    places += state["captured"][0] + state["captured"][1]
    assert sorted(places) == sorted(DECK)
    assert json.loads(json.dumps(state)) == state
    for viewer in (0, 1, None):
        view = RULES.view(state, viewer)
        assert json.loads(json.dumps(view)) == view
        hidden = set(state["deck"])
        for seat in (0, 1):
            if seat != viewer:
                hidden |= set(state["hands"][seat])
        assert not strings_in(view) & hidden
        assert view["hand_counts"] == [len(h) for h in state["hands"]]
        assert view["deck_count"] == len(state["deck"])
        if viewer is not None:
            assert view["hand"] == state["hands"][viewer]
            assert view["actions"] == RULES.action_space(state, viewer)


def check_refusals(state: dict, seat: int) -> None:
    other = 1 - seat
    if state["phase"] == "play":
        if state["hands"][other]:
            assert refused(state, other, play(state["hands"][other][0])).code == "not-your-turn"
        absent = next(c for c in DECK if c not in state["hands"][seat])
        assert refused(state, seat, play(absent)).code == "card-not-in-hand"
        assert refused(state, seat, NEXT).code == "round-not-over"
    else:
        assert refused(state, 0, play("5H")).code == "round-over"
        assert refused(state, 1, NEXT).code == "not-your-turn"


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**63 - 1),
    first_dealer=st.sampled_from([0, 1]),
    target=st.sampled_from([8, 11, 16]),
)
def test_random_matches_keep_every_rule(seed: int, first_dealer: int, target: int) -> None:
    setup: dict[str, Any] = {"first_dealer": first_dealer, "seed": seed}
    if target != 16:
        setup["options"] = {"target": target}
    rng = random.Random(seed)
    state = RULES.start(setup)
    moves: list = []
    while not RULES.is_over(state):
        check_cards_and_views(state)
        seat = RULES.turn(state)
        if state["phase"] == "play":
            # Plays alternate from the leader, who plays first in every deal.
            expected = state["leader"] if state["plays"] % 2 == 0 else state["dealer"]
            assert seat == expected
        if rng.random() < 0.2:
            check_refusals(state, seat)
        actions = list(RULES.legal_actions(state, seat))
        action = rng.choice(actions)
        before = copy.deepcopy(state)
        new, entries = RULES.apply(state, seat, action)
        assert state == before
        if entries[0].get("round_over"):
            done = new["rounds"][-1]
            assert sum(done["cards"]) == 52
            assert new["scores"] == [sum(r["points"][s] for r in new["rounds"]) for s in (0, 1)]
        state = new
        moves.append((seat, action))
    check_cards_and_views(state)
    assert state["winner"] in (0, 1)
    assert max(state["scores"]) >= target and state["scores"][0] != state["scores"][1]
    for done in state["rounds"]:
        # The ten points of a round, plus its sweeps, minus most cards on a 26-26 tie.
        assert sum(done["points"]) == 10 + sum(done["sweeps"]) - (done["cards"] == [26, 26])
    # Replaying the record, or a record cut short, reproduces the state.
    for cut in (len(moves), rng.randrange(len(moves))):
        partial = RULES.start(setup)
        for seat, action in moves[:cut]:
            partial, _ = RULES.apply(partial, seat, action)
        record = json.loads(json.dumps(RULES.to_record(setup, moves[:cut])))
        setup_back, moves_back = RULES.from_record(record)
        again = RULES.start(setup_back)
        for seat, action in moves_back:
            assert seat is None
            again, _ = RULES.apply(again, RULES.turn(again), action)
        assert {k: v for k, v in again.items() if k != "setup"} == {
            k: v for k, v in partial.items() if k != "setup"
        }
        assert setup_back["decks"] == [
            round_deck(setup, r) for r in range(len(setup_back["decks"]))
        ]
