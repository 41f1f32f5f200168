"""Bosk in spring: the score panel shows summer if spring ended now (each seat's points, and
folded line by line the lines where some seat has a tree), a tree's preview tells what it
changes there, and the last tree's preview tells summer itself. All numbers are the engine's
``summer_now`` for the same positions; in autumn winter as the park stands takes over; the
words are Korean under ``?lang=ko``; the tables fit their panel with 2, 3 and 4 seats."""

from __future__ import annotations

import random
from typing import Any

import pytest
from conftest import ENGINE_TIMEOUT_MS, TABLES_OVERFLOW, Watch, fragment, random_game, watch_context

from py_engine import load_game

pytestmark = pytest.mark.browser

SPRING_PLANTS = {2: 7, 3: 10, 4: 13}  # trees planted at random before the position looked at


def open_at(page: Any, site_url: str, game: Any, lang: str = "en") -> None:
    page.goto(f"{site_url}bosk.html?lang={lang}#{fragment(game)}")
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_function(f"document.body.dataset.ply === '{len(game.history)}'")


def after(game: Any, action: str) -> dict[str, Any]:
    position = load_game(game.record())
    position.play(action)
    return dict(position.score())


def changing_tree(game: Any) -> str:
    """The first legal tree whose planting changes some seat's summer if spring ended now."""
    before = game.score()["summer_now_totals"]
    return next(action for action in game.legal_actions()
                if after(game, action)["summer_now_totals"] != before)


def point_at(page: Any, action: str) -> str:
    """Choose the tree's value if the page asks for it, then point at where it is planted;
    the preview's words."""
    part = f'#board [data-action="{action}"]'
    if page.locator(part).count() == 0:
        page.click(f'#choices [data-select="{action.split("@")[0]}"]')
        page.wait_for_selector(part)
    page.evaluate("document.getElementById('preview').textContent = ''")
    page.hover(part)
    page.wait_for_function("document.getElementById('preview').textContent !== ''")
    return str(page.text_content("#preview"))


def scores(score: dict[str, Any], totals: list[int], was: list[int]) -> str:
    said = []
    for seat, points in enumerate(totals):
        change = points - was[seat]
        sign = "+" if change > 0 else "−" if change < 0 else "±"
        said.append(f"{score['names'][seat]} {points} ({sign}{abs(change)})")
    return " · ".join(said)


def test_spring_shows_summer_if_spring_ended_now(
    site_context: tuple[Any, Watch], site_url: str
) -> None:
    context, watch = site_context
    game = random_game("bosk", SPRING_PLANTS[3], seed=7, players=3)
    score = game.score()
    assert score["season"] == "spring" and score["totals"] == [0, 0, 0]
    assert any(score["summer_now_totals"])
    page = context.new_page()
    open_at(page, site_url, game)

    # Each seat's points if spring ended now, labelled as not yet the score.
    assert "Not scored yet" in str(page.text_content(".bosk-spring-standing caption"))
    rows = page.locator(".bosk-spring-standing tbody tr")
    assert [row.locator("td").all_text_contents() for row in rows.all()] == [
        [name, str(points)] for name, points in zip(score["names"], score["summer_now_totals"],
                                                    strict=True)]
    # Line by line, folded: the lines where some seat has a tree, then the totals.
    fold = page.locator('#details details[data-fold="summer-now"]')
    assert fold.evaluate("(box) => box.open") is False
    assert "if spring ended now" in str(fold.locator("summary").text_content())
    planted = [line for line in score["summer_now"] if any(line["sums"])]
    assert 0 < len(planted) < len(score["summer_now"])
    fold.locator("summary").click()
    lines = page.locator(".bosk-summer-now tbody tr")
    assert lines.count() == len(planted) + 1
    for index, line in enumerate(planted):
        cells = lines.nth(index).locator("td").all_text_contents()
        assert cells[1:4] == [f"{line['sums'][seat]} → {line['points'][seat]}" for seat in range(3)]
    assert lines.last.locator("td").all_text_contents()[1:4] == [
        str(points) for points in score["summer_now_totals"]]

    # A tree's preview: summer if spring ended now after it, and the two lines it changes.
    action = changing_tree(game)
    then = after(game, action)
    expected = [f"If {action} is played, summer if spring ended now: "
                + scores(then, then["summer_now_totals"], score["summer_now_totals"])]
    for line, was in zip(then["summer_now"], score["summer_now"], strict=True):
        if line["sums"] != was["sums"]:
            values = " · ".join(f"Player {seat + 1} {value}"
                                for seat, value in enumerate(line["sums"]))
            expected.append(f"Tree values in {line['line']}: {values}")
    assert len(expected) == 3  # a point lies on one row and one column
    assert point_at(page, action) == ". ".join(expected)
    page.close()
    watch.assert_clean()


