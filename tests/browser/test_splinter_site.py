"""Splinter in the browser: a whole game on a small board played by clicks only (a piece, then
one of its highlighted squares), with the engine's preview of a splintering move shown before
it is played; the side panel and the result panel against the engine's own score and result
for the same record."""

from __future__ import annotations

import json
import random
from typing import Any

import build_site
import pytest
from conftest import ENGINE_TIMEOUT_MS, Watch, check_result_panel, fragment

from py_engine import load_game
from py_engine.games.splinter.game import Splinter

pytestmark = pytest.mark.browser

PIECES = "#board [data-select]"
TARGETS = "#board [data-action]"


def ply(page: Any) -> int:
    return int(page.get_attribute("body", "data-ply"))


def splintering(record: str) -> dict[str, str]:
    """The moves of the position that splinter pieces off, by their piece's square."""
    game = load_game(record)
    assert isinstance(game, Splinter)
    found = {}
    for action in game.legal_actions():
        game.play(action)
        shift = game.last_shift()
        if shift is not None and shift.removed:
            found[action.split("-")[0]] = action
        game.undo()
    return found


def preview(page: Any, action: str) -> str:
    """Hover a highlighted square and wait for the preview of its move: the engine's picture
    over the board and the words in the side panel."""
    page.hover(f'{TARGETS}[data-action="{action}"]')
    page.wait_for_function(
        "document.getElementById('preview').textContent.startsWith(" + json.dumps(action) + ")"
    )
    assert page.locator("#board-preview svg").count() == 1
    return str(page.text_content("#preview"))


def test_whole_game_by_clicks(site_context: tuple[Any, Watch], site_url: str) -> None:
    context, watch = site_context
    page = context.new_page()
    page.goto(site_url + "splinter.html")
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)

    page.click("#new-game")
    for option in ("first", "edge", "noreturn"):
        assert page.locator(f'fieldset[data-option="{option}"]').count() == 1
    page.check('input[name="option-size"][value="9x10"]')
    page.check('input[name="option-edge"][value="off"]')
    page.click('#new-game-dialog button[value="start"]')
    page.wait_for_function(
        "document.getElementById('record').textContent.includes('size: 9x10\\nfirst: black"
        "\\nedge: off\\n')"
    )

    # A piece chosen, then a click on the paper away from the pieces: the choice is dropped.
    # The live region says each, for whoever does not see the board.
    # The piece is said by its name, which holds its cell ("Black pawn on c8").
    first = str(page.locator(PIECES).first.get_attribute("data-select"))
    name = str(page.locator(PIECES).first.get_attribute("aria-label"))
    assert name.endswith(first) and name != first
    page.locator(PIECES).first.click()
    page.wait_for_selector(TARGETS)
    assert page.text_content("#announcer") == (
        f"Chosen: {name}. Now choose where it goes, or press Escape to drop it."
    )
    page.click("#board svg", position={"x": 3, "y": 3})
    page.wait_for_function(f"!document.querySelector('{TARGETS}')")
    assert page.text_content("#announcer") == "Choice dropped."
    # Escape closes an open dialog without dropping the choice; heard on the page, it drops it.
    page.locator(PIECES).first.click()
    page.wait_for_selector(TARGETS)
    page.click("#new-game")
    page.wait_for_selector("#new-game-dialog[open]")
    page.keyboard.press("Escape")
    page.wait_for_selector("#new-game-dialog[open]", state="detached")
    page.wait_for_timeout(300)
    assert page.locator(TARGETS).count() > 0
    page.keyboard.press("Escape")
    page.wait_for_function(f"!document.querySelector('{TARGETS}')")

    # The pieces that cannot move now (the other side's) can be reached and heard too: each is
    # named, in the arrows' order, beside the pieces to move.
    others = page.locator("#board [data-info]")
    names = [str(n) for n in others.evaluate_all("parts => parts.map(p => p.ariaLabel)")]
    assert len(names) + page.locator(PIECES).count() == 30
    assert all(n.startswith("White ") for n in names) and "White king on e5" in names
    assert others.first.get_attribute("role") == "button"
    assert others.first.get_attribute("tabindex") == "-1"
    # Enter on one plays nothing and says so
    others.first.focus()
    page.keyboard.press("Enter")
    assert page.text_content("#announcer") == f"{names[0]}: nothing can be played there now."
    assert ply(page) == 0

    rng = random.Random(11)
    seen_splinter = False
    while page.get_attribute("body", "data-over") != "true":
        record = str(page.text_content("#record"))
        cutting = splintering(record)
        pieces = [str(p.get_attribute("data-select")) for p in page.locator(PIECES).all()]
        choice = [p for p in pieces if p in cutting]
        square = choice[0] if choice and rng.random() < 0.6 else rng.choice(pieces)
        page.click(f'{PIECES}[data-select="{square}"]')
        page.wait_for_selector(TARGETS)
        targets = [str(t.get_attribute("data-action")) for t in page.locator(TARGETS).all()]
        action = cutting[square] if square in cutting else rng.choice(targets)
        assert action in targets
        words = preview(page, action)
        if square in cutting:
            assert page.locator("#board-preview .splinters .splinter-mark").count() > 0
            assert "splinter off" in words
            seen_splinter = True
        before = ply(page)
        page.click(f'{TARGETS}[data-action="{action}"]')
        page.wait_for_function(f"document.body.dataset.ply === '{before + 1}'")
        assert page.locator("#board-preview svg").count() == 0
        if page.get_attribute("body", "data-over") != "true":
            assert page.locator("#board .last-move").count() == 1
            played = load_game(str(page.text_content("#record")))
            assert isinstance(played, Splinter)
            score = played.score()
            rows = page.locator("#details .splinter-sides tbody tr")
            assert rows.nth(0).text_content() == (
                f"Black{score['pawns']['black']}{score['lost']['black']}"
                + (f"{score['king_groups']['black']}" if score["split_near"] else "")
            )
            assert page.locator("#details .split-near").count() == int(score["split_near"])
            # The squares of the pieces that splintered off are marked, and the panel says so.
            shift = played.last_shift()
            assert shift is not None and bool(shift.removed) == (square in cutting)
            marked = page.locator("#board .splintered-mark").count()
            assert marked == len(shift.removed)
            assert page.locator("#details .last-removed").count() == int(marked > 0)

    assert seen_splinter
    expected = check_result_panel(page, str(page.text_content("#record")))
    cells = page.locator("#result-details tbody tr").nth(1).locator("td").all_text_contents()
    white = [expected[key]["white"] for key in ("pawns", "lost", "king_groups")]
    assert cells == ["White", *map(str, white)]
    assert page.locator(PIECES).count() == 0
    page.close()
    watch.assert_clean()


