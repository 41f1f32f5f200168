"""A page that holds boards talks to them: embed.html posts its events to a parent page of
another origin (only to the origin its author allows) and obeys that page's commands (only
from that origin); <tabula-board> fires the same events as DOM events and has the same commands
as methods; captions follow the ply shown; an exercise refuses a wrong answer, saying why, and
accepts the right one, and shows its answer on request."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from conftest import ENGINE_TIMEOUT_MS, ROOT, Watch, serving, watch_context

from py_engine import load_game

pytestmark = pytest.mark.browser

HEADER = "game: bounders\nsize: 7\nrules: basic\nkomi: off\n\n"
GOAL = json.dumps({"kind": "actions", "any_of": ["g7"]})
FINISHED = (ROOT / "tests" / "golden" / "bounders-largest-region.txt").read_text("utf-8")

# The host page, on an origin of its own: three frames of the site's embed.html (one allowing
# the host's origin, one allowing another origin, one allowing none); it keeps every message.
HOST_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Host</title></head><body>
<iframe id="allowed" width="480" height="600"
  src="{site}embed.html?{query}&origin={origin}"></iframe>
<iframe id="other" width="300" height="300"
  src="{site}embed.html?game=bounders&origin=https%3A%2F%2Fexample.org"></iframe>
<iframe id="silent" width="300" height="300" src="{site}embed.html?game=bounders"></iframe>
<script>
window.got = [];
addEventListener("message", (event) => {{
  const frames = [...document.querySelectorAll("iframe")];
  const frame = frames.find((f) => f.contentWindow === event.source);
  got.push({{ from: frame ? frame.id : null, origin: event.origin, data: event.data }});
}});
window.send = (id, message) => document.getElementById(id).contentWindow.postMessage(message, "*");
</script>
</body></html>
"""


@pytest.fixture(scope="module")
def host_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("host")


@pytest.fixture(scope="module")
def host_url(host_folder: Path) -> Iterator[str]:
    """A second server, for the host page: its pages have another origin than the site's."""
    with serving(host_folder) as url:
        yield url


@pytest.fixture(scope="module")
def two_origins(browser: Any, site_url: str, host_url: str) -> Iterator[tuple[Any, Watch]]:
    """A browser context that may reach the site and the host page, and nothing else."""
    context = browser.new_context(locale="en-GB")
    yield context, watch_context(context, site_url, host_url)
    context.close()


def messages(page: Any, frame: str) -> list[dict[str, Any]]:
    got: list[dict[str, Any]] = page.evaluate(f"got.filter((m) => m.from === {frame!r})")
    return got


def wait_message(page: Any, kind: str, test: str = "true") -> dict[str, Any]:
    """The first message of the allowed frame of this type whose detail `d` passes `test`."""
    script = (
        f"got.find((m) => m.from === 'allowed' && m.data.type === {kind!r} "
        f"&& ((d) => {test})(m.data.detail))"
    )
    page.wait_for_function(f"Boolean({script})", timeout=ENGINE_TIMEOUT_MS)
    found: dict[str, Any] = page.evaluate(script)
    return found


def test_embed_talks_only_to_the_allowed_origin(
    two_origins: tuple[Any, Watch], site_url: str, host_url: str, host_folder: Path
) -> None:
    context, watch = two_origins
    site_origin = site_url.rstrip("/")
    host_origin = host_url.rstrip("/")
    query = "game=bounders&controls=1&captions=" + quote("The start|One stone|Two stones")
    (host_folder / "host.html").write_text(
        HOST_PAGE.format(site=site_url, query=query, origin=quote(host_origin, safe="")), "utf-8"
    )
    page = context.new_page()
    page.goto(host_url + "host.html")
    ready = wait_message(page, "tabula-ready")
    assert ready["origin"] == site_origin
    assert ready["data"]["detail"] == {
        "game": "bounders",
        "ply": 0,
        "plies": 0,
        "record": HEADER,
    }
    frame = page.frame_locator("#allowed")
    assert frame.locator("#caption").text_content() == "The start"

    page.evaluate("send('allowed', {type: 'tabula-command', command: 'play', action: 'g7'})")
    action = wait_message(page, "tabula-action")
    assert action["data"]["detail"] == {"action": "g7", "ply": 1}
    position = wait_message(page, "tabula-position", "d.ply === 1")
    assert position["data"]["detail"]["record"] == HEADER + "g7\n"
    assert frame.locator("body").get_attribute("data-ply") == "1"
    assert frame.locator("#caption").text_content() == "One stone"

    page.evaluate("send('allowed', {type: 'tabula-command', command: 'goToPly', ply: 0})")
    wait_message(page, "tabula-position", "d.ply === 0")
    assert frame.locator("#caption").text_content() == "The start"
    # A known command with a value of the wrong kind is said as such.
    page.evaluate("send('allowed', {type: 'tabula-command', command: 'goToPly', ply: '<b>'})")
    frame.locator("#error:not([hidden])").wait_for()
    assert "The command “goToPly” needs its “ply”" in str(frame.locator("#error").text_content())
    assert frame.locator("#error b").count() == 0

    command = {"type": "tabula-command", "command": "showRecord", "record": FINISHED}
    page.evaluate(f"send('allowed', {json.dumps(command)})")
    result = wait_message(page, "tabula-result")
    assert result["data"]["detail"]["result"] == load_game(FINISHED).result()
    plies = len(load_game(FINISHED).history)
    assert frame.locator("body").get_attribute("data-ply") == str(plies)
    assert frame.locator("#caption").is_hidden()

    # The other frames: one allows another origin, one none; neither obeys the host page.
    for name in ("other", "silent"):
        page.frame_locator(f"#{name}").locator("body[data-ready=true]").wait_for(
            timeout=ENGINE_TIMEOUT_MS
        )
        page.evaluate(f"send({name!r}, {{type: 'tabula-command', command: 'play', action: 'g7'}})")
    page.wait_for_timeout(1500)
    for name in ("other", "silent"):
        assert page.frame_locator(f"#{name}").locator("body").get_attribute("data-ply") == "0"
        assert messages(page, name) == []
    page.close()
    # The frame allowing another origin cannot post to this one: the browser says so, nothing
    # else goes wrong.
    watch.errors[:] = [e for e in watch.errors if "postMessage" not in e or "example.org" not in e]
    watch.assert_clean()


