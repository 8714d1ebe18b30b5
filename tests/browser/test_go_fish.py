"""Go Fish in the browser: two friends and a computer player, from the link to the winner."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.pages import Player, capture

pytestmark = pytest.mark.browser

COMPUTER = 2


def rank(card: str) -> str:
    return card[:-1]


def wait_for_a_human_or_the_end(watcher: Player, moves: int) -> None:
    """Wait until the table (past ``moves`` moves) waits for a human, or the game is over."""
    watcher.page.wait_for_function(
        """n => {
          const table = document.querySelector("[data-testid=go-fish-table]");
          return Number(table.dataset.moves) >= n &&
            (table.dataset.over === "true" || ["0", "1"].includes(table.dataset.turn));
        }""",
        arg=moves,
        timeout=30_000,
    )


def log_entry(player: Player, index: int):
    return player.page.get_by_test_id("full-log").locator("li").nth(index)


def choose_ask(mover: Player, other: Player, other_seat: int) -> tuple[int, str]:
    """Ask the other human for a rank they hold if there is one, else the computer."""
    mine = {rank(card) for card in mover.hand()}
    theirs = {rank(card) for card in other.hand()}
    shared = sorted(mine & theirs)
    if shared:
        return other_seat, shared[0]
    offered = mover.page.locator("[data-testid^=ask-target-]")
    targets = {int(t.rsplit("-", 1)[1]) for t in offered.evaluate_all(
        "nodes => nodes.map(node => node.dataset.testid)")}  # fmt: skip
    return (COMPUTER if COMPUTER in targets else other_seat), sorted(mine)[0]


def ask_with_the_keyboard(mover: Player, target: int, asked: str) -> None:
    """Choose with Enter and Space; the focus stays put while the picker redraws."""
    page = mover.page
    choice = page.get_by_test_id(f"ask-target-{target}")
    choice.focus()
    page.keyboard.press("Enter")
    expect(choice).to_have_attribute("aria-pressed", "true")
    expect(choice).to_be_focused()
    rank_choice = page.get_by_test_id(f"ask-rank-{asked}")
    rank_choice.focus()
    page.keyboard.press(" ")
    expect(rank_choice).to_have_attribute("aria-pressed", "true")
    confirm = page.get_by_test_id("ask-confirm")
    for _ in range(14):  # Tab past the other ranks to the Ask button
        if confirm.evaluate("node => node === document.activeElement"):
            break
        page.keyboard.press("Tab")
    expect(confirm).to_be_focused()
    expect(confirm).to_have_text(re.compile(r"^Ask .+ for "))
    page.keyboard.press("Enter")


def test_two_friends_and_a_computer_play_go_fish_to_the_end(new_player) -> None:
    ann, bob = new_player("Ann"), new_player("Bob")
    ann.choose_name()
    bob.choose_name()
    link = ann.open_room("go-fish", seats=3)

    # Bob pastes the link Ann sent him on the home page.
    bob.page.goto("/")
    bob.page.get_by_label("Paste the room link a friend sent you").fill(link)
    bob.page.get_by_role("button", name="Join").click()
    bob.page.wait_for_url(link)
    ann.sit(0)
    bob.sit(1)
    computer = ann.page.get_by_test_id(f"seat-{COMPUTER}")
    computer.get_by_label(f"Computer level for seat {COMPUTER + 1}").select_option("random")
    computer.get_by_role("button", name=f"Add a computer player to seat {COMPUTER + 1}").click()
    expect(bob.page.get_by_test_id(f"seat-{COMPUTER}")).to_contain_text("Computer 3")
    expect(bob.page.get_by_role("button", name="Start the game")).to_have_count(0)
    expect(bob.page.get_by_test_id("lobby-note")).to_contain_text("Waiting for Ann to start")
    # The host picks a house rule in the lobby; Bob sees it in force.
    ann.page.get_by_text("House rules at this table").click()
    ann.page.get_by_label("Cards dealt").select_option(label="5 cards each")
    bob.page.get_by_text("House rules at this table").click()
    expect(bob.page.locator(".rules-in-force")).to_contain_text("5 cards each (changed)")
    ann.page.get_by_role("button", name="Start the game").click()

    humans = {0: ann, 1: bob}
    for player in humans.values():
        expect(player.page.get_by_test_id("go-fish-table")).to_be_visible()
        expect(player.page.get_by_test_id("pond")).to_contain_text("Pond: 37 cards")
        assert 0 < len(player.hand()) <= 5
    seen = {"hit": 0, "miss": 0}
    moves = 0
    while True:
        wait_for_a_human_or_the_end(ann, moves)
        table = ann.page.get_by_test_id("go-fish-table")
        if table.get_attribute("data-over") == "true":
            break
        turn = int(table.get_attribute("data-turn") or -1)
        mover, other = humans[turn], humans[1 - turn]
        moves = ann.moves()
        mover.wait_moves(moves)
        other.wait_moves(moves)
        # Whose turn it is is plain on both screens.
        expect(mover.page.get_by_test_id("turn")).to_contain_text("Your turn")
        expect(other.page.get_by_test_id("turn")).to_contain_text(f"{mover.name}\u2019s turn")
        expect(other.page.get_by_test_id("ask-picker")).to_have_count(0)
        # The ranks offered are exactly the ranks in the mover's hand.
        offered = mover.page.locator("[data-testid^=ask-rank-]")
        ranks = offered.evaluate_all("nodes => nodes.map(node => node.dataset.testid.slice(9))")
        assert sorted(ranks) == sorted({rank(card) for card in mover.hand()})

        target, asked = choose_ask(mover, other, 1 - turn)
        if moves == 0 or seen["miss"] + seen["hit"] == 1:
            ask_with_the_keyboard(mover, target, asked)
        else:
            mover.page.get_by_test_id(f"ask-target-{target}").click()
            mover.page.get_by_test_id(f"ask-rank-{asked}").click()
            mover.page.get_by_test_id("ask-confirm").click()
        mover.wait_moves(moves + 1)
        other.wait_moves(moves + 1)
        # Both players are told the answer, in the moves list.
        mine, theirs = log_entry(mover, moves), log_entry(other, moves)
        expect(mine).to_contain_text(
            f"You asked {'Computer 3' if target == COMPUTER else other.name}"
        )
        expect(theirs).to_contain_text(f"{mover.name} asked")
        text = mine.text_content() or ""
        if "hand over" in text or "hands over" in text:
            seen["hit"] += 1
            expect(theirs).to_contain_text(re.compile(r"hands? over \d card"))
        else:
            seen["miss"] += 1
            expect(theirs).to_contain_text("Go Fish!")
            if "The pond is empty" not in text:
                # Only the drawer sees the card drawn (unless it was a lucky draw, shown).
                expect(mine.locator("[data-card]")).to_have_count(1)
                if "Lucky draw" not in text:
                    expect(theirs).to_contain_text(f"{mover.name} drew a card from the pond")
                    expect(theirs.locator("[data-card]")).to_have_count(0)
        moves += 1

    assert seen["hit"] and seen["miss"], seen
    # The end: books per player and the winner, the same for both.
    results = []
    for player in humans.values():
        result = player.page.get_by_test_id("result")
        expect(result).to_be_visible()
        rows = result.locator("tbody tr")
        expect(rows).to_have_count(3)
        books = [int(rows.nth(i).locator("td").first.inner_text()) for i in range(3)]
        assert sum(books) == 13
        best = max(books)
        winners = [i for i, count in enumerate(books) if count == best]
        headline = result.locator("h2").inner_text()
        names = {0: ann.name, 1: bob.name, COMPUTER: "Computer 3"}
        for seat in winners:
            shown = "You" if humans.get(seat) is player else names[seat]
            assert shown in headline, (headline, books)
        results.append(books)
        expect(player.page.get_by_test_id("ask-picker")).to_have_count(0)
        expect(player.page.get_by_test_id("turn")).to_contain_text("Game over")
        expect(player.page.get_by_role("button", name="Play again")).to_be_visible()
    assert results[0] == results[1]
    capture(ann, "go-fish-result")
    assert "laid down a book" in ann.page.get_by_test_id("full-log").text_content()
    replay_reads_in_stopped_sentences(ann)


def replay_reads_in_stopped_sentences(player: Player) -> None:
    """Step through the game's replay from the history page: each move is one
    sentence, stopped once ("Go Fish!", never "Go Fish!.")."""
    page = player.page
    page.goto("/history/")
    page.get_by_test_id("history").get_by_role("link", name="Replay").first.click()
    position = page.get_by_test_id("replay-position")
    expect(position).to_contain_text("Move 0 of")
    last = int(re.search(r"of (\d+)", position.inner_text()).group(1))
    lines = []
    for index in range(1, last + 1):
        page.get_by_role("button", name="Next move").click()
        expect(position).to_have_text(f"Move {index} of {last}")
        lines.append(page.get_by_test_id("replay-move").inner_text())
    assert any("Go Fish!" in line for line in lines), lines
    assert not [line for line in lines if re.search(r"[!?.]\.$", line)]
