"""Splinter rules, from the rules (web/rules/splinter.json) and the designer's text."""

from __future__ import annotations

from typing import Any

import pytest

from py_engine import IllegalAction, NotationError, load_game, new_game
from py_engine.games.splinter.board import BLACK, KING, WHITE
from py_engine.games.splinter.game import Splinter

PIECES = {"b": BLACK, "w": WHITE, "B": BLACK | KING, "W": WHITE | KING}
LETTERS = "abcdefghijklmnopqrstuvwxy"


def splinter(**options: Any) -> Splinter:
    game = new_game("splinter", **options)
    assert isinstance(game, Splinter)
    return game


def position(pieces: str, turn: str = "black", lost: tuple[int, int] = (0, 0),
          **options: Any) -> Splinter:
    """A game on a 9x10 board (unless ``size`` says otherwise) from a position.

    ``pieces`` is either words like ``Be5 We4 bd5 wf5`` (B/W kings, b/w pawns, then a square)
    or a diagram of the whole board, top row first, one character a square (``.`` empty).
    """
    options.setdefault("size", "9x10")
    game = splinter(**options)
    index = game.grid.index
    if "\n" in pieces.strip():
        rows = [line.strip() for line in pieces.strip().splitlines()]
        assert len(rows) == game.grid.rows
        placement = {
            index[f"{LETTERS[c]}{len(rows) - r}"]: PIECES[char]
            for r, line in enumerate(rows) for c, char in enumerate(line) if char != "."
        }
    else:
        placement = {index[word[1:]]: PIECES[word[0]] for word in pieces.split()}
    game._set_position(placement, BLACK if turn == "black" else WHITE, lost)
    return game


def board(game: Splinter) -> dict[str, str]:
    """The pieces by square name, with the letters of ``setup``."""
    letters = {code: letter for letter, code in PIECES.items()}
    return {game.grid.names[q]: letters[game.board[q]]
            for colour in (BLACK, WHITE) for q in game.pieces[colour]}


def state(game: Splinter) -> tuple[object, ...]:
    return (board(game), game.to_move, game.result(), list(game.lost), game.record(),
            game.legal_actions())


# --- the board and the setup ---------------------------------------------------------------

def test_the_setup_square_by_square() -> None:
    """A 5 × 6 block on f–j × 7–12, a square Black when column number plus row is even,
    the kings on h10 (Black, above) and h9 (White); every other square empty."""
    game = splinter()
    expected = {}
    for column in range(1, 16):
        for row in range(1, 19):
            name = f"{LETTERS[column - 1]}{row}"
            if 6 <= column <= 10 and 7 <= row <= 12:
                expected[name] = "b" if (column + row) % 2 == 0 else "w"
    expected["h10"], expected["h9"] = "B", "W"
    assert board(game) == expected
    assert expected["f12"] == "b", "the top-left piece is Black"
    assert game.score()["pawns"] == {"black": 14, "white": 14}
    assert game.to_move == 0 and game.score()["colours"] == ["black", "white"]


def test_the_first_120_moves() -> None:
    """Black's 15 pieces may each step in all 8 directions: nothing reaches the edge."""
    game = splinter()
    legal = game.legal_actions()
    assert len(legal) == len(set(legal)) == 120
    black = {name for name, piece in board(game).items() if piece in "bB"}
    assert {action.split("-")[0] for action in legal} == black
    for action in legal:
        source, target = action.split("-")
        assert abs(LETTERS.index(source[0]) - LETTERS.index(target[0])) <= 1
        assert abs(int(source[1:]) - int(target[1:])) <= 1


