"""The home page: every game's card with its picture drawn at build time (in the page before any
script runs), its facts and quick-start buttons that open a new game with the chosen seats; the
games kept in the browser listed with their picture and opened where they were left; Korean
cards with no English left; a phone layout with large controls; the Install button. A game page
shows its board and panels before the engine is ready and plays a click made meanwhile."""

from __future__ import annotations

import json
import random
import re
import urllib.request
from typing import Any

import pytest
from conftest import ENGINE_TIMEOUT_MS, Watch, watch_context
from home_page import PICTURES, mid_game
from playwright.sync_api import expect

from py_engine import GAMES, load_game, new_game
from py_engine.ai import LEVELS

pytestmark = pytest.mark.browser

FAST = json.dumps(json.dumps({"seconds": 0.05, "pace": 0}))


def fresh_page(context: Any, url: str) -> Any:
    """A page of the site with nothing kept in the browser from an earlier test."""
    page = context.new_page()
    page.goto(url)
    page.evaluate("localStorage.clear()")
    page.reload()
    return page


def test_home_lists_the_games(site_context: tuple[Any, Watch], site_url: str) -> None:
    context, watch = site_context
    page = fresh_page(context, site_url)
    assert page.evaluate("document.documentElement.lang") == "en"
    for name in ("bounders", "splinter", "bosk"):
        card = page.locator(f'.game-card[data-game="{name}"]')
        assert card.count() == 1
        if name in GAMES:
            assert card.locator(f'a[href="{name}.html"]').count() == 1
        else:
            assert "coming" in card.text_content()
    bosk = page.locator('.game-card[data-game="bosk"]')
    assert bosk.locator(".players").text_content() == "2–4 players"
    assert bosk.locator(".length").text_content() == "About 30 minutes"
    assert page.locator('.game-card[data-game="splinter"] .players').text_content() == "2 players"
    levels = bosk.locator("select.level option")
    assert [levels.nth(i).get_attribute("value") for i in range(levels.count())] == list(LEVELS)
    expect(page.locator("#saved-games")).to_be_hidden()
    expect(page.locator("#install")).to_be_hidden()
    page.click('.game-card a[href="bounders.html"]')
    page.wait_for_url("**/bounders.html*")
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


def test_card_pictures_are_in_the_page_before_any_script(browser: Any, site_url: str) -> None:
    """The HTML as served holds each card's picture, the engine's drawing of the card's
    mid-game position; with scripts off the page still shows them."""
    with urllib.request.urlopen(site_url) as response:
        served = response.read().decode("utf-8")
    for name in GAMES:
        card = re.search(rf'<li class="game-card" data-game="{name}">.*?</li>', served, re.S)
        assert card, name
        picture = re.search(r'<div class="card-picture">(<svg .*?</svg>)</div>', card.group(0),
                            re.S)
        assert picture, f"{name}'s card has no picture in the served page"
        game = mid_game(name)
        assert len(game.history) == PICTURES[name].plies, "a position from the middle of a game"
        assert picture.group(1) == game.svg(highlight=False, **PICTURES[name].draw)
        assert "data-action" not in picture.group(1) and "tabindex" not in picture.group(1)
    context = browser.new_context(java_script_enabled=False,
                                  viewport={"width": 1200, "height": 900})
    watch = watch_context(context, site_url)
    page = context.new_page()
    page.goto(site_url)
    pictures = page.locator(".game-card .card-picture svg")
    expect(pictures).to_have_count(len(GAMES))
    for index in range(len(GAMES)):
        box = pictures.nth(index).bounding_box()
        assert box and box["width"] > 200 and box["height"] > 150
    context.close()
    watch.assert_clean()


def played_actions(name: str, count: int, seed: int) -> list[str]:
    """``count`` legal actions of ``name`` from its start, chosen with a fixed seed."""
    rng = random.Random(seed)
    game = new_game(name)
    for _ in range(count):
        game.play(rng.choice(sorted(game.legal_actions())))
    return game.history


