"""Bounders in the browser: a whole game played by clicking highlighted cells only, with the
pie swap; the result panel against the engine's own result for the same record; undo, redo,
the score preview, links and the saved game."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import ENGINE_TIMEOUT_MS, TABLE_OVERFLOW, Watch, check_result_panel

from py_engine import load_game
from py_engine import new_game as engine_game

pytestmark = pytest.mark.browser

HIGHLIGHTED = "#board [data-action]"


@pytest.fixture(scope="module")
def game_page(site_context: tuple[Any, Watch], site_url: str) -> Iterator[Any]:
    """The Bounders page, loaded once, with its engine ready."""
    context, watch = site_context
    page = context.new_page()
    page.goto(site_url + "bounders.html")
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    yield page
    watch.assert_clean()
    page.close()


def ply(page: Any) -> int:
    return int(page.get_attribute("body", "data-ply"))


def wait_ply(page: Any, n: int) -> None:
    page.wait_for_function(f"document.body.dataset.ply === '{n}'")


def click_action(page: Any, selector: str) -> None:
    before = ply(page)
    page.click(selector)
    wait_ply(page, before + 1)


def new_game(page: Any, **options: str) -> None:
    page.click("#new-game")
    for name, value in options.items():
        page.check(f'input[name="option-{name}"][value="{value}"]')
    page.click('#new-game-dialog button[value="start"]')
    page.wait_for_function(
        "document.body.dataset.ply === '0' && !document.getElementById('new-game-dialog').open"
    )


def record(page: Any) -> str:
    return str(page.text_content("#record"))


def test_first_picture_is_in_the_page(site_dir: Any) -> None:
    html = (site_dir / "bounders.html").read_text("utf-8")
    assert '<svg xmlns="http://www.w3.org/2000/svg"' in html
    assert html.count('data-action="') == 127
    assert 'name="engine"' in html and 'src="engine/worker.py"' in html


def test_whole_tournament_game_by_clicking(game_page: Any) -> None:
    page = game_page
    new_game(page, size="7", rules="tournament", komi="off")
    assert page.locator(HIGHLIGHTED).count() == 127
    assert page.locator("#choices [data-action]").count() == 0
    click_action(page, '#board [data-action="g7"]')
    assert page.locator("#choices [data-action=swap]").is_visible()
    click_action(page, "#choices [data-action=swap]")
    assert "Player 1 (Light)" in page.text_content("#turn")
    assert page.locator("#choices [data-action]").count() == 0
    rng = random.Random(7)
    while page.get_attribute("body", "data-over") != "true":
        cells = page.locator(HIGHLIGHTED)
        count = cells.count()
        assert count > 0
        before = ply(page)
        cells.nth(rng.randrange(count)).click()
        wait_ply(page, before + 1)
    text = record(page)
    assert text.startswith("game: bounders\nsize: 7\nrules: tournament\nkomi: off\n\ng7\nswap\n")
    expected = check_result_panel(page, text)
    assert expected["winner"] is not None  # the tie-break chain always names a winner
    score = load_game(text).score()
    rows = page.locator("#result .regions tbody tr")
    assert rows.count() == len(score["regions"])
    assert page.locator(HIGHLIGHTED).count() == 0
    assert "wins" in page.text_content("#announcer")


def test_undo_and_redo(game_page: Any) -> None:
    page = game_page
    new_game(page, size="7", rules="basic", komi="on")
    for cell in ("g7", "a1", "m7"):
        click_action(page, f'#board [data-action="{cell}"]')
    assert page.locator('#board .last-move').count() == 1
    played = record(page)
    page.click("#undo")
    wait_ply(page, 2)
    page.click("#undo")
    wait_ply(page, 1)
    assert record(page).endswith("\ng7\n")
    assert page.locator('#board [data-action="a1"]').count() == 1
    page.click("#redo")
    wait_ply(page, 2)
    page.click("#redo")
    wait_ply(page, 3)
    assert record(page) == played
    assert page.is_disabled("#redo")
    page.click("#undo")
    wait_ply(page, 2)
    click_action(page, '#board [data-action="a7"]')
    assert page.is_disabled("#redo")
    assert record(page).endswith("\ng7\na1\na7\n")
    assert page.evaluate("location.hash").endswith("moves=g7,a1,a7")


def test_hover_previews_the_score(game_page: Any) -> None:
    page = game_page
    new_game(page, size="7", rules="basic", komi="off")
    click_action(page, '#board [data-action="g7"]')
    page.hover('#board [data-action="a1"]')
    page.wait_for_function("document.getElementById('preview').textContent !== ''")
    text = page.text_content("#preview")
    game = load_game(record(page))
    game.play("a1")
    totals = game.score()["totals"]
    assert "a1" in text and f"(Dark) {totals[0]:g}" in text and f"(Light) {totals[1]:g}" in text


def test_a_cell_that_cannot_be_taken_says_why(game_page: Any) -> None:
    """A click on a taken cell plays nothing and says why, under the board and aloud."""
    page = game_page
    new_game(page, size="7", rules="basic", komi="off")
    click_action(page, '#board [data-action="g7"]')
    kept = record(page)
    page.click('#board .cell[data-cell="g7"]', force=True)
    said = "g7 cannot be played: g7 is not empty."
    page.wait_for_function(f"document.getElementById('preview').textContent === {json.dumps(said)}")
    assert page.text_content("#announcer") == said
    assert record(page) == kept and ply(page) == 1


def test_the_keyboard_reaches_every_cell_and_hears_what_it_holds(game_page: Any) -> None:
    """From the keyboard every cell can be reached, a stone's cell named with its stone, not
    only the legal cells; Enter there plays nothing and says why, as a click
    does. In Korean the names are Korean."""
    page = game_page
    new_game(page, size="7", rules="basic", komi="off")
    click_action(page, '#board [data-action="g7"]')
    click_action(page, '#board [data-action="a1"]')
    kept = record(page)
    stone = page.locator('#board .cell[data-cell="g7"]')
    assert stone.get_attribute("aria-label") == "g7, Dark stone"
    assert stone.get_attribute("role") == "button"
    # the board's Tab stop is a cell that can be played, not the first cell of all (a1, taken)
    first = page.locator('#board [tabindex="0"]')
    assert first.get_attribute("data-action") and first.get_attribute("data-cell") != "a1"
    # the arrows go along row g over every cell, the stone's included (before, only legal
    # cells could be reached)
    page.focus('#board [data-action="g1"]')
    visited = []
    for _ in range(12):
        page.keyboard.press("ArrowRight")
        visited.append(page.evaluate("document.activeElement.dataset.cell"))
    assert visited == [f"g{n}" for n in range(2, 14)]
    for _ in range(6):
        page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.dataset.cell") == "g7"
    page.keyboard.press("Enter")
    said = "g7 cannot be played: g7 is not empty."
    page.wait_for_function(
        f"document.getElementById('announcer').textContent === {json.dumps(said)}")
    assert record(page) == kept and ply(page) == 2
    page.select_option("#language", "ko")
    page.wait_for_function("document.documentElement.lang === 'ko'")
    assert stone.get_attribute("aria-label") == "g7, 어두운 돌"
    page.select_option("#language", "en")
    page.evaluate("localStorage.removeItem('tabula.language')")


def test_on_a_phone_a_refused_cell_is_said_over_the_board(browser: Any, site_url: str) -> None:
    """On a phone the preview line lies under the side panel, out of sight: the reason is shown
    in a notice over the board instead, which the next move takes away, or a few seconds."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="en-GB"
    )
    page = context.new_page()
    page.goto(site_url + "bounders.html?lang=ko#size=7&rules=basic&komi=off&moves=g7,a1")
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    page.tap('#board .cell[data-cell="g7"]')
    notice = page.locator('.notice[data-kind="refused"]')
    notice.wait_for()
    assert notice.locator(".notice-text").text_content() == (
        "g7에는 둘 수 없습니다: g7 칸은 비어 있지 않습니다."
    )
    box = notice.bounding_box()
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= 844
    # a move played below the notice (which lies over the board's top) takes it away
    lowest = page.evaluate(
        """[...document.querySelectorAll('#board [data-action]')]
            .sort((a, b) => b.getBoundingClientRect().y - a.getBoundingClientRect().y)[0]
            .dataset.action"""
    )
    page.tap(f'#board [data-action="{lowest}"]')
    page.wait_for_function("document.body.dataset.ply === '3'")
    assert notice.count() == 0
    # left alone, it goes by itself (it hides the cells under it)
    page.tap('#board .cell[data-cell="g7"]')
    notice.wait_for()
    notice.wait_for(state="detached", timeout=8000)
    context.close()