@pytest.mark.parametrize("size, block, kings", [
    ("9x10", ("c", "g", 3, 8), ("e6", "e5")),
    ("11x12", ("d", "h", 4, 9), ("f7", "f6")),
    ("25x30", ("k", "o", 13, 18), ("m16", "m15")),
    ("15x20", ("f", "j", 8, 13), ("h11", "h10")),
])
def test_other_board_sizes(size: str, block: tuple[str, str, int, int],
                           kings: tuple[str, str]) -> None:
    """The same block in the middle of any board, its top-left piece Black."""
    game = splinter(size=size)
    left, right, low, high = block
    pieces = board(game)
    assert pieces[kings[0]] == "B" and pieces[kings[1]] == "W"
    assert pieces[f"{left}{high}"] == "b"
    assert {(name[0], int(name[1:])) for name in pieces} == {
        (c, r) for c in LETTERS[LETTERS.index(left):LETTERS.index(right) + 1]
        for r in range(low, high + 1)
    }
    assert len(game.legal_actions()) == 120
    assert game.record().splitlines()[1] == f"size: {size}"


@pytest.mark.parametrize("size", ["14x18", "15x17", "7x10", "9x8", "27x30", "15x32", "0x0"])
def test_a_size_without_two_central_squares_is_refused(size: str) -> None:
    with pytest.raises(NotationError, match="odd number of columns .* even number of rows"):
        splinter(size=size)


@pytest.mark.parametrize("options, words", [
    ({"size": "fifteen"}, "COLUMNSxROWS"),
    ({"size": True}, "COLUMNSxROWS"),
    ({"edge": "cliff"}, "not one of wall, off"),
    ({"first": "red"}, "not one of black, white"),
    ({"noreturn": "maybe"}, "not on or off"),
    ({"komi": "on"}, "no option 'komi'"),
])
def test_bad_options_say_what_is_accepted(options: dict[str, Any], words: str) -> None:
    with pytest.raises(NotationError, match=words):
        splinter(**options)


def test_options_are_written_in_records() -> None:
    game = splinter(size="11X12", first="white", edge="off", noreturn="yes")
    assert game.record() == "game: splinter\nsize: 11x12\nfirst: white\nedge: off\n" \
                            "noreturn: on\n\n"
    assert game.to_move == 0 and game.turn == WHITE, "seat 0 plays the colour named by first"
    assert len(game.legal_actions()) == 120
    assert all(board(game)[a.split("-")[0]] in "wW" for a in game.legal_actions())


# --- pushing ---------------------------------------------------------------------------

def test_a_push_of_a_long_line() -> None:
    """Every piece in the unbroken line ahead is pushed one square, of either colour."""
    game = position("bb5 wc5 bd5 we5 bf5 wg5 Bh5 Wc6")
    game.play("b5-c5")
    assert board(game) == {"c5": "b", "d5": "w", "e5": "b", "f5": "w", "g5": "b", "h5": "w",
                           "i5": "B", "c6": "W"}
    assert game.last_shift() is not None and len(game.last_shift().landed) == 7  # type: ignore[union-attr]


def test_a_diagonal_push_from_the_setup() -> None:
    """f8 steps to g9 and pushes g9, the king on h10, i11 and j12 along the diagonal."""
    game = splinter()
    before = board(game)
    game.play("f8-g9")
    after = board(game)
    assert [after[q] for q in ("g9", "h10", "i11", "j12", "k13")] == \
           [before[q] for q in ("f8", "g9", "h10", "i11", "j12")]
    assert "f8" not in after and after["i11"] == "B"
    assert not game.is_over and game.score()["lost"] == {"black": 0, "white": 0}


def test_a_king_pushes_and_is_pushed_like_any_piece() -> None:
    game = splinter()
    game.play("h10-h11")
    assert [board(game)[q] for q in ("h11", "h12", "h13")] == ["B", "w", "b"]
    game.play("h7-h8")
    assert [board(game)[q] for q in ("h8", "h9", "h10", "h11")] == ["w", "b", "W", "B"]


# --- the edge ---------------------------------------------------------------------------

EDGES = {  # direction: the square at the edge the line is pushed against
    "N": ("e10", (0, 1)), "NE": ("i10", (1, 1)), "E": ("i5", (1, 0)), "SE": ("i1", (1, -1)),
    "S": ("e1", (0, -1)), "SW": ("a1", (-1, -1)), "W": ("a5", (-1, 0)), "NW": ("a10", (-1, 1)),
}


