"""The Bot at Card Fishing: each level's described behaviour on hand-built positions,
the exact last-deal solver against a brute force through the engine, and over many
random matches: only legal actions, and nothing but the seat's own view."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable
from typing import Any

import pytest

from games.bots import POLICIES, choose, seat_view
from games.bots.card_fishing import CARD_FISHING_POLICIES, crazy, easy, hard, normal, policies
from games.bots.card_fishing.endgame import match_odds, solve_last_deal
from games.bots.card_fishing.knowledge import Tally, read_view, round_points
from games.capture import capture
from games.card_fishing import CardFishing, score_round
from games.cards import standard_deck, suit_of
from games.tournament_card_fishing import card_fishing_sections

RULES = CardFishing()
DECK = standard_deck()
LEVELS = {"easy": easy, "normal": normal, "hard": hard, "crazy": crazy}
BOT = 1


class NeverRandom(random.Random):
    """An rng whose coin never calls for a random play (the levels toss it with random())."""

    def random(self) -> float:
        return 0.999


# --- building positions -----------------------------------------------------------


def _entry(seat: int, card: str, took: Iterable[str], sweep: bool = False) -> dict[str, Any]:
    return {
        "type": "play",
        "round": 0,
        "seat": seat,
        "card": card,
        "value": 0,
        "took": list(took),
        "sweep": sweep,
    }


def position(
    *,
    hands: tuple[list[str], list[str]],
    table: list[str],
    piles: tuple[list[str], list[str]] = ([], []),
    deck: list[str] | None = None,
    to_move: int = BOT,
    last_capture: int | None = None,
    scores: tuple[int, int] = (0, 0),
    target: int = 16,
) -> dict[str, Any]:
    """A state of round 0 (the Bot deals) with these hands, table, captured piles and deck.

    The deck defaults to every card placed nowhere else. The log is made up so
    that the views show as played exactly the cards of the piles: one capture
    per pile, and placements (of cards taken later or still on the table) to
    bring the plays to the count the hands and deck imply.
    """
    placed = [*hands[0], *hands[1], *table, *piles[0], *piles[1]]
    assert len(set(placed)) == len(placed)
    if deck is None:
        deck = [card for card in DECK if card not in placed]
    assert sorted(placed + deck) == sorted(DECK), "every card is somewhere"
    log = [_entry(seat, pile[0], pile[1:]) for seat, pile in enumerate(piles) if pile]
    placeable = [card for pile in piles for card in pile[1:]] + table
    # Early in a round fewer cards have been seen than the count of plays needs;
    # the views do not mind, so only the plays that can be shown are made up.
    wanted = 48 - len(hands[0]) - len(hands[1]) - len(deck)
    log = [_entry(0, card, []) for card in placeable[: max(0, wanted - len(log))]] + log
    setup: dict[str, Any] = {"first_dealer": BOT, "decks": [DECK, DECK]}
    if target != 16:
        setup["options"] = {"target": target}
    state = RULES.start(setup)
    state.update(
        {
            "deck": list(deck),
            "hands": [list(hands[0]), list(hands[1])],
            "table": list(table),
            "to_move": to_move,
            "last_capture": last_capture,
            "captured": [list(piles[0]), list(piles[1])],
            "plays": len(log),
            "deal": 6 - len(deck) // 8,
            "scores": list(scores),
            "log": log,
        }
    )
    return state


def view_of(state: dict[str, Any], seat: int | None = None) -> dict[str, Any]:
    """What the server hands a bot: the seat's view and its public history."""
    return seat_view(RULES, state, RULES.turn(state) if seat is None else seat)


def card_of(policy: Any, state: dict[str, Any], rng: random.Random | None = None) -> str:
    action = policy(view_of(state), rng or NeverRandom(0))
    assert action["type"] == "play"
    return action["card"]


# --- brute force through the engine ------------------------------------------------


