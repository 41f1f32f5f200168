"""The Bosk picture: the park map, its trees, leaves and squirrels, and the wind board.

Regions are soft colours, each with its own texture so they read in grayscale; the lake is
water blue with waves. Each seat is a tree species: a colour and a leaf silhouette (birch
almond, linden heart, maple star, ginkgo fan) used for its tree crowns and its leaves.
"""

from __future__ import annotations

import math

from ... import svgkit
from ...core import shown
from .board import COLUMNS, DIRECTIONS, Position
from .rules import KIND, S_LEAF, S_OVER, S_PLANT, S_SQUIRREL, S_TILE, S_TREE, S_WIND, VALUE

U = 40.0  # side of a space
M = 26.0  # margin around the park (wind arrows, coordinates)
PANEL = 200.0  # width of the wind board and players panel beside the park
SLOT = 27.0  # height of a round on the wind board
GAP = 10.0  # between the wind board's two columns when it is under the park

SPECIES = ("birch", "linden", "maple", "ginkgo")
SEAT_FILL = ("#b03a2e", "#e8b92f", "#35508f", "#f4f1e8")
SEAT_INK = ("#fffaf0", "#2b2118", "#fffaf0", "#2b2118")
OUTLINE = "#2b2118"
REGION_FILL = ("#d9e8c4", "#f0e2b6", "#e6cfc0", "#cfe0d8", "#e9dfd0", "#d8d3e8", "#f2d6b3")
LAKE_FILL = "#a8d0e6"
TEXTURE_INK = "#5d6b4f"
TEXTURES = ("dots", "hatch", "tufts", "rings", "cross", "dashes", "plain")
ARROW = ((0.0, -1.0), (0.6, 0.5), (0.0, 0.15), (-0.6, 0.5))  # pointing north, unit size


def describe(game: Position) -> str:
    """The position in words: season, round and wind, whose turn, and the scores."""
    return svgkit.english(description(game))


def description(game: Position) -> svgkit.Said:
    """The sentences of ``describe()``: each a message key of the site's catalogues, its
    placeholder values and the English words, so the site can say it in other words.

    A seat is its own entry (``_seat``), so a default name ("Player 2") can be said in the
    reader's language while a name a player chose is said as written; the entries around it
    are the words before and after it, and the site joins them all with spaces.
    """
    width, height = game.geo.width, game.geo.height
    said: svgkit.Said = [
        ("describe.bosk.park", {"players": game.n, "width": width, "height": height},
         f"Bosk, {game.n} players, park {width} × {height}."),
    ]
    if game.step == S_OVER:
        outcome = game.result() or {}
        said.append(("describe.bosk.over", {}, "Game over:"))
        said.append(_seat(game, outcome["winner"]))
        if outcome["reason"] == "score":
            said.append(("describe.bosk.wins.score", {}, "wins."))
        else:
            said.append(("describe.bosk.wins.tie-clockwise", {}, "wins on the tie rule."))
        _scores(game, said, ("describe.bosk.scores", {}, "Scores:"))
        return said
    if game.step == S_PLANT:
        said.append(("describe.bosk.spring", {"planted": game.planted},
                     f"Spring: {game.planted} trees planted;"))
        said.append(_seat(game, game.seat))
        said.append(("describe.bosk.step.plant", {}, "to plant a tree."))
        return said
    if game.step == S_WIND:
        _scores(game, said, ("describe.bosk.summer", {}, "Summer scored:"))
        said.append(_seat(game, game.seat))
        said.append(("describe.bosk.step.wind", {}, "starts autumn and chooses the wind."))
        return said
    wind, need = DIRECTIONS[game.wind], game.required_value(game.round)
    where = f"Autumn, round {game.round} of 8, wind towards {wind}"
    if need:
        said.append(("describe.bosk.autumn.value", {"round": game.round, "wind": wind,
                                                    "value": need},
                     f"{where}, trees of value {need}."))
    else:
        said.append(("describe.bosk.autumn.any", {"round": game.round, "wind": wind},
                     f"{where}, any tree."))
    said.append(_seat(game, game.seat))
    if game.step == S_TREE:
        said.append(("describe.bosk.step.tree", {}, "to choose a tree."))
    elif game.step == S_TILE:
        point = _tree_name(game)
        said.append(("describe.bosk.step.tile", {"point": point},
                     f"to play a leaf tile for the tree on {point}."))
    elif game.step == S_LEAF:
        said.append(("describe.bosk.step.leaf", {"held": game.held},
                     f"to lay a leaf, {game.held} tokens in hand."))
    elif game.step == S_SQUIRREL:
        said.append(("describe.bosk.step.squirrel", {}, "to place the squirrel."))
    else:
        raise ValueError(f"no words for step {shown(game.step)}")
    _scores(game, said, ("describe.bosk.scores", {}, "Scores:"))
    return said


