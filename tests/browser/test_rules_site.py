"""The rules pages in the browser: every page in both languages loads clean (no console error, no
request to another origin) with its diagrams in the page as served, before and without any
engine; a step-through sequence steps; an exercise starts the engine, refuses a wrong try with
its reason and accepts a right one, and the page remembers it; the first-game link sets the
seats; offline, a rules page and its exercises work like the game pages."""

from __future__ import annotations

import json
import re
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import ENGINE_TIMEOUT_MS, ROOT, Watch, watch_context
from serve import start

from py_engine import load_game

sys.path.insert(0, str(ROOT / "tools"))
from rules_pages import RULES, exercise_html, load_content, page_name  # noqa: E402

pytestmark = pytest.mark.browser

GAMES_WITH_RULES = sorted(path.stem for path in RULES.glob("*.json"))
HANGUL = re.compile("[\uac00-\ud7a3]")
CATALOGUE = json.loads((ROOT / "web" / "i18n" / "en.json").read_text("utf-8"))
# What only an exercise may load: PyScript, Pyodide and the engine's worker script.
ENGINE_FILES = ("vendor/pyscript/", "vendor/pyodide/", "engine/")


def content(game: str) -> dict[str, Any]:
    return load_content(RULES / f"{game}.json")


def diagram_count(data: dict[str, Any]) -> int:
    return sum(len(section.get("diagrams", [])) for section in data["sections"])


@pytest.fixture
def reader(browser: Any, site_url: str) -> Iterator[tuple[Any, Watch, list[str]]]:
    """A fresh context (so nothing is cached or remembered) whose pages' requests are listed
    (not the service worker's: it saves the whole site for offline use, as on every page)."""
    context = browser.new_context(locale="en-GB")
    watch = watch_context(context, site_url)
    requested: list[str] = []
    context.on("request", lambda r: None if r.service_worker else requested.append(r.url))
    yield context, watch, requested
    context.close()


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("game", GAMES_WITH_RULES)
def test_rules_page_loads_clean_in_each_language(
    reader: tuple[Any, Watch, list[str]], site_url: str, game: str, lang: str
) -> None:
    context, watch, requested = reader
    data = content(game)
    url = f"{site_url}{page_name(game)}"
    with urllib.request.urlopen(url) as response:
        served = response.read().decode("utf-8")
    # The diagrams are in the page as served: no script and no engine draws them.
    figures = re.findall(r'<figure class="rules-diagram[^"]*" id="([\w-]+)"', served)
    assert len(figures) == diagram_count(data)
    for figure in figures:
        part = served.split(f'id="{figure}"', 1)[1].split("</figure>", 1)[0]
        assert "<svg" in part, f"{figure} has no picture in the served page"
    # (in a try: the script also runs in the first blank document, which has no storage)
    remember = f"localStorage.setItem('tabula.language', '{lang}')"
    context.add_init_script(f"try {{ {remember} }} catch {{}}")
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']")
    assert page.get_attribute("html", "lang") == lang
    heading = str(page.locator("h1").inner_text())
    assert heading == data["title"][lang]
    assert bool(HANGUL.search(heading)) == (lang == "ko")
    first = data["sections"][0]
    shown = page.locator(f"#{first['id']} > .l-{lang}").first
    hidden = page.locator(f"#{first['id']} > .l-{'en' if lang == 'ko' else 'ko'}").first
    assert shown.is_visible() and not hidden.is_visible()
    assert shown.inner_text() == first["body"][0][lang]
    assert page.locator(".rules-diagram svg:visible").count() >= diagram_count(data)
    page.wait_for_timeout(500)
    assert [u for u in requested if any(f"/{f}" in u for f in ENGINE_FILES)] == []
    watch.assert_clean()


