"""The Splinter picture: what can be clicked, the preview, the marks and the frame."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from test_splinter import PASS_BOARD, position, splinter, state

from py_engine import IllegalAction, NotationError
from py_engine.games.splinter.game import Splinter

ROOT = Path(__file__).resolve().parent.parent
NS = "{http://www.w3.org/2000/svg}"


def parse(picture: str) -> ET.Element:
    return ET.fromstring(picture)


def with_class(root: ET.Element, css: str) -> list[ET.Element]:
    return [e for e in root.iter() if css in (e.get("class") or "").split()]


def attribute_values(root: ET.Element, name: str) -> set[str]:
    return {value for e in root.iter() if (value := e.get(name)) is not None}


def view_box(root: ET.Element) -> list[float]:
    return [float(v) for v in (root.get("viewBox") or "").split()]


def test_the_picture_names_the_position_and_has_no_inline_style() -> None:
    game = splinter()
    root = parse(game.svg())
    assert root.get("aria-label") == game.describe()
    assert root.findtext(f"{NS}title") == game.describe()
    assert "Black to move" in game.describe()
    assert not any(e.get("style") is not None or e.tag == f"{NS}style" for e in root.iter())


def test_every_movable_piece_can_be_selected() -> None:
    game = splinter()
    game.play("h10-h11")
    root = parse(game.svg())
    movable = {action.split("-")[0] for action in game.legal_actions()}
    assert attribute_values(root, "data-select") == movable
    for element in root.iter():
        if element.get("data-select"):
            assert element.get("tabindex") == "0" and element.get("role") == "button"
            assert "White" in (element.get("aria-label") or "")
    assert not attribute_values(root, "data-action")
    assert not attribute_values(parse(game.svg(highlight=False)), "data-select")


def test_a_selected_piece_offers_its_moves() -> None:
    game = splinter()
    root = parse(game.svg(select="h10"))
    assert attribute_values(root, "data-action") == {
        a for a in game.legal_actions() if a.startswith("h10-")
    }
    assert len(attribute_values(root, "data-action")) == 8
    assert with_class(root, "selected")
    assert "h11" not in attribute_values(root, "data-select"), "the target square wins the click"


@pytest.mark.parametrize("square", ["h11", "e13", "z9", "h10-h11", ""])
def test_selecting_what_cannot_move_is_refused(square: str) -> None:
    game = splinter()
    before = state(game)
    with pytest.raises(IllegalAction, match="not a piece that can move"):
        game.svg(select=square)
    assert state(game) == before


def test_the_preview_of_a_splinter_fades_and_names_the_pieces_lost() -> None:
    game = splinter()
    before = state(game)
    root = parse(game.svg(preview="f12-e13"))
    assert state(game) == before, "the preview takes its move back"
    words = root.findtext(f"{NS}desc") or ""
    assert "1 piece splinters off and is removed: Black pawn on e13" in words
    assert "The game goes on" in words
    faded = [e for e in with_class(root, "piece") if "splinter" in (e.get("class") or "")]
    assert [e.get("data-cell") for e in faded] == ["e13"]
    assert faded[0].get("opacity") is not None
    assert with_class(root, "splinter-mark") and with_class(root, "ghost")
    assert attribute_values(root, "data-action") == {"f12-e13"}, "clicking it confirms"
    assert (root.get("aria-label") or "").startswith("Preview of f12-e13. Splinter on")
    assert "Black: king and 13 pawns, 1 lost" in (root.get("aria-label") or "")


def test_the_preview_shows_every_pushed_piece_and_the_end_of_the_game() -> None:
    game = position("wa5 bb5 Bc5 bd5 we5 wf5 Wg5 wa6", edge="off")
    root = parse(game.svg(preview="d5-c5"))
    words = root.findtext(f"{NS}desc") or ""
    assert "pushes 3 pieces" in words
    assert "White pawn on a5 falls off the board" in words
    assert "The move ends the game" in words and "Black wins" in words
    assert len(with_class(root, "push-arrow")) == 4, "three pieces shifted, one pushed off"
    faded = [e for e in with_class(root, "piece") if "splinter" in (e.get("class") or "")]
    assert [e.get("data-cell") for e in faded] == ["off"]
    assert not game.is_over


@pytest.mark.parametrize("action", ["h10-h12", "a1-a2", "h11-h12", "nonsense"])
def test_previewing_a_bad_action_is_refused(action: str) -> None:
    game = splinter()
    before = state(game)
    with pytest.raises(IllegalAction):
        game.svg(preview=action)
    with pytest.raises(IllegalAction):
        game.svg(hint=action)
    assert state(game) == before


def test_the_last_move_and_the_pieces_it_pushed_are_marked() -> None:
    game = splinter()
    game.play("h10-h11")
    root = parse(game.svg())
    assert len(with_class(root, "last-move")) == 1
    assert len(with_class(root, "pushed-mark")) == 2
    assert len(with_class(root, "last-from")) == 1
    came = {e.get("data-cell"): e.get("data-from") for e in root.iter() if e.get("data-from")}
    assert came == {"h11": "h10", "h12": "h11", "h13": "h12"}
    assert [e.get("data-cell") for e in with_class(root, "moved")] == ["h11"]


def test_the_squares_of_the_pieces_splintered_off_are_marked() -> None:
    """The pieces the last move splintered off leave a mark on their squares, and the
    description says how many and where; the next move's picture drops the marks."""
    game = position("Bc5 Wc4 wb4 bd5 be6 bf7")
    game.play("d5-d4")  # the pawns on e6 and f7 hung on to the rest through d5 only
    root = parse(game.svg())
    marks = with_class(root, "splintered-mark")
    assert [m.get("data-square") for m in marks] == ["e6", "f7"]
    assert "2 pieces splintered off and were removed: e6, f7." in game.describe()
    assert root.get("aria-label") == game.describe()
    pawns = {e.get("data-cell"): e for e in with_class(root, "pawn")}
    assert set(pawns) == {"b4", "d4"}, "the marked squares are empty"
    x, y = _centre(pawns["d4"])
    assert [_centre(m) for m in marks] == [(x + 10, y - 20), (x + 20, y - 30)]
    game.play(game.legal_actions()[0])
    assert not with_class(parse(game.svg()), "splintered-mark")
    assert "splintered" not in game.describe()


