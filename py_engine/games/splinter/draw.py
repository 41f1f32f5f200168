"""The picture of a Splinter position: graph paper, round pawns, square kings.

Black pieces are dark with a light ring inside, White pieces light and plain, so the two read
apart in grayscale and whatever colours a theme gives them. Kings are squares with a diamond.
The picture frames the part of the board around the pieces, as far as they have gone in the
game (``frame="fit"``), or all of it. The frame grows in steps of a few squares on every side at
once, so that the squares change size seldom (about once in the first 30 moves of a game on the
15 × 18 board, at the first move, where growing one square at a time changed it about six times).
"""

from __future__ import annotations

import math
from typing import Any

from ... import svgkit
from ...core import IllegalAction, NotationError, shown
from .board import (
    BLACK,
    COLOUR_NAMES,
    KING,
    LETTERS,
    WHITE,
    Position,
    Shift,
    colour_title,
    piece_name,
)

S = 10.0  # side of a square in picture units
MARGIN = 2  # squares of paper shown around the pieces when framing
GROWTH = 2  # squares a game's window grows beyond what its pieces need, on every side at once
PAPER, GRID, EDGE = "#fbfaf3", "#bcd6e6", "#4f6f82"
FILL = {1: "#26303a", 2: "#fbf8ef"}
INK = {1: "#f1ece0", 2: "#26303a"}
ACCENT, HINT, SPLIT = "#c8562a", "#2e7d9a", "#b0302a"
# A piece gone from the board: a faded red that still reads against the paper and the page
# around it (at least 3:1); the dark theme redraws the mark off the board (web/css/site.css).
GONE = "#c46a62"


class Frame:
    """The window of the board shown: columns ``left..right`` and rows ``bottom..top`` (from 0),
    and the picture position of each square."""

    def __init__(self, left: int, right: int, bottom: int, top: int) -> None:
        self.left, self.right, self.bottom, self.top = left, right, bottom, top
        self.width = (right - left + 1) * S
        self.height = (top - bottom + 1) * S

    def centre(self, column: int, row: int) -> tuple[float, float]:
        return (column - self.left + 0.5) * S, (self.top - row + 0.5) * S

    def joined(self, other: Frame) -> Frame:
        """The smallest window showing both."""
        return Frame(min(self.left, other.left), max(self.right, other.right),
                     min(self.bottom, other.bottom), max(self.top, other.top))

    def holds(self, other: Frame) -> bool:
        """Whether every square of ``other`` is in this window."""
        return (self.left <= other.left and other.right <= self.right
                and self.bottom <= other.bottom and other.top <= self.top)

    def grown(self, other: Frame, columns: int, rows: int) -> Frame:
        """This window if it holds ``other``; else the window showing both with ``GROWTH``
        squares more on every side, within a board of ``columns`` × ``rows``."""
        if self.holds(other):
            return self
        both = self.joined(other)
        return Frame(max(0, both.left - GROWTH), min(columns - 1, both.right + GROWTH),
                     max(0, both.bottom - GROWTH), min(rows - 1, both.top + GROWTH))


def fit(game: Position, squares: list[int], whole: bool) -> Frame:
    """The whole board, or the squares given plus a margin of paper, at least the smallest
    board's width and height where the board allows, and never past the board's edges."""
    grid = game.grid
    if whole or not squares:
        return Frame(0, grid.columns - 1, 0, grid.rows - 1)
    places = [grid.column_row(q) for q in squares]
    spans = []
    for low, high, size, least in (
        (min(c for c, _ in places), max(c for c, _ in places), grid.columns, 9),
        (min(r for _, r in places), max(r for _, r in places), grid.rows, 10),
    ):
        low, high = max(0, low - MARGIN), min(size - 1, high + MARGIN)
        least = min(least, size)
        while high - low + 1 < least:
            if low > 0:
                low -= 1
            if high - low + 1 < least and high < size - 1:
                high += 1
        spans.append((low, high))
    (left, right), (bottom, top) = spans
    return Frame(left, right, bottom, top)