def default_name(game: Position, seat: int) -> bool:
    """Whether the seat has the default name "Player n" (said in the reader's language) rather
    than one the players chose (said as it is)."""
    return game.names[seat] == f"Player {seat + 1}"


def _seat(game: Position, seat: int) -> svgkit.Sentence:
    """A seat's name: the default "Player n" by number, a chosen name as it is."""
    name = game.names[seat]
    if default_name(game, seat):
        return "describe.bosk.seat.player", {"n": seat + 1}, name
    return "describe.bosk.seat.name", {"name": name}, name


def _scores(game: Position, said: svgkit.Said, lead: svgkit.Sentence) -> None:
    """``lead`` then each seat's name and total: "Scores: Ann 12, Bo 9."."""
    said.append(lead)
    totals = game.totals()
    for seat, total in enumerate(totals):
        said.append(_seat(game, seat))
        if seat < len(totals) - 1:
            said.append(("describe.bosk.points.more", {"points": total}, f"{total},"))
        else:
            said.append(("describe.bosk.points.last", {"points": total}, f"{total}."))


def _tree_name(game: Position) -> str:
    return game.geo.point_names[game.tree] if game.tree >= 0 else "?"


class Frame:
    """Picture coordinates of spaces and points."""

    def __init__(self, game: Position) -> None:
        self.w, self.h = game.geo.width, game.geo.height

    def space(self, x: int, y: int) -> tuple[float, float]:
        """The top-left corner of space (x, y)."""
        return M + x * U, M + (self.h - 1 - y) * U

    def centre(self, x: int, y: int) -> tuple[float, float]:
        left, top = self.space(x, y)
        return left + U / 2, top + U / 2

    def point(self, x: int, y: int) -> tuple[float, float]:
        return M + x * U, M + (self.h - y) * U


def draw(game: Position, highlight: bool, coords: bool, select: str | None,
         marks: dict[str, str], panel: bool | str = True) -> str:
    """The whole picture (see ``Bosk.svg``); ``panel`` is True (beside the park), "below" or
    False (none)."""
    frame = Frame(game)
    width, height = 2 * M + frame.w * U, 2 * M + frame.h * U
    place = Panel(game, frame, panel == "below") if panel else None
    if place:
        width, height = place.extent(width, height)
    svg = svgkit.root(width, height, description(game), f"board bosk players-{game.n}", 2.0)
    _draw_regions(svg, game, frame)
    _draw_grid(svg, game, frame)
    if coords:
        _draw_coords(svg, frame)
    targets = _targets(game) if highlight and game.to_move is not None else set()
    _draw_leaves(svg, game, frame, targets)
    _draw_trees(svg, game, frame, targets)
    _draw_chosen(svg, game, frame)
    if highlight and game.to_move is not None:
        _draw_targets(svg, game, frame, select)
    for kind, action in marks.items():
        _draw_mark(svg, game, frame, kind, action)
    _draw_region_letters(svg, game, frame)
    if place:
        _draw_panel(svg, game, place)
    return svgkit.to_string(svg)


# --- the park ------------------------------------------------------------------------------


def _draw_regions(svg: svgkit.Node, game: Position, frame: Frame) -> None:
    """Spaces filled by region, a texture per region, and thick lines between regions."""
    geo = game.geo
    spaces = svgkit.sub(svg, "g", class_="spaces")
    textures = svgkit.sub(svg, "g", class_="textures", pointer_events="none")
    others = [r for r in range(len(geo.letters)) if r != geo.lake]
    for s, (x, y) in enumerate(geo.space_xy):
        region = geo.region[s]
        letter = geo.letters[region]
        left, top = frame.space(x, y)
        lake = region == geo.lake
        fill = LAKE_FILL if lake else REGION_FILL[others.index(region) % len(REGION_FILL)]
        svgkit.sub(
            spaces, "rect", x=left, y=top, width=U, height=U, fill=fill,
            class_=f"space region-{letter}" + (" lake" if lake else ""),
            data_space=geo.space_names[s], data_region=letter,
        )
        texture = "waves" if lake else TEXTURES[others.index(region) % len(TEXTURES)]
        _texture(textures, texture, left, top)
    borders = svgkit.sub(svg, "g", class_="region-borders", pointer_events="none",
                         stroke="#6e5a44", stroke_width="2.2", stroke_linecap="round")
    for s, (x, y) in enumerate(geo.space_xy):
        left, top = frame.space(x, y)
        if x + 1 < frame.w and geo.region[s + 1] != geo.region[s]:
            svgkit.sub(borders, "line", x1=left + U, y1=top, x2=left + U, y2=top + U)
        if y + 1 < frame.h and geo.region[s + frame.w] != geo.region[s]:
            svgkit.sub(borders, "line", x1=left, y1=top, x2=left + U, y2=top)
    svgkit.sub(svg, "rect", x=M, y=M, width=frame.w * U, height=frame.h * U, fill="none",
               stroke="#6e5a44", stroke_width="3", class_="park-edge")


