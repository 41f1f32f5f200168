"""The computer in the browser: whole games of each game against it (a person's clicks chosen
at random with a fixed seed), the hint with each seat's chance, Bosk with one person and two
computers, the pie rule decided by the computer, and a click answered promptly while it thinks.

The games use the page's test setting (localStorage "tabula.computer.test") for a short
thinking time; everything else is the real path: the page drives the worker's thinking in
slices and plays the computer's actions.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import build_site
import pytest
from bench_browser import UNDO_TIME
from conftest import ENGINE_TIMEOUT_MS, Watch, start_game

from py_engine import load_game, new_game

pytestmark = pytest.mark.browser

ACTIONS = "#board [data-action], #choices [data-action]"
SELECTS = "#board [data-select], #choices [data-select]"
SETTLED = (
    "document.body.dataset.over === 'true' || (document.body.dataset.turn === 'person'"
    " && document.body.dataset.thinking === '')"
)
FAST = {"seconds": 0.05, "pace": 0}


def ply(page: Any) -> int:
    return int(page.get_attribute("body", "data-ply"))


def record(page: Any) -> str:
    return str(page.text_content("#record"))


def open_page(context: Any, url: str, setting: dict[str, float]) -> Any:
    page = context.new_page()
    page.goto(url)
    value = json.dumps(json.dumps(setting))
    page.evaluate(f"localStorage.setItem('tabula.computer.test', {value})")
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    return page


def person_plays(page: Any, rng: random.Random) -> None:
    """One click of the person on a random clickable part (a part of an action first, when the
    game asks for one)."""
    if page.locator(ACTIONS).count() == 0:
        parts = page.locator(SELECTS)
        parts.nth(rng.randrange(parts.count())).click()
        page.wait_for_selector("#board [data-action], #choices [data-action]")
    parts = page.locator(ACTIONS)
    before = ply(page)
    parts.nth(rng.randrange(parts.count())).click()
    page.wait_for_function(f"Number(document.body.dataset.ply) > {before}")


def show_hint(page: Any, players: int) -> None:
    """The hint: a ring on the board and a chance per seat, which add up to one."""
    page.click("#hint")
    page.wait_for_selector("#hint-panel:not([hidden])")
    page.wait_for_selector("#board .hint")
    action = str(page.text_content("#hint-text")).removeprefix("Suggested: ")
    game = load_game(record(page))
    assert action in game.legal_actions()
    chances = [float(m.get_attribute("value")) for m in page.locator("#chances meter").all()]
    assert len(chances) == players
    assert sum(chances) == pytest.approx(1.0, abs=0.05)


def play_out(page: Any, players: int, computers: set[int], seed: int) -> str:
    """Play the person's seats by random clicks until the game ends, the hint shown once;
    returns the record, checked against the engine: every computer action was legal."""
    rng = random.Random(seed)
    hinted = False
    while True:
        page.wait_for_function(SETTLED, timeout=60_000)
        if page.get_attribute("body", "data-over") == "true":
            break
        if not hinted:
            show_hint(page, players)
            hinted = True
        person_plays(page, rng)
    text = record(page)
    game = load_game(text)
    assert game.result() is not None
    assert page.locator("#result").is_visible()
    assert page.is_disabled("#hint")
    replay = load_game(text.split("\n\n")[0] + "\n\n")
    movers = set()
    for action in game.history:
        movers.add(replay.to_move)
        replay.play(action)
    assert computers <= movers
    return text


@pytest.fixture(scope="module")
def context(site_context: tuple[Any, Watch]) -> Iterator[Any]:
    ctx, watch = site_context
    yield ctx
    watch.assert_clean()


def test_bounders_against_the_computer(context: Any, site_url: str) -> None:
    page = open_page(context, site_url + "bounders.html", FAST)
    start_game(page, ["person", "easy"], size="7", rules="tournament", komi="off")
    assert page.get_attribute("body", "data-turn") == "person"
    person_plays(page, random.Random(1))
    page.wait_for_function("document.body.dataset.ply === '2'")
    # The computer decided the pie rule: its answer is one of the actions then legal, swap
    # among them.
    game = load_game(record(page))
    decided = game.history[1]
    game.undo()
    assert "swap" in game.legal_actions() and decided in game.legal_actions()
    # Undo there takes back both actions, in one sentence (two said in quick turn would be
    # heard as the last one only); Redo plays both again, said together too.
    first = game.history[0]
    page.click("#undo")
    page.wait_for_function("document.body.dataset.ply === '0'")
    assert page.text_content("#announcer") == f"Took back {decided} and {first}."
    page.click("#redo")
    page.wait_for_function("document.body.dataset.ply === '2'")
    assert page.text_content("#announcer") == (
        f"Player 1 (Dark) played {first}. Player 2 (Light) played {decided}.")
    text = play_out(page, 2, {1}, seed=2)
    assert text.startswith("game: bounders\nsize: 7\nrules: tournament\n")
    # Undo takes back the computer's answer too, to the person's turn; redo plays both again.
    end = ply(page)
    page.click("#undo")
    page.wait_for_function(f"Number(document.body.dataset.ply) < {end}")
    page.wait_for_function(SETTLED)
    assert page.get_attribute("body", "data-over") == "false"
    assert page.get_attribute("body", "data-turn") == "person"
    page.click("#redo")
    page.wait_for_function(f"document.body.dataset.ply === '{end}'")
    assert record(page) == text
    saved = json.loads(page.evaluate("localStorage.getItem('tabula.seats.bounders')"))
    assert saved == ["person", "easy"]
    assert "easy" not in text
    page.close()


def test_splinter_against_the_computer(context: Any, site_url: str) -> None:
    page = open_page(context, site_url + "splinter.html", FAST)
    start_game(page, ["easy", "person"], size="9x10")
    play_out(page, 2, {0}, seed=3)
    page.close()


def test_bosk_one_person_two_computers(context: Any, site_url: str) -> None:
    page = open_page(context, site_url + "bosk.html", FAST)
    start_game(page, ["easy", "person", "easy"], players="3")
    assert "players: 3\n" in record(page)
    play_out(page, 3, {0, 2}, seed=4)
    page.close()


def test_the_side_buttons_are_idle_while_the_computer_thinks(context: Any, site_url: str) -> None:
    """Bosk's tree buttons beside the board do nothing on the computer's turn, and say so:
    they are disabled while it thinks, and usable again on the person's turn."""
    page = open_page(context, site_url + "bosk.html", {"seconds": 2, "pace": 0})
    start_game(page, ["person", "hard"], players="2")
    assert page.locator("#choices button").count() > 0
    assert page.locator("#choices button:disabled").count() == 0
    page.locator("#choices [data-select]").first.click()
    page.locator("#board [data-action]").first.click()
    page.wait_for_selector("body[data-thinking=move]")
    buttons = page.locator("#choices button")
    idle = page.locator("#choices button:disabled")
    assert buttons.count() > 0 and buttons.count() == idle.count()
    page.wait_for_function("document.body.dataset.ply === '2'", timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_selector("#choices button:not(:disabled)")
    assert page.locator("#choices button:disabled").count() == 0
    page.close()


def test_click_answered_while_thinking(context: Any, site_url: str) -> None:
    """While the computer thinks (a long budget: 5 s), undo is answered without waiting for the
    thinking (within a second, at three different moments of it), the thinking stops and its
    move never comes; a new game stops it too. How soon undo is answered, against the aim of
    100 ms, is a figure of `tools/bench_browser.py`, not a timed test."""
    page = open_page(context, site_url + "bounders.html", {"seconds": 5, "pace": 0})
    start_game(page, ["person", "hard"], size="7", rules="basic", komi="off")
    times = []
    for wait_ms in (300, 340, 385):
        page.click('#board [data-action="g7"]')
        page.wait_for_selector("body[data-thinking=move]")
        assert page.is_visible("#thinking")
        assert "thinking" in str(page.text_content("#thinking"))
        page.wait_for_timeout(wait_ms)
        times.append(page.evaluate(UNDO_TIME))
        page.wait_for_function("document.body.dataset.thinking === ''")
    assert max(times) < 1000, f"undo answered after {times} ms"
    page.wait_for_timeout(600)
    assert ply(page) == 0 and page.is_hidden("#thinking")
    page.click('#board [data-action="g7"]')
    page.wait_for_selector("body[data-thinking=move]")
    start_game(page, ["person", "person"], size="7", rules="basic", komi="off")
    page.wait_for_function("document.body.dataset.thinking === ''")
    page.wait_for_timeout(600)
    assert ply(page) == 0 and page.get_attribute("body", "data-turn") == "person"
    page.close()


def test_quick_double_click_plays_only_the_persons_move(context: Any, site_url: str) -> None:
    """Two clicks on the board 30 ms apart, against the computer: the first plays the person's
    move; the second was made on the position the first is leaving, so it is dropped and
    the computer's seat is left to the computer (which then thinks about its move)."""
    page = open_page(context, site_url + "bounders.html", {"seconds": 5, "pace": 0})
    start_game(page, ["person", "hard"], size="7", rules="basic", komi="off")
    second = page.evaluate(
        """() => {
          const cells = [...document.querySelectorAll('#board [data-action]')];
          const other = cells.find((el) => el.dataset.action !== 'g7');
          const click = (el) => el.dispatchEvent(new MouseEvent('click', {bubbles: true}));
          click(cells.find((el) => el.dataset.action === 'g7'));
          setTimeout(() => click(other), 30);
          return other.dataset.action;
        }"""
    )
    page.wait_for_selector("body[data-thinking=move]")
    page.wait_for_timeout(700)  # the second click's task, were it kept, has run by now
    assert ply(page) == 1
    assert page.get_attribute("body", "data-thinking") == "move"
    assert load_game(record(page)).history == ["g7"], f"the click on {second} was played"
    assert page.get_attribute("body", "data-turn") == "computer"
    page.close()


def test_thinking_goes_on_after_a_click_that_keeps_the_position(context: Any,
                                                                  site_url: str) -> None:
    """While the page answers a click, the thinking takes no new slice; a click that keeps the
    position (choosing a part of an action, then dropping it) lets the hint's thinking go on
    to its end, and the hint comes."""
    page = open_page(context, site_url + "splinter.html", {"seconds": 2, "pace": 0})
    start_game(page, ["person", "person"], size="9x10")
    page.click("#hint")
    page.wait_for_selector("body[data-thinking=hint]")
    assert page.locator(ACTIONS).count() == 0
    page.locator(SELECTS).first.click()
    page.wait_for_selector(ACTIONS)
    assert page.get_attribute("body", "data-thinking") == "hint"
    page.keyboard.press("Escape")
    page.wait_for_function(f"document.querySelectorAll({ACTIONS!r}).length === 0")
    page.wait_for_function("document.body.dataset.thinking === ''", timeout=30_000)
    page.wait_for_selector("#hint-panel:not([hidden])")
    assert ply(page) == 0
    page.close()


def test_worker_thinks_in_slices() -> None:
    """The worker's thinking, run in CPython: slices until decided, an action legal in the
    position, a chance per seat; bad requests answered with an error."""
    worker = build_site.load_worker()
    game = new_game("bosk", players=3)
    text = game.record()
    assert json.loads(worker.think_start("t", text, "0.2")) == {"started": True}
    slices = 0
    while True:
        report = json.loads(worker.think_more("t", 0.04))
        slices += 1
        if report["done"]:
            break
    assert slices >= 2
    assert report["action"] in game.legal_actions()
    assert len(report["chances"]) == 3 and report["iterations"] > 0
    assert json.loads(worker.think_stop("t")) == {"stopped": True}
    assert "not thinking" in json.loads(worker.think_more("t", 0.04))["error"]
    assert json.loads(worker.think_stop("t")) == {"stopped": False}
    assert "unknown level" in json.loads(worker.think_start("t", text, "slow"))["error"]
    ended = new_game("bounders", size=7)
    while ended.result() is None:
        ended.play(ended.legal_actions()[0])
    assert "over" in json.loads(worker.think_start("t", ended.record(), "easy"))["error"]


def test_each_game_keeps_who_plays_it(context: Any, site_url: str) -> None:
    """Who plays is the game's own: another page choosing seats for a new game (a rules page's
    first game) never hands a seat of the game in progress to the computer; a game opened from a
    link has every seat a person until the players say otherwise (Who plays), and the game kept
    to return to comes back with its own seats."""
    page = open_page(context, site_url + "bounders.html", {"seconds": 0.05, "pace": 0})
    start_game(page, ["person", "person"], size="7", rules="basic")
    page.click('#board [data-action="g7"]')
    page.wait_for_function("document.body.dataset.ply === '1'")
    # another page sets the seats a new game starts with: the game here is played as it was
    page.evaluate(
        "localStorage.setItem('tabula.seats.bounders', JSON.stringify(['beginner', 'beginner']))")
    page.reload()
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_timeout(800)
    assert ply(page) == 1 and page.get_attribute("body", "data-turn") == "person"
    assert "computer" not in str(page.text_content("#totals"))
    # a shared game: every seat a person, whatever the seats a new game starts with
    page.goto(site_url + "bounders.html#size=7&rules=basic&moves=a1,g7")
    page.wait_for_function("document.body.dataset.ply === '2'", timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_timeout(800)
    assert ply(page) == 2 and "computer" not in str(page.text_content("#totals"))
    # Who plays hands Player 1 to the computer: it plays at once, and the game keeps it
    page.click("#who-plays")
    page.wait_for_selector("#seats-dialog[open]")
    assert page.locator("#seats-only .seat-choice:not([hidden])").count() == 2
    page.select_option('#seats-only select[name="seat-0"]', "easy")
    page.click('#seats-dialog button[value="apply"]')
    page.wait_for_function("document.body.dataset.ply === '3'", timeout=ENGINE_TIMEOUT_MS)
    assert "the computer (Easy)" in str(page.locator("#totals li").first.text_content())
    saved = json.loads(page.evaluate("localStorage.getItem('tabula.game.bounders')"))
    assert saved["seats"] == ["easy", "person"]
    # back to the game kept: its seats (two people) come back with it
    page.click("#previous-game button")
    page.wait_for_function("document.body.dataset.ply === '1'")
    page.wait_for_timeout(800)
    assert ply(page) == 1 and "computer" not in str(page.text_content("#totals"))
    # and the shared game, kept in its turn, is kept with the computer on Player 1
    kept = json.loads(page.evaluate("localStorage.getItem('tabula.previous.bounders')"))
    assert kept[0]["actions"] == ["a1", "g7", kept[0]["actions"][2]]
    assert kept[0]["seats"] == ["easy", "person"]
    page.close()


def test_back_to_a_game_left_for_a_link_brings_back_who_played_it(
    context: Any, site_url: str
) -> None:
    """Back from a shared game to the game in progress opens the game kept, as it was kept: the
    computer on its seat again, not a link's game with every seat a person."""
    page = open_page(context, site_url + "bounders.html", FAST)
    page.evaluate("localStorage.removeItem('tabula.previous.bounders')")  # no game kept before
    start_game(page, ["person", "easy"], size="7", rules="basic")
    page.click('#board [data-action="g7"]')
    page.wait_for_function("document.body.dataset.ply === '2'", timeout=ENGINE_TIMEOUT_MS)
    line = load_game(record(page)).history
    page.evaluate("location.hash = 'size=7&rules=basic&komi=off&moves=a1'")
    page.wait_for_function("document.body.dataset.ply === '1'", timeout=ENGINE_TIMEOUT_MS)
    assert "computer" not in str(page.text_content("#totals"))
    page.go_back()
    page.wait_for_function("document.body.dataset.ply === '2'", timeout=ENGINE_TIMEOUT_MS)
    assert load_game(record(page)).history == line
    assert "the computer (Easy)" in str(page.locator("#totals li").nth(1).text_content())
    saved = json.loads(page.evaluate("localStorage.getItem('tabula.game.bounders')"))
    assert saved["seats"] == ["person", "easy"]
    kept = json.loads(page.evaluate("localStorage.getItem('tabula.previous.bounders')"))
    assert [game["actions"] for game in kept] == [["a1"]]  # the game on screen is kept once
    # the computer still answers on its seat
    legal = [a for a in load_game(record(page)).legal_actions() if a != "swap"]
    page.click(f'#board [data-action="{legal[0]}"]')
    page.wait_for_function("document.body.dataset.ply === '4'", timeout=ENGINE_TIMEOUT_MS)
    page.close()
