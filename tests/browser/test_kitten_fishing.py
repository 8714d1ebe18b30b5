"""Kitten Fishing in the browser: flipping, Kitty's turns, animations, Auto,
See the result, saving across a reload, the first flip alternating, the play limit."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from games.kitten_fishing import KittenFishing
from tests.browser.engine import game_state, room_code
from tests.browser.pages import Player, SentActions, capture, open_solo_room, wait_connected

pytestmark = pytest.mark.browser

OPENING = "Your opponent flips first this game"
TITLES = {0: "You win!", 1: "Kitty wins", None: "It’s a draw"}
REASONS = {
    ("empty-pile", 0): "Kitty’s pile ran out.",
    ("empty-pile", 1): "Your pile ran out.",
    ("flip-limit", 0): "Play limit reached — decided by card count",
    ("flip-limit", 1): "Play limit reached — decided by card count",
    ("flip-limit", None): "Play limit reached — decided by card count",
}
# What the status line says at the end: each sentence stopped once.
ENDINGS = {
    ("empty-pile", 0): "Game over. You win! Kitty’s pile ran out.",
    ("empty-pile", 1): "Game over. Kitty wins. Your pile ran out.",
    ("flip-limit", 0): "Game over. You win! Play limit reached — decided by card count.",
    ("flip-limit", 1): "Game over. Kitty wins. Play limit reached — decided by card count.",
    ("flip-limit", None): "Game over. It’s a draw. Play limit reached — decided by card count.",
}


def ending_said(page: Page, result: dict) -> None:
    status = page.get_by_test_id("status")
    expect(status).to_contain_text(ENDINGS[(result["reason"], result["winner"])])
    assert not re.search(r"[!?.]\.", status.inner_text())


class KittenPage:
    """The Kitten Fishing table as a player sees it."""

    def __init__(self, player: Player) -> None:
        self.page: Page = player.page
        self.table = self.page.get_by_test_id("kitten-table")
        self.pile = self.page.get_by_test_id("your-pile")
        self.message = self.page.get_by_test_id("message")

    def wait_idle(self, turn: int, plays: int | None = None) -> None:
        """Until the table stands still with ``turn`` to flip (and ``plays`` made)."""
        self.page.wait_for_function(
            """([turn, plays]) => {
              const table = document.querySelector("[data-testid=kitten-table]");
              return table && table.dataset.animating === "" && table.dataset.turn === String(turn)
                && (plays === null || Number(table.dataset.moves) === plays);
            }""",
            arg=[turn, plays],
        )

    def plays(self) -> int:
        text = self.page.get_by_test_id("plays").inner_text()
        return int(re.search(r"\d+", text).group())

    def counts(self) -> list[int]:
        return [int(self.page.get_by_test_id(f"count-{seat}").inner_text()) for seat in (0, 1)]

    def row(self) -> list[str]:
        return self.page.locator("[data-testid=table-row] > [data-card]").evaluate_all(
            "slots => slots.map(slot => slot.dataset.card)"
        )

    def matches_the_engine(self, code: str) -> None:
        """What the screen shows is the server's game: plays, piles, the row."""
        state = game_state(code)
        assert self.plays() == state["flips"]
        assert self.counts() == [len(state["piles"][0]), len(state["piles"][1])]
        assert self.row() == state["table"]

    def blur(self) -> None:
        self.page.evaluate("() => document.activeElement && document.activeElement.blur()")


def start(player: Player) -> tuple[KittenPage, SentActions, str]:
    sent = SentActions(player.page)
    player.open_room("kitten-fishing")
    return KittenPage(player), sent, room_code(player.page.url)


def expected_result(code: str) -> dict:
    """The end of this deal according to the rules engine: flipped to the end."""
    rules = KittenFishing()
    state, _ = rules.play_out(rules.start(game_state(code)["setup"]))
    return rules.result(state)


