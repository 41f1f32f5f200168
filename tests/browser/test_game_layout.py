"""The game page keeps still and reads as a player expects: Undo takes a move back without a
'looking back' notice, and neither that notice nor the computer's thinking line moves the
board; the preview line never moves a button between press and release; the Hint box is in
view at 1280x900; the move list puts the first player to act in its first column; a hint
asked while looking back says so under the Hint button, not under the looking-back notice; and
the rarer notices (a saved game set aside, a link that could not be opened) lie over the top of
the board and the notice of a game kept to return to is in the row over it, at 1280x900 and on
a phone, without moving it, their buttons working from the mouse and the keyboard."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import ENGINE_TIMEOUT_MS, fragment, random_game, start_game, watch_context

from py_engine import new_game

pytestmark = pytest.mark.browser

WIDE = {"width": 1280, "height": 900}
SLOW = {"seconds": 1.5, "pace": 0}
FAST = {"seconds": 0.05, "pace": 0}


@pytest.fixture(scope="module")
def context(browser: Any, site_url: str) -> Iterator[Any]:
    ctx = browser.new_context(viewport=WIDE, locale="en-GB")
    watch = watch_context(ctx, site_url)
    yield ctx
    watch.assert_clean()
    ctx.close()


def open_page(context: Any, url: str, setting: dict[str, float] | None = None) -> Any:
    page = context.new_page()
    page.goto(url)
    if setting is not None:
        value = json.dumps(json.dumps(setting))
        page.evaluate(f"localStorage.setItem('tabula.computer.test', {value})")
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    return page


def wait_ply(page: Any, n: int) -> None:
    page.wait_for_function(f"document.body.dataset.ply === '{n}'")


def board_box(page: Any) -> Any:
    return page.locator("#board").bounding_box()


def test_undo_takes_a_move_back_and_the_board_stays(context: Any, site_url: str) -> None:
    page = open_page(context, site_url + "bounders.html#size=7&rules=basic&komi=off&moves=g7,a1,m7")
    wait_ply(page, 3)
    still = board_box(page)
    page.click("#undo")
    wait_ply(page, 2)
    # Taken back, with Redo ready: no 'looking back' for a plain undo.
    assert page.is_hidden("#looking")
    assert page.is_enabled("#redo")
    assert page.get_attribute("body", "data-looking") == "false"
    assert board_box(page) == still
    # Looking back from the move list still says so, and the board does not move for it.
    page.click('#moves button[data-ply="1"]')
    wait_ply(page, 1)
    assert page.is_visible("#looking") and "1 of 3" in str(page.text_content("#looking"))
    assert board_box(page) == still
    page.click("#looking button")
    wait_ply(page, 3)
    assert page.is_hidden("#looking")
    assert board_box(page) == still
    page.close()


def test_the_thinking_line_does_not_move_the_board(context: Any, site_url: str) -> None:
    page = open_page(context, site_url + "bounders.html", SLOW)
    start_game(page, ["person", "easy"], size="7", rules="basic", komi="off")
    wait_ply(page, 0)
    still = board_box(page)
    page.click('#board [data-action="g7"]')
    page.wait_for_selector("#thinking:not([hidden])")
    assert board_box(page) == still
    # the seat's name is not followed by a second bracket, and the spinner has room after it
    said = str(page.text_content("#thinking"))
    assert said.startswith("The computer is thinking for Player 2"), said
    gap = page.evaluate("""() => parseFloat(getComputedStyle(
        document.getElementById('thinking'), '::before').marginInlineEnd)""")
    assert gap > 0
    wait_ply(page, 2)
    page.wait_for_selector("#thinking", state="hidden")
    assert board_box(page) == still
    page.close()


@pytest.mark.parametrize("name", ["bounders", "splinter"])
def test_a_click_after_keyboard_preview_is_not_lost(context: Any, site_url: str, name: str) -> None:
    page = open_page(context, site_url + f"{name}.html")
    start_game(page, ["person", "person"])
    # The pointer away from the board (its leaving a part would end the preview); the keyboard
    # on the board: the focused action is previewed in the side panel.
    page.hover("#turn")
    page.locator("#board [data-action], #board [data-select]").first.focus()
    if name == "splinter":
        page.keyboard.press("Enter")
        page.wait_for_selector("#board [data-action]")
        page.locator("#board [data-action]").first.focus()
    page.wait_for_function("document.getElementById('preview').textContent !== ''")
    # A press on something below the preview, then its release: the click lands.
    target = page.locator(".record summary")
    box = target.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    assert target.bounding_box() == box
    page.mouse.up()
    page.wait_for_function("document.querySelector('details.record').open")
    page.close()


@pytest.mark.parametrize("name,options", [
    ("bounders", {}), ("splinter", {}), ("bosk", {"players": "2"}), ("bosk", {"players": "4"}),
])
def test_hint_is_in_view_at_1280_by_900(
    context: Any, site_url: str, name: str, options: dict[str, str],
) -> None:
    page = open_page(context, site_url + f"{name}.html", FAST)
    start_game(page, ["person"] * int(options.get("players", "2")), **options)
    assert page.locator("#hint").bounding_box()["y"] + 38 <= WIDE["height"]
    page.click("#hint")
    page.wait_for_selector("#hint-panel:not([hidden])")
    assert page.evaluate("window.scrollY") == 0
    box = page.locator("#hint-panel").bounding_box()
    assert box["y"] + box["height"] <= WIDE["height"]
    page.close()


FIRST_COLUMN = """() => {
  const left = document.getElementById('moves').getBoundingClientRect().left;
  return [...document.querySelectorAll('#moves li.move-turn')].map(
    (li) => [Number(li.dataset.seat), Math.round(li.getBoundingClientRect().left - left)]);
}"""


def assert_first_player_first(page: Any, first: int) -> None:
    """The first turn is in the list's first column, and so is every turn of its seat."""
    turns = page.evaluate(FIRST_COLUMN)
    assert turns and turns[0][1] == 0, turns
    assert turns[0][0] == first
    assert all(left == 0 for seat, left in turns if seat == first), turns


