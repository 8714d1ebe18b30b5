"""Go Fish computer players: ``random`` and ``remembering``.

Both see only their seat's view (own hand, the table, the public history).

``remembering`` replays the public history into a ``Memory``: for every other
seat, the cards of each rank it is known to hold (it asked for the rank, was
handed cards of it, or showed a lucky draw), how many of its cards nobody has
seen, and for each rank how many of those unseen cards *may* be of that rank.
A seat that says "Go fish" for a rank, or hands its cards of a rank over, holds
none of that rank until it draws again; with lucky draws shown, a card drawn
without being shown is not the rank just asked for. It then asks where a card
is known to be, else where one is most likely to be, favouring ranks nearer a
book.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from games.cards import RANKS, rank_of

Action = dict[str, Any]
View = dict[str, Any]

BOOK = 4


def random_ask(view: View, rng: random.Random) -> Action:
    """A uniformly random legal ask: any target, any rank in hand."""
    ask = view["actions"]["ask"]
    return {"type": "ask", "target": rng.choice(ask["targets"]), "rank": rng.choice(ask["ranks"])}


@dataclass
class Seat:
    """What is known of one other seat's hand.

    ``room[rank]`` never undercounts: when it is 0, the seat's unseen cards hold
    no card of that rank for sure (the tests check this on random games).
    """

    known: dict[str, int] = field(default_factory=dict)  # rank -> cards surely held
    unseen: int = 0
    room: dict[str, int] = field(default_factory=lambda: dict.fromkeys(RANKS, 0))

    def draw(self, count: int, excluded: str | None = None) -> None:
        """``count`` cards nobody else saw, none of rank ``excluded``."""
        self.unseen += count
        for rank in RANKS:
            if rank != excluded:
                self.room[rank] += count

    def reveal(self, rank: str, count: int) -> None:
        """``count`` of the unseen cards turned out to be of ``rank``."""
        count = min(count, self.unseen)
        self.unseen -= count
        self.room[rank] = max(0, self.room[rank] - count)
        # Which unseen cards they were is not known, so each other rank keeps its
        # room unless fewer unseen cards are left than that.
        for other in RANKS:
            self.room[other] = min(self.room[other], self.unseen)

    def rule_out(self, rank: str) -> None:
        """This seat now holds no card of ``rank``."""
        self.known.pop(rank, None)
        self.room[rank] = 0


class Memory:
    """What one seat remembers of a Go Fish game, from its view alone."""

    def __init__(self, view: View) -> None:
        self.me: int = view["viewer"]
        self.players: int = view["players"]
        self.lucky_shown: bool = view["options"].get("lucky_draw_again", True)
        self.seats = [Seat() for _ in range(self.players)]
        self.booked: set[str] = {rank for books in view["books"] for rank in books}
        deal = view.get("deal_size", 0)
        for seat in self._others():
            self.seats[seat].draw(deal)
        opening = view.get("opening")
        if opening:
            self._after_ask(opening, asker=None)
        for entry in _history(view):
            self._read(entry)
        self._reconcile(view["hand_counts"])

    def _others(self) -> list[int]:
        return [seat for seat in range(self.players) if seat != self.me]

    # --- reading the history ---------------------------------------------------
    def _read(self, entry: dict[str, Any]) -> None:
        if entry.get("type") != "ask":
            return
        asker, target, rank = entry["seat"], entry["target"], entry["rank"]
        if asker != self.me:
            self._holds(asker, rank)
        if entry["got"]:
            if target != self.me:
                self._hands_over(target, rank, entry["got"])
            if asker != self.me:
                self._add_known(asker, rank, entry["got"])
        else:
            if target != self.me:
                self.seats[target].rule_out(rank)
            if entry["drawn"] and asker != self.me:
                self._drew(asker, rank, entry)
        self._after_ask(entry, asker=asker)

    def _holds(self, seat: int, rank: str) -> None:
        """``seat`` asked for ``rank``, so it holds at least one."""
        memory = self.seats[seat]
        if memory.known.get(rank, 0) == 0:
            memory.reveal(rank, 1)
            memory.known[rank] = 1

    def _add_known(self, seat: int, rank: str, count: int) -> None:
        memory = self.seats[seat]
        memory.known[rank] = memory.known.get(rank, 0) + count

    def _hands_over(self, seat: int, rank: str, count: int) -> None:
        memory = self.seats[seat]
        hidden = count - memory.known.get(rank, 0)
        if hidden > 0:
            memory.reveal(rank, hidden)
        memory.rule_out(rank)

    def _drew(self, seat: int, rank: str, entry: dict[str, Any]) -> None:
        drew = entry.get("drew")
        if drew is not None:  # a lucky draw shown to the table
            self._add_known(seat, rank_of(drew), 1)
            return
        # With lucky draws shown, an unshown draw is not the rank asked for.
        self.seats[seat].draw(1, rank if self.lucky_shown else None)

    def _after_ask(self, entry: dict[str, Any], asker: int | None) -> None:
        """Books laid and hands refilled during the move, in the order they happened."""
        laid = list(entry.get("laid", []))
        # Only the asker can lay a book before any refill (its hand is never empty
        # before it lays one), so a first book of the asker's is from the ask itself.
        if asker is not None and laid and laid[0]["seat"] == asker:
            self._book(laid.pop(0))
        for refill in entry.get("refills", []):
            if refill["seat"] != self.me:
                self.seats[refill["seat"]].draw(refill["count"])
        for item in laid:
            self._book(item)

    def _book(self, item: dict[str, Any]) -> None:
        seat, rank = item["seat"], item["rank"]
        self.booked.add(rank)
        if seat != self.me:
            memory = self.seats[seat]
            hidden = BOOK - memory.known.get(rank, 0)
            if hidden > 0:
                memory.reveal(rank, hidden)
        for memory in self.seats:
            memory.rule_out(rank)

    def _reconcile(self, counts: list[int]) -> None:
        """Trust the table's hand sizes over the memory (it should agree already)."""
        for seat in self._others():
            memory = self.seats[seat]
            known = sum(memory.known.values())
            if known > counts[seat]:
                self.seats[seat] = memory = Seat()
                known = 0
            missing = counts[seat] - known - memory.unseen
            if missing > 0:
                memory.draw(missing)
            elif missing < 0:
                memory.unseen += missing
                for rank in RANKS:
                    memory.room[rank] = min(memory.room[rank], memory.unseen)

    # --- estimating ------------------------------------------------------------
    def known(self, seat: int, rank: str) -> int:
        return self.seats[seat].known.get(rank, 0)

    def hit_chance(self, view: View, target: int, rank: str) -> float:
        """How likely ``target`` holds a card of ``rank``, from what this seat knows."""
        if self.known(target, rank):
            return 1.0
        hidden = self._hidden_copies(view["hand"], rank)
        if hidden <= 0:
            return 0.0
        room = self._room(rank)
        total = sum(room.values()) + view["pond_size"]
        if total <= 0 or room.get(target, 0) <= 0:
            return 0.0
        share = room[target] / total
        return 1.0 - (1.0 - share) ** hidden

    def draw_chance(self, view: View, rank: str) -> float:
        """How likely the pond's top card is of ``rank``."""
        pond = view["pond_size"]
        if pond <= 0:
            return 0.0
        # Each hidden copy is in the pond or in some seat's unknown cards alike.
        hidden = max(0, self._hidden_copies(view["hand"], rank))
        total = sum(self._room(rank).values()) + pond
        return min(1.0, hidden / total)

    def _hidden_copies(self, hand: list[str], rank: str) -> int:
        if rank in self.booked:
            return 0
        mine = sum(1 for card in hand if rank_of(card) == rank)
        return BOOK - mine - sum(self.known(seat, rank) for seat in self._others())

    def _room(self, rank: str) -> dict[int, int]:
        """Per other seat, how many of its unknown cards may be of ``rank``."""
        return {seat: self.seats[seat].room[rank] for seat in self._others()}