@pytest.mark.parametrize(("pieces", "action", "left", "step"), [
    ("ba5 wb5 wc5 wc6 Wd5 Be5 be6", "c5-b5", "a5", (-10, 0)),  # off the left edge
    ("ba1 wb2 wb1 Wc2 Bd2 bd3", "b2-a1", "a1", (-10, 10)),  # off a corner, diagonally
])
@pytest.mark.parametrize("frame", ["fit", "full"])
def test_a_pawn_pushed_off_leaves_a_mark_beyond_the_edge(
    pieces: str, action: str, left: str, step: tuple[int, int], frame: str
) -> None:
    """The pawn the last move pushed off the board leaves the mark of a splintered piece on
    the paper beyond the edge, one step on from the square it left (the piece behind it now
    stands there), in the picture's window; the description names it; the next move drops
    the mark."""
    game = position(pieces, turn="white", edge="off")
    game.play(action)
    root = parse(game.svg(frame=frame))
    marks = with_class(root, "pushed-off-mark")
    assert [(m.get("data-square"), m.get("data-colour")) for m in marks] == [(left, "black")]
    assert not with_class(root, "splintered-mark")
    x, y = _centre(next(e for e in with_class(root, "piece") if e.get("data-cell") == left))
    assert _centre(marks[0]) == (x + step[0], y + step[1])
    box = view_box(root)
    assert box[0] < x + step[0] < box[0] + box[2] and box[1] < y + step[1] < box[1] + box[3]
    paper = with_class(root, "paper")[0]
    inside_x = float(paper.get("x") or 0) <= x + step[0] <= float(paper.get("x") or 0) + float(
        paper.get("width") or 0)
    inside_y = float(paper.get("y") or 0) <= y + step[1] <= float(paper.get("y") or 0) + float(
        paper.get("height") or 0)
    assert not (inside_x and inside_y), "the mark lies beyond the board's paper"
    assert f"The Black pawn on {left} was pushed off the board." in game.describe()
    assert root.get("aria-label") == game.describe()
    game.play(game.legal_actions()[0])
    assert not with_class(parse(game.svg(frame=frame)), "pushed-off-mark")