def game_frame(game: Position, whole: bool) -> Frame:
    """The window for the position and every one before it in the game, so that it only grows
    as the game goes on and the squares keep their size from move to move (the player's eye
    stays on the pieces). It grows by steps: when a position's pieces need more room than the
    window has, it takes that room and ``GROWTH`` squares more on every side, which lasts the
    pieces many moves (in an opening they spread every way). A piece steps one square, within
    the margin, so the position after any move fits the window too: a preview is drawn in the
    same one. With the off rule, a window that reaches an edge of the board shows the row or
    column of paper beyond it, where a pawn pushed off is drawn."""
    view = fit(game, [], True) if whole else _game_window(game)
    if game.wall:
        return view
    grid = game.grid
    return Frame(view.left - (view.left == 0), view.right + (view.right == grid.columns - 1),
                 view.bottom - (view.bottom == 0), view.top + (view.top == grid.rows - 1))


def _game_window(game: Position) -> Frame:
    """The window of the game's first position, grown (``Frame.grown``) by each position since
    whose framed squares it does not hold (the moves are taken back and made again)."""
    grid = game.grid
    moves = [undo.move for undo in game.stack]
    for _ in moves:
        game.undo_move()
    made = 0
    try:  # the game is always given back as it came, whatever happens on the way
        view = fit(game, _on_board(game), False)
        for move in moves:
            game.do(move)
            made += 1
            view = view.grown(fit(game, _on_board(game), False), grid.columns, grid.rows)
    finally:
        for move in moves[made:]:
            game.do(move)
    return view


def _on_board(game: Position) -> list[int]:
    return sorted(game.pieces[1] | game.pieces[2])


def draw(game: Position, highlight: bool, coords: bool, select: str | None,
         preview: str | None, hint: str | None, frame: str) -> str:
    """The picture (see ``Splinter.svg``): checks every argument before drawing anything."""
    if frame not in ("fit", "full"):
        raise NotationError(f"frame is 'fit' or 'full', not {shown(frame)}", token=str(frame))
    movable = {m >> 3 for m in game.moves()} if highlight else set()
    selected = None
    if select is not None:
        selected = game.grid.index.get(str(select).strip().lower())
        if selected is None or selected not in {m >> 3 for m in game.moves()}:
            raise IllegalAction(f"select: {shown(select)} is not a piece that can move now")
    hinted = game.move_of(hint) if hint is not None else None
    view = game_frame(game, frame == "full")
    if preview is None:
        return _picture(game, view, coords, movable, selected, hinted, None, "",
                        description(game))
    move = game.move_of(preview)
    game.do(move)
    try:
        action = game.action_of(move)
        said = [("describe.splinter.preview", {"action": action}, f"Preview of {action}."),
                *description(game)]
        return _picture(game, view, coords, set(), None, None, move,
                        consequence(game, action), said, confirm=highlight)
    finally:
        game.undo_move()


def consequence(game: Position, action: str) -> str:
    """What the move just made did, in words: the pieces it pushed, those that splintered off,
    and whether the game ends."""
    shift = game.last_shift()
    assert shift is not None
    names = game.grid.names
    mover = shift.landed[0]
    piece = game.board[mover] or dict(shift.removed)[mover]
    text = f"{action}: the {piece_name(piece)} moves to {names[mover]}"
    pushed = len(shift.landed) - 1 + (shift.fell is not None)
    text += f" and pushes {pushed} piece{'s' * (pushed != 1)}." if pushed else "."
    if shift.fell is not None:
        text += f" The {piece_name(shift.fell[1])} on {names[shift.fell[0]]} falls off the board."
    if shift.removed:
        parts = ", ".join(f"{piece_name(p)} on {names[q]}" for q, p in shift.removed)
        many = len(shift.removed) > 1
        text += (f" {len(shift.removed)} piece{'s' * many} splinter{'s' * (not many)} off and"
                 f" {'are' if many else 'is'} removed: {parts}.")
    if game.over is None:
        return text + " The game goes on."
    return f"{text} The move ends the game. {outcome_words(game)}"