# What a hit is worth by how many cards of the rank the asker already holds.
# Measured against the random level: completing a book (three held) is worth
# far more than a likelier hit on a rank held once, since a book is safe for
# good while loose cards can be asked away again.
RANK_VALUE = (0.0, 1.0, 2.5, 6.0)
CERTAIN = 100.0


def remembering_ask(view: View, rng: random.Random) -> Action:
    """Ask where a card of a held rank is known, else most likely, to be."""
    ask = view["actions"]["ask"]
    memory = Memory(view)
    hand_ranks = [rank_of(card) for card in view["hand"]]
    lucky = view["options"].get("lucky_draw_again", True)
    best: list[tuple[int, str]] = []
    best_score = -1.0
    for rank in ask["ranks"]:
        draw = memory.draw_chance(view, rank) if lucky else 0.0
        value = RANK_VALUE[min(hand_ranks.count(rank), BOOK - 1)]
        for target in ask["targets"]:
            hit = memory.hit_chance(view, target, rank)
            # Keeping the turn is what counts: a hit, or a miss then a lucky draw.
            keep = hit + (1.0 - hit) * draw
            score = (CERTAIN if hit >= 1.0 else 0.0) + keep * value
            if score > best_score + 1e-9:
                best, best_score = [(target, rank)], score
            elif score >= best_score - 1e-9:
                best.append((target, rank))
    target, rank = rng.choice(best)
    return {"type": "ask", "target": target, "rank": rank}


def _history(view: View) -> list[dict[str, Any]]:
    history = view.get("history")
    if history is None:
        history = view.get("log", [])
    return history