def label_space(game: Position, region: int) -> int:
    """The space that carries a region's letter: the region's top-left one (its highest row,
    then its leftmost space there)."""
    geo = game.geo
    return min(geo.region_spaces(region), key=lambda s: (-geo.space_xy[s][1], geo.space_xy[s][0]))


def _draw_region_letters(svg: svgkit.Node, game: Position, frame: Frame) -> None:
    """Each region's letter, small, at the middle of the left side of one of its spaces: the
    rules and the winter table name regions by letter. There no tree's ground (the corners),
    leaf or squirrel (the middle) and no badge (the top left and bottom right) covers it, its
    baseline low between the two corners' tree grounds to keep clear of a leaf space's cost
    badge, with room above for the larger letter a phone's page draws (web/css/site.css); and
    the letters are drawn over the rest of the park, so that the frame of a highlighted space,
    a hint's or a preview's ring pass under a letter and its light edge."""
    group = svgkit.sub(svg, "g", class_="region-letters", pointer_events="none",
                       fill="#5a4a38", font_size="9.5", font_weight="bold",
                       text_anchor="middle", stroke="#fffaf0", stroke_width="2",
                       stroke_opacity="0.7", paint_order="stroke")
    for region, letter in enumerate(game.geo.letters):
        x, y = game.geo.space_xy[label_space(game, region)]
        left, top = frame.space(x, y)
        svgkit.sub(group, "text", letter, x=left + 4.5, y=top + U / 2 + 5.6,
                   class_="region-letter", data_region=letter)


def _texture(group: svgkit.Node, kind: str, left: float, top: float) -> None:
    """A region's texture inside one space, in faint ink."""
    ink = {"stroke": TEXTURE_INK, "stroke_opacity": "0.35", "stroke_width": "1", "fill": "none"}
    q = U / 4
    if kind == "waves":
        for k in (1, 3):
            y = top + k * q
            d = f"M{left + 6:g} {y:g} q{q / 2:g} -4 {q:g} 0 t{q:g} 0 t{q:g} 0"
            svgkit.sub(group, "path", d=d, class_="texture waves", stroke="#3f7fa6",
                       stroke_opacity="0.55", stroke_width="1.2", fill="none")
    elif kind == "dots":
        for i in (1, 3):
            for j in (1, 3):
                svgkit.sub(group, "circle", cx=left + i * q, cy=top + j * q, r=1.3,
                           fill=TEXTURE_INK, fill_opacity="0.35", class_="texture dots")
    elif kind == "hatch":
        for k in (1, 2, 3):
            svgkit.sub(group, "line", x1=left + k * q - 5, y1=top + U - 6, x2=left + k * q + 5,
                       y2=top + 6, class_="texture hatch", **ink)
    elif kind == "tufts":
        for cx, cy in ((left + q, top + 3 * q), (left + 3 * q, top + 1.5 * q)):
            d = f"M{cx - 4:g} {cy - 4:g} L{cx:g} {cy + 3:g} L{cx + 4:g} {cy - 4:g}"
            svgkit.sub(group, "path", d=d, class_="texture tufts", **ink)
    elif kind == "rings":
        svgkit.sub(group, "circle", cx=left + U / 2, cy=top + U / 2, r=U / 4,
                   class_="texture rings", **ink)
    elif kind == "cross":
        for cx, cy in ((left + q, top + q), (left + 3 * q, top + 3 * q)):
            d = f"M{cx - 3:g} {cy:g} H{cx + 3:g} M{cx:g} {cy - 3:g} V{cy + 3:g}"
            svgkit.sub(group, "path", d=d, class_="texture cross", **ink)
    elif kind == "dashes":
        for k in (1, 3):
            svgkit.sub(group, "line", x1=left + 8, y1=top + k * q, x2=left + U - 8,
                       y2=top + k * q, stroke_dasharray="3 3", class_="texture dashes", **ink)


