"""The everyday things a new player hit: the keyboard focus after Enter plays (game page and
embed), result tables that fit their panel at every width from 320 px, Splinter's selectable
pieces showing they can be clicked, 44 px controls on a phone, and the new-game headings kept
inside their boxes and the whole new-game panel within its width, and pages of boards (a
tutorial) as wide as a phone."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import BOARDS_READY, ENGINE_TIMEOUT_MS, Watch, fragment, watch_context

from py_engine import new_game

pytestmark = pytest.mark.browser

WIDTHS = (320, 375, 480, 700, 900, 1280)


def finished(name: str, seed: int, **options: Any) -> Any:
    game = new_game(name, **options)
    rng = random.Random(seed)
    while not game.is_over:
        game.play(rng.choice(game.legal_actions()))
    return game


@pytest.fixture()
def context(site_context: tuple[Any, Watch]) -> Iterator[Any]:
    ctx, watch = site_context
    yield ctx
    watch.assert_clean()


def open_page(context: Any, url: str) -> Any:
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    return page


def ply(page: Any) -> int:
    return int(page.get_attribute("body", "data-ply"))


FOCUSED_PART = "document.activeElement.dataset.action ?? document.activeElement.dataset.select"
CENTRE = """(el) => {
  const box = (el ?? document.activeElement).getBoundingClientRect();
  const frame = document.getElementById('board').getBoundingClientRect();
  return [box.x + box.width / 2 - frame.x, box.y + box.height / 2 - frame.y];
}"""


def distance(a: list[float], b: list[float]) -> float:
    return float(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5)


def enter_keeps_the_focus_on_the_board(page: Any) -> None:
    page.locator('#board [data-action="g6"]').focus()
    beside = page.locator('#board [data-action="g7"]').evaluate(CENTRE)
    step = distance(page.evaluate(CENTRE, None), beside)
    page.keyboard.press("ArrowRight")
    assert page.evaluate(FOCUSED_PART) == "g7"
    played = page.evaluate(CENTRE, None)
    page.keyboard.press("Enter")
    page.wait_for_function("document.body.dataset.ply === '1'")
    # The played cell is taken: the focus is on the playable cell nearest to it.
    part = page.evaluate(FOCUSED_PART)
    assert part and part != "g7"
    parts = page.locator("#board [data-action]")
    nearest = min(distance(parts.nth(i).evaluate(CENTRE), played) for i in range(parts.count()))
    assert distance(page.evaluate(CENTRE, None), played) <= nearest + 0.5
    assert nearest < 2 * step
    assert page.evaluate("document.getElementById('board').contains(document.activeElement)")
    page.keyboard.press("ArrowDown")
    moved = page.evaluate(FOCUSED_PART)
    assert moved and moved != part
    page.keyboard.press("Enter")
    page.wait_for_function("document.body.dataset.ply === '2'")
    assert page.evaluate(FOCUSED_PART)


def test_enter_keeps_the_focus_on_the_board(context: Any, site_url: str) -> None:
    page = open_page(context, site_url + "bounders.html#size=7&rules=basic&komi=off&moves=")
    enter_keeps_the_focus_on_the_board(page)
    page.close()
    embed = "embed.html?game=bounders&interactive=1#size=7&rules=basic&komi=off&moves="
    page = open_page(context, site_url + embed)
    enter_keeps_the_focus_on_the_board(page)
    page.close()


OVERFLOW = """() => {
  const problems = [];
  const page = document.documentElement.scrollWidth;
  if (page > innerWidth + 1) problems.push(`page ${page}`);
  for (const table of document.querySelectorAll('#result table, #details table')) {
    if (!table.getClientRects().length) continue;
    const panel = table.closest('.panel').getBoundingClientRect();
    let box = table.getBoundingClientRect();
    for (let el = table.parentElement; !el.classList.contains('panel'); el = el.parentElement) {
      if (getComputedStyle(el).overflowX !== 'visible') { box = el.getBoundingClientRect(); break; }
    }
    if (box.left < panel.left - 1 || box.right > panel.right + 1) {
      const [l, r] = [box.left, box.right].map(Math.round);
      problems.push(`${table.className}: ${l}-${r} in ${panel.left}-${panel.right}`);
    }
  }
  return problems;
}"""


@pytest.mark.parametrize(
    ("name", "options", "seed"),
    [("bosk", {"players": 4}, 1), ("bosk", {"players": 3}, 2), ("bounders", {"size": 7}, 3)],
)
def test_result_tables_fit_their_panel(
    context: Any, site_url: str, name: str, options: dict[str, Any], seed: int
) -> None:
    game = finished(name, seed, **options)
    page = open_page(context, f"{site_url}{name}.html#{fragment(game)}")
    page.wait_for_selector("#result:not([hidden])")
    for details in page.locator("#result details").all():
        details.evaluate("(el) => { el.open = true; }")
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 800})
        assert page.evaluate(OVERFLOW) == [], f"{name} {options} at {width} px"
    page.close()


def test_splinter_pieces_show_they_can_be_clicked(context: Any, site_url: str) -> None:
    page = open_page(context, site_url + "splinter.html#moves=")
    piece = page.locator("#board [data-select]").first
    assert piece.evaluate("(el) => getComputedStyle(el).cursor") == "pointer"
    page.close()


TOO_SMALL = """() => [...document.querySelectorAll('button, select, label.toggle, fieldset label')]
  .filter((el) => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
  .map((el) => [el.id || el.className || el.tagName, el.getBoundingClientRect().height])
  .filter(([, height]) => height < 44)"""


def test_phone_controls_are_44_px_tall(context: Any, site_url: str) -> None:
    page = context.new_page()
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(site_url + "bosk.html")
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    assert page.evaluate(TOO_SMALL) == []
    page.click("#new-game")
    assert page.evaluate(TOO_SMALL) == []
    page.close()


LEGENDS_OUTSIDE = """() => [...document.querySelectorAll('#new-game-dialog legend')]
  .filter((legend) => legend.getClientRects().length)
  .filter((legend) => {
    const box = legend.closest('fieldset').getBoundingClientRect();
    const top = box.top + parseFloat(getComputedStyle(legend.closest('fieldset')).borderTopWidth);
    return legend.getBoundingClientRect().top < top;
  })
  .map((legend) => legend.textContent)"""


@pytest.mark.parametrize("language", ["en", "ko"])
def test_new_game_headings_stay_inside_their_boxes(
    context: Any, site_url: str, language: str
) -> None:
    page = context.new_page()
    page.set_viewport_size({"width": 320, "height": 700})
    page.add_init_script(f"localStorage.setItem('tabula.language', '{language}')")
    page.goto(site_url + "bosk.html")
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    page.click("#new-game")
    assert page.locator("#new-game-dialog legend").count() > 0
    assert page.evaluate(LEGENDS_OUTSIDE) == []
    page.keyboard.press("Escape")
    page.close()


PANEL_OVERFLOW = """() => {
  const dialog = document.getElementById('new-game-dialog');
  const problems = [];
  if (dialog.scrollWidth > dialog.clientWidth + 1) {
    problems.push(`panel scrolls sideways: ${dialog.scrollWidth} > ${dialog.clientWidth}`);
  }
  const box = dialog.getBoundingClientRect();
  for (const el of dialog.querySelectorAll('fieldset, legend, label, select, input, p')) {
    if (!el.getClientRects().length) continue;
    const part = el.getBoundingClientRect();
    if (part.left < box.left - 1 || part.right > box.right + 1) {
      const name = el.getAttribute('name') || el.textContent.trim().slice(0, 24);
      problems.push(`${el.tagName} ${name}: ${Math.round(part.left)}-${Math.round(part.right)}`
        + ` in ${Math.round(box.left)}-${Math.round(box.right)}`);
    }
  }
  return problems;
}"""


@pytest.mark.parametrize("language", ["en", "ko"])
def test_new_game_panel_fits_at_every_width(context: Any, site_url: str, language: str) -> None:
    """Every part of the panel within its box (its seats' long level names and Bosk's park
    file choice included), with nothing to scroll sideways, from a phone to a desktop."""
    page = context.new_page()
    page.add_init_script(f"localStorage.setItem('tabula.language', '{language}')")
    page.goto(site_url + "bosk.html")
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    page.click("#new-game")
    page.check('input[name="option-players"][value="4"]')
    assert page.locator(".seat-choice:not([hidden]) select").count() == 4
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 800})
        assert page.evaluate(PANEL_OVERFLOW) == [], f"{language} at {width} px"
    page.keyboard.press("Escape")
    page.close()


@pytest.mark.parametrize("language", ["en", "ko"])
@pytest.mark.parametrize("url", ["boards.html", "tutorial.html"])
def test_pages_of_boards_fit_a_phone(
    context: Any, site_url: str, url: str, language: str
) -> None:
    """A page of text with boards in it (a tutorial) never scrolls sideways on a phone: each
    board's step buttons go on to a second line rather than past the page's edge."""
    page = context.new_page()
    page.add_init_script(f"localStorage.setItem('tabula.language', '{language}')")
    page.set_viewport_size({"width": 320, "height": 800})
    page.goto(site_url + url)
    page.wait_for_function(BOARDS_READY, timeout=ENGINE_TIMEOUT_MS)
    assert page.locator(".embed-controls:not([hidden]) button").count() > 0
    for width in (320, 375, 480):
        page.set_viewport_size({"width": width, "height": 800})
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= width, f"{url} in {language} is {wide} px wide at {width} px"
    page.close()


def test_tap_twice_to_play_on_a_touch_screen(browser: Any, site_url: str) -> None:
    touch = browser.new_context(
        locale="en-GB", has_touch=True, is_mobile=True, viewport={"width": 390, "height": 844}
    )
    watch = watch_context(touch, site_url)
    page = touch.new_page()
    page.goto(site_url + "bounders.html#size=7&rules=basic&komi=off&moves=")
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    assert page.is_visible("#confirm-taps-option")
    page.check("#confirm-taps")
    page.tap('#board [data-action="g7"]')
    page.wait_for_selector('#board [data-action="g7"].pending')
    page.wait_for_function("document.getElementById('preview').textContent.includes('g7')")
    assert ply(page) == 0
    assert "again" in str(page.text_content("#announcer"))
    # Another cell: that one waits instead; a second tap on it plays it.
    page.tap('#board [data-action="a1"]')
    page.wait_for_selector('#board [data-action="a1"].pending')
    assert page.locator("#board .pending").count() == 1 and ply(page) == 0
    page.tap('#board [data-action="a1"]')
    page.wait_for_function("document.body.dataset.ply === '1'")
    # Off: a tap plays at once.
    page.uncheck("#confirm-taps")
    page.tap('#board [data-action="g7"]')
    page.wait_for_function("document.body.dataset.ply === '2'")
    page.close()
    touch.close()
    watch.assert_clean()
