"""Card Fishing in the browser: the settings first, lifting a card, a whole match
against the Easy Bot through the real controls, the score sheet against the
engine, CONTINUE after leaving, and the record at the end."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from games.capture import capture as engine_capture
from games.capture import card_points, hand_value
from games.card_fishing import MOST_CARDS_POINTS, MOST_SPADES_POINTS, SWEEP_POINTS
from tests.browser.engine import game_state, room_code
from tests.browser.pages import Player, SentActions, capture, wait_connected

pytestmark = pytest.mark.browser

TABLE = "[data-testid=card-fishing-table]"


class FishingPage:
    """The Card Fishing table as a player sees it."""

    def __init__(self, player: Player) -> None:
        self.page: Page = player.page
        self.table = self.page.get_by_test_id("card-fishing-table")

    def wait_ready(self, timeout: float = 30_000) -> str:
        """Until the table waits for the player (or the match is over); says which."""
        self.page.wait_for_function(
            """() => {
              const table = document.querySelector("[data-testid=card-fishing-table]");
              return table && (table.dataset.ready !== "" && table.dataset.ready !== undefined
                || (table.dataset.over === "true" && table.dataset.animating === ""));
            }""",
            timeout=timeout,
        )
        return self.table.get_attribute("data-ready") or "over"

    def hand(self) -> list[str]:
        return self.page.locator("[data-testid=hand] [data-hand-card]").evaluate_all(
            "cards => cards.map(card => card.dataset.handCard)"
        )

    def table_cards(self, state: str = "") -> list[str]:
        selector = f"[data-testid=table-cards] > li{state}"
        return self.page.locator(selector).evaluate_all(
            "slots => slots.map(slot => slot.dataset.card)"
        )

    def card(self, card: str):
        return self.page.get_by_test_id(f"hand-{card}")

    def dots(self) -> dict[str, str | None]:
        """Every card on screen (hand and table) and the text of its gold dot, if any."""
        return self.page.evaluate(
            """() => Object.fromEntries(
              [...document.querySelectorAll(
                "[data-testid=hand] [data-hand-card] .card, [data-testid=table-cards] .card")]
              .map(card => {
                const dot = card.querySelector("[data-testid=point-dot]");
                return [card.dataset.card, dot ? dot.textContent : null];
              }))"""
        )

    def sheet(self) -> dict[str, list[dict]]:
        """The score sheet: per item, per seat, the count shown and the points."""
        return self.page.evaluate(
            """() => Object.fromEntries([...document.querySelectorAll(
                "[data-testid=score-sheet] tr[data-item]")].map(row => [row.dataset.item,
                [...row.querySelectorAll("td")].map(cell => ({
                  points: Number(cell.dataset.points),
                  count: (cell.querySelector(".cf-count") || cell).textContent.trim(),
                }))]))"""
        )

    def stats(self, where: str) -> dict[str, str]:
        keys = ("played", "wins", "losses", "win-rate", "current-streak", "best-streak")
        box = self.page.get_by_test_id(where)
        return {key: box.get_by_test_id(f"stat-{key}").inner_text() for key in keys}


def open_settings(page: Page) -> None:
    page.goto("/")
    page.get_by_test_id("start-card-fishing").click()
    expect(page.get_by_test_id("card-fishing-settings")).to_be_visible()
    expect(page.get_by_test_id("record")).to_be_visible()  # the server answered


def play_easy(player: Player) -> tuple[FishingPage, str]:
    page = player.page
    page.get_by_test_id("level-easy").click()
    page.get_by_test_id("play").click()
    page.wait_for_url(re.compile(r"/r/[\w-]+/$"))
    wait_connected(page)
    return FishingPage(player), room_code(page.url)


def check_dots(fishing: FishingPage) -> None:
    """Point cards carry a gold dot; in the hand it shows the card's hand value."""
    hand = set(fishing.hand())
    for card, dot in fishing.dots().items():
        if not card_points(card):
            assert dot is None, card
        elif card in hand:
            assert dot == str(hand_value(card)), card
        else:
            assert dot == "", card