def edge_line(direction: str, edge_piece: str) -> tuple[str, str]:
    """A line of a Black pawn then two White pieces ending on the edge square, the kings beside
    the pawn's start and its next square; returns the position and the pawn's move."""
    square, (dx, dy) = EDGES[direction]
    column, row = LETTERS.index(square[0]), int(square[1:])

    def name(k: int, ex: int = 0, ey: int = 0) -> str:
        return f"{LETTERS[column - k * dx + ex]}{row - k * dy + ey}"

    if dx and dy:
        kings = name(3, dx, 0), name(3, 0, dy)
    elif dx:
        kings = name(3, 0, 1 if row < 10 else -1), name(2, 0, 1 if row < 10 else -1)
    else:
        kings = name(3, 1 if column < 8 else -1, 0), name(2, 1 if column < 8 else -1, 0)
    pieces = f"b{name(3)} w{name(2)} w{name(1)} {edge_piece}{name(0)} B{kings[0]} W{kings[1]}"
    return pieces, f"{name(3)}-{name(2)}"


@pytest.mark.parametrize("direction", EDGES)
def test_wall_a_push_off_the_board_is_illegal(direction: str) -> None:
    pieces, move = edge_line(direction, "w")
    game = position(pieces)
    before = state(game)
    assert move not in game.legal_actions()
    with pytest.raises(IllegalAction, match="off the board, which the wall edge rule forbids"):
        game.play(move)
    assert state(game) == before


@pytest.mark.parametrize("direction", EDGES)
def test_off_a_pawn_pushed_off_the_board_is_lost(direction: str) -> None:
    pieces, move = edge_line(direction, "w")
    game = position(pieces, edge="off")
    edge = EDGES[direction][0]
    game.play(move)
    assert board(game)[edge] == "w", "the line moved up to the edge"
    assert sum(1 for p in board(game).values() if p == "w") == 2
    assert game.score()["lost"] == {"black": 0, "white": 1}
    assert not game.is_over
    game.undo()
    assert board(game) == board(position(pieces, edge="off"))


@pytest.mark.parametrize("edge_rule", ["wall", "off"])
@pytest.mark.parametrize("direction", EDGES)
def test_a_king_can_never_be_pushed_off(direction: str, edge_rule: str) -> None:
    pieces, move = edge_line(direction, "w")
    king_square = pieces.split()[-1][1:]
    pieces = pieces.replace(f"W{king_square}", f"w{king_square}")
    pieces = pieces.replace(f"w{EDGES[direction][0]}", f"W{EDGES[direction][0]}")
    game = position(pieces, edge=edge_rule)
    assert move not in game.legal_actions()
    message = "wall edge rule" if edge_rule == "wall" else "a king may never leave it"
    with pytest.raises(IllegalAction, match=f"White king on {EDGES[direction][0]} .*{message}"):
        game.play(move)


def test_a_piece_on_the_edge_cannot_step_off() -> None:
    game = position("Ba5 Wb5 wc5 bd5", edge="off")
    assert {a for a in game.legal_actions() if a.startswith("a5-")} == {"a5-a6", "a5-b6",
                                                                        "a5-a4", "a5-b4",
                                                                        "a5-b5"}


# --- the splinter -----------------------------------------------------------------------

def test_a_splinter_removes_a_kingless_group() -> None:
    """From the setup, f12-e13 leaves the pawn alone on e13: it is removed and lost."""
    game = splinter()
    game.play("f12-e13")
    assert "e13" not in board(game) and "f12" not in board(game)
    assert game.score()["lost"] == {"black": 1, "white": 0}
    assert game.score()["pawns"] == {"black": 13, "white": 14}
    assert not game.is_over


def test_a_splintered_group_of_both_colours_is_removed() -> None:
    """c5-b5 pushes the king to a5 and leaves d5–e5 without a king: both pawns are lost."""
    game = position("Bb5 Wb6 wa7 bc5 wd5 be5")
    game.play("c5-b5")
    assert board(game) == {"a5": "B", "b5": "b", "b6": "W", "a7": "w"}
    assert game.score()["lost"] == {"black": 1, "white": 1}
    assert not game.is_over