def _picture(game: Position, view: Frame, coords: bool, movable: set[int], selected: int | None,
             hinted: int | None, previewed: int | None, words: str,
             said: svgkit.Said, confirm: bool = False) -> str:
    """Draw the position as it stands (in a preview, after the previewed move, in the window of
    the position before it) in the window ``view``; ``said`` is the picture's description (see
    ``Splinter.description``)."""
    grid, board = game.grid, game.board
    shift = game.last_shift()
    on_board = _on_board(game)
    removed = list(shift.removed) if shift else []
    ghosts = removed if previewed is not None else []
    fell = shift.fell if previewed is not None and shift else None
    if fell is not None and shift is not None:
        fell = (fell[0] + shift.step, fell[1])  # in the window's paper beyond the edge
    svg = svgkit.root(view.width, view.height, said, "board splinter", 14.0 if coords else 2.0)
    if words:
        svgkit.sub(svg, "desc", words)
    _paper(svg, game, view)
    if shift is not None and previewed is None:
        _mark_square(svg, view, grid.column_row(shift.start), "last-from")
        _splintered(svg, game, view, [q for q, _ in removed])
        _pushed_off(svg, game, view, shift)
    targets = {}
    if selected is not None:
        for move in game.moves():
            if move >> 3 == selected:
                targets[selected + grid.steps[move & 7]] = game.action_of(move)
        marks = svgkit.sub(svg, "g", class_="targets", pointer_events="none")
        for square in targets:
            x, y = view.centre(*grid.column_row(square))
            svgkit.sub(marks, "rect", x=x - S * 0.46, y=y - S * 0.46, width=S * 0.92,
                       height=S * 0.92, rx=S * 0.12, class_="target", fill="#8fb56a",
                       fill_opacity="0.35", stroke="#5d8a3a", stroke_width="0.6")
    moved = {q: q - shift.step for q in shift.landed} if shift else {}
    layer = svgkit.sub(svg, "g", class_="pieces", pointer_events="none")
    for square in on_board:
        extra = []
        if square in movable:
            extra.append("movable")
        if shift is not None and square in moved:
            extra.append("moved" if square == shift.landed[0] else "pushed")
        _piece(layer, view, grid.column_row(square), board[square], extra,
               name=grid.names[square], came_from=grid.names.get(moved.get(square, -1)))
    if previewed is not None and shift is not None:
        _preview_marks(svg, game, view, shift, ghosts, fell)
    elif shift is not None:
        for square in shift.landed:
            x, y = view.centre(*grid.column_row(square))
            mover = square == shift.landed[0]
            svgkit.sub(svg, "circle", cx=x, cy=y, r=S * 0.47,
                       class_="last-move" if mover else "pushed-mark", fill="none",
                       stroke=ACCENT, stroke_width="1.1" if mover else "0.6",
                       pointer_events="none")
    if hinted is not None:
        start = hinted >> 3
        _arrow(svg, view, grid.column_row(start),
               grid.column_row(start + grid.steps[hinted & 7]), "hint", HINT, dashed=True)
    if selected is not None:
        x, y = view.centre(*grid.column_row(selected))
        svgkit.sub(svg, "rect", x=x - S * 0.49, y=y - S * 0.49, width=S * 0.98, height=S * 0.98,
                   rx=S * 0.15, class_="selected", fill="none", stroke=HINT, stroke_width="1.3",
                   pointer_events="none")
    _hits(svg, game, view, movable, targets, previewed if confirm else None)
    if coords:
        _coords(svg, view, grid.columns, grid.rows)
    return svgkit.to_string(svg)


