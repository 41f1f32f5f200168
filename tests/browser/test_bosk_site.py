"""Bosk in the browser: a whole 3-player game played by clicks only (the buttons beside the park
and its highlighted parts, chosen at random with a fixed seed); summer's scoring line by line,
undo and redo across the seasons, winter region by region and the final ranking against the
engine's own score and result for the same record; a park file the engine refuses; a linked
game that ends in a tie, with the tie rule explained."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from conftest import ENGINE_TIMEOUT_MS, TABLE_OVERFLOW, TABLES_OVERFLOW, Watch, watch_context

from py_engine import load_game, new_game
from py_engine.games.bosk.draw import SEAT_FILL

pytestmark = pytest.mark.browser

ACTIONS = "#board [data-action], #choices [data-action]"
SELECTS = "#choices [data-select]"


def leaves_try() -> Any:
    """The game of the rules page's exercise on leaves: round 7, region C tied 2 to 2."""
    rules = json.loads((Path(__file__).parents[2] / "web/rules/bosk.json").read_text("utf-8"))
    exercise = next(s["exercise"] for s in rules["sections"]
                    if s.get("exercise", {}).get("id") == "leaves-try")
    return load_game(exercise["record"])


def opened_at(context: Any, site_url: str, game: Any) -> Any:
    """A new page of a two-player Bosk game opened from its link, at its last position."""
    moves = ",".join(quote(action, safe="") for action in game.history)
    page = context.new_page()
    page.goto(f"{site_url}bosk.html#players=2&moves={moves}")
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_function(f"document.body.dataset.ply === '{len(game.history)}'")
    return page


def ply(page: Any) -> int:
    return int(page.get_attribute("body", "data-ply"))


def record(page: Any) -> str:
    return str(page.text_content("#record"))


def click_any(page: Any, rng: random.Random) -> None:
    """One click on a random clickable part: a whole action, else a tree value and then one of
    the points it highlights."""
    if page.locator(ACTIONS).count() == 0:
        values = page.locator(SELECTS)
        values.nth(rng.randrange(values.count())).click()
        page.wait_for_selector("#board [data-action]")
    parts = page.locator(ACTIONS)
    count = parts.count()
    assert count > 0
    before = ply(page)
    parts.nth(rng.randrange(count)).click()
    page.wait_for_function(f"document.body.dataset.ply === '{before + 1}'")


