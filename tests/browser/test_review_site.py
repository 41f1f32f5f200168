"""Reviewing a game in the browser: the move list (every action, turns grouped, the latest move
in view, entries and keys that show a position, a new line from an earlier position only once
confirmed), the URL, the saved game and the browser's history kept consistent with what is
shown, and Back never throwing away the game in progress."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import ENGINE_TIMEOUT_MS, Watch, fragment, random_game

from py_engine import load_game

pytestmark = pytest.mark.browser

BOUNDERS = {"size": 7, "rules": "basic", "komi": "off"}


def ply(page: Any) -> int:
    return int(page.get_attribute("body", "data-ply"))


def wait_ply(page: Any, n: int) -> None:
    page.wait_for_function(f"document.body.dataset.ply === '{n}'")


def saved(page: Any, name: str) -> Any:
    return json.loads(page.evaluate(f"localStorage.getItem('tabula.game.{name}')"))


@pytest.fixture(scope="module")
def page(site_context: tuple[Any, Watch], site_url: str) -> Iterator[Any]:
    context, watch = site_context
    page = context.new_page()
    page.goto(site_url + "bounders.html")
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    yield page
    watch.assert_clean()
    page.close()


def open_link(page: Any, game: Any) -> None:
    page.evaluate(f"location.hash = {json.dumps(fragment(game))}")
    wait_ply(page, len(game.history))
    page.wait_for_function(
        f"document.getElementById('moves').dataset.length === '{len(game.history)}'"
    )


def test_move_list_shows_every_move_and_steps_through_them(page: Any) -> None:
    game = random_game("bounders", 57, 3, **BOUNDERS)
    open_link(page, game)
    entries = page.locator("#moves button[data-ply]")
    assert entries.count() == 58
    assert entries.nth(57).text_content() == game.history[-1]
    assert entries.nth(57).get_attribute("aria-current") == "step"
    # The latest move is in view inside the list, which has scrolled to it.
    box = page.locator("#moves").bounding_box()
    last = entries.nth(57).bounding_box()
    assert page.evaluate("document.getElementById('moves').scrollTop") > 0
    assert box["y"] <= last["y"] and last["y"] + last["height"] <= box["y"] + box["height"] + 1
    assert page.is_hidden("#looking")
    entries_before = page.evaluate("history.length")

    # Click an entry: that position, said over the board, with the URL and the saved game.
    entries.nth(10).click()
    wait_ply(page, 10)
    assert page.is_visible("#looking")
    assert "10 of 57" in str(page.text_content("#looking"))
    # ...and in the live region, for whoever does not see the board.
    assert page.text_content("#announcer") == "Looking back: the position after 10 of 57 moves."
    assert page.evaluate("location.hash").endswith("moves=" + ",".join(game.history[:10]))
    kept = saved(page, "bounders")
    assert kept["actions"] == game.history[:10]
    assert kept["redo"] == list(reversed(game.history[10:]))
    assert page.locator("#moves button.ahead").count() == 47
    # An entry ahead of the position shown says so in its name, not only in its look.
    ahead = str(page.locator('#moves button[data-ply="11"]').get_attribute("aria-label"))
    assert ahead.startswith("Move 11") and ahead.endswith(", after the position shown")
    assert not str(page.locator('#moves button[data-ply="10"]').get_attribute(
        "aria-label")).endswith("shown")

    # Keys while the list has the focus.
    page.keyboard.press("ArrowLeft")
    wait_ply(page, 9)
    assert page.evaluate("document.activeElement.dataset.ply") == "9"
    page.keyboard.press("Home")
    wait_ply(page, 0)
    page.keyboard.press("End")
    wait_ply(page, 57)
    assert page.is_hidden("#looking")
    assert page.text_content("#announcer") == "Back to the game: the position after all 57 moves."
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    wait_ply(page, 55)
    assert page.is_disabled("#redo") is False

    # Undo and redo move through the same line.
    page.click("#undo")
    wait_ply(page, 54)
    page.click("#redo")
    wait_ply(page, 55)

    # Playing another move here asks first; keeping the game changes nothing.
    other = next(a for a in page.evaluate(
        "[...document.querySelectorAll('#board [data-action]')].map((e) => e.dataset.action)"
    ) if a != game.history[55])
    page.click(f'#board [data-action="{other}"]')
    page.wait_for_selector("#branch-dialog[open]")
    assert "2 later moves" in str(page.text_content("#branch-dialog"))
    page.click('#branch-dialog button[value="keep"]')
    page.wait_for_selector("#branch-dialog", state="detached")
    assert ply(page) == 55 and len(saved(page, "bounders")["redo"]) == 2
    # Confirmed: the new line replaces the old continuation.
    page.click(f'#board [data-action="{other}"]')
    page.click('#branch-dialog button[value="branch"]')
    wait_ply(page, 56)
    assert saved(page, "bounders")["redo"] == []
    assert page.evaluate("location.hash").endswith(",".join([*game.history[:55], other]))
    assert page.locator("#moves button[data-ply]").count() == 57
    assert page.is_hidden("#looking")
    # Moves replaced the history entry rather than adding any.
    assert page.evaluate("history.length") == entries_before


def test_back_to_the_game_from_an_earlier_position(page: Any) -> None:
    game = random_game("bounders", 12, 4, **BOUNDERS)
    open_link(page, game)
    page.click('#moves button[data-ply="3"]')
    wait_ply(page, 3)
    # The notice follows a change of language.
    page.select_option("#language", "ko")
    page.wait_for_function("document.getElementById('looking').textContent.includes('지난 국면')")
    assert "게임으로 돌아가기" in str(page.text_content("#looking button"))
    page.select_option("#language", "en")
    page.wait_for_function("document.getElementById('looking').textContent.includes('Looking')")
    page.click("#looking button")
    wait_ply(page, 12)
    assert page.is_hidden("#looking")
    assert page.text_content("#announcer") == "Back to the game: the position after all 12 moves."


def test_back_never_throws_away_the_game_in_progress(page: Any) -> None:
    first = random_game("bounders", 9, 5, **BOUNDERS)
    second = random_game("bounders", 6, 6, **BOUNDERS)
    open_link(page, first)
    page.evaluate("localStorage.removeItem('tabula.previous.bounders')")
    # Another game's link (a new history entry), then Back to the first game's address.
    open_link(page, second)
    assert page.is_visible("#previous-game")
    page.go_back()
    wait_ply(page, 9)
    assert saved(page, "bounders")["actions"] == first.history
    # The game that was on screen is kept, and one click brings it back.
    assert page.is_visible("#previous-game")
    page.click("#previous-game button")
    wait_ply(page, 6)
    assert saved(page, "bounders")["actions"] == second.history
    assert page.evaluate("localStorage.getItem('tabula.previous.bounders')") is not None

    # A new game opened by its address (as the home page's quick start does) is a new game,
    # and the game in progress is kept to return to.
    url = page.url.split("#")[0]
    page.goto("about:blank")
    page.goto(url + "#size=7&rules=basic&komi=off&moves=")
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    assert ply(page) == 0 and page.get_attribute("#moves", "data-length") == "0"
    assert page.is_visible("#previous-game") and page.is_hidden("#looking")
    page.click("#previous-game button")
    wait_ply(page, 6)
    assert saved(page, "bounders")["actions"] == second.history


def test_shared_games_opened_in_a_row_keep_the_players_own(page: Any) -> None:
    """The player's own game (played on), then two shared games opened one after the other:
    the first shared game, only looked at, does not push the player's game out of the place
    kept for it; one played on does."""
    own = random_game("bounders", 7, 8, **BOUNDERS)
    first = random_game("bounders", 3, 9, **BOUNDERS)
    second = random_game("bounders", 4, 10, **BOUNDERS)
    page.evaluate("localStorage.removeItem('tabula.previous.bounders')")
    page.click("#new-game")
    page.click('#new-game-dialog button[value="start"]')
    wait_ply(page, 0)
    for n, action in enumerate(own.history, 1):
        page.click(f'#board [data-action="{action}"]')
        wait_ply(page, n)
    open_link(page, first)
    page.click('#moves button[data-ply="1"]')  # looked through, not played on
    wait_ply(page, 1)
    open_link(page, second)
    kept = json.loads(page.evaluate("localStorage.getItem('tabula.previous.bounders')"))
    assert kept[0]["actions"] == own.history
    # played on, a shared game is the player's: it is kept in its turn
    legal = page.evaluate(
        "[...document.querySelectorAll('#board [data-action]')].map((e) => e.dataset.action)")
    page.click(f'#board [data-action="{legal[0]}"]')
    wait_ply(page, 5)
    open_link(page, first)
    kept = json.loads(page.evaluate("localStorage.getItem('tabula.previous.bounders')"))
    assert kept[0]["actions"] == [*second.history, legal[0]]
    assert kept[1]["actions"] == own.history  # behind it, not dropped
    page.evaluate("localStorage.removeItem('tabula.previous.bounders')")


def test_bosk_turns_are_grouped(site_context: tuple[Any, Watch], site_url: str) -> None:
    context, watch = site_context
    game = random_game("bosk", 45, 7, players=3)
    bosk = context.new_page()
    bosk.goto(site_url + "bosk.html#" + fragment(game))
    bosk.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    bosk.wait_for_function("document.getElementById('moves').classList.contains('grouped')")
    assert bosk.locator("#moves button[data-ply]").count() == 46
    turns = bosk.locator("#moves li.move-turn")
    assert turns.count() < 45
    sizes = [turns.nth(i).locator("button").count() for i in range(turns.count())]
    assert max(sizes) > 1 and sum(sizes) == 45
    assert "Player" in str(turns.last.locator(".move-seat").text_content())
    # Each entry's accessible name says who played it, and the action in the reader's words.
    first = game.history[0]
    value, at = first.removeprefix("plant ").split("@")
    entry = bosk.locator('#moves button[data-ply="1"]')
    assert entry.get_attribute("aria-label") == f"Move 1, Player 1: {first}"
    bosk.select_option("#language", "ko")
    bosk.wait_for_function(
        "document.querySelector('#moves button[data-ply=\"1\"]').ariaLabel.startsWith('1수')"
    )
    assert entry.get_attribute("aria-label") == f"1수, 플레이어 1: {at}에 나무 {value} 심기"
    bosk.select_option("#language", "en")
    bosk.close()
    watch.assert_clean()


def test_record_file_out_and_in(page: Any, tmp_path: Any) -> None:
    game = random_game("bounders", 400, 8, **BOUNDERS)
    assert game.is_over
    open_link(page, game)
    with page.expect_download() as caught:
        page.click('#records button[data-records="download"]')
    path = tmp_path / "game.txt"
    caught.value.save_as(path)
    assert caught.value.suggested_filename.startswith("bounders-")
    text = path.read_text("utf-8")
    header = [line for line in text.splitlines() if line.startswith("#")]
    assert header[0] == "# Tabula game record" and header[1] == "# Game: Bounders"
    assert "size 7" in header[2] and "Player 1 (Dark): a person" in header[3]
    assert header[4].startswith("# Date: 20")
    winner = game.result()["winner"]
    assert f"Player {winner + 1}" in header[5] and f"after {len(game.history)} moves" in header[5]
    again = load_game(text)
    assert again.history == game.history and again.options == game.options

    # Another game on screen; the file opened brings the first back, the same game.
    other = random_game("bounders", 5, 9, **BOUNDERS)
    open_link(page, other)
    page.set_input_files("#records-file", str(path))
    wait_ply(page, len(game.history))
    assert load_game(str(page.text_content("#record"))).history == game.history
    assert page.is_visible("#previous-game")

    # A pasted record the engine refuses names the line; the game on screen stays.
    page.click('#records button[data-records="paste"]')
    bad = "game: bounders\nsize: 7\n\ng7\ng7\n"
    page.fill("#paste-dialog textarea", bad)
    page.click('#paste-dialog button[value="open"]')
    page.wait_for_selector("#paste-dialog .error:not([hidden])")
    said = str(page.text_content("#paste-dialog .error"))
    assert said == "Line 5 (“g7”): g7 is not empty", said  # the reason alone, in one place
    assert ply(page) == len(game.history)
    page.fill("#paste-dialog textarea", other.record())
    page.click('#paste-dialog button[value="open"]')
    wait_ply(page, 5)
    assert page.locator("#paste-dialog[open]").count() == 0


def test_links_and_pictures(page: Any) -> None:
    game = random_game("bounders", 14, 10, **BOUNDERS)
    open_link(page, game)
    page.click('#moves button[data-ply="6"]')
    wait_ply(page, 6)
    page.click('#records button[data-records="link-position"]')
    link = page.input_value("#records-link")
    assert link.startswith(page.evaluate("location.origin + location.pathname"))
    assert link.endswith("moves=" + ",".join(game.history[:6]))
    page.click('#records button[data-records="link-game"]')
    assert page.input_value("#records-link").endswith("moves=" + ",".join(game.history))
    # Copied (or left in the box to copy, where the browser keeps the clipboard), said in the
    # status line; the same link copied again is said again (the line cleared, then written).
    said = ("Link to the game copied.", "Copy the link from the box.")
    page.wait_for_function(
        f"{list(said)}.includes(document.getElementById('records-status').textContent)"
    )
    page.evaluate(
        """() => {
          window.statusWrites = [];
          const status = document.getElementById('records-status');
          new MutationObserver(() => window.statusWrites.push(status.textContent))
            .observe(status, {childList: true, characterData: true, subtree: true});
        }"""
    )
    page.click('#records button[data-records="link-game"]')
    page.wait_for_function("window.statusWrites.length >= 2")
    writes = page.evaluate("window.statusWrites")
    assert writes[0] == "" and writes[-1] in said

    with page.expect_download() as caught:
        page.click('#records button[data-records="svg"]')
    svg = Path(caught.value.path()).read_text("utf-8")
    assert svg.startswith("<svg") and "var(" not in svg
    assert 'fill="rgb(' in svg and ' style="' not in svg
    assert caught.value.suggested_filename == "bounders-6.svg"
    with page.expect_download() as caught:
        page.click('#records button[data-records="png"]')
    png = Path(caught.value.path()).read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width = int.from_bytes(png[16:20], "big")
    assert width >= 200


def test_two_tabs_of_a_game_never_overwrite_each_other_unseen(
    browser: Any, site_url: str
) -> None:
    """Two tabs of the same game: a move in one is said in the other, which goes on with its
    own game; a move there keeps the first tab's game to return to before saving over it, and
    the first tab's game can be shown in the second with one click."""
    context = browser.new_context(locale="en-GB")
    url = site_url + "bounders.html#size=7&rules=basic&komi=off&moves="
    tabs = []
    for _ in range(2):
        tab = context.new_page()
        tab.goto(url)
        tab.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
        tabs.append(tab)
    first, second = tabs
    for n, cell in enumerate(("g7", "a1"), 1):
        first.click(f'#board [data-action="{cell}"]')
        wait_ply(first, n)
    second.wait_for_selector('.notice[data-kind="other-tab"]')
    assert "changed in another tab" in str(second.text_content('.notice[data-kind="other-tab"]'))
    assert ply(second) == 0  # the second tab goes on with its own game
    second.click('#board [data-action="m7"]')
    wait_ply(second, 1)
    assert saved(second, "bounders")["actions"] == ["m7"]
    kept = json.loads(second.evaluate("localStorage.getItem('tabula.previous.bounders')"))
    assert kept[0]["actions"] == ["g7", "a1"]
    assert second.is_visible("#previous-game")
    assert "Another tab" in str(second.text_content("#previous-game"))
    # the first tab hears of it, and shows the second tab's game on request, its own kept
    first.wait_for_selector('.notice[data-kind="other-tab"]')
    first.click('.notice[data-kind="other-tab"] button[data-name="show-other"]')
    wait_ply(first, 1)
    assert saved(first, "bounders")["actions"] == ["m7"]
    kept = json.loads(first.evaluate("localStorage.getItem('tabula.previous.bounders')"))
    assert kept[0]["actions"] == ["g7", "a1"]
    # the same game in both tabs now: the second hears nothing; looking back in one tab is
    # no change of the game for the other either
    assert second.locator('.notice[data-kind="other-tab"]').count() == 0
    first.click('#moves button[data-ply="0"]')
    wait_ply(first, 0)
    second.wait_for_timeout(500)
    assert second.locator('.notice[data-kind="other-tab"]').count() == 0
    # a new game in a tab behind the other keeps both games: its own, and the other tab's
    first.click('#moves button[data-ply="1"]')
    wait_ply(first, 1)
    second.click('#board [data-action="a7"]')
    wait_ply(second, 2)
    first.click("#new-game")
    first.click('#new-game-dialog button[value="start"]')
    wait_ply(first, 0)
    kept = json.loads(first.evaluate("localStorage.getItem('tabula.previous.bounders')"))
    lines = [game["actions"] + game["redo"][::-1] for game in kept]
    assert ["m7", "a7"] in lines and ["g7", "a1"] in lines
    context.close()