def test_a_move_that_splinters_nothing_leaves_no_mark() -> None:
    game = splinter(edge="off")
    game.play("h10-h11")
    assert not with_class(parse(game.svg()), "splintered")
    assert not with_class(parse(game.svg()), "pushed-off")
    assert "splintered" not in game.describe() and "pushed off" not in game.describe()


def _centre(element: ET.Element) -> tuple[float, float]:
    """The centre of a drawn piece or mark: that of its circle."""
    circle = element.find(f"{NS}circle")
    assert circle is not None
    return float(circle.get("cx") or 0), float(circle.get("cy") or 0)


def test_a_hint_is_marked() -> None:
    root = parse(splinter().svg(hint="f8-g9"))
    assert with_class(root, "hint")


def test_pieces_read_apart_without_colour() -> None:
    """Pawns are discs and kings squares; Black's pieces carry a mark, White's do not."""
    root = parse(splinter().svg())
    pieces = with_class(root, "piece")
    assert len(pieces) == 30
    for piece in pieces:
        classes = (piece.get("class") or "").split()
        body = piece.find(f"{NS}*[@class='body']")
        assert body is not None
        assert body.tag == (f"{NS}rect" if "king" in classes else f"{NS}circle")
        marked = piece.find(f"{NS}*[@class='mark']") is not None
        assert marked == ("black" in classes)


def test_the_frame_fits_the_pieces_and_the_whole_board_on_request() -> None:
    game = splinter()
    fit, full = view_box(parse(game.svg())), view_box(parse(game.svg(frame="full")))
    assert fit[2:] == [9 * 10 + 4, 10 * 10 + 4], "the 5x6 block with two squares around"
    assert full[2:] == [15 * 10 + 4, 18 * 10 + 4]
    for action in ["f12-e13", "f7-f6"]:
        game.play(action)
    cells = {e.get("data-cell") for e in with_class(parse(game.svg()), "piece")}
    names = {game.grid.names[q] for q in game.pieces[1] | game.pieces[2]}
    assert cells == names


def test_the_frame_stays_within_the_board() -> None:
    game = position("Ba1 Wb1 wc1 bb2", size="15x18")
    root = parse(game.svg(coords=True))
    letters = [e.text for e in root.iter(f"{NS}text") if e.text and e.text.isalpha()]
    assert letters[0] == "a" and len(letters) == 9
    numbers = [e.text for e in root.iter(f"{NS}text") if e.text and e.text.isdigit()]
    assert numbers[0] == "1" and len(numbers) == 10


def test_the_frame_only_grows_in_a_game_and_a_preview_keeps_it() -> None:
    """The squares keep their size from move to move: the window of a position holds the
    windows of every position before it, and the preview of any move is drawn in the window of
    the position it is previewed from (a game that wanders, where one position's own window
    would be smaller than the last one's)."""
    game = Splinter(size="15x18", edge="off")
    actions = ["h10-h11", "h9-h8", "h11-h12", "h8-h7", "h12-h13", "h7-h6", "h13-h12",
               "h6-h7", "h12-h11", "h7-h8"]
    boxes = [view_box(parse(game.svg()))]
    for action in actions:
        for move in game.legal_actions():
            assert view_box(parse(game.svg(preview=move))) == boxes[-1], move
        game.play(action)
        boxes.append(view_box(parse(game.svg())))
    heights = [box[3] for box in boxes]
    assert heights == sorted(heights) and heights[0] < heights[-1], heights
    assert view_box(parse(Splinter(size="15x18").svg())) != boxes[-1]


# The first 30 moves of a game the computer played against itself (150 iterations a move).
OPENING = ("i11-i10 h9-h8 f12-e12 h6-g5 e12-d13 g12-h11 i8-i9 i10-i9 j9-k9 i11-j10 i6-i5 g10-h9"
           " g7-g8 h9-h8 f10-g11 i7-i6 g11-g12 i6-h6 i8-h7 i12-h11 g8-f9 j11-k10 l8-m9 i9-j9"
           " f8-e7 g10-g9 i13-j13 h8-i8 e7-d8 i8-h9")