def test_whole_board_toggle(site_context: tuple[Any, Watch], site_url: str) -> None:
    context, watch = site_context
    page = context.new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site_url + "splinter.html#moves=")
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    fitted = page.get_attribute("#board svg", "viewBox")
    page.check("#whole-board")
    page.wait_for_function(
        f"document.querySelector('#board svg').getAttribute('viewBox') !== '{fitted}'"
    )
    whole = str(page.get_attribute("#board svg", "viewBox")).split()
    assert float(whole[2]) > float(str(fitted).split()[2])
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.close()
    watch.assert_clean()


def test_worker_draws_the_preview_and_the_frame() -> None:
    """The worker's picture options: a game's own (``draw``), and the previewed action's picture;
    a bad option is answered with an error and the board's game is kept."""
    worker = build_site.load_worker()
    start = "game: splinter\n\n"
    fitted = json.loads(worker.view("t", start))
    whole = json.loads(worker.view("t", start, json.dumps({"draw": {"frame": "full"}})))
    assert fitted["svg"] != whole["svg"]
    action = fitted["legal"][0]
    seen = json.loads(worker.preview("t", start, action, json.dumps({"picture": True})))
    assert seen["action"] == action and 'class="push-arrow' in seen["svg"]
    assert "svg" not in json.loads(worker.preview("t", start, action))
    for bad in ({"frame": "half"}, {"zoom": 2}, [1]):
        answer = json.loads(worker.view("t", start, json.dumps({"draw": bad})))
        assert "error" in answer
    assert json.loads(worker.view("t", start))["actions"] == []


def test_piece_labels_follow_the_language(site_context: tuple[Any, Watch], site_url: str) -> None:
    """On the Korean site a screen reader hears Splinter's pieces and squares in Korean."""
    context, watch = site_context
    page = context.new_page()
    page.goto(site_url + "splinter.html")
    page.evaluate("localStorage.setItem('tabula.language', 'ko')")
    page.reload()
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_function("document.documentElement.lang === 'ko'")
    label = str(page.get_attribute(f"{PIECES} >> nth=0", "aria-label"))
    assert label.endswith(("흑 폰", "백 폰", "흑 킹", "백 킹")), label
    page.click(f"{PIECES} >> nth=0")
    page.wait_for_selector(TARGETS)
    target = str(page.get_attribute(f"{TARGETS} >> nth=0", "aria-label"))
    assert "이동" in target and "move" not in target, target
    page.evaluate("localStorage.removeItem('tabula.language')")
    page.close()
    watch.assert_clean()