def _draw_grid(svg: svgkit.Node, game: Position, frame: Frame) -> None:
    """The lines of points trees stand on, and a dot on each empty inner point."""
    group = svgkit.sub(svg, "g", class_="grid", pointer_events="none", stroke="#8a7a63",
                       stroke_opacity="0.45", stroke_width="0.8")
    for x in range(1, frame.w):
        px, _ = frame.point(x, 0)
        svgkit.sub(group, "line", x1=px, y1=M, x2=px, y2=M + frame.h * U)
    for y in range(1, frame.h):
        _, py = frame.point(0, y)
        svgkit.sub(group, "line", x1=M, y1=py, x2=M + frame.w * U, y2=py)
    dots = svgkit.sub(svg, "g", class_="points", pointer_events="none")
    for p, (x, y) in enumerate(game.geo.point_xy):
        if not game.standing[p]:
            px, py = frame.point(x, y)
            svgkit.sub(dots, "circle", cx=px, cy=py, r=1.8, fill="#6e5a44", class_="point")


def _draw_coords(svg: svgkit.Node, frame: Frame) -> None:
    """Column letters under the park and row numbers to its left (spaces and points alike)."""
    group = svgkit.sub(svg, "g", class_="coords", pointer_events="none", fill="#6b5d4d",
                       font_size="10", text_anchor="middle")
    for x in range(frame.w):
        cx, _ = frame.centre(x, 0)
        svgkit.sub(group, "text", COLUMNS[x], x=cx, y=M + frame.h * U + 18)
    for y in range(frame.h):
        _, cy = frame.centre(0, y)
        svgkit.sub(group, "text", str(y + 1), x=M - 17, y=cy + 3.5)


def species_path(seat: int, cx: float, cy: float, r: float) -> str:
    """The silhouette of a seat's species around (cx, cy): birch almond, linden heart, maple
    star, ginkgo fan."""
    kind = seat % 4
    if kind == 0:
        return (
            f"M{cx - r * 0.75:.2f} {cy + r * 0.75:.2f} Q{cx - r:.2f} {cy - r:.2f} "
            f"{cx + r * 0.75:.2f} {cy - r * 0.75:.2f} Q{cx + r:.2f} {cy + r:.2f} "
            f"{cx - r * 0.75:.2f} {cy + r * 0.75:.2f} Z"
        )
    if kind == 1:
        return (
            f"M{cx:.2f} {cy + r:.2f} C{cx - r * 1.4:.2f} {cy + r * 0.1:.2f} "
            f"{cx - r * 0.7:.2f} {cy - r * 1.15:.2f} {cx:.2f} {cy - r * 0.5:.2f} "
            f"C{cx + r * 0.7:.2f} {cy - r * 1.15:.2f} {cx + r * 1.4:.2f} {cy + r * 0.1:.2f} "
            f"{cx:.2f} {cy + r:.2f} Z"
        )
    if kind == 2:
        corners = []
        for k in range(10):
            radius = r if k % 2 == 0 else r * 0.48
            angle = math.radians(-90 + 36 * k)
            corners.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
        return "M" + " L".join(f"{x:.2f} {y:.2f}" for x, y in corners) + " Z"
    return (
        f"M{cx:.2f} {cy + r:.2f} L{cx - r * 0.98:.2f} {cy - r * 0.3:.2f} "
        f"A{r * 1.05:.2f} {r * 1.05:.2f} 0 0 1 {cx + r * 0.98:.2f} {cy - r * 0.3:.2f} Z"
    )


def _targets(game: Position) -> set[tuple[str, str]]:
    """The trees (``("point", name)``) and spaces (``("space", name)``, a point and a space can
    have the same name) the seat to move can play on in this step: they are drawn as buttons
    (``_draw_targets``), so what stands there is not a part of its own."""
    geo = game.geo
    if game.step == S_TREE:
        return {("point", geo.point_names[move % KIND]) for move in game.moves()}
    if game.step in (S_LEAF, S_SQUIRREL):
        return {("space", geo.space_names[move % KIND]) for move in game.moves()}
    return set()


def _player(game: Position, seat: int) -> tuple[str, dict[str, object]]:
    """A seat's name in English, and as a placeholder value the site says in its language."""
    return game.names[seat], svgkit.seat(seat, game.names[seat])


