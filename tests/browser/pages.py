"""What a player does and sees in the browser, as small helpers over Playwright.

Everything here goes through the page a person would use: buttons found by
their test ids or names, text read from the screen. Nothing talks to the server
behind the page's back.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, expect

RANK_WORDS = {
    "Ace": "A", "Two": "2", "Three": "3", "Four": "4", "Five": "5", "Six": "6", "Seven": "7",
    "Eight": "8", "Nine": "9", "Ten": "10", "Jack": "J", "Queen": "Q", "King": "K",
}  # fmt: skip
SUIT_WORDS = {"Spades": "S", "Hearts": "H", "Diamonds": "D", "Clubs": "C"}
SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
PORTRAIT = {"width": 390, "height": 844}
LANDSCAPE = {"width": 844, "height": 390}
SCREENS = Path(__file__).resolve().parents[2] / "artifacts" / "browser" / "screens"
SHORT_CARD = re.compile(r"(10|[2-9AJQK])([♠♥♦♣])")
LONG_CARD = re.compile(rf"\b({'|'.join(RANK_WORDS)}) of ({'|'.join(SUIT_WORDS)})\b")
JOKER = re.compile(r"\b(red|black) joker\b", re.IGNORECASE)


class Player:
    """One person: a browser context (their own guest) and its current page."""

    def __init__(self, name: str, context: BrowserContext) -> None:
        self.name = name
        self.context = context
        self.page_errors: list[str] = []
        self.page = self.open_page()

    def open_page(self) -> Page:
        page = self.context.new_page()
        page.on("pageerror", lambda error: self.page_errors.append(str(error)))
        self.page = page
        return page

    def save_screenshot(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        if not self.page.is_closed():
            self.page.screenshot(path=str(folder / f"{self.name}.png"), full_page=True)

    # --- home page ----------------------------------------------------------------

    def choose_name(self) -> None:
        """Pick a display name on the home page (it is remembered)."""
        page = self.page
        page.goto("/")
        page.fill("#name", self.name)
        page.get_by_role("button", name="Save name").click()
        expect(page.locator("#name-status")).to_contain_text("Saved")
        expect(page.get_by_test_id("me")).to_have_text(self.name)

    def open_room(self, game: str, rules: dict[str, str] | None = None, seats: int = 0) -> str:
        """Start a room from the home page; returns the room's path."""
        page = self.page
        page.goto("/")
        card = page.locator(f".game-card[data-game='{game}']")
        if seats:
            card.get_by_label("Players").select_option(str(seats))
        if rules:
            card.locator("summary", has_text="House rules").click()
            for field, value in rules.items():
                card.locator(f"select[name='rule_{field}']").select_option(value)
        page.get_by_test_id(f"start-{game}").click()
        page.wait_for_url(re.compile(r"/r/[\w-]+/$"))
        wait_connected(page)
        return page.url

    # --- the room --------------------------------------------------------------------

    def join(self, url: str) -> None:
        self.page.goto(url)
        wait_connected(self.page)

    def sit(self, seat: int) -> None:
        card = self.page.get_by_test_id(f"seat-{seat}")
        card.get_by_role("button", name=re.compile(r"^(Sit in|Move to) seat")).click()
        expect(card.get_by_test_id("seat-name")).to_have_text(self.name)
        expect(self.page.get_by_test_id("you-line")).to_contain_text(f"seat {seat + 1}")

    def seat(self) -> int | None:
        """The seat the page says this player sits in."""
        text = self.page.get_by_test_id("you-line").inner_text()
        found = re.search(r"seat (\d)", text)
        return int(found.group(1)) - 1 if found else None

    def hand(self) -> list[str]:
        """The cards this player's own page shows in their hand, in screen order."""
        return self.page.locator("[data-testid=hand] [data-card]").evaluate_all(
            "cards => cards.map(card => card.dataset.card)"
        )

    def moves(self) -> int:
        return int(self.page.locator("[data-moves]").get_attribute("data-moves") or 0)

    def wait_moves(self, count: int) -> None:
        """Wait until the table shows at least ``count`` moves made."""
        self.page.wait_for_function(
            "n => Number(document.querySelector('[data-moves]')?.dataset.moves) >= n", arg=count
        )

    def status(self) -> str:
        return self.page.get_by_test_id("status").inner_text()


