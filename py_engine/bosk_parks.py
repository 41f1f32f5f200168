"""Bosk parks: our maps, how a park is read and checked, and the geometry of a park.

A park is a grid of square spaces, each belonging to one of 8 regions (RULES.md §3). It is
written as rows of region letters, top row first, one letter per space; records join the rows
with ``/``. The region written ``L`` is the lake. Spaces are named by column letter from the
left and row number from the bottom (``c3``); a point is named after the space whose lower-left
corner it is, and only inner points (``b2`` up to the last column and row) hold trees.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

LAKE = "L"
REGIONS = 8
MIN_REGION = 4
DIRECTIONS = "NESW"
COLUMNS = "abcdefghijklmnopqrstuvwxyz"

# The park side for each number of players.
SIDES = {2: 8, 3: 9, 4: 10}

# Our own parks, one per number of players: rows of region letters, top row first.
PARKS: dict[int, tuple[str, ...]] = {
    2: (
        "AABBBCCC",
        "AABBCCCC",
        "ADBLLLCC",
        "DDLLLGCC",
        "EDDLGGGF",
        "EEDGGFFF",
        "EEEEGFFF",
        "EEEFFFFF",
    ),
    3: (
        "AAABBBBCC",
        "AADDBBCCC",
        "ADDDBLLCC",
        "EEDLLLLCC",
        "EEDDLLGGC",
        "EEEFFLGGG",
        "EEFFFGGGG",
        "EFFFFFGGG",
        "EEFFFFGGG",
    ),
    4: (
        "AAAABBBCCC",
        "AADDBBBCCC",
        "ADDDLBBBCC",
        "EEDLLLLBCC",
        "EEDDLLGGCC",
        "EEEDLGGGGC",
        "EEFDLLGGGG",
        "EEFFFLGGGG",
        "EFFFFFFGGG",
        "EEFFFFGGGG",
    ),
}


def read_park(value: Any) -> tuple[str, ...] | None:
    """A park from a list of rows or one ``/``-separated string; None (or ``default``) for ours.

    Checks what any park must satisfy: a rectangle of letters with exactly 8 regions, one of
    them the lake ``L``, each region 4-connected with at least 4 spaces. A ValueError names the
    problem. Whether its size suits the number of players is checked by the game.
    """
    if value is None:
        return None
    if isinstance(value, str):
        text = value.strip()
        if text.lower() in ("", "default"):
            return None
        rows = [row.strip() for row in text.split("/")]
    elif isinstance(value, Sequence) and all(isinstance(row, str) for row in value):
        rows = [row.strip() for row in value]
    else:
        raise ValueError(
            f"a park is a list of rows or one text with rows separated by '/', not {value!r}"
        )
    rows = [row.upper() for row in rows]
    check_park(rows)
    return tuple(rows)


def check_park(rows: Sequence[str]) -> None:
    """Raise ValueError naming the first problem of a park given as upper-case rows."""
    if not rows or not rows[0]:
        raise ValueError("the park has no spaces; expected rows of region letters")
    width = len(rows[0])
    for number, row in enumerate(rows, start=1):
        if len(row) != width:
            raise ValueError(
                f"the park is not a rectangle: row {number} from the top has {len(row)} "
                f"spaces, the first row {width}"
            )
        bad = next((c for c in row if not ("A" <= c <= "Z")), None)
        if bad is not None:
            raise ValueError(
                f"row {number} from the top holds {bad!r}; a space is a region letter A-Z"
            )
    letters = sorted(set("".join(rows)))
    if len(letters) != REGIONS:
        raise ValueError(
            f"the park has {len(letters)} regions ({''.join(letters)}); it needs exactly "
            f"{REGIONS}"
        )
    if LAKE not in letters:
        raise ValueError(f"the park has no lake: one of its regions must be written {LAKE}")
    for letter in letters:
        cells = {(x, y) for y, row in enumerate(rows) for x, c in enumerate(row) if c == letter}
        if len(cells) < MIN_REGION:
            raise ValueError(
                f"region {letter} has {len(cells)} spaces; a region needs at least {MIN_REGION}"
            )
        start = min(cells)
        seen, todo = {start}, [start]
        while todo:
            x, y = todo.pop()
            for step in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if step in cells and step not in seen:
                    seen.add(step)
                    todo.append(step)
        if len(seen) != len(cells):
            raise ValueError(f"region {letter} is in pieces: its spaces must be 4-connected")


def format_park(rows: tuple[str, ...] | None) -> str:
    """A park as records write it: rows joined by ``/``, or ``default`` for ours."""
    return "default" if rows is None else "/".join(rows)


class Park:
    """The geometry of one park: names, regions, the lines of points, and the wind tables.

    Spaces are ints ``y * width + x`` with ``x`` from the left and ``y`` from the bottom, both
    from 0. Inner points are ints in the same reading order over ``x, y`` from 1 to
    ``width - 1``/``height - 1``; point ``(x, y)`` is the lower-left corner of space ``(x, y)``.
    """

    def __init__(self, rows: tuple[str, ...]) -> None:
        self.rows = rows
        self.width = w = len(rows[0])
        self.height = h = len(rows)
        self.letters = "".join(sorted(set("".join(rows))))
        self.lake = self.letters.index(LAKE)
        self.space_xy = [(x, y) for y in range(h) for x in range(w)]
        self.region = [self.letters.index(rows[h - 1 - y][x]) for x, y in self.space_xy]
        self.space_names = [f"{COLUMNS[x]}{y + 1}" for x, y in self.space_xy]
        self.point_xy = [(x, y) for y in range(1, h) for x in range(1, w)]
        self.point_names = [f"{COLUMNS[x]}{y + 1}" for x, y in self.point_xy]
        self.space_index = {name: s for s, name in enumerate(self.space_names)}
        self.point_index = {name: p for p, name in enumerate(self.point_names)}
        self.first = [
            [self._spaces(_first_offsets(d), x, y) for x, y in self.point_xy] for d in range(4)
        ]
        self.ahead = [
            [self._spaces(_ahead_offsets(d), x, y) for x, y in self.space_xy] for d in range(4)
        ]
        self.lines: list[tuple[str, tuple[int, ...]]] = [
            (f"row {row + 1}", tuple(p for p, (_, y) in enumerate(self.point_xy) if y == row))
            for row in range(1, h)
        ] + [
            (f"column {COLUMNS[col]}",
             tuple(p for p, (x, _) in enumerate(self.point_xy) if x == col))
            for col in range(1, w)
        ]

    def _spaces(self, offsets: tuple[tuple[int, int], ...], x: int, y: int) -> tuple[int, ...]:
        """The spaces at ``offsets`` from ``(x, y)`` that lie in the park."""
        return tuple(
            (y + dy) * self.width + x + dx
            for dx, dy in offsets
            if 0 <= x + dx < self.width and 0 <= y + dy < self.height
        )

    def region_spaces(self, region: int) -> list[int]:
        return [s for s, r in enumerate(self.region) if r == region]


_STEP = ((0, 1), (1, 0), (0, -1), (-1, 0))  # one space towards N, E, S, W


def _first_offsets(d: int) -> tuple[tuple[int, int], ...]:
    """The 2 spaces touching a point on its downwind side, as offsets from the space (x, y)
    whose lower-left corner the point is: the point's four spaces are at dx, dy in {-1, 0}."""
    corner = ((-1, -1), (0, -1), (-1, 0), (0, 0))
    dx, dy = _STEP[d]
    return tuple(
        (cx, cy) for cx, cy in corner if (dx == 0 or cx == (0 if dx > 0 else -1))
        and (dy == 0 or cy == (0 if dy > 0 else -1))
    )


def _ahead_offsets(d: int) -> tuple[tuple[int, int], ...]:
    """The 3 spaces ahead of a space: straight downwind, and diagonally downwind both ways."""
    dx, dy = _STEP[d]
    return ((dx - dy, dy - dx), (dx, dy), (dx + dy, dy + dx))


@cache
def park_of(rows: tuple[str, ...]) -> Park:
    return Park(rows)
