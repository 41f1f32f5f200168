"""Bounders' picture and its description: the board drawn as SVG from a position, and the
position said in sentences for screen readers and the picture's title."""

from __future__ import annotations

import math
from typing import Any

from ... import svgkit
from .board import COLOUR_NAMES, DARK, EMPTY, LIGHT, ROW_LETTERS, SWAP, HexBoard, Position


def description(game: Position) -> svgkit.Said:
    """The sentences of ``describe()``: each a message key of the site's catalogues, its
    placeholder values and the English sentence, so the site can say it in other words."""
    dark, light = game.stones.count(DARK), game.stones.count(LIGHT)
    size = game.options["size"]
    said = [("describe.bounders.board", {"size": size, "dark": dark, "light": light},
             f"Bounders, side {size}: {dark} Dark and {light} Light stones.")]
    if game.stack:
        action = game.action_of(game.stack[-1])
        said.append(("describe.bounders.last", {"action": action}, f"Last move {action}."))
    res = game.result()
    if res is not None and res["winner"] is None:
        said.append(("describe.bounders.draw", {}, "The game is drawn."))
    elif res is not None:
        colour = res["colour"]
        said.append((f"describe.bounders.win.{colour}", {},
                     f"Game over: {colour.capitalize()} wins."))
    else:
        colour, legal = COLOUR_NAMES[game.next_colour], len(game.legal)
        said.append((f"describe.bounders.to-move.{colour}", {"legal": legal},
                     f"{colour.capitalize()} to move; {legal} legal cells."))
    return said


R = 10.0  # circumradius of a cell in picture units
_FILL = {DARK: "#2f2a26", LIGHT: "#f4efe6"}
_TINT = {DARK: "#5b4a3c", LIGHT: "#fffaf0"}
# what a cell that is not a move holds, in the name a reader hears on it
_HELD = {"dark": "Dark stone", "light": "Light stone", "empty": "empty"}


def _hexagon(x: float, y: float, r: float) -> list[tuple[float, float]]:
    return [
        (x + r * math.cos(math.radians(60 * k - 30)), y + r * math.sin(math.radians(60 * k - 30)))
        for k in range(6)
    ]


def draw(game: Position, highlight: bool, territory: bool, coords: bool,
          size: float | None, marks: dict[int, str]) -> str:
    board = game.board
    centres = [(x * R + R, y * R + R) for x, y in board.centres]
    width = max(x for x, _ in centres) + R
    height = max(y for _, y in centres) + R
    pad = 16.0 if coords else 2.0
    svg = svgkit.root(width, height, description(game), "board bounders", pad)
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
            svgkit.clickable(shape, name, action=name)
        else:
            held = COLOUR_NAMES[game.stones[cell]]  # "empty" for none
            svgkit.info(shape, f"{name}, {_HELD[held]}", key=f"label.bounders.{held}",
                        values={"cell": name})
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