@pytest.mark.parametrize("name,options", [
    ("bounders", {"size": 7}), ("splinter", {}), ("bosk", {"players": 2}), ("bosk", {"players": 4}),
])
def test_first_player_reads_in_the_first_column(
    context: Any, site_url: str, name: str, options: dict[str, Any],
) -> None:
    game = random_game(name, 9, 3, **options)
    page = open_page(context, site_url + f"{name}.html#" + fragment(game))
    length = len(game.history)
    page.wait_for_function(f"document.getElementById('moves').dataset.length === '{length}'")
    assert_first_player_first(page, 0)
    page.close()


def test_the_computer_starting_reads_in_the_first_column(context: Any, site_url: str) -> None:
    page = open_page(context, site_url + "splinter.html", FAST)
    start_game(page, ["easy", "person"])
    page.wait_for_function("Number(document.body.dataset.ply) >= 1")
    page.wait_for_selector("#moves li.move-turn")
    assert_first_player_first(page, 0)
    page.close()


def one_seat_plants_last_and_opens_autumn(players: int) -> Any:
    """A Bosk game played at random into autumn's first turn, in which the seat that planted
    last also sets the wind and plays first: three turns of one seat in a row."""
    for seed in range(200):
        game = new_game("bosk", players=players)
        rng = random.Random(seed)
        planter = None
        while not game.legal_actions()[0].startswith("wind"):
            planter = game.to_move
            game.play(rng.choice(game.legal_actions()))
        if game.to_move != planter:
            continue
        game.play(rng.choice(game.legal_actions()))  # the wind, then tree, tile and a leaf
        while not game.history[-1].startswith(("leaf", "squirrel")):
            game.play(rng.choice(game.legal_actions()))
        return game
    raise AssertionError("no such game in 200 seeds")


def test_turns_of_one_seat_in_a_row_are_entries_apart(context: Any, site_url: str) -> None:
    """Bosk: the last plant, the wind and the first autumn turn, all by one seat, are three
    entries, each with the seat's name, not one run of actions."""
    game = one_seat_plants_last_and_opens_autumn(4)
    page = open_page(context, site_url + "bosk.html#" + fragment(game))
    length = len(game.history)
    page.wait_for_function(f"document.getElementById('moves').dataset.length === '{length}'")
    entries = page.evaluate("""() => [...document.querySelectorAll('#moves li.move-turn')].map(
        (li) => [...li.querySelectorAll('button.move')].map((b) => b.textContent))""")
    assert entries[-3:] == [game.history[31:32], game.history[32:33], game.history[33:]]
    assert game.history[31].startswith("plant") and game.history[32].startswith("wind")
    assert sum(len(entry) for entry in entries) == length


# Whether the element's own middle shows it (or its text): nothing drawn over it there.
SHOWN_AT_MIDDLE = """(selector) => {
  const element = document.querySelector(selector);
  const box = element.getBoundingClientRect();
  const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
  return element.contains(top);
}"""