@pytest.mark.parametrize("edge", ["wall", "off"])
def test_the_frame_changes_seldom_in_an_opening(edge: str) -> None:
    """The window grows by steps of several squares on every side at once, so that one growth
    lasts the spreading pieces many moves: in the first 30 moves the squares change size at
    most twice (growing a square at a time, they changed 7 times in this game), every piece
    stays in the window and the window stays smaller than the board."""
    game = Splinter(edge=edge)
    boxes = [view_box(parse(game.svg()))]
    for action in OPENING.split():
        game.play(action)
        root = parse(game.svg())
        box = view_box(root)
        for piece in with_class(root, "piece"):
            x, y = _centre(piece) if piece.find(f"{NS}circle") is not None else _king_centre(piece)
            assert box[0] < x < box[0] + box[2] and box[1] < y < box[1] + box[3], action
        boxes.append(box)
    sizes = [box[2:] for box in boxes]
    changes = sum(a != b for a, b in pairwise(sizes))
    assert 1 <= changes <= 2, sizes
    assert all(a[0] <= b[0] and a[1] <= b[1] for a, b in pairwise(sizes)), sizes
    whole = view_box(parse(game.svg(frame="full")))
    assert sizes[-1][0] * sizes[-1][1] < whole[2] * whole[3]


def _king_centre(element: ET.Element) -> tuple[float, float]:
    """The centre of a drawn king: that of its square."""
    body = element.find(f"{NS}rect")
    assert body is not None
    half = float(body.get("width") or 0) / 2
    return float(body.get("x") or 0) + half, float(body.get("y") or 0) + half


def test_a_pawn_pushed_off_is_drawn_in_the_window_of_the_board() -> None:
    """With the off rule a window that reaches an edge shows the paper beyond it, so the
    preview of a push off the board keeps the board's window, and the whole board too."""
    game = position("Bc3 Wd3 bb3 wb2 wb1", size="9x10", edge="off")
    for frame in ("fit", "full"):
        shown = view_box(parse(game.svg(frame=frame)))
        previewed = parse(game.svg(frame=frame, preview="b3-b2"))
        assert view_box(previewed) == shown, frame
        assert len(with_class(previewed, "off")) == 1
    assert view_box(parse(game.svg(frame="full")))[2:] == [11 * 10 + 4, 12 * 10 + 4]
    walled = position("Ba1 Wb1 wc1 bb2", size="9x10")
    assert view_box(parse(walled.svg(frame="full")))[2:] == [9 * 10 + 4, 10 * 10 + 4]


def test_a_bad_frame_is_refused() -> None:
    with pytest.raises(NotationError, match="'fit' or 'full'"):
        splinter().svg(frame="zoom")


def test_a_finished_game_offers_nothing_to_click() -> None:
    game = position("Bb5 bc5 bd5 we5 Wf5")
    game.play("d5-c5")
    root = parse(game.svg())
    assert not attribute_values(root, "data-select") and not attribute_values(root, "data-action")
    assert "Black wins" in (root.get("aria-label") or "")
    assert game.buttons() == []


def test_the_command_line_writes_the_picture(tmp_path: Path) -> None:
    out = tmp_path / "splinter.svg"
    done = subprocess.run([sys.executable, "-m", "py_engine", "svg", "splinter", "splinter",
                           "-o", str(out)], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    root = parse(out.read_text())
    assert (root.get("aria-label") or "").startswith("Splinter on a 15 by 18 board")
    assert isinstance(splinter(), Splinter)


# --- the description in the reader's language ------------------------------------------------

def _catalogue(lang: str) -> dict[str, str]:
    return json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text("utf-8"))


def _say(message: str, values: dict[str, object]) -> str:
    """A catalogue message with its placeholders filled, as the site's ``t()`` fills them."""
    return re.sub(r"\{(\w+)\}", lambda m: str(values[m.group(1)]), message)


def _played(pieces: str, action: str, **options: Any) -> Splinter:
    game = position(pieces, **options)
    game.play(action)
    return game


def _repeated() -> Splinter:
    game = splinter()
    for action in "h12-h13 g12-g13 h13-h12 g13-g12".split() * 2:
        game.play(action)
    return game