def open_boards(site_context: tuple[Any, Watch], site_url: str) -> Any:
    context, _ = site_context
    page = context.new_page()
    page.goto(site_url + "boards.html")
    page.wait_for_selector("#bounders-board[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    return page


def test_the_element_fires_events_and_obeys_its_methods(
    site_context: tuple[Any, Watch], site_url: str
) -> None:
    page = open_boards(site_context, site_url)
    page.evaluate(
        """(header) => {
            window.heard = [];
            const board = document.createElement("tabula-board");
            for (const type of ["tabula-ready", "tabula-action", "tabula-position",
                                "tabula-result", "tabula-solved"]) {
                board.addEventListener(type, (event) => heard.push({type, detail: event.detail}));
            }
            board.id = "hosted";
            board.setAttribute("record", header + "g7\\na1\\n");
            board.setAttribute("ply", "0");
            board.setAttribute("captions", JSON.stringify(["<b>Empty</b>", "Dark", "Light"]));
            document.querySelector("main").append(board);
        }""",
        HEADER,
    )
    page.wait_for_selector("#hosted[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    heard = page.evaluate("heard")
    assert heard[0]["type"] == "tabula-ready"
    assert heard[0]["detail"]["plies"] == 2 and heard[0]["detail"]["ply"] == 0
    caption = page.locator("#hosted .embed-caption")
    assert caption.text_content() == "<b>Empty</b>"  # text, never markup
    assert page.locator("#hosted .embed-caption b").count() == 0

    page.evaluate("document.getElementById('hosted').goToPly(2)")
    page.wait_for_selector("#hosted[data-ply='2']")
    assert caption.text_content() == "Light"
    page.evaluate("document.getElementById('hosted').play('m7')")
    page.wait_for_selector("#hosted[data-ply='3']")
    assert caption.is_hidden()
    heard = page.evaluate("heard")
    types = [event["type"] for event in heard]
    assert types == ["tabula-ready", "tabula-position", "tabula-position", "tabula-action"]
    assert heard[1]["detail"] == {"ply": 2, "record": HEADER + "g7\na1\n"}
    assert heard[3]["detail"] == {"action": "m7", "ply": 3}

    page.evaluate("(text) => document.getElementById('hosted').showRecord(text)", FINISHED)
    page.wait_for_function("heard.some((e) => e.type === 'tabula-result')")
    result = page.evaluate("heard.find((e) => e.type === 'tabula-result').detail.result")
    assert result == load_game(FINISHED).result()
    assert page.get_attribute("#hosted", "data-over") == "true"
    page.close()
    site_context[1].assert_clean()


def test_an_exercise_refuses_a_wrong_answer_and_accepts_the_right_one(
    site_context: tuple[Any, Watch], site_url: str
) -> None:
    page = open_boards(site_context, site_url)
    page.evaluate(
        """([header, goal]) => {
            window.solved = [];
            const board = document.createElement("tabula-board");
            board.id = "exercise";
            board.setAttribute("record", header);
            board.setAttribute("exercise-goal", goal);
            board.setAttribute("exercise-id", "centre");
            board.addEventListener("tabula-solved", (event) => solved.push(event.detail));
            document.querySelector("main").append(board);
        }""",
        [HEADER, GOAL],
    )
    page.wait_for_selector("#exercise[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    assert page.locator("#exercise .embed-answer").is_hidden()  # no answer given
    page.click('#exercise [data-action="a1"]')
    page.wait_for_selector("#exercise[data-exercise=wrong]")
    said = page.text_content("#exercise .embed-exercise")
    assert said.startswith("a1 is not it.") and "not what this exercise asks for" in said
    assert page.get_attribute("#exercise", "data-ply") == "0"
    assert page.locator("#exercise .stone").count() == 0
    assert page.evaluate("solved") == []

    page.click('#exercise [data-action="g7"]')
    page.wait_for_selector("#exercise[data-exercise=solved]")
    assert page.get_attribute("#exercise", "data-ply") == "1"
    assert page.text_content("#exercise .embed-exercise") == "Solved: well done!"
    assert page.evaluate("solved") == [{"id": "centre"}]
    page.close()

    # On embed.html: a wrong answer, then the answer shown by its button.
    context, _ = site_context
    page = context.new_page()
    query = f"record={quote(HEADER)}&exercise-goal={quote(GOAL)}&exercise-answer=g7"
    page.goto(site_url + "embed.html?" + query)
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    page.click('#board [data-action="d4"]')
    page.wait_for_selector("body[data-exercise=wrong]")
    assert page.get_attribute("body", "data-ply") == "0"
    assert page.is_visible("#answer")
    page.click("#answer")
    page.wait_for_selector("body[data-exercise=shown]")
    assert page.text_content("#exercise") == "The answer: g7."
    assert page.get_attribute("body", "data-ply") == "1"
    assert page.locator("#board .stone").count() == 1
    assert page.is_hidden("#answer")  # the exercise is over
    page.close()
    # Solved by the reader: the button goes too.
    page = context.new_page()
    page.goto(site_url + "embed.html?" + query)
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    assert page.is_visible("#answer")
    page.click('#board [data-action="g7"]')
    page.wait_for_selector("body[data-exercise=solved]")
    assert page.is_hidden("#answer")
    page.close()
    site_context[1].assert_clean()


@pytest.mark.parametrize(
    ("goal", "said"),
    [
        ("[1,2]", 'a goal is an object with a "kind"'),
        ("[" * 5000 + "]" * 5000, 'a goal is an object with a "kind"'),
        ('{"kind": "all", "of": ' + "[" * 5000 + "]" * 5000 + "}", "a goal nests at most"),
        ('{"kind": "actions", "any_of": "g7"}', '"any_of" is a list of actions'),
        ('{"kind": "score", "path": "__class__"}', "score has no '__class__'"),
        ('{"kind": "<img src=x onerror=alert(1)>"}', "unknown kind of goal '<img src=x"),
    ],
)
def test_a_goal_that_is_no_goal_is_told_when_the_board_opens(
    site_context: tuple[Any, Watch], site_url: str, goal: str, said: str
) -> None:
    """A malformed goal is said as the board opens (not on the reader's first click), in words
    saying what is wrong, shown as text; the exercise is left out and the board, not asked to
    be interactive, stays a picture. A goal nested thousands deep never reaches the engine, so
    the engine does not stop."""
    context, watch = site_context
    page = context.new_page()
    page.goto(site_url + f"embed.html?record={quote(HEADER)}&exercise-goal={quote(goal)}")
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    error = str(page.text_content("#error"))
    assert "exercise-goal" in error and said in error, error
    assert page.locator("#error img").count() == 0
    assert "playable" not in str(page.get_attribute("body", "class"))
    page.dispatch_event('#board [data-cell="g7"]', "click")
    page.wait_for_timeout(300)
    assert page.get_attribute("body", "data-ply") == "0"
    assert page.get_attribute("body", "data-exercise") is None
    assert page.get_attribute("#status", "data-state") != "restarting"
    assert "stopped" not in error
    page.close()
    watch.assert_clean()


@pytest.mark.parametrize(
    ("answer", "said"),
    [
        ("a1", "a1 is not what this exercise asks for"),
        ("g7,zz", "zz"),
        # an answer that cannot be played is said in the engine's words
        ("zz", "left out: 'zz' is not a cell of this board"),
    ],
)
def test_an_answer_that_misses_the_goal_is_told_and_left_out(
    site_context: tuple[Any, Watch], site_url: str, answer: str, said: str
) -> None:
    """An exercise-answer whose first action does not meet the goal, or whose actions cannot all
    be played, is said as the board opens and has no Show answer button; the exercise itself
    still judges the reader's tries."""
    context, watch = site_context
    page = context.new_page()
    query = f"record={quote(HEADER)}&exercise-goal={quote(GOAL)}&exercise-answer={answer}"
    page.goto(site_url + "embed.html?" + query)
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)
    error = str(page.text_content("#error"))
    assert f"The exercise's answer {answer.replace(',', ', ')} is left out" in error
    assert said in error, error
    assert page.is_hidden("#answer")
    page.click('#board [data-action="g7"]')
    page.wait_for_selector("body[data-exercise=solved]")
    page.close()
    watch.assert_clean()