def _paper(svg: svgkit.Node, game: Position, view: Frame) -> None:
    """Graph paper over the framed squares, and a firm line where the board ends."""
    grid = game.grid
    left, right = max(view.left, 0), min(view.right, grid.columns - 1)
    bottom, top = max(view.bottom, 0), min(view.top, grid.rows - 1)
    x0, y0 = (left - view.left) * S, (view.top - top) * S
    x1, y1 = x0 + (right - left + 1) * S, y0 + (top - bottom + 1) * S
    svgkit.sub(svg, "rect", x=x0, y=y0, width=x1 - x0, height=y1 - y0, class_="paper",
               fill=PAPER)
    path = [f"M{x0 + k * S:g} {y0:g}V{y1:g}" for k in range(right - left + 2)]
    path += [f"M{x0:g} {y0 + k * S:g}H{x1:g}" for k in range(top - bottom + 2)]
    svgkit.sub(svg, "path", d="".join(path), class_="grid", fill="none", stroke=GRID,
               stroke_width="0.5")
    edges = []
    if left == 0:
        edges.append(f"M{x0:g} {y0:g}V{y1:g}")
    if right == grid.columns - 1:
        edges.append(f"M{x1:g} {y0:g}V{y1:g}")
    if top == grid.rows - 1:
        edges.append(f"M{x0:g} {y0:g}H{x1:g}")
    if bottom == 0:
        edges.append(f"M{x0:g} {y1:g}H{x1:g}")
    if edges:
        svgkit.sub(svg, "path", d="".join(edges), class_="edge", fill="none", stroke=EDGE,
                   stroke_width="1.4", stroke_linecap="square")


def _mark_square(svg: svgkit.Node, view: Frame, place: tuple[int, int], css: str) -> None:
    x, y = view.centre(*place)
    svgkit.sub(svg, "rect", x=x - S * 0.4, y=y - S * 0.4, width=S * 0.8, height=S * 0.8,
               rx=S * 0.1, class_=css, fill="none", stroke=ACCENT, stroke_width="0.8",
               stroke_dasharray="1.6 1.2", pointer_events="none")


def _splintered(svg: svgkit.Node, game: Position, view: Frame, squares: list[int]) -> None:
    """The squares whose pieces the last move splintered off, now empty: a dashed ring with a
    cross in a faded red, so that the pieces are not gone without a trace."""
    if not squares:
        return
    group = svgkit.sub(svg, "g", class_="splintered", pointer_events="none", stroke=GONE,
                       fill="none")
    for square in sorted(squares):
        mark = svgkit.sub(group, "g", class_="splintered-mark", data_square=game.grid.names[square])
        _gone(mark, *view.centre(*game.grid.column_row(square)))


def _pushed_off(svg: svgkit.Node, game: Position, view: Frame, shift: Shift) -> None:
    """Where the pawn the last move pushed off the board went: the mark of a piece splintered
    off, on the paper beyond the edge, one step on from the square the pawn left (with the off
    rule the window shows that paper wherever a pawn can leave)."""
    if shift.fell is None:
        return
    square, piece = shift.fell
    group = svgkit.sub(svg, "g", class_="pushed-off", pointer_events="none", stroke=GONE,
                       fill="none")
    mark = svgkit.sub(group, "g", class_="pushed-off-mark", data_square=game.grid.names[square],
                      data_colour=COLOUR_NAMES[piece & 3])
    _gone(mark, *view.centre(*game.grid.column_row(square + shift.step)))


def _gone(mark: svgkit.Node, x: float, y: float) -> None:
    """The mark of a piece gone from the board: a dashed ring with a cross, centred on x, y."""
    d = S * 0.18
    svgkit.sub(mark, "circle", cx=x, cy=y, r=S * 0.37, stroke_width="0.6",
               stroke_dasharray="1.2 1")
    svgkit.sub(mark, "path", d=f"M{x - d:g} {y - d:g}L{x + d:g} {y + d:g}"
               f"M{x + d:g} {y - d:g}L{x - d:g} {y + d:g}", stroke_width="0.8",
               stroke_linecap="round")


