"""The embeddable board, embed.html: a position of a record against the engine's own picture,
stepping through a record, playing on an interactive board (and not on a view-only one), bad
addresses answered with a message, the language and the theme; and the built page itself."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from conftest import ENGINE_TIMEOUT_MS, Watch

import py_engine
from py_engine import load_game, new_game

pytestmark = pytest.mark.browser

POLICY = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'; "
    "worker-src 'self' blob:; style-src 'self'; img-src 'self' blob:; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'"
)
ACTIONS = ("g7", "a1", "m7", "d4", "j10")
HEADER = "game: bounders\nsize: 7\nrules: basic\nkomi: off\n\n"


def record_of(actions: tuple[str, ...] | list[str]) -> str:
    return HEADER + "".join(f"{action}\n" for action in actions)


def open_embed(site_context: tuple[Any, Watch], site_url: str, query: str) -> Any:
    """A new page on embed.html?<query>, once it has shown its board (or its failure)."""
    context, _ = site_context
    page = context.new_page()
    page.goto(site_url + "embed.html?" + query)
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    return page


def svg_actions(svg: str) -> set[str]:
    return set(re.findall(r'data-action="([^"]*)"', svg))


def board_actions(page: Any) -> set[str]:
    found = page.eval_on_selector_all(
        "#board [data-action]", "els => els.map(el => el.getAttribute('data-action'))"
    )
    return set(found)


def stones(page: Any) -> int:
    return int(page.locator("#board .stone").count())


def ply(page: Any) -> int:
    return int(page.get_attribute("body", "data-ply"))


def wait_ply(page: Any, n: int) -> None:
    page.wait_for_function(f"document.body.dataset.ply === '{n}'")


def test_the_embeds_know_the_sites_games(site_dir: Path) -> None:
    """The embed and the board element accept the games the engine has: js/games.js, written by
    the build, is the pages' only list of games; no other script lists them."""
    module = (site_dir / "js" / "games.js").read_text("utf-8")
    listed = re.search(r"export const GAMES = (\[.*\]);", module)
    assert listed is not None
    assert [game["name"] for game in json.loads(listed.group(1))] == list(py_engine.GAMES)
    assert all((site_dir / f"{name}.html").exists() for name in py_engine.GAMES)
    for script in (site_dir / "js").glob("*.js"):
        if script.name != "games.js":
            assert '"splinter"' not in script.read_text("utf-8"), script.name