def engine_value(state: dict[str, Any], seat: int) -> float:
    """``seat``'s chance of winning the match with best play by both, every line
    played out by the engine itself, every card of each hand tried."""
    if state["phase"] != "play":
        odds = match_odds(state["options"]["target"])
        scores = state["scores"]
        points = state["rounds"][-1]["points"]
        # The solver's tie break among equal chances: the bigger round lead.
        lead = points[seat] - points[1 - seat]
        return odds.after_round(scores[seat], scores[1 - seat]) + 1e-6 * lead
    mover = RULES.turn(state)
    values = [
        engine_value(RULES.apply(state, mover, action)[0], seat)
        for action in RULES.legal_actions(state, mover)
    ]
    return max(values) if mover == seat else min(values)


def engine_values(state: dict[str, Any], seat: int) -> dict[str, float]:
    """The value of each card ``seat`` may play now."""
    return {
        action["card"]: engine_value(RULES.apply(state, seat, action)[0], seat)
        for action in RULES.legal_actions(state, seat)
    }


# --- random matches ----------------------------------------------------------------


def play_match(
    levels: tuple[str, str], seed: int, check: Any = None, target: int | None = None
) -> list[dict[str, Any]]:
    """A whole match between two levels, each fed its view alone; the actions taken.

    ``check(state, seat, view, action)`` is called at every decision.
    """
    options = {"target": target} if target else None
    state = RULES.start(RULES.random_setup(2, random.Random(seed), options))
    actions = []
    while not RULES.is_over(state):
        seat = RULES.turn(state)
        view = view_of(state, seat)
        rng = random.Random(f"{seed}:{len(actions)}:{seat}")
        action = LEVELS[levels[seat]](view, rng)
        if check:
            check(state, seat, view, action)
        state, _ = RULES.apply(state, seat, action)
        actions.append(action)
    return actions


