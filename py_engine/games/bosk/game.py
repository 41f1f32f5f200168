"""Bosk (Daryl Andrews and Erica Bouyouris, 2019), as the project plays it (its rules page:
web/rules/bosk.json).

Every choice is one atomic action: ``plant 3@c4`` in spring, then ``wind N`` and, turn after
turn, ``tree c4``, ``tile 5`` (or ``tile S``) and ``leaf d5`` … (or ``squirrel d6``). Summer,
the end of a turn (the tree leaves), the end of a round and winter happen inside the action that
causes them, so undo takes them back too.

Moves are ints ``kind * KIND + data``. The position lives in flat lists (trees per point,
stacks per space) and a handful of scalars; each ``do`` saves the scalars and what it changed
in the lists, so ``undo_move`` restores exactly without copying the position.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NotRequired, TypedDict

from ... import svgkit
from ...core import (
    NOT_OVER,
    Game,
    IllegalAction,
    NotationError,
    Option,
    Refusal,
    Result,
    choice_option,
    shown,
)
from .board import (
    DIRECTIONS,
    PARKS,
    SIDES,
    Park,
    format_park,
    park_of,
    parse_action,
    read_park,
)
from .draw import describe, description, draw
from .rules import (
    ALL_TILES,
    KIND,
    KINDS,
    LEAF,
    PLANT,
    ROUNDS,
    S_LEAF,
    S_OVER,
    S_PLANT,
    S_SQUIRREL,
    S_TILE,
    S_TREE,
    S_WIND,
    SQUIRREL,
    SQUIRREL_TILE,
    SUMMER_TABLE,
    TILE,
    TILES,
    TREE,
    TREE_VALUES,
    TURNS,
    VALUE,
    WIND,
    WINTER_TABLE,
    award,
    nearest_clockwise,
    places,
    tile_name,
    wind_schedule,
)
from .score import BoskScore, score_of


def _coerce_winds(value: Any) -> str:
    text = str(value).strip().upper()
    if len(text) != ROUNDS or any(c not in TURNS for c in text):
        raise Refusal(
            "{value} is not {rounds} letters of F (forward), R (right), B (back), L (left)",
            code="bosk.winds", value=shown(value), rounds=ROUNDS,
        )
    return text


MAX_NAME = 24


def _coerce_names(value: Any) -> tuple[str, ...] | None:
    """Player names: a list, or one text with names separated by commas; None for defaults."""
    if value is None:
        return None
    if isinstance(value, str):
        if value.strip().lower() in ("", "default"):
            return None
        names = [name.strip() for name in value.split(",")]
    elif isinstance(value, Sequence) and all(isinstance(name, str) for name in value):
        names = [name.strip() for name in value]
    else:
        raise Refusal(
            "names are a list or one text separated by commas, not {value}",
            code="bosk.names-form", value=shown(value),
        )
    for name in names:
        if not name or len(name) > MAX_NAME:
            raise Refusal(
                "a name has 1 to {most} characters, not {name}", code="bosk.name-length",
                most=MAX_NAME, name=shown(name),
            )
        if "," in name or not name.isprintable():
            raise Refusal(
                "a name may not hold commas or control characters: {name}",
                code="bosk.name-characters", name=shown(name),
            )
    return tuple(names)


def _format_names(names: tuple[str, ...] | None) -> str:
    return "default" if names is None else ",".join(names)


# The position's scalars, saved whole before every move: step, seat, round, start player, turn,
# first wind, wind, tree, leaves held, last leaf, lowest tile and its seat, trees planted, summer
# and winter points, and the pending leaf or squirrel moves.
Scalars = tuple[
    int, int, int, int, int, int, int, int, int, int, int, int, int,
    tuple[int, ...], tuple[int, ...], Sequence[int],
]
# What taking a move back needs: the move, the scalars before it, the owner of the top token
# the move covered (a leaf), and whether the move ended the turn. A plain tuple: a named one
# costs a few percent of a playout to build.
Undo = tuple[int, Scalars, int, bool]


class Tie(TypedDict):
    """A tie for first place, settled clockwise from round 8's start player."""

    seats: list[int]
    score: int
    round_8_start: int


class BoskResult(Result):
    totals: list[int]
    tie: NotRequired[Tie]