def _piece(parent: svgkit.Node, view: Frame, place: tuple[int, int], piece: int,
           extra: list[str], name: str, came_from: str | None = None,
           faded: bool = False) -> svgkit.Node:
    """A pawn (a disc) or a king (a square with a diamond); Black's pieces carry a light ring."""
    colour = piece & 3
    king = bool(piece & 4)
    kind = "king" if king else "pawn"
    colour_name = "black" if colour == 1 else "white"
    x, y = view.centre(*place)
    group = svgkit.sub(parent, "g", class_=" ".join(["piece", kind, colour_name, *extra]),
                       data_cell=name, data_from=came_from, opacity="0.35" if faded else None)
    outline = {"fill": FILL[colour], "stroke": "#151b21", "stroke_width": "0.8",
               "class_": "body"}
    if king:
        half = S * 0.36
        svgkit.sub(group, "rect", x=x - half, y=y - half, width=2 * half, height=2 * half,
                   rx=S * 0.06, **outline)
        d = S * 0.2
        svgkit.sub(group, "polygon",
                   points=svgkit.points([(x, y - d), (x + d, y), (x, y + d), (x - d, y)]),
                   class_="crown", fill=INK[colour])
    else:
        svgkit.sub(group, "circle", cx=x, cy=y, r=S * 0.37, **outline)
    if colour == 1 and king:
        inset = S * 0.28
        svgkit.sub(group, "rect", x=x - inset, y=y - inset, width=2 * inset, height=2 * inset,
                   class_="mark", fill="none", stroke=INK[colour], stroke_width="0.6")
    elif colour == 1:
        svgkit.sub(group, "circle", cx=x, cy=y, r=S * 0.22, class_="mark", fill="none",
                   stroke=INK[colour], stroke_width="0.7")
    return group


def _arrow(svg: svgkit.Node, view: Frame, source: tuple[int, int], target: tuple[int, int],
           css: str, colour: str, dashed: bool = False) -> None:
    """An arrow from one square towards the next, with its head near the target's centre."""
    (x0, y0), (x1, y1) = view.centre(*source), view.centre(*target)
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    ax, ay = x0 + ux * S * 0.2, y0 + uy * S * 0.2
    bx, by = x1 - ux * S * 0.15, y1 - uy * S * 0.15
    group = svgkit.sub(svg, "g", class_=css, pointer_events="none")
    svgkit.sub(group, "line", x1=ax, y1=ay, x2=bx - ux * S * 0.2, y2=by - uy * S * 0.2,
               stroke=colour, stroke_width="1.1", stroke_linecap="round",
               stroke_dasharray="1.5 1" if dashed else None)
    w = S * 0.14
    svgkit.sub(group, "polygon", fill=colour, points=svgkit.points([
        (bx, by), (bx - ux * S * 0.28 - uy * w, by - uy * S * 0.28 + ux * w),
        (bx - ux * S * 0.28 + uy * w, by - uy * S * 0.28 - ux * w),
    ]))


def _preview_marks(svg: svgkit.Node, game: Position, view: Frame, shift: Shift,
                   ghosts: list[tuple[int, int]], fell: tuple[int, int] | None) -> None:
    """The consequence of the previewed move: the mover's start as a ghost, an arrow for each
    shifted piece, the pawn pushed off and the pieces splintering off faded and crossed."""
    grid = game.grid
    x, y = view.centre(*grid.column_row(shift.start))
    svgkit.sub(svg, "circle", cx=x, cy=y, r=S * 0.33, class_="ghost", fill="none",
               stroke=ACCENT, stroke_width="0.8", stroke_dasharray="1.5 1",
               pointer_events="none")
    for square in shift.landed:
        _arrow(svg, view, grid.column_row(square - shift.step), grid.column_row(square),
               "push-arrow", ACCENT)
    gone = svgkit.sub(svg, "g", class_="splinters", pointer_events="none")
    lost = list(ghosts)
    if fell is not None:
        lost.append(fell)
    for square, piece in lost:
        place = grid.column_row(square)
        _piece(gone, view, place, piece, ["splinter"], name=grid.names.get(square, "off"),
               faded=True)
        x, y = view.centre(*place)
        d = S * 0.3
        svgkit.sub(gone, "path", d=f"M{x - d:g} {y - d:g}L{x + d:g} {y + d:g}"
                   f"M{x + d:g} {y - d:g}L{x - d:g} {y + d:g}",
                   class_="splinter-mark", fill="none", stroke=SPLIT, stroke_width="1.3",
                   stroke_linecap="round")
    if fell is not None:
        _arrow(svg, view, grid.column_row(fell[0] - shift.step), grid.column_row(fell[0]),
               "push-arrow off", SPLIT)