def last_deal_positions(count: int, seed: int, most_cards: int) -> list[dict[str, Any]]:
    """Real positions of the last deal (either seat to move) from Hard-against-Hard
    rounds, with scores and targets drawn so that the match is often at stake."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        target = rng.choice([8, 11, 16, 21, 31])
        state = RULES.start(RULES.random_setup(2, rng, {"target": target}))
        state["scores"] = [rng.randrange(target), rng.randrange(target)]
        moves = 0
        while state["phase"] == "play":
            seat = RULES.turn(state)
            left = len(state["hands"][0]) + len(state["hands"][1])
            if not state["deck"] and 1 < left <= 2 * most_cards and rng.random() < 0.4:
                found.append(state)
                break
            state, _ = RULES.apply(state, seat, hard(view_of(state, seat), random.Random(moves)))
            moves += 1
    return found


# --- the levels, as the seed describes them ---------------------------------------


# A table where most cards and best cards part ways: the 9D takes four plain
# cards (4S 9C 2D 3D); the KS takes only 4S 9C but brings two spades home.
CROWDED = ["5C", "4S", "9C", "2D", "3D"]
HAND_FOR_CROWDED = ["6C", "9D", "KS", "8C"]
OTHER_HAND = ["2H", "3H", "5H", "6H"]


def test_easy_takes_the_most_table_cards_when_it_does_not_play_at_random() -> None:
    state = position(hands=(OTHER_HAND, HAND_FOR_CROWDED), table=CROWDED)
    takes = {card: len(capture(card, CROWDED)) for card in HAND_FOR_CROWDED}
    assert takes == {"6C": 2, "9D": 4, "KS": 2, "8C": 2}
    assert card_of(easy, state, NeverRandom()) == "9D"
    # Normal weighs what it takes instead: two spades beat two more plain cards.
    assert card_of(normal, state, NeverRandom()) == "KS"


def test_easy_often_plays_a_random_card() -> None:
    state = position(hands=(OTHER_HAND, HAND_FOR_CROWDED), table=CROWDED)
    played = [card_of(easy, state, random.Random(seed)) for seed in range(400)]
    share = played.count("9D") / len(played)
    # Half the time at random (a quarter of those the 9D too), else the 9D.
    assert 0.55 < share < 0.75
    assert set(played) == set(HAND_FOR_CROWDED)


def test_normal_places_a_low_pointless_card_when_it_cannot_capture() -> None:
    table = ["KH", "QC", "JD"]
    state = position(hands=(OTHER_HAND, ["10D", "AH", "9S", "3C"]), table=table)
    assert all(not capture(card, table) for card in ["10D", "AH", "9S", "3C"])
    assert card_of(normal, state) == "3C"
    # With no pointless card but a spade, the spade that scores nothing goes down.
    state = position(hands=(OTHER_HAND, ["10D", "AH", "2S", "9S"]), table=table)
    assert card_of(normal, state) == "9S"


def test_normal_takes_points_over_cards() -> None:
    table = ["9C", "KC", "AD", "4C"]
    hand = ["5D", "8C", "6C", "KH"]
    state = position(hands=(OTHER_HAND, hand), table=table)
    # KH takes KC and 9C+4C, three plain cards; 5D takes AD+4C, an Ace.
    assert capture("KH", table) == ["9C", "KC", "4C"]
    assert capture("5D", table) == ["AD", "4C"]
    assert card_of(normal, state) == "5D"
    assert card_of(easy, state) == "KH"


def test_normal_still_plays_at_random_now_and_then() -> None:
    state = position(hands=(OTHER_HAND, HAND_FOR_CROWDED), table=CROWDED)
    played = [card_of(normal, state, random.Random(seed)) for seed in range(400)]
    assert 0.85 < played.count("KS") / len(played) < 0.99
    assert len(set(played)) > 1


def test_hard_keeps_its_ten_of_diamonds_for_a_big_capture(monkeypatch) -> None:
    hand = ["10D", "10C", "JS", "8D"]
    table = ["AD", "QD", "4H", "9S"]
    state = position(hands=(OTHER_HAND, hand), table=table)
    # The 10D (16) could take Q+4 now: its own 2 points and two cards.
    assert capture("10D", table) == ["QD", "4H"]
    assert card_of(normal, state) == "10D"
    # Hard takes the Ace and the 9 with the plain 10 and keeps the 10D ...
    assert card_of(hard, state) == "10C"
    # ... because it keeps big cards: without that it would spend the 10D too.
    monkeypatch.setattr(policies, "KEEP_BIG", 0.0)
    assert card_of(hard, state) == "10D"
    monkeypatch.undo()
    # On a crowded table the 10D takes Q+4 and 9+7 at once, and Hard plays it.
    table = [*table, "7C"]
    state = position(hands=(OTHER_HAND, hand), table=table)
    assert len(capture("10D", table)) == 4
    assert card_of(hard, state) == "10D"


def test_hard_does_not_place_a_card_that_leaves_an_easy_sweep() -> None:
    # Nothing captures 9C. 3C leaves 12 (a Queen sweeps), 6C leaves 15 (the
    # 2 of spades sweeps), 7D leaves 16 (the 10 of diamonds sweeps); the King
    # leaves two cards no single card can both take.
    state = position(hands=(OTHER_HAND, ["KH", "7D", "6C", "3C"]), table=["9C"])
    assert card_of(normal, state) == "3C"
    assert card_of(hard, state) == "KH"
    assert card_of(crazy, state) == "KH"


@pytest.mark.parametrize("policy", [hard, crazy])
def test_hard_and_crazy_play_without_randomness(policy) -> None:
    state = position(hands=(OTHER_HAND, HAND_FOR_CROWDED), table=CROWDED)
    assert len({card_of(policy, state, random.Random(seed)) for seed in range(30)}) == 1


def crazy_puzzle(target: int = 16) -> dict[str, Any]:
    """The last plays of a round that decides the match.

    The Bot (11 points) holds JH and AD, you (14) hold 10C, the table holds 7S
    and you made the last capture. Both piles hold 24 cards and 6 spades; yours
    has two points (AS AH), the Bot's four (AC 2S 10D). Whoever gets the 7S has
    most spades, whoever gets the four cards in play most cards.

    - AD first takes nothing, nor does your 10C; then JH takes 10C + AD (11)
      and, as the last capture, the 7S: the Bot scores 4+1+1+2 = 8 and wins
      19 to 16.
    - JH first takes nothing, nor does your 10C, nor the AD (14) after it: the
      leftovers, Ace and 7S with them, go to you as the last capturer, and you
      win 20 to 15.
    """
    in_play = {"JH", "AD", "10C", "7S"}
    yours = ["AS", "3S", "4S", "5S", "6S", "8S"]
    yours += [card for card in DECK if suit_of(card) == "H" and card not in in_play]
    yours += ["2D", "3D", "4D", "5D", "6D", "7D"]
    bots = [card for card in DECK if card not in in_play and card not in yours]
    return position(
        hands=(["10C"], ["JH", "AD"]),
        table=["7S"],
        piles=(yours, bots),
        deck=[],
        last_capture=0,
        scores=(14, 11),
        target=target,
    )


def test_crazy_finds_the_winning_line_of_a_constructed_last_deal() -> None:
    state = crazy_puzzle()
    values = engine_values(state, BOT)
    assert values["AD"] > 0.999 and values["JH"] < 0.001
    assert card_of(crazy, state) == "AD"
    # Hard keeps its Ace for a big capture that never comes, and loses.
    assert card_of(hard, state) == "JH"


def test_crazy_plays_the_same_winning_line_when_the_match_goes_on() -> None:
    # To 31 nobody wins now, but the line that takes the round still serves best.
    state = crazy_puzzle(target=31)
    values = engine_values(state, BOT)
    assert values["AD"] > values["JH"]
    assert card_of(crazy, state) == "AD"


@pytest.mark.parametrize("most_cards, count, seed", [(2, 40, 1), (3, 25, 2), (4, 4, 3)])
def test_the_last_deal_solver_matches_a_brute_force_through_the_engine(
    most_cards: int, count: int, seed: int
) -> None:
    for state in last_deal_positions(count, seed, most_cards):
        values = engine_values(state, RULES.turn(state))
        card, value = solve_last_deal(read_view(view_of(state)))
        assert value == pytest.approx(max(values.values()), abs=1e-9)
        assert values[card] == pytest.approx(max(values.values()), abs=1e-9)
        assert card_of(crazy, state) == card


# --- what the Bot knows -------------------------------------------------------------


def test_reading_the_view_counts_the_cards_exactly() -> None:
    def check(state: dict[str, Any], seat: int, view: dict[str, Any], action: Any) -> None:
        if state["phase"] != "play":
            return
        know = read_view(view)
        other = 1 - seat
        assert sorted(know.unseen) == sorted(state["hands"][other] + state["deck"])
        assert know.other_hand_known == (not state["deck"])
        assert know.plays == state["plays"]
        for pile, tally in zip(state["captured"], know.tallies, strict=True):
            spades = sum(1 for card in pile if suit_of(card) == "S")
            assert (tally.cards, tally.spades) == (len(pile), spades)
        assert [t.sweeps for t in know.tallies] == state["sweeps"]

    play_match(("easy", "normal"), seed=5, check=check)


def test_round_points_agree_with_the_engines_score() -> None:
    rng = random.Random(7)
    for _ in range(200):
        deck = rng.sample(DECK, 52)
        cut = rng.randrange(53)
        piles = [deck[:cut], deck[cut:]]
        sweeps = [rng.randrange(3), rng.randrange(3)]
        tallies = [Tally().plus(pile) for pile in piles]
        tallies = [t._replace(sweeps=s) for t, s in zip(tallies, sweeps, strict=True)]
        assert list(round_points(*tallies)) == score_round(piles, sweeps)["points"]


def test_match_odds_favour_the_leader_and_add_up() -> None:
    for target in (8, 16, 31):
        odds = match_odds(target)
        for a in range(target):
            for b in range(target):
                assert odds.after_round(a, b) + odds.after_round(b, a) == pytest.approx(1.0)
                if a + 1 < target:
                    assert odds.after_round(a + 1, b) > odds.after_round(a, b)
        assert odds.after_round(target, target - 1) == 1.0
        assert odds.after_round(target + 2, target + 2) == 0.5


# --- every level, over many random matches ---------------------------------------------


PAIRS = [("easy", "crazy"), ("crazy", "normal"), ("hard", "easy"), ("normal", "hard")]


@pytest.mark.parametrize("pair", PAIRS)
def test_every_level_only_returns_legal_actions_and_leaves_its_view_alone(pair) -> None:
    def check(state: dict[str, Any], seat: int, view: dict[str, Any], action: Any) -> None:
        assert action in list(RULES.legal_actions(state, seat))
        # A policy reads its view and never changes it.
        assert view == view_of(state, seat)

    for seed in range(6):
        play_match(pair, seed=100 + seed, check=check, target=random.Random(seed).choice([8, 16]))


def twin(state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Another state with the same view for the seat to move: the unseen cards (the
    other hand and the deck) dealt again in another order."""
    seat = RULES.turn(state)
    other = 1 - seat
    new = copy.deepcopy(state)
    unseen = new["hands"][other] + new["deck"]
    rng.shuffle(unseen)
    count = len(new["hands"][other])
    new["hands"][other], new["deck"] = unseen[:count], unseen[count:]
    return new


