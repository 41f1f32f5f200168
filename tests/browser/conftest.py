"""Fixtures for the browser tests: the site built into a temporary folder, served from an
in-process server on 127.0.0.1, and Debian's Chromium driven headless by Playwright.

Every page is watched: console errors, uncaught exceptions and any request that would leave
127.0.0.1 are recorded (and such requests aborted), and the tests assert that none happened.
"""

from __future__ import annotations

import os
import random
import shutil
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import build_site  # noqa: E402
import serve  # noqa: E402
from chromium import CHROMIUM, launch_args  # noqa: E402

from py_engine import load_game, new_game  # noqa: E402

ENGINE_TIMEOUT_MS = 90_000
# How long any other step may wait (Playwright's own default is 30 s): on a busy two-core machine
# one answer of the engine, or a page's reload, can take longer than usual.
STEP_TIMEOUT_MS = 60_000
# Every <tabula-board> of a page has shown its position (or its failure); BOARDS_READY: and
# the page has at least one.
ALL_READY = "document.querySelectorAll('tabula-board:not([data-ready=true])').length === 0"
BOARDS_READY = f"document.querySelectorAll('tabula-board').length > 0 && {ALL_READY}"


def _missing() -> str | None:
    if not Path(CHROMIUM).exists():
        return f"{CHROMIUM} is missing (make test installs Debian's chromium)"
    if not (ROOT / "node_modules" / "pyodide").exists():
        return "node_modules is missing (make test runs npm ci)"
    return None


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built afresh from the working tree for this test run."""
    reason = _missing()
    if reason:
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    out = tmp_path_factory.mktemp("site")
    shutil.rmtree(out)
    build_site.build(out)
    return out


@contextmanager
def serving(folder: Path) -> Iterator[str]:
    """``folder`` served on 127.0.0.1 (a port of its own, so an origin of its own): its URL."""
    server, url = serve.start(folder)
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    with serving(site_dir) as url:
        yield url


@pytest.fixture(scope="session")
def browser_type_launch_args() -> dict[str, Any]:
    return launch_args()


@dataclass
class Watch:
    """What a browser context did that a test must not see."""

    base: str
    others: tuple[str, ...] = ()  # other origins a test serves (a page that holds a frame)
    errors: list[str] = field(default_factory=list)
    outside: list[str] = field(default_factory=list)

    def local(self, url: str) -> bool:
        return url.startswith((self.base, *self.others, "blob:", "data:"))

    def assert_clean(self) -> None:
        assert self.outside == [], f"requests left 127.0.0.1: {self.outside}"
        assert self.errors == [], f"console errors: {self.errors}"


def watch_context(context: Any, base: str, *others: str) -> Watch:
    """Abort and record requests to anything but the site (and the ``others`` a test serves);
    record console errors; let steps wait up to STEP_TIMEOUT_MS."""
    watch = Watch(base, others)
    context.set_default_timeout(STEP_TIMEOUT_MS)

    def route(route: Any) -> None:
        if watch.local(route.request.url):
            route.continue_()
        else:
            watch.outside.append(route.request.url)
            route.abort()

    context.route("**/*", route)
    context.on("request", lambda r: None if watch.local(r.url) else watch.outside.append(r.url))
    context.on("console", lambda m: watch.errors.append(m.text) if m.type == "error" else None)
    context.on("weberror", lambda e: watch.errors.append(str(e.error)))
    return watch


@pytest.fixture(scope="module")
def site_context(browser: Any, site_url: str) -> Iterator[tuple[Any, Watch]]:
    """One browser context per test module (page loads are costly: Pyodide starts each time)."""
    context = browser.new_context(locale="en-GB")
    watch = watch_context(context, site_url)
    yield context, watch
    context.close()


def check_result_panel(page: Any, record: str) -> dict[str, Any]:
    """The result panel of a finished game agrees with the engine's ``result()`` for its
    record: the winner (or a draw), the deciding rule and the winner's name. Returns it."""
    expected = load_game(record).result()
    assert expected is not None
    panel = page.locator("#result")
    assert panel.is_visible()
    winner = "draw" if expected["winner"] is None else str(expected["winner"])
    assert panel.get_attribute("data-winner") == winner
    assert panel.get_attribute("data-reason") == expected["reason"]
    if expected["winner"] is not None:
        assert f"Player {expected['winner'] + 1}" in str(page.text_content("#result-text"))
    return expected


# --- helpers several test files share ---------------------------------------------------

def random_game(name: str, plies: int, seed: int, **options: Any) -> Any:
    game = new_game(name, **options)
    rng = random.Random(seed)
    while len(game.history) < plies and not game.is_over:
        game.play(rng.choice(game.legal_actions()))
    return game


def fragment(game: Any) -> str:
    parts = [f"{key}={quote(value, safe='')}" for key, value in game.option_record().items()]
    parts.append("moves=" + ",".join(quote(action, safe="") for action in game.history))
    return "&".join(parts)


def start_game(page: Any, seats: list[str], **options: str) -> None:
    """Start a new game from the panel with these options and seats."""
    page.click("#new-game")
    for name, value in options.items():
        page.check(f'input[name="option-{name}"][value="{value}"]')
    for seat, choice in enumerate(seats):
        page.select_option(f'select[name="seat-{seat}"]', choice)
    assert page.locator(".seat-choice:not([hidden])").count() == len(seats)
    game = page.get_attribute("body", "data-game")
    page.evaluate(f"localStorage.removeItem('tabula.seats.{game}')")
    page.click('#new-game-dialog button[value="start"]')
    # The seats are kept once the engine has accepted the new game.
    page.wait_for_function(f"localStorage.getItem('tabula.seats.{game}') !== null")


# How far a table reaches past the box it is in (its panel's inside, or its scrolling box), in
# pixels: 0 when the whole table shows.
TABLE_OVERFLOW = """(selector) => {
  const table = document.querySelector(selector);
  const panel = table.closest('.panel');
  const padding = parseFloat(getComputedStyle(panel).paddingRight);
  const inside = panel.getBoundingClientRect().right - padding;
  const scroll = table.parentElement;
  const past = table.getBoundingClientRect().right - inside;
  return Math.max(past, scroll.scrollWidth - scroll.clientWidth);
}"""


# Each score table's reach past its panel's inside, or past its scrolling box, in pixels, with
# the folded ones opened first (in the same task, so that no redraw of the panel folds them).
TABLES_OVERFLOW = f"""() => {{
  document.querySelectorAll('.panel.score details').forEach((box) => {{ box.open = true; }});
  const overflow = {TABLE_OVERFLOW};
  return [...document.querySelectorAll('.panel.score table')].map((table) =>
    [table.className, overflow('.' + table.className.split(' ').join('.'))]);
}}"""