def _hits(svg: svgkit.Node, game: Position, view: Frame, movable: set[int],
          targets: dict[int, str], previewed: int | None) -> None:
    """Invisible squares on top that receive clicks and focus: a movable piece selects it, a
    target square plays the move to it; in a preview, the mover's square confirms the move."""
    grid, board = game.grid, game.board
    layer = svgkit.sub(svg, "g", class_="hits")

    def square(at: int) -> svgkit.Node:
        x, y = view.centre(*grid.column_row(at))
        return svgkit.sub(layer, "rect", x=x - S / 2, y=y - S / 2, width=S, height=S,
                          class_="hit", fill="#ffffff", fill_opacity="0")

    def hit(at: int, label: str, key: str, values: dict[str, str],
            action: str | None = None, select: str | None = None) -> None:
        svgkit.clickable(square(at), label, action=action, select=select, key=key, values=values)

    def piece_label(at: int) -> tuple[str, str, dict[str, str]]:
        """A piece's name ("White pawn on e5"), its catalogue key and values."""
        name, piece = grid.names[at], board[at]
        kind = f"{COLOUR_NAMES[piece & 3]}-{'king' if piece & KING else 'pawn'}"
        return f"{piece_name(piece)} on {name}", f"label.splinter.{kind}", {"square": name}

    confirm = None if previewed is None else (previewed >> 3) + grid.steps[previewed & 7]
    for at in sorted(movable - set(targets)):
        hit(at, *piece_label(at), select=grid.names[at])
    # the other pieces are named too, so the board can be read piece by piece
    taken = movable | set(targets) | ({confirm} if confirm is not None else set())
    for at in sorted(grid.names):
        if board[at] and at not in taken:
            label, key, values = piece_label(at)
            svgkit.info(square(at), label, key=key, values=values)
    for at, action in targets.items():
        name = grid.names[at]
        hit(at, f"move to {name} ({action})", "label.splinter.move-to",
            {"square": name, "action": action}, action=action)
    if previewed is not None and confirm is not None:  # (both or neither)
        action = game.action_of(previewed)
        hit(confirm, f"play {action}", "label.splinter.play", {"action": action}, action=action)


def _coords(svg: svgkit.Node, view: Frame, columns: int, rows: int) -> None:
    """Column letters under the framed squares and row numbers to their left."""
    group = svgkit.sub(svg, "g", class_="coords", pointer_events="none",
                       font_family="sans-serif")
    for column in range(max(view.left, 0), min(view.right, columns - 1) + 1):
        x, _ = view.centre(column, 0)
        svgkit.sub(group, "text", LETTERS[column], x=x, y=view.height + S * 0.95,
                   text_anchor="middle", font_size=f"{S * 0.6:g}", fill="#5b6b75")
    for row in range(max(view.bottom, 0), min(view.top, rows - 1) + 1):
        _, y = view.centre(0, row)
        svgkit.sub(group, "text", str(row + 1), x=-S * 0.2, y=y + S * 0.2, text_anchor="end",
                   font_size=f"{S * 0.6:g}", fill="#5b6b75")