def test_step_through_sequence(reader: tuple[Any, Watch, list[str]], site_url: str) -> None:
    context, watch, _ = reader
    data = content("bounders")
    sequence = next(
        d for s in data["sections"] for d in s.get("diagrams", []) if "steps" in d
    )
    page = context.new_page()
    page.goto(f"{site_url}{page_name('bounders')}")
    page.wait_for_selector("body[data-ready='1']")
    figure = page.locator(f"#{sequence['id']}")
    caption = figure.locator("figcaption [data-step]:visible")
    assert caption.inner_text() == sequence["steps"][0]["caption"]["en"]
    assert figure.locator("[data-go=back]").is_disabled()
    # A later step's picture is put in the document when it is first shown.
    assert figure.locator(".rules-frame[data-step='1'] svg").count() == 0
    figure.locator("[data-go=forward]").click()
    assert caption.inner_text() == sequence["steps"][1]["caption"]["en"]
    assert figure.locator(".rules-frame[data-step='1'] > svg[role=img]").is_visible()
    assert figure.locator(".rules-frame:visible").count() == 1
    assert figure.locator(".rules-frame:visible").get_attribute("data-step") == "1"
    assert figure.locator(".rules-count").inner_text() == f"Step 2 of {len(sequence['steps'])}"
    # One first shown after a change of language is described in the new language.
    page.select_option("#language", "ko")
    page.wait_for_selector("html[lang=ko]")
    figure.locator("[data-go=last]").click()
    assert caption.inner_text() == sequence["steps"][-1]["caption"]["ko"]
    assert figure.locator("[data-go=forward]").is_disabled()
    last = figure.locator(".rules-frame:visible > svg")
    assert HANGUL.search(str(last.get_attribute("aria-label")))
    watch.assert_clean()


# Put back, in the first Bosk picture, each part it draws from the page's shared <defs>.
PUT_BACK = """(svg) => {
  let n = 0;
  for (const use of svg.querySelectorAll("use")) {
    const part = document.querySelector(use.getAttribute("href")).firstElementChild;
    use.replaceWith(part.cloneNode(true));
    n += 1;
  }
  return n;
}"""


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_shared_part_is_drawn_as_in_place(
    reader: tuple[Any, Watch, list[str]], site_url: str, theme: str
) -> None:
    """The parts several pictures draw alike are written once in the page (tools/rules_pages.py);
    a picture that draws them from there looks the same to the pixel as with them in place."""
    context, watch, _ = reader
    page = context.new_page()
    page.goto(f"{site_url}{page_name('bosk')}")
    page.wait_for_selector("body[data-ready='1']")
    page.evaluate(f"document.documentElement.dataset.theme = '{theme}'")
    picture = page.locator(".rules-diagram svg:visible").first
    assert picture.locator("use").count() > 0
    drawn = picture.screenshot(animations="disabled")
    assert picture.evaluate(PUT_BACK) > 0
    assert picture.locator("use").count() == 0
    assert picture.screenshot(animations="disabled") == drawn
    watch.assert_clean()


def exercise_of(game: str, exercise_id: str) -> dict[str, Any]:
    return next(
        s["exercise"] for s in content(game)["sections"]
        if s.get("exercise", {}).get("id") == exercise_id
    )


def start_exercise(page: Any, exercise_id: str) -> Any:
    section = page.locator(f"#{exercise_id}")
    section.locator("[data-act=start]").click()
    page.wait_for_selector(f"#{exercise_id}[data-state=ready]", timeout=ENGINE_TIMEOUT_MS)
    return section


