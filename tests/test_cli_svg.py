"""``python -m py_engine svg``: a tutorial's static diagrams, drawn ahead in CPython."""

from __future__ import annotations

from pathlib import Path

import pytest

from py_engine import load_game
from py_engine.cli import main

RECORD = "game: bounders\nsize: 7\n\ng7\na1\nm7\n"


def draw(tmp_path: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    source = tmp_path / "game.txt"
    source.write_text(RECORD, "utf-8")
    code = main(["svg", args[0], str(source), *args[1:]])
    return code, capsys.readouterr().out.strip()


def test_the_position_at_a_ply(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, svg = draw(tmp_path, capsys, "bounders", "--ply", "1")
    game = load_game(RECORD)
    game.undo()
    game.undo()
    assert code == 0 and svg == game.svg()


def test_a_plain_diagram_has_nothing_to_click(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, svg = draw(tmp_path, capsys, "bounders", "--plain", "--coords", "--draw", "territory=off")
    assert code == 0 and "data-action" not in svg
    assert svg == load_game(RECORD).svg(highlight=False, coords=True, territory=False)


@pytest.mark.parametrize("args, says", [
    (("splinter",), "not splinter"),
    (("bounders", "--ply", "9"), "--ply is 0 to 3"),
    (("bounders", "--draw", "frame=full"), "no option 'frame'"),
    (("bounders", "--preview", "a1"), ""),
])
def test_mistakes_are_told(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: tuple[str, ...], says: str
) -> None:
    source = tmp_path / "game.txt"
    source.write_text(RECORD, "utf-8")
    code = main(["svg", args[0], str(source), *args[1:]])
    error = capsys.readouterr().err
    if says:
        assert code == 2 and says in error
    else:
        assert code == 2 and "a1" in error  # a1 is taken


def test_the_readmes_picture_is_what_its_command_draws(capsys: pytest.CaptureFixture[str]) -> None:
    """The README shows docs/bounders.svg as the output of the command it quotes."""
    root = Path(__file__).resolve().parents[1]
    readme = (root / "README.md").read_text("utf-8")
    command = "python -m py_engine svg bounders tests/golden/bounders-largest-region.txt"
    assert f"(`{command}`)" in readme and "](docs/bounders.svg)" in readme
    code = main(["svg", "bounders", str(root / "tests/golden/bounders-largest-region.txt")])
    assert code == 0
    drawn = (root / "docs/bounders.svg").read_text("utf-8")
    assert capsys.readouterr().out.strip() == drawn.strip()
