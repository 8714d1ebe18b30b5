"""The nine halfsuits of Fish, and the card order the game shows them in.

Low halfsuits are 2-7 of a suit, high ones 9-A, and the eights are the four 8s
with both jokers: 9 x 6 = the 54 cards of ``games.cards.fish_deck``.
"""

from __future__ import annotations

from games.cards import SUITS, parse_card

_SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_LOW_RANKS = ("2", "3", "4", "5", "6", "7")
_HIGH_RANKS = ("9", "10", "J", "Q", "K", "A")


def _table() -> dict[str, tuple[str, ...]]:
    table: dict[str, tuple[str, ...]] = {}
    for suit in SUITS:
        table[f"low-{_SUIT_WORDS[suit]}"] = tuple(rank + suit for rank in _LOW_RANKS)
        table[f"high-{_SUIT_WORDS[suit]}"] = tuple(rank + suit for rank in _HIGH_RANKS)
    table["eights"] = tuple("8" + suit for suit in SUITS) + ("XR", "XB")
    return table


# Name -> its six cards, low to high; names in the order the table lists them.
HALFSUITS: dict[str, tuple[str, ...]] = _table()
HALFSUIT_NAMES: tuple[str, ...] = tuple(HALFSUITS)

# How a halfsuit reads to people: "high-hearts" -> "High Hearts".
HALFSUIT_LABELS: dict[str, str] = {
    name: " ".join(word.capitalize() for word in name.split("-")) for name in HALFSUIT_NAMES
}

_HALFSUIT_OF: dict[str, str] = {card: name for name, cards in HALFSUITS.items() for card in cards}

# Every card's place in the display order (halfsuit by halfsuit), so hands sort the
# same way on every screen and a hand's order never hints at how it was dealt.
CARD_ORDER: dict[str, int] = {
    card: index for index, card in enumerate(card for cards in HALFSUITS.values() for card in cards)
}


def halfsuit_of(card: str) -> str:
    """The halfsuit ``card`` belongs to (raises CardError for text that is not a card)."""
    return _HALFSUIT_OF[parse_card(card)]


def sort_cards(cards: list[str]) -> list[str]:
    """``cards`` (canonical spellings) in display order."""
    return sorted(cards, key=CARD_ORDER.__getitem__)