def check_sheet(fishing: FishingPage, code: str) -> None:
    """The score sheet on screen is the engine's score of the round just played."""
    state = game_state(code)
    done = state["rounds"][-1]

    def row(count, points) -> list[dict]:
        return [{"count": count(seat), "points": points(seat)} for seat in (0, 1)]

    def holder(key: str, points: int) -> list[dict]:
        return row(
            lambda s: "\u2713" if done[key] == s else "\u2013",
            lambda s: points if done[key] == s else 0,
        )

    items = {
        "most-cards": row(
            lambda s: f"{done['cards'][s]} cards",
            lambda s: MOST_CARDS_POINTS if done["most_cards"] == s else 0,
        ),
        "most-spades": row(
            lambda s: f"{done['spades'][s]} \u2660\ufe0e",
            lambda s: MOST_SPADES_POINTS if done["most_spades"] == s else 0,
        ),
        "aces": row(lambda s: str(done["aces"][s]), lambda s: done["aces"][s] * card_points("AS")),
        "two-of-spades": holder("two_of_spades", card_points("2S")),
        "ten-of-diamonds": holder("ten_of_diamonds", card_points("10D")),
        "sweeps": row(lambda s: str(done["sweeps"][s]), lambda s: done["sweeps"][s] * SWEEP_POINTS),
    }
    totals = {
        "round": row(lambda s: str(done["points"][s]), lambda s: done["points"][s]),
        "match": row(lambda s: str(state["scores"][s]), lambda s: state["scores"][s]),
    }
    assert fishing.sheet() == {**items, **totals}
    # The items add up to the engine's points for the round.
    assert [sum(item[s]["points"] for item in items.values()) for s in (0, 1)] == done["points"]


def test_lifting_shows_the_engines_capture_and_continue_resumes_the_match(new_player) -> None:
    ann = new_player("Ann")
    page = ann.page
    open_settings(page)
    expect(page.get_by_test_id("continue-area")).to_be_hidden()  # nothing saved yet
    fishing, code = play_easy(ann)
    assert fishing.wait_ready() == "play"
    state = game_state(code)
    table, hand = state["table"], state["hands"][0]
    assert sorted(fishing.hand()) == sorted(hand)
    assert fishing.table_cards() == table
    check_dots(fishing)

    for card in hand:
        fishing.card(card).click()  # lift it
        expect(fishing.card(card)).to_have_attribute("aria-pressed", "true")
        takes = engine_capture(card, table)
        expect(page.locator("[data-testid=table-cards] > .will-take")).to_have_count(len(takes))
        assert sorted(fishing.table_cards(".will-take")) == sorted(takes)
        assert sorted(fishing.table_cards(".is-dim")) == sorted(set(table) - set(takes))
    played = hand[-1]
    fishing.card(played).click()  # the lifted card again: play it
    assert fishing.wait_ready() == "play"  # the Bot answered
    state = game_state(code)
    assert played not in state["hands"][0] and len(state["hands"][0]) == 3

    # The menu pauses the game; sound is off until the player turns it on.
    page.get_by_test_id("menu").click()
    menu = page.get_by_test_id("menu-dialog")
    expect(menu).to_be_visible()
    expect(fishing.table).to_have_attribute("data-paused", "true")
    sound = menu.get_by_test_id("sound")
    expect(sound).to_have_text("Sound: off")
    sound.click()
    expect(sound).to_have_text("Sound: on")
    menu.get_by_test_id("resume").click()
    expect(menu).to_be_hidden()
    expect(fishing.table).to_have_attribute("data-paused", "false")

    # Leave, come back: CONTINUE offers the same match, as it was.
    open_settings(page)
    cont = page.get_by_test_id("continue")
    expect(cont).to_be_visible()
    expect(page.get_by_test_id("continue-note")).to_contain_text("Easy")
    cont.click()
    page.wait_for_url(re.compile(rf"/r/{re.escape(code)}/$"))
    wait_connected(page)
    assert fishing.wait_ready() == "play"
    assert sorted(fishing.hand()) == sorted(state["hands"][0])
    assert fishing.table_cards() == state["table"]
    expect(page.get_by_test_id("score-0")).to_have_text(str(state["scores"][0]))