def test_the_last_tree_tells_summer_and_autumn_shows_winter_instead(
    site_context: tuple[Any, Watch], site_url: str
) -> None:
    """The last tree's preview tells summer as it will be scored; once summer is scored (autumn)
    the spring tables are gone and winter as the park stands is shown."""
    context, watch = site_context
    game = random_game("bosk", 0, seed=11, players=2)
    rng = random.Random(11)
    while game.score()["season"] == "spring":
        game.play(rng.choice(game.legal_actions()))
    game.undo()
    score = game.score()
    assert score["season"] == "spring"
    action = changing_tree(game)
    then = after(game, action)
    assert then["season"] == "autumn" and then["summer_now_totals"] == then["summer_totals"]
    page = context.new_page()
    open_at(page, site_url, game)
    said = point_at(page, action)
    assert said.startswith(f"If {action} is played, summer if spring ended now: "
                           + scores(then, then["summer_totals"], score["summer_now_totals"]) + ". ")

    game.play(action)
    open_at(page, site_url, game)
    assert page.locator(".bosk-standing").count() == 1
    assert page.locator('#details details[data-fold="winter-now"]').count() == 1
    assert page.locator(".bosk-spring-standing, .bosk-summer-now").count() == 0
    assert page.locator('#details details[data-fold="summer-now"]').count() == 0
    page.close()
    watch.assert_clean()


def test_spring_words_are_korean(site_context: tuple[Any, Watch], site_url: str) -> None:
    context, watch = site_context
    game = random_game("bosk", SPRING_PLANTS[2], seed=7, players=2)
    page = context.new_page()
    open_at(page, site_url, game, "ko")
    assert str(page.text_content(".bosk-spring-standing caption")).startswith("아직 점수가 아님")
    assert page.locator(".bosk-spring-standing th").all_text_contents() == ["플레이어", "지금 여름"]
    summary = str(page.text_content('#details details[data-fold="summer-now"] summary'))
    assert summary.startswith("지금 봄이 끝난다면 여름, 줄마다")
    action = changing_tree(game)
    value, at = action.split(" ")[1].split("@")
    said = point_at(page, action)
    assert said.startswith(
        f"이 수({at}에 나무 {value} 심기)를 두면, 지금 봄이 끝난다면 여름: 플레이어 1 ")
    assert "의 나무 값: " in said and "Tree" not in said and "plant" not in said
    page.close()
    watch.assert_clean()



def test_spring_tables_fit_their_panel(browser: Any, site_url: str) -> None:
    """With 2, 3 and 4 seats, in English and Korean, on a wide screen and a phone."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    watch = watch_context(context, site_url)
    page = context.new_page()
    for players, plies in SPRING_PLANTS.items():
        game = random_game("bosk", plies, seed=7, players=players)
        for lang in ("en", "ko"):
            page.set_viewport_size({"width": 1280, "height": 900})
            open_at(page, site_url, game, lang)
            for width, height in ((1280, 900), (390, 844)):
                page.set_viewport_size({"width": width, "height": height})
                tables = dict(page.evaluate(TABLES_OVERFLOW))
                assert {
                    "regions bosk-spring-standing", "regions bosk-score-table bosk-summer-now"
                } <= set(tables)
                for name, overflow in tables.items():
                    assert overflow <= 0.5, (players, lang, width, name, overflow)
    watch.assert_clean()
    context.close()
