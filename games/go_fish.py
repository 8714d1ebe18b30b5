"""Go Fish: ask another seat for a rank you hold, fish in the pond on a miss, collect books.

The deal goes one card at a time round-robin from seat 0 (7 each for 2-3
players, 5 for more, unless the ``deal_size`` house rule says otherwise); the
rest of the deck is the pond, top first. Four of a kind is laid down as a book
the moment it is complete, including straight after the deal. Seat 0 asks first.

The turn belongs to a seat that *can play*: one that holds cards while some other
seat holds cards too. A seat whose turn comes with an empty hand first draws a
fresh hand from the pond (as part of the move that gave it the turn); with the
pond empty too it is passed over. While books remain to be made, some seat can
always play: an unfinished rank has its four cards spread over the hands and the
pond, so either the pond still has cards (an empty seat can refill) or at least
two seats hold cards (each can ask the other). ``_settle`` relies on this.

Log entries carry full information (the referee's log); ``redact`` hides the
card a player fished (unless it was a lucky draw shown to the table) and the
cards of an empty-hand refill from everyone but the drawer.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from typing import Any

from games.base import Action, Entry, RecordMove, Rules, Setup, State
from games.cards import RANKS, CardError, parse_card, rank_of, shuffled, standard_deck
from games.errors import BadRecord, IllegalAction
from games.options import Option, non_default, resolve, summary
from games.spec import Computer, GameSpec, Seats

NAME = "go-fish"
MIN_SEATS = 2
MAX_SEATS = 6
BOOK = 4
ALL_BOOKS = len(RANKS)
DECK: tuple[str, ...] = tuple(standard_deck())
_DECK_SET = frozenset(DECK)
_RANK_ORDER = {rank: index for index, rank in enumerate(RANKS)}
_SUIT_ORDER = {"S": 0, "H": 1, "D": 2, "C": 3}
SETUP_KEYS = frozenset({"game", "players", "deck", "options"})
MOVE_KEYS = frozenset({"seat", "target", "rank", "type"})

DEAL_SIZES: tuple[int | None, ...] = (None, 3, 4, 5, 6, 7, 8, 9, 10)

OPTIONS: dict[str, Option] = {
    "deal_size": Option(
        default=None,
        choices=DEAL_SIZES,
        label="Cards dealt",
        wording=("7 cards each for 2 or 3 players, 5 each for 4 or more",)
        + tuple(f"{size} cards each" for size in DEAL_SIZES[1:]),
    ),
    "out_when_empty": Option(
        default=False,
        choices=(False, True),
        label="Out when empty",
        wording=(
            "A player whose hand runs out draws a new hand from the pond on their turn;"
            " with the pond empty too, their turn is passed over",
            "A player whose hand is empty while the pond is empty is out for the rest of"
            " the game (they keep their books)",
        ),
    ),
    "lucky_draw_again": Option(
        default=True,
        choices=(True, False),
        label="Lucky draw",
        wording=(
            "Fishing the rank you asked for from the pond lets you ask again",
            "Your turn always ends when you go fishing, whatever you draw",
        ),
    ),
}


# --- helpers --------------------------------------------------------------------


def _is_int(value: Any) -> bool:
    # bool is an int in Python; a seat is never True or False.
    return type(value) is int


def parse_rank(text: Any) -> str | None:
    """The canonical rank for ``text`` (case-insensitive, ``"q"`` -> ``"Q"``), or None."""
    if not isinstance(text, str):
        return None
    rank = text.strip().upper()
    return rank if rank in _RANK_ORDER else None


def deal_size(players: int, options: dict[str, Any]) -> int:
    """Cards dealt to each seat (and the size of an empty-hand refill)."""
    size = options["deal_size"]
    if size is None:
        return 7 if players <= 3 else 5
    return size


def sort_cards(cards: Iterable[str]) -> list[str]:
    """Cards by rank (Ace to King), then suit: how a hand is shown."""
    return sorted(cards, key=lambda card: (_RANK_ORDER[rank_of(card)], _SUIT_ORDER[card[-1]]))


def _ranks_held(hand: list[str]) -> list[str]:
    return sorted({rank_of(card) for card in hand}, key=_RANK_ORDER.__getitem__)


def _check_setup(setup: Any) -> Setup:
    """The canonical form of a setup or record header; BadRecord when it is not valid."""
    if not isinstance(setup, dict):
        raise BadRecord("a Go Fish record must be an object")
    unknown = sorted(set(setup) - SETUP_KEYS, key=str)
    if unknown:
        raise BadRecord(f"unknown field: {unknown[0]}")
    if setup.get("game") != NAME:
        raise BadRecord(f"game must be {NAME!r}")
    players = setup.get("players")
    if not _is_int(players) or not MIN_SEATS <= players <= MAX_SEATS:
        raise BadRecord(f"players must be a whole number from {MIN_SEATS} to {MAX_SEATS}")
    deck = setup.get("deck")
    if not isinstance(deck, list) or len(deck) != len(DECK):
        raise BadRecord(f"deck must be a list of {len(DECK)} cards")
    try:
        cards = [parse_card(text) for text in deck]
    except CardError as error:
        raise BadRecord(f"deck: not a card: {error.text!r}") from None
    strangers = [card for card in cards if card not in _DECK_SET]
    if strangers:
        raise BadRecord(f"not a card of the standard deck: {strangers[0]}")
    if len(set(cards)) != len(DECK):
        raise BadRecord("the deck must hold each of the 52 cards exactly once")
    options = resolve(OPTIONS, setup.get("options"))
    size = deal_size(players, options)
    if size * players > len(DECK):
        raise BadRecord(f"{size} cards each cannot be dealt to {players} players")
    canonical: Setup = {"game": NAME, "players": players, "deck": cards}
    given = non_default(OPTIONS, options)
    if given:
        canonical["options"] = given
    return canonical


def _new_entry(kind: str) -> Entry:
    # "books": ranks laid down during the move (any seat), "laid": the same with
    # who laid them, "refills": empty-hand draws, "out": seats that went out.
    return {"type": kind, "books": [], "laid": [], "refills": [], "out": [], "next": None}


def _copy_entry(entry: Entry) -> Entry:
    copy = dict(entry)
    copy["books"] = list(entry["books"])
    copy["laid"] = [dict(item) for item in entry["laid"]]
    copy["refills"] = [{**refill, "cards": list(refill["cards"])} for refill in entry["refills"]]
    copy["out"] = list(entry["out"])
    return copy


def _fork(state: State) -> State:
    """A copy of ``state`` whose mutable parts may be changed (entries are never mutated)."""
    new = dict(state)
    new["hands"] = [list(hand) for hand in state["hands"]]
    new["pond"] = list(state["pond"])
    new["books"] = [list(books) for books in state["books"]]
    new["out"] = list(state["out"])
    new["log"] = list(state["log"])
    return new


def _books_down(state: State) -> int:
    return sum(len(books) for books in state["books"])


def _lay_down(state: State, entry: Entry, seat: int, ranks: Iterable[str]) -> None:
    """Lay down every book of ``ranks`` now complete in ``seat``'s hand."""
    hand = state["hands"][seat]
    for rank in sorted(set(ranks), key=_RANK_ORDER.__getitem__):
        if sum(1 for card in hand if rank_of(card) == rank) == BOOK:
            hand[:] = [card for card in hand if rank_of(card) != rank]
            state["books"][seat].append(rank)
            entry["books"].append(rank)
            entry["laid"].append({"seat": seat, "rank": rank})


