"""In the browser: house rules chosen when opening a room are in force, an
administrator closes a room, and a hostile display name stays text."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from playwright.sync_api import expect

from games.fish import Fish
from tests.browser.pages import Player
from tests.servers import ROOT

pytestmark = pytest.mark.browser

BLUFF_OFF = Fish.options["bluff"].describe(False)


def test_house_rules_chosen_at_the_start_are_in_force(new_player) -> None:
    ann: Player = new_player("Ann")
    ann.choose_name()
    ann.open_room("fish", rules={"bluff": "false", "log": "all"})
    ann.sit(0)
    for seat in range(1, 6):
        card = ann.page.get_by_test_id(f"seat-{seat}")
        card.get_by_role("button", name=f"Add a computer player to seat {seat + 1}").click()
        expect(card).to_contain_text(f"Computer {seat + 1}")
    rules = ann.page.locator(".rules-in-force")
    ann.page.get_by_role("button", name="Start the game").click()
    # The table lists the rules in force, the changed ones marked.
    ann.page.get_by_text("House rules at this table").click()
    expect(rules).to_contain_text(BLUFF_OFF)
    # And the game follows them: when Ann asks, she is never offered a card she holds.
    picker = ann.page.get_by_test_id("ask-picker")
    expect(picker).to_be_visible(timeout=60_000)
    offered = set(
        ann.page.locator("[data-testid^=ask-card-]").evaluate_all(
            "nodes => nodes.map(node => node.dataset.testid.slice('ask-card-'.length))"
        )
    )
    hand = set(ann.hand())
    assert offered and hand and not offered & hand


def create_staff(site) -> None:
    env = {
        **os.environ,
        "DATABASE_URL": site.env["DATABASE_URL"],
        "DJANGO_SUPERUSER_USERNAME": "boss",
        "DJANGO_SUPERUSER_EMAIL": "boss@example.com",
        "DJANGO_SUPERUSER_PASSWORD": "a-long-admin-password-7",
    }
    subprocess.run(
        [sys.executable, "manage.py", "createsuperuser", "--noinput"],
        cwd=ROOT, env=env, check=True, capture_output=True, timeout=120,
    )  # fmt: skip


def test_an_administrator_closes_a_room_and_the_players_see_it(new_player, site) -> None:
    create_staff(site)
    ann, bob, boss = new_player("Ann"), new_player("Bob"), new_player("Boss")
    ann.choose_name()
    link = ann.open_room("kitten-fishing")
    code = re.search(r"/r/([\w-]+)/", link).group(1)
    bob.join(link)  # watching
    page = boss.page
    page.goto("/admin/login/")
    page.fill("#id_username", "boss")
    page.fill("#id_password", "a-long-admin-password-7")
    page.get_by_role("button", name="Log in").click()
    page.goto(f"/admin/rooms/room/?q={code}")
    page.locator("input[name=_selected_action]").first.check()
    page.select_option("select[name=action]", "close_rooms")
    page.get_by_role("button", name="Go").click()
    expect(page.locator(".messagelist")).to_contain_text("Done for 1")
    for player in (ann, bob):
        expect(player.page.get_by_test_id("status")).to_contain_text("closed by an administrator")
        expect(player.page.locator("[data-state]").first).to_have_attribute("data-state", "closed")


def test_a_script_as_a_display_name_is_shown_as_text(new_player) -> None:
    payload = "<img src=x onerror=f()>"
    ann, eve = new_player("Ann"), new_player(payload)
    dialogs: list[str] = []
    ann.page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    ann.choose_name()
    eve.choose_name()
    link = ann.open_room("go-fish", seats=2)
    eve.join(link)
    eve.sit(1)
    seat = ann.page.get_by_test_id("seat-1")
    expect(seat.get_by_test_id("seat-name")).to_have_text(payload)
    assert seat.locator("img").count() == 0
    assert dialogs == []
    assert ann.page_errors == []


@pytest.mark.parametrize(
    ("game", "link"),
    [("go-fish", "Start a Go Fish room"), ("kitten-fishing", "Play Kitten Fishing")],
)
def test_start_on_a_rules_page_leads_to_that_games_card(new_player, game: str, link: str) -> None:
    page = new_player("Ann").page
    page.goto(f"/rules/{game}/")
    expect(page.get_by_test_id("start-room")).to_have_text(link)
    page.get_by_test_id("start-room").click()
    page.wait_for_url(re.compile(rf"/#game-{game}$"))
    card = page.locator(f".game-card[data-game='{game}']")
    expect(card).to_be_in_viewport()
    expect(card.locator("summary", has_text="House rules")).to_be_visible()
    expect(page.get_by_test_id(f"start-{game}")).to_be_in_viewport()


def test_card_fishing_rules_point_to_where_its_house_rules_are(new_player) -> None:
    page = new_player("Ann").page
    page.goto("/rules/card-fishing/")
    expect(page.get_by_test_id("start-room")).to_have_text("Play Card Fishing")
    where = page.get_by_test_id("house-rules-where")
    expect(where).to_contain_text("On the Card Fishing page, before you press PLAY")
    where.get_by_role("link", name="Card Fishing page").click()
    page.wait_for_url(re.compile(r"/play/card-fishing/$"))
    page.locator("summary", has_text="House rules").click()
    expect(page.get_by_label("Match target")).to_be_visible()
    page.go_back()
    page.get_by_test_id("start-room").click()
    page.wait_for_url(re.compile(r"/play/card-fishing/$"))
    expect(page.get_by_test_id("play")).to_be_visible()
