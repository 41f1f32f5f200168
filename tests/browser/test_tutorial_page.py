"""The example tutorial page (tutorial.html) does what the README's "Writing a tutorial page"
says a page can do: a diagram drawn ahead is in the page before any script runs, a step-through
board shows a caption per ply and obeys a command, and an exercise refuses a wrong try and
accepts a right one while the page hears the board's events."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import ENGINE_TIMEOUT_MS, Watch

from py_engine import load_game

pytestmark = pytest.mark.browser


def test_the_diagram_is_drawn_ahead(site_dir: Path) -> None:
    page = (site_dir / "tutorial.html").read_text("utf-8")
    figure = page.split('<figure class="drawn-ahead" id="drawn-ahead">', 1)[1]
    drawn = figure.split("<figcaption")[0]
    game = load_game("game: bounders\nsize: 7\n\ng7\na1\n")
    assert drawn.strip() == game.svg(highlight=False)
    assert "{{" not in page


def test_a_tutorial_page_with_its_boards(site_context: tuple[Any, Watch], site_url: str) -> None:
    context, watch = site_context
    page = context.new_page()
    page.goto(site_url + "tutorial.html")
    page.wait_for_selector("#try[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_selector("#steps[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    assert page.locator("#drawn-ahead svg .stone").count() == 2
    page.wait_for_function(
        "document.querySelector('#steps .embed-caption')?.textContent.startsWith('The empty')"
    )
    page.click("#show-end")
    page.wait_for_function("document.querySelector('#steps').dataset.ply === '3'")
    assert page.text_content("#steps .embed-caption") == "Dark takes another corner."

    page.click('#try [data-action="g7"]')
    page.wait_for_selector("#try[data-exercise=wrong]")
    assert page.text_content("#heard") == ""  # a wrong try is not played: no action heard
    page.click('#try [data-action="a7"]')
    page.wait_for_selector("#try[data-exercise=solved]")
    assert page.text_content("#heard") == "The page heard that the exercise is solved."
    page.close()
    watch.assert_clean()


def test_the_korean_page(site_context: tuple[Any, Watch], site_url: str) -> None:
    context, watch = site_context
    page = context.new_page()
    page.goto(site_url + "tutorial.html")
    page.evaluate("localStorage.setItem('tabula.language', 'ko')")
    page.reload()
    page.wait_for_selector("#steps[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_function(
        "document.querySelector('#steps .embed-caption')?.textContent.startsWith('빈 보드')"
    )
    assert page.text_content("h1") == "튜토리얼 페이지 만들기: 예시"
    page.evaluate("localStorage.removeItem('tabula.language')")
    page.close()
    watch.assert_clean()
