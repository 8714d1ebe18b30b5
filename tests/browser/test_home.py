"""The home page and the rules pages, as a first-time visitor finds them."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

GAMES = {
    "fish": "Fish",
    "go-fish": "Go Fish",
    "kitten-fishing": "Kitten Fishing",
    "card-fishing": "Card Fishing",
}


def test_the_name_is_remembered_and_a_bad_name_is_explained(new_player) -> None:
    visitor = new_player("Captain <b>Cod</b>")
    visitor.choose_name()  # shown as text, never as markup
    visitor.page.reload()
    expect(visitor.page.get_by_label("Other players see you as")).to_have_value(
        "Captain <b>Cod</b>"
    )
    expect(visitor.page.get_by_test_id("me")).to_have_text("Captain <b>Cod</b>")
    visitor.page.fill("#name", "   ")
    visitor.page.get_by_role("button", name="Save name").click()
    expect(visitor.page.locator("#name-status")).to_contain_text("Please enter a name")
    visitor.page.reload()
    expect(visitor.page.get_by_test_id("me")).to_have_text("Captain <b>Cod</b>")


def test_every_game_has_a_rules_page_and_a_start_button(new_player) -> None:
    visitor = new_player("Visitor")
    page = visitor.page
    page.goto("/")
    for slug, name in GAMES.items():
        card = page.locator(f".game-card[data-game='{slug}']")
        expect(card.get_by_test_id(f"start-{slug}")).to_be_visible()
        card.get_by_role("link", name=f"How to play {name}").click()
        expect(page.get_by_role("heading", level=1)).to_have_text(f"How to play {name}")
        expect(page.locator(".rules-page")).to_contain_text("House rules you can choose")
        page.go_back()
    # Only Go Fish asks how many play; Card Fishing asks for a difficulty on its own page.
    expect(page.locator(".game-card[data-game='go-fish']").get_by_label("Players")).to_have_value(
        "4"
    )
    page.get_by_test_id("start-card-fishing").click()
    expect(page.get_by_role("group", name="Difficulty").get_by_role("radio")).to_have_count(4)
    expect(page.get_by_role("radio", name=re.compile("^Normal"))).to_be_checked()


def test_a_pasted_link_that_leads_nowhere_is_explained(new_player) -> None:
    visitor = new_player("Visitor")
    page = visitor.page
    page.goto("/")
    page.get_by_label("Paste the room link a friend sent you").fill(
        "http://example.com/r/NoSuchRoom1/"
    )
    page.get_by_role("button", name="Join").click()
    expect(page.locator("#join [role=alert]")).to_contain_text("There is no room at that link")
    page.get_by_label("Paste the room link a friend sent you").fill("hello?")
    page.get_by_role("button", name="Join").click()
    expect(page.locator("#join [role=alert]")).to_contain_text("does not look like a room link")
    response = page.goto("/r/NoSuchRoom1/")
    assert response is not None and response.status == 404