def test_flip_by_tap_space_and_enter_and_kitty_flips_by_herself(new_player) -> None:
    ann = new_player("Ann")
    kitten, sent, code = start(ann)
    page = ann.page
    expect(page.get_by_test_id("hint")).to_have_text("Tap your pile to flip a card")
    kitten.wait_idle(turn=0, plays=0)
    assert kitten.counts() == [26, 26]
    expect(page.get_by_test_id("turn")).to_have_text("Your turn")

    kitten.pile.click()  # a tap on the pile
    kitten.wait_idle(turn=1, plays=1)  # Kitty's moment before she flips
    expect(page.get_by_test_id("turn")).to_have_text("Kitty’s turn")
    kitten.pile.click()  # during Kitty's turn: only words
    expect(kitten.message).to_have_text("Wait for your opponent")
    kitten.wait_idle(turn=0, plays=2)  # Kitty flipped by herself
    assert sent.count("flip") == 1
    expect(page.get_by_test_id("error")).to_be_hidden()
    kitten.matches_the_engine(code)

    kitten.blur()
    page.keyboard.press("Space")
    kitten.wait_idle(turn=0, plays=4)
    kitten.blur()
    page.keyboard.press("Enter")
    kitten.wait_idle(turn=0, plays=6)
    assert sent.count("flip") == 3
    assert sum(kitten.counts()) + len(kitten.row()) == 52
    kitten.matches_the_engine(code)


def test_a_tap_or_key_during_an_animation_only_finishes_it(new_player) -> None:
    ann = new_player("Ann", motion=True)
    kitten, sent, code = start(ann)
    page = ann.page
    expect(kitten.table).to_have_attribute("data-animating", "deal")
    kitten.pile.click()  # during the deal: the deal ends at once, nothing is flipped
    expect(kitten.table).to_have_attribute("data-animating", "")
    assert kitten.counts() == [26, 26]
    assert kitten.plays() == 0

    page.keyboard.press("Space")  # the pile has the focus: flip
    page.wait_for_function(
        """() => ["flip", "capture"].includes(
          document.querySelector("[data-testid=kitten-table]").dataset.animating)"""
    )
    page.keyboard.press("Enter")  # during the flip's animation: only finishes it
    kitten.wait_idle(turn=0, plays=2)
    assert sent.count("flip") == 1
    expect(page.get_by_test_id("error")).to_be_hidden()
    kitten.matches_the_engine(code)

    # New game in the middle of a game asks once; cancelling changes nothing.
    page.get_by_test_id("new-game").click()
    dialog = page.get_by_test_id("confirm-dialog")
    expect(dialog).to_contain_text("Start a new game?")
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_be_hidden()
    assert kitten.plays() == 2
    page.get_by_test_id("new-game").click()
    dialog.get_by_role("button", name="New game").click()
    # The second game in the room: Kitty flips first, and the deal can be skipped.
    expect(kitten.message).to_have_text("Your opponent flips first this game")
    expect(kitten.table).to_have_attribute("data-animating", "deal")
    page.get_by_test_id("skip").click()
    expect(kitten.table).to_have_attribute("data-animating", "")
    expect(page.get_by_test_id("skip")).to_be_hidden()
    assert kitten.counts() == [26, 26]
    kitten.wait_idle(turn=0, plays=1)
    state = game_state(code)
    assert state["first"] == 1 and state["flips"] == 1
    kitten.matches_the_engine(code)
    assert sent.count("flip") == 1


def test_auto_flips_your_turns_until_you_switch_it_off(new_player) -> None:
    ann = new_player("Ann")
    kitten, sent, code = start(ann)
    page = ann.page
    kitten.wait_idle(turn=0, plays=0)
    auto = page.get_by_test_id("auto")
    auto.click()
    expect(auto).to_have_attribute("aria-pressed", "true")
    page.wait_for_function(
        "() => Number(document.querySelector('[data-testid=kitten-table]').dataset.moves) >= 6",
        timeout=30_000,
    )
    auto.click()
    expect(auto).to_have_attribute("aria-pressed", "false")
    page.wait_for_function(
        """() => {
          const table = document.querySelector("[data-testid=kitten-table]");
          return table.dataset.turn === "0" && table.dataset.animating === "";
        }"""
    )
    plays = kitten.plays()
    assert sent.count("flip") == plays // 2 >= 3  # every flip of yours came from Auto
    page.wait_for_timeout(1500)  # Auto flips after 0.4 s: it must stay quiet now
    assert kitten.plays() == plays
    assert sent.count("flip") == plays // 2
    kitten.matches_the_engine(code)


