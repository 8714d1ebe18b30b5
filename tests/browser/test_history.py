"""The history page in the browser: the finish time in the player's own time zone,
a header over every column, the table styled."""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import expect

from tests.browser.pages import Player

pytestmark = pytest.mark.browser

# Half an hour off UTC, so a time shown in UTC (or in the server's zone) cannot pass.
ZONE = "Asia/Kolkata"


def finish_a_kitten_game(player: Player) -> None:
    page = player.page
    player.open_room("kitten-fishing")
    page.get_by_test_id("see-result").click()
    page.get_by_test_id("confirm-dialog").get_by_role("button", name="See the result").click()
    expect(page.get_by_test_id("result")).to_be_visible()


def us_medium_short(when: datetime) -> str:
    """What en-US writes for dateStyle medium, timeStyle short: "Dec 1, 2026, 9:08 PM"."""
    hour = when.hour % 12 or 12
    return f"{when:%b} {when.day}, {when.year}, {hour}:{when:%M} {when:%p}"


def test_the_finish_time_is_shown_in_the_players_time_zone(new_player) -> None:
    ann = new_player("Ann", timezone=ZONE)
    finish_a_kitten_game(ann)
    page = ann.page
    page.goto("/history/")
    time = page.get_by_test_id("history").locator("time")
    expect(time).to_have_count(1)
    finished = datetime.fromisoformat(time.get_attribute("datetime"))
    local = finished.astimezone(ZoneInfo(ZONE))
    # Chromium puts a narrow no-break space before AM/PM.
    words = us_medium_short(local).split()
    expect(time).to_have_text(re.compile(r"\s".join(map(re.escape, words))))


def test_every_column_has_a_header_and_the_table_is_styled(new_player) -> None:
    ann = new_player("Ann")
    finish_a_kitten_game(ann)
    page = ann.page
    page.goto("/history/")
    table = page.get_by_test_id("history")
    headers = table.locator("thead th")
    expect(headers).to_have_text(["Game", "Opponents", "Result", "Finished", "Replay and record"])
    expect(table.locator("tbody tr").first.locator("td")).to_have_count(5)
    expect(table.locator("tbody td").nth(1)).to_have_text("Kitty")
    assert table.evaluate("t => getComputedStyle(t).borderCollapse") == "collapse"
    header_background = headers.first.evaluate("th => getComputedStyle(th).backgroundColor")
    assert header_background not in ("rgba(0, 0, 0, 0)", "transparent")
