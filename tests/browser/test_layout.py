"""Phone-sized screens: screenshots of the lobby and both tables, and nothing wider than the screen.

The screenshots go to artifacts/browser/screens/ (git-ignored), in portrait
(390 x 844) and landscape (844 x 390), for people to look at; the test fails
when any element sticks out of the screen sideways.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.pages import PORTRAIT, Player, capture

pytestmark = pytest.mark.browser

LONG_NAME = "Bartholomew Fishmonger X"  # the longest name allowed: 24 characters


def add_computers(host: Player, seats: range) -> None:
    for seat in seats:
        card = host.page.get_by_test_id(f"seat-{seat}")
        card.get_by_role("button", name=f"Add a computer player to seat {seat + 1}").click()
        expect(card.get_by_test_id("seat-name")).to_have_text(f"Computer {seat + 1}")


def test_the_home_and_rules_pages_fit_a_phone(new_player) -> None:
    visitor = new_player("Visitor", viewport=PORTRAIT, phone=True)
    visitor.page.goto("/")
    visitor.page.locator(".game-card[data-game=fish] summary").click()  # the house rules
    capture(visitor, "home")
    visitor.page.goto("/rules/fish/")
    capture(visitor, "rules-fish")


def test_the_fish_lobby_and_table_fit_a_phone(new_player) -> None:
    host = new_player(LONG_NAME, viewport=PORTRAIT, phone=True)
    friend = new_player("Bob", viewport=PORTRAIT, phone=True)
    host.choose_name()
    friend.choose_name()
    link = host.open_room("fish")
    friend.join(link)
    host.sit(0)
    friend.sit(3)
    host.page.get_by_text("House rules at this table").click()  # the host's choices
    capture(host, "fish-lobby")

    friend.page.get_by_role("button", name="Stand up").click()
    expect(host.page.get_by_test_id("seat-3").get_by_test_id("seat-name")).to_have_text("Free")
    add_computers(host, range(1, 6))
    host.page.get_by_role("button", name="Start the game").click()
    # The computers play until one of them asks the host and misses: the host's turn.
    picker = host.page.get_by_test_id("ask-picker")
    expect(picker).to_be_visible(timeout=30_000)
    picker.locator("[data-testid^=ask-target-]").first.click()
    picker.locator("[data-testid^=ask-card-]").last.click()
    expect(host.page.get_by_test_id("ask-confirm")).to_be_enabled()
    capture(host, "fish-table-ask")
    capture(friend, "fish-table-spectator")

    host.page.get_by_test_id("declare-open").click()
    host.page.locator("[data-testid^=declare-hs-]").first.click()
    expect(host.page.locator("[data-testid^=holder-]").first).to_be_visible()
    capture(host, "fish-table-declare")


def test_the_go_fish_table_fits_a_phone(new_player) -> None:
    host = new_player(LONG_NAME, viewport=PORTRAIT, phone=True)
    host.choose_name()
    host.open_room("go-fish", seats=4)
    host.sit(0)
    add_computers(host, range(1, 4))
    capture(host, "go-fish-lobby")
    host.page.get_by_role("button", name="Start the game").click()
    picker = host.page.get_by_test_id("ask-picker")
    expect(picker).to_be_visible(timeout=30_000)
    picker.locator("[data-testid^=ask-target-]").first.click()
    picker.locator("[data-testid^=ask-rank-]").first.click()
    capture(host, "go-fish-table")


def test_the_kitten_fishing_table_fits_a_phone(new_player) -> None:
    player = new_player(LONG_NAME, viewport=PORTRAIT, phone=True)
    player.choose_name()
    player.open_room("kitten-fishing")
    table = player.page.get_by_test_id("kitten-table")
    for plays in (2, 4, 6):
        expect(table).to_have_attribute("data-turn", "0")
        expect(table).to_have_attribute("data-animating", "")
        player.page.get_by_test_id("your-pile").tap()
        expect(table).to_have_attribute("data-moves", str(plays))
    expect(table).to_have_attribute("data-animating", "")
    capture(player, "kitten-fishing-table")


def test_the_card_fishing_settings_and_table_fit_a_phone(new_player) -> None:
    player = new_player(LONG_NAME, viewport=PORTRAIT, phone=True)
    player.choose_name()
    page = player.page
    page.goto("/play/card-fishing/")
    expect(page.get_by_test_id("record")).to_be_visible()
    capture(player, "card-fishing-settings")
    page.get_by_test_id("level-hard").click()
    page.get_by_test_id("play").click()
    table = page.get_by_test_id("card-fishing-table")
    expect(table).to_have_attribute("data-ready", "play")
    page.locator("[data-testid=hand] [data-hand-card]").last.tap()  # lifted: its catch glows
    expect(page.locator("[data-testid=hand] [aria-pressed=true]")).to_have_count(1)
    capture(player, "card-fishing-table")
    page.get_by_test_id("menu").tap()
    expect(page.get_by_test_id("menu-dialog")).to_be_visible()
    capture(player, "card-fishing-menu")