def _read_stack(stack: svgkit.Node, game: Position, s: int) -> None:
    """Name a space that holds leaves or a squirrel by what it holds, for a reader moving over
    the board: "d5, region C: 3 leaves, Player 2's on top"."""
    geo = game.geo
    height, top, squirrel = game.height[s], game.top[s], game.squirrel[s]
    values: dict[str, object] = {"space": geo.space_names[s],
                                 "region": geo.letters[geo.region[s]], "height": height}
    where = f"{values['space']}, region {values['region']}:"
    if squirrel >= 0:
        name, values["player"] = _player(game, squirrel)
        key, label = "label.bosk.squirrel-held", f"{where} {name}'s squirrel"
        if height:
            key, label = "label.bosk.squirrel-over", f"{label}, over a stack of {height}"
    else:
        name, values["player"] = _player(game, top)
        key, label = "label.bosk.stack", f"{where} {height} leaves, {name}'s on top"
        if height == 1:
            key, label = "label.bosk.stack-one", f"{where} {name}'s leaf"
    svgkit.info(stack, label, key=key, values=values)


def _draw_leaves(svg: svgkit.Node, game: Position, frame: Frame,
                 targets: set[tuple[str, str]]) -> None:
    """Each stack as its top leaf (the stack's owner) over up to two leaves peeking out below,
    its height in a badge when above 1; squirrels on top of their space. A stack that is not
    a target of the step is named by what it holds (``_read_stack``)."""
    geo = game.geo
    group = svgkit.sub(svg, "g", class_="leaves", pointer_events="none")
    for s, (x, y) in enumerate(geo.space_xy):
        height, top, squirrel = game.height[s], game.top[s], game.squirrel[s]
        if not height and squirrel < 0:
            continue
        cx, cy = frame.centre(x, y)
        name = geo.space_names[s]
        stack = svgkit.sub(group, "g", class_=f"stack height-{height}", data_space=name)
        if ("space", name) not in targets:
            _read_stack(stack, game, s)
        for k in range(min(height, 3) - 1, 0, -1):
            svgkit.sub(stack, "path", d=species_path(top, cx + 3 * k, cy - 3 * k, U * 0.3),
                       fill="#d8cbb3", stroke=OUTLINE, stroke_width="0.8", class_="leaf under")
        if height:
            svgkit.sub(stack, "path", d=species_path(top, cx, cy, U * 0.32),
                       fill=SEAT_FILL[top], stroke=OUTLINE, stroke_width="1.2",
                       class_=f"leaf seat-{top} {SPECIES[top]}")
        if squirrel >= 0:
            _squirrel(stack, squirrel, cx, cy)
        if height > 1:
            bx, by = cx + U * 0.3, cy + U * 0.3
            svgkit.sub(stack, "circle", cx=bx, cy=by, r=6.5, fill="#fffaf0", stroke=OUTLINE,
                       stroke_width="0.8", class_="height-badge")
            svgkit.sub(stack, "text", str(height), x=bx, y=by + 3.2, text_anchor="middle",
                       font_size="9", font_weight="bold", fill=OUTLINE, class_="height")


def _squirrel(parent: svgkit.Node, seat: int, cx: float, cy: float) -> None:
    """A sitting squirrel: a big curled tail, body, head and ear, with the species mark."""
    group = svgkit.sub(parent, "g", class_=f"squirrel seat-{seat} {SPECIES[seat]}",
                       fill=SEAT_FILL[seat], stroke=OUTLINE, stroke_width="1.2")
    svgkit.sub(group, "circle", cx=cx - 7, cy=cy - 2, r=8)
    svgkit.sub(group, "ellipse", cx=cx + 2, cy=cy + 5, rx=6.5, ry=8)
    svgkit.sub(group, "circle", cx=cx + 6, cy=cy - 6, r=5)
    svgkit.sub(group, "path", d=f"M{cx + 4:g} {cy - 10:g} L{cx + 6:g} {cy - 16:g} "
               f"L{cx + 9:g} {cy - 10:g} Z")
    svgkit.sub(group, "path", d=species_path(seat, cx + 2, cy + 6, 3.6), fill=SEAT_INK[seat],
               stroke="none")


