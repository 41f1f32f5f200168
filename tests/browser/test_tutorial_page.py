"""The example tutorial page (tutorial.html) does what the README's "Writing a tutorial page"
says a page can do: a diagram drawn ahead is in the page before any script runs, a step-through
board shows a caption per ply and obeys a command, and an exercise refuses a wrong try and
accepts a right one while the page hears the board's events."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import ENGINE_TIMEOUT_MS, ROOT, Watch

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


KOREAN = json.loads((ROOT / "web" / "i18n" / "ko.json").read_text("utf-8"))
HANGUL = re.compile("[\uac00-\ud7a3]")


def test_a_link_in_korean_opens_the_tutorial_in_korean(
    site_context: tuple[Any, Watch], site_url: str
) -> None:
    """``tutorial.html?lang=ko`` (nothing stored): the page's words, the step-through board's
    captions (written in English in its markup) and the exercise's verdict are Korean."""
    context, watch = site_context
    page = context.new_page()
    page.goto(site_url + "tutorial.html?lang=ko")
    page.wait_for_selector("#steps[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_selector("#try[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    assert page.get_attribute("html", "lang") == "ko"
    assert page.text_content("h1") == KOREAN["tutorial.title"]
    captions = [KOREAN[f"tutorial.caption.{n}"] for n in range(4)]
    assert json.loads(str(page.get_attribute("#steps", "captions"))) == captions
    page.wait_for_function(
        f"document.querySelector('#steps .embed-caption')?.textContent === {captions[0]!r}")
    page.click("#show-end")
    page.wait_for_function("document.querySelector('#steps').dataset.ply === '3'")
    assert page.text_content("#steps .embed-caption") == captions[3]
    assert HANGUL.search(str(page.text_content("#steps .embed-status")))
    page.click('#try [data-action="g7"]')
    page.wait_for_selector("#try[data-exercise=wrong]")
    wrong = str(page.text_content("#try .embed-exercise"))
    assert wrong.startswith("이 수(g7)는 답이 아닙니다.")
    page.click('#try [data-action="a7"]')
    page.wait_for_selector("#try[data-exercise=solved]")
    assert page.text_content("#heard") == KOREAN["tutorial.heard.solved"]
    assert page.evaluate("localStorage.getItem('tabula.language')") is None
    page.close()
    watch.assert_clean()


def test_a_link_in_korean_opens_the_boards_page_in_korean(
    site_context: tuple[Any, Watch], site_url: str
) -> None:
    """``boards.html?lang=ko``: its words and its boards' (the status lines, the pictures'
    descriptions, Bosk's wind board) are Korean."""
    context, watch = site_context
    page = context.new_page()
    page.goto(site_url + "boards.html?lang=ko")
    page.wait_for_function(
        "document.querySelectorAll('tabula-board:not([data-ready=true])').length === 0",
        timeout=ENGINE_TIMEOUT_MS)
    assert page.get_attribute("html", "lang") == "ko"
    assert page.text_content("h1") == KOREAN["boards.title"]
    assert page.text_content("main .lede") == KOREAN["boards.lede"]
    for board in ("bounders-board", "splinter-board", "bosk-board"):
        label = str(page.get_attribute(f"#{board} .board-frame > svg", "aria-label"))
        assert HANGUL.search(label) and not re.search("[A-Za-z]{3}", label), (board, label)
    assert page.text_content("#bosk-board .wind-title") == KOREAN["board.wind"]
    page.close()
    watch.assert_clean()
