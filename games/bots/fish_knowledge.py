"""Where every Fish card may be, as one seat can know it from public facts only.

``read(view)`` replays the seat's public history into a ``Knowledge``: for every
card still in play, the set of seats that can hold it now (a bit mask over the
six seats), each seat's hand size when it can be known, and facts of the form
"seat S holds at least N of these cards". The sources, all public:

- the seat's own hand, now and (undoing the history) at the deal;
- each ask: the asker holds a card of the halfsuit; a miss clears the target
  of the card, and the asker too when the table forbids bluffing (with bluffs
  allowed the asker may hold the card it asks for, so nothing is said about
  it); a hit places the card with the asker, who also still holds another card
  of the halfsuit (it could not have held the one it was handed);
- hand sizes: nine each at the deal, moved by each hit and by each declaration
  whose holders are known, and the table's counts when the view shows them;
- declarations take their six cards out of play.

After every event, ``propagate`` applies what counting forces until nothing
changes: a seat holding N cards with N already placed holds nothing else; a seat
holding N cards that can hold only N holds all of them; a card only one seat can
hold is there; a seat that must hold K of a set, with exactly K candidates or
exactly as many free places as it still needs, is pinned down likewise.

Every rule is sound: the true holder of a card is always in its set (the tests
check this on many random games), so a card whose set is one seat is certain.
``marginals`` turns the sets into probabilities for choosing asks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.fish import team_of
from games.halfsuits import HALFSUIT_NAMES, HALFSUITS

SEATS = 6
HAND_SIZE = 9
ALL_SEATS = (1 << SEATS) - 1
DECK: tuple[str, ...] = tuple(card for name in HALFSUIT_NAMES for card in HALFSUITS[name])
HALFSUIT_OF: dict[str, str] = {card: name for name in HALFSUIT_NAMES for card in HALFSUITS[name]}
# Mask -> the seat it names, for masks of exactly one seat.
ONLY: dict[int, int] = {1 << seat: seat for seat in range(SEATS)}
SEATS_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(seat for seat in range(SEATS) if mask >> seat & 1) for mask in range(ALL_SEATS + 1)
)
SINKHORN_ROUNDS = 10

View = dict[str, Any]
Entry = dict[str, Any]


def team_mask(team: int) -> int:
    return sum(1 << seat for seat in range(SEATS) if team_of(seat) == team)


@dataclass
class AtLeast:
    """``seat`` holds at least ``need`` of ``cards`` (all of one halfsuit)."""

    seat: int
    cards: set[str]
    need: int


class Knowledge:
    """Possible holders of every card in play, hand sizes, and at-least facts."""

    def __init__(
        self,
        viewer: int,
        bluff: bool,
        possible: dict[str, int],
        counts: list[int | None],
    ) -> None:
        self.viewer = viewer
        self.bluff = bluff
        self.possible: dict[str, int] = {}
        self.counts = list(counts)
        # Per seat: cards placed there for sure, and cards that may be there.
        self.placed = [0] * SEATS
        self.maybe = [0] * SEATS
        self.facts: list[AtLeast] = []
        # Times a rule met a contradiction (a sign of a bug; the tests keep it 0).
        self.conflicts = 0
        for card, mask in possible.items():
            self.possible[card] = 0
            self._set(card, mask)

    # --- bookkeeping -----------------------------------------------------------
    def _tally(self, mask: int, step: int) -> None:
        seat = ONLY.get(mask)
        if seat is not None:
            self.placed[seat] += step
            return
        for seat in SEATS_OF[mask]:
            self.maybe[seat] += step

    def _set(self, card: str, mask: int) -> None:
        old = self.possible[card]
        if mask == old:
            return
        if mask == 0:
            # Nobody could hold it: some fact was wrong. Keep the old set (sound).
            self.conflicts += 1
            return
        self._tally(old, -1)
        self._tally(mask, +1)
        self.possible[card] = mask

    def _drop(self, card: str) -> None:
        self._tally(self.possible.pop(card), -1)

    def _narrow(self, card: str, mask: int) -> bool:
        """Keep only the seats of ``mask`` for ``card``; True if that changed anything."""
        old = self.possible.get(card)
        if old is None or old & mask == old:
            return False
        self._set(card, old & mask)
        return self.possible[card] != old

    # --- events ------------------------------------------------------------------
    def ask(self, asker: int, target: int, card: str, hit: bool) -> None:
        if card not in self.possible:
            return
        others = set(HALFSUITS[HALFSUIT_OF[card]])
        if hit or not self.bluff:
            # The asker did not hold the card (the target did, or bluffing is off).
            others.discard(card)
        self._learn(AtLeast(asker, others, 1))
        if hit:
            for fact in self.facts:
                if fact.seat == target and card in fact.cards:
                    fact.cards.discard(card)
                    fact.need -= 1
            self._set(card, 1 << asker)
            self._move_count(target, asker)
        else:
            self._narrow(card, ALL_SEATS & ~(1 << target))
            if not self.bluff:
                self._narrow(card, ALL_SEATS & ~(1 << asker))
        self.facts = [fact for fact in self.facts if fact.need > 0]

    def _learn(self, fact: AtLeast) -> None:
        fact.cards = {card for card in fact.cards if self.may_hold(card, fact.seat)}
        if fact.need <= 0:
            return
        same_seat = [old for old in self.facts if old.seat == fact.seat]
        if any(old.cards <= fact.cards and old.need >= fact.need for old in same_seat):
            return  # says nothing new (a seat asks for the same halfsuit again and again)
        self.facts = [
            old
            for old in self.facts
            if not (old.seat == fact.seat and fact.cards <= old.cards and fact.need >= old.need)
        ]
        self.facts.append(fact)

    def _move_count(self, source: int, sink: int) -> None:
        if self.counts[source] is not None:
            self.counts[source] -= 1
        if self.counts[sink] is not None:
            self.counts[sink] += 1

    def declare(self, name: str, claim: dict[str, int], correct: bool) -> None:
        cards = HALFSUITS[name]
        if correct:
            holders: list[int | None] = [claim[card] for card in cards]
        else:
            holders = [ONLY.get(self.possible.get(card, 0)) for card in cards]
        for card, holder in zip(cards, holders, strict=True):
            if holder is not None:
                if self.counts[holder] is not None:
                    self.counts[holder] -= 1
            else:
                # Where this card was is unknown, so each seat that could hold it
                # may have lost it: their hand sizes are unknown from now on.
                for seat in SEATS_OF[self.possible.get(card, 0)]:
                    self.counts[seat] = None
        for card in cards:
            if card in self.possible:
                self._drop(card)
        self.facts = [fact for fact in self.facts if not fact.cards <= set(cards)]

    def set_count(self, seat: int, count: int | None) -> None:
        if count is not None:
            self.counts[seat] = count

    # --- counting ----------------------------------------------------------------
    def propagate(self) -> None:
        """Apply what counting forces until nothing changes."""
        changed = True
        while changed:
            changed = False
            for seat in range(SEATS):
                changed |= self._count_seat(seat)
            for fact in list(self.facts):
                changed |= self._use_fact(fact)

    def _count_seat(self, seat: int) -> bool:
        count = self.counts[seat]
        if count is None or not self.maybe[seat]:
            return False
        bit = 1 << seat
        if self.placed[seat] > count:
            self.conflicts += 1
            return False
        if self.placed[seat] == count:
            # Full: it holds nothing more.
            return self._narrow_all(bit, ALL_SEATS & ~bit, None)
        if self.placed[seat] + self.maybe[seat] <= count:
            # Every card it may hold, it holds.
            return self._narrow_all(bit, bit, None)
        return False

    def _narrow_all(self, bit: int, mask: int, skip: set[str] | None) -> bool:
        """Narrow to ``mask`` every card that ``bit``'s seat may (not surely) hold."""
        changed = False
        for card, old in list(self.possible.items()):
            if old & bit and old != bit and (skip is None or card not in skip):
                changed |= self._narrow(card, mask)
        return changed

    def _use_fact(self, fact: AtLeast) -> bool:
        bit = 1 << fact.seat
        fact.cards = {card for card in fact.cards if self.possible.get(card, 0) & bit}
        sure = sum(1 for card in fact.cards if self.possible[card] == bit)
        if sure >= fact.need:
            self.facts.remove(fact)  # satisfied for good: it can say nothing more
            return False
        if len(fact.cards) < fact.need:
            self.conflicts += 1
            self.facts.remove(fact)
            return False
        if len(fact.cards) == fact.need:
            for card in fact.cards:
                self._set(card, bit)
            self.facts.remove(fact)
            return True
        count = self.counts[fact.seat]
        if count is not None and count - self.placed[fact.seat] == fact.need - sure:
            # Its free places must all go to the fact's cards: none to any other.
            return self._narrow_all(bit, ALL_SEATS & ~bit, fact.cards)
        return False

    # --- questions ---------------------------------------------------------------
    def holder(self, card: str) -> int | None:
        """The seat that surely holds ``card``, if there is one."""
        return ONLY.get(self.possible.get(card, 0))

    def may_hold(self, card: str, seat: int) -> bool:
        return bool(self.possible.get(card, 0) >> seat & 1)

    def certain_claim(self, name: str, team: int) -> dict[str, int] | None:
        """The declaration of ``name`` for ``team`` if every holder is certain."""
        claim: dict[str, int] = {}
        ours = team_mask(team)
        for card in HALFSUITS[name]:
            holder = self.holder(card)
            if holder is None or not ours >> holder & 1:
                return None
            claim[card] = holder
        return claim

    def free(self, seat: int) -> int | None:
        """How many of ``seat``'s cards are not yet placed, if its hand size is known."""
        count = self.counts[seat]
        return None if count is None else max(0, count - self.placed[seat])

    def marginals(self) -> dict[str, list[float]]:
        """For each card not yet placed, the chance each seat holds it.

        Iterative proportional fitting: each card's chances sum to one, each
        seat's to its free places, and a seat that must hold some of a set gets
        at least that much of it. Cheap, and close to counting every deal.
        """
        open_cards = [card for card, mask in self.possible.items() if mask not in ONLY]
        if not open_cards:
            return {}
        rows = [[float(self.possible[card] >> s & 1) for s in range(SEATS)] for card in open_cards]
        table = dict(zip(open_cards, rows, strict=True))
        free = [self.free(seat) for seat in range(SEATS)]
        lifts = self._lifts(table)
        for _ in range(SINKHORN_ROUNDS):
            sums = [sum(column) for column in zip(*rows, strict=True)]
            scale = [
                1.0 if target is None or total <= 0 else target / total
                for target, total in zip(free, sums, strict=True)
            ]
            for row in rows:
                row[:] = [value * factor for value, factor in zip(row, scale, strict=True)]
            for seat, lifted, need in lifts:
                total = sum(row[seat] for row in lifted)
                if 0 < total < need:
                    for row in lifted:
                        row[seat] = min(1.0, row[seat] * need / total)
            for row in rows:
                total = sum(row)
                if total > 0:
                    row[:] = [value / total for value in row]
        return table

    def _lifts(self, table: dict[str, list[float]]) -> list[tuple[int, list[list[float]], int]]:
        """Per at-least fact: its seat, the rows of its open cards, and how many it still needs."""
        lifts = []
        for fact in self.facts:
            sure = sum(1 for card in fact.cards if self.holder(card) == fact.seat)
            rows = [table[card] for card in fact.cards if card in table]
            if fact.need > sure and rows:
                lifts.append((fact.seat, rows, fact.need - sure))
        return lifts


