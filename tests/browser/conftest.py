"""Browser tests: Playwright drives Debian's headless Chromium against a real server.

One Daphne server (``manage.py serve``) with a fresh SQLite database and the
session's Redis serves every test of this package; each player is a fresh
browser context, so a fresh guest with its own session cookie.

Without Chromium the tests are skipped with the reason shown, except under CI
(the ``CI`` environment variable), where a missing browser is a failure.
"""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Playwright, sync_playwright

from tests.browser.pages import Player
from tests.servers import ROOT, Server, migrate

CHROMIUM_PATHS = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = ROOT / "artifacts" / "browser"
DESKTOP = {"width": 1100, "height": 900}


def find_chromium() -> str | None:
    """Debian's Chromium, or the one FISHSITE_CHROMIUM names; never a downloaded one."""
    chosen = os.environ.get("FISHSITE_CHROMIUM")
    candidates = (chosen,) if chosen else CHROMIUM_PATHS
    for path in candidates:
        if Path(path).is_file() and os.access(path, os.X_OK):
            return path
    return None if chosen else shutil.which("chromium")


@pytest.fixture(scope="session")
def chromium() -> str:
    path = find_chromium()
    if path is None:
        where = os.environ.get("FISHSITE_CHROMIUM") or "/usr/bin/chromium"
        reason = f"no Chromium found (looked for {where}): browser tests not run"
        if os.environ.get("CI"):
            pytest.fail(f"{reason}; CI must run them", pytrace=False)
        pytest.skip(reason)
    return path


@pytest.fixture(scope="package")
def playwright_driver(chromium: str) -> Iterator[Playwright]:
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="package")
def browser(playwright_driver: Playwright, chromium: str) -> Iterator[Browser]:
    browser = playwright_driver.chromium.launch(
        executable_path=chromium, headless=True, args=LAUNCH_ARGS
    )
    yield browser
    browser.close()


class LoggedServer(Server):
    """A Server whose output is kept: the tail is shown when a test fails, and the
    whole log is copied to artifacts/browser/server.log at the end."""

    def start(self, timeout: float = 60.0) -> LoggedServer:
        super().start(timeout)
        self.lines: list[str] = []
        assert self.process is not None
        if self.process.stdout is not None:
            # A Server that pipes its output must be read all the time: a full
            # pipe would block the server on its next log line.
            threading.Thread(target=self.drain, daemon=True).start()
        return self

    def drain(self) -> None:
        assert self.process is not None and self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line)

    def log(self) -> str:
        if getattr(self, "log_path", None):  # a Server that writes its log to a file
            return self.output()
        return "".join(self.lines)

    def tail(self, lines: int = 60) -> str:
        return "\n".join(self.log().splitlines()[-lines:])


@pytest.fixture(scope="package")
def site(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LoggedServer]:
    database = f"sqlite:///{tmp_path_factory.mktemp('browser') / 'site.sqlite3'}"
    migrate(database)
    server = LoggedServer(
        {
            "REDIS_URL": os.environ["REDIS_URL"],
            "DATABASE_URL": database,
            "DJANGO_DEBUG": "1",  # static files straight from the app, no collectstatic
            "BOT_PAUSE_SECONDS": "0.15",
            "SEAT_GRACE_SECONDS": "60",
            "WS_RATE_PER_SECOND": "200",
            "WS_RATE_BURST": "400",
            "WS_CONNECTS_PER_MINUTE": "100000",
            "LOG_LEVEL": "WARNING",
            "ALLOW_TEST_KNOBS": "1",  # open_solo_room's flip limit
        }
    ).start()
    yield server
    try:
        server.interrupt()
    except Exception:
        server.kill()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "server.log").write_text(server.log(), encoding="utf-8")


@pytest.fixture
def new_player(
    browser: Browser, site: LoggedServer, request: pytest.FixtureRequest
) -> Iterator[Callable[..., Player]]:
    """Make a player: a fresh browser context (a new guest) with one page."""
    made: list[Player] = []

    def make(
        name: str,
        viewport: dict | None = None,
        phone: bool = False,
        motion: bool = False,
        timezone: str | None = None,
    ) -> Player:
        # Reduced motion unless a test watches the animations themselves.
        context = browser.new_context(
            base_url=site.base_url,
            viewport=viewport or DESKTOP,
            is_mobile=phone,
            has_touch=phone,
            reduced_motion="no-preference" if motion else "reduce",
            timezone_id=timezone,
            locale="en-US",
        )
        context.set_default_timeout(15_000)
        player = Player(name, context)
        made.append(player)
        return player

    yield make
    failed = getattr(request.node, "failed", False)
    for player in made:
        if failed:
            player.save_screenshot(ARTIFACTS / "failures" / request.node.name)
        player.context.close()
    if failed:
        print(site.tail())
    for player in made:
        assert not player.page_errors, f"{player.name}: script errors {player.page_errors}"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    report = yield
    if report.when == "call" and report.failed:
        item.failed = True  # type: ignore[attr-defined]
    return report
