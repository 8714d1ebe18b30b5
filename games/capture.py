"""The exact capture search of Card Fishing.

A card played from the hand takes a set of disjoint groups of table cards, each
group adding up to the card's hand value. Among all such sets the rules take
the one with the most cards, then the most points, then the most spades.

A search over subsets of the table is exponential in the number of cards and a
greedy choice is wrong surprisingly often, so the search works on *count
vectors*: cards of one face value are interchangeable as far as the sums go,
so it is enough to decide how many cards of each value are taken. The best
cards of a value (by points, then spades) are then picked afterwards; the
objective is a sum over cards, so that pick is exact.

Count vectors are packed into one int, four bits per face value (a field
holds 0-4 cards), which makes "does this group still fit" two integer
operations and gives cheap memo keys.

The search settles the values from the highest down, memoised on the packed
vector, and prunes with upper bounds from two facts: the cards left over weigh
what the table weighs modulo the target, and a card above half the target
needs small partners (its group's rest) that the table may not have. Tables
met in play take tens of microseconds; the worst tables found by a search for
slow ones (forty-odd cards, never seen in a game) take up to about 20 ms.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from games.cards import JOKERS, CardError, face_value, parse_card, rank_of, suit_of

MAX_FACE = 13
_BITS = 4
_FIELD = (1 << _BITS) - 1
# Bit 3 of every field. Counts never exceed 4 (one deck), so a field OR-ed with
# its guard bit stays >= 8 and subtracting at most 7 never borrows from the
# next field; the guard bit survives exactly when the field was big enough.
_GUARD = sum(1 << (_BITS * (value - 1) + 3) for value in range(1, MAX_FACE + 1))
# More than any objective: the cost of an impossible choice.
_INFINITY = 1 << 60
# One deck: at most four cards of a face value, so partitions never need more.
_MAX_COUNT = 4

# Special hand values: these three cards are worth more when played.
_HAND_VALUES = {"A": 14}
_SPECIAL_HAND_VALUES = {"2S": 15, "10D": 16}
_SPECIAL_POINTS = {"2S": 1, "10D": 2}

# The secondary objective of a capture packed into one int: points first,
# then spades. A table holds at most 7 points and 13 spades, so 64 separates them.
_SPADE_WEIGHT = 1
_POINT_WEIGHT = 64


def _shift(value: int) -> int:
    return _BITS * (value - 1)


def parse_game_card(text: str) -> str:
    """The canonical spelling of a card of the 52-card deck; CardError otherwise (jokers too)."""
    card = parse_card(text)
    if card in JOKERS:
        raise CardError(text)
    return card


def hand_value(card: str) -> int:
    """What ``card`` counts when played from the hand (Ace 14, 2S 15, 10D 16)."""
    card = parse_game_card(card)
    if card in _SPECIAL_HAND_VALUES:
        return _SPECIAL_HAND_VALUES[card]
    return _HAND_VALUES.get(rank_of(card), face_value(card))


def card_points(card: str) -> int:
    """The points a captured ``card`` scores by itself: Ace 1, 2S 1, 10D 2, else 0."""
    card = parse_game_card(card)
    if rank_of(card) == "A":
        return 1
    return _SPECIAL_POINTS.get(card, 0)


def capture_bonus(card: str) -> int:
    """The tie-break worth of taking ``card``, after the card count: points, then spades."""
    spade = 1 if suit_of(card) == "S" else 0
    return card_points(card) * _POINT_WEIGHT + spade * _SPADE_WEIGHT


def capture(card: str, table: Sequence[str]) -> list[str]:
    """The table cards ``card`` takes when played onto ``table``, in table order.

    An empty list means the card takes nothing and goes to the table.
    """
    table = [parse_game_card(c) for c in table]
    return best_capture(hand_value(card), table, capture_bonus)


@cache
def _partitions(target: int) -> tuple[tuple[tuple[tuple[int, int], ...], int], ...]:
    """Every way to write ``target`` as a sum of face values 1-13.

    Each partition is (((value, count), ...) by value, packed count vector).
    Partitions using a value more than four times are kept out: one deck has four.
    """
    found: list[tuple[tuple[tuple[int, int], ...], int]] = []

    def extend(remaining: int, smallest: int, counts: dict[int, int]) -> None:
        if remaining == 0:
            packed = sum(count << _shift(value) for value, count in counts.items())
            found.append((tuple(sorted(counts.items())), packed))
            return
        for value in range(smallest, min(remaining, MAX_FACE) + 1):
            if counts.get(value, 0) == _MAX_COUNT:
                continue
            counts[value] = counts.get(value, 0) + 1
            extend(remaining - value, value, counts)
            counts[value] -= 1
            if not counts[value]:
                del counts[value]

    extend(target, 1, {})
    return tuple(found)


def _fits(rem: int, group: int) -> bool:
    return ((rem | _GUARD) - group) & _GUARD == _GUARD


def best_capture(
    target: int,
    table: Sequence[str],
    bonus: Callable[[str], int],
    value: Callable[[str], int] = face_value,
) -> list[str]:
    """The best set of disjoint groups of ``table`` cards each adding up to ``target``.

    Best means the most cards, then the highest total ``bonus`` (a non-negative
    int per card, additive). Ties beyond that are broken deterministically: the
    answer depends on the cards on the table, never on their order. Returns the
    chosen cards in table order.
    """
    # Cards of each usable value, best first; a card worth more than the target
    # can never be part of a group.
    by_value: dict[int, list[tuple[int, int]]] = {}
    for position, card in enumerate(table):
        card_value = value(card)
        if 1 <= card_value <= min(target, MAX_FACE):
            by_value.setdefault(card_value, []).append((bonus(card), position))
    if not by_value:
        return []
    # Equal bonus: prefer the card that sorts first as text, so table order never matters.
    for cards in by_value.values():
        cards.sort(key=lambda item: (-item[0], table[item[1]]))
        if len(cards) > _MAX_COUNT:
            raise ValueError("a table holds at most four cards of a value")

    used = _best_counts(target, {v: [b for b, _ in cards] for v, cards in by_value.items()})
    chosen = sorted(position for v, count in used.items() for _, position in by_value[v][:count])
    return [table[position] for position in chosen]


def _best_counts(target: int, bonuses: dict[int, list[int]]) -> dict[int, int]:
    """How many cards of each value to take, given each value's card bonuses best first.

    The values are settled from the highest down: a high card fits in few groups
    and needs low partners, so deciding the high cards first leaves the flexible
    low cards for last, where the bound below is nearly exact and prunes well.
    """
    values = sorted(bonuses, reverse=True)
    n = len(values)
    counts = [len(bonuses[v]) for v in values]
    shifts = [_shift(v) for v in values]
    # The fields of values[k] and every lower value: what is still open at step k.
    low_masks = [(1 << (shift + _BITS)) - 1 for shift in shifts] + [0]
    full = sum(count << shift for count, shift in zip(counts, shifts, strict=True))
    total_weight = sum(v * count for v, count in zip(values, counts, strict=True))
    # worth[i][m]: the objective of taking the m best cards of values[i]. Each
    # card adds a unit bigger than all bonuses together, so the card count comes first.
    unit = 1 + sum(sum(cards) for cards in bonuses.values())
    worth = []
    for v in values:
        prefix = [0]
        for b in bonuses[v]:
            prefix.append(prefix[-1] + unit + b)
        worth.append(prefix)
    worth_all = [sum(worth[i][counts[i]] for i in range(k, n)) for k in range(n + 1)]
    # The groups that fit on this table at all, under their largest part. Those
    # with fewer cards come first: a high card that takes one big partner leaves
    # the small, flexible cards for later groups, so full answers turn up early
    # and the bounds prune the rest.
    index = {v: i for i, v in enumerate(values)}
    groups: list[list[tuple[int, int]]] = [[] for _ in values]
    for parts, packed in _partitions(target):
        if all(p in index for p, _ in parts) and _fits(full, packed):
            groups[index[parts[-1][0]]].append((sum(c for _, c in parts), packed))
    groups_by_max = [[packed for _, packed in sorted(options)] for options in groups]

    def settle(rem: int, k: int) -> int:
        # Values from k on take nothing more: what their used cards are worth.
        return sum(worth[i][counts[i] - ((rem >> shifts[i]) & _FIELD)] for i in range(k, n))

    # The cards that stay must weigh what the open cards weigh, modulo the
    # target (the rest goes in whole groups). residue_costs(open)[r] is the
    # least that leaving a set of the open cards weighing r modulo the target
    # costs. It depends only on the open fields, so it is memoised on them.
    residue_memo: dict[int, list[int]] = {0: [0] + [_INFINITY] * (target - 1)}
    position = {v: i for i, v in enumerate(values)}

    def residue_costs(open_: int) -> list[int]:
        found = residue_memo.get(open_)
        if found is not None:
            return found
        # Peel off the highest open value; the rest is memoised on its own.
        i = position[(open_.bit_length() - 1) // _BITS + 1]
        left = (open_ >> shifts[i]) & _FIELD
        rest = residue_costs(open_ & ~(_FIELD << shifts[i]))
        top = worth[i][counts[i]]
        costs = list(rest)
        for stay in range(1, left + 1):
            # The used cards of a value are its best, so the ones that stay are its worst.
            extra = top - worth[i][counts[i] - stay]
            # Leaving ``stay`` more cards moves every residue on by their weight.
            turn = stay * values[i] % target
            for r, cost in enumerate(rest, turn):
                if r >= target:
                    r -= target
                if cost + extra < costs[r]:
                    costs[r] = cost + extra
        residue_memo[open_] = costs
        return costs

    # A group holds at most one card above half the target, and the rest of
    # that group (the card's deficit, target - value) is made of cards no bigger
    # than the deficit. So for every d, the high cards taken with deficits up to
    # d need at most the weight of the open cards worth up to d. The most high
    # cards meeting all those limits come from taking the smallest deficits
    # first (an exchange argument: swapping a larger deficit for a smaller one
    # keeps every limit). Returns how many open high cards must stay.
    high = [i for i in range(n) if 2 * values[i] > target]  # smallest deficit first
    low = [i for i in reversed(range(n)) if 2 * values[i] <= target]  # lowest first

    def partner_shortfall(rem: int, k: int) -> int:
        stay = 0
        need = 0
        supply = 0
        next_low = 0
        for i in high:
            if i < k:
                continue
            left = (rem >> shifts[i]) & _FIELD
            deficit = target - values[i]
            if not deficit or not left:
                continue
            while next_low < len(low) and values[low[next_low]] <= deficit:
                j = low[next_low]
                supply += values[j] * ((rem >> shifts[j]) & _FIELD)
                next_low += 1
            fit = min(left, (supply - need) // deficit)
            need += fit * deficit
            stay += left - fit
        return stay

    # Both rules at once: at least ``must`` high cards stay, and what stays
    # weighs ``residue`` modulo the target. high_costs(bits, must)[r] is the
    # least that leaving high cards weighing r modulo the target, at least
    # ``must`` of them, costs; like residue_costs it peels off one value at a
    # time and is memoised, on the high fields and ``must``. The low cards then
    # make up the residue at their own least cost.
    low_fields = (1 << (_BITS * (target // 2))) - 1
    high_memo: dict[int, list[int]] = {}

    def high_costs(bits: int, must: int) -> list[int]:
        if not bits:
            return residue_memo[0] if not must else [_INFINITY] * target
        key = (bits << 6) | must
        found = high_memo.get(key)
        if found is not None:
            return found
        i = position[(bits.bit_length() - 1) // _BITS + 1]
        left = (bits >> shifts[i]) & _FIELD
        rest = bits & ~(_FIELD << shifts[i])
        top = worth[i][counts[i]]
        costs = list(high_costs(rest, must))
        for stay in range(1, left + 1):
            extra = top - worth[i][counts[i] - stay]
            turn = stay * values[i] % target
            for r, cost in enumerate(high_costs(rest, max(0, must - stay)), turn):
                if r >= target:
                    r -= target
                if cost + extra < costs[r]:
                    costs[r] = cost + extra
        high_memo[key] = costs
        return costs

    def joint_cost(rem: int, residue: int, must: int) -> int:
        lows = residue_costs(rem & low_fields)
        highs = high_costs(rem & ~low_fields, must)
        return min(cost + lows[(residue - r) % target] for r, cost in enumerate(highs))

    # memo[key] = (value, exact): exact values, or upper bounds found while a
    # caller only needed to know the value could not beat its alpha.
    memo: dict[int, tuple[int, bool]] = {}

    # search: the most the values from index k on can still add when ``rem``
    # cards are left (values before k are settled; a value at or after k has
    # had counts - rem of its cards used so far, always its best ones). At value
    # k either one more group whose largest part is that value is taken, or the
    # rest of that value stays on the table for good. Fail-soft alpha pruning:
    # the result is exact when it beats ``alpha``, else an upper bound <= alpha.
    def search(rem: int, k: int, weight: int, alpha: int) -> int:
        if weight < target:
            return settle(rem, k)
        key = (rem << 4) | k
        found = memo.get(key)
        if found is not None and (found[1] or found[0] <= alpha):
            return found[0]
        # Upper bounds, the cheap one first: it often settles the matter.
        must = partner_shortfall(rem, k)
        ceiling = worth_all[k] - must * unit
        if ceiling > alpha:
            ceiling = min(ceiling, worth_all[k] - joint_cost(rem, weight % target, must))
        if ceiling <= alpha:
            memo[key] = (ceiling, False)
            return ceiling
        left = (rem >> shifts[k]) & _FIELD
        best = -1
        if left:
            for group in groups_by_max[k]:
                if _fits(rem, group):
                    value = search(rem - group, k, weight - target, max(alpha, best))
                    if value > best:
                        best = value
                        if best >= ceiling:
                            break
        if best < ceiling:
            here = worth[k][counts[k] - left]
            value = here + search(
                rem & low_masks[k + 1], k + 1, weight - values[k] * left, max(alpha, best) - here
            )
            if value > best:
                best = value
        memo[key] = (best, best > alpha)
        return best

    goal = search(full, 0, total_weight, -1)

    # Walk the search again to recover the counts behind the optimum. Groups are
    # tried before leaving a value, in a fixed order, so the answer is deterministic.
    used = [0] * n
    rem, k, weight, need = full, 0, total_weight, goal
    while weight >= target:
        left = (rem >> shifts[k]) & _FIELD
        step = None
        if left:
            for group in groups_by_max[k]:
                if _fits(rem, group) and search(rem - group, k, weight - target, need - 1) == need:
                    step = group
                    break
        if step is None:
            need -= worth[k][counts[k] - left]
            rem &= low_masks[k + 1]
            weight -= values[k] * left
            k += 1
            continue
        rem -= step
        weight -= target
        for i in range(n):
            used[i] += (step >> shifts[i]) & _FIELD
    if sum(worth[i][used[i]] for i in range(n)) != goal:
        raise AssertionError("capture search lost its optimum")
    return {v: used[i] for i, v in enumerate(values) if used[i]}