def test_a_game_left_comes_back(site_context: tuple[Any, Watch], site_url: str) -> None:
    """A game played a few moves and left is listed on the home page with its picture, whose
    turn and when, and its link opens the game page at the same position."""
    context, watch = site_context
    page = fresh_page(context, f"{site_url}bounders.html")
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    actions = played_actions("bounders", 3, seed=11)
    for number, action in enumerate(actions, start=1):
        page.click(f'#board [data-action="{action}"]')
        page.wait_for_function(f"document.body.dataset.ply === '{number}'")
    turn = page.text_content("#turn")
    described = page.get_attribute("#board svg", "aria-label")
    page.goto(site_url)
    item = page.locator('#saved-list .saved-game[data-game="bounders"]')
    expect(item).to_have_count(1)
    expect(page.locator("#saved-games")).to_be_visible()
    picture = item.locator(".saved-picture svg")
    assert picture.get_attribute("aria-label") == described, "the picture is of the position left"
    assert picture.locator("[data-action], [tabindex]").count() == 0, "nothing in it to click"
    assert item.locator(".saved-status").text_content() == turn
    assert item.locator(".saved-moves").text_content() == "3 moves played"
    assert item.locator(".saved-when").text_content() == "Last played now"
    assert item.locator(".saved-remove").count() == 0, "an unfinished game is not removed here"
    item.locator("a.saved-open").click()
    page.wait_for_url("**/bounders.html*")
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    assert page.get_attribute("body", "data-ply") == "3"
    moves = page.locator('#moves button[data-ply]:not([data-ply="0"])')
    assert moves.all_text_contents() == actions
    assert page.text_content("#turn") == turn
    page.close()
    watch.assert_clean()


def finished_record(name: str, seed: int) -> Any:
    """A whole game of ``name`` played at random with a fixed seed."""
    rng = random.Random(seed)
    game = new_game(name)
    while game.to_move is not None:
        game.play(rng.choice(sorted(game.legal_actions())))
    return game


def test_a_finished_game_can_be_removed(site_context: tuple[Any, Watch], site_url: str) -> None:
    context, watch = site_context
    game = finished_record("bounders", seed=5)
    result = load_game(game.record()).result()
    assert result is not None
    saved = {"options": game.option_record(), "actions": game.history, "redo": []}
    summary = {
        "game": "bounders", "svg": game.svg(highlight=False), "to_move": None, "names": None,
        "colours": game.score()["colours"], "result": {"winner": result["winner"]},
        "actions": ",".join(game.history), "moves": len(game.history), "time": 0,
    }
    page = fresh_page(context, site_url)
    page.evaluate(
        "([saved, summary]) => { localStorage.setItem('tabula.game.bounders', saved);"
        " localStorage.setItem('tabula.summary.bounders', summary); }",
        [json.dumps(saved), json.dumps(summary)],
    )
    page.reload()
    item = page.locator('.saved-game[data-game="bounders"]')
    expect(item).to_have_attribute("data-over", "true")
    winner = result["winner"]
    colour = "Dark" if winner == 0 else "Light"
    expected = "A draw" if winner is None else f"Player {winner + 1} ({colour}) wins"
    assert item.locator(".saved-status").text_content() == expected
    assert item.locator("a.saved-open").text_content() == "See how Bounders ended"
    page.get_by_role("button", name="Remove Bounders from the list").click()
    expect(page.locator("#saved-games")).to_be_hidden()
    assert page.evaluate("localStorage.getItem('tabula.game.bounders')") is None
    page.reload()
    expect(page.locator(".saved-game")).to_have_count(0)
    page.close()
    watch.assert_clean()


def test_quick_start_opens_a_new_game_with_the_seats(
    site_context: tuple[Any, Watch], site_url: str
) -> None:
    """"Play the computer" at a level opens a new game where the computer answers at that
    level; the level is remembered; "Play a friend" makes every seat a person's."""
    context, watch = site_context
    page = fresh_page(context, site_url)
    kept = played_actions("bounders", 2, seed=3)
    page.evaluate(f"localStorage.setItem('tabula.computer.test', {FAST})")
    page.evaluate(
        "saved => localStorage.setItem('tabula.game.bounders', saved)",
        json.dumps({"options": {}, "actions": kept, "redo": []}),
    )
    card = page.locator('.game-card[data-game="bounders"]')
    card.locator("select.level").select_option("easy")
    card.locator(".start-computer-button").click()
    page.wait_for_url("**/bounders.html#*")
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    assert page.get_attribute("body", "data-ply") == "0", "a new game, not the kept one"
    seats = page.evaluate("JSON.parse(localStorage.getItem('tabula.seats.bounders'))")
    assert seats[:2] == ["person", "easy"]
    # the score says which seat the computer plays, and at which level
    expect(page.locator('#totals li[data-seat="1"] .seat-player')).to_have_text(
        " · the computer (Easy)")
    assert page.locator('#totals li[data-seat="0"] .seat-player').count() == 0
    page.click("#new-game")
    assert page.input_value('select[name="seat-1"]') == "easy"
    assert page.input_value('select[name="seat-0"]') == "person"
    page.keyboard.press("Escape")
    action = played_actions("bounders", 1, seed=1)[0]
    page.click(f'#board [data-action="{action}"]')
    page.wait_for_function("document.body.dataset.ply === '2'", timeout=ENGINE_TIMEOUT_MS)
    page.goto(site_url)
    assert card.locator("select.level").input_value() == "easy"
    assert page.locator('.game-card[data-game="splinter"] select.level').input_value() == "easy"
    page.locator('.game-card[data-game="splinter"] .start-friend').click()
    page.wait_for_url("**/splinter.html#*")
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    assert page.evaluate("JSON.parse(localStorage.getItem('tabula.seats.splinter'))") == []
    assert page.get_attribute("body", "data-ply") == "0"
    assert page.locator("#totals .seat-player").count() == 0
    page.click("#new-game")
    assert page.input_value('select[name="seat-1"]') == "person"
    page.keyboard.press("Escape")
    page.close()
    watch.assert_clean()


