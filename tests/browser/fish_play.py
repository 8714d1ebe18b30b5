"""Playing Fish through six players' pages: asking and declaring with the real controls.

The test side knows each hand only by reading it from that player's own page.
It also keeps what it has said aloud (cards asked for, cards named in a
declaration): the only cards a spectator may ever see.
"""

from __future__ import annotations

from playwright.sync_api import expect

from games.halfsuits import HALFSUITS, halfsuit_of
from tests.browser.pages import Player


def team_of(seat: int) -> int:
    return seat % 2


def askable(hand: list[str]) -> set[str]:
    """What a seat holding ``hand`` may ask for at a table that allows bluffing."""
    return {card for held in hand for card in HALFSUITS[halfsuit_of(held)]}


class FishGame:
    def __init__(self, seats: dict[int, Player], watchers: list[Player]) -> None:
        self.seats = seats
        self.watchers = watchers
        self.moves = 0
        self.said: set[str] = set()
        self.score = [0, 0]
        self.declared: list[str] = []

    @property
    def everyone(self) -> list[Player]:
        return [*self.seats.values(), *self.watchers]

    def settle(self) -> None:
        """Wait until every page shows the moves made so far."""
        for player in self.everyone:
            player.wait_moves(self.moves)

    def hands(self) -> dict[int, list[str]]:
        self.settle()
        return {seat: player.hand() for seat, player in self.seats.items()}

    def turn(self) -> int:
        self.settle()
        table = self.seats[0].page.get_by_test_id("fish-table")
        return int(table.get_attribute("data-turn") or -1)

    def offered_targets(self, seat: int) -> set[int]:
        buttons = self.seats[seat].page.locator("[data-testid^=ask-target-]")
        return {int(test_id.rsplit("-", 1)[1]) for test_id in test_ids(buttons)}

    def offered_cards(self, seat: int) -> set[str]:
        buttons = self.seats[seat].page.locator("[data-testid^=ask-card-]")
        return {test_id.rsplit("-", 1)[1] for test_id in test_ids(buttons)}

    def ask(self, seat: int, target: int, card: str) -> None:
        page = self.seats[seat].page
        page.get_by_test_id(f"ask-target-{target}").click()
        page.get_by_test_id(f"ask-card-{card}").click()
        confirm = page.get_by_test_id("ask-confirm")
        expect(confirm).to_contain_text(f"Ask {self.seats[target].name} for")
        confirm.click()
        self.moves += 1
        self.said.add(card)
        self.settle()

    def declare(self, seat: int, halfsuit: str, holders: dict[str, int], correct: bool) -> None:
        page = self.seats[seat].page
        page.get_by_test_id("declare-open").click()
        page.get_by_test_id(f"declare-hs-{halfsuit}").click()
        for card, holder in holders.items():
            choice = page.get_by_test_id(f"holder-{card}-{holder}")
            if choice.get_attribute("aria-pressed") != "true":
                choice.click()
        page.get_by_test_id("declare-confirm").click()
        self.moves += 1
        self.said |= set(HALFSUITS[halfsuit])
        self.declared.append(halfsuit)
        self.score[team_of(seat) if correct else 1 - team_of(seat)] += 1
        self.settle()

    def holders_of(self, halfsuit: str, hands: dict[int, list[str]]) -> dict[str, int]:
        return {card: holder(card, hands) for card in HALFSUITS[halfsuit]}

    def team_holding(self, halfsuit: str, hands: dict[int, list[str]]) -> int | None:
        teams = {team_of(holder(card, hands)) for card in HALFSUITS[halfsuit]}
        return teams.pop() if len(teams) == 1 else None


def holder(card: str, hands: dict[int, list[str]]) -> int:
    return next(seat for seat, hand in hands.items() if card in hand)


def test_ids(locator) -> list[str]:
    return locator.evaluate_all("nodes => nodes.map(node => node.dataset.testid)")
