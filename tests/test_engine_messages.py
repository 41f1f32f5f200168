"""The engine's refusals can be said in Korean: every refusal a record, a link, an option or an
action can meet carries a code and values (``core.explain``), and the Korean catalogue has a
sentence ``engine.<code>`` for each code, using only the values the engine gives. What a page
puts inside its own sentence about a refused record (``core.why``) is the reason alone, so a
Korean page reads no English words of the engine's."""

from __future__ import annotations

import ast
import json
import re
import string
from pathlib import Path
from typing import Any

import pytest

from py_engine import load_game, new_game
from py_engine.core import Refusal, explain, why
from py_engine.lessons import GoalError, validate

ROOT = Path(__file__).resolve().parent.parent
KOREAN = json.loads((ROOT / "web/i18n/ko.json").read_text("utf-8"))
ENGLISH = json.loads((ROOT / "web/i18n/en.json").read_text("utf-8"))
PLACEHOLDER = re.compile(r"\{(\w+)(?::([\w.-]+))?\}")


def _template(node: ast.expr) -> str:
    """A refusal's English template as written at its raise site (literals, joined)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _template(node.left) + _template(node.right)
    raise AssertionError(f"a refusal's template is written at its raise site: {ast.dump(node)}")


def _raise_sites() -> dict[str, list[tuple[str, set[str], str]]]:
    """Every refusal with a code written in the engine: code -> (template, the names of the
    values given, where)."""
    sites: dict[str, list[tuple[str, set[str], str]]] = {}
    for path in sorted((ROOT / "py_engine").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            keywords = {k.arg: k.value for k in node.keywords if k.arg}
            code = keywords.get("code")
            if not isinstance(code, ast.Constant) or not isinstance(code.value, str):
                continue
            given = set(keywords) - {"code"}
            # values handed on in a dict (``**values``): the dict's own keys
            for spread in (k.value for k in node.keywords if k.arg is None):
                given |= _dict_keys(path, spread)
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            sites.setdefault(code.value, []).append((_template(node.args[0]), given, where))
    return sites


def _dict_keys(path: Path, spread: ast.expr) -> set[str]:
    """The keys of the dict literal a ``**name`` spreads (assigned in the same file)."""
    assert isinstance(spread, ast.Name), ast.dump(spread)
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        targets = node.targets if isinstance(node, ast.Assign) else (
            [node.target] if isinstance(node, ast.AnnAssign) else []
        )
        value = getattr(node, "value", None)
        if any(isinstance(t, ast.Name) and t.id == spread.id for t in targets) and isinstance(
            value, ast.Dict
        ):
            return {k.value for k in value.keys if isinstance(k, ast.Constant)}
    raise AssertionError(f"{path}: no dict literal named {spread.id}")


SITES = _raise_sites()


def test_the_engine_has_coded_refusals_for_every_game() -> None:
    prefixes = {code.split(".")[0] for code in SITES}
    assert {"record", "option", "action", "bounders", "splinter", "bosk"} <= prefixes
    assert len(SITES) >= 60


@pytest.mark.parametrize("code", sorted(SITES))
def test_each_code_has_one_english_sentence_and_a_korean_one(code: str) -> None:
    templates = {template for template, _, _ in SITES[code]}
    assert len(templates) == 1, f"{code} is written with different sentences: {templates}"
    (template,) = templates
    key = f"engine.{code}"
    assert key in KOREAN, f"ko.json has no {key}"
    assert key not in ENGLISH, "the engine's own words are the English sentence"
    korean = KOREAN[key]
    assert not re.search(r"[a-z]{4,} [a-z]{3,} [a-z]{3,}", korean), korean  # no English left
    english_names = {name for _, name, _, _ in string.Formatter().parse(template) if name}
    for _, given, where in SITES[code]:
        assert english_names <= given, f"{where}: the template needs {english_names - given}"
        for name, words in PLACEHOLDER.findall(korean):
            assert name in given, f"{key} uses {{{name}}}, which {where} does not give"
            if words:
                assert any(k.startswith(f"{words}.") for k in {**ENGLISH, **KOREAN}), words


def test_every_korean_engine_sentence_belongs_to_a_code_or_is_words_one_names() -> None:
    named_words = {
        words for text in KOREAN.values() for _, words in PLACEHOLDER.findall(text) if words
    }
    for key in (k for k in KOREAN if k.startswith("engine.")):
        code = key.removeprefix("engine.")
        if code in SITES:
            continue
        if key in ENGLISH:  # the page's own engine messages (start, stop, retry)
            continue
        assert any(key.startswith(f"{words}.") for words in named_words), f"{key}: no code"


def say(reason: dict[str, Any]) -> str:
    """A reason as a Korean page says it (``refusalMessage`` and ``t()`` in web/js): its
    sentence filled, nested reasons said the same way, ``{name:words}`` looked up."""
    sentence = KOREAN.get(f"engine.{reason.get('code')}")
    if sentence is None:
        return str(reason["message"])
    values = {
        name: say(value) if isinstance(value, dict) else value
        for name, value in reason["values"].items()
    }
    if values.get("player") == f"Player {values.get('seat')}":
        values["player"] = KOREAN["seat.player"].replace("{n}", str(values["seat"]))

    def fill(found: re.Match[str]) -> str:
        value = str(values[found.group(1)])
        words = found.group(2)
        return KOREAN.get(f"{words}.{value}", value) if words else value

    return PLACEHOLDER.sub(fill, sentence)


BOUNDERS = "game: bounders\nsize: 7\nrules: basic\nkomi: off\n\n"
SPLINTER = "game: splinter\n\n"
BOSK = "game: bosk\nplayers: 2\n\n"

# Records a link or a file might bring, each with the code of the reason its page says.
REFUSED = [
    ("", "record.empty"),
    ("gmae: bounders\n", "record.start"),
    ("bounders\n", "record.no-game"),
    ("game: chess\n", "record.game"),
    ("game: bounders\nsize 7\n", "record.no-option"),
    ("game: bounders\nsize: 7\nsize: 9\n", "record.twice"),
    ("game: bounders\ncolour: red\n", "option.unknown"),
    ("game: bounders\nsize: 8\n", "option.bad"),
    ("game: bounders\nkomi: maybe\n", "option.bad"),
    (BOUNDERS + "zz9\n", "bounders.cell"),
    (BOUNDERS + "g7\ng7\n", "bounders.taken"),
    (BOUNDERS + "swap\n", "bounders.swap-rules"),
    ("game: bounders\nrules: tournament\n\ng7\na1\nswap\n", "bounders.swap-second"),
    ("game: splinter\nsize: 14x18\n", "option.bad"),
    ("game: splinter\nsize: big\n", "option.bad"),
    (SPLINTER + "h10\n", "splinter.form"),
    (SPLINTER + "z1-z2\n", "splinter.square"),
    (SPLINTER + "a1-a2\n", "splinter.empty"),
    (SPLINTER + "h10-h12\n", "splinter.step"),
    ("game: bosk\nplayers: 5\n", "option.bad"),
    ("game: bosk\nnames: Ann\n", "bosk.names-count"),
    ("game: bosk\nwinds: FFF\n", "option.bad"),
    ("game: bosk\npark: AB/CD\n", "option.bad"),
    (BOSK + "leaf a1\n", "bosk.not-now"),
    (BOSK + "dig a1\n", "bosk.unknown"),
    (BOSK + "plant 9@c4\n", "bosk.plant-form"),
    (BOSK + "plant 1@a1\n", "bosk.point"),
    (BOSK + "plant 1@c4\nplant 1@c4\n", "bosk.planted"),
]


@pytest.mark.parametrize(("record", "code"), REFUSED)
def test_a_refused_record_is_said_in_korean(record: str, code: str) -> None:
    with pytest.raises(ValueError) as caught:
        load_game(record)
    reason = why(caught.value)
    assert reason["code"] == code, reason
    korean = say(reason)
    assert "{" not in korean and re.search("[가-힣]", korean), korean
    for english in ("cannot be played", "expected", "is not", "has no", "line "):
        assert english not in korean, korean
    assert json.loads(json.dumps(reason)) == reason  # plain data: it crosses to the page


def test_why_leaves_out_what_the_page_says_itself() -> None:
    """For an action of a record, the page names the line and the action; the reason is why
    that action was refused. Any other refusal keeps its words, without the line."""
    with pytest.raises(ValueError) as caught:
        load_game(BOUNDERS + "g7\ng7\n")
    assert str(caught.value).startswith("line 7: action 'g7' cannot be played: g7 is not empty")
    assert why(caught.value) == {"message": "g7 is not empty", "code": "bounders.taken",
                                 "values": {"cell": "g7"}}
    with pytest.raises(ValueError) as caught:
        load_game("game: bounders\nsize: 8\n")
    reason = why(caught.value)
    assert reason["message"] == "option size: '8' is not one of 7, 9"
    assert reason["values"]["reason"]["code"] == "option.choice"
    assert say(reason) == "설정 size: '8'은(는) 7, 9 가운데 하나가 아닙니다"


def refusal_of(game: Any, action: str) -> dict[str, Any]:
    with pytest.raises(ValueError) as caught:
        game.play(action)
    return explain(caught.value)


def test_korean_names_pieces_colours_players_and_winds() -> None:
    splinter = new_game("splinter")
    reason = refusal_of(splinter, "h9-h10")
    assert reason["code"] == "splinter.not-yours", reason
    assert say(reason) == "h9에는 백 킹이(가) 있고, 지금은 흑 차례입니다", say(reason)
    bosk = new_game("bosk", players=2)
    for action in ("plant 1@b2", "plant 1@c2", "plant 1@b3", "plant 1@c3"):
        bosk.play(action)
    reason = refusal_of(bosk, "plant 1@d2")
    assert say(reason) == "플레이어 1에게는 값 1인 나무가 남아 있지 않습니다 (남은 값: 2, 3, 4)"
    named = new_game("bosk", players=2, names="Ann,Bo")
    for action in ("plant 1@b2", "plant 1@c2", "plant 1@b3", "plant 1@c3"):
        named.play(action)
    assert say(refusal_of(named, "plant 1@d2")).startswith("Ann에게는 값 1인")
    # autumn: a leaf off the wind's path is refused for a reason that names the wind
    while not named.legal_actions()[0].startswith("leaf"):
        named.play(named.legal_actions()[0])
    legal = set(named.legal_actions())
    space = next(f"leaf {s}" for s in ("a1", "h8", "a8", "h1", "d4") if f"leaf {s}" not in legal)
    reason = refusal_of(named, space)
    assert reason["code"] == "bosk.illegal" and reason["values"]["reason"]["code"] in (
        "bosk.not-downwind", "bosk.cost", "bosk.squirrel-there"
    ), reason
    korean = say(reason)
    assert korean.startswith(f"'{space}'은(는) 지금 둘 수 없습니다: "), korean
    if reason["values"]["reason"]["code"] == "bosk.not-downwind":
        wind = reason["values"]["reason"]["values"]["wind"]
        assert KOREAN[f"bosk.wind.{wind}"] + "으로)" in korean, korean


def test_a_refusal_without_a_code_keeps_its_english_words() -> None:
    plain = Refusal("something {odd} happened")
    assert str(plain) == "something {odd} happened" and explain(plain) == {
        "message": "something {odd} happened"
    }
    coded = Refusal("{a} and {b}", code="x.y", a="one", b=2)
    assert str(coded) == "one and 2"
    assert explain(coded) == {"message": "one and 2", "code": "x.y", "values": {"a": "one", "b": 2}}


# Exercise goals an author might write wrong, each with the code of the reason a page says.
BAD_GOALS: list[tuple[Any, str]] = [
    ([1, 2], "goal.object"),
    ({"kind": "nonsense"}, "goal.kind"),
    ({"kind": "legal", "any_of": ["a1"]}, "goal.no-fields"),
    ({"kind": "score", "colour": "dark"}, "goal.field"),
    ({"kind": "legal", "why": "<b>no</b>"}, "goal.why"),
    ({"kind": "actions", "any_of": "g7"}, "goal.any-of"),
    ({"kind": "score", "gain": 1, "equals": 4}, "goal.tests"),
    ({"kind": "score", "gain": "3"}, "goal.number"),
    ({"kind": "score", "path": 3}, "goal.path"),
    ({"kind": "score", "path": "__class__"}, "goal.path-missing"),
    ({"kind": "score", "path": "totals.x.y"}, "goal.path-follow"),
    ({"kind": "score", "path": "colours", "seat": "mover"}, "goal.score-number"),
    ({"kind": "score", "seat": 5}, "goal.seat"),
    ({"kind": "count"}, "goal.not-list"),
    ({"kind": "count", "path": "regions", "where": [1]}, "goal.where"),
    ({"kind": "result", "reason": 3}, "goal.reason"),
    ({"kind": "all", "of": []}, "goal.of"),
    (json.loads('{"kind": "all", "of": [' * 12 + '{"kind": "legal"}' + "]}" * 12), "goal.depth"),
]


def _goal_refusal(game: Any, goal: Any) -> dict[str, Any]:
    with pytest.raises(GoalError) as caught:
        validate(game, goal)
    return why(caught.value)


def test_a_malformed_exercise_goal_is_said_in_korean() -> None:
    """An author's goal refused on a Korean page is said in Korean: every goal code, the
    author's own words (field names, values) quoted as written."""
    game = load_game("game: bounders\nsize: 7\nrules: tournament\n\ng7\n")
    cases = [(_goal_refusal(game, goal), code) for goal, code in BAD_GOALS]
    three = new_game("bosk", players=3)
    cases.append((_goal_refusal(three, {"kind": "result", "winner": "opponent"}), "goal.opponent"))
    finished = load_game(BOUNDERS + "".join(f"{cell}\n" for cell in _filled_board()))
    cases.append((_goal_refusal(finished, {"kind": "legal"}), "goal.over"))
    said = {}
    for reason, code in cases:
        assert reason["code"] == code, reason
        korean = say(reason)
        assert "{" not in korean and re.search("[가-힣]", korean), korean
        for english in ("is not", "has no", "not a", "expected", "cannot"):
            assert english not in korean, korean
        said[code] = korean
    assert set(said) == {code for code in SITES if code.startswith("goal.")}
    assert said["goal.field"] == (
        "'score' 목표에는 'colour' 필드가 없습니다"
        "(쓸 수 있는 필드: path, seat, gain, at_least, equals)"
    )
    assert said["goal.seat"] == "5은(는) 자리가 아닙니다(\"mover\", \"opponent\" 또는 자리 번호)"


def _filled_board() -> list[str]:
    """The actions of a side-7 Bounders game (basic rules, no komi) played to its end, each
    the first legal one."""
    game = new_game("bounders", size=7, rules="basic", komi="off")
    played = []
    while not game.is_over:
        action = game.legal_actions()[0]
        game.play(action)
        played.append(action)
    return played