def test_a_bot_sees_only_its_view_two_states_with_one_view_get_one_action() -> None:
    rng = random.Random(11)
    checked = 0

    def check(state: dict[str, Any], seat: int, view: dict[str, Any], action: Any) -> None:
        nonlocal checked
        if state["phase"] != "play" or rng.random() < 0.5:
            return
        other = twin(state, rng)
        if other["hands"] == state["hands"] and other["deck"] == state["deck"]:
            return
        assert view_of(other, seat) == view
        for level, policy in LEVELS.items():
            seed = rng.randrange(1 << 30)
            ours = policy(view_of(state, seat), random.Random(seed))
            theirs = policy(view_of(other, seat), random.Random(seed))
            assert ours == theirs, level
        checked += 1

    play_match(("normal", "crazy"), seed=21, check=check)
    assert checked > 30


def test_every_level_starts_the_next_round_when_that_is_all_it_may_do() -> None:
    state = crazy_puzzle(target=31)
    state, _ = RULES.apply(state, BOT, {"type": "play", "card": "AD"})
    state, _ = RULES.apply(state, 0, {"type": "play", "card": "10C"})
    state, _ = RULES.apply(state, BOT, {"type": "play", "card": "JH"})
    assert state["phase"] == "scoring"
    view = view_of(state, 0)
    assert view["actions"] == {"next-round": True}
    for policy in LEVELS.values():
        assert policy(view, random.Random(0)) == {"type": "next-round"}