# --- reading a view --------------------------------------------------------------


def full_history(view: View) -> list[Entry] | None:
    """The seat's whole public history, or None when the view does not carry it."""
    history = view.get("history")
    if history is None and "log" in view:
        history = view["log"]
    if history is None or len(history) != view.get("moves", len(history)):
        return None
    return history


def read(view: View, public: bool = False) -> Knowledge:
    """Everything the viewer can know about the cards, from its view alone.

    With ``public``, what the whole table knows: the same without the viewer's
    own hand (so a player can tell what its teammates know about it).
    """
    history = full_history(view)
    # Without the history (a caller that gave only the view), the table as it is now.
    knowledge = _from_now(view, public) if history is None else _from_deal(view, history, public)
    _apply_table(knowledge, view, public)
    knowledge.propagate()
    return knowledge


def _from_now(view: View, public: bool) -> Knowledge:
    """Without the history, only the table as it is now."""
    me = view["viewer"]
    hand = set() if public else set(view["hand"])
    others = ALL_SEATS if public else ALL_SEATS & ~(1 << me)
    in_play = [card for name in view["in_play"] for card in HALFSUITS[name]]
    possible = {card: (1 << me) if card in hand else others for card in in_play}
    return Knowledge(me, view["options"]["bluff"], possible, [None] * SEATS)