# How far a focused part's keyboard ring reaches past the part itself, in screen pixels, beside
# the part's width: an outline (its width and offset) or a stroke (half of it lies outside), both
# in the picture's own units, so scaled as the picture is.
RING = """(el) => {
  const style = getComputedStyle(el);
  const outline = style.outlineStyle === "none" ? 0
    : parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
  const stroke = style.stroke === "none" ? 0 : parseFloat(style.strokeWidth) / 2;
  const scale = el.getScreenCTM().a;
  return {
    shown: el.matches(":focus-visible") && (outline > 0 || stroke > 0),
    reach: Math.max(outline, stroke) * scale,
    width: el.getBoundingClientRect().width,
  };
}"""


@pytest.mark.parametrize(("game", "part"), [("splinter", PIECES), ("bounders", TARGETS)])
def test_the_focus_ring_outlines_one_square(
    site_context: tuple[Any, Watch], site_url: str, game: str, part: str
) -> None:
    """The ring of the focused square stays on that square (Splinter's squares are small in the
    picture's units, where a page-sized outline ringed the squares around it too); Bounders'
    cells, for comparison, keep theirs as tight."""
    context, watch = site_context
    page = context.new_page()
    page.goto(site_url + f"{game}.html")
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    page.locator(part).first.focus()
    ring = page.locator(":focus").evaluate(RING)
    assert ring["shown"], ring
    assert ring["reach"] <= 0.1 * ring["width"], ring
    page.close()
    watch.assert_clean()


# The focused square and the ring the page draws for it on the picture of a preview: their
# boxes on the screen, the ring's look, and whether anything of the picture comes after it.
OVER_PREVIEW = """() => {
  const ring = document.querySelector("#board-preview:not([hidden]) svg .focus-ring");
  if (!ring) return null;
  const box = (el) => {
    const b = el.getBoundingClientRect();
    return [b.x, b.y, b.width, b.height];
  };
  const style = getComputedStyle(ring);
  return {
    focused: box(document.activeElement), ring: box(ring), last: ring.nextElementSibling === null,
    stroke: style.stroke, width: parseFloat(style.strokeWidth) * ring.getScreenCTM().a,
    visible: style.visibility === "visible" && style.display !== "none",
  };
}"""


def test_the_focus_ring_shows_over_a_preview(
    site_context: tuple[Any, Watch], site_url: str
) -> None:
    """A square focused from the keyboard previews its move in a picture laid over the board,
    which hides the board's own ring: the page rings the focused square on the picture too, on
    top, where the square is; a preview pointed at with the mouse, with nothing focused, has no
    ring."""
    context, watch = site_context
    page = context.new_page()
    page.goto(site_url + "splinter.html")
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    page.locator(PIECES).first.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(TARGETS)
    page.locator(TARGETS).first.focus()
    page.wait_for_function(OVER_PREVIEW)
    ring = page.evaluate(OVER_PREVIEW)
    assert ring["visible"] and ring["last"] and ring["stroke"] not in ("none", ""), ring
    assert all(abs(a - b) < 0.5 for a, b in zip(ring["focused"], ring["ring"], strict=True)), ring
    assert 0.5 < ring["width"] <= 0.2 * ring["focused"][2], ring
    page.evaluate("document.activeElement.blur()")
    page.wait_for_selector("#board-preview", state="hidden")
    preview(page, str(page.get_attribute(f"{TARGETS} >> nth=0", "data-action")))
    assert page.locator("#board-preview .focus-ring").count() == 0
    page.close()
    watch.assert_clean()


def pushing_off(seed: int) -> Splinter:
    """A seeded random game on the smallest board with the off rule, up to the first move that
    pushes a pawn off the board and leaves the game going."""
    game = Splinter(size="9x10", edge="off")
    rng = random.Random(seed)
    while True:
        game.play(rng.choice(game.legal_actions()))
        shift = game.last_shift()
        if game.is_over:
            game = Splinter(size="9x10", edge="off")
        elif shift is not None and shift.fell is not None:
            return game