def _draw_trees(svg: svgkit.Node, game: Position, frame: Frame,
                targets: set[tuple[str, str]]) -> None:
    """Standing trees: a pale ground disk, a trunk, and a crown of the species' shape with
    the tree's value. A tree that is not a target of the step is named, "c4: Player 2's tree
    of value 3", for a reader moving over the board."""
    geo = game.geo
    group = svgkit.sub(svg, "g", class_="trees", pointer_events="none")
    for p, (x, y) in enumerate(geo.point_xy):
        if not game.standing[p]:
            continue
        seat, value = game.tree_owner[p], game.tree_value[p]
        px, py = frame.point(x, y)
        point = geo.point_names[p]
        tree = svgkit.sub(group, "g", class_=f"tree seat-{seat} {SPECIES[seat]}",
                          data_point=point, data_value=value)
        if ("point", point) not in targets:
            name, player = _player(game, seat)
            svgkit.info(tree, f"{point}: {name}'s tree of value {value}",
                        key="label.bosk.standing",
                        values={"point": point, "value": value, "player": player})
        svgkit.sub(tree, "circle", cx=px, cy=py + 1, r=15, fill="#fffaf0", fill_opacity="0.8",
                   stroke=OUTLINE, stroke_width="0.8", class_="ground")
        svgkit.sub(tree, "rect", x=px - 1.8, y=py + 4, width=3.6, height=10, fill="#6b4a2b",
                   stroke=OUTLINE, stroke_width="0.6", class_="trunk")
        svgkit.sub(tree, "path", d=species_path(seat, px, py, 12.0), fill=SEAT_FILL[seat],
                   stroke=OUTLINE, stroke_width="1.3", class_="crown")
        svgkit.sub(tree, "text", str(value), x=px, y=py + 4, text_anchor="middle",
                   font_size="11", font_weight="bold", fill=SEAT_INK[seat], class_="value")


# --- what can be clicked ------------------------------------------------------------------


def _target(group: svgkit.Node, cx: float, cy: float, reach: float, class_: str) -> svgkit.Node:
    """A clickable target at (cx, cy): a group whose first shape, an unpainted disc of radius
    ``reach``, takes clicks and touches all around the drawn mark that follows it. Points are a
    space apart, so a point's reach of half a space meets its neighbours' and never covers them."""
    target = svgkit.sub(group, "g", class_=class_)
    svgkit.sub(target, "circle", cx=cx, cy=cy, r=reach, fill="#fffaf0", fill_opacity="0",
               class_="reach")
    return target


def _draw_targets(svg: svgkit.Node, game: Position, frame: Frame, select: str | None) -> None:
    """The legal targets of the step: points to plant on (once a value is selected), the four
    sides for the wind, the seat's trees, leaf spaces with their cost, squirrel spaces."""
    geo = game.geo
    group = svgkit.sub(svg, "g", class_="targets")
    moves = sorted(game.moves())
    if game.step == S_PLANT and select is not None:
        value = int(select.split()[1])
        for move in moves:
            v, p = divmod(move % KIND, VALUE)
            if v + 1 == value:
                px, py = frame.point(*geo.point_xy[p])
                action = game.action_of(move)
                target = _target(group, px, py, U / 2, "target plant legal")
                svgkit.sub(target, "circle", cx=px, cy=py, r=9, fill="#fffaf0",
                           fill_opacity="0.35", stroke="#2e7d9a", stroke_width="1.6")
                point = geo.point_names[p]
                svgkit.clickable(target, f"plant a tree of value {value} on {point}",
                                 action=action, key="label.bosk.plant",
                                 values={"value": value, "point": point})
    elif game.step == S_WIND:
        for d, letter in enumerate(DIRECTIONS):
            _wind_arrow(group, frame, d, f"wind {letter}")
    elif game.step == S_TREE:
        for move in moves:
            p = move % KIND
            px, py = frame.point(*geo.point_xy[p])
            target = _target(group, px, py, U / 2, "target tree legal")
            svgkit.sub(target, "circle", cx=px, cy=py, r=15, fill="none", stroke="#2e7d9a",
                       stroke_width="2", stroke_dasharray="4 2")
            point = geo.point_names[p]
            svgkit.clickable(target, f"let the leaves fall from the tree on {point}",
                             action=game.action_of(move), key="label.bosk.tree",
                             values={"point": point})
    elif game.step in (S_LEAF, S_SQUIRREL):
        leaf = game.step == S_LEAF
        for move in moves:
            s = move % KIND
            left, top = frame.space(*geo.space_xy[s])
            name = geo.space_names[s]
            target = svgkit.sub(group, "rect", x=left + 2, y=top + 2, width=U - 4,
                                height=U - 4, rx=4, fill="#fffaf0", fill_opacity="0.3",
                                stroke="#2e7d9a", stroke_width="2",
                                class_="target leaf legal" if leaf else "target squirrel legal")
            if leaf:
                cost = 1 if game.top[s] in (-1, game.seat) else game.height[s] + 1
                tokens = "token" if cost == 1 else "tokens"
                svgkit.clickable(target, f"leaf on {name}, costs {cost} {tokens}",
                                 action=game.action_of(move),
                                 key="label.bosk.leaf" if cost == 1 else "label.bosk.leaf-many",
                                 values={"space": name, "cost": cost})
                svgkit.sub(group, "circle", cx=left + 9, cy=top + 9, r=6.5, fill="#2e7d9a",
                           class_="cost-badge", pointer_events="none")
                svgkit.sub(group, "text", str(cost), x=left + 9, y=top + 12.2,
                           text_anchor="middle", font_size="9", font_weight="bold",
                           fill="#fffaf0", class_="cost", pointer_events="none")
            else:
                svgkit.clickable(target, f"squirrel on {name}", action=game.action_of(move),
                                 key="label.bosk.squirrel", values={"space": name})


