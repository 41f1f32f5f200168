"""Every game of the engine plays in the generic page: its new-game panel comes from its
options, its choices beside the board from ``buttons()``, partial actions (``data-select``)
lead to whole ones, and one action played by clicking reaches the record."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import ENGINE_TIMEOUT_MS, Watch

from py_engine import GAMES, load_game

pytestmark = pytest.mark.browser

OTHERS = sorted(name for name in GAMES if name != "bounders")


@pytest.mark.parametrize("name", OTHERS)
def test_first_action_by_clicking(
    name: str, site_context: tuple[Any, Watch], site_url: str
) -> None:
    context, watch = site_context
    page = context.new_page()
    page.goto(f"{site_url}{name}.html")
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    page.click("#new-game")
    legends = page.locator("#option-fields legend, #option-fields .text-option")
    assert legends.count() == len(GAMES[name].OPTIONS)
    page.click('#new-game-dialog button[value="start"]')
    page.wait_for_function("!document.getElementById('new-game-dialog').open")
    selectable = "#board [data-select], #choices [data-select]"
    if page.locator("#board [data-action], #choices [data-action]").count() == 0:
        page.locator(selectable).first.click()
        page.wait_for_selector("#board [data-action]")
    page.locator("#board [data-action], #choices [data-action]").first.click()
    page.wait_for_function("document.body.dataset.ply === '1'")
    record = str(page.text_content("#record"))
    game = load_game(record)
    assert len(game.history) == 1
    assert page.locator("#totals li").count() == game.players
    page.close()
    watch.assert_clean()
