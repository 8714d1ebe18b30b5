"""Card Fishing: a two-player fishing game played to 16 points over several rounds.

Seat 0 is the human, seat 1 the Bot. Each round uses one shuffled 52-card deck,
dealt from the top: four cards to the leader (the non-dealer), four to the
dealer and, on a round's first deal only, four face up to the table. When both
hands are empty the next four and four are dealt; six deals use up the deck.
The leader plays first in every deal and the players alternate.

A played card takes the best set of disjoint table groups adding up to its
hand value (see games.capture); otherwise it goes to the table. Clearing the
table is a sweep (1 point) except on a round's last play. At the round's end
the table goes to the last capturer, and the round is scored.

Between rounds the state waits in the ``scoring`` phase for seat 0 to send
``{"type": "next-round"}``: the site shows the score sheet until the human
presses NEXT ROUND.

Setups come from a record (``decks``: one deck per round) or from live play
(``seed``: round r's deck is derived from the seed and r, so a match can go on
for as many rounds as it takes).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from games.base import Action, Entry, RecordMove, Rules, Setup, State
from games.capture import capture, card_points, hand_value, parse_game_card
from games.cards import CardError, is_complete_deck, pretty, shuffled, standard_deck, suit_of
from games.errors import BadRecord, IllegalAction
from games.options import Option, non_default
from games.spec import Computer, GameSpec, Seats

__all__ = [
    "CardFishing",
    "capture",
    "card_points",
    "hand_value",
    "match_winner",
    "round_deck",
    "score_round",
]

SEATS = 2
HUMAN = 0
BOT = 1
HAND_SIZE = 4
TABLE_DEAL = 4
DECK_SIZE = 52
# Every card of the deck is played: 4 on the table first, the other 48 from hands.
PLAYS_PER_ROUND = DECK_SIZE - TABLE_DEAL

MOST_CARDS_POINTS = 1
MOST_SPADES_POINTS = 2
SWEEP_POINTS = 1

TARGETS = (8, 11, 16, 21, 31)

_SETUP_KEYS = {"first_dealer", "decks", "seed", "options"}
_RECORD_KEYS = {"game", "version", "first_dealer", "rounds", "options"}
_ROUND_KEYS = {"deck", "plays"}


def _other(seat: int) -> int:
    return 1 - seat


def _is_int(value: Any) -> bool:
    # bool is an int in Python; a seat or a seed is never True/False.
    return isinstance(value, int) and not isinstance(value, bool)


def _is_seat(value: Any) -> bool:
    return _is_int(value) and 0 <= value < SEATS


def round_deck(setup: Setup, round_index: int) -> list[str] | None:
    """The deck of round ``round_index`` (from 0), top card first; None if there is none."""
    if "decks" in setup:
        decks = setup["decks"]
        return list(decks[round_index]) if round_index < len(decks) else None
    # Live play: every round's deck is fixed by the seed, so a record can be rebuilt.
    return shuffled(standard_deck(), random.Random(f"{setup['seed']}:{round_index}"))


def _check_deck(deck: Any, where: str) -> list[str]:
    if not isinstance(deck, list):
        raise BadRecord(f"{where}: the deck must be a list of cards")
    try:
        cards = [parse_game_card(card) for card in deck]
    except CardError as error:
        raise BadRecord(f"{where}: {error}") from None
    if not is_complete_deck(cards, standard_deck()):
        raise BadRecord(f"{where}: the deck must hold each of the 52 cards exactly once")
    return cards


def _check_first_dealer(value: Any) -> int:
    if not _is_seat(value):
        raise BadRecord("first_dealer must be 0 or 1")
    return value


def score_round(captured: list[list[str]], sweeps: list[int]) -> dict[str, Any]:
    """Score a round from each seat's captured cards and sweeps.

    Most cards 1 and most spades 2 (nobody on a tie), each Ace 1, the 2 of
    spades 1, the 10 of diamonds 2, each sweep 1.
    """
    cards = [len(pile) for pile in captured]
    spades = [sum(1 for card in pile if suit_of(card) == "S") for pile in captured]
    aces = [sum(1 for card in pile if card.startswith("A")) for pile in captured]

    def holder(card: str) -> int | None:
        return next((seat for seat in range(SEATS) if card in captured[seat]), None)

    def most(counts: list[int]) -> int | None:
        if counts[0] == counts[1]:
            return None
        return 0 if counts[0] > counts[1] else 1

    most_cards = most(cards)
    most_spades = most(spades)
    points = []
    for seat in range(SEATS):
        total = sum(card_points(card) for card in captured[seat]) + sweeps[seat] * SWEEP_POINTS
        total += MOST_CARDS_POINTS if most_cards == seat else 0
        total += MOST_SPADES_POINTS if most_spades == seat else 0
        points.append(total)
    return {
        "points": points,
        "cards": cards,
        "spades": spades,
        "sweeps": list(sweeps),
        "aces": aces,
        "most_cards": most_cards,
        "most_spades": most_spades,
        "two_of_spades": holder("2S"),
        "ten_of_diamonds": holder("10D"),
    }


def match_winner(scores: list[int], target: int) -> int | None:
    """The winner once someone has ``target`` or more; level totals play on."""
    if max(scores) < target or scores[0] == scores[1]:
        return None
    return 0 if scores[0] > scores[1] else 1


class CardFishing(Rules):
    """The rules of Card Fishing. Seat 0 is the human, seat 1 the Bot."""

    name = "card-fishing"
    min_seats = 2
    max_seats = 2
    options = {
        "target": Option(
            default=16,
            choices=TARGETS,
            label="Match target",
            wording=tuple(f"First to {target} points wins" for target in TARGETS),
        )
    }

    # --- setups -------------------------------------------------------------
    def random_setup(
        self, seats: int, rng: random.Random, options: dict[str, Any] | None = None
    ) -> Setup:
        if seats != SEATS:
            raise BadRecord("Card Fishing is played by exactly two seats")
        resolved = self.resolve_options({"options": options})
        # The Bot deals the first round, so the human leads it.
        setup: Setup = {"first_dealer": BOT, "seed": rng.getrandbits(63)}
        chosen = non_default(self.options, resolved)
        if chosen:
            setup["options"] = chosen
        return setup

    def _normalise_setup(self, setup: Any) -> Setup:
        """A checked copy of ``setup`` with canonical cards; BadRecord if it is invalid."""
        if not isinstance(setup, dict):
            raise BadRecord("a setup must be an object")
        unknown = sorted(set(setup) - _SETUP_KEYS)
        if unknown:
            raise BadRecord(f"unknown setup field: {unknown[0]}")
        first_dealer = _check_first_dealer(setup.get("first_dealer", BOT))
        clean: Setup = {"first_dealer": first_dealer}
        if ("decks" in setup) == ("seed" in setup):
            raise BadRecord("a setup has either decks or a seed")
        if "decks" in setup:
            decks = setup["decks"]
            if not isinstance(decks, list) or not decks:
                raise BadRecord("decks must be a non-empty list of decks")
            clean["decks"] = [_check_deck(deck, f"deck {i}") for i, deck in enumerate(decks)]
        else:
            if not _is_int(setup["seed"]):
                raise BadRecord("seed must be an integer")
            clean["seed"] = setup["seed"]
        chosen = non_default(self.options, self.resolve_options(setup))
        if chosen:
            clean["options"] = chosen
        return clean

    def start(self, setup: Setup) -> State:
        clean = self._normalise_setup(setup)
        options = self.resolve_options(clean)
        state: State = {
            "game": self.name,
            "setup": clean,
            "options": options,
            "round": 0,
            "dealer": clean["first_dealer"],
            "scores": [0, 0],
            "rounds": [],
            "winner": None,
            # Every entry of the match, for history(); the view shows this round's.
            "log": [],
        }
        _begin_round(state, round_deck(clean, 0) or [])
        return state

    # --- playing ------------------------------------------------------------
    def turn(self, state: State) -> int | None:
        if state["phase"] == "over":
            return None
        if state["phase"] == "scoring":
            return HUMAN
        return state["to_move"]

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def winners(self, state: State) -> list[int]:
        return [] if state["winner"] is None else [state["winner"]]

    def action_space(self, state: State, seat: int) -> dict[str, Any]:
        if self.is_over(state) or self.turn(state) != seat:
            return {}
        if state["phase"] == "scoring":
            return {"next-round": True} if _next_deck(state) is not None else {}
        return {"play": list(state["hands"][seat])}

    def legal_actions(self, state: State, seat: int) -> Iterator[Action]:
        space = self.action_space(state, seat)
        if space.get("next-round"):
            yield {"type": "next-round"}
        for card in space.get("play", []):
            yield {"type": "play", "card": card}

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Entry]]:
        if self.is_over(state):
            raise IllegalAction("game-over", "The match is over.")
        kind = _action_type(action)
        card = _action_card(action) if kind == "play" else None
        if not _is_seat(seat):
            raise IllegalAction("bad-seat", "Card Fishing has seats 0 and 1 only.")
        if kind == "play":
            if state["phase"] == "scoring":
                raise IllegalAction("round-over", "The round is over: start the next round.")
            self.require_turn(state, seat)
            if card not in state["hands"][seat]:
                raise IllegalAction("card-not-in-hand", f"{pretty(card)} is not in your hand.")
            return _play(state, seat, card)
        if state["phase"] != "scoring":
            raise IllegalAction("round-not-over", "The round is still being played.")
        self.require_turn(state, seat)
        deck = _next_deck(state)
        if deck is None:
            raise IllegalAction("no-deck", "There is no deck for another round.")
        return _next_round(state, deck)

    # --- what players see -----------------------------------------------------
    def redact(self, entry: Entry, viewer: int | None) -> Entry:
        # Everything in an entry is public: who played what, what it took, the
        # leftovers and the score. New hands are only announced, never shown.
        return _clone(entry)

    def view(self, state: State, viewer: int | None) -> dict[str, Any]:
        hand = list(state["hands"][viewer]) if viewer is not None else None
        return {
            "game": self.name,
            "viewer": viewer,
            "turn": self.turn(state),
            "over": self.is_over(state),
            "result": self.result(state),
            "actions": self.action_space(state, viewer) if viewer is not None else {},
            "phase": state["phase"],
            "round": state["round"],
            "deal": state["deal"],
            "dealer": state["dealer"],
            "leader": state["leader"],
            "hand": hand,
            # What each own card would take now, so the client can light it up.
            "previews": {card: capture(card, state["table"]) for card in hand or []},
            "hand_counts": [len(cards) for cards in state["hands"]],
            "table": list(state["table"]),
            "deck_count": len(state["deck"]),
            "captured_counts": [len(pile) for pile in state["captured"]],
            "sweeps": list(state["sweeps"]),
            "last_capture": state["last_capture"],
            "log": [
                self.redact(entry, viewer)
                for entry in state["log"]
                if entry["type"] == "play" and entry["round"] == state["round"]
            ],
            "scores": list(state["scores"]),
            "rounds": _clone(state["rounds"]),
            "target": state["options"]["target"],
            "options": dict(state["options"]),
        }

    def result(self, state: State) -> dict[str, Any]:
        return {
            "rounds": _clone(state["rounds"]),
            "scores": list(state["scores"]),
            "winner": state["winner"],
            "target": state["options"]["target"],
        }

    # --- records --------------------------------------------------------------
    def to_record(self, setup: Setup, moves: list[tuple[int, Action]]) -> dict[str, Any]:
        clean = self._normalise_setup(setup)
        rounds = [{"deck": round_deck(clean, 0), "plays": []}]
        for _seat, action in moves:
            if action.get("type") == "next-round":
                deck = round_deck(clean, len(rounds))
                if deck is None:
                    raise BadRecord("a next-round move without a deck")
                rounds.append({"deck": deck, "plays": []})
            else:
                rounds[-1]["plays"].append(parse_game_card(action["card"]))
        record: dict[str, Any] = {
            "game": self.name,
            "first_dealer": clean["first_dealer"],
            "rounds": rounds,
        }
        if "options" in clean:
            record["options"] = dict(clean["options"])
        return record

    def from_record(self, record: dict[str, Any]) -> tuple[Setup, list[RecordMove]]:
        if not isinstance(record, dict):
            raise BadRecord("a record must be an object")
        unknown = sorted(set(record) - _RECORD_KEYS)
        if unknown:
            raise BadRecord(f"unknown record field: {unknown[0]}")
        if record.get("game") != self.name:
            raise BadRecord(f"not a {self.name} record")
        if "version" in record and record["version"] != 1:
            raise BadRecord("only version 1 records are known")
        # Version 1 says a record without first_dealer was dealt by the Bot.
        first_dealer = _check_first_dealer(record.get("first_dealer", BOT))
        rounds = record.get("rounds")
        if not isinstance(rounds, list) or not rounds:
            raise BadRecord("rounds must be a non-empty list")
        decks: list[list[str]] = []
        moves: list[RecordMove] = []
        for index, played in enumerate(rounds):
            where = f"round {index}"
            if not isinstance(played, dict) or set(played) != _ROUND_KEYS:
                raise BadRecord(f"{where}: a round is an object with deck and plays")
            decks.append(_check_deck(played["deck"], where))
            plays = played["plays"]
            if not isinstance(plays, list) or len(plays) > PLAYS_PER_ROUND:
                raise BadRecord(f"{where}: plays must be a list of at most 48 cards")
            if index < len(rounds) - 1 and len(plays) != PLAYS_PER_ROUND:
                raise BadRecord(f"{where}: only the last round may stop early")
            if index:
                moves.append((None, {"type": "next-round"}))
            try:
                moves.extend((None, {"type": "play", "card": parse_game_card(c)}) for c in plays)
            except CardError as error:
                raise BadRecord(f"{where}: {error}") from None
        setup: Setup = {"first_dealer": first_dealer, "decks": decks}
        chosen = non_default(self.options, self.resolve_options(record))
        if chosen:
            setup["options"] = chosen
        return setup, moves

    def is_record_move(self, action: Action) -> bool:
        # A record lists the plays; the deal of each new round is implied.
        return action.get("type") != "next-round"

    def record_log(self, entries: list[Entry]) -> list[Entry]:
        # A record holds the plays only; who played and the next-round steps
        # follow from the rules.
        return [entry for entry in entries if entry.get("type") == "play"]


# --- state changes (each works on a fresh copy) -------------------------------


def _action_type(action: Any) -> str:
    if not isinstance(action, dict) or action.get("type") not in ("play", "next-round"):
        raise IllegalAction("bad-action", "An action is an object with type play or next-round.")
    return action["type"]


def _action_card(action: Action) -> str:
    text = action.get("card")
    if not isinstance(text, str):
        raise IllegalAction("bad-action", "A play needs the card to play.")
    try:
        return parse_game_card(text)
    except CardError:
        raise IllegalAction("bad-card", f"Not a card: {text[:20]!r}.") from None


def _clone(value: Any) -> Any:
    """A deep copy of a JSON value: entries and rounds handed out are the caller's to change."""
    if isinstance(value, dict):
        return {key: _clone(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_clone(item) for item in value]
    return value


def _next_deck(state: State) -> list[str] | None:
    return round_deck(state["setup"], state["round"] + 1)


def _copy(state: State) -> State:
    """A copy whose containers can be changed without touching ``state``.

    The setup, finished rounds and log entries are never changed once made,
    so they are shared rather than copied.
    """
    new = dict(state)
    for key in ("hands", "captured"):
        new[key] = [list(cards) for cards in state[key]]
    for key in ("deck", "table", "sweeps", "scores", "rounds", "log"):
        new[key] = list(state[key])
    return new


def _deal_hands(state: State) -> None:
    """Four cards to the leader, then four to the dealer, from the top of the deck."""
    deck = state["deck"]
    for seat in (state["leader"], state["dealer"]):
        state["hands"][seat] = deck[:HAND_SIZE]
        del deck[:HAND_SIZE]
    state["deal"] += 1
    state["to_move"] = state["leader"]


def _begin_round(state: State, deck: list[str]) -> None:
    state.update(
        {
            "phase": "play",
            "leader": _other(state["dealer"]),
            "deck": list(deck),
            "hands": [[], []],
            "table": [],
            "captured": [[], []],
            "sweeps": [0, 0],
            "last_capture": None,
            "plays": 0,
            "deal": 0,
        }
    )
    _deal_hands(state)
    state["table"] = state["deck"][:TABLE_DEAL]
    del state["deck"][:TABLE_DEAL]


def _play(state: State, seat: int, card: str) -> tuple[State, list[Entry]]:
    new = _copy(state)
    new["hands"][seat].remove(card)
    new["plays"] += 1
    last_play = new["plays"] == PLAYS_PER_ROUND
    taken = capture(card, new["table"])
    if taken:
        for table_card in taken:
            new["table"].remove(table_card)
        new["captured"][seat].extend([card, *taken])
        new["last_capture"] = seat
    else:
        new["table"].append(card)
    sweep = bool(taken) and not new["table"] and not last_play
    if sweep:
        new["sweeps"][seat] += 1
    entry: Entry = {
        "type": "play",
        "round": new["round"],
        "seat": seat,
        "card": card,
        "value": hand_value(card),
        "took": taken,
        "sweep": sweep,
    }
    new["to_move"] = _other(seat)
    if not any(new["hands"]):
        if new["deck"]:
            _deal_hands(new)
            entry["dealt"] = True
            entry["deal"] = new["deal"]
        else:
            entry.update(_end_round(new))
    new["log"].append(entry)
    return new, [_clone(entry)]


def _end_round(state: State) -> dict[str, Any]:
    """Give the leftovers away, score the round, and see whether the match is won."""
    leftovers = list(state["table"])
    to = state["last_capture"]
    if to is not None:
        state["captured"][to].extend(leftovers)
        state["table"] = []
    # With no capture at all the leftovers go to nobody: they stay on the table
    # (and out of the score) until the next round is dealt.
    done = score_round(state["captured"], state["sweeps"])
    # No card names in the summary: it stays in views for the rest of the match,
    # when the same cards lie hidden in the next round's deck and hands.
    done.update(
        {
            "round": state["round"],
            "dealer": state["dealer"],
            "last_capture": to,
            "leftover_count": len(leftovers),
        }
    )
    state["rounds"].append(done)
    state["scores"] = [a + b for a, b in zip(state["scores"], done["points"], strict=True)]
    state["winner"] = match_winner(state["scores"], state["options"]["target"])
    state["phase"] = "scoring" if state["winner"] is None else "over"
    state["to_move"] = None
    return {
        "round_over": True,
        "leftovers": leftovers,
        "leftovers_to": to,
        "score": _clone(done),
        "scores": list(state["scores"]),
        "winner": state["winner"],
    }


def _next_round(state: State, deck: list[str]) -> tuple[State, list[Entry]]:
    new = _copy(state)
    new["round"] += 1
    new["dealer"] = _other(new["dealer"])
    _begin_round(new, deck)
    entry: Entry = {
        "type": "next-round",
        "round": new["round"],
        "dealer": new["dealer"],
        "leader": new["leader"],
        "table": list(new["table"]),
    }
    new["log"].append(entry)
    return new, [_clone(entry)]


SPEC = GameSpec(
    name="card-fishing",
    title="Card Fishing",
    rules=CardFishing(),
    seats=Seats(SEATS, SEATS, default=SEATS),
    computer=Computer(
        levels=("easy", "normal", "hard", "crazy"), name="the Bot", solo_default="normal"
    ),
    solo=True,
)