LATIN = re.compile(r"[A-Za-z]{2,}")


def test_korean_home_has_no_english_in_the_cards(browser: Any, site_url: str) -> None:
    context = browser.new_context(locale="ko-KR")
    watch = watch_context(context, site_url)
    page = context.new_page()
    page.goto(site_url)
    game = played_actions("bounders", 3, seed=11)
    position = load_game("game: bounders\n\n" + "\n".join(game))
    assert position.to_move == 1
    summary = {
        "game": "bounders", "svg": position.svg(), "to_move": 1, "names": None,
        "colours": position.score()["colours"], "result": None,
        "actions": ",".join(game), "moves": 3, "time": 0,
    }
    page.evaluate(
        "([saved, summary]) => { localStorage.setItem('tabula.game.bounders', saved);"
        " localStorage.setItem('tabula.summary.bounders', summary); }",
        [json.dumps({"options": {}, "actions": game, "redo": []}), json.dumps(summary)],
    )
    page.reload()
    page.wait_for_function("document.documentElement.lang === 'ko'")
    expect(page.locator(".saved-game")).to_have_count(1)
    expect(page.locator(".game-card .start-friend").first).to_have_text("친구와 두기")
    shown = page.locator(".game-card, .saved-game, .home h1, .lede, .offline-note")
    for index in range(shown.count()):
        text = shown.nth(index).inner_text()
        assert not LATIN.search(text), f"English left in {text!r}"
    assert page.locator(".saved-status").text_content() == "플레이어 2 (밝은 돌) 차례"
    assert page.locator(".game-card .players").first.text_content() == "2명"
    context.close()
    watch.assert_clean()


def test_a_link_names_the_language_for_the_rest_of_the_visit(
    site_context: tuple[Any, Watch], site_url: str
) -> None:
    """``?lang=ko`` opens a page in Korean whatever the browser's language, and the pages the
    reader goes on to in that tab stay Korean without it; the reader's own choice ends that and
    is the one remembered, and the address no longer names the link's. A language the site does
    not have is said beside the selector, as text. The rules that a game page opens in a new tab
    are in the language of the visit."""
    context, watch = site_context
    page = fresh_page(context, site_url)
    assert page.evaluate("document.documentElement.lang") == "en"
    page.goto(site_url + "bosk-rules.html?lang=ko")
    page.wait_for_function("document.documentElement.lang === 'ko'")
    expect(page.locator("#language")).to_have_value("ko")
    assert page.evaluate("localStorage.getItem('tabula.language')") is None
    page.goto(site_url)
    page.wait_for_function("document.documentElement.lang === 'ko'")
    expect(page.locator(".game-card .start-friend").first).to_have_text("친구와 두기")
    expect(page.locator("#prefs-note")).to_be_hidden()
    # a game page's rules open in a new tab, which starts without this tab's visit: the link
    # names its language
    page.goto(site_url + "bounders.html")
    page.wait_for_function("document.documentElement.lang === 'ko'")
    rules = page.locator("header a.rules-link")
    assert rules.get_attribute("target") == "_blank"
    expect(rules).to_have_attribute("href", re.compile(r"bounders-rules\.html\?lang=ko$"))
    page.select_option("#language", "en")
    page.wait_for_function("document.documentElement.lang === 'en'")
    assert page.evaluate("localStorage.getItem('tabula.language')") == "en"
    expect(rules).to_have_attribute("href", re.compile(r"bounders-rules\.html$"))
    page.goto(site_url + "bounders.html")
    page.wait_for_function("document.documentElement.lang === 'en'")
    expect(page.locator("#turn")).to_have_text("Player 1 (Dark) to move")
    # another tab, a link in a language the site has not
    other = context.new_page()
    other.goto(site_url + "index.html?lang=%3Cb%3Efr%3C/b%3E")
    note = other.locator("#prefs-note")
    expect(note).to_be_visible()
    assert note.text_content() == (
        "This link asks for the language “<b>fr</b>”, which Tabula does not have: the page is "
        "in English.")
    assert note.locator("b").count() == 0
    assert other.evaluate("document.documentElement.lang") == "en"
    other.select_option("#language", "ko")
    other.wait_for_function("document.documentElement.lang === 'ko'")
    expect(note).to_be_hidden()
    # the reader's choice over a link's language: the address drops it (the game's part kept),
    # so a reload keeps the choice
    other.goto(site_url + "bounders.html?lang=ko#size=7&moves=g7")
    other.wait_for_function("document.documentElement.lang === 'ko'")
    other.select_option("#language", "en")
    other.wait_for_function("document.documentElement.lang === 'en'")
    assert other.evaluate("location.search") == ""
    assert "moves=g7" in other.evaluate("location.hash")
    other.reload()
    other.wait_for_function("document.documentElement.lang === 'en'")
    expect(other.locator("#language")).to_have_value("en")
    other.evaluate("localStorage.clear()")
    other.close()
    page.close()
    watch.assert_clean()