def test_the_kings_split_and_the_larger_group_wins() -> None:
    game = position("Bb5 bc5 bd5 we5 Wf5")
    game.play("d5-c5")
    assert board(game) == {"a5": "B", "b5": "b", "c5": "b", "e5": "w", "f5": "W"}
    result = game.result()
    assert result is not None
    assert (result["winner"], result["reason"], result["colour"]) == (0, "larger-group", "black")
    assert result["king_groups"] == {"black": 3, "white": 2}
    assert game.score()["king_groups"] == {"black": 3, "white": 2}
    assert game.rewards() == [1.0, 0.0] and game.to_move is None


def test_the_kings_split_equal_groups_fewer_pawns_lost_wins() -> None:
    game = position("Bb5 bc5 bd5 we5 wf5 Wg5", lost=(2, 1))
    game.play("d5-c5")
    result = game.result()
    assert result is not None
    assert result["king_groups"] == {"black": 3, "white": 3}
    assert (result["winner"], result["reason"], result["colour"]) == (1, "fewer-lost", "white")


def test_the_kings_split_equal_groups_and_losses_is_a_draw() -> None:
    game = position("Bb5 bc5 bd5 we5 wf5 Wg5", lost=(1, 1))
    game.play("d5-c5")
    result = game.result()
    assert result is not None
    assert (result["winner"], result["reason"]) == (None, "draw-split")
    assert game.rewards() == [0.5, 0.5]


def test_the_splinter_losses_of_the_splitting_move_count() -> None:
    """A pawn the splitting move pushes off counts among the pawns lost."""
    game = position("wa5 bb5 Bc5 bd5 we5 wf5 Wg5", edge="off")
    game.play("d5-c5")
    assert board(game) == {"a5": "b", "b5": "B", "c5": "b", "e5": "w", "f5": "w", "g5": "W"}
    result = game.result()
    assert result is not None and result["lost"] == {"black": 0, "white": 1}
    assert (result["reason"], result["colour"]) == ("fewer-lost", "black")


def test_a_side_left_with_no_pawns_loses() -> None:
    game = position("Bc5 Wd5 be5 wf5")
    game.play("e5-d5")
    assert board(game) == {"b5": "B", "c5": "W", "d5": "b"}
    result = game.result()
    assert result is not None and (result["reason"], result["colour"]) == ("no-pawns", "black")


def test_both_sides_left_with_no_pawns_draw() -> None:
    game = position("wa5 bb5 Bc5 Wd5", edge="off")
    game.play("b5-a5")
    assert board(game) == {"c5": "B", "d5": "W"}
    result = game.result()
    assert result is not None and (result["winner"], result["reason"]) == (None, "no-pawns")


# --- endless play -----------------------------------------------------------------------

def test_the_third_repetition_is_a_draw() -> None:
    game = splinter()
    shuffle = "h12-h13 g12-g13 h13-h12 g13-g12".split()
    for action in shuffle * 2:
        assert not game.is_over
        game.play(action)
    result = game.result()
    assert result is not None and (result["winner"], result["reason"]) == (None, "repetition")
    game.undo()
    assert not game.is_over and game.legal_actions()


def test_no_return_holds_the_pieces_the_last_move_shifted() -> None:
    """After h10-h11 the White pawn pushed to h12 may not go back to h11."""
    game = splinter(noreturn=True)
    game.play("h10-h11")
    assert "h12-h11" not in game.legal_actions()
    with pytest.raises(IllegalAction, match="White pawn on h12 left h11 in Black's last move"):
        game.play("h12-h11")
    assert {"h12-h13", "h12-g13", "h12-g11"} <= set(game.legal_actions()), "only back is held"
    free = splinter()
    free.play("h10-h11")
    assert "h12-h11" in free.legal_actions()


