"""The four levels of the Bot at Card Fishing, as the seed describes them.

- Easy: often a random card; otherwise the card that takes the most table cards.
- Normal: values each play by what it gains (points, spades, cards, sweeps),
  places a low, pointless card when nothing captures, and still plays at
  random now and then.
- Hard: no randomness; also weighs what the other seat could take from the
  table it leaves (every card it might hold, given what has been seen), and
  keeps its Aces, 2 of spades and 10 of diamonds for big captures.
- Crazy: plays like Hard, counts cards (the races for most cards and most
  spades), and once the deck is gone solves the last deal exactly for the
  line that best serves winning the match.

A policy gets the seat's view (with its public history) and an rng, nothing
else, and returns one legal action.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.card_fishing import TARGETS

from .endgame import match_odds, solve_last_deal
from .evaluation import FLAT, Lookahead, Weights, race_weights, take
from .knowledge import BIG, CANON, HAND_VALUE, POINTS, SPADE, Knowledge, canonical, read_view

Action = dict[str, Any]
Policy = Callable[[dict[str, Any], random.Random], Action]

GAME = "card-fishing"
EASY_RANDOM = 0.5
NORMAL_RANDOM = 0.1
# What holding a big card (Ace, 2S, 10D) for a crowded table is worth, in
# points, against spending it on a capture of fewer than BIG_CAPTURE cards.
KEEP_BIG = 0.5
BIG_CAPTURE = 3


def _play(card: str) -> Action:
    return {"type": "play", "card": card}


def _forced(view: dict[str, Any]) -> Action | None:
    """The action when there is no choice to make, else None."""
    actions = view["actions"]
    if actions.get("next-round"):
        return {"type": "next-round"}
    cards = actions.get("play")
    if not cards:
        raise ValueError("this seat has nothing to do")
    if len(cards) == 1:
        return _play(cards[0])
    return None


def _taken(card: str, table: tuple[str, ...]) -> tuple[str, ...]:
    return take(HAND_VALUE[card], table)


# --- Easy ---------------------------------------------------------------------------


def easy(view: dict[str, Any], rng: random.Random) -> Action:
    forced = _forced(view)
    if forced:
        return forced
    cards = view["actions"]["play"]
    if rng.random() < EASY_RANDOM:
        return _play(rng.choice(cards))
    table = canonical(view["table"])
    # max keeps the first of equals: the hand's order breaks ties.
    return _play(max(cards, key=lambda c: len(_taken(c, table))))


# --- Normal -------------------------------------------------------------------------


def _placement_cost(card: str) -> tuple[int, int, int]:
    # The seed's advice: put down a small card that scores nothing. A point
    # card or a spade on the table is a gift to whoever takes it next.
    return (POINTS[card], SPADE[card], HAND_VALUE[card])


def normal(view: dict[str, Any], rng: random.Random) -> Action:
    forced = _forced(view)
    if forced:
        return forced
    cards = view["actions"]["play"]
    if rng.random() < NORMAL_RANDOM:
        return _play(rng.choice(cards))
    know = read_view(view)
    table = canonical(know.table)
    final = know.plays_left == 1
    best: tuple[float, str] | None = None
    for card in cards:
        taken = _taken(card, table)
        if taken:
            sweep = len(taken) == len(table) and not final
            gain = FLAT.worth((CANON[card], *taken), sweep=sweep)
            if best is None or gain > best[0]:
                best = (gain, card)
    if best is not None:
        return _play(best[1])
    return _play(min(cards, key=_placement_cost))


# --- Hard and Crazy -----------------------------------------------------------------


def _keep_cost(card: str, taken: tuple[str, ...], know: Knowledge) -> float:
    """What playing a big card now gives up, when it takes little or nothing.

    An Ace (14), the 2 of spades (15) or the 10 of diamonds (16) can take a
    crowded table; spent on one or two cards, or placed, that chance is gone.
    With one card left there is nothing to keep it for.
    """
    if card not in BIG or len(know.hand) <= 1 or len(taken) >= BIG_CAPTURE:
        return 0.0
    return KEEP_BIG


def _best_by_lookahead(know: Knowledge, mine: Weights, theirs: Weights) -> str:
    look = Lookahead(know, mine, theirs)
    best: tuple[float, int, str] | None = None
    for card in know.hand:
        gain, rest, capturer, taken = look.after(card)
        value = gain - look.reply(rest, capturer) - _keep_cost(card, taken, know)
        # Among equal plays, the one that spends the lower hand value.
        key = (value, -HAND_VALUE[card], card)
        if best is None or key > best:
            best = key
    assert best is not None
    return best[2]


def hard(view: dict[str, Any], rng: random.Random) -> Action:
    forced = _forced(view)
    if forced:
        return forced
    know = read_view(view)
    return _play(_best_by_lookahead(know, FLAT, FLAT))


def crazy(view: dict[str, Any], rng: random.Random) -> Action:
    forced = _forced(view)
    if forced:
        return forced
    know = read_view(view)
    if know.other_hand_known:
        card, _value = solve_last_deal(know)
        return _play(card)
    mine = race_weights(know.tallies[know.seat], know.tallies[know.other])
    theirs = race_weights(know.tallies[know.other], know.tallies[know.seat])
    return _play(_best_by_lookahead(know, mine, theirs))


# The match odds of every target are worked out once, here, rather than
# inside the first last-deal decision of a match (all five take ~20 ms).
for _target in TARGETS:
    match_odds(_target)

CARD_FISHING_POLICIES: dict[tuple[str, str], Policy] = {
    (GAME, "easy"): easy,
    (GAME, "normal"): normal,
    (GAME, "hard"): hard,
    (GAME, "crazy"): crazy,
}
