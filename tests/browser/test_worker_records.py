"""The worker reads records for the pages (run in CPython, no browser): ``read`` gives a
record's game, options and actions as the engine reads them, and a refused record is answered
with where it was refused and how many of its actions play, by ``read`` and by ``view``; the
build writes the pages' list of games from the engine's."""

from __future__ import annotations

import json
import re
from typing import Any

import build_site
import pytest

import py_engine
from py_engine import load_game

HEADER = "game: bounders\nsize: 7\nrules: basic\nkomi: off\n\n"
worker = build_site.load_worker()


def read(record: str) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(worker.read(record))
    return answer


def test_read_gives_the_engines_reading() -> None:
    record = HEADER + "# a comment\ng7\n\na1\n"
    assert read(record) == {
        "game": "bounders",
        "options": load_game(record).option_record(),
        "actions": ["g7", "a1"],
    }


def test_a_refused_action_names_its_line_and_the_playable_prefix() -> None:
    record = HEADER + "g7\n# a comment\na1\ng7\nm7\n"
    answer = read(record)
    assert answer["line"] == 9 and answer["token"] == "g7" and answer["prefix"] == 2
    assert answer["error"].startswith("line 9: ")
    assert answer["game"] == "bounders" and answer["actions"] == ["g7", "a1"]
    assert answer["options"] == load_game(HEADER).option_record()
    # view answers the same refusal for a board, whose game stays as it was
    assert json.loads(worker.view("records", HEADER + "g7\n"))["actions"] == ["g7"]
    refused = json.loads(worker.view("records", record))
    assert {key: refused[key] for key in ("line", "token", "prefix")} == {
        "line": 9,
        "token": "g7",
        "prefix": 2,
    }
    assert json.loads(worker.view("records", HEADER + "g7\na1\n"))["actions"] == ["g7", "a1"]


@pytest.mark.parametrize(
    ("record", "line", "game"),
    [
        ("game: bounders\nsize: 8\n\ng7\n", 2, "bounders"),
        ("game: chess\n\ne4\n", 1, "chess"),
        ("size: 7\n", 1, None),
    ],
)
def test_a_refused_header_has_no_prefix(record: str, line: int, game: str | None) -> None:
    answer = read(record)
    assert answer["prefix"] is None and answer["line"] == line
    assert answer.get("game") == game
    if game is not None:
        assert answer["options"] == {} and answer["actions"] == []


def test_the_pages_list_of_games_is_the_engines() -> None:
    module = build_site.games_module()
    listed = json.loads(re.fullmatch(r"(?s)//[^\n]*\nexport const GAMES = (.*);\n", module)[1])
    assert [game["name"] for game in listed] == list(py_engine.GAMES)
    bosk = next(game for game in listed if game["name"] == "bosk")
    assert bosk["players"] == [2, 3, 4]
    assert all(
        game["panel"] == (build_site.WEB / "games" / f"{game['name']}.js").exists()
        for game in listed
    )