def drag(page: Page, source, dx: float, dy: float) -> None:
    box = source.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + dx / 2, y + dy / 2, steps=4)
    page.mouse.move(x + dx, y + dy, steps=4)
    page.mouse.up()


def test_a_whole_match_against_the_easy_bot(new_player) -> None:
    ann = new_player("Ann")
    page = ann.page
    sent = SentActions(page)
    open_settings(page)
    page.get_by_test_id("level-easy").click()
    before = FishingPage(ann).stats("record")
    assert before["played"] == "0" and before["wins"] == "0" and before["losses"] == "0"
    fishing, code = play_easy(ann)
    assert fishing.wait_ready() == "play"

    # Drag sideways: the hand is reordered on this screen only.
    hand = fishing.hand()
    box = fishing.card(hand[3]).bounding_box()
    first = fishing.card(hand[0]).bounding_box()
    drag(page, fishing.card(hand[0]), box["x"] - first["x"] + box["width"] * 0.75, 0)
    assert fishing.hand() == [*hand[1:], hand[0]]
    assert sent.count("play") == 0
    # Drag up out of the hand: played at once.
    drag(page, fishing.card(hand[1]), 0, -180)
    page.wait_for_function(
        "card => !document.querySelector(`[data-hand-card='${card}']`)", arg=hand[1]
    )
    assert sent.count("play") == 1

    sheets = 0
    while True:
        ready = fishing.wait_ready()
        if ready == "over":
            break
        if ready == "next-round":
            check_sheet(fishing, code)
            if not sheets:
                capture(ann, "card-fishing-score-sheet")
            sheets += 1
            page.get_by_test_id("next-round").click()
            expect(fishing.table).to_have_attribute("data-phase", "play")
            continue
        check_dots(fishing)
        card = fishing.hand()[0]
        fishing.card(card).click()
        fishing.card(card).click()
        page.wait_for_function(
            "card => !document.querySelector(`[data-hand-card='${card}']`)", arg=card
        )

    state = game_state(code)
    assert state["phase"] == "over" and max(state["scores"]) >= 16
    check_sheet(fishing, code)  # the last round's sheet stays with the results
    assert sheets == len(state["rounds"]) - 1
    winner = state["winner"]
    results = page.get_by_test_id("results")
    expect(page.get_by_test_id("result-title")).to_have_text(
        "You win the match!" if winner == 0 else "The Bot wins the match"
    )
    expect(page.get_by_test_id("final-score")).to_have_text(
        f"You {state['scores'][0]} \u2013 {state['scores'][1]} The Bot"
    )
    expect(results.get_by_test_id("rounds")).to_have_text(str(len(state["rounds"])))
    for seat in (0, 1):
        sweeps = sum(done["sweeps"][seat] for done in state["rounds"])
        expect(results.get_by_test_id(f"sweeps-{seat}")).to_have_text(str(sweeps))
    expect(results.get_by_test_id("stat-played")).to_have_text("1")
    after = fishing.stats("results")
    won = winner == 0
    assert after == {
        "played": "1",
        "wins": "1" if won else "0",
        "losses": "0" if won else "1",
        "win-rate": "100%" if won else "0%",
        "current-streak": "1" if won else "0",
        "best-streak": "1" if won else "0",
    }
    assert sent.count("play") == sum(1 for entry in state["log"] if entry.get("seat") == 0)
    capture(ann, "card-fishing-results")
    # The match's end is said in sentences stopped once, then again on a reload.
    title = "You win the match!" if won else "The Bot wins the match."
    scores = state["scores"]
    status = page.get_by_test_id("status")
    expect(status).to_contain_text(f"{title} Final score {scores[0]} to {scores[1]}.")
    page.reload()
    expect(status).to_contain_text(title)
    assert not re.search(r"[!?.]\.", status.inner_text())