def test_bad_link_keeps_the_game(game_page: Any) -> None:
    page = game_page
    new_game(page, size="7", rules="basic", komi="off")
    click_action(page, '#board [data-action="g7"]')
    kept = record(page)
    page.evaluate("location.hash = 'size=7&moves=g7,g7'")
    page.wait_for_selector("#error:not([hidden])")
    assert "g7" in page.text_content("#error")
    assert record(page) == kept
    page.evaluate("location.hash = 'size=7&moves=%E0%A4%A'")
    page.wait_for_function("document.getElementById('error').textContent.includes('URL')")
    assert record(page) == kept
    page.evaluate("location.hash = 'size=9&moves=a1'")
    page.wait_for_function("document.getElementById('record').textContent.includes('size: 9')")
    assert record(page).endswith("\n\na1\n")
    assert page.is_hidden("#error")


def test_language_theme_and_highlight(game_page: Any) -> None:
    page = game_page
    new_game(page, size="7", rules="basic", komi="off")
    stored = "[localStorage.getItem('tabula.language'), localStorage.getItem('tabula.theme')]"
    # The page shows the browser's language and theme without taking them for a choice: a
    # choice made in another tab while this one starts is not overwritten.
    assert page.evaluate(stored) == [None, None]
    page.select_option("#language", "ko")
    page.wait_for_function("document.documentElement.lang === 'ko'")
    assert page.evaluate(stored) == ["ko", None]
    assert page.text_content("#undo") == "무르기"
    assert "플레이어" in page.text_content("#turn")
    # the engine's description of the board is said in Korean too
    label = page.get_attribute("#board svg", "aria-label")
    assert label.startswith("바운더스, 한 변 7칸: 어두운 돌 0개") and "어두운 돌 차례" in label
    assert page.text_content("#board svg > title") == label
    page.select_option("#language", "en")
    page.wait_for_function("document.documentElement.lang === 'en'")
    label = page.get_attribute("#board svg", "aria-label")
    assert label == "Bounders, side 7: 0 Dark and 0 Light stones. Dark to move; 127 legal cells."
    page.select_option("#theme", "dark")
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    assert page.evaluate(stored) == ["en", "dark"]
    assert page.is_visible("#board .legal-marks")
    page.uncheck("#show-legal")
    assert page.is_hidden("#board .legal-marks")
    page.check("#show-legal")
    assert page.is_visible("#board .legal-marks")