def test_see_the_result_gives_the_engines_result_and_play_again_lets_kitty_start(
    new_player,
) -> None:
    ann = new_player("Ann")
    kitten, sent, code = start(ann)
    page = ann.page
    kitten.wait_idle(turn=0, plays=0)
    kitten.pile.click()
    kitten.wait_idle(turn=0, plays=2)
    expected = expected_result(code)

    page.get_by_test_id("see-result").click()
    dialog = page.get_by_test_id("confirm-dialog")
    expect(dialog).to_contain_text("See the result now?")
    dialog.get_by_role("button", name="See the result").click()
    result = page.get_by_test_id("result")
    expect(result).to_be_visible()
    expect(page.get_by_test_id("result-title")).to_have_text(TITLES[expected["winner"]])
    reason = REASONS[(expected["reason"], expected["winner"])]
    expect(page.get_by_test_id("result-reason")).to_have_text(reason)
    ending_said(page, expected)
    expect(page.get_by_test_id("final-0")).to_have_text(str(expected["piles"][0]))
    expect(page.get_by_test_id("final-1")).to_have_text(str(expected["piles"][1]))
    expect(page.get_by_test_id("final-plays")).to_have_text(str(expected["flips"]))
    for seat, count in enumerate(expected["piles"]):  # a pile about to run out stands out
        low = page.get_by_test_id(f"count-{seat}")
        expect(low).to_have_text(str(count))
        if count <= 3:
            expect(low).to_have_class(re.compile(r"\bis-low\b"))
        else:
            expect(low).not_to_have_class(re.compile(r"\bis-low\b"))
    expect(kitten.table).to_have_attribute("data-over", "true")
    assert game_state(code)["result"] == expected
    assert sent.count("finish") == 1
    expect(page.get_by_test_id("flip")).to_be_hidden()
    capture(ann, "kitten-fishing-result")

    page.get_by_test_id("play-again").click()  # no question at the end of a game
    expect(kitten.message).to_have_text(OPENING)
    expect(result).to_be_hidden()
    kitten.wait_idle(turn=0, plays=1)  # Kitty flipped first
    expect(page.get_by_test_id("hint")).to_be_hidden()  # the hint is for the first game
    assert game_state(code)["first"] == 1
    kitten.matches_the_engine(code)


def test_a_reload_mid_game_continues_the_same_game(new_player) -> None:
    ann = new_player("Ann")
    kitten, sent, code = start(ann)
    page = ann.page
    kitten.wait_idle(turn=0, plays=0)
    for plays in (2, 4):
        kitten.pile.click()
        kitten.wait_idle(turn=0, plays=plays)
    row, counts = kitten.row(), kitten.counts()

    page.reload()
    wait_connected(page)
    kitten.wait_idle(turn=0, plays=4)
    assert kitten.row() == row and kitten.counts() == counts  # no new deal
    expect(page.get_by_test_id("hint")).to_be_visible()  # still the first game
    kitten.pile.click()
    kitten.wait_idle(turn=0, plays=6)
    kitten.matches_the_engine(code)
    assert game_state(code)["setup"]["first"] == 0


def test_the_play_limit_ends_the_game_by_card_count(new_player) -> None:
    ann = new_player("Ann")
    page = ann.page
    sent = SentActions(page)
    url = open_solo_room(page, "kitten-fishing", flip_limit=3)
    page.goto(url)
    wait_connected(page)
    kitten = KittenPage(ann)
    code = room_code(page.url)
    kitten.wait_idle(turn=0, plays=0)
    kitten.pile.click()
    kitten.wait_idle(turn=0, plays=2)
    kitten.pile.click()  # the third and last play
    expect(page.get_by_test_id("result")).to_be_visible()
    result = game_state(code)["result"]
    assert result["reason"] == "flip-limit" and result["flips"] == 3
    expect(page.get_by_test_id("result-reason")).to_have_text(
        "Play limit reached — decided by card count"
    )
    expect(page.get_by_test_id("result-title")).to_have_text(TITLES[result["winner"]])
    expect(page.get_by_test_id("final-0")).to_have_text(str(result["piles"][0]))
    expect(page.get_by_test_id("final-1")).to_have_text(str(result["piles"][1]))
    expect(page.get_by_test_id("final-plays")).to_have_text("3")
    ending_said(page, result)
    assert sent.count("flip") == 2