def _positions() -> dict[str, Splinter]:
    """The start, moves that push no, one and several pieces, and every way a game can end."""
    quiet, many = splinter(), splinter()
    quiet.play("f12-e13")
    many.play("h10-h11")
    ends = {
        "larger-group.black": _played("Bb5 bc5 bd5 we5 Wf5", "d5-c5"),
        "larger-group.white": _played("Wb5 wc5 wd5 be5 Bf5", "d5-c5", turn="white"),
        "fewer-lost.black": _played("Bb5 bc5 bd5 we5 wf5 Wg5", "d5-c5", lost=(1, 2)),
        "fewer-lost.white": _played("Bb5 bc5 bd5 we5 wf5 Wg5", "d5-c5", lost=(2, 1)),
        "draw-split": _played("Bb5 bc5 bd5 we5 wf5 Wg5", "d5-c5", lost=(1, 1)),
        "no-pawns.black": _played("Bc5 Wd5 be5 wf5", "e5-d5"),
        "no-pawns.white": _played("Bc5 Wd5 we5 bf5", "e5-d5", turn="white"),
        "no-pawns": _played("wa5 bb5 Bc5 Wd5", "b5-a5", edge="off"),
        "repetition": _repeated(),
        "no-moves": position(PASS_BOARD.replace(".", "b")),
    }
    for ending, game in ends.items():
        outcome = game.result()
        assert outcome is not None
        reason, _, colour = ending.partition(".")
        assert (outcome["reason"], outcome.get("colour", "")) == (reason, colour)
    return {"start": splinter(), "quiet": quiet, "push-many": many,
            "splinters-many": _played("Bc5 Wc4 wb4 bd5 be6 bf7", "d5-d4"),
            "push-one": _played("Bc5 bd5 we5 Wd6", "d5-e5"),
            "pushed-off.black": _played("ba5 wb5 wc5 wc6 Wd5 Be5 be6", "c5-b5", turn="white",
                                        edge="off"),
            "pushed-off.white": _played("wa5 bb5 bc5 bc6 Bd5 We5 we6", "c5-b5", edge="off"),
            **ends}


POSITIONS = _positions()


@pytest.mark.parametrize("name", POSITIONS)
def test_the_description_can_be_said_from_the_catalogues(name: str) -> None:
    """The sentences behind describe() and the picture's label: the site's English catalogue
    says exactly the engine's words, and the Korean one says them all in Korean."""
    game = POSITIONS[name]
    said = game.description()
    english, korean = _catalogue("en"), _catalogue("ko")
    assert " ".join(_say(english[key], values) for key, values, _ in said) == game.describe()
    assert [_say(english[key], values) for key, values, _ in said] == [e for _, _, e in said]
    korean_words = " ".join(_say(korean[key], values) for key, values, _ in said)
    assert "{" not in korean_words and not re.search("[A-Za-z]{3}", korean_words)
    root = parse(game.svg())
    assert json.loads(root.get("data-i18n-sentences") or "") == [[k, v] for k, v, _ in said]
    assert root.get("aria-label") == root.findtext(f"{NS}title") == game.describe()


def test_the_descriptions_use_every_splinter_key_of_the_catalogues() -> None:
    """Each ending has its own words: every describe.splinter key is said by some position
    (or the preview), and both catalogues have the same describe.splinter keys."""
    keys = {key for game in POSITIONS.values() for key, _, _ in game.description()}
    keys.add("describe.splinter.preview")
    english, korean = _catalogue("en"), _catalogue("ko")
    assert keys == {k for k in english if k.startswith("describe.splinter.")}
    assert keys == {k for k in korean if k.startswith("describe.splinter.")}


def test_the_preview_is_described_in_sentences_too() -> None:
    game = splinter()
    root = parse(game.svg(preview="h10-h11"))
    sentences = json.loads(root.get("data-i18n-sentences") or "")
    assert sentences[0] == ["describe.splinter.preview", {"action": "h10-h11"}]
    english = _catalogue("en")
    label = " ".join(_say(english[key], values) for key, values in sentences)
    assert root.get("aria-label") == label == root.findtext(f"{NS}title")
    assert label.startswith("Preview of h10-h11. Splinter on")
    assert "Last move h10-h11, pushing 2 pieces. White to move." in label
    assert game.describe().endswith("Black to move."), "the preview takes its move back"
