"""Bosk parks: our maps, how a park is read and checked, and the geometry of a park.

A park is a grid of square spaces, each belonging to one of 8 regions (its rules page:
web/rules/bosk.json). It is written as rows of region letters, top row first, one letter per space;
records join the rows with ``/``. The region written ``L`` is the lake. Spaces are named by column
letter from the left and row number from the bottom (``c3``); a point is named after the space whose
lower-left corner it is, and only inner points (``b2`` up to the last column and row) hold trees.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any, Protocol

from ...core import IllegalAction, Refusal, shown
from .rules import KIND, KINDS, SQUIRREL_TILE, STEPS, VALUE, tile_name

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
        raise Refusal(
            "a park is a list of rows or one text with rows separated by '/', not {value}",
            code="bosk.park-form", value=shown(value),
        )
    rows = [row.upper() for row in rows]
    check_park(rows)
    return tuple(rows)


def check_park(rows: Sequence[str]) -> None:
    """Raise ValueError naming the first problem of a park given as upper-case rows."""
    if not rows or not rows[0]:
        raise Refusal(
            "the park has no spaces; expected rows of region letters", code="bosk.park-empty"
        )
    width = len(rows[0])
    for number, row in enumerate(rows, start=1):
        if len(row) != width:
            raise Refusal(
                "the park is not a rectangle: row {row} from the top has {spaces} spaces, the "
                "first row {width}",
                code="bosk.park-rectangle", row=number, spaces=len(row), width=width,
            )
        bad = next((c for c in row if not ("A" <= c <= "Z")), None)
        if bad is not None:
            raise Refusal(
                "row {row} from the top holds {letter}; a space is a region letter A-Z",
                code="bosk.park-letter", row=number, letter=shown(bad),
            )
    letters = sorted(set("".join(rows)))
    if len(letters) != REGIONS:
        raise Refusal(
            "the park has {count} regions ({letters}); it needs exactly {regions}",
            code="bosk.park-regions", count=len(letters), letters="".join(letters),
            regions=REGIONS,
        )
    if LAKE not in letters:
        raise Refusal(
            "the park has no lake: one of its regions must be written {lake}",
            code="bosk.park-lake", lake=LAKE,
        )
    for letter in letters:
        cells = {(x, y) for y, row in enumerate(rows) for x, c in enumerate(row) if c == letter}
        if len(cells) < MIN_REGION:
            raise Refusal(
                "region {region} has {spaces} spaces; a region needs at least {least}",
                code="bosk.park-small", region=letter, spaces=len(cells), least=MIN_REGION,
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
            raise Refusal(
                "region {region} is in pieces: its spaces must be 4-connected",
                code="bosk.park-pieces", region=letter,
            )


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
        # The row line and the column line through each point, as indexes into ``lines``.
        self.point_lines = [
            tuple(i for i, (_, points) in enumerate(self.lines) if p in points)
            for p in range(len(self.point_xy))
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


class Position(Protocol):
    """What the notation, the score sheet and the picture read of a game of Bosk."""

    geo: Park
    n: int
    names: tuple[str, ...]
    hand: list[list[int]]
    tree_owner: list[int]
    tree_value: list[int]
    standing: list[bool]
    height: list[int]
    top: list[int]
    squirrel: list[int]
    squirrel_at: list[int]
    tiles: list[int]
    on_park: list[int]
    step: int
    seat: int
    round: int
    start: int
    turn: int
    wind: int
    tree: int
    held: int
    last: int
    planted: int
    summer: tuple[int, ...]
    winter: tuple[int, ...]

    @property
    def to_move(self) -> int | None: ...

    def moves(self) -> Sequence[int]: ...

    def action_of(self, move: int) -> str: ...

    def winds(self) -> list[int]: ...

    def required_value(self, round_number: int) -> int | None: ...

    def totals(self) -> list[int]: ...

    def controlled(self) -> list[list[int]]: ...

    def summer_lines(self) -> list[dict[str, Any]]: ...

    def result(self) -> Any: ...


# --- reading actions: each text becomes its move, or an IllegalAction saying what is wrong and
# what the position expects --------------------------------------------------------------------

EXPECTED = {
    "plant": "a tree to plant: plant VALUE@POINT (e.g. plant 3@c4)",
    "wind": "the first wind: wind N, wind E, wind S or wind W",
    "tree": "one of your trees: tree POINT",
    "tile": "a leaf tile: tile 2 … tile 8, or tile S for the squirrel",
    "leaf": "the next leaf: leaf SPACE",
    "squirrel": "the squirrel's space: squirrel SPACE",
}


def parse_action(game: Position, action: str) -> int:
    """The legal move ``action`` names in ``game``; IllegalAction explains why there is none."""
    word, _, arg = action.strip().partition(" ")
    word, arg = word.lower(), arg.strip()
    step = STEPS[game.step]
    if step == "over":
        raise IllegalAction(
            "the game is over; {action} cannot be played", code="action.over",
            action=shown(action),
        )
    if word not in KINDS:
        raise IllegalAction(
            "{action} is not a Bosk action; expected {expected}", code="bosk.unknown",
            action=shown(action), expected=EXPECTED[step], step=step,
        )
    if word != step:
        raise IllegalAction(
            "{action} is not playable now; expected {expected}", code="bosk.not-now",
            action=shown(action), expected=EXPECTED[step], step=step,
        )
    kind = KINDS.index(word)
    move = kind * KIND + _READERS[word](game, arg)
    if move not in game.moves():
        raise IllegalAction(
            "{action} is not legal here: {reason}", code="bosk.illegal", action=shown(action),
            reason=_why(game, word, move % KIND),
        )
    return move


def _plant(game: Position, arg: str) -> int:
    value_text, sep, point_text = arg.partition("@")
    value_text = value_text.strip()
    if not sep or value_text not in ("1", "2", "3", "4"):
        raise IllegalAction(
            "plant {arg}: expected plant VALUE@POINT, VALUE 1 to 4", code="bosk.plant-form",
            arg=shown(arg),
        )
    value = int(value_text)
    if not game.hand[game.seat][value]:
        left = sorted({v for v in (1, 2, 3, 4) if game.hand[game.seat][v]})
        raise IllegalAction(
            "{player} has no tree of value {value} left (left: {left})", code="bosk.no-tree",
            player=game.names[game.seat], seat=game.seat + 1, value=value,
            left=", ".join(map(str, left)),
        )
    point = _point(game, point_text.strip().lower())
    if game.tree_owner[point] >= 0:
        raise IllegalAction(
            "point {point} already holds a tree", code="bosk.planted", point=point_text.strip()
        )
    return (value - 1) * VALUE + point


def _wind(game: Position, arg: str) -> int:
    direction = arg.upper()
    if len(direction) != 1 or direction not in DIRECTIONS:
        raise IllegalAction(
            "wind {arg}: expected wind N, wind E, wind S or wind W", code="bosk.wind-form",
            arg=shown(arg),
        )
    return DIRECTIONS.index(direction)


def _tree(game: Position, arg: str) -> int:
    return _point(game, arg.lower())


def _tile(game: Position, arg: str) -> int:
    text = arg.upper()
    if text == "S":
        return SQUIRREL_TILE
    if text not in ("2", "3", "4", "5", "6", "7", "8"):
        raise IllegalAction(
            "tile {arg}: expected a tile 2 to 8, or S for the squirrel", code="bosk.tile-form",
            arg=shown(arg),
        )
    return int(text)


def _space(game: Position, arg: str) -> int:
    geo = game.geo
    space = geo.space_index.get(arg.lower())
    if space is None:
        raise IllegalAction(
            "{space} is not a space of this park (a1 to {last})", code="bosk.space",
            space=shown(arg), last=geo.space_names[-1],
        )
    return space


def _point(game: Position, name: str) -> int:
    geo = game.geo
    point = geo.point_index.get(name)
    if point is None:
        raise IllegalAction(
            "{point} is not an inner point of this park (b2 to {last})", code="bosk.point",
            point=shown(name), last=geo.point_names[-1],
        )
    return point


_READERS = {
    "plant": _plant,
    "wind": _wind,
    "tree": _tree,
    "tile": _tile,
    "leaf": _space,
    "squirrel": _space,
}


def _why(game: Position, word: str, data: int) -> IllegalAction:
    """Why a well-formed action is not among the legal moves."""
    geo, seat = game.geo, game.seat
    if word == "tree":
        if game.tree_owner[data] != seat or not game.standing[data]:
            return IllegalAction(
                "{player} has no tree on {point}", code="bosk.no-tree-there",
                player=game.names[seat], seat=seat + 1, point=geo.point_names[data],
            )
        return IllegalAction(
            "round {round} needs a tree of value {round}", code="bosk.tree-value",
            round=game.round,
        )
    if word == "tile":
        if data == SQUIRREL_TILE:
            return IllegalAction("the squirrel tile has been used", code="bosk.squirrel-used")
        return IllegalAction(
            "tile {tile} has been used", code="bosk.tile-used", tile=tile_name(data)
        )
    name = geo.space_names[data]
    if word == "squirrel":
        return IllegalAction(
            "{space} is not within 3 steps downwind of the tree", code="bosk.squirrel-far",
            space=name,
        )
    if game.squirrel[data] >= 0:
        return IllegalAction("{space} holds a squirrel", code="bosk.squirrel-there", space=name)
    ahead = geo.first[game.wind][game.tree] if game.last < 0 else geo.ahead[game.wind][game.last]
    wind = DIRECTIONS[game.wind]
    if data not in ahead and game.last < 0:
        return IllegalAction(
            "{space} is not on the tree's downwind side (wind {wind})", code="bosk.not-downwind",
            space=name, wind=wind,
        )
    if data not in ahead:
        return IllegalAction(
            "{space} is not ahead of {last} (wind {wind})", code="bosk.not-ahead",
            space=name, last=geo.space_names[game.last], wind=wind,
        )
    return IllegalAction(
        "covering {space} costs {cost} tokens and {held} are held", code="bosk.cost",
        space=name, cost=game.height[data] + 1, held=game.held,
    )
