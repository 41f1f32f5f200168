"""The shared contract: options, records, errors and the command line, for every game."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from py_engine import GAMES, IllegalAction, NotationError, load_game, new_game
from py_engine.core import choice_option, flag_option, parse_record

ROOT = Path(__file__).resolve().parent.parent


def test_errors_are_value_errors() -> None:
    assert issubclass(IllegalAction, ValueError)
    assert issubclass(NotationError, ValueError)


def test_flag_option_reads_every_spelling() -> None:
    flag = flag_option(False)
    for text in ["on", "true", "YES", "1", True]:
        assert flag.coerce(text) is True
    for text in ["off", "false", "No", "0", False]:
        assert flag.coerce(text) is False
    with pytest.raises(ValueError, match="not on or off"):
        flag.coerce("perhaps")
    assert flag.format(True) == "on" and flag.format(False) == "off"


def test_choice_option_matches_written_forms() -> None:
    size = choice_option(7, (7, 9))
    assert size.coerce("9") == 9 and size.coerce(7) == 7
    with pytest.raises(ValueError, match="'8' is not one of 7, 9"):
        size.coerce("8")
    with pytest.raises(ValueError):
        size.coerce(True)


def test_parse_record_skips_comments_and_keeps_line_numbers() -> None:
    name, options, lines, actions = parse_record(
        "# a game\ngame: Bounders\nsize: 9\n\n# opening\ni9\n\n  a1  \n"
    )
    assert (name, options, lines) == ("bounders", {"size": "9"}, {"size": 3})
    assert actions == [(6, "i9"), (8, "a1")]


def test_parse_record_accepts_windows_line_ends() -> None:
    game = load_game("game: bounders\r\nsize: 7\r\n\r\ng7\r\n")
    assert game.history == ["g7"]


def test_a_record_pasted_with_a_byte_order_mark_is_read() -> None:
    """A file saved with a byte order mark, pasted as text, keeps it at the start: it is no
    part of the record (a file opened through the browser loses it already)."""
    game = load_game("\ufeffgame: bounders\nsize: 7\n\ng7\n")
    assert game.history == ["g7"] and game.options["size"] == 7
    with pytest.raises(NotationError):
        load_game("game: bounders\n\ufeffsize: 7\n")  # only at the very start


@pytest.mark.parametrize("bad", [None, 42, b"game: bounders"])
def test_a_record_must_be_text(bad: object) -> None:
    with pytest.raises(NotationError, match="a record is text"):
        load_game(bad)  # type: ignore[arg-type]


def test_an_action_must_be_text() -> None:
    game = new_game("bounders")
    with pytest.raises(NotationError, match="not int"):
        game.play(7)  # type: ignore[arg-type]
    assert game.history == []


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_keeps_the_contract(name: str) -> None:
    """A short random game of each registered game through the public contract only."""
    game = new_game(name)
    rng = random.Random(3)
    assert game.players >= 2 and game.to_move == 0 and not game.is_over
    assert game.result() is None
    for _ in range(12):
        if game.is_over:
            break
        legal = game.legal_actions()
        assert legal and legal == game.legal_actions(), "legal actions are stable"
        game.play(rng.choice(legal))
    totals = game.score()["totals"]
    assert len(totals) == game.players
    text = game.record()
    assert text.startswith(f"game: {name}\n")
    assert load_game(text).record() == text
    root = ET.fromstring(game.svg())
    assert root.tag.endswith("svg") and root.get("aria-label")
    if not game.is_over:
        actions = {e.get("data-action") for e in root.iter() if e.get("data-action")}
        assert actions <= set(game.legal_actions())
    played = len(game.history)
    game.undo()
    assert len(game.history) == played - 1


def run_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "py_engine", *args], input=stdin, text=True,
                          capture_output=True, cwd=ROOT, timeout=120)


def test_cli_svg_writes_the_picture_of_a_record(tmp_path: Path) -> None:
    record = tmp_path / "game.txt"
    record.write_text("game: bounders\nsize: 7\n\ng7\na1\n")
    out = tmp_path / "board.svg"
    done = run_cli("svg", "bounders", str(record), "-o", str(out), "--coords")
    assert done.returncode == 0, done.stderr
    root = ET.fromstring(out.read_text())
    assert "2 Dark" not in (root.get("aria-label") or "")
    assert "1 Dark and 1 Light stones" in (root.get("aria-label") or "")


def test_cli_reports_bad_records_without_a_traceback(tmp_path: Path) -> None:
    record = tmp_path / "bad.txt"
    record.write_text("game: bounders\n\ng7\ng8\n")
    done = run_cli("svg", "bounders", str(record))
    assert done.returncode == 2
    assert "line 4: action 'g8' cannot be played" in done.stderr
    assert "Traceback" not in done.stderr


def test_cli_play_takes_actions_from_the_terminal() -> None:
    done = run_cli("play", "bounders", "rules=tournament",
                   stdin="g7\nf6\nswap\nundo\nlegal\nrecord\nquit\n")
    assert done.returncode == 0
    assert "! f6 touches 1 Dark and 0 Light" in done.stdout
    legal_line = next(line for line in done.stdout.splitlines() if "a1 a2 a3" in line)
    assert "swap a1 a2 a3" in legal_line, "after the undo, seat 1 may swap again"
    assert "rules: tournament" in done.stdout


def test_cli_bench_prints_figures() -> None:
    done = run_cli("bench", "bounders", "--seconds", "0.2")
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stdout.splitlines() if line.startswith("bounders side")]
    assert len(lines) == 2
    assert all("playouts/s" in line and "legal_actions()/s" in line for line in lines)


def fresh_python(code: str) -> str:
    """What ``code`` prints when run by a fresh interpreter in the project's folder."""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_games_load_on_first_use() -> None:
    """A page that plays one game never compiles the others' modules (nor the search's)."""
    code = (
        "import json, sys, py_engine, py_engine.ai\n"
        "py_engine.new_game('bounders')\n"
        "assert 'bosk' in py_engine.GAMES and 'chess' not in py_engine.GAMES\n"
        "print(json.dumps([m for m in sys.modules if m.startswith('py_engine.')]))\n"
    )
    loaded = set(json.loads(fresh_python(code)))
    assert "py_engine.games.bounders.game" in loaded
    other_games = ("py_engine.games.splinter.", "py_engine.games.bosk.")
    others = {m for m in loaded if m.startswith(other_games)}
    assert others <= {"py_engine.games.splinter.spec", "py_engine.games.bosk.spec"}
    assert "py_engine.games.bounders.ai" not in loaded
    assert list(GAMES) == ["bounders", "splinter", "bosk"]
    assert GAMES["splinter"].name == "splinter"
