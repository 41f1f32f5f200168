"""Analyse game in the browser: the search judges every position in the worker, with a progress
bar and Cancel, the page staying usable; the graph has a line per seat and a point per
position (2 and 4 seats); a move played badly on purpose (one after which the opponent wins at
once, when another move did not allow it) is marked with the action the search preferred."""

from __future__ import annotations

import json
import random
import time
from typing import Any
from urllib.parse import quote

import pytest
from conftest import ENGINE_TIMEOUT_MS, Watch

from py_engine import new_game

pytestmark = pytest.mark.browser


def fragment(game: Any) -> str:
    parts = [f"{key}={quote(value, safe='')}" for key, value in game.option_record().items()]
    parts.append("moves=" + ",".join(quote(action, safe="") for action in game.history))
    return "&".join(parts)


def winning(game: Any) -> list[str]:
    """The actions that win the game at once for the seat to move."""
    mover = game.to_move
    found = []
    for action in game.legal_actions():
        game.play(action)
        result = game.result()
        if result is not None and result["winner"] == mover:
            found.append(action)
        game.undo()
    return found


def blundered_splinter() -> tuple[Any, int]:
    """A Splinter game whose last but one action lets the opponent win at once (another action
    would not have), then the opponent's winning action; and the number of the blunder."""
    game = new_game("splinter")
    rng = random.Random(0)
    while True:
        actions = game.legal_actions()
        losing = []
        for action in actions:
            game.play(action)
            if not game.is_over and winning(game):
                losing.append(action)
            game.undo()
        if losing and len(losing) < len(actions):
            game.play(losing[0])
            blunder = len(game.history)
            game.play(winning(game)[0])
            assert game.is_over
            return game, blunder
        game.play(rng.choice(actions))


def open_game(site_context: tuple[Any, Watch], url: str, seconds: float) -> Any:
    context, _ = site_context
    page = context.new_page()
    page.add_init_script(
        f"localStorage.setItem('tabula.analysis.test', '{json.dumps({'seconds': seconds})}')"
    )
    page.goto(url)
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    return page


def points(page: Any, seat: int) -> int:
    text = page.get_attribute(f'#analysis-graph polyline[data-seat="{seat}"]', "points")
    return len(str(text).split())


def test_a_bad_move_is_marked(site_context: tuple[Any, Watch], site_url: str) -> None:
    game, blunder = blundered_splinter()
    page = open_game(site_context, f"{site_url}splinter.html#{fragment(game)}", 0.4)
    started = time.perf_counter()
    page.click("#analyse")
    page.wait_for_selector("body[data-analysis=done]", timeout=120_000)
    seconds = time.perf_counter() - started
    positions = len(game.history) + 1
    assert page.locator("#analysis-graph polyline").count() == 2
    assert points(page, 0) == points(page, 1) == positions
    marked = page.locator(f'#analysis-marks li[data-ply="{blunder}"]')
    assert marked.count() == 1, page.text_content("#analysis-marks")
    said = str(marked.text_content())
    assert game.history[blunder - 1] in said and "The search preferred" in said
    assert page.locator("#analysis-graph circle.fall").count() >= 1
    said = str(page.text_content("#analysis-status"))
    print(f"\nSplinter, {positions} positions at 0.4 s: {seconds:.1f} s; {said}")
    # A mark shows the position where the move was played.
    marked.locator("button").click()
    page.wait_for_function(f"document.body.dataset.ply === '{blunder - 1}'")
    page.close()
    site_context[1].assert_clean()