def description(game: Position) -> svgkit.Said:
    """The sentences of ``describe()``: each a message key of the site's catalogues, its
    placeholder values and the English sentence, so the site can say it in other words."""
    grid = game.grid
    columns, rows = grid.columns, grid.rows
    said: svgkit.Said = [
        ("describe.splinter.board", {"columns": columns, "rows": rows},
         f"Splinter on a {columns} by {rows} board."),
    ]
    for colour in (BLACK, WHITE):
        pawns, lost = game.pawns[colour], game.lost[colour]
        said.append((f"describe.splinter.pieces.{COLOUR_NAMES[colour]}",
                     {"pawns": pawns, "lost": lost},
                     f"{colour_title(colour)}: king and {pawns} pawns, {lost} lost."))
    shift = game.last_shift()
    if shift is not None:
        pushed = len(shift.landed) - 1 + (shift.fell is not None)
        action = game.action_of(game.stack[-1].move)
        if not pushed:
            said.append(("describe.splinter.last.quiet", {"action": action},
                         f"Last move {action}."))
        elif pushed == 1:
            said.append(("describe.splinter.last.push-one", {"action": action},
                         f"Last move {action}, pushing 1 piece."))
        else:
            said.append(("describe.splinter.last.push-many",
                         {"action": action, "pushed": pushed},
                         f"Last move {action}, pushing {pushed} pieces."))
        if shift.fell is not None:
            square, piece = shift.fell
            name = game.grid.names[square]
            said.append((f"describe.splinter.last.pushed-off.{COLOUR_NAMES[piece & 3]}",
                         {"square": name},
                         f"The {piece_name(piece)} on {name} was pushed off the board."))
        said.extend(_splinter_sentence(game, shift))
    if game.over is None:
        said.append((f"describe.splinter.to-move.{COLOUR_NAMES[game.turn]}", {},
                     f"{colour_title(game.turn)} to move."))
    else:
        said.append(_outcome(game))
    return said


def _splinter_sentence(game: Position, shift: Shift) -> svgkit.Said:
    """How many pieces the last move splintered off, and from where (the marked squares)."""
    if not shift.removed:
        return []
    count = len(shift.removed)
    squares = ", ".join(game.grid.names[q] for q in sorted(q for q, _ in shift.removed))
    if count == 1:
        return [("describe.splinter.last.splintered-one", {"squares": squares},
                 f"1 piece splintered off and was removed: {squares}.")]
    return [("describe.splinter.last.splintered-many", {"count": count, "squares": squares},
             f"{count} pieces splintered off and were removed: {squares}.")]


def outcome_words(game: Position) -> str:
    """How the game ended, in a sentence."""
    if game.over is None:
        return "The game goes on."
    return _outcome(game)[2]

def _outcome(game: Position) -> svgkit.Sentence:
    """How the game ended: a message key (``describe.splinter.win.REASON.COLOUR`` or
    ``describe.splinter.draw.REASON``), its placeholder values and the English sentence."""
    assert game.over is not None
    reason, winner, black, white = game.over
    lost_black, lost_white = game.lost[BLACK], game.lost[WHITE]
    values: dict[str, Any] = {}
    if reason == "larger-group":
        values = {"black": black, "white": white}
        why = f"the kings split, Black's group {black} pieces to White's {white}"
    elif reason == "fewer-lost":
        values = {"group": black, "black_lost": lost_black, "white_lost": lost_white}
        why = (f"the kings split into equal groups of {black};"
               f" {lost_black} pawns lost to {lost_white}")
    elif reason == "draw-split":
        values = {"group": black}
        why = f"the kings split into equal groups of {black} with equal losses"
    elif reason == "no-pawns":
        why = "a player has no pawns left" if winner else "neither player has pawns left"
    else:
        why = {"repetition": "the position occurred for the third time",
               "no-moves": "neither player can move"}[reason]
    if winner:
        return (f"describe.splinter.win.{reason}.{COLOUR_NAMES[winner]}", values,
                f"Game over: {colour_title(winner)} wins: {why}.")
    return f"describe.splinter.draw.{reason}", values, f"Game over: Draw: {why}."
