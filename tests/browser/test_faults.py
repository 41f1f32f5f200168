"""Faults around the engine, reproduced in the browser: a saved game the engine refuses or that
is damaged, an engine that cannot load (its WebAssembly blocked, Python's standard library
answering 404), a worker whose script raises, a worker that dies after it started, and links
with line breaks or odd option names; on game pages, embed.html and <tabula-board>. Each test
asserts the message the reader gets, that the game is kept, and that the page goes on (a click
plays, New game starts a game).

The pages' time limits are shortened with their test setting (localStorage
"tabula.engine.test", read by js/engine.js)."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import ENGINE_TIMEOUT_MS, STEP_TIMEOUT_MS

pytestmark = pytest.mark.browser

SAVED_KEY = "tabula.game.bounders"
ASIDE_KEY = "tabula.aside.bounders"
# a start that cannot succeed is said within seconds
FAIL_FAST = {"firstStartMs": 8000, "startMs": 8000, "callMs": 4000}
# a worker that can start has the time it needs on a busy machine; a dead one is found at once
LIMITS = {"firstStartMs": 60000, "startMs": 60000, "callMs": 4000}
READY = "document.body.dataset.ready === 'true'"
NOTICE = "#notice-layer .notices .notice"


@pytest.fixture()
def context(browser: Any, site_url: str) -> Iterator[Any]:
    """A fresh context per test (its storage and the routes it blocks are the test's own).
    Console errors are expected here (failed loads); requests must stay on the site."""
    context = browser.new_context(locale="en-GB", service_workers="block")
    context.set_default_timeout(STEP_TIMEOUT_MS)
    outside: list[str] = []

    def route(route: Any) -> None:
        if route.request.url.startswith((site_url, "blob:", "data:")):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    context.route("**/*", route)
    yield context
    context.close()
    assert outside == []


def prepare(
    page: Any, site_url: str, storage: dict[str, str], limits: dict[str, int] = LIMITS
) -> None:
    """Put `storage` (and short time limits) into the site's localStorage before its pages run:
    a blank page of the site is opened first (no engine starts there)."""
    page.goto(site_url + "manifest.webmanifest")
    values = {"tabula.engine.test": json.dumps(limits), **storage}
    page.evaluate(
        "(values) => { for (const [k, v] of Object.entries(values)) localStorage.setItem(k, v); }",
        values,
    )


def ply(page: Any) -> int:
    return int(page.get_attribute("body", "data-ply") or "-1")


def play(page: Any, action: str) -> None:
    before = ply(page)
    page.click(f'#board [data-action="{action}"]')
    page.wait_for_function(
        f"document.body.dataset.ply === '{before + 1}'", timeout=ENGINE_TIMEOUT_MS
    )


def start_new_game(page: Any, size: str = "7") -> None:
    # from the keyboard: a hover preview's line, cleared when the pointer leaves the board,
    # may move the button between the press and the release of a click
    page.focus("#new-game")
    page.keyboard.press("Enter")
    page.check(f'input[name="option-size"][value="{size}"]')
    page.click('#new-game-dialog button[value="start"]')
    page.wait_for_function(
        "document.body.dataset.ply === '0' && !document.getElementById('new-game-dialog').open"
        f" && document.getElementById('record').textContent.includes('size: {size}')",
        timeout=ENGINE_TIMEOUT_MS,
    )


def opened_at_g7(context: Any, site_url: str, storage: dict[str, str] | None = None) -> Any:
    """A new page of Bounders (with ``storage``) in a new side-7 game, after g7."""
    page = context.new_page()
    prepare(page, site_url, storage or {})
    page.goto(site_url + "bounders.html")
    page.wait_for_function(READY, timeout=ENGINE_TIMEOUT_MS)
    start_new_game(page)
    play(page, "g7")
    return page


def notice(page: Any, kind: str) -> Any:
    return page.locator(f'{NOTICE}[data-kind="{kind}"]')


def board_place(page: Any) -> list[float]:
    """The board's box in the page (not in the window, which a click may scroll)."""
    return list(page.evaluate("""() => {
        const box = document.getElementById('board').getBoundingClientRect();
        return [box.x + scrollX, box.y + scrollY, box.width, box.height];
    }"""))


def stored(page: Any, key: str) -> str | None:
    value = page.evaluate(f"localStorage.getItem({json.dumps(key)})")
    return value if value is None else str(value)


# --- saved games ---------------------------------------------------------------------------

REFUSED = [
    '{"options":{"size":"8"},"actions":[],"redo":[]}',
    '{"options":{"size":"7"},"actions":["zz"],"redo":[]}',
]
DAMAGED = [
    '{"options":null,"actions":[],"redo":[]}',
    '{"options":{"size":"7"},"actions":"g7","redo":[]}',
    '{"options":{"size":7},"actions":[],"redo":[]}',
    '{"options":{"size":"7\\n\\ng7"},"actions":[],"redo":[]}',
    '{"options":{},"actions":[],"redo":[',
    "[1, 2]",
]


@pytest.mark.parametrize("saved", REFUSED + DAMAGED)
def test_a_saved_game_that_does_not_open_is_set_aside(
    context: Any, site_url: str, saved: str
) -> None:
    page = context.new_page()
    prepare(page, site_url, {SAVED_KEY: saved})
    page.goto(site_url + "bounders.html")
    page.wait_for_function(READY, timeout=ENGINE_TIMEOUT_MS)
    box = notice(page, "saved")
    assert box.is_visible()
    assert "The saved game could not be opened" in box.text_content()
    assert "a new game was started" in box.text_content()
    # the saved game is kept as text to copy, on the page and in the browser
    kept = box.locator("textarea").input_value()
    if saved in REFUSED:  # read, refused by the engine: kept as the page read it
        assert json.loads(kept) == json.loads(saved)
    else:  # not readable as a game: kept as it was stored
        assert kept == saved
    assert stored(page, ASIDE_KEY) == kept
    box.locator("button[data-name=copy]").click()
    assert box.locator("button[data-name=copy]").text_content() == "Copied"
    assert page.get_attribute("#status", "data-state") == "ready"
    # put away, it leaves the top of the board (which it lies over) to play on
    box.locator("button[data-name=dismiss]").click()
    assert notice(page, "saved").count() == 0
    # the page plays and starts new games
    play(page, "g7")
    assert json.loads(stored(page, SAVED_KEY) or "{}")["actions"] == ["g7"]
    start_new_game(page, "9")
    play(page, "a1")
    # not retried on the next visit: the new game opens, with no notice
    page.reload()
    page.wait_for_function(READY, timeout=ENGINE_TIMEOUT_MS)
    assert ply(page) == 1
    assert notice(page, "saved").count() == 0
    assert stored(page, ASIDE_KEY) is not None
    page.close()


def test_a_second_game_set_aside_keeps_the_first(context: Any, site_url: str) -> None:
    """Games set aside are kept, the newest first: one that does not open never takes the
    place of one set aside before it."""
    page = context.new_page()
    prepare(page, site_url, {SAVED_KEY: DAMAGED[-1], ASIDE_KEY: DAMAGED[0]})
    page.goto(site_url + "bounders.html")
    page.wait_for_function(READY, timeout=ENGINE_TIMEOUT_MS)
    assert notice(page, "saved").is_visible()
    assert stored(page, ASIDE_KEY) == DAMAGED[-1]
    assert stored(page, ASIDE_KEY + ".2") == DAMAGED[0]
    page.evaluate(
        "[2, 3, 4, 5].forEach((n) => localStorage.removeItem(`tabula.aside.bounders.${n}`))")
    page.close()


def test_the_notice_of_a_set_aside_game_is_in_the_pages_language(
    context: Any, site_url: str
) -> None:
    page = context.new_page()
    prepare(page, site_url, {SAVED_KEY: REFUSED[0], "tabula.language": "ko"})
    page.goto(site_url + "bounders.html")
    page.wait_for_function(READY, timeout=ENGINE_TIMEOUT_MS)
    text = notice(page, "saved").text_content()
    assert "저장된 게임을 열 수 없어서" in text
    assert "복사" in text and "Copy" not in text and "The saved game" not in text
    page.select_option("#language", "en")
    page.wait_for_function("document.documentElement.lang === 'en'")
    assert "The saved game could not be opened" in notice(page, "saved").text_content()
    page.close()


# --- an engine that cannot start -----------------------------------------------------------

def block_wasm(route: Any) -> None:
    route.abort()


def hold(route: Any) -> None:
    """The request is never answered (a download that stalls)."""


def stdlib_404(route: Any) -> None:
    route.fulfill(status=404, body="not here")


def raise_on_import(route: Any) -> None:
    """The worker's script raises before it defines its functions (as a failed import would)."""
    response = route.fetch()
    future = "from __future__ import annotations\n"
    body = response.text().replace(future, future + "raise RuntimeError('broken on import')\n", 1)
    route.fulfill(response=response, body=body)


FAULTS = {
    "wasm blocked": ("**/*.wasm", block_wasm),
    "stdlib 404": ("**/python_stdlib.zip", stdlib_404),
    "worker raises": ("**/engine/worker.py", raise_on_import),
    "wasm stalls": ("**/*.wasm", hold),
}


def set_limits(page: Any, limits: dict[str, int]) -> None:
    """The limits of the engine's next start (FAIL_FAST while a fault is there)."""
    page.evaluate(f"localStorage.setItem('tabula.engine.test', {json.dumps(json.dumps(limits))})")


def wait_failed(page: Any, selector: str) -> float:
    """Seconds until the status at `selector` says the engine failed."""
    started = time.monotonic()
    page.wait_for_selector(f'{selector}[data-state="failed"]', timeout=ENGINE_TIMEOUT_MS)
    return time.monotonic() - started


@pytest.mark.parametrize("fault", list(FAULTS))
def test_a_game_page_says_the_engine_could_not_start_and_retries(
    context: Any, site_url: str, fault: str
) -> None:
    pattern, handler = FAULTS[fault]
    page = context.new_page()
    prepare(page, site_url, {})
    page.goto(site_url + "bounders.html")  # a game in progress, kept across the failure
    page.wait_for_function(READY, timeout=ENGINE_TIMEOUT_MS)
    play(page, "g7")
    set_limits(page, FAIL_FAST)
    page.route(pattern, handler)
    page.reload()
    seconds = wait_failed(page, "#status")
    # within the limit (8 s here), with a margin for a busy machine
    assert seconds < FAIL_FAST["startMs"] / 1000 + 10
    box = notice(page, "engine")
    assert "The engine could not start" in box.text_content()
    # a failure the worker hears is said at once; a download that stalls, at the limit
    if fault == "worker raises":
        assert "its script failed" in box.text_content()
    elif fault == "wasm stalls":
        assert "not ready within 8 seconds" in box.text_content()
    else:
        assert "its files could not be downloaded" in box.text_content()
        assert seconds < FAIL_FAST["startMs"] / 1000
    assert json.loads(stored(page, SAVED_KEY) or "{}")["actions"] == ["g7"]
    page.unroute(pattern, handler)
    set_limits(page, LIMITS)
    box.locator("button[data-name=retry]").click()
    page.wait_for_selector('#status[data-state="ready"]', timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_function("document.body.dataset.ply === '1'", timeout=ENGINE_TIMEOUT_MS)
    assert notice(page, "engine").count() == 0
    play(page, "a1")
    start_new_game(page)
    page.close()


def test_a_failed_start_with_a_fresh_page_still_offers_new_game(
    context: Any, site_url: str
) -> None:
    """The board of a page with no game in progress plays once Retry has started the engine;
    New game works before and after."""
    page = context.new_page()
    prepare(page, site_url, {}, FAIL_FAST)
    page.route("**/*.wasm", block_wasm)
    page.goto(site_url + "splinter.html")
    wait_failed(page, "#status")
    page.focus("#new-game")
    page.keyboard.press("Enter")
    assert page.is_visible("#new-game-dialog")
    page.click('#new-game-dialog button[value="cancel"]')
    page.unroute("**/*.wasm", block_wasm)
    set_limits(page, LIMITS)
    notice(page, "engine").locator("button[data-name=retry]").click()
    page.wait_for_selector('#status[data-state="ready"]', timeout=ENGINE_TIMEOUT_MS)
    page.click("#new-game")
    page.click('#new-game-dialog button[value="start"]')
    page.wait_for_function("!document.getElementById('new-game-dialog').open")
    assert page.get_attribute("#status", "data-state") == "ready"
    page.close()


def test_an_embed_says_the_engine_could_not_start_and_retries(context: Any, site_url: str) -> None:
    page = context.new_page()
    prepare(page, site_url, {}, FAIL_FAST)
    page.route("**/*.wasm", block_wasm)
    page.goto(site_url + "embed.html?game=bounders&size=7&moves=g7,a1&interactive=1")
    wait_failed(page, "#status")
    box = page.locator('.notice[data-kind="engine"]')
    assert "The engine could not start" in box.text_content()
    assert "the game is kept" not in box.text_content()  # a board keeps no game of its own
    page.unroute("**/*.wasm", block_wasm)
    set_limits(page, LIMITS)
    box.locator("button[data-name=retry]").click()
    page.wait_for_function("document.body.dataset.ply === '2'", timeout=ENGINE_TIMEOUT_MS)
    assert page.get_attribute("#status", "data-state") == "ready"
    assert page.locator('.notice[data-kind="engine"]').count() == 0
    page.click('#board [data-action="m7"]')
    page.wait_for_function("document.body.dataset.ply === '3'", timeout=ENGINE_TIMEOUT_MS)
    page.close()


def test_board_elements_say_the_engine_could_not_start_and_retry(
    context: Any, site_url: str
) -> None:
    page = context.new_page()
    prepare(page, site_url, {}, FAIL_FAST)
    page.route("**/*.wasm", block_wasm)
    page.goto(site_url + "boards.html")
    page.wait_for_function(
        "[...document.querySelectorAll('tabula-board')].every((b) => "
        "b.querySelector('.embed-status')?.dataset.state === 'failed')",
        timeout=ENGINE_TIMEOUT_MS,
    )
    boards = page.locator("tabula-board")
    count = boards.count()
    assert count >= 2
    assert page.locator('tabula-board .notice[data-kind="engine"]').count() == count
    page.unroute("**/*.wasm", block_wasm)
    set_limits(page, LIMITS)
    page.locator('tabula-board .notice[data-kind="engine"] button[data-name=retry]').first.click()
    page.wait_for_function(
        "[...document.querySelectorAll('tabula-board')].every((b) => "
        "b.querySelector('.embed-status')?.dataset.state !== 'failed'"
        " && b.querySelector('.board-frame svg'))",
        timeout=ENGINE_TIMEOUT_MS,
    )
    assert page.locator('tabula-board .notice[data-kind="engine"]').count() == 0
    page.close()


# --- a worker that dies ----------------------------------------------------------------------

# the worker ended from the page, past the engine's own watch (as if it ran out of memory)
KILL = (
    "Worker.prototype.terminate.call("
    "document.querySelector('script[type=py][name=engine]').xworker)"
)


def test_a_worker_that_dies_is_started_again_and_the_game_replayed(
    context: Any, site_url: str
) -> None:
    page = opened_at_g7(context, site_url)
    play(page, "a1")
    board = board_place(page)
    page.evaluate(KILL)  # as if it ran out of memory: it ends without a word
    started = time.monotonic()
    page.click('#board [data-action="m7"]')
    page.wait_for_function("document.body.dataset.ply === '3'", timeout=ENGINE_TIMEOUT_MS)
    seconds = time.monotonic() - started
    assert seconds < LIMITS["callMs"] / 1000 + 60
    assert "The engine stopped and was started again" in notice(page, "engine").text_content()
    # said over the top of the board, which stays where it was; Dismiss puts it away
    assert board_place(page) == board
    notice(page, "engine").locator("button[data-name=dismiss]").click()
    assert notice(page, "engine").count() == 0
    page.wait_for_selector('#status[data-state="ready"]')
    assert page.text_content("#record").endswith("\n\ng7\na1\nm7\n")
    play(page, "d4")  # the new worker took up the game from its record
    page.focus("#undo")  # from the keyboard, as New game (start_new_game)
    page.keyboard.press("Enter")
    page.wait_for_function("document.body.dataset.ply === '3'", timeout=ENGINE_TIMEOUT_MS)
    start_new_game(page, "9")
    play(page, "a1")
    page.close()


def test_the_computer_thinking_when_its_worker_dies_still_plays(
    context: Any, site_url: str
) -> None:
    """The computer's thinking is started again on the new worker from its record: its move
    comes, and the game goes on."""
    storage = {
        "tabula.seats.bounders": json.dumps(["person", "medium"]),
        "tabula.computer.test": json.dumps({"seconds": 3, "pace": 0}),
    }
    page = opened_at_g7(context, site_url, storage)
    page.wait_for_function("document.body.dataset.thinking === 'move'")
    page.evaluate(KILL)
    page.wait_for_function("document.body.dataset.ply === '2'", timeout=ENGINE_TIMEOUT_MS)
    assert "started again" in notice(page, "engine").text_content()
    page.wait_for_selector('#status[data-state="ready"]')
    assert page.is_hidden("#error")
    assert page.get_attribute("body", "data-thinking") == ""
    last = page.text_content("#record").rstrip("\n").split("\n")[-1]
    assert last != "g7"
    page.close()


def test_a_preview_of_a_board_the_game_has_left_is_dropped_without_an_error(
    context: Any, site_url: str
) -> None:
    """While the engine answers a move, the page's game is a move ahead of the board drawn. A
    pointer that lands on an action of the drawn board then (a redraw moves the board under a
    still pointer) asks about that board, not the game ahead, where the action may be refused:
    no error is shown and the game goes on."""
    page = opened_at_g7(context, site_url)
    # The move list's turns are asked for after the new position is known and before it is
    # drawn: held back here, they keep the page in between for a second.
    page.evaluate(
        """async () => {
            const { Engine } = await import("./js/engine.js");
            const turns = Engine.prototype.turns;
            Engine.prototype.turns = async function (...args) {
                await new Promise((resolve) => setTimeout(resolve, 1500));
                return turns.apply(this, args);
            };
        }"""
    )
    page.evaluate("document.querySelector('#board [data-action=\"e5\"]').dispatchEvent("
                  "new MouseEvent('click', {bubbles: true}))")
    page.wait_for_timeout(600)  # the engine has answered e5; its turns are held back
    assert page.get_attribute("body", "data-ply") == "1"  # the board drawn is still g7's
    # e6 is open beside g7 alone, but beside e5 it touches one stone of a colour and none of
    # the other: refused in the game ahead
    page.dispatch_event('#board [data-action="e6"]', "pointerover")
    page.wait_for_function("document.body.dataset.ply === '2'", timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_timeout(1000)
    assert page.is_hidden("#error"), page.text_content("#error")
    assert page.text_content("#preview") == ""
    play(page, "a1")
    assert page.text_content("#record").endswith("\ng7\ne5\na1\n")
    page.close()


def test_a_dead_worker_under_an_embed_is_started_again(context: Any, site_url: str) -> None:
    page = context.new_page()
    prepare(page, site_url, {})
    page.goto(site_url + "embed.html?game=bounders&size=7&moves=g7,a1&interactive=1")
    page.wait_for_function("document.body.dataset.ply === '2'", timeout=ENGINE_TIMEOUT_MS)
    board = board_place(page)
    page.evaluate(KILL)
    page.click('#board [data-action="m7"]')
    page.wait_for_function("document.body.dataset.ply === '3'", timeout=ENGINE_TIMEOUT_MS)
    said = page.locator('.notice[data-kind="engine"]')
    assert "started again" in said.text_content()
    # over the top of the board, which does not move for it; Dismiss puts it away
    assert board_place(page) == board
    top = said.bounding_box()
    assert top["y"] >= page.locator("#board").bounding_box()["y"]
    said.locator("button[data-name=dismiss]").click()
    assert said.count() == 0
    assert board_place(page) == board
    page.click("#first")
    page.wait_for_function("document.body.dataset.ply === '0'", timeout=ENGINE_TIMEOUT_MS)
    page.close()


# --- links -----------------------------------------------------------------------------------

def test_odd_links_are_refused_with_a_message_and_the_game_kept(
    context: Any, site_url: str
) -> None:
    page = opened_at_g7(context, site_url)
    kept = page.text_content("#record")
    page.evaluate("location.hash = 'size=7%0A%0Ag7&moves=a1'")
    page.wait_for_selector("#error:not([hidden])")
    assert "the option “size” holds a line break" in page.text_content("#error")
    assert page.text_content("#record") == kept
    page.evaluate("location.hash = '__proto__=x'")
    page.wait_for_function("document.getElementById('error').textContent.includes('__proto__')")
    error = page.text_content("#error")
    assert "has no option '__proto__'" in error and "twice" not in error
    assert page.text_content("#record") == kept
    # the moves given twice are refused as an option given twice is, not read last-wins
    page.evaluate("location.hash = 'size=7&rules=basic&moves=a1&moves=d4'")
    page.wait_for_function("document.getElementById('error').textContent.includes('moves')")
    assert "the moves are given twice" in page.text_content("#error")
    assert page.text_content("#record") == kept
    # an empty action (a link cut or edited by hand) is refused, not skipped into another game
    page.evaluate("location.hash = 'size=7&rules=basic&moves=a1,,d4'")
    page.wait_for_function("document.getElementById('error').textContent.includes('empty')")
    assert "action 2 is empty" in page.text_content("#error")
    assert page.text_content("#record") == kept
    # an action the engine refuses: the part before it may be opened
    page.evaluate("location.hash = 'size=7&rules=basic&moves=a1,m7,zz,d4'")
    page.wait_for_function("document.getElementById('error').textContent.includes('zz')")
    assert "action 3, zz, cannot be played" in page.text_content("#error")
    assert page.text_content("#record") == kept
    part = notice(page, "link")
    assert "first 2 actions" in part.text_content()
    part.locator("button[data-name=open-part]").click()
    page.wait_for_function("document.body.dataset.ply === '2'", timeout=ENGINE_TIMEOUT_MS)
    assert page.text_content("#record").endswith("\n\na1\nm7\n")
    assert page.is_hidden("#error")
    # one action: said as one; none, with options the engine takes: a new game with them
    page.evaluate("location.hash = 'size=7&rules=basic&moves=a1,zz'")
    page.wait_for_function("document.getElementById('error').textContent.includes('zz')")
    part = notice(page, "link")
    assert "The link's first action can be played." in part.text_content()
    assert part.locator("button[data-name=open-part]").text_content() == "Open the first action"
    page.evaluate("location.hash = 'size=9&moves=zz,a1'")
    page.wait_for_function("document.getElementById('error').textContent.includes('action 1, zz')")
    part = notice(page, "link")
    assert "None of the link's actions can be played" in part.text_content()
    part.locator("button[data-name=open-part]").click()
    page.wait_for_function("document.body.dataset.ply === '0'", timeout=ENGINE_TIMEOUT_MS)
    assert "size: 9" in page.text_content("#record")
    assert page.is_hidden("#error")
    # no options and no action to play: nothing to offer
    page.evaluate("location.hash = 'moves=zz'")
    page.wait_for_function("document.getElementById('error').textContent.includes('action 1, zz')")
    assert page.locator('.notice[data-kind="link"]').count() == 0
    assert "size: 9" in page.text_content("#record")
    start_new_game(page)
    page.close()


def test_a_bad_link_opening_a_game_page_keeps_the_saved_game(context: Any, site_url: str) -> None:
    saved = '{"options":{"size":"7","rules":"basic","komi":"off"},"actions":["g7"],"redo":[]}'
    page = context.new_page()
    prepare(page, site_url, {SAVED_KEY: saved})
    page.goto(site_url + "bounders.html#size=7%0A%0Ag7&moves=a1")
    page.wait_for_function(READY, timeout=ENGINE_TIMEOUT_MS)
    assert "the option “size” holds a line break" in page.text_content("#error")
    assert page.text_content("#record").endswith("\n\ng7\n")
    assert "\na1" not in page.text_content("#record")
    page.click("#error-notice button[data-name=dismiss]")  # it lies over the top of the board
    assert page.is_hidden("#error")
    play(page, "a1")
    page.close()


def test_a_korean_reader_reads_why_a_link_or_a_record_is_refused_in_korean(
    context: Any, site_url: str
) -> None:
    """The engine's reason comes from the Korean catalogue (engine.<code>), inside the page's
    Korean sentence: no English words of the engine's."""
    page = context.new_page()
    prepare(page, site_url, {})
    page.goto(site_url + "bounders.html?lang=ko#size=7&rules=basic&moves=a1,m7,zz,d4")
    page.wait_for_function(READY, timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_selector("#error:not([hidden])")
    error = page.text_content("#error")
    assert "3번째 수 zz을(를) 둘 수 없습니다('zz'은(는) 이 보드의 칸이 아닙니다 (칸은 a1~m7, " \
        "또는 swap))" in error, error
    assert not re.search("[a-z]{3,} [a-z]{3,}", error), error
    page.click("#error-notice button[data-name=dismiss]")
    # a pasted record: its line, its action, and why, in Korean
    page.click('#records button[data-records="paste"]')
    page.fill("#paste-dialog textarea", "game: bounders\nsize: 7\n\ng7\nd4\nf6\n")
    page.click('#paste-dialog button[value="open"]')
    page.wait_for_selector("#paste-dialog .error:not([hidden])")
    said = str(page.text_content("#paste-dialog .error"))
    assert said == (
        "6번째 줄 (“f6”): f6 칸은 어두운 돌 1개, 밝은 돌 0개와 닿아 있습니다. "
        "돌은 둘의 수가 같은 칸에만 놓을 수 있습니다"
    ), said
    page.fill("#paste-dialog textarea", "game: bounders\nsize: 8\n")
    page.click('#paste-dialog button[value="open"]')
    page.wait_for_function(
        "document.querySelector('#paste-dialog .error').textContent.includes('size')"
    )
    said = str(page.text_content("#paste-dialog .error"))
    assert said == "2번째 줄 (“size”): 설정 size: '8'은(는) 7, 9 가운데 하나가 아닙니다", said
    page.close()


def test_a_bad_bosk_link_on_a_phone_stays_explained(context: Any, site_url: str) -> None:
    """On a phone Bosk's page draws the park alone, redrawing the board once the game is open;
    that redraw keeps the link's error and the notice offering the part that plays."""
    page = context.new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    prepare(page, site_url, {})
    page.goto(site_url + "bosk.html#players=2&moves=plant%201@b2,plant%201@c2,plant%201@b9")
    page.wait_for_function(READY, timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_selector("#board svg:not(:has(.wind-board))")
    page.wait_for_timeout(500)  # the redraw, queued after the link's answer, is done
    assert "action 3, plant 1@b9, cannot be played" in page.text_content("#error")
    assert "'b9' is not an inner point of this park" in page.text_content("#error")
    part = page.locator('.notice[data-kind="link"]')
    assert "first 2 actions" in part.text_content()
    part.locator("button[data-name=open-part]").click()
    page.wait_for_function("document.body.dataset.ply === '2'", timeout=ENGINE_TIMEOUT_MS)
    assert page.is_hidden("#error")
    page.close()


def test_a_later_link_puts_away_an_earlier_links_offer(context: Any, site_url: str) -> None:
    """A link whose first action plays is offered; a later link that cannot be opened at all
    does not keep that offer (it would play the earlier link's action)."""
    page = context.new_page()
    prepare(page, site_url, {})
    page.goto(site_url + "bounders.html#size=7&rules=basic&moves=g7,g7")
    page.wait_for_function(READY, timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_selector('.notice[data-kind="link"]')
    page.evaluate("location.hash = 'size=8'")
    page.wait_for_function("document.getElementById('error').textContent.includes('size')")
    assert page.locator('.notice[data-kind="link"]').count() == 0
    page.close()


def test_a_link_refused_on_opening_the_page_is_said_without_record_lines(
    context: Any, site_url: str
) -> None:
    """A link is no record: its refused option is said without the record's line, in the
    reader's language."""
    for url, said in (
        ("bounders.html#size=8", "option size: '8' is not one of 7, 9"),
        ("splinter.html?lang=ko#size=10x10", "설정 size: '10x10'은(는) 열이 10개입니다."),
    ):
        page = context.new_page()
        prepare(page, site_url, {})
        page.goto(site_url + url)
        page.wait_for_function(READY, timeout=ENGINE_TIMEOUT_MS)
        page.wait_for_selector("#error:not([hidden])")
        error = page.text_content("#error")
        assert said in error and "line" not in error, error
        page.close()


def test_an_empty_pasted_record_quotes_no_line(context: Any, site_url: str) -> None:
    page = opened_at_g7(context, site_url)
    page.click('#records button[data-records="paste"]')
    page.fill("#paste-dialog textarea", "# comment only\n")
    page.click('#paste-dialog button[value="open"]')
    page.wait_for_selector("#paste-dialog .error:not([hidden])")
    said = str(page.text_content("#paste-dialog .error"))
    assert said == "The record cannot be read: empty record: expected 'game: NAME' on the " \
        "first line", said
    page.close()


def test_an_embed_says_what_is_wrong_with_its_link_and_shows_what_is_right(
    context: Any, site_url: str
) -> None:
    page = context.new_page()
    prepare(page, site_url, {})
    page.goto(site_url + "embed.html?game=bounders#size=7%0A%0Ag7&moves=a1")
    page.wait_for_function(READY, timeout=ENGINE_TIMEOUT_MS)
    assert "the option “size” holds a line break" in page.text_content("#error")
    assert page.get_attribute("#status", "data-state") == "ready"
    assert page.get_attribute("body", "data-plies") == "0"
    page.goto(site_url + "embed.html?game=bounders&__proto__=x")
    page.wait_for_function(READY, timeout=ENGINE_TIMEOUT_MS)
    assert "gives __proto__, which is neither one of its settings" in page.text_content("#error")
    assert "twice" not in page.text_content("#error")
    page.goto(site_url + "embed.html?game=bounders&size=7&moves=g7&moves=d4,a1&size=9")
    page.wait_for_function(READY, timeout=ENGINE_TIMEOUT_MS)
    repeated = "gives size, moves more than once; the first of each is used"
    assert repeated in page.text_content("#error")
    assert page.get_attribute("body", "data-plies") == "1"
    page.goto(site_url + "embed.html?game=bounders&lang=en#size=7&moves=g7&moves=d4")
    page.wait_for_function(READY, timeout=ENGINE_TIMEOUT_MS)
    assert "the moves are given twice" in page.text_content("#error")
    page.goto(site_url + "embed.html?game=bounders#size=7&rules=basic&moves=a1,m7,zz,d4")
    page.wait_for_function(READY, timeout=ENGINE_TIMEOUT_MS)
    assert "Action 3 of the record, zz, cannot be played" in page.text_content("#error")
    assert page.get_attribute("body", "data-plies") == "2"
    page.close()


def test_the_fault_messages_are_in_both_catalogues() -> None:
    """Every message key the fault handling names is in English and Korean, and the Korean
    ones are not English."""
    root = Path(__file__).resolve().parents[2]
    scripts = [
        "engine.js", "notice.js", "record.js", "game-page.js", "embed-board.js", "embed-page.js",
    ]
    pattern = re.compile(r'"((?:engine|link|saved|notice|status)\.[a-z][a-z.-]*[a-z])"')
    keys = set()
    for name in scripts:
        keys |= set(pattern.findall((root / "web" / "js" / name).read_text("utf-8")))
    keys |= {"status.restarting", "embed.error.link", "embed.restarted"}
    assert {"engine.timeout", "engine.broken", "engine.stopped", "saved.aside"} <= keys
    en = json.loads((root / "web" / "i18n" / "en.json").read_text("utf-8"))
    ko = json.loads((root / "web" / "i18n" / "ko.json").read_text("utf-8"))
    for key in keys:
        assert key in en and key in ko, key
        assert re.search("[가-힣]", ko[key]) or ko[key] == en[key] == "", key


def test_a_rules_page_exercise_says_the_engine_could_not_start_and_starts_again(
    context: Any, site_url: str
) -> None:
    """A rules page's exercise starts the engine through the same bridge: a start that fails
    is said within the limit, and Start tries again."""
    page = context.new_page()
    prepare(page, site_url, {}, FAIL_FAST)
    page.route("**/*.wasm", block_wasm)
    page.goto(site_url + "bounders-rules.html")
    section = page.locator("#board-corner")
    section.locator("[data-act=start]").click()
    started = time.monotonic()
    page.wait_for_selector("#board-corner[data-state=failed]", timeout=ENGINE_TIMEOUT_MS)
    assert time.monotonic() - started < FAIL_FAST["firstStartMs"] / 1000 + 10
    assert "could not start" in section.text_content()
    assert "its files could not be downloaded" in section.text_content()
    page.unroute("**/*.wasm", block_wasm)
    set_limits(page, LIMITS)
    section.locator("[data-act=start]").click()
    page.wait_for_selector("#board-corner[data-state=ready]", timeout=ENGINE_TIMEOUT_MS)
    section.locator('[data-action="m7"]').click()
    page.wait_for_selector("#board-corner[data-state=solved]", timeout=ENGINE_TIMEOUT_MS)
    page.close()
