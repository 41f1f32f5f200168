"""Bounders (Alek Erickson, 2024), as RULES.md §1 plays it.

Cells are ints in reading order (row ``a`` first, left to right). The position keeps, for every
cell, its *balance*: Dark neighbours minus Light neighbours. A cell is legal when it is empty and
its balance is 0, so each placement updates six balances and the legal list incrementally.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache
from typing import Any

from . import svgkit
from .core import Game, IllegalAction, choice_option, flag_option

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


class Bounders(Game):
    """A game of Bounders: place a stone where Dark and Light neighbours are equal."""

    name = "bounders"
    title = "Bounders"
    OPTIONS = {
        "size": choice_option(7, (7, 9), "side of the hexhex board"),
        "rules": choice_option("basic", ("basic", "tournament"), "basic, or pie rule + tie-break"),
        "komi": flag_option(False, "half a point to Light"),
    }

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.board = board_of(self.options["size"])
        self.neighbours = self.board.neighbours
        self.tournament = self.options["rules"] == "tournament"
        n = self.board.cells
        self.stones = [EMPTY] * n
        self.balance = [0] * n
        self.legal: list[int] = list(range(n))
        self.legal_at = list(range(n))
        self.stack: list[int] = []
        self.placed = 0
        self.dark_seat = 0

    # --- seats and colours ------------------------------------------------------------

    @property
    def players(self) -> int:
        return 2

    def seat_of(self, colour: int) -> int:
        return self.dark_seat if colour == DARK else 1 - self.dark_seat

    def colour_of(self, seat: int) -> int:
        return DARK if seat == self.dark_seat else LIGHT

    @property
    def next_colour(self) -> int:
        """Stones alternate Dark, Light, … whoever owns them: a swap changes owners only."""
        return LIGHT if self.placed & 1 else DARK

    @property
    def to_move(self) -> int | None:
        if not self.legal:
            return None
        return self.dark_seat ^ (self.placed & 1)  # the owner of the next stone's colour

    def swap_allowed(self) -> bool:
        """The pie rule: ``swap`` is legal only as the second action of a tournament game."""
        return self.tournament and len(self.stack) == 1

    # --- the fast layer -------------------------------------------------------------------

    def moves(self) -> Sequence[int]:
        if self.tournament and len(self.stack) == 1:  # swap_allowed(), inlined: a hot path
            return [*self.legal, SWAP]
        return self.legal

    def action_of(self, move: int) -> str:
        return "swap" if move == SWAP else self.board.names[move]

    def move_of(self, action: str) -> int:
        if action == "swap":
            if not self.swap_allowed():
                why = "tournament rules" if not self.tournament else "the second action of the game"
                raise IllegalAction(f"swap is legal only as {why}")
            return SWAP
        cell = self.board.index.get(action)
        if cell is None:
            raise IllegalAction(
                f"{action!r} is not a cell of this board (cells a1 to "
                f"{self.board.names[-1]}, or swap)"
            )
        if self.stones[cell] != EMPTY:
            raise IllegalAction(f"{action} is not empty")
        if self.balance[cell] != 0:
            dark, light = self.neighbour_counts(cell)
            raise IllegalAction(
                f"{action} touches {dark} Dark and {light} Light stones; a stone may only go "
                "where the two are equal"
            )
        return cell

    def neighbour_counts(self, cell: int) -> tuple[int, int]:
        stones = self.stones
        around = [stones[n] for n in self.board.neighbours[cell]]
        return around.count(DARK), around.count(LIGHT)

    def do(self, move: int) -> None:
        self.stack.append(move)
        if move == SWAP:
            self.dark_seat = 1 - self.dark_seat
            return
        if self.placed & 1:
            self._place(move, LIGHT, -1)
        else:
            self._place(move, DARK, 1)
        self.placed += 1

    def undo_move(self) -> None:
        move = self.stack.pop()
        if move == SWAP:
            self.dark_seat = 1 - self.dark_seat
            return
        self.placed -= 1
        self._place(move, EMPTY, -1 if self.stones[move] == DARK else 1)

    def _place(self, cell: int, colour: int, delta: int) -> None:
        """Put ``colour`` on ``cell`` (or lift it: EMPTY) and shift neighbours' balances."""
        stones, balance, legal, legal_at = self.stones, self.balance, self.legal, self.legal_at
        stones[cell] = colour
        if colour == EMPTY:
            if balance[cell] == 0:
                legal_at[cell] = len(legal)
                legal.append(cell)
        elif legal_at[cell] >= 0:
            self._drop(cell)
        for n in self.neighbours[cell]:
            before = balance[n]
            balance[n] = after = before + delta
            if stones[n]:
                continue
            if before == 0:
                self._drop(n)
            elif after == 0:
                legal_at[n] = len(legal)
                legal.append(n)

    def _drop(self, cell: int) -> None:
        """Take a cell off the legal list: the last legal cell moves into its slot."""
        legal, legal_at = self.legal, self.legal_at
        i = legal_at[cell]
        last = legal.pop()
        if last != cell:
            legal[i] = last
            legal_at[last] = i
        legal_at[cell] = -1

    def buttons(self, select: str | None = None) -> list[dict[str, str]]:
        if self.swap_allowed():
            return [{"kind": "swap", "label": "swap", "action": "swap"}]
        return []

    # --- scoring --------------------------------------------------------------------------

    def regions(self) -> list[tuple[list[int], int, int]]:
        """Every maximal 6-connected group of empty cells, with its distinct Dark and Light
        bounding stones: ``(cells, dark, light)``, a stone touching a region twice counted once.
        """
        stones, neighbours = self.stones, self.board.neighbours
        size = self.board.cells
        region_of = [-1] * size
        counted_for = [-1] * size  # the last region whose bounding stones included this stone
        found: list[tuple[list[int], int, int]] = []
        for start in range(size):
            if stones[start] or region_of[start] >= 0:
                continue
            region = len(found)
            region_of[start] = region
            cells = [start]
            dark = light = 0
            for cell in cells:  # grows while it is read: a breadth-first flood fill
                for n in neighbours[cell]:
                    colour = stones[n]
                    if colour:
                        if counted_for[n] != region:
                            counted_for[n] = region
                            if colour == DARK:
                                dark += 1
                            else:
                                light += 1
                    elif region_of[n] < 0:
                        region_of[n] = region
                        cells.append(n)
            found.append((cells, dark, light))
        return found

    def colour_points(self) -> tuple[int, int, list[tuple[list[int], int, int, int]]]:
        """Dark points, Light points, and each region with its owner colour (EMPTY if none)."""
        dark_points = light_points = 0
        owned = []
        for cells, dark, light in self.regions():
            owner = DARK if dark > light else LIGHT if light > dark else EMPTY
            if owner == DARK:
                dark_points += len(cells)
            elif owner == LIGHT:
                light_points += len(cells)
            owned.append((cells, dark, light, owner))
        return dark_points, light_points, owned

    def komi(self) -> float:
        return 0.5 if self.options["komi"] else 0.0

    def score(self) -> dict[str, Any]:
        dark_points, light_points, owned = self.colour_points()
        totals: list[float] = [0, 0]
        totals[self.seat_of(DARK)] = dark_points
        totals[self.seat_of(LIGHT)] = light_points + self.komi()
        return {
            "totals": totals,
            "colours": [COLOUR_NAMES[self.colour_of(seat)] for seat in range(2)],
            "points": {"dark": dark_points, "light": light_points},
            "komi": self.komi(),
            "stones": {"dark": self.stones.count(DARK), "light": self.stones.count(LIGHT)},
            "regions": [
                {
                    "cells": [self.board.names[c] for c in sorted(cells)],
                    "dark": dark,
                    "light": light,
                    "owner": COLOUR_NAMES[owner] if owner else None,
                    "seat": self.seat_of(owner) if owner else None,
                }
                for cells, dark, light, owner in owned
            ],
        }

    def result(self) -> dict[str, Any] | None:
        """The winner and the rule that decided: totals (with komi), then in tournament rules
        the tie-break chain: largest region won, more regions won, fewer stones, the pie."""
        if not self.is_over:
            return None
        dark_points, light_points, owned = self.colour_points()
        light_total = light_points + self.komi()
        winner_colour = EMPTY
        if dark_points != light_total:
            winner_colour = DARK if dark_points > light_total else LIGHT
            reason = "komi" if dark_points == light_points else "total"
        elif self.tournament:
            won = {c: [len(cells) for cells, _, _, o in owned if o == c] for c in (DARK, LIGHT)}
            steps = (
                ("largest-region", max(won[DARK], default=0), max(won[LIGHT], default=0)),
                ("more-regions", len(won[DARK]), len(won[LIGHT])),
                ("fewer-stones", -self.stones.count(DARK), -self.stones.count(LIGHT)),
            )
            reason, winner_colour = "pie", self.colour_of(0)
            for step, dark, light in steps:
                if dark != light:
                    reason, winner_colour = step, DARK if dark > light else LIGHT
                    break
        else:
            reason = "draw"
        if winner_colour == EMPTY:
            return {"winner": None, "ranking": [0, 1], "reason": reason}
        winner = self.seat_of(winner_colour)
        return {
            "winner": winner,
            "ranking": [winner, 1 - winner],
            "reason": reason,
            "colour": COLOUR_NAMES[winner_colour],
        }

    def rewards(self) -> list[float]:
        """The search's rewards: the totals decide; level totals go to ``result()``'s chain."""
        dark_points, light_points, _ = self.colour_points()
        light_total = light_points + self.komi()
        if dark_points == light_total:
            outcome = self.result()
            winner = outcome["winner"] if outcome else None
            return [0.5, 0.5] if winner is None else [float(winner == 0), float(winner == 1)]
        dark_wins = dark_points > light_total
        return [1.0, 0.0] if dark_wins == (self.dark_seat == 0) else [0.0, 1.0]

    # --- the picture ----------------------------------------------------------------------

    def describe(self) -> str:
        """The position in words, for screen readers."""
        return svgkit.english(self.description())

    def description(self) -> svgkit.Said:
        """The sentences of ``describe()``: each a message key of the site's catalogues, its
        placeholder values and the English sentence, so the site can say it in other words."""
        dark, light = self.stones.count(DARK), self.stones.count(LIGHT)
        size = self.options["size"]
        said = [("describe.bounders.board", {"size": size, "dark": dark, "light": light},
                 f"Bounders, side {size}: {dark} Dark and {light} Light stones.")]
        if self.stack:
            action = self.action_of(self.stack[-1])
            said.append(("describe.bounders.last", {"action": action}, f"Last move {action}."))
        res = self.result()
        if res is not None and res["winner"] is None:
            said.append(("describe.bounders.draw", {}, "The game is drawn."))
        elif res is not None:
            colour = res["colour"]
            said.append((f"describe.bounders.win.{colour}", {},
                         f"Game over: {colour.capitalize()} wins."))
        else:
            colour, legal = COLOUR_NAMES[self.next_colour], len(self.legal)
            said.append((f"describe.bounders.to-move.{colour}", {"legal": legal},
                         f"{colour.capitalize()} to move; {legal} legal cells."))
        return said

    def svg(
        self,
        highlight: bool = True,
        coords: bool = False,
        select: str | None = None,
        preview: str | None = None,
        hint: str | None = None,
        *,
        territory: bool = True,
        size: float | None = None,
    ) -> str:
        """The board: cells (legal ones carry ``data-action``), stones, the last move ringed,
        the territory overlay with each owned region's points, and optional coordinates.

        ``preview`` draws the position after that action (its stone marked as a preview) with
        the territory it would leave; ``hint`` rings a suggested cell. Bounders has no partial
        actions, so ``select`` is accepted and ignored. Bad actions raise IllegalAction.
        """
        marks = {}
        if hint is not None and hint != "swap":
            marks[self.move_of(hint)] = "hint"
        if preview is None:
            return _draw(self, highlight, territory, coords, size, marks)
        move = self.move_of(preview)
        if move != SWAP:
            marks[move] = "preview"
        self.do(move)
        try:
            return _draw(self, False, territory, coords, size, marks)
        finally:
            self.undo_move()