def test_a_match_between_bots_replays_identically_from_its_seeds() -> None:
    assert play_match(("easy", "normal"), seed=3) == play_match(("easy", "normal"), seed=3)


def test_the_four_levels_are_registered_under_their_names() -> None:
    assert set(CARD_FISHING_POLICIES) == {
        ("card-fishing", level) for level in ("easy", "normal", "hard", "crazy")
    }
    for (game, level), policy in CARD_FISHING_POLICIES.items():
        assert POLICIES[game, level] is policy is LEVELS[level]
    state = crazy_puzzle()
    assert choose("card-fishing", "crazy", view_of(state), random.Random(0))["card"] == "AD"


def test_the_tournament_section_counts_wins_and_times_every_level() -> None:
    [section] = card_fishing_sections(matches=2, seed=1)
    assert [m.label for m in section.matchups] == [
        "normal vs easy",
        "hard vs normal",
        "crazy vs hard",
    ]
    for matchup in section.matchups:
        assert matchup.games == 2 and matchup.wins + matchup.losses == 2
    assert set(section.timings) == {f"card-fishing/{level}" for level in LEVELS}
    # Normal and Hard play in two matchups each, so they decide about twice as often.
    counts = {bot: len(times) for bot, times in section.timings.items()}
    assert counts["card-fishing/normal"] > 1.5 * counts["card-fishing/easy"]
    assert all(0 <= t < 1 for times in section.timings.values() for t in times)