def test_no_return_holds_pieces_pushed_back_too() -> None:
    game = position("Bd5 Wd6 be5 we7", noreturn=True)
    game.play("e5-e6")
    assert "e7-e6" not in game.legal_actions(), "it would push the pawn back to e5"
    assert "e7-f6" in game.legal_actions()
    game.play("d6-d7")
    game.play("d5-d6")
    assert "e7-e6" in game.legal_actions(), "the hold lasts one move"
    free = position("Bd5 Wd6 be5 we7")
    free.play("e5-e6")
    assert "e7-e6" in free.legal_actions()


PASS_BOARD = """
.bbbbbbbb
wwwwwwwbb
wwwwwwbwb
wwwwwbwwb
wwwwbwwwb
wwwBwwwwb
wwbWwwwwb
wbwwwwwwb
bwwwwwwwb
wwwwwwwwb
"""


def test_a_player_with_no_legal_move_passes() -> None:
    """After i10-h10 every line into the one empty square, i10, is Black: White cannot move,
    so Black moves again; taking the move back restores White's turn to come."""
    game = position(PASS_BOARD)
    assert game.to_move == 0
    game.play("i10-h10")
    assert not game.is_over
    assert game.to_move == 0 and game.turn == BLACK, "White passed"
    assert "h10-i10" in game.legal_actions()
    game.undo()
    assert game.to_move == 0 and board(game) == board(position(PASS_BOARD))


def test_neither_player_able_to_move_is_a_draw() -> None:
    full = PASS_BOARD.replace(".", "b")
    game = position(full)
    result = game.result()
    assert result is not None and (result["winner"], result["reason"]) == (None, "no-moves")
    assert game.legal_actions() == []


# --- bad actions ------------------------------------------------------------------------

@pytest.mark.parametrize("action, words", [
    ("h10-h12", "not one step"),
    ("z1-z2", "z1 is not a square of this 15x18 board"),
    ("h19-h18", "h19 is not a square"),
    ("a1-a2", "there is no piece on a1"),
    ("h11-h12", "h11 holds a White pawn, and Black is to move"),
    ("h10", "expected the from-square and the to-square"),
    ("", "expected the from-square"),
    ("h10-h10", "not one step"),
])
def test_bad_actions_say_why_and_change_nothing(action: str, words: str) -> None:
    game = splinter()
    game.play("f12-e13")
    game.play("g12-g13")
    before = state(game)
    with pytest.raises(IllegalAction, match=words):
        game.play(action)
    assert state(game) == before


def test_nothing_can_be_played_after_the_end() -> None:
    game = position("Bb5 bc5 bd5 we5 Wf5")
    game.play("d5-c5")
    with pytest.raises(IllegalAction, match="the game is over"):
        game.play("c5-d5")
    with pytest.raises(IllegalAction, match="not over"):
        splinter().rewards()


def test_a_record_replays_the_game() -> None:
    game = splinter(edge="off", noreturn=True)
    for action in "h10-h11 h12-g13 f12-e13 g13-h14".split():
        game.play(action)
    again = load_game(game.record())
    assert isinstance(again, Splinter)
    assert state(again) == state(game)
    assert "h10-h11\nh12-g13\n" in game.record()


def test_actions_are_read_leniently_and_written_exactly() -> None:
    game = splinter()
    game.play(" H10-H11 ")
    assert game.history == ["h10-h11"]


def test_the_score_breakdown() -> None:
    game = splinter(first="white")
    game.play("h9-g8")
    game.play("f12-e13")
    score = game.score()
    assert score["colours"] == ["white", "black"]
    assert score["totals"] == [14, 13]
    assert score["lost"] == {"black": 1, "white": 0}
    assert score["king_groups"] == {"black": 29, "white": 29}
    assert score["split_near"] is False


def test_split_near_when_a_move_would_part_the_kings() -> None:
    game = position("Bb5 bc5 bd5 we5 Wf5")
    assert game.score()["split_near"] is True
    assert game.score()["king_groups"] == {"black": 5, "white": 5}


def test_built_positions_must_be_one_group_with_a_king_each() -> None:
    with pytest.raises(ValueError, match="one group"):
        position("Ba1 Wb1 bd1 wb2")
    with pytest.raises(ValueError, match="one king of each colour"):
        position("Ba1 bb1 wc1")
