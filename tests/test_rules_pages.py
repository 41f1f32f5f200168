"""The truth of the rules pages: every claim a page makes about a diagram holds in the engine,
every exercise's answer meets its goal and its wrong tries do not (each with a reason the
catalogues can say), and every text is there in English and Korean.

The content is web/rules/<game>.json (docs/rules-pages.md describes the format)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from py_engine import GAMES, load_game
from py_engine.core import Game
from py_engine.lessons import GoalError, check, count, lookup, validate

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from rules_pages import (  # noqa: E402
    CLAIM_KEYS,
    RULES,
    at_ply,
    load_content,
    matches,
    paragraphs,
    reason_key,
    sections_html,
    share_parts,
    texts,
)

CONTENTS = sorted(RULES.glob("*.json"))
CATALOGUES = {
    lang: json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text("utf-8"))
    for lang in ("en", "ko")
}
HANGUL = re.compile("[\uac00-\ud7a3]")
PLACEHOLDER = re.compile(r"\{(\w+)(?::[\w.-]+)?\}")


def content_id(path: Path) -> str:
    return path.stem


@pytest.fixture(params=CONTENTS, ids=content_id)
def content(request: pytest.FixtureRequest) -> dict[str, Any]:
    return load_content(request.param)


def diagrams(content: dict[str, Any]) -> list[dict[str, Any]]:
    return [d for section in content["sections"] for d in section.get("diagrams", [])]


def exercises(content: dict[str, Any]) -> list[dict[str, Any]]:
    return [s["exercise"] for s in content["sections"] if "exercise" in s]


def test_bounders_content_exists() -> None:
    assert (RULES / "bounders.json").exists()
    assert set(path.stem for path in CONTENTS) <= set(GAMES)


def test_every_text_in_both_languages(content: dict[str, Any]) -> None:
    found = list(texts(content))
    assert len(found) > 10
    for where, text in found:
        assert set(text) == {"en", "ko"}, where
        assert text["en"].strip() and text["ko"].strip(), where
        assert HANGUL.search(text["ko"]), f"{where}: the Korean text has no Korean"
        assert not HANGUL.search(text["en"]), f"{where}: the English text has Korean in it"


def test_ids_unique_and_url_safe(content: dict[str, Any]) -> None:
    ids = [s["id"] for s in content["sections"]]
    ids += [d["id"] for d in diagrams(content)] + [e["id"] for e in exercises(content)]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"[a-z][a-z0-9-]*", i) for i in ids), ids


def test_records_load_and_steps_are_in_them(content: dict[str, Any]) -> None:
    for diagram in diagrams(content):
        game = load_game(diagram["record"])
        assert game.name == content["game"]
        assert ("caption" in diagram) != ("steps" in diagram), diagram["id"]
        for step in diagram.get("steps", []):
            assert 0 <= step["ply"] <= len(game.history), diagram["id"]
        assert diagram.get("claims"), f"{diagram['id']} claims nothing about its picture"


def test_a_push_is_shown_after_the_position_before_it(content: dict[str, Any]) -> None:
    """A preview draws the position after its move, with arrows from where the pieces were: a
    reader first sees the position as it stands, so the step before a preview's is the same
    position without one."""
    for diagram in diagrams(content):
        steps = diagram.get("steps", [])
        for number, step in enumerate(steps):
            if "preview" not in step.get("draw", {}):
                continue
            before = steps[number - 1] if number else None
            assert before is not None and before["ply"] == step["ply"], (
                f"{diagram['id']} step {number + 1} previews a move the reader has not seen"
                " the position of")
            assert "preview" not in before.get("draw", {}), diagram["id"]
        shown = 0
        for number, step in enumerate(steps):
            if step["ply"] == shown or not number:
                shown = step["ply"]
                continue
            # every push that leads to a step is seen: the last just before it, with its
            # preview, and none earlier since the step before (a reader would miss it); the
            # moves before the first step only set the scene
            pushes = [ply for ply in range(shown + 1, step["ply"] + 1)
                      if pushed(diagram["record"], ply)]
            assert pushes in ([], [step["ply"]]), (
                f"{diagram['id']} step {number + 1} comes after pushes at plies {pushes}"
                " the reader has not seen")
            if pushes:
                before = steps[number - 1]
                assert before.get("draw", {}).get("preview") and \
                    before["ply"] == step["ply"] - 1, (
                        f"{diagram['id']} step {number + 1} shows a push without its preview")
            shown = step["ply"]


def pushed(record: str, ply: int) -> bool:
    """Whether the move to ``ply`` of the record pushed a piece (Splinter's pushes; the other
    games have none)."""
    game = load_game(record)
    if game.name != "splinter":
        return False
    while len(game.history) > ply:
        game.undo()
    shift = game.last_shift()  # type: ignore[attr-defined]
    return shift is not None and (len(shift.landed) > 1 or shift.fell is not None)


def claim_holds(game: Game, claim: dict[str, Any]) -> None:
    """Assert one claim about ``game`` (brought to the claim's ply, and past its ``after``)."""
    if "after" in claim:
        game.play(claim["after"])
    legal = game.legal_actions()
    for action in claim.get("legal", []):
        assert action in legal, f"{action} is not legal"
    for action in claim.get("illegal", []):
        assert action not in legal, f"{action} is legal"
    if "legal_count" in claim:
        assert len(legal) == claim["legal_count"]
    if "to_move" in claim:
        assert game.to_move == claim["to_move"]
    if "over" in claim:
        assert game.is_over == claim["over"]
    if "score" in claim:
        assert matches(claim["score"], game.score()), (claim["score"], game.score())
    if "result" in claim:
        assert matches(claim["result"], game.result()), (claim["result"], game.result())
    if "entry" in claim:
        entry = claim["entry"]
        [(field, value)] = entry["with"].items()
        listed = lookup(game.score(), entry["path"], None)
        found = [
            item for item in listed
            if item.get(field) == value
            or (isinstance(item.get(field), list) and value in item[field])
        ]
        assert len(found) == 1, f"{len(found)} entries of {entry['path']} have {field} {value}"
        assert matches(claim["match"], found[0]), (claim["match"], found[0])
    if "count" in claim:
        counted = claim["count"]
        assert count(game.score(), counted["path"], counted.get("where")) == claim["equals"]


def test_every_claim_holds(content: dict[str, Any]) -> None:
    checked = 0
    for diagram in diagrams(content):
        for number, claim in enumerate(diagram["claims"]):
            assert set(claim) <= CLAIM_KEYS, f"{diagram['id']}: unknown {set(claim) - CLAIM_KEYS}"
            assert set(claim) - {"ply", "after"}, f"{diagram['id']} claim {number} says nothing"
            game = at_ply(diagram["record"], claim["ply"])
            try:
                claim_holds(game, claim)
            except AssertionError as exc:
                raise AssertionError(f"{diagram['id']} claim {number} {claim}: {exc}") from None
            checked += 1
    assert checked


def says(key: str) -> bool:
    return all(key in catalogue for catalogue in CATALOGUES.values())


def test_every_exercise_answer_meets_its_goal(content: dict[str, Any]) -> None:
    found = exercises(content)
    assert found
    for exercise in found:
        game = load_game(exercise["record"])
        assert not game.is_over, exercise["id"]
        before = game.record()
        verdict = check(game, exercise["answer"], exercise["goal"])
        assert verdict == {"ok": True, "reason": None}, (exercise["id"], verdict)
        assert game.record() == before, "check left the game changed"


def test_every_exercise_offers_a_hint_short_of_the_answer(content: dict[str, Any]) -> None:
    """A newcomer stuck on an exercise gets a nudge before being shown the answer: every
    exercise has a hint, in both languages, that does not give its answer away."""
    for exercise in exercises(content):
        hint = exercise.get("hint")
        assert isinstance(hint, dict) and hint.get("en") and hint.get("ko"), exercise["id"]
        answers = exercise["answer"] if isinstance(exercise["answer"], list) else [
            exercise["answer"]
        ]
        for answer in answers:
            assert answer not in hint["en"] and answer not in hint["ko"], exercise["id"]


def test_every_wrong_try_is_refused_with_a_reason(content: dict[str, Any]) -> None:
    for exercise in exercises(content):
        game = load_game(exercise["record"])
        assert exercise["wrong"], f"{exercise['id']} has no wrong tries"
        for action in exercise["wrong"]:
            verdict = check(game, action, exercise["goal"])
            assert verdict["ok"] is False, (exercise["id"], action)
            key = reason_key(content["game"], verdict["reason"]["key"], says)
            assert says(key), f"{exercise['id']}: no message {key} in both catalogues"
            for lang, catalogue in CATALOGUES.items():
                wanted = set(PLACEHOLDER.findall(catalogue[key]))
                missing = wanted - set(verdict["reason"]["values"])
                assert not missing, f"{key} ({lang}) needs {missing}"


def test_wrong_goal_kinds_are_refused() -> None:
    game = load_game("game: bounders\nsize: 7\n\ng7\n")
    with pytest.raises(GoalError):
        check(game, "a1", {"kind": "nonsense"})
    with pytest.raises(GoalError):
        check(game, "a1", {"kind": "score", "path": "nowhere"})
    assert game.record() == load_game("game: bounders\nsize: 7\n\ng7\n").record()


@pytest.mark.parametrize(
    ("goal", "said"),
    [
        ([1, 2], "is an object"),
        ("legal", "is an object"),
        ({"kind": "<img src=x>"}, "unknown kind"),
        ({"kind": "legal", "any_of": ["a1"]}, "has no field 'any_of'"),
        ({"kind": "actions", "any_of": "g7"}, "list of actions"),
        ({"kind": "actions", "any_of": []}, "list of actions"),
        ({"kind": "score", "path": "__class__"}, "no '__class__'"),
        ({"kind": "score", "path": "totals", "gain": "3"}, "'gain' is a number"),
        ({"kind": "score", "path": "totals", "gain": 1, "equals": 4}, "one of gain"),
        ({"kind": "score", "path": "colours", "seat": "mover", "gain": 1}, "not a number"),
        ({"kind": "score", "seat": 5}, "5 is not a seat"),
        ({"kind": "count"}, "is not a list"),
        ({"kind": "count", "path": "regions", "where": [1]}, "'where' is an object"),
        ({"kind": "result", "winner": "me"}, "'me' is not a seat"),
        ({"kind": "legal", "why": "<b>no</b>"}, "message key"),
        ({"kind": "all", "of": []}, "list of goals"),
        ({"kind": "all", "of": [{"kind": "legal"}, {"kind": "nope"}]}, "unknown kind"),
        (json.loads('{"kind": "all", "of": [' * 12 + '{"kind": "legal"}' + "]}" * 12),
         "at most 8 deep"),
    ],
)
def test_malformed_goals_are_refused_whatever_the_try(goal: Any, said: str) -> None:
    """A goal that is not well formed is refused with a message saying what is wrong, before
    any try is judged: for a legal try, an illegal one, and with no try (validate)."""
    game = load_game("game: bounders\nsize: 7\nrules: tournament\n\ng7\n")
    before = game.record()
    for action in ("a1", "g8"):
        with pytest.raises(GoalError, match=re.escape(said)):
            check(game, action, goal)
    with pytest.raises(GoalError, match=re.escape(said)):
        validate(game, goal)
    assert game.record() == before


def test_every_page_goal_is_well_formed(content: dict[str, Any]) -> None:
    for exercise in exercises(content):
        validate(load_game(exercise["record"]), exercise["goal"])


def test_goal_kinds_judge_the_engine() -> None:
    game = load_game("game: bounders\nsize: 7\nrules: tournament\n\ng7\n")
    illegal = check(game, "g8", {"kind": "legal"})
    assert illegal["reason"]["key"] == "lesson.why.illegal"
    assert check(game, "a1", {"kind": "legal"})["ok"]
    dark = {"kind": "score", "path": "colours", "seat": "mover", "equals": "dark"}
    assert check(game, "swap", dark)["ok"]
    refused = check(game, "a1", dark)
    assert refused["reason"] == {
        "key": "lesson.why.score",
        "values": {"action": "a1", "before": "light", "after": "light", "wanted": "dark"},
    }
    both = {"kind": "all", "of": [{"kind": "legal"}, {"kind": "actions", "any_of": ["a1"]}]}
    assert check(game, "a1", both)["ok"]
    assert check(game, "a2", both)["reason"]["key"] == "lesson.why.actions"


def test_first_game_options_are_the_engines(content: dict[str, Any]) -> None:
    first = content["first_game"]
    game = GAMES[content["game"]](**first.get("options", {}))
    assert game.to_move == 0
    assert first["body"]


def test_worker_exercise_answers_the_page() -> None:
    """The worker's ``exercise``, run here as the build runs the worker module: the position to
    try on, a wrong try with its reason and the picture after it, an illegal try without a
    picture, a right try, and an error for a goal that is not one."""
    import build_site

    worker = build_site.load_worker()
    record = "game: bounders\nsize: 7\nrules: tournament\n\ng7\n"
    goal = json.dumps({"kind": "score", "path": "colours", "seat": "mover", "equals": "dark"})
    start = json.loads(worker.exercise("t", record, "", goal, '{"highlight": false}'))
    assert start["to_move"] == 1 and "data-action=" not in start["svg"]
    assert [b["action"] for b in start["buttons"]] == ["swap"]
    marked = json.loads(worker.exercise("t", record, "", goal, "{}"))
    assert 'data-action="a1"' in marked["svg"]
    wrong = json.loads(worker.exercise("t", record, "a1", goal))
    assert wrong["ok"] is False and wrong["reason"]["key"] == "lesson.why.score"
    assert 'data-cell="a1"' in wrong["svg"]
    illegal = json.loads(worker.exercise("t", record, "g8", goal))
    assert illegal["reason"]["key"] == "lesson.why.illegal" and "svg" not in illegal
    right = json.loads(worker.exercise("t", record, "swap", goal))
    assert right["ok"] is True
    broken = json.loads(worker.exercise("t", record, "a1", '{"kind": "nonsense"}'))
    assert "nonsense" in broken["error"]
    early = json.loads(worker.exercise("t", record, "", '{"kind": "actions", "any_of": "g7"}'))
    assert "list of actions" in early["error"], "a goal is checked before any try"
    deep = json.loads(worker.exercise("t", record, "a1", "[" * 100_000 + "]" * 100_000))
    assert "too deeply" in deep["error"]
    again = json.loads(worker.exercise("t", record, "", goal))
    assert again["to_move"] == 1, "the board's game stays at the record"


USE = re.compile(r'<use href="#([\w-]+)"(?: class="([^"]*)")? />')
DEFINED = re.compile(r'<g id="([\w-]+)">(.*?)</g>(?=<g id=|</defs>)', re.S)


def expanded(shared: str, text: str) -> str:
    """The text with every <use> replaced by the part it draws, whose own classes the <use>
    carries."""
    parts = dict(DEFINED.findall(shared))

    def part(use: re.Match[str]) -> str:
        drawn = parts[use.group(1)]
        own = re.match(r'<[\w-]+ class="([^"]*)"', drawn)
        assert (own[1] if own else None) == use.group(2), (use.group(0), drawn[:80])
        return drawn

    return USE.sub(part, text)


def test_shared_parts_are_written_once_and_lose_nothing(content: dict[str, Any]) -> None:
    """A page's pictures with their shared parts put back are the engine's pictures, to the
    letter; every shared part is drawn by two pictures or more and stands in the page once."""
    _, sections = sections_html(content, CATALOGUES["en"])
    shared, written = share_parts(sections, "t")
    assert expanded(shared, written) == sections
    uses = [name for name, _ in USE.findall(written)]
    for name, part in DEFINED.findall(shared):
        assert uses.count(name) >= 2
        assert part not in written
    if content["game"] == "bosk":
        # Bosk's park is most of each of its pictures: the page is less than half as large.
        assert len(shared) + len(written) < len(sections) / 2


def test_parts_the_style_sheets_restyle_stay_in_their_pictures() -> None:
    """A part with a class styled inside a board (`.board .cell`) or with words to translate
    is kept in each picture; a plain one drawn twice is shared; a short one stays."""
    plain = '<g class="grid">' + '<line x1="0" y1="0" x2="9" y2="9" />' * 20 + "</g>"
    cells = '<g class="cells">' + '<polygon class="cell" points="0,0 1,1" />' * 20 + "</g>"
    words = '<g class="x" data-i18n-label="k">' + "<rect />" * 80 + "</g>"
    short = '<g class="tiny"><rect /></g>'
    picture = f'<svg class="board">{plain}{cells}{words}{short}<title>a</title></svg>'
    shared, written = share_parts(f"<p>{picture}</p><p>{picture}</p>", "t")
    assert DEFINED.findall(shared) == [("t-1", plain)]
    assert written.count('<use href="#t-1" class="grid" />') == 2 and plain not in written
    for kept in (cells, words, short):
        assert written.count(kept) == 2
    assert share_parts(f"<p>{picture}</p>", "t") == ("", f"<p>{picture}</p>")


SVG_ROOT = re.compile(r"<svg\b[^>]*>")
EXERCISE = re.compile(r'<section class="panel rules-exercise" id="([\w-]+)" '
                      r'aria-labelledby="([\w -]+)"')


def test_a_picture_to_look_at_is_one_named_image(content: dict[str, Any]) -> None:
    """A diagram, a step of a sequence or an exercise before it starts is an image named as a
    whole: its root is role="img" with the engine's description; none of its parts is a
    button, in the tab order or named (the engine's picture of the same position is, so the
    build took those out)."""
    _, sections = sections_html(content, CATALOGUES["en"])
    roots = SVG_ROOT.findall(sections)
    assert roots and all('role="img"' in root and "aria-label=" in root for root in roots)
    parts = SVG_ROOT.sub("", sections)
    for attribute in ("tabindex=", "data-action=", "role=\"button\"", "data-i18n-label="):
        inside = [m for m in re.findall(r"<(?:polygon|rect|g|circle|path)\b[^>]*>", parts)
                  if attribute in m]
        assert inside == [], attribute
    assert not re.search(r"<(?:polygon|rect|g|circle|path)\b[^>]*aria-label=", parts)


PAIR = re.compile(r'(<svg\b[^>]*class="rules-wide [^>]*>).*?</svg>'
                  r'(<svg\b[^>]*class="rules-narrow [^>]*>).*?</svg>', re.S)
VIEW = re.compile(r'viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+)"')
LABEL = re.compile(r'aria-label="([^"]*)"')


def test_a_picture_too_wide_for_a_phone_is_also_written_narrow(content: dict[str, Any]) -> None:
    """A Bosk diagram drawn with the wind board and players beside the park (the engine's
    default) is written twice, side by side in the page: as it is, for a wide screen, and with
    them under the park (``panel="below"``), a picture as wide as the park alone, for a narrow
    one; both named as the same position. Every other picture is written once."""
    _, sections = sections_html(content, CATALOGUES["en"])
    pairs = PAIR.findall(sections)
    with_panel = sum(
        len(d.get("steps", [None])) for d in diagrams(content)
        if content["game"] == "bosk" and d.get("draw", {}).get("panel", True) is True
    )
    assert len(pairs) == with_panel == sections.count("rules-wide") == sections.count(
        "rules-narrow")
    if content["game"] == "bosk":
        assert pairs
    for wide, narrow in pairs:
        assert LABEL.findall(wide) == LABEL.findall(narrow) != []
        wide_size, narrow_size = VIEW.search(wide), VIEW.search(narrow)
        assert wide_size and narrow_size
        wide_w, wide_h = (float(v) for v in wide_size.groups())
        narrow_w, narrow_h = (float(v) for v in narrow_size.groups())
        assert wide_w - narrow_w == 200 and narrow_h > wide_h


def test_the_words_drawn_in_a_picture_keep_their_values(content: dict[str, Any]) -> None:
    """Every word the page says again in the reader's language (``data-i18n``) carries the
    values its message's placeholders need ("Player {n}" needs n), in the pictures too."""
    _, sections = sections_html(content, CATALOGUES["en"])
    said = re.findall(r'<[^>]*\bdata-i18n="([\w.-]+)"[^>]*>', sections)
    tags = re.findall(r'<[^>]*\bdata-i18n="[\w.-]+"[^>]*>', sections)
    assert said and len(said) == len(tags)
    needing = 0
    for key, tag in zip(said, tags, strict=True):
        names = set(PLACEHOLDER.findall(CATALOGUES["en"].get(key, "")))
        if not names:
            continue
        needing += 1
        found = re.search(r'data-i18n-values="([^"]*)"', tag)
        assert found, tag
        values = json.loads(found.group(1).replace("&quot;", '"'))
        assert names <= set(values), tag
    if content["game"] == "bosk":
        assert needing  # its panels name the players and the trees


def test_each_exercise_has_a_name_of_its_own(content: dict[str, Any]) -> None:
    """Every exercise's region is named by its heading ("Try it") and its section's title, so
    no two regions of a page share a name."""
    _, sections = sections_html(content, CATALOGUES["en"])
    found = EXERCISE.findall(sections)
    assert len(found) == len(exercises(content))
    for eid, labels in found:
        first, section = labels.split()
        assert first == f"{eid}-title" and f'<h2 id="{section}">' in sections
    assert len({labels for _, labels in found}) == len(found)


def test_a_paragraph_leading_into_a_list_is_the_lead_and_the_list() -> None:
    """A body paragraph of "- " lines is a list; one whose first line leads into them is that
    line, then the list (the autumn turn's steps); other text stays one paragraph."""
    text = {"en": "On a turn:\n- choose a tree;\n- play a tile.", "ko": "- 나무\n- 타일"}
    assert paragraphs(text) == (
        '<p class="l-en" lang="en">On a turn:</p>'
        '<ul class="l-en" lang="en"><li>choose a tree;</li><li>play a tile.</li></ul>'
        '<ul class="l-ko" lang="ko"><li>나무</li><li>타일</li></ul>'
    )
    plain = {"en": "One line - with a dash.", "ko": "둘\n줄"}
    assert paragraphs(plain).count("<p ") == 2 and "<ul" not in paragraphs(plain)


def test_every_answer_says_why_and_the_engine_bears_it_out(content: dict[str, Any]) -> None:
    """"Show the answer" gives a reason in both languages, and what the reason says about the
    position, and after the answer, is claimed and holds in the engine."""
    for exercise in exercises(content):
        eid = exercise["id"]
        reason = exercise.get("reason")
        assert reason and set(reason) == {"en", "ko"}, f"{eid} shows its answer without a reason"
        assert exercise.get("claims"), f"{eid}: the reason for its answer claims nothing"
        for number, claim in enumerate(exercise["claims"]):
            assert set(claim) <= CLAIM_KEYS - {"ply"}, f"{eid}: unknown {set(claim) - CLAIM_KEYS}"
            assert set(claim) - {"after"}, f"{eid} claim {number} says nothing"
            try:
                claim_holds(load_game(exercise["record"]), claim)
            except AssertionError as exc:
                raise AssertionError(f"{eid} claim {number} {claim}: {exc}") from None


def table_rows(table: str) -> list[list[str]]:
    """The words of each row of an HTML table, tags left out."""
    return [
        [re.sub(r"<[^>]*>", "", cell) for cell in re.findall(r"<t[dh]>(.*?)</t[dh]>", row)]
        for row in re.findall(r"<tr>(.*?)</tr>", table)
    ]


def test_bosk_autumn_exercises_show_the_park_as_it_stands() -> None:
    """An autumn exercise asks about regions and winter: above its board, each region's spaces
    per player and the points they would bring if winter came now, and the totals."""
    content = load_content(RULES / "bosk.json")
    page = sections_html(content, CATALOGUES["en"])[1]
    autumn = [e for e in exercises(content) if load_game(e["record"]).score()["season"] == "autumn"]
    assert len(autumn) == 4
    for exercise in autumn:
        score = load_game(exercise["record"]).score()
        section = page[page.index(f'id="{exercise["id"]}"'):]
        table = section[:section.index("</table>")]
        assert section.index("rules-standings") < section.index("rules-board"), exercise["id"]
        regions = [
            [f"{r['region']} (lake)" if r["lake"] else r["region"],
             *[f"{s} → {p}" for s, p in zip(r["spaces"], r["points"], strict=True)]]
            for r in score["winter_now"]
        ]
        summer, winter = score["summer_totals"], score["winter_now_totals"]
        both_seasons = [a + b for a, b in zip(summer, winter, strict=True)]
        totals = [
            ["Winter if it came now", *map(str, winter)],
            ["Summer", *map(str, summer)],
            ["Total if winter came now", *map(str, both_seasons)],
        ]
        assert table_rows(table) == [["Region", "Player 1", "Player 2"], *regions, *totals]
    squirrel = page[page.index('id="squirrel-try"'):]
    assert ["G", "5 → 8", "0 → 0"] in table_rows(squirrel[:squirrel.index("</table>")])


def test_bosk_spring_exercise_shows_the_lines_as_they_stand() -> None:
    """The summer exercise asks for summer points: above its board, each row's and each
    column's tree values per player and the points they would bring if spring ended now, and
    summer's totals so, all as the engine scores them."""
    content = load_content(RULES / "bosk.json")
    page = sections_html(content, CATALOGUES["en"])[1]
    spring = [e for e in exercises(content) if load_game(e["record"]).score()["season"] == "spring"]
    assert [e["id"] for e in spring] == ["summer-try"]
    for exercise in spring:
        score = load_game(exercise["record"]).score()
        section = page[page.index(f'id="{exercise["id"]}"'):]
        standings = section[section.index("rules-standings"):section.index("rules-board")]
        tables = re.findall(r"<table.*?</table>", standings)
        for kind, table in zip(("row", "column"), tables, strict=True):
            lines = [
                [line["line"].split(" ")[1],
                 *[f"{v} → {p}" for v, p in zip(line["sums"], line["points"], strict=True)]]
                for line in score["summer_now"] if line["line"].startswith(kind)
            ]
            assert len(lines) == 7
            assert table_rows(table) == [[kind.title(), "Player 1", "Player 2"], *lines]
        total = standings.split('class="rules-standings-total">')[1].split("</p>")[0]
        first, second = score["summer_now_totals"]
        assert re.sub(r"<[^>]*>", "", total) == (
            f"Summer if spring ended now: Player 1 {first} · Player 2 {second}")
    summer = page[page.index('id="summer-try"'):]
    assert ["h", "1 → 3", "0 → 0"] in table_rows(summer[:summer.index("rules-board")])


def test_a_wrong_leaf_is_told_which_region_it_missed() -> None:
    """A Bosk exercise about one region says, after a wrong leaf, how many spaces the player
    holds in that region by its letter: a leaf laid elsewhere (the lake) must not read as if
    it were in the region."""
    catalogue = json.loads((ROOT / "web/i18n/en.json").read_text("utf-8"))
    korean = json.loads((ROOT / "web/i18n/ko.json").read_text("utf-8"))
    rules = json.loads((ROOT / "web/rules/bosk.json").read_text("utf-8"))
    checked = 0
    for section in rules["sections"]:
        exercise = section.get("exercise") or {}
        goal = exercise.get("goal") or {}
        path = str(goal.get("path", ""))
        if not (path.startswith("regions.") and path.endswith(".spaces")):
            continue
        index = int(path.split(".")[1])
        letter = load_game(exercise["record"]).score()["regions"][index]["region"]
        said = catalogue[goal["why"]]
        assert f"your spaces in region {letter}: {{after}}." in said, exercise["id"]
        assert f"지역 {letter}의" in korean[goal["why"]], exercise["id"]
        checked += 1
    assert checked == 2
