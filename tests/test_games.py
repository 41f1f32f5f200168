"""The games are declared once, each in its package's spec: the engine's list, the search's
knowledge, the site's build and the pages' list all come from those declarations, and a new
package is all it takes to add a game."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from importlib import import_module
from pathlib import Path

import pytest

import py_engine
from py_engine import GAMES, new_game
from py_engine.ai import knowledge_for
from py_engine.games import SPECS
from py_engine.mcts import Knowledge

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import build_site  # noqa: E402


def test_every_list_of_games_is_the_declarations() -> None:
    assert list(GAMES) == list(SPECS) == list(build_site.SITE_GAMES)
    module = build_site.games_module()
    listed = json.loads(re.fullmatch(r"(?s)//[^\n]*\nexport const GAMES = (.*);\n", module)[1])
    assert [game["name"] for game in listed] == list(SPECS)
    assert [game["players"] for game in listed] == [list(spec.players) for spec in SPECS.values()]
    assert [game["options"] for game in listed] == [list(GAMES[name].OPTIONS) for name in SPECS]


@pytest.mark.parametrize("name", list(SPECS))
def test_a_spec_says_what_its_game_is(name: str) -> None:
    spec = SPECS[name]
    cls = GAMES[name]
    assert cls.name == name and cls.__name__ == spec.game
    counts = {new_game(name, **({"players": n} if "players" in cls.OPTIONS else {})).players
              for n in spec.players}
    assert counts == set(spec.players)
    assert spec.panel == (ROOT / "web" / "games" / f"{name}.js").exists()
    knowledge = knowledge_for(new_game(name))
    if spec.knowledge is None:
        assert type(knowledge) is Knowledge
    else:
        assert type(knowledge).__name__ == spec.knowledge
        assert type(knowledge).__module__ == f"py_engine.games.{name}.ai"
    assert spec.title == cls.title and spec.notation


def test_concern_modules_use_the_same_names() -> None:
    concerns = {"__init__", "spec", "game", "board", "draw", "ai", "rules", "score"}
    for name in SPECS:
        folder = ROOT / "py_engine" / "games" / name
        modules = {path.stem for path in folder.glob("*.py")}
        assert {"__init__", "spec", "game", "board", "draw"} <= modules <= concerns, name


def test_a_lower_layer_never_imports_a_higher_one() -> None:
    """The floor (core, svgkit, mcts) imports no game and nothing above; the games import
    only the floor; the command line, arena and bench import no game directly."""
    floor = {"core", "svgkit", "mcts"}
    for path in (ROOT / "py_engine").rglob("*.py"):
        text = path.read_text("utf-8")
        relative = path.relative_to(ROOT / "py_engine")
        imported = set(re.findall(r"^\s*from (\.+[\w.]*) import", text, re.MULTILINE))
        if relative.stem in floor and len(relative.parts) == 1:
            assert imported <= {".core"}, (relative, imported)
        if relative.parts[0] == "games" and len(relative.parts) == 3:
            upward = {m for m in imported if m.startswith("...")}
            assert upward <= {"...core", "...svgkit", "...mcts", "..."}, (relative, upward)
        if relative.stem in {"cli", "arena", "bench"}:
            lines = [line for line in text.splitlines() if re.match(r"\s*(from|import) ", line)]
            assert not [line for line in lines if "games" in line], relative


TINY = '''
from collections.abc import Sequence
from typing import Any

from ...core import Game, IllegalAction, Result, Score, choice_option


class Tiny(Game):
    """Take one or two from a heap of seven; who takes the last wins."""

    name = "tiny"
    title = "Tiny"
    OPTIONS = {"heap": choice_option(7, (5, 7))}

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.heap = self.options["heap"]
        self.taken: list[int] = []

    @property
    def players(self) -> int:
        return 2

    @property
    def to_move(self) -> int | None:
        return None if self.heap == 0 else len(self.taken) % 2

    def moves(self) -> Sequence[int]:
        return [n for n in (1, 2) if n <= self.heap]

    def do(self, move: int) -> None:
        self.heap -= move
        self.taken.append(move)

    def undo_move(self) -> None:
        self.heap += self.taken.pop()

    def action_of(self, move: int) -> str:
        return f"take {move}"

    def move_of(self, action: str) -> int:
        for move in self.moves():
            if action == self.action_of(move):
                return move
        raise IllegalAction(f"{action!r} is not take 1 or take 2 from {self.heap}")

    def score(self) -> Score:
        return {"totals": [0, 0]}

    def result(self) -> Result | None:
        if self.heap:
            return None
        winner = (len(self.taken) - 1) % 2
        return {"winner": winner, "ranking": [winner, 1 - winner], "reason": "last"}

    def picture(self, highlight: bool, coords: bool, select: str | None,
                preview: str | None, hint: str | None) -> str:
        return "<svg />"
'''

TINY_SPEC = '''
from ...core import GameSpec

SPEC = GameSpec(name="tiny", title="Tiny", order=9, game="Tiny", players=(2,),
                notation="take 1 or take 2")
'''


def test_a_new_game_is_one_package(tmp_path: Path) -> None:
    """A fourth game's package, with nothing else changed, is a game of the engine: listed,
    playable, searched with the default knowledge, read from records."""
    shutil.copytree(ROOT / "py_engine", tmp_path / "py_engine",
                    ignore=shutil.ignore_patterns("__pycache__"))
    package = tmp_path / "py_engine" / "games" / "tiny"
    package.mkdir()
    (package / "__init__.py").write_text('"""Tiny."""\n')
    (package / "spec.py").write_text(TINY_SPEC)
    (package / "game.py").write_text(TINY)
    code = (
        "import json, py_engine\n"
        "from py_engine.ai import choose_within\n"
        "g = py_engine.load_game('game: tiny\\nheap: 7\\n\\ntake 2\\n')\n"
        "move = choose_within(g, 200, seed=1)\n"
        "print(json.dumps([list(py_engine.GAMES), g.legal_actions(), move]))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=tmp_path, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    games, legal, move = json.loads(done.stdout)
    assert games == [*SPECS, "tiny"]
    assert legal == ["take 1", "take 2"]
    assert move == "take 2"  # from 5, leaving 3 wins: the search finds it
    assert import_module("py_engine").__file__ == py_engine.__file__