def _refill(state: State, entry: Entry, seat: int) -> None:
    """``seat`` has an empty hand on its turn: draw up to the deal size from the pond."""
    pond = state["pond"]
    count = min(state["deal_size"], len(pond))
    cards = pond[:count]
    del pond[:count]
    state["hands"][seat].extend(cards)
    entry["refills"].append({"seat": seat, "count": count, "cards": list(cards)})
    _lay_down(state, entry, seat, (rank_of(card) for card in cards))


def _mark_out(state: State, entry: Entry) -> None:
    """With ``out_when_empty``: every seat with an empty hand and an empty pond is out."""
    if not state["options"]["out_when_empty"] or state["pond"]:
        return
    for seat, hand in enumerate(state["hands"]):
        if not hand and seat not in state["out"]:
            state["out"].append(seat)
            entry["out"].append(seat)


def _settle(state: State, entry: Entry, seat: int, stay: bool) -> None:
    """Give the turn to ``seat`` (``stay``) or the next seat after it that can play.

    Refills happen here, recorded in ``entry``: they are part of the move that
    gave the empty-handed seat its turn.
    """
    players = state["players"]
    hands = state["hands"]
    current = seat if stay else (seat + 1) % players
    passed = 0  # seats passed over since anything last changed
    while True:
        if _books_down(state) == ALL_BOOKS:
            # Everyone's hand is empty now; nobody is "out" of a finished game.
            state["turn"] = None
            break
        _mark_out(state, entry)
        if passed > players:
            # Impossible while books remain (see the module docstring).
            raise RuntimeError("Go Fish: no seat can play but the game is not over")
        if current not in state["out"]:
            if not hands[current]:
                if state["pond"]:
                    _refill(state, entry, current)
                    passed = 0
                    continue  # look at the same seat again: the refill may have made a book
            elif any(hand for other, hand in enumerate(hands) if other != current):
                state["turn"] = current
                break
        current = (current + 1) % players
        passed += 1
    entry["next"] = state["turn"]