def test_whole_three_player_game(
    site_context: tuple[Any, Watch], site_url: str, tmp_path: Path
) -> None:
    context, watch = site_context
    page = context.new_page()
    page.goto(site_url + "bosk.html")
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)

    # A park file the engine refuses: the panel stays open with the engine's reason.
    bad = tmp_path / "park.txt"
    bad.write_text("# two regions only\nAAAA\nBBBB\n<b>x</b>\n")
    page.click("#new-game")
    page.check('input[name="option-players"][value="3"]')
    assert page.locator('.bosk-seat:not([hidden])').count() == 3
    page.check('input[name="option-park"][value="file"]')
    page.set_input_files('input[name="park-file"]', str(bad))
    page.wait_for_selector(".bosk-park-status:has-text('3 rows')")
    page.click('#new-game-dialog button[value="start"]')
    page.wait_for_selector("#new-game-error:not([hidden])")
    assert "option park" in str(page.text_content("#new-game-error"))
    assert page.locator("#new-game-error b").count() == 0
    assert page.evaluate("document.getElementById('new-game-dialog').open")

    page.check('input[name="option-park"][value="ours"]')
    page.fill('.bosk-seat[data-seat="0"] input', "Ann")
    page.fill('.bosk-seat[data-seat="2"] input', "Cy")
    page.click('#new-game-dialog button[value="start"]')
    page.wait_for_function("document.getElementById('record').textContent.includes('Ann')")
    assert "players: 3\n" in record(page)
    assert "names: Ann,Player 2,Cy\n" in record(page)

    rng = random.Random(5)
    while page.locator("#choices [data-action]").count() == 0:
        click_any(page, rng)
    # Summer: every line with who came first and second, and the new start player.
    score = load_game(record(page)).score()
    assert score["step"] == "wind"
    rows = page.locator(".bosk-summer tbody tr")
    assert rows.count() == len(score["summer"]) + 1
    assert page.locator(".bosk-season-table[open]").count() == 1
    starter = score["names"][score["start_player"]]
    assert starter in str(page.text_content(".bosk-notice"))
    totals = rows.last.locator("td").all_text_contents()
    assert totals[1:4] == [str(points) for points in score["summer_totals"]]

    # Undo into spring and redo back to autumn's wind choice.
    played = ply(page)
    page.click("#undo")
    page.wait_for_function(f"document.body.dataset.ply === '{played - 1}'")
    assert page.locator(SELECTS).count() > 0
    page.click("#redo")
    page.wait_for_function(f"document.body.dataset.ply === '{played}'")
    assert page.locator("#choices [data-action]").count() == 4

    seen_round_start = False
    while page.get_attribute("body", "data-over") != "true":
        click_any(page, rng)
        notice = page.locator(".bosk-notice")
        if notice.count() and "Round" in str(notice.text_content()):
            seen_round_start = True
            assert page.locator(".bosk-winds tr[aria-current]").count() == 1
    assert seen_round_start

    text = record(page)
    game = load_game(text)
    expected, score = game.result(), game.score()
    assert expected is not None
    ranked = [int(str(li.get_attribute("data-seat")))
              for li in page.locator(".bosk-ranking li").all()]
    assert ranked == expected["ranking"]
    assert page.get_attribute("#result", "data-winner") == str(expected["winner"])
    assert page.get_attribute("#result", "data-reason") == expected["reason"]
    regions = page.locator(".bosk-winter tbody tr")
    assert regions.count() == len(score["winter"]) + 1
    first = regions.first.locator("td").all_text_contents()
    region = score["winter"][0]
    pairs = zip(region["spaces"], region["points"], strict=True)
    assert first[1:4] == [f"{spaces} → {points}" for spaces, points in pairs]
    assert page.locator(".bosk-tie").count() == int("tie" in expected)

    # A link to a 2-player game ending in a tie: the tie rule is explained.
    tied = tied_game()
    result = tied.result()
    assert result is not None and result["reason"] == "tie-clockwise"
    moves = ",".join(quote(action, safe="") for action in tied.history)
    page.evaluate(f"location.hash = {json.dumps('players=2&moves=' + moves)}")
    page.wait_for_function(f"document.body.dataset.ply === '{len(tied.history)}'")
    ranked = [int(str(li.get_attribute("data-seat")))
              for li in page.locator(".bosk-ranking li").all()]
    assert ranked == result["ranking"]
    words = str(page.text_content(".bosk-tie"))
    assert f"tied on {result['tie']['score']} points" in words
    assert f"Player {result['tie']['round_8_start'] + 1}" in words

    # In Korean, the default names are Korean too: in the panel, the result and the wind board.
    page.select_option("#language", "ko")
    page.wait_for_function("document.documentElement.lang === 'ko'")
    assert f"플레이어 {result['tie']['round_8_start'] + 1}" in str(page.text_content(".bosk-tie"))
    names = page.locator("#board svg .players .name").all_text_contents()
    assert names == ["플레이어 1", "플레이어 2"]
    for part in ("#turn", ".panel.score", "#result"):
        assert "Player" not in str(page.text_content(part)), part
    page.select_option("#language", "en")
    page.wait_for_function("document.documentElement.lang === 'en'")
    assert page.locator("#board svg .players .name").all_text_contents() == [
        "Player 1", "Player 2"]
    page.close()
    watch.assert_clean()


def tied_game() -> Any:
    """A random 2-player game (fixed seed) whose totals tie."""
    rng = random.Random(26)
    game = new_game("bosk", players=2)
    while game.result() is None:
        game.play(rng.choice(game.legal_actions()))
    return game


