"""The Splinter board: sizes, square names, steps, Zobrist keys and the setup.

The board is a list of ints with a border of ``OFF`` squares around it, so a pushed line is
walked until it meets something that is not a piece, with no bounds checks. A square is an index
into that list; a piece is its colour (``BLACK`` or ``WHITE``), plus ``KING`` for a king.
"""

from __future__ import annotations

import random
import re
from functools import cache
from typing import Any, NamedTuple, Protocol

from ...core import Refusal, shown

EMPTY, OFF = 0, -1
BLACK, WHITE, KING = 1, 2, 4
COLOUR_NAMES = {BLACK: "black", WHITE: "white"}
LETTERS = "abcdefghijklmnopqrstuvwxy"
# The 8 directions, clockwise from north, as (column, row) steps; a move's low 3 bits.
DIRECTIONS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
MIN_COLUMNS, MAX_COLUMNS, MIN_ROWS, MAX_ROWS = 9, 25, 10, 30
SIZES = ("9x10", "11x12", "13x14", "15x18", "17x20", "19x22")


def _ring_table() -> tuple[bool, ...]:
    """For every set of occupied neighbours of a square (bit k for direction k), whether they
    form one 8-connected group among themselves, without the square in the middle."""
    table = []
    for mask in range(256):
        around = [DIRECTIONS[k] for k in range(8) if mask >> k & 1]
        reached = set(around[:1])
        todo = list(reached)
        while todo:
            x, y = todo.pop()
            for other in around:
                if other not in reached and max(abs(other[0] - x), abs(other[1] - y)) == 1:
                    reached.add(other)
                    todo.append(other)
        table.append(len(reached) == len(around))
    return tuple(table)


RING_JOINED = _ring_table()


def size_of(text: str) -> tuple[int, int]:
    """Columns and rows of a canonical size text such as ``15x18``."""
    columns, _, rows = text.partition("x")
    return int(columns), int(rows)


def coerce_size(value: Any) -> str:
    """A board size ``COLUMNSxROWS``: an odd number of columns and an even number of rows, so
    that the board has two central squares, at least 9 × 10."""
    match = re.fullmatch(r"\s*(\d+)\s*[x×]\s*(\d+)\s*", str(value), re.IGNORECASE)
    if match is None or isinstance(value, bool):
        raise Refusal(
            "{value} is not a size written COLUMNSxROWS, such as 15x18",
            code="splinter.size", value=shown(value),
        )
    columns, rows = int(match[1]), int(match[2])
    rule = Refusal(
        "a board needs an odd number of columns from {min_columns} to {max_columns} and an even "
        "number of rows from {min_rows} to {max_rows}, so that it has two central squares",
        code="splinter.size-rule", min_columns=MIN_COLUMNS, max_columns=MAX_COLUMNS,
        min_rows=MIN_ROWS, max_rows=MAX_ROWS,
    )
    if columns % 2 == 0 or not MIN_COLUMNS <= columns <= MAX_COLUMNS:
        raise Refusal("{value} has {columns} columns: {rule}", code="splinter.size-columns",
                      value=shown(value), columns=columns, rule=rule)
    if rows % 2 or not MIN_ROWS <= rows <= MAX_ROWS:
        raise Refusal("{value} has {rows} rows: {rule}", code="splinter.size-rows",
                      value=shown(value), rows=rows, rule=rule)
    return f"{columns}x{rows}"


class Grid:
    """The geometry of one board size: padded squares, names, steps and Zobrist keys."""

    def __init__(self, columns: int, rows: int) -> None:
        self.columns, self.rows = columns, rows
        self.stride = columns + 2
        self.cells = self.stride * (rows + 2)
        self.steps = tuple(dx + dy * self.stride for dx, dy in DIRECTIONS)
        self.direction_of = {step: k for k, step in enumerate(self.steps)}
        self.names: dict[int, str] = {}
        self.template = [OFF] * self.cells
        for row in range(rows):
            for column in range(columns):
                square = self.square(column, row)
                self.names[square] = f"{LETTERS[column]}{row + 1}"
                self.template[square] = EMPTY
        self.index = {name: square for square, name in self.names.items()}
        keys = random.Random(f"splinter {columns}x{rows}")
        self.keys = [keys.getrandbits(64) for _ in range((BLACK | WHITE | KING) * self.cells)]
        self.turn_keys = (0, keys.getrandbits(64), keys.getrandbits(64))

    def square(self, column: int, row: int) -> int:
        """The square of a column and row counted from 0 (``a`` and row 1)."""
        return (row + 1) * self.stride + column + 1

    def column_row(self, square: int) -> tuple[int, int]:
        return square % self.stride - 1, square // self.stride - 1

    def start(self) -> dict[int, int]:
        """The setup: a 5-column × 6-row block in the middle, coloured like a checkerboard whose
        top-left piece is Black; the kings on the two central squares, Black's above White's."""
        middle, upper = (self.columns - 1) // 2, self.rows // 2
        placement = {}
        for row in range(upper - 3, upper + 3):
            for column in range(middle - 2, middle + 3):
                black = (column - middle + upper - row) % 2 == 0
                placement[self.square(column, row)] = BLACK if black else WHITE
        placement[self.square(middle, upper)] = BLACK | KING
        placement[self.square(middle, upper - 1)] = WHITE | KING
        return placement


@cache
def grid_of(columns: int, rows: int) -> Grid:
    return Grid(columns, rows)


def colour_title(colour: int) -> str:
    return COLOUR_NAMES[colour].capitalize()


def kind_name(piece: int) -> str:
    """``king`` or ``pawn``."""
    return "king" if piece & KING else "pawn"


def piece_name(piece: int) -> str:
    """``White pawn``, ``Black king``."""
    return f"{colour_title(piece & 3)} {kind_name(piece)}"


class Shift(NamedTuple):
    """What a move did: the mover's start square and step, the squares the shifted pieces
    landed on (mover first), the pawn pushed off the board (its last square and piece, or
    None) and the pieces splintered off (square and piece)."""

    start: int
    step: int
    landed: list[int]
    fell: tuple[int, int] | None
    removed: list[tuple[int, int]]



class Ending(NamedTuple):
    """How a game ended: the rule (``larger-group``, ``fewer-lost``, ``draw-split``,
    ``no-pawns``, ``repetition`` or ``no-moves``), the winning colour (EMPTY for a draw) and the
    sizes of the black and the white king's groups."""

    reason: str
    winner: int
    black: int
    white: int


class Undo(NamedTuple):
    """What taking a move back needs: the move, the square after its line, the piece pushed
    off (EMPTY if none), the pieces splintered off, and the hash, colour to move, no-return
    direction and hold, ending, move list and counted position key from before it."""

    move: int
    end: int
    fell: int
    removed: list[tuple[int, int]]
    hash: int
    turn: int
    back: int
    held: range
    over: Ending | None
    moves: list[int] | None
    key: int


class Position(Protocol):
    """What the picture and the description read of a game of Splinter."""

    grid: Grid
    wall: bool
    board: list[int]
    pieces: list[set[int]]
    pawns: list[int]
    lost: list[int]
    turn: int
    over: Ending | None
    stack: list[Undo]

    def moves(self) -> Any: ...

    def do(self, move: int) -> None: ...

    def undo_move(self) -> None: ...

    def action_of(self, move: int) -> str: ...

    def move_of(self, action: str) -> int: ...

    def last_shift(self) -> Shift | None: ...