class GoFish(Rules):
    """Go Fish for 2 to 6 seats."""

    name = NAME
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS
    options = OPTIONS

    # --- starting -------------------------------------------------------------
    def random_setup(
        self, seats: int, rng: random.Random, options: dict[str, Any] | None = None
    ) -> Setup:
        if not _is_int(seats) or not MIN_SEATS <= seats <= MAX_SEATS:
            raise BadRecord(f"Go Fish is played by {MIN_SEATS} to {MAX_SEATS} players")
        setup: Setup = {"game": NAME, "players": seats, "deck": shuffled(DECK, rng)}
        if options:
            setup["options"] = dict(options)
        return _check_setup(setup)

    def start(self, setup: Setup) -> State:
        setup = _check_setup(setup)
        options = self.resolve_options(setup)
        players = setup["players"]
        deck = setup["deck"]
        size = deal_size(players, options)
        dealt = size * players
        hands: list[list[str]] = [deck[seat:dealt:players] for seat in range(players)]
        state: State = {
            "game": NAME,
            "setup": setup,
            "options": options,
            "players": players,
            "deal_size": size,
            "hands": hands,
            "pond": deck[dealt:],
            "books": [[] for _ in range(players)],
            "out": [],
            "turn": None,
            "opening": None,
            "log": [],
        }
        # The deal has its own entry: books dealt in a hand, and any refill or
        # passing over needed before seat 0 (or the first seat that can) asks.
        opening = _new_entry("deal")
        for seat in range(players):
            _lay_down(state, opening, seat, (rank_of(card) for card in hands[seat]))
        _settle(state, opening, 0, stay=True)
        state["opening"] = opening
        return state

    # --- playing --------------------------------------------------------------
    def turn(self, state: State) -> int | None:
        return state["turn"]

    def is_over(self, state: State) -> bool:
        return _books_down(state) == ALL_BOOKS

    def action_space(self, state: State, seat: int) -> dict[str, Any]:
        if self.is_over(state) or not _is_int(seat) or state["turn"] != seat:
            return {}
        hands = state["hands"]
        targets = [other for other, hand in enumerate(hands) if other != seat and hand]
        return {"ask": {"targets": targets, "ranks": _ranks_held(hands[seat])}}

    def legal_actions(self, state: State, seat: int) -> Iterator[Action]:
        space = self.action_space(state, seat).get("ask")
        if not space:
            return
        for target in space["targets"]:
            for rank in space["ranks"]:
                yield {"type": "ask", "target": target, "rank": rank}

    def _check_ask(self, state: State, seat: int, action: Action) -> tuple[int, str]:
        """The target and canonical rank of a legal ask; IllegalAction otherwise."""
        self.require_turn(state, seat)
        if not isinstance(action, dict):
            raise IllegalAction("bad-action", "An action must be an object.")
        if action.get("type") != "ask":
            raise IllegalAction("bad-action", "The only action in Go Fish is ask.")
        target, text = action.get("target"), action.get("rank")
        if not _is_int(target):
            raise IllegalAction("bad-action", "An ask needs a target seat number.")
        if not isinstance(text, str):
            raise IllegalAction("bad-action", 'An ask needs a rank, e.g. "7" or "Q".')
        if not 0 <= target < state["players"]:
            raise IllegalAction("bad-seat", f"There is no seat {target} in this game.")
        if target == seat:
            raise IllegalAction("ask-yourself", "You must ask another player.")
        rank = parse_rank(text)
        if rank is None:
            raise IllegalAction("bad-rank", f"{text!r} is not a rank (A, 2-10, J, Q, K).")
        if all(rank_of(card) != rank for card in state["hands"][seat]):
            # Only about the asker's own hand: nothing hidden from them.
            raise IllegalAction("rank-not-held", f"You can only ask for a rank you hold ({rank}).")
        if not state["hands"][target]:
            raise IllegalAction("target-empty", f"Seat {target} has no cards to ask for.")
        return target, rank

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Entry]]:
        target, rank = self._check_ask(state, seat, action)
        new = _fork(state)
        hands = new["hands"]
        entry = _new_entry("ask")
        entry.update(
            seat=seat,
            target=target,
            rank=rank,
            got=0,
            drawn=False,
            drew=None,
            lucky=False,
            shown=False,
        )
        given = [card for card in hands[target] if rank_of(card) == rank]
        if given:
            hands[target] = [card for card in hands[target] if rank_of(card) != rank]
            hands[seat].extend(given)
            entry["got"] = len(given)
            _lay_down(new, entry, seat, (rank,))
            stay = True
        else:
            stay = False
            if new["pond"]:
                card = new["pond"].pop(0)
                hands[seat].append(card)
                entry.update(drawn=True, drew=card)
                if rank_of(card) == rank:
                    entry["lucky"] = True
                    if new["options"]["lucky_draw_again"]:
                        # The drawer shows the card to claim another turn.
                        entry["shown"] = True
                        stay = True
                _lay_down(new, entry, seat, (rank_of(card),))
        _settle(new, entry, seat, stay)
        new["log"].append(entry)
        return new, [_copy_entry(entry)]

    # --- seeing ---------------------------------------------------------------
    def redact(self, entry: Entry, viewer: int | None) -> Entry:
        viewer = viewer if _is_int(viewer) else None
        copy = _copy_entry(entry)
        if "drew" in entry and viewer != entry["seat"] and not entry["shown"]:
            # Others only know that a card was drawn ("drawn") and, through the
            # turn going on or not, whether a lucky draw was shown.
            copy["drew"] = None
            copy["lucky"] = False
        copy["refills"] = [
            refill
            if refill["seat"] == viewer
            else {"seat": refill["seat"], "count": refill["count"]}
            for refill in copy["refills"]
        ]
        return copy

    def view(self, state: State, viewer: int | None) -> dict[str, Any]:
        seat = viewer if _is_int(viewer) and 0 <= viewer < state["players"] else None
        return {
            "game": NAME,
            "viewer": seat,
            "players": state["players"],
            "turn": state["turn"],
            "over": self.is_over(state),
            "result": self.result(state),
            "actions": {} if seat is None else self.action_space(state, seat),
            "hand": None if seat is None else sort_cards(state["hands"][seat]),
            "hand_counts": [len(hand) for hand in state["hands"]],
            "books": [list(books) for books in state["books"]],
            # The pond's size only, never its order.
            "pond_size": len(state["pond"]),
            "out": list(state["out"]),
            "deal_size": state["deal_size"],
            "options": dict(state["options"]),
            "rules": summary(OPTIONS, state["options"]),
            "opening": self.redact(state["opening"], seat),
            "log": [self.redact(entry, seat) for entry in state["log"]],
        }

    def result(self, state: State) -> dict[str, Any]:
        books = [list(seat_books) for seat_books in state["books"]]
        over = self.is_over(state)
        winners: list[int] = []
        if over:
            best = max(len(seat_books) for seat_books in books)
            winners = [seat for seat, seat_books in enumerate(books) if len(seat_books) == best]
        return {"books": books, "over": over, "winners": winners, "out": list(state["out"])}

    def winners(self, state: State) -> list[int]:
        return self.result(state)["winners"]

    # --- records --------------------------------------------------------------
    def to_record(self, setup: Setup, moves: list[tuple[int, Action]]) -> dict[str, Any]:
        record: dict[str, Any] = _check_setup(setup)
        record["moves"] = [_record_move(seat, action) for seat, action in moves]
        return record

    def from_record(self, record: dict[str, Any]) -> tuple[Setup, list[RecordMove]]:
        if not isinstance(record, dict):
            raise BadRecord("a Go Fish record must be an object")
        moves = record.get("moves")
        if not isinstance(moves, list):
            raise BadRecord("moves must be a list")
        setup = _check_setup({key: value for key, value in record.items() if key != "moves"})
        return setup, [_read_move(index, move) for index, move in enumerate(moves)]