def _draw_chosen(svg: svgkit.Node, game: Position, frame: Frame) -> None:
    """Ring the tree whose leaves are falling, and the last leaf laid this turn."""
    geo = game.geo
    if game.tree >= 0:
        px, py = frame.point(*geo.point_xy[game.tree])
        svgkit.sub(svg, "circle", cx=px, cy=py, r=16, fill="none", stroke="#c0392b",
                   stroke_width="2", class_="chosen-tree", pointer_events="none")
    if game.last >= 0:
        left, top = frame.space(*geo.space_xy[game.last])
        svgkit.sub(svg, "rect", x=left + 1, y=top + 1, width=U - 2, height=U - 2, fill="none",
                   stroke="#c0392b", stroke_width="1.6", stroke_dasharray="3 2",
                   class_="last-leaf", pointer_events="none")


def _wind_arrow(group: svgkit.Node, frame: Frame, d: int, action: str) -> None:
    """A clickable arrow outside the park's side the wind would blow towards."""
    mid_x, mid_y = M + frame.w * U / 2, M + frame.h * U / 2
    cx, cy = (
        (mid_x, M / 2), (M + frame.w * U + M / 2, mid_y),
        (mid_x, M + frame.h * U + M / 2), (M / 2, mid_y),
    )[d]
    angle = math.radians(90 * d)
    corners = [
        (cx + 10 * (ax * math.cos(angle) - ay * math.sin(angle)),
         cy + 10 * (ax * math.sin(angle) + ay * math.cos(angle)))
        for ax, ay in ARROW
    ]
    arrow = _target(group, cx, cy, M / 2, "target wind legal")
    svgkit.sub(arrow, "polygon", points=svgkit.points(corners), fill="#2e7d9a", stroke=OUTLINE,
               stroke_width="0.8")
    towards = ("north", "east", "south", "west")[d]
    svgkit.clickable(arrow, f"first wind towards {towards}", action=action,
                     key=f"label.bosk.wind.{towards}")


def _draw_mark(svg: svgkit.Node, game: Position, frame: Frame, kind: str, action: str) -> None:
    """A dashed ring on the target of a hinted or previewed action (a point or a space)."""
    word, _, arg = action.strip().partition(" ")
    geo = game.geo
    arg = arg.split("@")[-1].strip().lower()
    if word in ("plant", "tree") and arg in geo.point_index:
        cx, cy = frame.point(*geo.point_xy[geo.point_index[arg]])
    elif word in ("leaf", "squirrel") and arg in geo.space_index:
        cx, cy = frame.centre(*geo.space_xy[geo.space_index[arg]])
    else:
        return
    svgkit.sub(svg, "circle", cx=cx, cy=cy, r=17, fill="none", stroke="#2e7d9a",
               stroke_width="2", stroke_dasharray="4 3", class_=kind, pointer_events="none")


# --- beside or below the park --------------------------------------------------------------


class Panel:
    """Where the wind board and the players go. Beside the park: one column of the 8 rounds,
    the players under it. Below the park (a picture as narrow as the park, for a phone): the
    rounds in two columns of 4 as wide as the park, the players under them, drawn at the scale
    that makes their words as large on the screen as a 2-player park's, whatever the park."""

    def __init__(self, game: Position, frame: Frame, below: bool) -> None:
        self.n = game.n
        self.transform: str | None = None  # from the panel's own coordinates to the picture's
        if below:
            self.scale = (2 * M + frame.w * U) / (2 * M + 8 * U)
            self.below = 2 * M + frame.h * U  # where the panel's coordinates start
            self.transform = f"translate({M:g} {self.below:g}) scale({self.scale:.4g})"
            self.left, self.top, self.columns = 0.0, 8.0, 2
            self.cell = (frame.w * U / self.scale - GAP) / 2  # a round's width
            self.row = frame.w * U / self.scale + 6  # a player's width
        else:
            self.left, self.top, self.columns = 2 * M + frame.w * U, M, 1
            self.cell, self.row = PANEL - 20, PANEL - 14
        self.lines = 8 // self.columns  # rounds in a column
        self.base = self.top + 12 + self.lines * SLOT + 18  # the first player's line

    def extent(self, width: float, height: float) -> tuple[float, float]:
        """The picture's size with the panel, the park's alone being ``width`` by ``height``."""
        if self.transform is None:
            return width + PANEL, max(height, 300.0 + 24.0 * self.n)
        return width, self.below + self.scale * (self.base + 24.0 * self.n)

    def round(self, r: int) -> tuple[float, float]:
        """The top-left corner of round ``r``'s slot on the wind board."""
        column, line = divmod(r - 1, self.lines)
        return self.left + column * (self.cell + GAP), self.top + 12 + line * SLOT