def test_a_pawn_pushed_off_is_marked_and_told(
    site_context: tuple[Any, Watch], site_url: str
) -> None:
    """After a move that pushes a pawn off the board, the board marks where it went and the
    panel says so, in English and in Korean, as the board's description does."""
    context, watch = site_context
    page = context.new_page()
    game = pushing_off(5)
    shift = game.last_shift()
    assert shift is not None and shift.fell is not None
    square = game.grid.names[shift.fell[0]]
    page.goto(site_url + "splinter.html#" + fragment(game))
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_selector("#details .last-pushed-off")
    assert page.get_attribute("#board .pushed-off-mark", "data-square") == square
    catalogues = {lang: json.loads((build_site.ROOT / "web" / "i18n" / f"{lang}.json")
                                   .read_text("utf-8")) for lang in ("en", "ko")}
    for lang in ("en", "ko"):
        page.select_option("#language", lang)
        page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        words = catalogues[lang]
        assert page.text_content("#details .last-pushed-off") == words["splinter.last-pushed-off"]
        colour = "black" if shift.fell[1] & 3 == 1 else "white"
        told = words[f"describe.splinter.last.pushed-off.{colour}"].replace("{square}", square)
        assert told in str(page.get_attribute("#board svg", "aria-label"))
    page.evaluate("localStorage.removeItem('tabula.language')")
    page.close()
    watch.assert_clean()


def test_the_panel_heading_says_what_it_shows(
    site_context: tuple[Any, Watch], site_url: str
) -> None:
    """Splinter has no points: its panel, which counts pawns, is headed so, in both languages
    (the language changed on the page too); the other games' panels keep their heading."""
    context, watch = site_context
    page = context.new_page()
    expected = {
        "splinter": ("Pawns", "폰"), "bounders": ("Score", "점수"), "bosk": ("Score", "점수"),
    }
    for game, (english, korean) in expected.items():
        page.goto(site_url + f"{game}.html")
        page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
        assert page.text_content("#score-title") == english
        page.select_option("#language", "ko")
        page.wait_for_function("document.documentElement.lang === 'ko'")
        assert page.text_content("#score-title") == korean
        page.select_option("#language", "en")
        page.wait_for_function("document.documentElement.lang === 'en'")
    page.close()
    watch.assert_clean()


# The contrast of a mark's stroke (blended by its opacity) with what lies under it: the board's
# paper, or beyond the board's edge the page's background (the first one set over the picture).
MARK_CONTRAST = """(selector) => {
  const rgb = (text) => text.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const luminance = (colour) => {
    const [r, g, b] = colour.map(c => {
      const v = c / 255;
      return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const mark = document.querySelector(selector + ' circle');
  const svg = mark.ownerSVGElement;
  let under;
  if (mark.closest('.splintered')) {
    under = rgb(getComputedStyle(svg.querySelector('.paper')).fill);
  } else {
    for (let e = svg.parentElement; e; e = e.parentElement) {
      const background = getComputedStyle(e).backgroundColor;
      if (background !== 'rgba(0, 0, 0, 0)') { under = rgb(background); break; }
    }
  }
  const style = getComputedStyle(mark);
  const group = getComputedStyle(mark.closest('.splintered, .pushed-off'));
  const alpha = parseFloat(style.strokeOpacity) * parseFloat(group.opacity);
  const seen = rgb(style.stroke).map((c, i) => alpha * c + (1 - alpha) * under[i]);
  const [dark, light] = [luminance(seen), luminance(under)].sort((a, b) => a - b);
  return (light + 0.05) / (dark + 0.05);
}"""


def test_the_marks_of_pieces_gone_read_in_both_themes(
    site_context: tuple[Any, Watch], site_url: str
) -> None:
    """The marks of pieces splintered off (on the board's paper) and of a pawn pushed off (on
    the page beyond the board's edge) stand out at least 3:1 from what lies under them, in the
    light theme and in the dark one."""
    context, watch = site_context
    page = context.new_page()
    page.goto(site_url + "splinter.html#" + fragment(pushing_off(5)))
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_selector("#board .pushed-off-mark")
    assert page.locator("#board .splintered-mark").count() > 0
    for theme in ("light", "dark"):
        page.evaluate(f"document.documentElement.dataset.theme = '{theme}'")
        for mark in ("#board .splintered-mark", "#board .pushed-off-mark"):
            assert page.evaluate(MARK_CONTRAST, mark) >= 3, (theme, mark)
    page.evaluate("document.documentElement.dataset.theme = 'light'")
    page.close()
    watch.assert_clean()