class SentActions:
    """The game actions a page sends on its websockets, as a player's clicks would:
    lets a test see that a tap sent nothing. Start it before the page connects."""

    def __init__(self, page: Page) -> None:
        self.actions: list[dict] = []
        page.on("websocket", lambda socket: socket.on("framesent", self.sent))

    def sent(self, payload: str | bytes) -> None:
        try:
            frame = json.loads(payload)
        except ValueError:
            return
        if isinstance(frame, dict) and frame.get("type") == "act":
            self.actions.append(frame["action"])

    def count(self, kind: str) -> int:
        return sum(1 for action in self.actions if action.get("type") == kind)


def open_solo_room(page: Page, game: str, **options: object) -> str:
    """Open a room with options the home page does not offer (a test's flip limit),
    through the site's JSON form of "new room"; returns the room's path."""
    page.goto("/")
    reply = page.evaluate(
        """async (body) => {
          const token = document.querySelector("[name=csrfmiddlewaretoken]").value;
          const response = await fetch("/rooms/new", {
            method: "POST",
            credentials: "same-origin",
            headers: {"Content-Type": "application/json", "Accept": "application/json",
                      "X-CSRFToken": token},
            body: JSON.stringify(body),
          });
          return {status: response.status, body: await response.json()};
        }""",
        {"game": game, **options},
    )
    assert reply["status"] == 201, reply
    return reply["body"]["url"]


def wait_connected(page: Page) -> None:
    expect(page.get_by_test_id("connection")).to_have_attribute("data-state", "open")


def cards_shown(page: Page) -> set[str]:
    """Every card the page shows in any form: drawn cards, names in text, labels."""
    found: set[str] = set(
        page.locator("[data-card]").evaluate_all("cards => cards.map(card => card.dataset.card)")
    )
    texts = [page.locator("body").inner_text(), page.content()]
    texts += page.locator("[aria-label]").evaluate_all(
        "nodes => nodes.map(node => node.getAttribute('aria-label'))"
    )
    for text in texts:
        found |= cards_in_text(text)
    return found


def cards_in_text(text: str) -> set[str]:
    text = text.replace("\ufe0e", "")
    found = {rank + SUIT_SYMBOLS[suit] for rank, suit in SHORT_CARD.findall(text)}
    found |= {RANK_WORDS[rank] + SUIT_WORDS[suit] for rank, suit in LONG_CARD.findall(text)}
    found |= {"XR" if colour.lower() == "red" else "XB" for colour in JOKER.findall(text)}
    return found


def overflowing(page: Page) -> list[str]:
    """Elements that stick out of the screen sideways (the page must never scroll sideways)."""
    return page.evaluate(
        """() => {
          const width = document.documentElement.clientWidth;
          const found = [];
          if (document.documentElement.scrollWidth > width) {
            found.push(`the page is ${document.documentElement.scrollWidth}px wide`);
          }
          for (const node of document.querySelectorAll("body *")) {
            const style = getComputedStyle(node);
            if (style.display === "none" || style.visibility === "hidden") continue;
            if (node.closest(".visually-hidden, .skip-link")) continue;
            const box = node.getBoundingClientRect();
            if (box.width === 0 && box.height === 0) continue;
            if (box.right > width + 0.5 || box.left < -0.5) {
              const name = `${node.tagName.toLowerCase()}.${node.className}`;
              found.push(`${name} spans ${Math.round(box.left)}..${Math.round(box.right)}`);
            }
          }
          return found;
        }"""
    )


def capture(player: Player, name: str) -> None:
    """Screenshots at phone size, portrait and landscape, into artifacts/browser/screens/;
    fails if anything sticks out of the screen sideways."""
    SCREENS.mkdir(parents=True, exist_ok=True)
    page = player.page
    before = page.viewport_size
    for orientation, size in (("portrait", PORTRAIT), ("landscape", LANDSCAPE)):
        page.set_viewport_size(size)
        page.evaluate("() => new Promise(done => requestAnimationFrame(() => done()))")
        page.screenshot(path=str(SCREENS / f"{name}-{orientation}.png"), full_page=True)
        assert overflowing(page) == [], f"{name} in {orientation} overflows"
    if before:
        page.set_viewport_size(before)
