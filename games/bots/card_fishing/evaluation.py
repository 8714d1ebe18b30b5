"""Valuing plays: what a capture is worth and what the other seat can take next.

Every value here is in points of the round's score difference (mine minus
theirs): an Ace taken is worth 1, and cards and spades are worth their share
of the "most cards" and "most spades" points.
"""

from __future__ import annotations

import math
from bisect import insort
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from games.capture import capture
from games.cards import standard_deck

from .knowledge import CANON, FACE, HAND_VALUE, POINTS, SPADE, Knowledge, Tally, canonical

HAND_SIZE = 4
SWEEP = 1.0
MOST_CARDS = 1.0
MOST_SPADES = 2.0
TOTAL_CARDS = 52
TOTAL_SPADES = 13

# One card for each hand value: a capture depends on the played card's value only.
_REPRESENTATIVE: dict[int, str] = {}
for _card in sorted(standard_deck(), key=lambda c: (CANON[c] != c, c)):
    _REPRESENTATIVE.setdefault(HAND_VALUE[_card], _card)


@lru_cache(maxsize=1 << 13)
def take(value: int, table: tuple[str, ...]) -> tuple[str, ...]:
    """What a card of hand ``value`` takes from ``table`` (a canonical, sorted tuple).

    Cached: the same small tables come up again and again in a look-ahead, and
    canonical spelling makes equal tables equal keys. The cache stays small:
    the reuse is within a decision, and a big cache slows every garbage collection.
    """
    # Most plays take nothing, and a subset-sum bitmask says so in a few
    # microseconds, far cheaper than the full capture search.
    reachable = 1
    for card in table:
        reachable |= reachable << FACE[card]
    if not (reachable >> value) & 1:
        return ()
    return tuple(capture(_REPRESENTATIVE[value], table))


def without(table: tuple[str, ...], taken: Iterable[str]) -> tuple[str, ...]:
    """``table`` less the cards of ``taken`` (multisets, sorted tuples)."""
    rest = list(table)
    for card in taken:
        rest.remove(card)
    return tuple(rest)


def with_card(table: tuple[str, ...], card: str) -> tuple[str, ...]:
    rest = list(table)
    insort(rest, card)
    return tuple(rest)


@dataclass(frozen=True)
class Weights:
    """What collecting cards is worth to one seat.

    ``cards[n]`` and ``spades[n]`` are the worth of n more cards or spades: a
    table, because the worth of the "most" points is not linear once the race
    is decided or close.
    """

    cards: tuple[float, ...]
    spades: tuple[float, ...]
    sweep: float = SWEEP

    def worth(self, pile: Sequence[str], sweep: bool = False) -> float:
        spades = sum(SPADE[c] for c in pile)
        points = sum(POINTS[c] for c in pile)
        return (
            points
            + self.cards[min(len(pile), TOTAL_CARDS)]
            + self.spades[spades]
            + (self.sweep if sweep else 0.0)
        )


def flat_weights(card: float, spade: float) -> Weights:
    """Weights that ignore the race: each card and each spade worth the same."""
    return Weights(
        cards=tuple(card * n for n in range(TOTAL_CARDS + 1)),
        spades=tuple(spade * n for n in range(TOTAL_SPADES + 1)),
    )


# Early in a round a card decides "most cards" about one time in ten and a
# spade decides "most spades" about one time in four (2 points), so:
FLAT = flat_weights(card=0.1, spade=0.45)


def _lead(mine: int, theirs: int, left: int, spread: float) -> float:
    """P(I end with more) - P(they end with more), when ``left`` items are still to share.

    The final difference is taken as normal around the current one; ``spread``
    is the variance per item still to share (more than 1 because cards come in
    piles, not one by one).
    """
    lead = mine - theirs
    if left <= 0:
        return float((lead > 0) - (lead < 0))
    sigma = math.sqrt(left * spread)
    win = 0.5 * math.erfc(-(lead - 0.5) / (sigma * math.sqrt(2)))
    lose = 0.5 * math.erfc(-(-lead - 0.5) / (sigma * math.sqrt(2)))
    return win - lose