R = 10.0  # circumradius of a cell in picture units
_FILL = {DARK: "#2f2a26", LIGHT: "#f4efe6"}
_TINT = {DARK: "#5b4a3c", LIGHT: "#fffaf0"}


def _hexagon(x: float, y: float, r: float) -> list[tuple[float, float]]:
    return [
        (x + r * math.cos(math.radians(60 * k - 30)), y + r * math.sin(math.radians(60 * k - 30)))
        for k in range(6)
    ]


def _draw(game: Bounders, highlight: bool, territory: bool, coords: bool,
          size: float | None, marks: dict[int, str]) -> str:
    board = game.board
    centres = [(x * R + R, y * R + R) for x, y in board.centres]
    width = max(x for x, _ in centres) + R
    height = max(y for _, y in centres) + R
    pad = 16.0 if coords else 2.0
    svg = svgkit.root(width, height, game.description(), "board bounders", pad)
    if size is not None:
        svg.set("width", f"{size:g}")
    owner_of: dict[int, int] = {}
    labels: list[tuple[int, int]] = []
    if territory:
        for cells, _dark, _light, owner in game.colour_points()[2]:
            for c in cells:
                owner_of[c] = owner
            if owner:
                labels.append((min(cells, key=lambda c: _spread(c, cells, centres)), len(cells)))
    over = game.is_over
    legal = set(game.legal) if highlight and not over else set()
    cells_g = svgkit.sub(svg, "g", class_="cells")
    for cell, (x, y) in enumerate(centres):
        name = board.names[cell]
        classes = ["cell"]
        owner = owner_of.get(cell, EMPTY)
        if owner:
            classes.append(f"territory-{COLOUR_NAMES[owner]}")
        is_legal = cell in legal
        if is_legal:
            classes.append("legal")
        shape = svgkit.sub(
            cells_g, "polygon",
            points=svgkit.points(_hexagon(x, y, R * 0.97)),
            class_=" ".join(classes),
            fill=_TINT[owner] if owner else "#e9dcc3",
            fill_opacity="0.55" if owner else None,
            stroke="#b59f7c", stroke_width="0.6",
            data_cell=name,
        )
        if is_legal:
            shape.set("data-action", name)
            shape.set("tabindex", "0")
            shape.set("role", "button")
            shape.set("aria-label", name)
    if legal:
        dots = svgkit.sub(svg, "g", class_="legal-marks", pointer_events="none")
        for cell in sorted(legal):
            x, y = centres[cell]
            svgkit.sub(dots, "circle", cx=x, cy=y, r=R * 0.18, class_="legal-dot", fill="#8a9a5b")
    stones_g = svgkit.sub(svg, "g", class_="stones", pointer_events="none")
    for cell, colour in enumerate(game.stones):
        if colour:
            x, y = centres[cell]
            svgkit.sub(
                stones_g, "circle", cx=x, cy=y, r=R * 0.78,
                class_=f"stone {COLOUR_NAMES[colour]}", data_cell=board.names[cell],
                fill=_FILL[colour], stroke="#1c1814", stroke_width="0.7",
            )
    last = next((m for m in reversed(game.stack) if m != SWAP), None)
    for cell, mark in marks.items():
        x, y = centres[cell]
        svgkit.sub(
            svg, "circle", cx=x, cy=y, r=R * 0.9, class_=mark, fill="none",
            stroke="#2e7d9a", stroke_width="1.4", stroke_dasharray="2 1.5",
            pointer_events="none",
        )
        if mark == "preview":
            last = None
    if last is not None:
        x, y = centres[last]
        svgkit.sub(
            svg, "circle", cx=x, cy=y, r=R * 0.4, class_="last-move", fill="none",
            stroke="#c0392b", stroke_width="1.6", pointer_events="none",
        )
    if labels:
        text_g = svgkit.sub(svg, "g", class_="region-points", pointer_events="none")
        for cell, points in labels:
            x, y = centres[cell]
            owner = owner_of[cell]
            svgkit.sub(
                text_g, "text", str(points), x=x, y=y + R * 0.3, text_anchor="middle",
                font_size=f"{R * 0.8:g}", class_=f"points {COLOUR_NAMES[owner]}",
                fill="#1c1814" if owner == LIGHT else "#fffaf0",
            )
    if coords:
        _draw_coords(svg, board, centres)
    return svgkit.to_string(svg)


def _spread(cell: int, cells: list[int], centres: list[tuple[float, float]]) -> float:
    """Squared distance from a cell to the middle of its region: the label goes nearest it."""
    mx = sum(centres[c][0] for c in cells) / len(cells)
    my = sum(centres[c][1] for c in cells) / len(cells)
    x, y = centres[cell]
    return (x - mx) ** 2 + (y - my) ** 2


def _draw_coords(svg: Any, board: HexBoard, centres: list[tuple[float, float]]) -> None:
    """Each row's letter at its left end and the name of its last cell at its right end:
    cells are numbered from the left within their row, so that is all a reader needs."""
    group = svgkit.sub(svg, "g", class_="coords", pointer_events="none")
    rows = 2 * board.side - 1
    first = 0
    for row in range(rows):
        last = first + board.side + min(row, rows - 1 - row) - 1
        for cell, dx, text in ((first, -1.45, ROW_LETTERS[row]), (last, 1.45, board.names[last])):
            x, y = centres[cell]
            svgkit.sub(group, "text", text, x=x + R * dx, y=y + R * 0.25, text_anchor="middle",
                       font_size=f"{R * 0.6:g}", fill="#6b5d4d")
        first = last + 1