def test_exercise_refuses_a_wrong_try_and_accepts_a_right_one(
    reader: tuple[Any, Watch, list[str]], site_url: str
) -> None:
    context, watch, requested = reader
    corner = exercise_of("bounders", "board-corner")
    page = context.new_page()
    page.goto(f"{site_url}{page_name('bounders')}")
    page.wait_for_selector("body[data-ready='1']")
    total = sum(1 for s in content("bounders")["sections"] if "exercise" in s)
    assert page.locator(".rules-progress").inner_text() == f"Exercises solved: 0 of {total}"
    section = start_exercise(page, "board-corner")
    assert any("/engine/worker.py" in u for u in requested)
    wrong = corner["wrong"][0]
    section.locator(f'.rules-board [data-action="{wrong}"]').click()
    page.wait_for_selector("#board-corner[data-state=wrong]")
    why = CATALOGUE[corner["goal"]["why"]].replace("{action}", wrong)
    assert section.locator(".rules-verdict").inner_text() == f"Not quite. {why}"
    assert section.locator(".rules-solved").is_hidden()
    section.locator("[data-act=again]").click()
    page.wait_for_selector("#board-corner[data-state=ready]")
    # Any corner is right, not only the one the page would show as the answer.
    right = next(a for a in corner["goal"]["any_of"] if a != corner["answer"])
    section.locator(f'.rules-board [data-action="{right}"]').click()
    page.wait_for_selector("#board-corner[data-state=solved]")
    assert section.locator(".rules-solved").inner_text() == corner["solved"]["en"]
    assert page.locator(".rules-progress").inner_text() == f"Exercises solved: 1 of {total}"
    # An illegal cell in an open exercise: the game's own reason.
    placing = exercise_of("bounders", "placing-open")
    section = start_exercise(page, "placing-open")
    illegal = placing["wrong"][0]
    section.locator(f'.rules-board [data-action="{illegal}"]').click()
    page.wait_for_selector("#placing-open[data-state=wrong]")
    why = CATALOGUE["lesson.why.illegal.bounders"].replace("{action}", illegal)
    assert section.locator(".rules-verdict").inner_text() == f"Not quite. {why}"
    section.locator("[data-act=answer]").click()
    page.wait_for_selector("#placing-open[data-state=shown]")
    assert placing["answer"] in section.locator(".rules-verdict").inner_text()
    # From the keyboard: the started board has the focus; arrows move it, Enter tries.
    section = start_exercise(page, "regions-split")
    assert page.evaluate("document.activeElement.closest('#regions-split .rules-board') !== null")
    page.keyboard.press("ArrowRight")
    tried = page.evaluate("document.activeElement.dataset.action")
    page.keyboard.press("Enter")
    page.wait_for_selector("#regions-split[data-state=wrong]")
    assert tried in section.locator(".rules-verdict").inner_text()
    # Every Bounders exercise is open: a taken cell tried is said to be refused, and why.
    scoring = exercise_of("bounders", "scoring-gain")
    taken = load_game(scoring["record"]).history[0]
    section = start_exercise(page, "scoring-gain")
    section.locator(f'.rules-board [data-action="{taken}"]').first.click()
    page.wait_for_selector("#scoring-gain[data-state=wrong]")
    why = CATALOGUE["lesson.why.illegal.bounders"].replace("{action}", taken)
    assert section.locator(".rules-verdict").inner_text() == f"Not quite. {why}"
    # The swap is a side button.
    section = start_exercise(page, "pie-swap")
    section.locator('.choices button[data-action="swap"]').click()
    page.wait_for_selector("#pie-swap[data-state=solved]")
    stored = json.loads(page.evaluate("localStorage.getItem('tabula.rules.bounders')"))
    assert stored == {"solved": ["board-corner", "pie-swap"]}
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator(".rules-contents li.solved").count() == 2
    assert page.locator("#board-corner[data-state=before]").count() == 1
    watch.assert_clean()


@pytest.mark.parametrize("game", GAMES_WITH_RULES)
def test_the_hint_and_the_answer_are_there_before_any_try(
    reader: tuple[Any, Watch, list[str]], site_url: str, game: str
) -> None:
    """A reader who does not know where to start finds, under every exercise and before starting
    it, "Show the answer" (and "Hint" when the exercise has one), after words asking for a try
    first and quieter than the exercise's own Start."""
    context, watch, _ = reader
    page = context.new_page()
    page.goto(f"{site_url}{page_name(game)}")
    page.wait_for_selector("body[data-ready='1']")
    exercises = [s["exercise"] for s in content(game)["sections"] if "exercise" in s]
    assert exercises
    for exercise in exercises:
        section = page.locator(f"#{exercise['id']}")
        start, answer = section.locator("[data-act=start]"), section.locator("[data-act=answer]")
        assert start.is_visible() and answer.is_visible(), exercise["id"]
        assert answer.inner_text() == CATALOGUE["rules.exercise.answer"]
        assert section.locator(".rules-help").inner_text().startswith(
            CATALOGUE["rules.exercise.stuck"])
        assert section.locator("[data-act=hint]:visible").count() == ("hint" in exercise)
        # the exercise's own button leads; the help is quieter
        assert "primary" in str(start.get_attribute("class"))
        assert "primary" not in str(answer.get_attribute("class") or "")
        assert answer.evaluate("b => parseFloat(getComputedStyle(b).fontSize)") < start.evaluate(
            "b => parseFloat(getComputedStyle(b).fontSize)")
    watch.assert_clean()