def race_weights(
    mine: Tally, theirs: Tally, card_spread: float = 3.0, spade_spread: float = 1.5
) -> Weights:
    """The worth to ``mine`` of more cards and spades, given the round so far.

    Counting the cards gathered by each side shows when a race is already won
    or lost (a spade then is worth nothing more) and when it is close.
    """
    cards_left = TOTAL_CARDS - mine.cards - theirs.cards
    spades_left = TOTAL_SPADES - mine.spades - theirs.spades
    card_now = _lead(mine.cards, theirs.cards, cards_left, card_spread)
    spade_now = _lead(mine.spades, theirs.spades, spades_left, spade_spread)
    cards = tuple(
        MOST_CARDS * (_lead(mine.cards + n, theirs.cards, cards_left - n, card_spread) - card_now)
        for n in range(TOTAL_CARDS + 1)
    )
    spades = tuple(
        MOST_SPADES
        * (_lead(mine.spades + n, theirs.spades, spades_left - n, spade_spread) - spade_now)
        for n in range(TOTAL_SPADES + 1)
    )
    return Weights(cards=cards, spades=spades)


@lru_cache(maxsize=256)
def best_of_hand(pool: int, hand: int) -> tuple[float, ...]:
    """P(the i-th best of ``pool`` cards is the best one in a random ``hand`` of them).

    The hand holds none of the i-1 better cards and holds the i-th: a
    hypergeometric count, so the expected best play of an unknown hand is exact.
    """
    hand = min(hand, pool)
    if hand <= 0:
        return (0.0,) * pool
    total = math.comb(pool, hand)
    return tuple(math.comb(pool - 1 - i, hand - 1) / total for i in range(pool))


class Lookahead:
    """One ply of look-ahead for the seat whose knowledge this is.

    The value of a play is what it collects now minus what the other seat can
    expect to collect with its best reply, over every hand it might hold.
    """

    def __init__(self, know: Knowledge, mine: Weights, theirs: Weights) -> None:
        self.know = know
        self.mine = mine
        self.theirs = theirs
        self.table = canonical(know.table)
        self.pool = Counter(CANON[c] for c in know.unseen)
        self.pool_size = len(know.unseen)
        # The other seat answers from the hand it holds or, when this play ends
        # a deal, from the four cards it is dealt next.
        if know.other_count:
            self.reply_hand = know.other_count
        elif know.deck_count:
            self.reply_hand = HAND_SIZE
        else:
            self.reply_hand = 0
        self.final = know.plays_left == 1
        self.reply_final = know.plays_left == 2

    def after(self, card: str) -> tuple[float, tuple[str, ...], int | None, tuple[str, ...]]:
        """What ``card`` collects now, the table it leaves, the last capturer, what it took."""
        know = self.know
        taken = take(HAND_VALUE[card], self.table)
        if taken:
            rest = without(self.table, taken)
            gain = self.mine.worth((CANON[card], *taken), sweep=not rest and not self.final)
            capturer: int | None = know.seat
        else:
            rest = with_card(self.table, CANON[card])
            gain = 0.0
            capturer = know.last_capture
        if self.final:
            # The round's last play: the table goes to the last capturer.
            gain += self._leftovers(rest, capturer, self.mine, self.theirs)
        return gain, rest, capturer, taken

    def _leftovers(
        self, rest: tuple[str, ...], capturer: int | None, own: Weights, other: Weights
    ) -> float:
        if not rest or capturer is None:
            return 0.0
        if capturer == self.know.seat:
            return own.worth(rest)
        return -other.worth(rest)

    def reply(self, rest: tuple[str, ...], capturer: int | None) -> float:
        """The other seat's expected gain from its best answer to the table ``rest``."""
        if self.final or not self.reply_hand or not self.pool_size:
            return 0.0
        gains: list[float] = []
        for card, count in self.pool.items():
            gains.extend([self._reply_gain(card, rest, capturer)] * count)
        gains.sort(reverse=True)
        chances = best_of_hand(self.pool_size, self.reply_hand)
        return sum(g * p for g, p in zip(gains, chances, strict=True))

    def _reply_gain(self, card: str, rest: tuple[str, ...], capturer: int | None) -> float:
        taken = take(HAND_VALUE[card], rest)
        if taken:
            left = without(rest, taken)
            gain = self.theirs.worth((card, *taken), sweep=not left and not self.reply_final)
            if self.reply_final and left:
                gain += self.theirs.worth(left)
            return gain
        if self.reply_final and rest and capturer is not None:
            left = with_card(rest, card)
            # Seen from the other seat: the leftovers are its gain or my gain.
            if capturer == self.know.seat:
                return -self.mine.worth(left)
            return self.theirs.worth(left)
        return 0.0

    def value(self, card: str) -> float:
        gain, rest, capturer, _taken = self.after(card)
        return gain - self.reply(rest, capturer)
