"""The keyboard is never left on the page's body: a button that an action disables or draws
anew hands its focus to the nearest one still usable, or to the board (Undo and Redo at the
ends, an embed's First and Last, Bosk's tree buttons, Bounders' swap, the hint, a rules
page's step buttons, its hint and its answer). A hint found
is said aloud; an embed whose exercise goal is refused is a picture, not a board of dead
buttons; a page's title is in the reader's language."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from conftest import ENGINE_TIMEOUT_MS

READY = "body[data-ready=true]"
FOCUSED = "document.activeElement === document.body ? 'BODY' : (document.activeElement.id || " \
    "document.activeElement.dataset.select || document.activeElement.dataset.action || " \
    "document.activeElement.tagName)"


def opened(context: Any, url: str) -> Any:
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector(READY, timeout=ENGINE_TIMEOUT_MS)
    return page


def press(page: Any, selector: str, key: str = "Enter") -> None:
    page.focus(selector)
    page.keyboard.press(key)


def wait_ply(page: Any, n: int) -> None:
    page.wait_for_function(f"document.body.dataset.ply === '{n}'", timeout=ENGINE_TIMEOUT_MS)


def test_undo_and_redo_at_the_ends_hand_the_focus_to_each_other(
    context: Any, site_url: str
) -> None:
    page = opened(context, site_url + "bounders.html#size=7&rules=basic&moves=g7,a1")
    press(page, "#undo")
    wait_ply(page, 1)
    page.keyboard.press("Enter")
    wait_ply(page, 0)
    assert page.evaluate(FOCUSED) == "redo"  # Undo is disabled at the start
    page.keyboard.press("Enter")
    wait_ply(page, 1)
    page.keyboard.press("Enter")
    wait_ply(page, 2)
    assert page.evaluate(FOCUSED) == "undo"  # Redo is disabled at the end
    page.close()


def test_the_side_buttons_keep_the_focus(context: Any, site_url: str) -> None:
    page = opened(context, site_url + "bosk.html#players=2")
    press(page, "#choices [data-select]")
    page.wait_for_selector('#choices [aria-pressed="true"]')
    # the tree chosen, the focus is on the board, on a point where it may be planted
    assert page.evaluate("document.activeElement.closest('#board') !== null")
    assert page.evaluate("document.activeElement.dataset.action || ''").startswith("plant ")
    # Escape drops the tree: the focus goes back to the trees, not to the bare picture
    page.keyboard.press("Escape")
    page.wait_for_selector('#choices [aria-pressed="true"]', state="detached")
    page.wait_for_function("document.activeElement.closest('#choices') !== null")
    # a tree planted from the keyboard: the next step, the next tree, has the focus
    page.keyboard.press("Enter")
    page.wait_for_selector('#choices [aria-pressed="true"]')
    page.keyboard.press("Enter")
    wait_ply(page, 1)
    page.wait_for_function("document.activeElement.closest('#choices') !== null")
    page.close()
    page = opened(context, site_url + "bounders.html#size=7&rules=tournament&moves=g7")
    press(page, '#choices [data-action="swap"]')
    wait_ply(page, 2)
    assert page.evaluate("document.getElementById('board').contains(document.activeElement)")
    page.close()


def test_a_hint_keeps_the_focus_and_is_said(context: Any, site_url: str) -> None:
    page = opened(context, site_url + "bounders.html#size=7&rules=basic&moves=g7")
    press(page, "#hint")
    page.wait_for_selector("#hint-panel:not([hidden])", timeout=ENGINE_TIMEOUT_MS)
    assert page.evaluate(FOCUSED) != "BODY"
    hint = str(page.text_content("#hint-text"))
    assert hint.startswith("Suggested: ")
    page.wait_for_function(
        "(hint) => document.getElementById('announcer').textContent === hint", arg=hint
    )
    # the focus is on the hinted cell, where Enter plays it
    focused = page.evaluate("document.activeElement.dataset.action")
    assert focused and hint == f"Suggested: {focused}"
    page.close()
    # a move in two parts (Splinter's piece, then where it goes): the focus is on the piece
    page = opened(context, site_url + "splinter.html#size=9x10")
    press(page, "#hint")
    page.wait_for_selector("#hint-panel:not([hidden])", timeout=ENGINE_TIMEOUT_MS)
    hint = str(page.text_content("#hint-text"))
    piece = page.evaluate("document.activeElement.dataset.select")
    assert piece and hint.startswith(f"Suggested: {piece}-")
    page.close()


def test_an_embeds_first_and_last_keep_the_focus(context: Any, site_url: str) -> None:
    page = opened(context, site_url + "embed.html?game=bounders&size=7&moves=g7,a1,m7&ply=1")
    press(page, "#last")
    page.wait_for_function("document.body.dataset.ply === '3'")
    assert page.evaluate(FOCUSED) == "back"
    press(page, "#first")
    page.wait_for_function("document.body.dataset.ply === '0'")
    assert page.evaluate(FOCUSED) == "forward"
    page.close()


def test_an_embed_with_a_refused_goal_is_a_picture(context: Any, site_url: str) -> None:
    goal = json.dumps({"kind": "score", "path": "nope", "seat": "mover", "gain": 3})
    page = opened(context, site_url + f"embed.html?game=bounders&exercise-goal={quote(goal)}")
    page.wait_for_function("document.getElementById('error').textContent.includes('nope')")
    assert page.locator("#board [role=button]").count() == 0
    assert page.locator("#board [tabindex='0']").count() == 0
    page.close()


def test_a_pages_title_is_in_the_readers_language(context: Any, site_url: str) -> None:
    for url, title in (
        ("bosk.html?lang=ko", "보스크 · 타불라"),
        ("bosk.html?lang=en", "Bosk · Tabula"),
        ("boards.html?lang=ko", "튜토리얼용 보드 · 타불라"),
        ("index.html?lang=ko", "타불라"),
        ("embed.html?lang=ko", "타불라 보드"),  # no game to name
        ("embed.html?game=bosk&lang=ko", "보스크 · 타불라"),
    ):
        page = context.new_page()
        page.goto(site_url + url)
        page.wait_for_function(f"document.title === {json.dumps(title)}")
        page.close()


def test_a_rules_page_keeps_the_focus(context: Any, site_url: str) -> None:
    """A rules page's step-through buttons at the ends, the hint that goes once shown and the
    help that goes with the answer hand the focus on: to the nearest step button, the hint's
    text, and Try again."""
    page = context.new_page()
    page.goto(site_url + "bounders-rules.html")
    steps = page.locator("figure:has([data-go])").first
    steps.locator('[data-go="last"]').focus()
    page.keyboard.press("Enter")
    assert steps.locator('[data-go="last"]').is_disabled()
    assert page.evaluate("document.activeElement.dataset.go") == "back"
    steps.locator('[data-go="first"]').focus()
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.dataset.go") == "forward"

    section = page.locator("#board-corner")
    section.locator('[data-act="start"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#board-corner[data-state=ready]", timeout=ENGINE_TIMEOUT_MS)
    section.locator('[data-act="hint"]').focus()
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.classList.contains('rules-hint')")
    section.locator('[data-act="answer"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#board-corner[data-state=shown]", timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_function("document.activeElement !== document.body")
    assert page.evaluate("document.activeElement.dataset.act") == "again"
    page.close()