def test_the_answer_asked_before_starting_starts_the_exercise_and_shows_it(
    reader: tuple[Any, Watch, list[str]], site_url: str
) -> None:
    """"Show the answer" pressed before "Start the exercise": the engine starts, the answer is
    played and said with why it is right; "Try again" gives the position and the help back. The
    hint opens without the engine."""
    context, watch, requested = reader
    corner = exercise_of("bounders", "board-corner")
    page = context.new_page()
    page.goto(f"{site_url}{page_name('bounders')}")
    page.wait_for_selector("body[data-ready='1']")
    section = page.locator("#board-corner")
    section.locator("[data-act=answer]").click()
    page.wait_for_selector("#board-corner[data-state=shown]", timeout=ENGINE_TIMEOUT_MS)
    assert any("/engine/worker.py" in u for u in requested)
    assert section.locator(".rules-verdict").inner_text() == CATALOGUE[
        "rules.exercise.shown"].replace("{action}", corner["answer"])
    assert section.locator(".rules-reason").inner_text() == corner["reason"]["en"]
    assert section.locator("[data-act=start]").is_hidden()
    assert section.locator(".rules-help").is_hidden()
    # the answer's stone is on the board, which takes no try now
    assert section.locator(".rules-board [data-action]").count() == 0
    section.locator("[data-act=again]").click()
    page.wait_for_selector("#board-corner[data-state=ready]")
    assert section.locator(".rules-help").is_visible()
    assert section.locator(".rules-reason").is_hidden()
    assert section.locator(f'.rules-board [data-action="{corner["answer"]}"]').count() == 1
    # shown, not solved: the progress does not count it
    assert page.evaluate("localStorage.getItem('tabula.rules.bounders')") is None
    # a hint needs no engine
    split = exercise_of("bounders", "regions-split")
    other = page.locator("#regions-split")
    assert other.locator(".rules-hint").is_hidden()
    other.locator("[data-act=hint]").click()
    assert other.locator(".rules-hint").inner_text() == split["hint"]["en"]
    assert other.locator("[data-act=hint]").is_hidden()
    assert other.locator("[data-act=start]").is_visible()
    watch.assert_clean()


def test_the_answer_comes_with_its_reason_and_bosk_shows_the_standings(
    reader: tuple[Any, Watch, list[str]], site_url: str
) -> None:
    """Bosk's squirrel exercise shows the park as it stands (spaces per region and winter's
    points if it came now) before it is started; "Show the answer" says why the answer is
    right, in the reader's language, and "Try again" puts the reason away."""
    context, watch, _ = reader
    squirrel = exercise_of("bosk", "squirrel-try")
    page = context.new_page()
    page.goto(f"{site_url}{page_name('bosk')}")
    page.wait_for_selector("body[data-ready='1']")
    section = page.locator("#squirrel-try")
    standings = section.locator(".rules-standings")
    assert standings.is_visible()
    assert "if winter came now" in standings.locator("caption").inner_text()
    rows = standings.locator("tr")
    assert rows.filter(has_text="Total if winter came now").inner_text().split() == [
        "Total", "if", "winter", "came", "now", "50", "48"]
    assert section.locator(".rules-reason").is_hidden()
    start_exercise(page, "squirrel-try")
    wrong = squirrel["wrong"][0]
    section.locator(f'.rules-board [data-action="{wrong}"]').click()
    page.wait_for_selector("#squirrel-try[data-state=wrong]")
    assert section.locator(".rules-reason").is_hidden()
    section.locator("[data-act=answer]").click()
    page.wait_for_selector("#squirrel-try[data-state=shown]")
    assert section.locator(".rules-reason").inner_text() == squirrel["reason"]["en"]
    page.select_option("#language", "ko")
    page.wait_for_function("document.documentElement.lang === 'ko'")
    assert section.locator(".rules-reason").inner_text() == squirrel["reason"]["ko"]
    assert "겨울" in standings.locator("caption").inner_text()
    page.select_option("#language", "en")
    page.wait_for_function("document.documentElement.lang === 'en'")
    section.locator("[data-act=again]").click()
    page.wait_for_selector("#squirrel-try[data-state=ready]")
    assert section.locator(".rules-reason").is_hidden()
    watch.assert_clean()