def test_phone_layout(browser: Any, site_url: str) -> None:
    """At 375 px the cards stack, the pictures take the width, every control is 44 px or
    more."""
    context = browser.new_context(viewport={"width": 375, "height": 800}, locale="en-GB")
    watch = watch_context(context, site_url)
    page = context.new_page()
    page.goto(site_url)
    page.wait_for_function("document.documentElement.lang === 'en'")
    cards = page.locator(".game-card")
    boxes = [cards.nth(i).bounding_box() for i in range(cards.count())]
    assert all(box is not None for box in boxes)
    assert len({round(box["x"]) for box in boxes}) == 1, "the cards are in one column"
    assert all(box["width"] <= 375 for box in boxes)
    for index in range(cards.count()):
        picture = cards.nth(index).locator(".card-picture svg").bounding_box()
        assert picture and picture["width"] >= 300, "the picture takes the card's width"
    controls = page.locator("button:visible, select:visible, a:visible")
    assert controls.count() >= 10
    for index in range(controls.count()):
        box = controls.nth(index).bounding_box()
        label = controls.nth(index).inner_text()
        assert box and box["height"] >= 44 and box["width"] >= 44, f"{label!r} is {box}"
    context.close()
    watch.assert_clean()


def test_install_button_follows_the_browser(site_context: tuple[Any, Watch], site_url: str) -> None:
    """The Install button shows only once the browser offers to install, and asks it."""
    context, watch = site_context
    page = fresh_page(context, site_url)
    page.wait_for_function("document.documentElement.lang === 'en'")
    expect(page.locator("#install")).to_be_hidden()
    page.evaluate(
        "() => { const offer = new Event('beforeinstallprompt', {cancelable: true});"
        " offer.prompt = async () => { window.prompted = true; };"
        " window.dispatchEvent(offer); window.offerDefaultPrevented = offer.defaultPrevented; }"
    )
    expect(page.locator("#install")).to_be_visible()
    assert page.text_content("#install") == "Install Tabula"
    assert page.evaluate("window.offerDefaultPrevented") is True
    page.click("#install")
    assert page.evaluate("window.prompted") is True
    expect(page.locator("#install")).to_be_hidden()
    page.close()
    watch.assert_clean()


def test_a_choice_made_in_one_tab_reaches_the_others(browser: Any, site_url: str) -> None:
    """The theme and the language chosen in one tab apply at once in another tab open
    meanwhile, its selectors showing them (not a stale choice until a reload)."""
    context = browser.new_context(locale="en-GB", color_scheme="light")
    watch = watch_context(context, site_url)
    game = context.new_page()
    game.goto(site_url + "bounders.html")
    game.wait_for_function("document.documentElement.lang === 'en'")
    home = context.new_page()
    home.goto(site_url)
    home.wait_for_function("document.documentElement.lang === 'en'")
    home.select_option("#theme", "dark")
    home.select_option("#language", "ko")
    game.wait_for_function("document.documentElement.lang === 'ko'")
    game.wait_for_function("document.documentElement.dataset.theme === 'dark'")
    expect(game.locator("#theme")).to_have_value("dark")
    expect(game.locator("#language")).to_have_value("ko")
    expect(game.locator("#turn")).to_contain_text("플레이어 1")
    context.close()
    watch.assert_clean()