def test_a_hint_asked_while_looking_back_can_be_read(context: Any, site_url: str) -> None:
    """Looking back at an earlier position, a hint asked for says it is being looked for under
    the Hint button, where the looking-back notice, which keeps its row over the board, does
    not cover it; back in the game, the thinking line is over the board again."""
    # a hint long enough for every check below to be made while it is looked for, on a busy
    # machine too
    page = open_page(context, site_url + "bounders.html#size=7&rules=basic&komi=off&moves=g7,a1,m7",
                     {"seconds": 5, "pace": 0})
    wait_ply(page, 3)
    page.click('#moves button[data-ply="1"]')
    wait_ply(page, 1)
    still = board_box(page)
    page.click("#hint")
    page.wait_for_selector("#thinking:not([hidden])")
    assert page.is_visible("#looking") and "1 of 3" in str(page.text_content("#looking"))
    assert page.text_content("#thinking") == "Looking for a hint…"
    assert page.evaluate(SHOWN_AT_MIDDLE, "#thinking")
    assert page.evaluate(SHOWN_AT_MIDDLE, "#looking")
    hint, line = page.locator("#hint").bounding_box(), page.locator("#thinking").bounding_box()
    assert hint and line and line["y"] >= hint["y"] + hint["height"]
    assert board_box(page) == still
    page.wait_for_selector("#hint-panel:not([hidden])")
    page.click("#looking button")
    wait_ply(page, 3)
    assert page.locator(".board-head #thinking + #looking").count() == 1
    assert board_box(page) == still
    page.evaluate("localStorage.removeItem('tabula.computer.test')")
    page.close()


@pytest.mark.parametrize("name,table", [
    ("splinter", ".splinter-sides"), ("bounders", ".bounders-regions"),
])
def test_numbers_in_the_panels_tables_are_right_aligned(
    context: Any, site_url: str, name: str, table: str,
) -> None:
    """Every column of numbers reads right-aligned, the last too (Splinter's pawns lost);
    only a column of words (Bounders' owner) reads from the left."""
    # Bounders' table of regions is the result's: its game is played to the end
    game = random_game(name, 400 if name == "bounders" else 6, 4,
                       **({"size": 7} if name == "bounders" else {}))
    page = open_page(context, site_url + f"{name}.html#" + fragment(game))
    page.wait_for_function(f"document.body.dataset.ply === '{len(game.history)}'")
    page.wait_for_selector(f"{table} td")
    aligned = page.evaluate(f"""() => [...[...document.querySelectorAll('{table} tr')]
        .find((tr) => tr.querySelector('td')).querySelectorAll('td')]
        .map((td) => [td.textContent, getComputedStyle(td).textAlign])""")
    numbers = [align for text, align in aligned[1:] if text.strip().lstrip("−-").isdigit()]
    words = [align for text, align in aligned[1:] if not text.strip().lstrip("−-").isdigit()]
    assert numbers and set(numbers) == {"right"}, aligned
    assert set(words) <= {"left", "start"}, aligned
    page.close()


# --- the rarer notices over the board ----------------------------------------------------

PHONE = {"width": 390, "height": 844}
# a saved game the engine refuses (Bounders has no side 8): set aside, with a notice
REFUSED = '{"options":{"size":"8"},"actions":[],"redo":[]}'
# a link whose third action cannot be played: an error, and a notice offering its first two
BAD_LINK = "size=7&rules=basic&komi=off&moves=a1,m7,zz,d4"
OTHER_GAME = "size=7&rules=basic&komi=off&moves=m7,a1,g7"
WORDS = {
    "en": {"aside": "The saved game could not be opened", "copied": "Copied",
           "link": "first 2 actions", "kept": "Another game was opened"},
    "ko": {"aside": "저장된 게임을 열 수 없어서", "copied": "복사했습니다",
           "link": "처음 2개 수", "kept": "다른 게임이 열렸습니다"},
}

# Where the notice is: inside the board's box from side to side, its top not above the
# board's, and drawn over the board there (nothing else on top at its middle).
OVER_THE_BOARD = """(selector) => {
  const element = document.querySelector(selector);
  const box = element.getBoundingClientRect();
  const board = document.getElementById('board').getBoundingClientRect();
  const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
  return box.left >= board.left - 0.5 && box.right <= board.right + 0.5
    && box.top >= board.top - 0.5 && box.top < board.bottom && element.contains(top);
}"""