@pytest.mark.parametrize("width", [390, 1280])
def test_bosk_summer_exercise_shows_the_lines_as_they_stand(browser: Any, site_url: str,
                                                            width: int) -> None:
    """Above the summer exercise's board: the rows' and the columns' tree values and points as
    the engine scores them if spring ended now, side by side on a wide screen and one above the
    other on a phone, with nothing scrolling sideways; in Korean too."""
    score = load_game(exercise_of("bosk", "summer-try")["record"]).score()
    context = browser.new_context(viewport={"width": width, "height": 900})
    watch = watch_context(context, site_url)
    page = context.new_page()
    page.goto(f"{site_url}{page_name('bosk')}")
    page.wait_for_selector("body[data-ready='1']")
    standings = page.locator("#summer-try .rules-standings")
    assert standings.is_visible()
    tables = standings.locator("table")
    assert tables.count() == 2
    column_h = next(line for line in score["summer_now"] if line["line"] == "column h")
    rows = tables.nth(1).evaluate(
        "t => [...t.rows].map(r => [...r.cells].map(c => c.textContent))")
    assert ["h", *[f"{v} → {p}" for v, p in zip(column_h["sums"], column_h["points"],
                                                strict=True)]] in rows
    first, second = (tables.nth(n).bounding_box() for n in range(2))
    assert first and second
    if width < 600:
        assert second["y"] >= first["y"] + first["height"]
    else:
        assert second["x"] >= first["x"] + first["width"] and second["y"] == first["y"]
    for n in range(2):
        assert tables.nth(n).evaluate(
            "t => t.parentElement.scrollWidth <= t.parentElement.clientWidth")
    first_total, second_total = score["summer_now_totals"]
    total = standings.locator(".rules-standings-total").inner_text()
    assert total.endswith(f"Player 1 {first_total} · Player 2 {second_total}")
    page.select_option("#language", "ko")
    page.wait_for_function("document.documentElement.lang === 'ko'")
    assert "봄이 끝난다면" in standings.locator(".rules-standings-caption").inner_text()
    assert tables.nth(0).locator("th").first.inner_text() == "가로줄"
    assert standings.locator(".rules-standings-total").inner_text().endswith(
        f"플레이어 1 {first_total} · 플레이어 2 {second_total}")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    watch.assert_clean()
    context.close()


def test_korean_verdicts_name_the_action_in_korean(
    reader: tuple[Any, Watch, list[str]], site_url: str
) -> None:
    """On a Korean rules page the answer and a wrong try's reason name a Bosk action in Korean
    with its point or space beside it ("h2에 나무 1 심기", not "plant 1@h2"); English keeps the
    notation, and a change of language says the verdict again in the new one."""
    context, watch, _ = reader
    summer = exercise_of("bosk", "summer-try")
    leaves = exercise_of("bosk", "leaves-try")
    value, _, point = summer["answer"].removeprefix("plant ").partition("@")
    page = context.new_page()
    page.goto(f"{site_url}{page_name('bosk')}?lang=ko")
    page.wait_for_selector("body[data-ready='1']")
    section = page.locator("#summer-try")
    section.locator("[data-act=answer]").click()
    page.wait_for_selector("#summer-try[data-state=shown]", timeout=ENGINE_TIMEOUT_MS)
    verdict = section.locator(".rules-verdict")
    assert verdict.inner_text() == f"답: {point}에 나무 {value} 심기"
    wrong = leaves["wrong"][0]
    other = start_exercise(page, "leaves-try")
    other.locator(f'.rules-board [data-action="{wrong}"]').click()
    page.wait_for_selector("#leaves-try[data-state=wrong]")
    said = other.locator(".rules-verdict").inner_text()
    assert f"{wrong.removeprefix('leaf ')}에 낙엽 놓기" in said and "leaf" not in said
    page.select_option("#language", "en")
    page.wait_for_function("document.documentElement.lang === 'en'")
    assert verdict.inner_text() == f"The answer: {summer['answer']}."
    assert wrong in other.locator(".rules-verdict").inner_text()
    watch.assert_clean()


