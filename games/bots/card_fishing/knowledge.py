"""What a Card Fishing seat knows, read from its view and nothing else.

Every card of the round's deck is either in the seat's own hand, on the table,
played or taken in this round's public log, or unseen: in the other hand or
in the deck. The policies reason about the unseen cards as a pool, never
about where exactly each one lies.

Cards are also mapped to *canonical* cards here: two cards that are neither
spades nor point cards, of the same rank, are interchangeable for scoring and
for every capture (the capture search only looks at values, points and
spades), so they share one spelling. That makes equal positions compare equal,
which the capture cache and the last-deal solver rely on.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple

from games.capture import card_points, hand_value
from games.card_fishing import PLAYS_PER_ROUND
from games.cards import face_value, rank_of, standard_deck, suit_of

DECK: frozenset[str] = frozenset(standard_deck())
# Spelling of interchangeable cards: a spade or the 10 of diamonds is itself,
# every other card becomes its rank in hearts (hearts carry no points or spades).
CANON: dict[str, str] = {
    card: card if suit_of(card) == "S" or card == "10D" else rank_of(card) + "H"
    for card in standard_deck()
}
FACE: dict[str, int] = {card: face_value(card) for card in standard_deck()}
HAND_VALUE: dict[str, int] = {card: hand_value(card) for card in standard_deck()}
POINTS: dict[str, int] = {card: card_points(card) for card in standard_deck()}
SPADE: dict[str, int] = {card: int(suit_of(card) == "S") for card in standard_deck()}
# Cards worth more in the hand than on the table: Aces, 2S, 10D.
BIG: frozenset[str] = frozenset(card for card in standard_deck() if HAND_VALUE[card] >= 14)


class Tally(NamedTuple):
    """What one seat has collected this round, as far as scoring cares."""

    cards: int = 0
    spades: int = 0
    points: int = 0
    sweeps: int = 0

    def plus(self, cards: Iterable[str], sweep: bool = False) -> Tally:
        pile = list(cards)
        return Tally(
            self.cards + len(pile),
            self.spades + sum(SPADE[c] for c in pile),
            self.points + sum(POINTS[c] for c in pile),
            self.sweeps + int(sweep),
        )


def round_points(mine: Tally, theirs: Tally) -> tuple[int, int]:
    """Each side's points for a finished round, as games.card_fishing.score_round scores it."""
    points = [mine.points + mine.sweeps, theirs.points + theirs.sweeps]
    if mine.cards != theirs.cards:
        points[0 if mine.cards > theirs.cards else 1] += 1
    if mine.spades != theirs.spades:
        points[0 if mine.spades > theirs.spades else 1] += 2
    return points[0], points[1]


def canonical(cards: Iterable[str]) -> tuple[str, ...]:
    """The canonical spelling of ``cards`` as a sorted tuple: a multiset key."""
    return tuple(sorted(CANON[c] for c in cards))


@dataclass(frozen=True)
class Knowledge:
    """One seat's knowledge of the round, from its view alone."""

    seat: int
    hand: tuple[str, ...]
    table: tuple[str, ...]
    # Cards in the other hand or in the deck, sorted: their order says nothing.
    unseen: tuple[str, ...]
    other_count: int
    deck_count: int
    # Plays made in this round so far (the round has PLAYS_PER_ROUND).
    plays: int
    # This round's collections, indexed by seat.
    tallies: tuple[Tally, Tally]
    last_capture: int | None
    scores: tuple[int, int]
    target: int

    @property
    def other(self) -> int:
        return 1 - self.seat

    @property
    def plays_left(self) -> int:
        return PLAYS_PER_ROUND - self.plays

    @property
    def other_hand_known(self) -> bool:
        """True once the deck is gone: every unseen card is in the other hand."""
        return self.deck_count == 0 and len(self.unseen) == self.other_count


def read_view(view: dict[str, Any]) -> Knowledge:
    """The knowledge of the seat whose view this is."""
    seat = view["viewer"]
    hand = tuple(view["hand"])
    table = tuple(view["table"])
    seen = set(hand) | set(table)
    tallies = [Tally(), Tally()]
    plays = 0
    # The view's log holds this round's plays, all public: what was played,
    # what it took (cards from the first deal included) and sweeps.
    for entry in view["log"]:
        if entry.get("type") != "play" or entry.get("round") != view["round"]:
            continue
        plays += 1
        seen.add(entry["card"])
        seen.update(entry["took"])
        if entry["took"]:
            pile = [entry["card"], *entry["took"]]
            tallies[entry["seat"]] = tallies[entry["seat"]].plus(pile, entry["sweep"])
    return Knowledge(
        seat=seat,
        hand=hand,
        table=table,
        unseen=tuple(sorted(DECK - seen)),
        other_count=view["hand_counts"][1 - seat],
        deck_count=view["deck_count"],
        plays=plays,
        tallies=(tallies[0], tallies[1]),
        last_capture=view["last_capture"],
        scores=(view["scores"][0], view["scores"][1]),
        target=view["target"],
    )