@pytest.fixture()
def fresh(browser: Any, site_url: str) -> Iterator[Any]:
    """A context of its own: its storage holds a saved game that does not open (put there
    before the first page of a tab runs)."""
    ctx = browser.new_context(locale="en-GB")
    ctx.add_init_script(f"""if (location.protocol === 'http:' && !sessionStorage.seeded) {{
        localStorage.setItem('tabula.game.bounders', {json.dumps(REFUSED)});
        sessionStorage.seeded = 'yes';
    }}""")
    watch = watch_context(ctx, site_url)
    yield ctx
    watch.assert_clean()
    ctx.close()


def focused(page: Any) -> str:
    """The focused element's id, or its data-name (a notice's button)."""
    return str(page.evaluate("() => { const el = document.activeElement;"
                             " return el.id || el.dataset.name || ''; }"))


@pytest.mark.parametrize(
    "viewport,lang", [(WIDE, "en"), (PHONE, "ko")], ids=["1280x900-en", "390x844-ko"],
)
def test_the_rarer_notices_lie_over_the_board_and_never_move_it(
    fresh: Any, site_url: str, viewport: dict[str, int], lang: str,
) -> None:
    words = WORDS[lang]
    page = fresh.new_page()
    page.set_viewport_size(viewport)
    page.goto(site_url + f"bounders.html?lang={lang}")
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    still = board_box(page)

    # The saved game set aside: its notice is over the board; Copy and Dismiss work.
    aside = page.locator('.notice[data-kind="saved"]')
    assert words["aside"] in str(aside.text_content())
    assert page.evaluate(OVER_THE_BOARD, '.notice[data-kind="saved"]')
    assert json.loads(aside.locator("textarea").input_value()) == json.loads(REFUSED)
    aside.locator("button[data-name=copy]").click()
    assert aside.locator("button[data-name=copy]").text_content() == words["copied"]
    assert board_box(page) == still
    aside.locator("button[data-name=dismiss]").click()
    assert aside.count() == 0
    assert board_box(page) == still
    assert focused(page) == "board"  # the keyboard goes on from the board

    # A link that cannot be opened: the error and the offer of its first actions, both over
    # the board, reached from the keyboard after the page's header.
    page.evaluate(f"location.hash = {json.dumps(BAD_LINK)}")
    page.wait_for_selector('.notice[data-kind="link"]')
    assert "zz" in str(page.text_content("#error"))
    assert words["link"] in str(page.text_content('.notice[data-kind="link"]'))
    assert page.evaluate(OVER_THE_BOARD, "#error")
    assert page.evaluate(OVER_THE_BOARD, '.notice[data-kind="link"]')
    assert board_box(page) == still
    page.focus("#theme")
    page.keyboard.press("Tab")
    assert focused(page) == "dismiss"  # the error's Dismiss
    page.keyboard.press("Enter")
    assert page.is_hidden("#error")
    assert focused(page) == "open-part"  # on to the next notice
    assert board_box(page) == still
    page.keyboard.press("Enter")
    page.wait_for_function("document.body.dataset.ply === '2'", timeout=ENGINE_TIMEOUT_MS)
    assert page.locator('.notice[data-kind="link"]').count() == 0
    assert board_box(page) == still

    # Another game's link: the game in progress is kept, and a notice in the row over the board
    # offers it back; looking back takes that row while it lasts.
    page.evaluate(f"location.hash = {json.dumps(OTHER_GAME)}")
    page.wait_for_function("document.body.dataset.ply === '3'", timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_selector("#previous-game:not([hidden])")
    assert words["kept"] in str(page.text_content("#previous-game"))
    assert page.get_attribute("#previous-game", "role") == "status"
    kept = page.locator(".board-head #previous-game").bounding_box()
    assert kept["y"] + kept["height"] <= still["y"]
    assert page.evaluate(SHOWN_AT_MIDDLE, "#previous-game")
    assert board_box(page) == still
    page.click('#moves button[data-ply="1"]')
    wait_ply(page, 1)
    assert page.is_visible("#looking") and page.is_hidden("#previous-game")
    page.locator("#looking").scroll_into_view_if_needed()  # a phone's move list is far below
    assert page.evaluate(SHOWN_AT_MIDDLE, "#looking")
    assert board_box(page) == still
    page.click("#looking button")
    wait_ply(page, 3)
    assert page.is_visible("#previous-game")
    page.click("#previous-game button")  # Return to it
    wait_ply(page, 2)
    assert page.is_hidden("#previous-game")
    assert board_box(page) == still
    page.close()