def test_two_part_tries_and_open_cells(
    reader: tuple[Any, Watch, list[str]], site_url: str
) -> None:
    """A try made in two parts (a piece then its target; a side button then a cell) on the
    exercise board: the chosen part is marked and keeps the focus, Escape drops it; every cell of
    an open exercise is one button."""
    context, watch, _ = reader
    page = context.new_page()
    page.goto(f"{site_url}{page_name('splinter')}")
    page.wait_for_selector("body[data-ready='1']")
    answer = exercise_of("splinter", "splinter-try")["answer"]
    piece, _, target = answer.partition("-")
    section = start_exercise(page, "splinter-try")
    board = section.locator(".rules-board")
    assert board.locator(f'[data-action="{answer}"]').count() == 0
    board.locator(f'[data-select="{piece}"]').click()
    board.locator(f'[data-action="{answer}"]').wait_for()
    assert page.evaluate("document.activeElement.dataset.select") == piece
    # the choice is said, as on the game page, for a reader who does not see it marked
    verdict = section.locator(".rules-verdict")
    name = str(board.locator(f'[data-select="{piece}"]').get_attribute("aria-label"))
    assert piece in name
    assert verdict.inner_text() == CATALOGUE["announce.chosen"].replace("{part}", name)
    page.keyboard.press("Escape")
    board.locator(f'[data-action="{answer}"]').wait_for(state="detached")
    assert page.evaluate("document.activeElement.dataset.select") == piece
    assert verdict.inner_text() == CATALOGUE["announce.dropped"]
    assert page.locator("#splinter-try[data-state=ready]").count() == 1
    page.keyboard.press("Enter")
    board.locator(f'[data-action="{answer}"]').wait_for()
    board.locator(f'[data-action="{answer}"]').click()
    page.wait_for_selector("#splinter-try[data-state=solved]")
    assert board.locator("[tabindex]").count() == 0
    assert section.locator("[data-act=again]").is_visible()

    page.goto(f"{site_url}{page_name('bosk')}")
    page.wait_for_selector("body[data-ready='1']")
    answer = exercise_of("bosk", "summer-try")["answer"]
    tree = answer.partition("@")[0]
    section = start_exercise(page, "summer-try")
    # Bosk's spring has nothing to press on the picture: the started exercise's focus is on
    # its first tree, never the page's body
    assert page.evaluate("document.activeElement.closest('#summer-try .choices') !== null")
    choice = section.locator(f'.choices button[data-select="{tree}"]')
    assert choice.get_attribute("aria-pressed") == "false"
    choice.click()
    section.locator(f'.choices button[data-select="{tree}"][aria-pressed=true]').wait_for()
    assert section.locator(".rules-verdict").inner_text() == CATALOGUE[
        "announce.chosen"].replace("{part}", choice.inner_text())
    assert choice.inner_text() != tree
    assert page.evaluate("document.activeElement.closest('#summer-try .rules-board') !== null")
    section.locator(f'.rules-board [data-action="{answer}"]').click()
    page.wait_for_selector("#summer-try[data-state=solved]")

    page.goto(f"{site_url}{page_name('bounders')}")
    page.wait_for_selector("body[data-ready='1']")
    section = start_exercise(page, "placing-open")
    cells = section.locator(".rules-board polygon[data-cell]").count()
    actions = section.locator(".rules-board [data-action]").evaluate_all(
        "parts => parts.map(p => p.dataset.action)"
    )
    assert cells > 0 and len(actions) == cells == len(set(actions))
    assert section.locator('.rules-board [role=button][tabindex="0"]').count() == 1
    watch.assert_clean()


def test_first_game_opens_against_the_easy_computer(
    reader: tuple[Any, Watch, list[str]], site_url: str
) -> None:
    context, watch, _ = reader
    page = context.new_page()
    page.goto(f"{site_url}{page_name('bounders')}")
    page.wait_for_selector("body[data-ready='1']")
    page.click("#first-game-link")
    page.wait_for_url(re.compile(r"/bounders\.html#"))
    seats = page.evaluate("localStorage.getItem('tabula.seats.bounders')")
    assert json.loads(seats) == ["person", "beginner"]
    # The game page links back to the rules in a new tab, so the game stays where it is.
    link = page.locator("header .rules-link")
    assert link.get_attribute("href") == page_name("bounders")
    assert link.get_attribute("target") == "_blank"
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    watch.assert_clean()


@pytest.mark.parametrize("game", GAMES_WITH_RULES[:1])
def test_home_cards_link_to_the_rules(
    reader: tuple[Any, Watch, list[str]], site_url: str, game: str
) -> None:
    context, watch, _ = reader
    page = context.new_page()
    page.goto(site_url)
    link = page.locator(f'.game-card[data-game="{game}"] a.rules-link')
    assert link.get_attribute("href") == page_name(game)
    link.click()
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator("h1").inner_text() == content(game)["title"]["en"]
    watch.assert_clean()