def test_reload_restores_the_game(game_page: Any) -> None:
    page = game_page
    new_game(page, size="7", rules="tournament", komi="on")
    click_action(page, '#board [data-action="g7"]')
    click_action(page, '#board [data-action="a1"]')
    page.click("#undo")
    wait_ply(page, 1)
    kept = record(page)
    saved = json.loads(page.evaluate("localStorage.getItem('tabula.game.bounders')"))
    assert saved["actions"] == ["g7"] and saved["redo"] == ["a1"]
    page.reload()
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    assert record(page) == kept
    assert page.is_enabled("#redo")
    page.click("#redo")
    wait_ply(page, 2)


def test_keyboard_plays_and_is_announced(game_page: Any) -> None:
    page = game_page
    new_game(page, size="7", rules="basic", komi="off")
    assert page.get_attribute("#board svg", "role") == "group"
    assert page.locator('#board [tabindex="0"]').count() == 1
    cell = page.locator('#board [data-action="g6"]')
    assert cell.get_attribute("aria-label") == "g6"
    cell.focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.action") == "g7"
    page.keyboard.press("Enter")
    wait_ply(page, 1)
    assert page.text_content("#announcer") == "Player 1 (Dark) played g7."
    page.locator('#board [data-action="a1"]').focus()
    page.keyboard.press(" ")
    wait_ply(page, 2)
    assert record(page).endswith("\ng7\na1\n")


def test_the_regions_table_shows_whole_on_a_wide_screen_and_a_phone(game_page: Any) -> None:
    """Every column of the result's regions table (its owner last) is within the panel."""
    page = game_page
    rng = random.Random(5)
    game = engine_game("bounders", size=7, rules="basic", komi="off")
    while game.result() is None:
        game.play(rng.choice(game.legal_actions()))
    link = "size=7&rules=basic&komi=off&moves=" + ",".join(game.history)
    page.evaluate(f"location.hash = {json.dumps(link)}")
    wait_ply(page, len(game.history))
    page.wait_for_selector("#result-details table")
    for lang in ("en", "ko"):
        page.select_option("#language", lang)
        page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        for width, height in ((1280, 900), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            overflow = page.evaluate(TABLE_OVERFLOW, "#result-details table")
            assert overflow <= 0.5, (lang, width, overflow)
    page.select_option("#language", "en")
    page.set_viewport_size({"width": 1280, "height": 720})
