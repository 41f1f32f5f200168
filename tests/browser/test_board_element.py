"""The board element <tabula-board> (js/tabula-board.js) on boards.html: three boards sharing
one engine worker, a record's position against the engine's own, a board played while another
stays as it was, bad attributes answered inside their element, and boards added or changed by
script after the page has loaded."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import ALL_READY, BOARDS_READY, ENGINE_TIMEOUT_MS, Watch

from py_engine import load_game, new_game

pytestmark = pytest.mark.browser

ACTIONS = ("g7", "a1", "m7", "d4", "j10")
HEADER = "game: bounders\nsize: 7\nrules: basic\nkomi: off\n\n"


def record_of(actions: tuple[str, ...] | list[str]) -> str:
    return HEADER + "".join(f"{action}\n" for action in actions)


def open_boards(site_context: tuple[Any, Watch], site_url: str) -> Any:
    """A new page on boards.html, once every board has shown its position (or its failure)."""
    context, _ = site_context
    page = context.new_page()
    page.goto(site_url + "boards.html")
    page.wait_for_function(BOARDS_READY, timeout=ENGINE_TIMEOUT_MS)
    return page


def add_board(page: Any, attributes: dict[str, str]) -> None:
    """Add a <tabula-board> with these attributes at the end of the page; wait until it shows."""
    page.evaluate(
        """(attributes) => {
            const board = document.createElement("tabula-board");
            for (const [name, value] of Object.entries(attributes)) board.setAttribute(name, value);
            document.querySelector("main").append(board);
        }""",
        attributes,
    )
    page.wait_for_selector(f"#{attributes['id']}[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)


def actions_of(page: Any, board: str) -> set[str]:
    found = page.eval_on_selector_all(
        f"#{board} .board-frame [data-action]",
        "els => els.map(el => el.getAttribute('data-action'))",
    )
    return set(found)


def stones(page: Any, board: str) -> int:
    return int(page.locator(f"#{board} .board-frame .stone").count())


def picture(page: Any, board: str) -> str:
    return str(page.inner_html(f"#{board} .board-frame"))


def test_the_build_writes_the_boards_page(site_dir: Path) -> None:
    text = (site_dir / "boards.html").read_text("utf-8")
    assert "{{" not in text
    assert '<script type="module" src="js/tabula-board.js"></script>' in text
    assert text.count("<tabula-board ") == 3
    assert 'name="engine"' not in text  # the element adds the worker itself
    assert ">Boards for a tutorial<" in text


def test_three_boards_share_one_engine_worker(
    site_context: tuple[Any, Watch], site_url: str
) -> None:
    page = open_boards(site_context, site_url)
    assert page.locator("tabula-board").count() == 3
    assert page.locator('script[type="py"][name="engine"]').count() == 1
    assert page.locator('script[src$="vendor/pyscript/core.js"]').count() == 1
    worker = page.get_attribute('script[type="py"][name="engine"]', "src")
    assert worker == site_url + "engine/worker.py"
    config = json.loads(page.get_attribute('script[type="py"][name="engine"]', "config") or "")
    assert config["interpreter"] == site_url + "engine/python.mjs"
    for board, game in (("bounders-board", "bounders"), ("splinter-board", "splinter"),
                        ("bosk-board", "bosk")):
        assert page.get_attribute(f"#{board}", "data-game") == game
        assert page.locator(f"#{board} .board-frame svg").count() == 1
        assert page.get_attribute(f"#{board} .embed-status", "data-state") == "ready"
        assert page.is_hidden(f"#{board} .error")
    assert page.get_attribute("html", "lang") == "en"
    # The Bounders board: a record at ply 2 with its controls, and a link to the game page.
    assert page.get_attribute("#bounders-board", "data-ply") == "2"
    assert page.text_content("#bounders-board .ply-label") == "Ply 2 of 5"
    href = page.get_attribute("#bounders-board .embed-open", "href")
    # the page's language is the one the site opens in from it
    assert href == site_url + "bounders.html?lang=en#size=7&rules=basic&komi=off&moves=g7,a1"
    assert page.is_hidden("#splinter-board .embed-controls")
    assert page.locator("#bosk-board .coords").count() > 0
    page.close()
    site_context[1].assert_clean()


def test_a_record_at_a_ply_is_the_engines(site_context: tuple[Any, Watch], site_url: str) -> None:
    page = open_boards(site_context, site_url)
    game = new_game("bounders", size="7", rules="basic", komi="off")
    for action in ACTIONS:
        game.play(action)
    add_board(page, {"id": "added", "record": game.record(), "ply": "3", "legal": ""})
    expected = load_game(record_of(ACTIONS[:3]))
    svg = expected.svg(highlight=True)
    assert page.get_attribute("#added", "data-ply") == "3"
    assert page.get_attribute("#added", "data-plies") == "5"
    assert actions_of(page, "added") == set(expected.legal_actions())
    assert stones(page, "added") == svg.count('class="stone ') == 3
    assert page.is_visible("#added .embed-controls")  # a record with actions has them
    # The controls of one board step through its own record only.
    before = picture(page, "bounders-board")
    page.click("#added button[data-i18n='embed.forward']")
    page.wait_for_selector("#added[data-ply='4']")
    assert stones(page, "added") == 4
    assert picture(page, "bounders-board") == before
    # Options as attributes and moves, as a game page's link has them.
    add_board(page, {"id": "moves", "game": "bounders", "size": "7", "rules": "basic",
                     "komi": "off", "moves": "g7,a1"})
    assert page.get_attribute("#moves", "data-ply") == "2" and stones(page, "moves") == 2
    assert actions_of(page, "moves") == set(load_game(record_of(ACTIONS[:2])).legal_actions())
    page.close()
    site_context[1].assert_clean()


def test_playing_on_one_board_leaves_the_others(
    site_context: tuple[Any, Watch], site_url: str
) -> None:
    page = open_boards(site_context, site_url)
    bounders = picture(page, "bounders-board")
    bosk = picture(page, "bosk-board")
    page.click('#splinter-board [data-select="g7"]')
    page.wait_for_selector('#splinter-board [data-action="g7-g8"]')
    page.click('#splinter-board [data-action="g7-g8"]')
    page.wait_for_selector("#splinter-board[data-ply='1']")
    assert page.get_attribute("#splinter-board", "data-plies") == "1"
    # A view-only board does not play.
    cell = page.locator('#bounders-board [data-action="d4"]')
    assert cell.get_attribute("tabindex") is None
    cell.dispatch_event("click")
    page.wait_for_timeout(300)
    assert page.get_attribute("#bounders-board", "data-ply") == "2"
    assert picture(page, "bounders-board") == bounders
    assert picture(page, "bosk-board") == bosk
    # The other boards still answer from the same worker, each with its own game.
    page.click("#bounders-board button[data-i18n='embed.last']")
    page.wait_for_selector("#bounders-board[data-ply='5']")
    assert stones(page, "bounders-board") == 5
    assert page.get_attribute("#splinter-board", "data-ply") == "1"
    page.close()
    site_context[1].assert_clean()


def test_bad_attributes_are_reported_in_their_board(
    site_context: tuple[Any, Watch], site_url: str
) -> None:
    page = open_boards(site_context, site_url)
    add_board(page, {"id": "chess", "game": "chess"})
    assert "There is no game “chess”" in page.text_content("#chess .error")
    assert page.get_attribute("#chess .embed-status", "data-state") == "failed"
    assert page.locator("#chess .board-frame svg").count() == 0
    illegal = record_of(["g7", "a1", "g7", "m7"])
    add_board(page, {"id": "illegal", "record": illegal, "controls": "maybe"})
    error = page.text_content("#illegal .error")
    assert "Action 3 of the record, g7, cannot be played" in error
    assert 'attribute controls="maybe" is not understood' in error
    assert page.get_attribute("#illegal", "data-ply") == "2" and stones(page, "illegal") == 2
    # A misspelt attribute is said as such; the board keeps its game.
    add_board(page, {"id": "typo", "game": "bounders", "moves": "g7,a1", "interactve": ""})
    error = page.text_content("#typo .error")
    assert error == (
        "The board's attribute interactve is neither one of its settings nor an option of"
        " bounders (size, rules, komi); ignored."
    ), error
    assert page.get_attribute("#typo", "data-ply") == "2" and stones(page, "typo") == 2
    # Values are text, never markup.
    add_board(page, {"id": "markup", "game": "<b>x</b>"})
    assert page.locator("#markup .error b").count() == 0
    assert "<b>x</b>" in page.text_content("#markup .error")
    # The page's other boards are as they were, and still work.
    for board in ("bounders-board", "splinter-board", "bosk-board"):
        assert page.is_hidden(f"#{board} .error")
    page.click("#bounders-board button[data-i18n='embed.back']")
    page.wait_for_selector("#bounders-board[data-ply='1']")
    assert page.locator('script[type="py"][name="engine"]').count() == 1
    page.close()
    site_context[1].assert_clean()


def test_a_board_added_later_follows_its_attributes(
    site_context: tuple[Any, Watch], site_url: str
) -> None:
    page = open_boards(site_context, site_url)
    add_board(page, {"id": "late", "record": record_of(ACTIONS), "ply": "1"})
    assert stones(page, "late") == 1
    page.evaluate("document.getElementById('late').setAttribute('ply', '4')")
    page.wait_for_selector("#late[data-ply='4']")
    assert stones(page, "late") == 4
    assert page.text_content("#late .ply-label") == "Ply 4 of 5"
    page.evaluate("document.getElementById('late').removeAttribute('ply')")
    page.wait_for_selector("#late[data-ply='5']")
    # Another game by its attribute: the board starts again with it.
    page.evaluate(
        """() => {
            const board = document.getElementById('late');
            board.removeAttribute('record');
            board.setAttribute('game', 'splinter');
        }"""
    )
    page.wait_for_function(
        "document.getElementById('late').dataset.game === 'splinter'"
        " && document.getElementById('late').dataset.ready === 'true'",
        timeout=ENGINE_TIMEOUT_MS,
    )
    assert page.get_attribute("#late", "data-ply") == "0"
    assert page.locator("#late .board-frame svg").count() == 1
    assert page.locator('script[type="py"][name="engine"]').count() == 1
    page.close()
    site_context[1].assert_clean()


def test_a_board_speaks_the_pages_language(
    site_context: tuple[Any, Watch], site_url: str
) -> None:
    context, _ = site_context
    page = context.new_page()
    page.goto(site_url + "boards.html")
    page.evaluate("localStorage.setItem('tabula.language', 'ko')")
    page.reload()
    page.wait_for_function(ALL_READY, timeout=ENGINE_TIMEOUT_MS)
    assert page.get_attribute("html", "lang") == "ko"
    assert page.text_content("h1") == "튜토리얼용 보드"
    assert "차례" in page.text_content("#splinter-board .embed-status")
    assert page.text_content("#bounders-board .ply-label") == "5수 중 2수"
    assert page.text_content("#bounders-board .embed-open") == "타불라에서 열기"
    assert "bounders.html?lang=ko#" in page.get_attribute("#bounders-board .embed-open", "href")
    page.evaluate("localStorage.removeItem('tabula.language')")
    page.close()
    site_context[1].assert_clean()