class Bosk(Game):
    """A game of Bosk for 2, 3 or 4 players: plant trees, then let the leaves fall."""

    name = "bosk"
    title = "Bosk"
    OPTIONS = {
        "players": choice_option(2, (2, 3, 4), "number of players"),
        "park": Option(None, read_park, format_park, "rows of region letters, top row first"),
        "winds": Option("FRBLFRBL", _coerce_winds, str, "each round's wind, from the first"),
        "names": Option(None, _coerce_names, _format_names, "player names, comma-separated"),
    }
    PICTURE_OPTIONS = ("panel",)

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        n = self.options["players"]
        rows = self.options["park"] or PARKS[n]
        side = SIDES[n]
        if len(rows) != side or len(rows[0]) != side:
            raise NotationError(
                "option park: a {players}-player park has {side} × {side} spaces, not "
                "{columns} × {rows}",
                token="park", code="bosk.park-size", players=n, side=side,
                columns=len(rows[0]), rows=len(rows),
            )
        names = self.options["names"] or tuple(f"Player {seat + 1}" for seat in range(n))
        if len(names) != n:
            raise NotationError(
                "option names: {names} names for {players} players", token="names",
                code="bosk.names-count", names=len(names), players=n,
            )
        self.options["park"] = rows
        self.options["names"] = names
        self.names: tuple[str, ...] = names
        self.geo: Park = park_of(rows)
        self.n: int = n
        points, spaces = len(self.geo.point_names), len(self.geo.space_names)
        self.hand = [[0, 2, 2, 2, 2] for _ in range(n)]
        self.tree_owner = [-1] * points
        self.tree_value = [0] * points
        self.standing = [False] * points
        self.height = [0] * spaces
        self.top = [-1] * spaces
        self.squirrel = [-1] * spaces
        self.squirrel_at = [-1] * n
        self.tiles = [ALL_TILES] * n
        self.on_park = [0] * n
        self.stack: list[Undo] = []
        # The scalars, saved whole by every do():
        self.step = S_PLANT
        self.seat = 0
        self.round = 0
        self.start = 0
        self.turn = 0
        self.first_wind = -1
        self.wind = -1
        self.tree = -1
        self.held = 0
        self.last = -1
        self.low_tile = 9
        self.low_seat = 0
        self.planted = 0
        self.summer: tuple[int, ...] = (0,) * n
        self.winter: tuple[int, ...] = (0,) * n
        self.pending: Sequence[int] = ()

    @property
    def park(self) -> list[str]:
        """The park in use, as rows of region letters, top row first."""
        return list(self.geo.rows)

    @property
    def players(self) -> int:
        return self.n

    @property
    def to_move(self) -> int | None:
        return None if self.step == S_OVER else self.seat

    def winds(self) -> list[int]:
        """The wind of each round (0..3 = N E S W), once the first wind has been chosen."""
        if self.first_wind < 0:
            return []
        return wind_schedule(self.first_wind, self.options["winds"])

    def required_value(self, round_number: int) -> int | None:
        """The tree value a round asks for: the round's number in rounds 1-4, any later."""
        return round_number if round_number <= 4 else None

    # --- the fast layer -------------------------------------------------------------------

    def _save(self) -> Scalars:
        return (
            self.step, self.seat, self.round, self.start, self.turn, self.first_wind,
            self.wind, self.tree, self.held, self.last, self.low_tile, self.low_seat,
            self.planted, self.summer, self.winter, self.pending,
        )

    def _restore(self, saved: Scalars) -> None:
        (
            self.step, self.seat, self.round, self.start, self.turn, self.first_wind,
            self.wind, self.tree, self.held, self.last, self.low_tile, self.low_seat,
            self.planted, self.summer, self.winter, self.pending,
        ) = saved

    def moves(self) -> Sequence[int]:
        step = self.step
        if step == S_LEAF or step == S_SQUIRREL:
            return self.pending
        seat = self.seat
        if step == S_TREE:
            want = self.round if self.round <= 4 else 0
            owner, value, standing = self.tree_owner, self.tree_value, self.standing
            return [
                TREE + p for p in range(len(owner))
                if owner[p] == seat and standing[p] and (not want or value[p] == want)
            ]
        if step == S_TILE:
            mask = self.tiles[seat]
            return [TILE + t for t in TILES if mask >> t & 1]
        if step == S_PLANT:
            hand = self.hand[seat]
            owner = self.tree_owner
            free = [p for p in range(len(owner)) if owner[p] < 0]
            return [
                PLANT + (v - 1) * VALUE + p for v in (1, 2, 3, 4) if hand[v] for p in free
            ]
        if step == S_WIND:
            return [WIND + d for d in range(4)]
        return []

    def do(self, move: int) -> None:
        saved = self._save()
        seat = self.seat
        data = move % KIND
        prev = 0
        ended = False
        if move >= LEAF and move < SQUIRREL:
            prev = self.top[data]
            if prev == seat or prev < 0:
                self.held -= 1
            else:
                self.held -= self.height[data] + 1
            self.height[data] += 1
            self.top[data] = seat
            self.on_park[seat] += 1
            self.last = data
            if self.held:
                self.pending = self._leaf_options()
            if not self.held or not self.pending:
                self._end_turn()
                ended = True
        elif move >= SQUIRREL:
            self.squirrel[data] = seat
            self.squirrel_at[seat] = data
            self._end_turn()
            ended = True
        elif move >= TILE:
            self.tiles[seat] &= ~(1 << data)
            if data < self.low_tile:
                self.low_tile, self.low_seat = data, seat
            if data == SQUIRREL_TILE:
                self.pending = self._squirrel_reach()
                self.step = S_SQUIRREL
            else:
                self.held = data
                self.last = -1
                self.pending = self._leaf_options()
                self.step = S_LEAF
            if not self.pending:
                self._end_turn()
                ended = True
        elif move >= TREE:
            self.tree = data
            self.step = S_TILE
        elif move >= WIND:
            self.first_wind = data
            self.round = 1
            self.wind = self.winds()[0]
            self.seat = self.start
            self.turn = 0
            self.step = S_TREE
        else:
            value, point = divmod(data, VALUE)
            value += 1
            self.hand[seat][value] -= 1
            self.tree_owner[point] = seat
            self.tree_value[point] = value
            self.standing[point] = True
            self.planted += 1
            if self.planted == len(TREE_VALUES) * self.n:
                self._summer()
            else:
                self.seat = self.planted % self.n
        self.stack.append((move, saved, prev, ended))

    def undo_move(self) -> None:
        move, saved, prev, ended = self.stack.pop()
        seat = saved[1]
        data = move % KIND
        if ended:
            self.standing[saved[7]] = True
        if move >= LEAF and move < SQUIRREL:
            self.height[data] -= 1
            self.top[data] = prev
            self.on_park[seat] -= 1
        elif move >= SQUIRREL:
            self.squirrel[data] = -1
            self.squirrel_at[seat] = -1
        elif move >= TILE:
            self.tiles[seat] |= 1 << data
        elif move < WIND:
            value, point = divmod(data, VALUE)
            self.hand[seat][value + 1] += 1
            self.tree_owner[point] = -1
            self.tree_value[point] = 0
            self.standing[point] = False
        self._restore(saved)

    def _leaf_options(self) -> list[int]:
        """Where the next leaf may go: for the first, the 2 spaces on the tree's downwind side;
        then the 3 spaces ahead of the last. Never a squirrel's space; a space topped by another
        player's leaf only if the held tokens pay its height and leave one to put on top."""
        geo, last = self.geo, self.last
        ahead = geo.first[self.wind][self.tree] if last < 0 else geo.ahead[self.wind][last]
        seat, held, top, height = self.seat, self.held, self.top, self.height
        squirrel = self.squirrel
        return [
            LEAF + s for s in ahead
            if squirrel[s] < 0 and (top[s] < 0 or top[s] == seat or held > height[s])
        ]

    def _squirrel_reach(self) -> list[int]:
        """Spaces 1 to 3 steps from the tree along the leaf path rule, through and onto spaces
        without a squirrel, whatever their stacks."""
        geo = self.geo
        ahead, squirrel = geo.ahead[self.wind], self.squirrel
        frontier = {s for s in geo.first[self.wind][self.tree] if squirrel[s] < 0}
        reach = set(frontier)
        for _ in range(2):
            frontier = {a for s in frontier for a in ahead[s] if squirrel[a] < 0}
            reach |= frontier
        return [SQUIRREL + s for s in sorted(reach)]

    def _end_turn(self) -> None:
        """The tree leaves and unplaced tokens go back; the next seat plays, or the round ends:
        the wind turns and the lowest tile played (first in turn order) starts the next round.
        After round 8, winter."""
        self.standing[self.tree] = False
        self.tree = -1
        self.held = 0
        self.last = -1
        self.pending = ()
        self.turn += 1
        self.step = S_TREE
        if self.turn < self.n:
            self.seat = (self.seat + 1) % self.n
        elif self.round == ROUNDS:
            self.winter = tuple(self._winter_points())
            self.step = S_OVER
        else:
            self.round += 1
            self.wind = self.winds()[self.round - 1]
            self.start = self.seat = self.low_seat
            self.turn = 0
            self.low_tile = 9

    def _summer(self) -> None:
        """Score every line; the lowest score starts autumn (ties: nearest clockwise)."""
        totals = [0] * self.n
        for sums in self.line_sums():
            for seat, points in enumerate(award(sums, SUMMER_TABLE)):
                totals[seat] += points
        self.summer = tuple(totals)
        low = min(totals)
        tied = [seat for seat in range(self.n) if totals[seat] == low]
        self.start = self.seat = nearest_clockwise(tied, self.start, self.n)
        self.step = S_WIND

    def line_sums(self) -> list[list[int]]:
        """Each row and column line of points: each seat's tree values added."""
        owner, value = self.tree_owner, self.tree_value
        all_sums = []
        for _, points in self.geo.lines:
            sums = [0] * self.n
            for p in points:
                if owner[p] >= 0:
                    sums[owner[p]] += value[p]
            all_sums.append(sums)
        return all_sums

    def summer_lines(self) -> list[dict[str, Any]]:
        """Each line for the score sheet: its label, each seat's sum, points and places."""
        lines = []
        for (label, _), sums in zip(self.geo.lines, self.line_sums(), strict=True):
            first, second = places(sums)
            lines.append({
                "line": label, "sums": sums, "points": award(sums, SUMMER_TABLE),
                "first": first, "second": second,
            })
        return lines

    def controlled(self) -> list[list[int]]:
        """Per region, each seat's spaces: a space belongs to its top token's owner."""
        counts = [[0] * self.n for _ in self.geo.letters]
        region, top, squirrel = self.geo.region, self.top, self.squirrel
        for s in range(len(top)):
            owner = squirrel[s] if squirrel[s] >= 0 else top[s]
            if owner >= 0:
                counts[region[s]][owner] += 1
        return counts

    def _winter_points(self) -> list[int]:
        totals = [0] * self.n
        for counts in self.controlled():
            for seat, points in enumerate(award(counts, WINTER_TABLE)):
                totals[seat] += points
        return totals

    # --- actions in notation --------------------------------------------------------------

    def action_of(self, move: int) -> str:
        kind, data = divmod(move, KIND)
        geo = self.geo
        if kind == 0:
            value, point = divmod(data, VALUE)
            return f"plant {value + 1}@{geo.point_names[point]}"
        if kind == 1:
            return f"wind {DIRECTIONS[data]}"
        if kind == 2:
            return f"tree {geo.point_names[data]}"
        if kind == 3:
            return f"tile {tile_name(data)}"
        return f"{KINDS[kind]} {geo.space_names[data]}"

    def move_of(self, action: str) -> int:
        return parse_action(self, action)

    def narrow_picture(self, draw: Mapping[str, Any]) -> dict[str, Any] | None:
        """The wind board and players, beside the park unless left out, go under it: beside
        it, a phone's width squeezes their words too small to read."""
        if draw.get("panel", True) is True:
            return {**draw, "panel": "below"}
        return None

    def starts_turn(self, action: str) -> bool:
        """An autumn turn is a tree, a tile and its leaves (or squirrel): only the tree begins
        it; each plant and the wind is a turn of its own."""
        return action.split(" ", 1)[0] not in ("tile", "leaf", "squirrel")

    def buttons(self, select: str | None = None) -> list[dict[str, str]]:
        """Tree values in hand (spring), the four winds, or the leaf tiles in hand."""
        step, seat = self.step, self.seat
        if step == S_PLANT:
            return [
                {"kind": "tree-value", "label": str(v), "select": f"plant {v}"}
                for v in (1, 2, 3, 4) if self.hand[seat][v]
            ]
        if step == S_WIND:
            return [{"kind": "wind", "label": d, "action": f"wind {d}"} for d in DIRECTIONS]
        if step == S_TILE:
            return [
                {"kind": "tile", "label": tile_name(t), "action": f"tile {tile_name(t)}"}
                for t in TILES if self.tiles[seat] >> t & 1
            ]
        return []

    # --- score and result -----------------------------------------------------------------

    def totals(self) -> list[int]:
        return [a + b for a, b in zip(self.summer, self.winter, strict=True)]

    def score(self) -> BoskScore:
        return score_of(self)

    def ranking(self) -> list[int]:
        """Seats by total, ties to the seat nearest clockwise from round 8's start player."""
        totals = self.totals()
        return sorted(range(self.n), key=lambda s: (-totals[s], (s - self.start) % self.n))

    def result(self) -> BoskResult | None:
        """The ranking of all seats; ``reason`` says whether the totals or the tie rule decided."""
        if self.step != S_OVER:
            return None
        totals = self.totals()
        ranking = self.ranking()
        best = totals[ranking[0]]
        tied = [seat for seat in ranking if totals[seat] == best]
        outcome: BoskResult = {
            "winner": ranking[0], "ranking": ranking, "totals": totals,
            "reason": "score" if len(tied) == 1 else "tie-clockwise",
        }
        if len(tied) > 1:
            outcome["tie"] = {"seats": sorted(tied), "score": best, "round_8_start": self.start}
        return outcome

    def rewards(self) -> list[float]:
        if self.step != S_OVER:
            raise IllegalAction(NOT_OVER)
        winner = self.ranking()[0]
        return [1.0 if seat == winner else 0.0 for seat in range(self.n)]

    # --- the picture ----------------------------------------------------------------------

    def describe(self) -> str:
        """The position in words, for screen readers."""
        return describe(self)

    def description(self) -> svgkit.Said:
        """The entries of ``describe()``: message keys of the site's catalogues, their
        placeholder values and the English words (see ``draw.description``)."""
        return description(self)

    def picture(
        self,
        highlight: bool = True,
        coords: bool = False,
        select: str | None = None,
        preview: str | None = None,
        hint: str | None = None,
        panel: bool | str = True,
    ) -> str:
        """The park with trees, leaves and squirrels, and the wind board beside it.

        Highlighted targets carry ``data-action``: points for ``plant V@P`` once ``select`` is
        ``plant V``, own trees (``tree P``), leaf spaces with their cost, squirrel spaces, and
        the four sides for ``wind D``. ``preview`` draws the position after an action, ``hint``
        rings a suggested action's target. Bad actions or selections raise IllegalAction.
        ``panel=False`` leaves out the wind board and players beside the park: the park alone
        then fills a narrow screen (a page shows them as text instead); ``panel="below"`` draws
        them under the park, in a picture as narrow as the park, for a page that shows them
        only in the picture.
        """
        if not isinstance(panel, bool) and panel != "below":
            raise NotationError(
                f'panel is true, false or "below", not {shown(panel)}', token=str(panel)
            )
        marks: dict[str, str] = {}
        if hint is not None:
            self.move_of(hint)
            marks["hint"] = hint
        if select is not None:
            _check_select(self, select)
        if preview is None:
            return draw(self, highlight, coords, select, marks, panel)
        move = self.move_of(preview)
        marks["preview"] = preview
        self.do(move)
        try:
            return draw(self, False, coords, None, marks, panel)
        finally:
            self.undo_move()


def _check_select(game: Bosk, select: str) -> None:
    """A selection is the first part of a plant action: ``plant V`` with V in hand."""
    values = [b["select"] for b in game.buttons() if "select" in b]
    if select.strip() not in values:
        offered = ", ".join(values) or "none now"
        raise IllegalAction(f"{shown(select)} cannot be selected (selections: {offered})")