def _record_move(seat: int, action: Action) -> dict[str, Any]:
    text = action.get("rank")
    return {"seat": seat, "target": action.get("target"), "rank": parse_rank(text) or text}


def _read_move(index: int, move: Any) -> RecordMove:
    """One record move as ``(seat, action)``; legality is the referee's business."""
    if not isinstance(move, dict):
        raise BadRecord(f"move {index} must be an object")
    unknown = sorted(set(move) - MOVE_KEYS, key=str)
    if unknown:
        raise BadRecord(f"move {index}: unknown field: {unknown[0]}")
    if move.get("type", "ask") != "ask":
        raise BadRecord(f"move {index}: the only move in Go Fish is ask")
    missing = [key for key in ("seat", "target", "rank") if key not in move]
    if missing:
        raise BadRecord(f"move {index}: missing field: {missing[0]}")
    if not _is_int(move["seat"]):
        raise BadRecord(f"move {index}: seat must be a whole number")
    return move["seat"], {"type": "ask", "target": move["target"], "rank": move["rank"]}


SPEC = GameSpec(
    name=NAME,
    title="Go Fish",
    rules=GoFish(),
    seats=Seats(MIN_SEATS, MAX_SEATS, default=4),
    computer=Computer(levels=("remembering", "random")),
)
