"""Cards and decks: parsing, printing and shuffling.

A card is written rank then suit, as on the Fish website: ``KH`` is the king of
hearts, ``10D`` the ten of diamonds, ``XR`` and ``XB`` the red and black jokers.
Parsing is case-insensitive; printing is always upper case. Game states keep
cards as their printed strings so that a state is plain JSON.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
JOKERS: tuple[str, ...] = ("XR", "XB")

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

# Face value used by the capture games: Ace 1, 2-10 as numbered, J 11, Q 12, K 13.
FACE_VALUE: dict[str, int] = {rank: index + 1 for index, rank in enumerate(RANKS)}


class CardError(ValueError):
    """Raised for text that is not a card."""

    code = "bad-card"

    def __init__(self, text: object) -> None:
        self.text = text
        super().__init__(f"not a card: {text!r}")


def parse_card(text: str) -> str:
    """Return the canonical (upper-case) spelling of ``text``, or raise CardError."""
    if not isinstance(text, str):
        raise CardError(text)
    card = text.strip().upper()
    if card in JOKERS:
        return card
    rank, suit = card[:-1], card[-1:]
    if rank not in FACE_VALUE or suit not in SUITS:
        raise CardError(text)
    return card


def parse_cards(texts: Iterable[str]) -> list[str]:
    """Parse a sequence of card texts, keeping their order."""
    return [parse_card(text) for text in texts]


def rank_of(card: str) -> str:
    """The rank part of a card (``"10"`` for ``10D``); jokers have rank ``X``."""
    return "X" if card in JOKERS else card[:-1]


def suit_of(card: str) -> str:
    """The suit letter of a card; jokers have suit ``R`` or ``B``."""
    return card[-1]


def face_value(card: str) -> int:
    """Face value of a non-joker card: Ace 1 up to King 13."""
    return FACE_VALUE[rank_of(card)]


def pretty(card: str) -> str:
    """A human-readable spelling with a suit symbol, for messages: ``K♥``."""
    if card in JOKERS:
        return "red joker" if card == "XR" else "black joker"
    return rank_of(card) + SUIT_SYMBOLS[suit_of(card)]


def standard_deck() -> list[str]:
    """The 52 cards in a fixed order (suit by suit, Ace to King)."""
    return [rank + suit for suit in SUITS for rank in RANKS]


def fish_deck() -> list[str]:
    """The 54 cards of Fish: a standard deck and both jokers."""
    return standard_deck() + list(JOKERS)


def shuffled(cards: Iterable[str], rng: random.Random) -> list[str]:
    """A shuffled copy of ``cards``, drawn from ``rng`` so a seed reproduces it."""
    deck = list(cards)
    rng.shuffle(deck)
    return deck


def is_complete_deck(cards: list[str], full: list[str]) -> bool:
    """True when ``cards`` holds each card of ``full`` exactly once."""
    return len(cards) == len(full) and sorted(cards) == sorted(full)
