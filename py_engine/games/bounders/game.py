"""Bounders (Alek Erickson, 2024), as the project plays it (its rules page:
web/rules/bounders.json).

Cells are ints in reading order (row ``a`` first, left to right). The position keeps, for every
cell, its *balance*: Dark neighbours minus Light neighbours. A cell is legal when it is empty and
its balance is 0, so each placement updates six balances and the legal list incrementally.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NotRequired, TypedDict

from ... import svgkit
from ...core import (
    NOT_OVER,
    Game,
    IllegalAction,
    NotationError,
    Result,
    Score,
    choice_option,
    flag_option,
    shown,
)
from .board import COLOUR_NAMES, DARK, EMPTY, LIGHT, SWAP, board_of
from .draw import description, draw


class Region(TypedDict):
    """One region of the score: its cells, its Dark and Light bounding stones, and who owns it
    (the colour and its seat, or None when the bounding stones are level)."""

    cells: list[str]
    dark: int
    light: int
    owner: str | None
    seat: int | None


class BoundersScore(Score):
    colours: list[str]  # each seat's colour, "dark" or "light" (a swap exchanges them)
    points: dict[str, int]  # each colour's points from regions
    komi: float
    stones: dict[str, int]  # each colour's stones on the board
    regions: list[Region]


class BoundersResult(Result):
    colour: NotRequired[str]  # the winner's colour, when there is a winner


class Bounders(Game):
    """A game of Bounders: place a stone where Dark and Light neighbours are equal."""

    name = "bounders"
    title = "Bounders"
    OPTIONS = {
        "size": choice_option(7, (7, 9), "side of the hexhex board"),
        "rules": choice_option("basic", ("basic", "tournament"), "basic, or pie rule + tie-break"),
        "komi": flag_option(False, "half a point to Light"),
    }
    PICTURE_OPTIONS = ("territory", "size")

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
                if not self.tournament:
                    raise IllegalAction(
                        "swap is legal only in tournament rules", code="bounders.swap-rules"
                    )
                raise IllegalAction(
                    "swap is legal only as the second action of the game",
                    code="bounders.swap-second",
                )
            return SWAP
        cell = self.board.index.get(action)
        if cell is None:
            raise IllegalAction(
                "{action} is not a cell of this board (cells a1 to {last}, or swap)",
                code="bounders.cell", action=shown(action), last=self.board.names[-1],
            )
        if self.stones[cell] != EMPTY:
            raise IllegalAction("{cell} is not empty", code="bounders.taken", cell=action)
        if self.balance[cell] != 0:
            dark, light = self.neighbour_counts(cell)
            raise IllegalAction(
                "{cell} touches {dark} Dark and {light} Light stones; a stone may only go "
                "where the two are equal",
                code="bounders.unbalanced", cell=action, dark=dark, light=light,
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

    def score(self) -> BoundersScore:
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

    def result(self) -> BoundersResult | None:
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
        if self.legal:
            raise IllegalAction(NOT_OVER)
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
        return description(self)

    def picture(
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
        if not isinstance(territory, bool):
            raise NotationError(f"territory is true or false, not {shown(territory)}",
                                token="territory")
        if size is not None and (
            isinstance(size, bool) or not isinstance(size, int | float) or not 0 < size < 1e6
        ):
            raise NotationError(f"size is a width in pixels, not {shown(size)}", token="size")
        marks = {}
        if hint is not None and hint != "swap":
            marks[self.move_of(hint)] = "hint"
        if preview is None:
            return draw(self, highlight, territory, coords, size, marks)
        move = self.move_of(preview)
        if move != SWAP:
            marks[move] = "preview"
        self.do(move)
        try:
            return draw(self, False, territory, coords, size, marks)
        finally:
            self.undo_move()