def _draw_panel(svg: svgkit.Node, game: Position, place: Panel) -> None:
    """The wind board (8 rounds: wind, tree value asked, the current one lit) and the players
    (species, name, score; the start player marked as the hiker)."""
    board = svgkit.sub(svg, "g", class_="wind-board", transform=place.transform)
    svgkit.sub(board, "text", "Wind", x=place.left, y=place.top + 4, font_size="12",
               font_weight="bold", fill=OUTLINE, class_="wind-title", data_i18n="board.wind")
    winds = game.winds()
    for r in range(1, 9):
        left, top = place.round(r)
        current = r == game.round and game.to_move is not None
        svgkit.sub(board, "rect", x=left, y=top, width=place.cell, height=SLOT - 3, rx=4,
                   fill="#f3d98b" if current else "#efe7d6", stroke=OUTLINE,
                   stroke_width="1.6" if current else "0.6",
                   class_="round current" if current else "round", data_round=r)
        svgkit.sub(board, "text", str(r), x=left + 10, y=top + 16, font_size="11",
                   text_anchor="middle", fill=OUTLINE, class_="round-number")
        if winds:
            d = winds[r - 1]
            cx, cy = left + 40, top + SLOT / 2 - 1.5
            angle = math.radians(90 * d)
            corners = [
                (cx + 8 * (ax * math.cos(angle) - ay * math.sin(angle)),
                 cy + 8 * (ax * math.sin(angle) + ay * math.cos(angle)))
                for ax, ay in ARROW
            ]
            svgkit.sub(board, "polygon", points=svgkit.points(corners), fill="#2e7d9a",
                       class_="wind-arrow", data_wind=DIRECTIONS[d])
            svgkit.sub(board, "text", DIRECTIONS[d], x=left + 56, y=top + 16, font_size="11",
                       fill=OUTLINE, class_="wind-letter", data_i18n=f"board.wind.{DIRECTIONS[d]}")
        else:
            svgkit.sub(board, "text", "?", x=left + 40, y=top + 16, font_size="11",
                       text_anchor="middle", fill=OUTLINE, class_="wind-letter")
        need = game.required_value(r)
        svgkit.sub(board, "text", f"tree {need}" if need else "any tree", x=left + 78,
                   y=top + 16, font_size="10", fill=OUTLINE, class_="tree-value",
                   data_i18n="board.tree-value" if need else "board.any-tree",
                   data_i18n_values=f'{{"value": {need}}}' if need else None)
    players = svgkit.sub(svg, "g", class_="players", transform=place.transform)
    totals = game.totals()
    left = place.left
    for seat in range(game.n):
        y = place.base + seat * 24
        row = svgkit.sub(players, "g", class_=f"player seat-{seat} {SPECIES[seat]}")
        if seat == game.to_move:
            svgkit.sub(row, "rect", x=left - 3, y=y - 10, width=place.row, height=21, rx=4,
                       fill="none", stroke="#2e7d9a", stroke_width="1.6", class_="to-move")
        svgkit.sub(row, "path", d=species_path(seat, left + 8, y, 8.0), fill=SEAT_FILL[seat],
                   stroke=OUTLINE, stroke_width="1")
        default = default_name(game, seat)
        svgkit.sub(row, "text", game.names[seat], x=left + 22, y=y + 4, font_size="10.5",
                   fill=OUTLINE, class_="name", data_i18n="seat.player" if default else None,
                   data_i18n_values=f'{{"n": {seat + 1}}}' if default else None)
        if seat == game.start:
            fx = left + place.row - 34
            svgkit.sub(row, "path", d=f"M{fx:g} {y + 7:g} V{y - 7:g} L{fx + 9:g} {y - 3.5:g} "
                       f"L{fx:g} {y:g}", fill="#c0392b", stroke=OUTLINE, stroke_width="1",
                       class_="start-player")
        svgkit.sub(row, "text", str(totals[seat]), x=left + place.row - 10, y=y + 4,
                   font_size="11", font_weight="bold", text_anchor="end", fill=OUTLINE,
                   class_="total")