def _from_deal(view: View, history: list[Entry], public: bool) -> Knowledge:
    me = view["viewer"]
    bluff = view["options"]["bluff"]
    if public:
        sure, unsure = set(), set(DECK)
    else:
        sure, unsure = _dealt_hand(view["hand"], me, history, bluff)
    possible = {}
    for card in DECK:
        if card in sure:
            possible[card] = 1 << me
        elif card in unsure:
            possible[card] = ALL_SEATS
        else:
            possible[card] = ALL_SEATS & ~(1 << me)
    knowledge = Knowledge(me, bluff, possible, [HAND_SIZE] * SEATS)
    later = _counts_after(view, history)
    knowledge.propagate()
    for index, entry in enumerate(history):
        if entry.get("type") == "ask":
            knowledge.ask(entry["seat"], entry["target"], entry["card"], entry["hit"])
        elif entry.get("type") == "declare":
            knowledge.declare(entry["halfsuit"], entry["cards"], entry["correct"])
        counts = later.get(index)
        if counts is not None:
            for seat in range(SEATS):
                knowledge.set_count(seat, counts[seat])
        knowledge.propagate()
    return knowledge


def _dealt_hand(
    hand: list[str], me: int, history: list[Entry], bluff: bool
) -> tuple[set[str], set[str]]:
    """The viewer's cards at the deal: surely held, and maybe held.

    Undo the history from the hand now. A card the viewer was handed was not
    dealt to it; a card taken from it was. A wrong declaration does not say who
    held what, so those cards become "maybe" until an earlier event tells.
    """
    sure = set(hand)
    unsure: set[str] = set()
    for entry in reversed(history):
        kind = entry.get("type")
        if kind == "ask":
            card = entry["card"]
            if entry["hit"] and entry["seat"] == me:
                sure.discard(card)
                unsure.discard(card)
            elif entry["hit"] and entry["target"] == me:
                sure.add(card)
                unsure.discard(card)
            elif not entry["hit"] and (entry["target"] == me or entry["seat"] == me and not bluff):
                unsure.discard(card)
        elif kind == "declare":
            cards = HALFSUITS[entry["halfsuit"]]
            if entry["correct"]:
                sure.update(card for card in cards if entry["cards"][card] == me)
            else:
                unsure.update(cards)
    return sure, unsure - sure


