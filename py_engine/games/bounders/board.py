"""Bounders' board (its rules page: web/rules/bounders.json): the hexhex geometry, the cell names of
the notation, and the position as the picture reads it.

Cells are ints in reading order (row ``a`` first, left to right).
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any, Protocol

EMPTY, DARK, LIGHT = 0, 1, 2
COLOUR_NAMES = ("empty", "dark", "light")
SWAP = -1
ROW_LETTERS = "abcdefghijklmnopq"


class HexBoard:
    """The geometry of a hexhex board of a given side: names, neighbours, centres."""

    def __init__(self, side: int) -> None:
        self.side = side
        rows = 2 * side - 1
        self.names: list[str] = []
        self.centres: list[tuple[float, float]] = []
        axial: list[tuple[int, int]] = []
        for row in range(rows):
            r = row - (side - 1)
            q_first = max(-(side - 1), -r - (side - 1))
            q_last = min(side - 1, -r + (side - 1))
            for k, q in enumerate(range(q_first, q_last + 1)):
                self.names.append(f"{ROW_LETTERS[row]}{k + 1}")
                axial.append((q, r))
                self.centres.append(
                    (math.sqrt(3) * (q + r / 2 + side - 1), 1.5 * row)
                )
        self.index = {name: i for i, name in enumerate(self.names)}
        where = {qr: i for i, qr in enumerate(axial)}
        steps = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
        self.neighbours: list[tuple[int, ...]] = [
            tuple(where[(q + dq, r + dr)] for dq, dr in steps if (q + dq, r + dr) in where)
            for q, r in axial
        ]
        self.cells = len(self.names)


@cache
def board_of(side: int) -> HexBoard:
    return HexBoard(side)



class Position(Protocol):
    """What the picture and the description read of a game of Bounders."""

    board: HexBoard
    stones: list[int]
    legal: list[int]
    stack: list[int]
    options: dict[str, Any]

    @property
    def is_over(self) -> bool: ...

    @property
    def next_colour(self) -> int: ...

    def action_of(self, move: int) -> str: ...

    def colour_points(self) -> tuple[int, int, list[tuple[list[int], int, int, int]]]: ...

    def result(self) -> Any: ...