def test_the_build_writes_the_embed_page(site_dir: Path) -> None:
    text = (site_dir / "embed.html").read_text("utf-8")
    policy = re.findall(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', text)
    assert policy == [POLICY]
    assert "{{" not in text
    assert '<script type="module" src="js/embed-page.js"></script>' in text
    assert 'name="engine"' in text and 'src="engine/worker.py"' in text
    assert 'rel="modulepreload"' in text
    assert ">Open in Tabula<" in text


def test_the_board_at_a_ply_is_the_engines(site_context: tuple[Any, Watch], site_url: str) -> None:
    game = new_game("bounders", size="7", rules="basic", komi="off")
    for action in ACTIONS:
        game.play(action)
    page = open_embed(site_context, site_url, f"record={quote(game.record())}&ply=2")
    expected = load_game(record_of(ACTIONS[:2]))
    svg = expected.svg(highlight=True)
    assert ply(page) == 2
    assert page.get_attribute("body", "data-plies") == str(len(ACTIONS))
    assert board_actions(page) == svg_actions(svg) == set(expected.legal_actions())
    assert stones(page) == svg.count('class="stone ') == 2
    # the frame's one heading names the game (hidden from sight, there for a screen reader)
    assert page.text_content("h1") == "Bounders · Tabula" and page.locator("h1").count() == 1
    box = page.locator("h1").bounding_box()
    assert box is not None and box["width"] <= 1 and box["height"] <= 1
    # a board only to look at is one image: its parts are neither buttons nor named
    assert page.get_attribute("#board svg", "role") == "img"
    named = page.locator("#board svg [role], #board svg [aria-label], #board svg [tabindex]")
    assert named.count() == 0
    assert page.text_content("#ply-label") == f"Ply 2 of {len(ACTIONS)}"
    assert "Dark" in page.text_content("#status") and "to move" in page.text_content("#status")
    assert page.is_hidden("#error")
    href = page.get_attribute("#open", "href")
    assert href == "bounders.html#size=7&rules=basic&komi=off&moves=g7,a1"
    page.close()
    # A game page's link turns into an embed by its file name: the same fragment, the end shown.
    page = open_embed(
        site_context, site_url, "game=bounders#size=7&rules=basic&komi=off&moves=g7,a1,m7"
    )
    assert ply(page) == 3 and stones(page) == 3
    assert board_actions(page) == set(load_game(record_of(ACTIONS[:3])).legal_actions())
    assert page.is_hidden("#error")
    page.close()
    site_context[1].assert_clean()


def test_the_controls_step_through_the_record(
    site_context: tuple[Any, Watch], site_url: str
) -> None:
    page = open_embed(site_context, site_url, f"record={quote(record_of(ACTIONS))}&ply=2")
    assert page.is_visible("#controls")
    page.click("#forward")
    wait_ply(page, 3)
    assert page.text_content("#ply-label") == "Ply 3 of 5"
    assert stones(page) == 3
    page.click("#back")
    wait_ply(page, 2)
    page.click("#back")
    wait_ply(page, 1)
    assert page.text_content("#ply-label") == "Ply 1 of 5"
    assert stones(page) == 1
    page.click("#first")
    wait_ply(page, 0)
    assert page.is_disabled("#back") and page.is_disabled("#first")
    assert stones(page) == 0
    page.click("#last")
    wait_ply(page, 5)
    assert page.is_disabled("#forward") and page.is_disabled("#last")
    assert board_actions(page) == set(load_game(record_of(ACTIONS)).legal_actions())
    page.close()
    # Without actions, no controls unless asked for; a language we lack falls back (and says so).
    page = open_embed(site_context, site_url, "game=bounders&lang=xx")
    assert page.is_hidden("#controls")
    assert page.get_attribute("html", "lang") == "en"
    assert page.text_content("#error") == (
        "The address gives lang=xx, which is not understood; the default is used."
    )
    page.close()
    site_context[1].assert_clean()


def test_an_interactive_board_plays_and_a_view_only_one_does_not(
    site_context: tuple[Any, Watch], site_url: str
) -> None:
    page = open_embed(site_context, site_url, "game=bounders&interactive=1&controls=1")
    assert ply(page) == 0 and stones(page) == 0
    page.click('#board [data-action="g7"]')
    wait_ply(page, 1)
    assert stones(page) == 1
    assert page.text_content("#ply-label") == "Ply 1 of 1"
    assert "g7" not in board_actions(page)
    assert page.get_attribute("#open", "href").endswith("&moves=g7")
    # Stepping back and playing another action starts the record again from there.
    page.click("#back")
    wait_ply(page, 0)
    page.click('#board [data-action="a1"]')
    wait_ply(page, 1)
    assert page.get_attribute("#open", "href").endswith("&moves=a1")
    page.close()

    # Splinter: a piece is chosen first (data-select), then where it goes.
    page = open_embed(site_context, site_url, "game=splinter&interactive=1")
    page.click('#board [data-select="g7"]')
    page.wait_for_selector('#board [data-action="g7-g8"]')
    page.click('#board [data-action="g7-g8"]')
    wait_ply(page, 1)
    assert page.get_attribute("body", "data-plies") == "1"
    page.close()

    page = open_embed(site_context, site_url, "game=bounders&interactive=0")
    cell = page.locator('#board [data-action="g7"]')
    assert cell.get_attribute("tabindex") is None
    cell.dispatch_event("click")
    box = cell.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_timeout(500)
    assert ply(page) == 0 and stones(page) == 0
    assert page.get_attribute("body", "data-plies") == "0"
    page.close()
    site_context[1].assert_clean()


def test_bad_addresses_say_what_is_wrong(site_context: tuple[Any, Watch], site_url: str) -> None:
    page = open_embed(site_context, site_url, "game=chess")
    assert page.is_visible("#error")
    assert "There is no game “chess”" in page.text_content("#error")
    assert page.get_attribute("#status", "data-state") == "failed"
    assert page.locator("#board svg").count() == 0
    page.close()

    illegal = record_of(["g7", "a1", "g7", "m7"])
    page = open_embed(site_context, site_url, f"record={quote(illegal)}")
    error = page.text_content("#error")
    # the engine's reason, without its own naming of the line and the action the page names
    assert "Action 3 of the record, g7, cannot be played (g7 is not empty)" in error
    assert "line 8" not in error and "action 'g7'" not in error
    assert ply(page) == 2 and page.get_attribute("body", "data-plies") == "2"
    assert stones(page) == 2
    page.close()

    page = open_embed(site_context, site_url, "game=bounders&size=8&ply=9&theme=pink")
    error = page.text_content("#error")
    assert "The engine refused these options" in error
    assert "theme=pink" in error
    assert "There is no ply 9" in error
    assert ply(page) == 0
    assert len(board_actions(page)) == len(new_game("bounders").legal_actions())
    assert page.get_attribute("html", "data-theme") == "light"
    page.close()
    # an empty move (",,") is refused, not skipped into another game
    page = open_embed(site_context, site_url, "game=bounders&moves=g7,,a1")
    error = page.text_content("#error")
    assert "Move 2 of the moves is empty" in error, error
    assert stones(page) != 2
    page.close()
    # a new fragment is a new board, the old one's messages gone (the host may set the frame's
    # src to another position, or the reader edit the address)
    page = open_embed(site_context, site_url, "game=bounders")
    page.evaluate("location.hash = 'moves=g7,zz'")
    page.wait_for_function("document.getElementById('error').textContent.includes('zz')",
                           timeout=ENGINE_TIMEOUT_MS)
    page.evaluate("location.hash = 'moves=g7,a1,m7'")
    page.wait_for_function("document.body.dataset.plies === '3'", timeout=ENGINE_TIMEOUT_MS)
    assert page.is_hidden("#error") and stones(page) == 3
    page.close()
    # one action is counted as one
    page = open_embed(site_context, site_url, "game=bounders&moves=g7&ply=7")
    error = page.text_content("#error")
    assert "There is no ply 7: the record has 1 action; the last position is shown." in error
    page.close()
    # a misspelt parameter is said as such, and the game is kept
    page = open_embed(site_context, site_url, "game=bounders&moves=g7,a1&interactve=1&size=9")
    error = page.text_content("#error")
    assert error == (
        "The address gives interactve, which is neither one of its settings nor an option of"
        " bounders (size, rules, komi); ignored."
    ), error
    assert ply(page) == 2 and stones(page) == 2
    assert "size=9" in str(page.get_attribute("#open", "href"))  # the real option is kept
    page.close()
    # beside a record, it is said as unknown, not as ignored for the record's sake
    page = open_embed(
        site_context, site_url, f"game=bounders&record={quote(record_of(['g7']))}&interactve=1"
    )
    error = page.text_content("#error")
    assert "The address gives interactve, which is neither" in error, error
    assert "Ignored" not in error and ply(page) == 1
    page.close()
    site_context[1].assert_clean()


def test_the_engines_reasons_are_said_in_korean(
    site_context: tuple[Any, Watch], site_url: str
) -> None:
    """A Korean reader reads why the engine refused a record or an option in Korean, from
    the catalogue's engine.<code> sentences, with no English words of the engine's."""
    illegal = record_of(["g7", "a1", "g7", "m7"])
    page = open_embed(site_context, site_url, f"record={quote(illegal)}&lang=ko")
    error = page.text_content("#error")
    assert "기보의 3번째 수 g7은(는) 둘 수 없습니다(g7 칸은 비어 있지 않습니다)" in error, error
    assert "not" not in error
    page.close()
    page = open_embed(site_context, site_url, "game=bounders&size=8&lang=ko")
    error = page.text_content("#error")
    assert "설정 size: '8'은(는) 7, 9 가운데 하나가 아닙니다" in error, error
    assert "not one of" not in error
    page.close()
    # an exercise's goal the engine cannot read: the author reads why in Korean too
    goal = quote('{"kind": "score", "colour": "dark"}')
    page = open_embed(site_context, site_url, f"game=bounders&exercise-goal={goal}&lang=ko")
    error = page.text_content("#error")
    assert "'score' 목표에는 'colour' 필드가 없습니다(쓸 수 있는 필드: path," in error, error
    assert "has no field" not in error
    page.close()
    site_context[1].assert_clean()


def test_an_address_value_is_reported_once_and_in_the_readers_words(
    site_context: tuple[Any, Watch], site_url: str
) -> None:
    page = open_embed(site_context, site_url, "game=bounders&interactive=maybe")
    error = page.text_content("#error")
    assert error.count("interactive=maybe") == 1, error
    page.close()
    # a goal that is not JSON: said in the catalogue's words, not the browser's
    page = open_embed(site_context, site_url, "game=bounders&exercise-goal=notjson&lang=ko")
    error = page.text_content("#error")
    assert "올바른 JSON이 아닙니다" in error and "Unexpected" not in error, error
    page.close()
    page = open_embed(site_context, site_url, "game=bounders&captions=%5B1%2C2%5D")
    assert "(it is not a list of texts)" in page.text_content("#error")
    page.close()
    site_context[1].assert_clean()


def test_korean_and_the_dark_theme(site_context: tuple[Any, Watch], site_url: str) -> None:
    page = open_embed(site_context, site_url, "game=bosk&lang=ko&theme=dark&controls=1")
    assert page.get_attribute("html", "lang") == "ko"
    assert page.get_attribute("html", "data-theme") == "dark"
    assert "차례" in page.text_content("#status")
    assert page.text_content("#open") == "타불라에서 열기"
    assert page.get_attribute("#open", "href").startswith("bosk.html?lang=ko#")
    assert page.text_content("#forward") == "다음"
    assert page.text_content("#ply-label") == "0수 중 0수"
    assert page.evaluate("localStorage.getItem('tabula.language')") is None
    # the park is dimmed and the wind board's cards take the page's dark panels
    style = "(selector) => getComputedStyle(document.querySelector(selector))"
    assert "brightness" in page.evaluate(f"({style})('#board .spaces').filter")
    assert page.evaluate(f"({style})('#board .wind-board .round').fill") == "rgb(40, 37, 34)"
    page.close()
    # Splinter's graph paper goes dark too; in the light theme it is the engine's own
    for theme, paper in (("dark", "rgb(32, 38, 43)"), ("light", "rgb(251, 250, 243)")):
        page = open_embed(site_context, site_url, f"game=splinter&theme={theme}")
        assert page.evaluate(f"({style})('#board .paper').fill") == paper
        page.close()
    site_context[1].assert_clean()
