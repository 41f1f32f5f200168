"""The home page: every game listed, those not yet in the engine marked as coming; a game
page shows its board and panels before the engine is ready and plays a click made meanwhile."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import ENGINE_TIMEOUT_MS, Watch
from playwright.sync_api import expect

from py_engine import GAMES

pytestmark = pytest.mark.browser


def test_home_lists_the_games(site_context: tuple[Any, Watch], site_url: str) -> None:
    context, watch = site_context
    page = context.new_page()
    page.goto(site_url)
    assert page.evaluate("document.documentElement.lang") == "en"
    for name in ("bounders", "splinter", "bosk"):
        card = page.locator(f'.game-card[data-game="{name}"]')
        assert card.count() == 1
        if name in GAMES:
            assert card.locator(f'a[href="{name}.html"]').count() == 1
        else:
            assert "coming" in card.text_content()
    page.click('a[href="bounders.html"]')
    page.wait_for_url("**/bounders.html")
    assert page.locator("#board svg").count() == 1
    assert page.text_content("#status") == "Loading engine…"
    # the panels are filled once the page's catalogue and game module have loaded
    expect(page.locator("#turn")).to_have_text("Player 1 (Dark) to move")
    expect(page.locator("#totals li")).to_have_count(2)
    page.click('#board [data-action="g7"]')
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_function("document.body.dataset.ply === '1'")
    assert page.text_content("#status") == "Ready"
    page.close()
    watch.assert_clean()