def test_four_seats_and_cancel(site_context: tuple[Any, Watch], site_url: str) -> None:
    game = new_game("bosk", players=4)
    rng = random.Random(3)
    while len(game.history) < 12:
        game.play(rng.choice(game.legal_actions()))
    page = open_game(site_context, f"{site_url}bosk.html#{fragment(game)}", 0.1)
    page.click("#analyse")
    page.wait_for_selector("body[data-analysis=done]", timeout=120_000)
    assert page.locator("#analysis-graph polyline").count() == 4
    assert all(points(page, seat) == 13 for seat in range(4))
    assert page.locator(".analysis-legend li").count() == 4

    # A longer budget: the page answers while the analysis runs, and Cancel stops it.
    page.evaluate("localStorage.setItem('tabula.analysis.test', JSON.stringify({seconds: 2}))")
    page.click("#analyse")
    page.wait_for_selector("body[data-analysis=running]")
    assert page.is_visible("#analysis-progress") and page.is_visible("#analyse-cancel")
    started = time.perf_counter()
    page.click('#moves button[data-ply="4"]')
    page.wait_for_function("document.body.dataset.ply === '4'")
    answered = time.perf_counter() - started
    assert answered < 1.5, f"the move list answered after {answered:.2f} s"
    page.click("#analyse-cancel")
    page.wait_for_selector("body[data-analysis=cancelled]", timeout=10_000)
    assert "cancelled" in str(page.text_content("#analysis-status"))
    assert page.is_hidden("#analysis-progress") and page.is_enabled("#analyse")

    # From the keyboard: the focus goes from Analyse to Cancel and back, never to the page's
    # body; while the run goes on, its status is busy (a reader hears the start and the end,
    # not each position).
    page.focus("#analyse")
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-analysis=running]")
    assert page.evaluate("document.activeElement.id") == "analyse-cancel"
    assert page.get_attribute("#analysis-status", "aria-busy") == "true"
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-analysis=cancelled]", timeout=10_000)
    assert page.evaluate("document.activeElement.id") == "analyse"
    assert page.get_attribute("#analysis-status", "aria-busy") is None
    # Another language: the panel's words follow, the status line's included.
    page.select_option("#language", "ko")
    page.wait_for_function("document.documentElement.lang === 'ko'")
    assert "취소했습니다" in str(page.text_content("#analysis-status"))
    assert page.get_attribute("#analysis-progress", "aria-label") == "분석한 국면"
    assert "국면" in str(page.get_attribute("#analysis-graph svg", "aria-label"))
    page.evaluate("localStorage.removeItem('tabula.language')")
    page.close()
    site_context[1].assert_clean()


@pytest.mark.parametrize(("name", "options"), [("bounders", {"size": 7}), ("bosk", {"players": 3})])
def test_a_graph_point_per_position(
    site_context: tuple[Any, Watch], site_url: str, name: str, options: dict[str, Any]
) -> None:
    game = new_game(name, **options)
    rng = random.Random(5)
    while len(game.history) < 10:
        game.play(rng.choice(game.legal_actions()))
    page = open_game(site_context, f"{site_url}{name}.html#{fragment(game)}", 0.05)
    page.click("#analyse")
    page.wait_for_selector("body[data-analysis=done]", timeout=120_000)
    assert page.locator("#analysis-graph polyline").count() == game.players
    assert all(points(page, seat) == 11 for seat in range(game.players))
    # the moves marked, or a line saying none was: never an empty list, never both
    marked = page.locator("#analysis-marks li").count()
    none = page.locator(".analysis-no-marks")
    if marked:
        assert page.is_visible("#analysis-marks") and none.is_hidden()
    else:
        assert page.is_hidden("#analysis-marks") and none.text_content() == "No move lost much."
        assert none.is_visible()
    page.close()
    site_context[1].assert_clean()


def test_a_fall_spread_over_a_turn_is_marked_as_one_move(
    site_context: tuple[Any, Watch], site_url: str
) -> None:
    """A turn of several actions (Bosk's tree, tile and leaves) is one move: a fall of its
    mover's chance spread over it, no action of it falling much alone, is marked whole, from the
    position before its first action to the one after its last; numbered as the move list
    numbers it. Without turns (each action a move) the same chances mark nothing."""
    context, watch = site_context
    page = context.new_page()
    page.goto(site_url + "index.html")
    marks = page.evaluate("""async () => {
        const { fallingMoves } = await import('./js/analysis.js');
        // seat 0 plays actions 0-3 (one turn), seat 1 actions 4-5; seat 0's chance falls
        // 0.08 at each of its actions, 0.32 over its turn
        const seat0 = [0.7, 0.62, 0.54, 0.46, 0.38, 0.38, 0.38];
        const chances = seat0.map((c) => [c, 1 - c]);
        const line = ['tree c4', 'tile 5', 'leaf d5', 'leaf d6', 'tree e2', 'tile 3'];
        const movers = [0, 0, 0, 0, 1, 1];
        const preferred = ['tree b2', null, null, null, null, null];
        return [fallingMoves(chances, line, movers, preferred, [1, 1, 1, 1, 2, 2]),
                fallingMoves(chances, line, movers, preferred)];
    }""")
    turns, actions = marks
    assert actions == []
    assert len(turns) == 1
    mark = turns[0]
    assert (mark["ply"], mark["last"], mark["seat"], mark["action"]) == (0, 3, 0, "tree c4")
    assert (round(mark["before"], 2), round(mark["after"], 2)) == (0.7, 0.38)
    assert mark["preferred"] == "tree b2"
    page.close()
    watch.assert_clean()