def test_on_a_narrow_screen_the_park_alone_fills_the_board(browser: Any, site_url: str) -> None:
    """At phone width the picture leaves out the wind board (the side panel has it), so a
    point to plant on takes touches over a space's width; a wide window brings it back."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    watch = watch_context(context, site_url)
    page = context.new_page()
    page.goto(site_url + "bosk.html")
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_selector("#board svg:not(:has(.wind-board))")
    assert page.locator("#details table").count() >= 1
    page.locator(SELECTS).first.click()
    target = page.locator("#board [data-action]").first
    box = target.bounding_box()
    assert box is not None and box["width"] >= 32 and box["height"] >= 32
    target.click()
    page.wait_for_function("document.body.dataset.ply === '1'")
    page.set_viewport_size({"width": 1200, "height": 900})
    page.wait_for_selector("#board svg .wind-board")
    assert ply(page) == 1
    watch.assert_clean()
    context.close()


def test_autumn_shows_winter_as_the_park_stands(
    site_context: tuple[Any, Watch], site_url: str
) -> None:
    """In autumn the score holds summer's points only: beside them the panel shows the winter
    points each player would have if winter came now, and a leaf's preview tells what it
    changes there (the rules page's exercise: round 7, region C tied 2 to 2, f8 empty)."""
    context, watch = site_context
    game = leaves_try()
    score = game.score()
    assert score["winter_now_totals"] == [31, 25] and score["totals"] == [18, 16]
    page = opened_at(context, site_url, game)
    rows = page.locator(".bosk-standing tbody tr")
    assert [row.locator("td").all_text_contents() for row in rows.all()] == [
        ["Player 1", "18", "31", "49"], ["Player 2", "16", "25", "41"]]
    assert "winter if it came now" in str(page.text_content(".bosk-standing caption"))
    regions = page.locator(".bosk-winter-now tbody tr")
    assert regions.count() == len(score["winter_now"]) + 1
    assert regions.nth(2).locator("td").all_text_contents()[:3] == ["C", "2 → 4", "2 → 4"]

    page.hover('#board [data-action="leaf f8"]')
    page.wait_for_function("document.getElementById('preview').textContent !== ''")
    said = str(page.text_content("#preview"))
    assert said == ("If leaf f8 is played, winter if it came now: Player 1 32 (+1) · "
                    "Player 2 24 (−1). Region C, spaces: Player 1 3 · Player 2 2")
    assert page.locator("#board-preview svg").count() == 0
    page.select_option("#language", "ko")
    page.wait_for_function("document.documentElement.lang === 'ko'")
    assert "지금 겨울이 온다면" in str(page.text_content(".bosk-standing caption"))
    page.close()
    watch.assert_clean()


def test_korean_sentences_name_actions_and_winds_in_korean(
    site_context: tuple[Any, Watch], site_url: str
) -> None:
    """In Korean, a sentence names an action or a wind in Korean words with the notation's
    coordinates or letter beside them (the side buttons, the wind board, the status line, a
    preview, a hint, the players' tiles), while the move list keeps the notation as the record
    writes it."""
    context, watch = site_context
    game = leaves_try()
    spring = game.history[:game.history.index("wind W")]
    page = context.new_page()
    page.add_init_script(
        "localStorage.setItem('tabula.computer.test', JSON.stringify({seconds: 0.2, pace: 0}))")
    moves = ",".join(quote(action, safe="") for action in spring)
    page.goto(f"{site_url}bosk.html?lang=ko#players=2&moves={moves}")
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_function(f"document.body.dataset.ply === '{len(spring)}'")
    winds = page.locator("#choices button[data-action^='wind ']")
    assert winds.count() == 4
    assert page.locator("#choices button[data-action='wind W']").inner_text() == "서쪽(W)으로"
    page.hover("#board [data-action='wind W']")
    page.wait_for_function("document.getElementById('preview').textContent !== ''")
    assert str(page.text_content("#preview")).startswith("이 수(첫 바람을 서쪽(W)으로)를 두면")

    moves = ",".join(quote(action, safe="") for action in game.history)
    page.goto(f"{site_url}bosk.html?lang=ko#players=2&moves={moves}")
    page.wait_for_function(f"document.body.dataset.ply === '{len(game.history)}'",
                           timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    wind = game.score()["wind"]
    assert str(page.text_content(".bosk-season")).endswith(f"바람: 동쪽({wind})으로")
    letters = page.locator("#board .wind-letter").all_text_contents()
    assert len(letters) == 8 and all(letter in "북동남서" for letter in letters)
    assert "쓴 타일: S(다람쥐) 2" in str(page.text_content(".bosk-players"))
    page.hover('#board [data-action="leaf f8"]')
    page.wait_for_function("document.getElementById('preview').textContent !== ''")
    said = str(page.text_content("#preview"))
    assert said.startswith("이 수(f8에 낙엽 놓기)를 두면, 지금 겨울이 온다면: ")
    assert "leaf" not in said
    page.click("#hint")
    page.wait_for_selector("#hint-panel:not([hidden])", timeout=ENGINE_TIMEOUT_MS)
    hint = str(page.text_content("#hint-text"))
    assert hint.startswith("추천: ") and hint.endswith("에 낙엽 놓기") and "leaf" not in hint
    # the move list keeps the notation
    assert page.locator(".move-list button.move", has_text="leaf e7").count() == 1
    assert page.locator(".move-list button.move", has_text="wind W").count() == 1
    page.close()
    watch.assert_clean()


def test_on_a_phone_the_players_leaves_are_shown_and_the_winter_table_fits(
    browser: Any, site_url: str
) -> None:
    """With four seats on a phone (the park drawn alone), each player's line shows its leaf as
    the park draws it; at the end the winter table, its second places last, shows whole on a
    phone and a wide screen, in English and Korean, its places named by their leaves."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    watch = watch_context(context, site_url)
    page = context.new_page()
    rng = random.Random(3)
    game = new_game("bosk", players=4)
    while game.result() is None:
        game.play(rng.choice(game.legal_actions()))
    page.goto(site_url + "bosk.html#players=4")
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_selector("#board svg:not(:has(.wind-board))")
    marks = page.locator(".bosk-players li .seat-mark")
    assert marks.count() == 4
    for seat in range(4):
        mark = marks.nth(seat)
        assert mark.is_visible()
        box = mark.bounding_box()
        assert box is not None and box["width"] >= 12 and box["height"] >= 12
        assert mark.locator("path").get_attribute("fill") == SEAT_FILL[seat]
    assert page.locator(".bosk-winds").is_visible()  # the wind board, as a table

    moves = ",".join(quote(action, safe="") for action in game.history)
    page.evaluate(f"location.hash = {json.dumps('players=4&moves=' + moves)}")
    page.wait_for_function(f"document.body.dataset.ply === '{len(game.history)}'")
    score = game.score()
    first = [f"Player {seat + 1}" for seat in score["winter"][0]["first"]]
    named = page.locator(".bosk-winter tbody tr").first.locator("td").nth(5).locator(".seat-mark")
    assert [named.nth(k).get_attribute("aria-label") for k in range(named.count())] == first
    for lang in ("en", "ko"):
        page.select_option("#language", lang)
        page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        for width, height in ((390, 844), (1280, 900)):
            page.set_viewport_size({"width": width, "height": height})
            overflow = page.evaluate(TABLE_OVERFLOW, ".bosk-winter")
            assert overflow <= 0.5, (lang, width, overflow)
    watch.assert_clean()
    context.close()



def test_four_seats_two_digit_sums_fit_the_side_panel(browser: Any, site_url: str) -> None:
    """Round 8 of a 4-player game whose summer points all have two digits, as do two seats'
    sums in some lines ("11 → 2", beside "column h"): each table of the panel (the standings,
    winter as the park stands, the wind board, summer line by line) shows whole in the side
    column (1280x900) and on a phone, in English and Korean. A column's name is shown short
    ("col. h") and said whole, in the reader's language."""
    rng = random.Random(20)
    game = new_game("bosk", players=4)
    while game.result() is None:
        game.play(rng.choice(game.legal_actions()))
    played = game.history[:-2]
    position = new_game("bosk", players=4)
    for action in played:
        position.play(action)
    score = position.score()
    assert score["season"] == "autumn"
    assert all(total >= 10 for total in score["summer_totals"])
    assert sum(any(line["sums"][seat] >= 10 for line in score["summer"]) for seat in range(4)) == 2
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    watch = watch_context(context, site_url)
    page = context.new_page()
    moves = ",".join(quote(action, safe="") for action in played)
    page.goto(f"{site_url}bosk.html#players=4&moves={moves}")
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_function(f"document.body.dataset.ply === '{len(played)}'")
    column_h = [line["line"] for line in score["summer"]].index("column h")
    for lang in ("en", "ko"):
        page.select_option("#language", lang)
        page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        for width, height in ((1280, 900), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            tables = page.evaluate(TABLES_OVERFLOW)
            assert len(tables) == 4, tables
            for name, overflow in tables:
                assert overflow <= 0.5, (lang, width, name, overflow)
        line = page.locator(".bosk-summer tbody tr").nth(column_h).locator("td").first
        if lang == "en":
            assert line.locator("[aria-hidden=true]").text_content() == "col. h"
            assert line.locator(".visually-hidden").text_content() == "column h"
        else:
            assert line.text_content() == "h열"
    watch.assert_clean()
    context.close()


def test_a_table_the_reader_opened_stays_open_after_a_move(
    site_context: tuple[Any, Watch], site_url: str
) -> None:
    """The panel is drawn again after every move: the winter table the reader opened stays
    open, and one the reader closed stays closed."""
    context, watch = site_context
    game = leaves_try()
    moves = ",".join(quote(action, safe="") for action in game.history)
    page = context.new_page()
    page.goto(f"{site_url}bosk.html#players=2&moves={moves}")
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    length = len(game.history)
    page.wait_for_function(f"document.body.dataset.ply === '{length}'")
    fold = '#details details[data-fold="winter-now"]'
    assert page.locator(fold).evaluate("(box) => box.open") is False
    page.click(f"{fold} summary")
    page.click('#board [data-action="leaf f8"]')
    page.wait_for_function(f"document.body.dataset.ply === '{length + 1}'")
    assert page.locator(fold).evaluate("(box) => box.open") is True
    page.click(f"{fold} summary")
    page.click("#undo")
    page.wait_for_function(f"document.body.dataset.ply === '{length}'")
    assert page.locator(fold).evaluate("(box) => box.open") is False
    page.close()
    watch.assert_clean()


# Each region letter's size on the screen, in CSS pixels: its font's size times the picture's
# scale there.
LETTER_SIZES = """() => [...document.querySelectorAll('#board .region-letter')].map(letter =>
  [letter.textContent,
   parseFloat(getComputedStyle(letter).fontSize) * letter.getScreenCTM().a])"""


@pytest.mark.parametrize(("players", "width"), [(2, 390), (4, 390), (3, 360), (4, 360)])
def test_the_region_letters_read_on_a_phone_and_stay_quiet_on_a_wide_screen(
    browser: Any, site_url: str, players: int, width: int
) -> None:
    """The score panel and the previews name regions by letter: on a phone (390x844 and the
    narrowest, 360x740; the park drawn alone) each letter shows at least 10 px high, and at
    1280x900 no larger than the park's other words (12 px)."""
    context = browser.new_context(viewport={"width": width, "height": 844 if width > 360 else 740})
    watch = watch_context(context, site_url)
    page = context.new_page()
    page.goto(f"{site_url}bosk.html#players={players}")
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_selector("#board svg:not(:has(.wind-board))")
    sizes = page.evaluate(LETTER_SIZES)
    assert len(sizes) == len(new_game("bosk", players=players).geo.letters)
    assert all(size >= 10 for _, size in sizes), sizes
    page.set_viewport_size({"width": 1280, "height": 900})
    page.wait_for_selector("#board svg .wind-board")
    sizes = page.evaluate(LETTER_SIZES)
    assert all(size <= 12 for _, size in sizes), sizes
    watch.assert_clean()
    context.close()


def test_a_seat_left_unnamed_keeps_the_default_name_in_any_language(
    site_context: tuple[Any, Watch], site_url: str
) -> None:
    """A new game started on a Korean page with one name typed writes the other seats' default
    names as the engine does, so that an English page says "Player 2", not "플레이어 2"."""
    context, watch = site_context
    page = context.new_page()
    page.goto(site_url + "bosk.html?lang=ko")
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    page.click("#new-game")
    page.check('input[name="option-players"][value="3"]')
    page.fill('.bosk-seat[data-seat="0"] input', "Ann")
    page.click('#new-game-dialog button[value="start"]')
    page.wait_for_function("document.getElementById('record').textContent.includes('Ann')")
    assert "names: Ann,Player 2,Player 3\n" in record(page)
    page.select_option("#language", "en")
    page.wait_for_function("document.documentElement.lang === 'en'")
    assert "플레이어" not in str(page.text_content(".panel.score"))
    page.close()
    watch.assert_clean()


def test_the_park_can_be_read_part_by_part(site_context: tuple[Any, Watch], site_url: str) -> None:
    """A reader moving over the park with the arrow keys hears each tree and each stack that is
    not a move now by what it holds, named as the engine names it, in the page's language; Enter
    on one plays nothing and says so."""
    context, watch = site_context
    game = leaves_try()
    drawn = [e.get("aria-label") for e in ET.fromstring(game.svg()).iter()
             if e.get("data-info") is not None]
    assert any("'s tree of value" in str(n) for n in drawn)
    assert any("leaves, Player" in str(n) for n in drawn)
    page = opened_at(context, site_url, game)
    parts = page.locator("#board [data-info]")
    assert parts.evaluate_all("ps => ps.map(p => p.ariaLabel)") == drawn
    assert parts.first.get_attribute("role") == "button"
    # the board's Tab stop is a move; the arrows reach the parts to read
    assert page.locator('#board [tabindex="0"]').count() == 1
    assert page.locator('#board [tabindex="0"][data-action]').count() == 1
    parts.first.focus()
    page.keyboard.press("Enter")
    assert page.text_content("#announcer") == f"{drawn[0]}: nothing can be played there now."
    assert ply(page) == len(game.history)
    page.keyboard.press("ArrowUp")  # the first part is on the park's bottom row
    assert page.evaluate("document.activeElement.ariaLabel") in set(drawn) - {drawn[0]}
    page.select_option("#language", "ko")
    page.wait_for_function("document.documentElement.lang === 'ko'")
    korean = [str(n) for n in parts.evaluate_all("ps => ps.map(p => p.ariaLabel)")]
    assert len(korean) == len(drawn)
    assert all("Player" not in n and "플레이어" in n for n in korean)
    assert any("의 나무, 값 " in n for n in korean)
    page.select_option("#language", "en")  # the pages after this one, in this context, read English
    page.wait_for_function("document.documentElement.lang === 'en'")
    page.close()
    # a tree chosen from the keyboard, then Enter on a standing tree to read it: said, and the
    # tree chosen is kept (it was dropped as by a click on the paper)
    page = context.new_page()
    page.goto(f"{site_url}bosk.html#players=2&moves=plant%201%40b2,plant%201%40c2,plant%201%40d2")
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_function("document.body.dataset.ply === '3'")
    page.focus('#choices [data-select="plant 1"]')
    page.keyboard.press("Enter")
    page.wait_for_selector('#choices [aria-pressed="true"]')
    tree = page.locator('#board [data-info][data-point="d2"]')
    tree.focus()
    page.keyboard.press("Enter")
    name = str(tree.get_attribute("aria-label"))
    assert name == "d2: Player 1's tree of value 1"
    assert page.text_content("#announcer") == f"{name}: nothing can be played there now."
    page.wait_for_timeout(300)
    assert page.locator('#choices [aria-pressed="true"]').count() == 1
    page.close()
    watch.assert_clean()


def test_moves_are_counted_as_the_move_list_numbers_them(
    site_context: tuple[Any, Watch], site_url: str
) -> None:
    """A turn of several actions (tree, tile, leaves) is one move: an entry's name, the
    looking-back notice and the words said count moves by the numbers the list shows."""
    context, watch = site_context
    game = leaves_try()
    page = opened_at(context, site_url, game)
    # whose turn it is, and each seat in the score, beside the seat's leaf as the park draws it
    assert page.locator(f"#turn svg.seat-mark.seat-{game.to_move}").count() == 1
    assert page.locator("#totals .seat-mark").count() == game.players
    turns = page.locator("#moves li.move-turn")
    # each turn's number as shown, and the names of its entries, read at once
    listed = turns.evaluate_all("""ts => ts.map(t => [t.querySelector('.move-no').textContent,
        [...t.querySelectorAll('button[data-ply]')].map(b => b.ariaLabel)])""")
    numbers = [int(str(number).rstrip(".")) for number, _ in listed]
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) < len(game.history)
    last = numbers[-1]
    # every entry of a turn is named by the turn's number
    for number, (_, labels) in zip(numbers, listed, strict=True):
        assert labels and all(str(label).startswith(f"Move {number}, ") for label in labels), \
            (number, labels)
    # looking back at the last entry of turn 5
    entry = turns.nth(4).locator("button[data-ply]").last
    entry.click()
    page.wait_for_function(f"document.body.dataset.ply === '{entry.get_attribute('data-ply')}'")
    said = f"Looking back: the position after 5 of {last} moves."
    assert page.text_content("#looking .looking-text") == said
    page.wait_for_function(
        "(said) => document.getElementById('announcer').textContent === said", arg=said)
    # a record opened says its moves as the list numbers them
    page.click('#records button[data-records="paste"]')
    page.fill("#paste-dialog textarea", game.record())
    page.click('#paste-dialog button[value="open"]')
    page.wait_for_function(
        "(said) => document.querySelector('.records-status').textContent === said",
        arg=f"Record opened: {last} moves.")
    page.close()
    watch.assert_clean()


def test_players_level_below_the_first_are_placed_by_the_rule_said(
    site_context: tuple[Any, Watch], site_url: str
) -> None:
    """Two players level on points below the winner are ranked by the clockwise rule, and the
    page says so beside the ranking (before, only a tie for first was explained)."""
    context, watch = site_context
    rng = random.Random(6)
    game = new_game("bosk", players=3)
    while not game.is_over:
        game.play(rng.choice(game.legal_actions()))
    result = game.result()
    assert result is not None and "tie" not in result
    totals, ranking = result["totals"], result["ranking"]
    assert totals[ranking[1]] == totals[ranking[2]] < totals[ranking[0]]
    moves = ",".join(quote(action, safe="") for action in game.history)
    page = context.new_page()
    page.goto(f"{site_url}bosk.html#players=3&moves={moves}")
    page.wait_for_selector("body[data-over=true]", timeout=ENGINE_TIMEOUT_MS)
    names = [f"Player {seat + 1}" for seat in ranking]
    start = f"Player {game.score()['start_player'] + 1}"
    assert page.locator(".bosk-ranking li").all_text_contents()[1].startswith(names[1])
    said = page.locator(".bosk-tie").all_text_contents()
    assert said == [f"{names[1]}, {names[2]} are level on {totals[ranking[1]]} points: they are"
                    " placed in that order by the same rule, nearest clockwise from round 8's"
                    f" start player, {start} (included)."]
    page.close()
    watch.assert_clean()