def _counts_after(view: View, history: list[Entry]) -> dict[int, list[int]]:
    """Hand sizes after each entry, undone from the table's counts back to the
    last declaration whose holders are unknown (empty when counts are hidden)."""
    counts = view.get("hand_counts")
    if counts is None or any(count is None for count in counts):
        return {}
    counts = list(counts)
    after: dict[int, list[int]] = {}
    for index in range(len(history) - 1, -1, -1):
        after[index] = list(counts)
        entry = history[index]
        if entry.get("type") == "ask" and entry["hit"]:
            counts[entry["seat"]] -= 1
            counts[entry["target"]] += 1
        elif entry.get("type") == "declare":
            if not entry["correct"]:
                break
            for holder in entry["cards"].values():
                counts[holder] += 1
    return after


def _apply_table(knowledge: Knowledge, view: View, public: bool) -> None:
    """What the table shows now: hand sizes (when shown) and who has no cards."""
    counts = view.get("hand_counts") or [None] * SEATS
    has_cards = view.get("has_cards") or [True] * SEATS
    me = knowledge.viewer
    for seat in range(SEATS):
        if not has_cards[seat]:
            knowledge.set_count(seat, 0)
        elif seat != me or not public or view["options"].get("hand_sizes", True):
            knowledge.set_count(seat, counts[seat])
    if not public:
        knowledge.set_count(me, len(view["hand"]))