def test_rules_page_works_offline(browser: Any, site_dir: Path, tmp_path: Path) -> None:
    """One visit to a rules page saves the site; with the server gone and the browser offline,
    the page, its diagrams and an exercise (the engine included) work from the cache."""
    folder = tmp_path / "host"
    folder.mkdir()
    (folder / "tabula").symlink_to(site_dir, target_is_directory=True)
    server, base = start(folder)
    url = f"{base}tabula/"
    context = browser.new_context(locale="en-GB")
    watch = watch_context(context, url)
    try:
        page = context.new_page()
        page.goto(url + page_name("bounders"))
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_function("navigator.serviceWorker.controller !== null")
        server.shutdown()
        server.server_close()
        context.set_offline(True)
        page.reload()
        page.wait_for_selector("body[data-ready='1']")
        assert page.locator(".rules-diagram svg:visible").count() >= diagram_count(
            content("bounders")
        )
        section = start_exercise(page, "board-corner")
        section.locator('.rules-board [data-action="a1"]').click()
        page.wait_for_selector("#board-corner[data-state=solved]")
        watch.assert_clean()
    finally:
        context.close()
        server.shutdown()
        server.server_close()


def test_every_rules_link_leads_to_a_page(site_dir: Path) -> None:
    """The home page and each game page with a rules page link to it; no link leads nowhere."""
    for game in GAMES_WITH_RULES:
        assert (site_dir / page_name(game)).is_file()
        for page in ("index.html", f"{game}.html"):
            text = (site_dir / page).read_text("utf-8")
            assert f'class="rules-link" href="{page_name(game)}"' in text, page
    for page in site_dir.glob("*.html"):
        for href in re.findall(r'class="rules-link" href="([^"]+)"', page.read_text("utf-8")):
            assert (site_dir / href).is_file(), f"{page.name} links to a missing {href}"
    assert not (site_dir / "rules").exists(), "the content files are not part of the site"


def panel_diagrams() -> list[tuple[str, int]]:
    """The Bosk diagrams drawn with the wind board and the players (the engine's default), and
    their number of steps."""
    return [
        (d["id"], len(d.get("steps", [None])))
        for section in content("bosk")["sections"] for d in section.get("diagrams", [])
        if d.get("draw", {}).get("panel", True) is True
    ]


@pytest.mark.parametrize("width", [390, 1280])
def test_a_pictures_wind_board_can_be_read_without_scrolling_sideways(
    browser: Any, site_url: str, width: int
) -> None:
    """Every Bosk picture with its wind board and players, at each step: on a wide screen they
    are beside the park; on a phone (390 px) under it, so that the picture is no wider than the
    screen, nothing scrolls sideways (neither the page nor the picture's frame) and their words
    can be read. The picture drawn for the other screen is not displayed, so screen readers skip
    it, and the one shown has the position's name."""
    context = browser.new_context(viewport={"width": width, "height": 844})
    watch = watch_context(context, site_url)
    page = context.new_page()
    page.goto(site_url + page_name("bosk"))
    page.wait_for_selector("body[data-ready='1']")
    diagrams = panel_diagrams()
    assert len(diagrams) >= 3
    for did, steps in diagrams:
        figure = page.locator(f"#{did}")
        for step in range(steps):
            if step:
                figure.locator("[data-go=forward]").click()
            where = f"{did} step {step + 1}"
            frame = figure.locator(".board-frame")
            shown = frame.locator("svg[role=img]:visible")
            assert shown.count() == 1, where
            other = shown.evaluate(
                "svg => [...svg.parentElement.children].filter(c => c !== svg)"
                ".map(c => [c.getAttribute('aria-label'), getComputedStyle(c).display])"
            )
            assert other == [[shown.get_attribute("aria-label"), "none"]], where
            assert str(shown.get_attribute("aria-label")).startswith("Bosk, "), where
            picture, park = shown.bounding_box(), shown.locator(".park-edge").bounding_box()
            board = shown.locator(".wind-board").bounding_box()
            assert picture and park and board, where
            assert picture["x"] >= 0 and picture["x"] + picture["width"] <= width, where
            assert frame.evaluate("f => f.scrollWidth <= f.clientWidth"), where
            if width < 600:
                assert board["y"] >= park["y"] + park["height"], where
                for words in (".tree-value", ".name"):
                    box = shown.locator(words).first.bounding_box()
                    assert box is not None and box["height"] >= 9, (where, words, box)
            else:
                assert board["x"] >= park["x"] + park["width"], where
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    watch.assert_clean()
    context.close()


