"""The last deal, solved exactly, and the match odds it aims at.

Once the deck is gone every unseen card is in the other hand, so the rest of
the round is a game of perfect information: at most four plays each, which a
minimax over every line (with a memo on positions) settles in milliseconds.

The lines are scored by what they do to the match, not the round: each
ending is worth the chance of winning the match from the scores it leaves,
from a model of how many points each side takes in a round. A line that wins
the match outright is worth 1, one that loses it 0, and in between a bigger
lead is worth more the closer the target is.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

from .evaluation import take, with_card, without
from .knowledge import CANON, HAND_VALUE, Knowledge, Tally, canonical, round_points

# --- match odds ---------------------------------------------------------------------

# A round's points, seen as items that go to one side or the other: four Aces
# (1 each), the 2 of spades (1), the 10 of diamonds (2), most spades (2) and
# most cards (1, nobody's on a tie), plus each side's sweeps. The items of a
# round are not independent: the side the cards favour tends to take most of
# them. So each round draws a share p from a Beta(a, a) law, each item goes to
# me with chance p and my sweeps come at 2p times the average rate. With the
# figures below (measured over Hard-against-Hard rounds) a round gives 5.7
# points a side on average and the round difference has a spread of 5.4, as
# in those rounds.
_ITEMS = (1, 1, 1, 1, 1, 2, 2)
_MOST_CARDS_TIE = 0.054
_SWEEPS_PER_SIDE = 0.69
_SHARE_BETA = 3.3
_SHARE_LEVELS = 9
_MAX_SWEEPS = 8
# Outcomes rarer than this are dropped: they change no decision.
_NEGLIGIBLE = 1e-7
# A tie in the score breaks tied lines: the bigger round lead.
_TIE_BREAK = 1e-6

Distribution = dict[tuple[int, int], float]


def _convolve(dist: Distribution, options: list[tuple[int, int, float]]) -> Distribution:
    new: Distribution = {}
    for (x, y), p in dist.items():
        for dx, dy, q in options:
            key = (x + dx, y + dy)
            new[key] = new.get(key, 0.0) + p * q
    return new


def _poisson(rate: float) -> list[float]:
    chances = [math.exp(-rate) * rate**k / math.factorial(k) for k in range(_MAX_SWEEPS + 1)]
    chances[-1] += 1 - sum(chances)
    return chances


def _round_given_share(share: float) -> Distribution:
    """P(I score x and they score y) in a round whose items come to me with chance ``share``."""
    dist: Distribution = {(0, 0): 1.0}
    for points in _ITEMS:
        dist = _convolve(dist, [(points, 0, share), (0, points, 1 - share)])
    won = 1 - _MOST_CARDS_TIE
    dist = _convolve(
        dist, [(1, 0, won * share), (0, 1, won * (1 - share)), (0, 0, _MOST_CARDS_TIE)]
    )
    mine = _poisson(2 * share * _SWEEPS_PER_SIDE)
    theirs = _poisson(2 * (1 - share) * _SWEEPS_PER_SIDE)
    dist = _convolve(dist, [(k, 0, p) for k, p in enumerate(mine)])
    return _convolve(dist, [(0, k, p) for k, p in enumerate(theirs)])


@lru_cache(maxsize=1)
def _round_distribution() -> Distribution:
    """P(I score x and they score y in a round), from the model above."""
    shares = [(level + 0.5) / _SHARE_LEVELS for level in range(_SHARE_LEVELS)]
    weights = [(s * (1 - s)) ** (_SHARE_BETA - 1) for s in shares]
    total: Distribution = {}
    for share, weight in zip(shares, weights, strict=True):
        for key, p in _round_given_share(share).items():
            total[key] = total.get(key, 0.0) + p * weight / sum(weights)
    kept = {key: p for key, p in total.items() if p >= _NEGLIGIBLE}
    mass = sum(kept.values())
    return {key: p / mass for key, p in kept.items()}


class MatchOdds:
    """P(I win the match) from a score, before a round is played, to ``target``."""

    def __init__(self, target: int) -> None:
        self.target = target
        dist = dict(_round_distribution())
        stay = dist.pop((0, 0), 0.0)
        steps = [(x, y, p / (1 - stay)) for (x, y), p in dist.items()]
        size = target + max(max(x, y) for x, y, _ in steps) + 1
        # chances[a][b]: P(I win) with a points to their b, before a round;
        # past the target the match is over (or, level, a coin toss).
        chances = [[self._over(a, b) for b in range(size)] for a in range(size)]
        # Higher totals first: every round adds points, so each entry only
        # needs entries already filled in (a pointless round is a self-loop,
        # taken out of the steps above).
        for total in range(2 * target - 2, -1, -1):
            for a in range(max(0, total - target + 1), min(total, target - 1) + 1):
                b = total - a
                chances[a][b] = sum(p * chances[a + x][b + y] for x, y, p in steps)
        self._chances = chances

    def _over(self, mine: int, theirs: int) -> float:
        if mine == theirs:
            return 0.5  # level past the target: one more round, a coin toss
        return 1.0 if mine > theirs else 0.0

    def after_round(self, mine: int, theirs: int) -> float:
        """P(I win the match) once a round has left the scores at ``mine`` and ``theirs``."""
        if max(mine, theirs) >= self.target:
            return self._over(mine, theirs)
        return self._chances[mine][theirs]


@lru_cache(maxsize=16)
def match_odds(target: int) -> MatchOdds:
    return MatchOdds(target)


# --- the solver ---------------------------------------------------------------------

ME, THEM = 0, 1
_INFINITY = float("inf")

Hands = tuple[tuple[str, ...], tuple[str, ...]]
Tallies = tuple[Tally, Tally]
# Hands, table, the seat to move, the last capturer (ME, THEM or None), tallies.
Position = tuple[Hands, tuple[str, ...], int, int | None, Tallies]


def solve_last_deal(know: Knowledge) -> tuple[str, float]:
    """The best card to play in the last deal, and the value of the position.

    Needs ``know.other_hand_known``. Both sides are assumed to play their best
    from here on; the value is my chance of winning the match (a small tie
    break favours the bigger round lead among equal chances).
    """
    if not know.other_hand_known:
        raise ValueError("the last deal is solved only once the deck is gone")
    solver = _Solver(_ending(know))
    last = None if know.last_capture is None else (ME if know.last_capture == know.seat else THEM)
    root: Position = (
        (canonical(know.hand), canonical(know.unseen)),
        canonical(know.table),
        ME,
        last,
        (know.tallies[know.seat], know.tallies[know.other]),
    )
    best: tuple[float, str] | None = None
    for card, child in solver.children(root):
        value = solver.search(child, -_INFINITY if best is None else best[0], _INFINITY)
        if best is None or value > best[0]:
            best = (value, card)
    assert best is not None
    # Back from the canonical spelling to a card of the hand.
    played = next(c for c in know.hand if CANON[c] == best[1])
    return played, best[0]


class _Solver:
    """Alpha-beta over the plays left, with a memo of value bounds per position."""

    def __init__(self, evaluate: Callable[[tuple[str, ...], int | None, Tallies], float]) -> None:
        self.evaluate = evaluate
        self.bounds: dict[Position, tuple[float, float]] = {}

    def children(self, position: Position) -> list[tuple[str, Position]]:
        """Each distinct play of the mover and the position after it, likely best first."""
        hands, _table, mover, _last, tallies = position
        # Equal canonical cards lead to equal positions: one of each is enough.
        moves = [(card, _play(position, card)) for card in dict.fromkeys(hands[mover])]
        # Trying the plays that gather most first makes the cut-offs come early.
        before = tallies[mover]
        moves.sort(key=lambda move: _gathered(before, move[1][4][mover]), reverse=True)
        return moves

    def search(self, position: Position, alpha: float, beta: float) -> float:
        """The value of ``position`` if it lies in (alpha, beta); else a bound past the window."""
        low, high = self.bounds.get(position, (-_INFINITY, _INFINITY))
        if low >= beta:
            return low
        if high <= alpha:
            return high
        if low == high:
            return low
        alpha, beta = max(alpha, low), min(beta, high)
        hands, table, mover, last, tallies = position
        if not hands[ME] and not hands[THEM]:
            value = self.evaluate(table, last, tallies)
            self.bounds[position] = (value, value)
            return value
        maximise = mover == ME
        best = -_INFINITY if maximise else _INFINITY
        a, b = alpha, beta
        for _card, child in self.children(position):
            value = self.search(child, a, b)
            if maximise:
                best = max(best, value)
                a = max(a, value)
            else:
                best = min(best, value)
                b = min(b, value)
            if a >= b:
                break
        if best <= alpha:
            self.bounds[position] = (low, best)
        elif best >= beta:
            self.bounds[position] = (best, high)
        else:
            self.bounds[position] = (best, best)
        return best


def _gathered(before: Tally, after: Tally) -> tuple[int, int, int]:
    return (
        after.points + after.sweeps - before.points - before.sweeps,
        after.cards - before.cards,
        after.spades - before.spades,
    )


def _play(position: Position, card: str) -> Position:
    """The position after the mover plays ``card``."""
    hands, table, mover, last, tallies = position
    hand = list(hands[mover])
    hand.remove(card)
    new_hands = (tuple(hand), hands[THEM]) if mover == ME else (hands[ME], tuple(hand))
    final = not new_hands[ME] and not new_hands[THEM]
    taken = take(HAND_VALUE[card], table)
    if taken:
        rest = without(table, taken)
        gathered = tallies[mover].plus((card, *taken), sweep=not rest and not final)
        tallies = (gathered, tallies[THEM]) if mover == ME else (tallies[ME], gathered)
        return new_hands, rest, 1 - mover, mover, tallies
    return new_hands, with_card(table, card), 1 - mover, last, tallies


def _ending(know: Knowledge) -> Callable[[tuple[str, ...], int | None, Tallies], float]:
    """Scores a finished round: leftovers to the last capturer, then the match odds."""
    odds = match_odds(know.target)
    mine, theirs = know.scores[know.seat], know.scores[know.other]

    def evaluate(table: tuple[str, ...], last: int | None, tallies: Tallies) -> float:
        if table and last is not None:
            gathered = tallies[last].plus(table)
            tallies = (gathered, tallies[THEM]) if last == ME else (tallies[ME], gathered)
        points = round_points(*tallies)
        chance = odds.after_round(mine + points[0], theirs + points[1])
        return chance + _TIE_BREAK * (points[0] - points[1])

    return evaluate