def test_a_four_player_pictures_panel_is_drawn_large_enough_to_read(
    browser: Any, site_url: str
) -> None:
    """At 1280x900 the picture of the park for four players, whose wind board and players make
    it two thirds wider than the park, takes the text column's width: the panel's smallest words
    are about 10 px high on the screen (in a 30rem frame they were about 7 px). A picture without
    the panel is no larger than before."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    watch = watch_context(context, site_url)
    page = context.new_page()
    page.goto(site_url + page_name("bosk"))
    page.wait_for_selector("body[data-ready='1']")
    shown = page.locator("#players-four .board-frame svg[role=img]:visible")
    heights = shown.evaluate(
        "svg => [...svg.querySelectorAll('.wind-board text, .players text')].map(t =>"
        " parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)"
    )
    assert len(heights) > 8 and min(heights) >= 10, heights
    column = page.locator("main.rules").evaluate(
        "r => r.clientWidth - parseFloat(getComputedStyle(r).paddingLeft)"
        " - parseFloat(getComputedStyle(r).paddingRight)"
    )
    box = shown.bounding_box()
    assert box and box["width"] <= column + 0.5
    plain = page.locator("#spring-steps .board-frame svg[role=img]:visible").bounding_box()
    assert plain and plain["width"] <= 30 * 16 + 0.5
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    watch.assert_clean()
    context.close()


def panel_below(picture: Any) -> bool:
    """Whether a Bosk picture's wind board is under its park (else it is beside it)."""
    park, board = picture.locator(".park-edge").bounding_box(), picture.locator(
        ".wind-board").bounding_box()
    assert park and board
    return bool(board["y"] >= park["y"] + park["height"])


def test_an_exercise_with_the_wind_board_fits_a_phone(browser: Any, site_url: str) -> None:
    """An exercise drawn with Bosk's wind board and players (the summer one, made so in the
    page as the build would write it): on a phone they are under the park, before the exercise
    starts and once the engine draws it; when the screen turns wide the position is drawn again
    with them beside it, and a try still plays."""
    summer = exercise_of("bosk", "summer-try")
    within = next(s["id"] for s in content("bosk")["sections"]
                  if s.get("exercise", {}).get("id") == "summer-try")
    drawn = {**summer["draw"], "panel": True}
    section = exercise_html({**summer, "draw": drawn}, CATALOGUE, within)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    watch = watch_context(context, site_url)
    page = context.new_page()

    def with_panel(route: Any) -> None:
        served = route.fetch().text()
        old = re.search(r'<section class="panel rules-exercise" id="summer-try".*?</section>',
                        served, re.S)
        assert old
        route.fulfill(body=served.replace(old.group(0), section),
                      headers={"content-type": "text/html; charset=utf-8"})

    page.route(f"**/{page_name('bosk')}*", with_panel)
    page.goto(site_url + page_name("bosk"))
    page.wait_for_selector("body[data-ready='1']")
    board = page.locator("#summer-try .rules-board")
    assert board.locator("svg[role=img]:visible").count() == 1
    assert panel_below(board.locator("svg[role=img]:visible"))
    start_exercise(page, "summer-try")
    assert board.locator("svg").count() == 1 and panel_below(board.locator("svg"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.set_viewport_size({"width": 1280, "height": 900})
    page.wait_for_function(
        "() => { const svg = document.querySelector('#summer-try .rules-board svg');"
        " const park = svg.querySelector('.park-edge').getBoundingClientRect();"
        " return svg.querySelector('.wind-board').getBoundingClientRect().x >= park.right; }"
    )
    tree, _, _ = summer["answer"].partition("@")
    page.locator(f'#summer-try .choices button[data-select="{tree}"]').click()
    board.locator(f'[data-action="{summer["answer"]}"]').click()
    page.wait_for_selector("#summer-try[data-state=solved]")
    watch.assert_clean()
    context.close()


def test_on_a_touch_screen_an_exercise_asks_for_a_tap(browser: Any, site_url: str) -> None:
    """A phone has no keys to reach the board with: its exercise asks for a tap alone."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="en-GB"
    )
    watch = watch_context(context, site_url)
    page = context.new_page()
    page.goto(f"{site_url}{page_name('bounders')}")
    page.wait_for_selector("body[data-ready='1']")
    section = start_exercise(page, "board-corner")
    assert section.locator(".rules-verdict").inner_text() == (
        "Your move: tap the board (or a button under it)."
    )
    watch.assert_clean()
    context.close()
