"""Splinter (Ed Nadel), the king version, as the project plays it (its rules page:
web/rules/splinter.json).

Squares and pieces are ints (see ``board``); a move is ``square << 3 | direction``,
directions clockwise from north.

Between moves all pieces form one 8-connected group: the splinter rule removes every other group,
and the game ends as soon as the kings part. A move empties exactly one square, the one its piece
started on, and fills at most one other next to the line. So when the pieces around the emptied
square still touch one another, nothing can have split; only otherwise are groups searched.

Repetitions are found with Zobrist keys kept up to date by every shift, and a move is taken back
from what it changed (the line, the pawn pushed off, the pieces splintered off), never by copying.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, NotRequired

from ... import svgkit
from ...core import (
    NOT_OVER,
    Game,
    IllegalAction,
    Option,
    Result,
    Score,
    choice_option,
    flag_option,
    shown,
)
from .board import (
    BLACK,
    COLOUR_NAMES,
    EMPTY,
    KING,
    LETTERS,
    RING_JOINED,
    SIZES,
    WHITE,
    Ending,
    Shift,
    Undo,
    coerce_size,
    colour_title,
    grid_of,
    kind_name,
    piece_name,
    size_of,
)
from .draw import description, draw, outcome_words

_NEW = tuple.__new__
SPLIT_REASONS = ("larger-group", "fewer-lost", "draw-split")
_MOVE_TEXT = re.compile(r"([a-z])(\d{1,2})-([a-z])(\d{1,2})")


class SplinterScore(Score):
    colours: list[str]  # each seat's colour, "black" or "white"
    pawns: dict[str, int]  # each colour's pawns on the board
    lost: dict[str, int]  # each colour's pawns lost (pushed off or splintered off)
    king_groups: dict[str, int]  # the size of each king's group
    split_near: bool  # the player to move has a move that parts the kings


class SplinterResult(Result):
    king_groups: dict[str, int]
    lost: dict[str, int]
    pawns: dict[str, int]
    colour: NotRequired[str]  # the winner's colour, when there is a winner


class Splinter(Game):
    """A game of Splinter: push lines of pieces; groups without a king fall away."""

    name = "splinter"
    title = "Splinter"
    OPTIONS = {
        "size": Option("15x18", coerce_size, str, "columns x rows (odd x even, at least 9x10)",
                       SIZES),
        "first": choice_option("black", ("black", "white"), "the colour of the first player"),
        "edge": choice_option("wall", ("wall", "off"),
                              "wall: no push off the board; off: pawns pushed off are lost"),
        "noreturn": flag_option(False, "pieces just shifted by the opponent may not go back"),
    }
    PICTURE_OPTIONS = ("frame",)

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.grid = grid_of(*size_of(self.options["size"]))
        self.first_colour = BLACK if self.options["first"] == "black" else WHITE
        self.wall = self.options["edge"] == "wall"
        self.noreturn: bool = self.options["noreturn"]
        self._set_position(self.grid.start(), self.first_colour)

    def _set_position(self, placement: Mapping[int, int], turn: int,
                      lost: tuple[int, int] = (0, 0)) -> None:
        """Start from ``placement`` (square: piece) with ``turn`` to move, forgetting the history.

        The setup uses it; tests use it to build positions. The pieces must hold one king of each
        colour and form one 8-connected group, as every position between moves does.
        """
        grid = self.grid
        self.board = list(grid.template)
        self.pieces: list[set[int]] = [set(), set(), set()]
        self.kings = [0, 0, 0]
        self.pawns = [0, 0, 0]
        self.lost = [0, *lost]
        self.hash = 0
        for square, piece in placement.items():
            if square not in grid.names or piece not in (1, 2, 5, 6):
                raise ValueError(f"cannot place piece {piece} on square {square}")
            self.board[square] = piece
            self.pieces[piece & 3].add(square)
            self.hash ^= grid.keys[piece * grid.cells + square]
            if piece & KING:
                self.kings[piece & 3] = square
            else:
                self.pawns[piece & 3] += 1
        if len(self.pieces[BLACK]) - self.pawns[BLACK] != 1 or \
                len(self.pieces[WHITE]) - self.pawns[WHITE] != 1:
            raise ValueError("a position needs exactly one king of each colour")
        if len(self._group(self.kings[BLACK])) != len(placement):
            raise ValueError("the pieces of a position must form one group")
        self.turn = turn
        self.back = -1
        self.held = range(0)
        self.over: Ending | None = None
        self.stack: list[Undo] = []
        self.history = []
        self.seen: dict[int, int] = {}
        self._moves: list[int] | None = None
        self._hand_over(turn)

    # --- seats and colours ------------------------------------------------------------

    @property
    def players(self) -> int:
        return 2

    def seat_of(self, colour: int) -> int:
        return 0 if colour == self.first_colour else 1

    def colour_of(self, seat: int) -> int:
        return self.first_colour if seat == 0 else 3 - self.first_colour

    @property
    def to_move(self) -> int | None:
        return None if self.over else self.seat_of(self.turn)

    # --- the fast layer -------------------------------------------------------------------

    def moves(self) -> Sequence[int]:
        found = self._moves
        if found is None:
            found = self._moves = [] if self.over else self._scan(self.turn, False)
        return found

    def _scan(self, colour: int, first: bool) -> list[int]:
        """The legal moves of ``colour``, by square then direction. A piece steps onto a square
        of the board and pushes the unbroken line of pieces ahead of it one square on. Under the
        wall rule no piece may leave the board; under the off rule only a pawn may be pushed off.
        Under no-return no piece the last move shifted goes straight back. ``first``: stop at
        the first legal move found (enough to know whether a player can move)."""
        board, steps, wall = self.board, self.grid.steps, self.wall
        back, held = self.back, self.held
        own = self.pieces[colour]
        found: list[int] = []
        for start in own if first else sorted(own):
            base = start << 3
            for direction, step in enumerate(steps):
                end = start + step
                piece = board[end]
                if piece < 0:
                    continue
                while piece > 0:
                    end += step
                    piece = board[end]
                if piece < 0 and (wall or board[end - step] & KING):
                    continue
                if direction == back and any(q in held for q in range(start, end, step)):
                    continue
                found.append(base | direction)
                if first:
                    return found
        return found

    def do(self, move: int) -> None:
        grid = self.grid
        board, keys, cells, pieces = self.board, grid.keys, grid.cells, self.pieces
        start, direction = move >> 3, move & 7
        step = grid.steps[direction]
        end = start + step
        while board[end] > 0:
            end += step
        before = h = self.hash
        fell = EMPTY
        last = end
        if board[end] < 0:
            last = end - step
            fell = board[last]
            h ^= keys[fell * cells + last]
            pieces[fell & 3].discard(last)
            self.pawns[fell & 3] -= 1
            self.lost[fell & 3] += 1
        square = last - step
        while True:
            piece = board[square]
            to = square + step
            board[to] = piece
            h ^= keys[piece * cells + square] ^ keys[piece * cells + to]
            own = pieces[piece & 3]
            own.discard(square)
            own.add(to)
            if piece & KING:
                self.kings[piece & 3] = to
            if square == start:
                break
            square -= step
        board[start] = EMPTY
        self.hash = h
        n, ne, e, se, s, sw, w, nw = grid.steps
        ring = (
            (board[start + n] > 0) | (board[start + ne] > 0) << 1
            | (board[start + e] > 0) << 2 | (board[start + se] > 0) << 3
            | (board[start + s] > 0) << 4 | (board[start + sw] > 0) << 5
            | (board[start + w] > 0) << 6 | (board[start + nw] > 0) << 7
        )
        removed: list[tuple[int, int]] = []
        previous = (self.turn, self.back, self.held, self.over, self._moves)
        if not RING_JOINED[ring]:
            self.over = self._splinter(removed)
        if self.over is None and not (self.pawns[BLACK] and self.pawns[WHITE]):
            self.over = self._no_pawns()
        if self.noreturn:
            self.back = (direction + 4) & 7
            self.held = range(start + step, last + step, step)
        self._moves = None
        key = self._hand_over(3 - self.turn)
        # Built as a tuple of the Undo type (the class call costs more than the whole undo).
        self.stack.append(_NEW(Undo, (move, end, fell, removed, before, *previous, key)))

    def undo_move(self) -> None:
        move, end, fell, removed, h, turn, back, held, over, moves, key = self.stack.pop()
        if key >= 0:
            count = self.seen[key] - 1
            if count:
                self.seen[key] = count
            else:
                del self.seen[key]
        board, pieces = self.board, self.pieces
        for square, piece in removed:
            board[square] = piece
            pieces[piece & 3].add(square)
            self.pawns[piece & 3] += 1
            self.lost[piece & 3] -= 1
        start, step = move >> 3, self.grid.steps[move & 7]
        last = end - step if fell else end
        square = start + step
        while True:
            piece = board[square]
            board[square - step] = piece
            own = pieces[piece & 3]
            own.discard(square)
            own.add(square - step)
            if piece & KING:
                self.kings[piece & 3] = square - step
            if square == last:
                break
            square += step
        board[last] = fell
        if fell:
            pieces[fell & 3].add(last)
            self.pawns[fell & 3] += 1
            self.lost[fell & 3] -= 1
        self.hash, self.turn, self.back, self.held, self.over, self._moves = (
            h, turn, back, held, over, moves
        )

    def _group(self, start: int) -> set[int]:
        """The squares of the 8-connected group of pieces holding ``start``."""
        board, steps = self.board, self.grid.steps
        group = {start}
        todo = [start]
        for square in todo:
            for step in steps:
                near = square + step
                if board[near] > 0 and near not in group:
                    group.add(near)
                    todo.append(near)
        return group

    def _splinter(self, removed: list[tuple[int, int]]) -> Ending | None:
        """The splinter: every 8-connected group without a king is removed and its pawns are
        lost. If the kings are then in different groups the game ends: the larger group wins
        (pieces of both colours count), then the player who has lost fewer pawns; else a draw."""
        board, keys, cells, pieces = self.board, self.grid.keys, self.grid.cells, self.pieces
        black = self._group(self.kings[BLACK])
        if len(black) == len(pieces[BLACK]) + len(pieces[WHITE]):
            return None
        white = black if self.kings[WHITE] in black else self._group(self.kings[WHITE])
        kept = black | white
        for colour in (BLACK, WHITE):
            for square in sorted(pieces[colour] - kept):
                piece = board[square]
                removed.append((square, piece))
                board[square] = EMPTY
                pieces[colour].discard(square)
                self.hash ^= keys[piece * cells + square]
                self.pawns[colour] -= 1
                self.lost[colour] += 1
        if white is black:
            return None
        if len(black) != len(white):
            winner = BLACK if len(black) > len(white) else WHITE
            return Ending("larger-group", winner, len(black), len(white))
        if self.lost[BLACK] != self.lost[WHITE]:
            winner = BLACK if self.lost[BLACK] < self.lost[WHITE] else WHITE
            return Ending("fewer-lost", winner, len(black), len(white))
        return Ending("draw-split", EMPTY, len(black), len(white))

    def _no_pawns(self) -> Ending:
        """A player left with no pawns loses; both left with none: a draw."""
        total = len(self.pieces[BLACK]) + len(self.pieces[WHITE])
        if self.pawns[BLACK] == self.pawns[WHITE]:
            return Ending("no-pawns", EMPTY, total, total)
        return Ending("no-pawns", BLACK if self.pawns[BLACK] else WHITE, total, total)

    def _hand_over(self, colour: int) -> int:
        """Give the turn to ``colour``. A player with no legal move passes automatically, and the
        no-return hold, which concerns only the opponent's next move, is lifted for the player
        who moves again; if neither can move, the game is a draw. A position (pieces and player
        to move) seen for the third time is a draw. Returns the position key counted, or -1."""
        if self.over is None:
            if self._scan(colour, True):
                self.turn = colour
            else:
                self.back = -1
                self.turn = 3 - colour
                if not self._scan(self.turn, True):
                    total = len(self.pieces[BLACK]) + len(self.pieces[WHITE])
                    self.over = Ending("no-moves", EMPTY, total, total)
        if self.over is not None:
            return -1
        key = self.hash ^ self.grid.turn_keys[self.turn]
        count = self.seen.get(key, 0) + 1
        self.seen[key] = count
        if count >= 3:
            total = len(self.pieces[BLACK]) + len(self.pieces[WHITE])
            self.over = Ending("repetition", EMPTY, total, total)
        return key

    def action_of(self, move: int) -> str:
        start = move >> 3
        names = self.grid.names
        return f"{names[start]}-{names[start + self.grid.steps[move & 7]]}"

    def move_of(self, action: str) -> int:
        match = _MOVE_TEXT.fullmatch(action.lower()) if isinstance(action, str) else None
        if match is None:
            raise IllegalAction(
                "{action} is not a move: expected the from-square and the to-square, as h10-h11",
                code="splinter.form", action=shown(action),
            )
        grid = self.grid
        names = f"{match[1]}{int(match[2])}", f"{match[3]}{int(match[4])}"
        for name in names:
            if name not in grid.index:
                raise IllegalAction(
                    "{square} is not a square of this {columns}x{rows} board (columns "
                    "a-{last_column}, rows 1-{rows})",
                    code="splinter.square", square=name, columns=grid.columns, rows=grid.rows,
                    last_column=LETTERS[grid.columns - 1],
                )
        if self.over:
            raise IllegalAction("the game is over: no move can be played", code="splinter.over")
        start, target = grid.index[names[0]], grid.index[names[1]]
        piece = self.board[start]
        if piece == EMPTY:
            raise IllegalAction("there is no piece on {square}", code="splinter.empty",
                                square=names[0])
        if piece & 3 != self.turn:
            raise IllegalAction(
                "{square} holds a {piece}, and {mover} is to move", code="splinter.not-yours",
                square=names[0], piece=piece_name(piece), mover=colour_title(self.turn),
                colour=COLOUR_NAMES[piece & 3], kind=kind_name(piece),
                to_move=COLOUR_NAMES[self.turn],
            )
        direction = grid.direction_of.get(target - start)
        if direction is None:
            raise IllegalAction(
                "{start} to {target} is not one step: a piece moves to one of the 8 squares "
                "around it",
                code="splinter.step", start=names[0], target=names[1],
            )
        move = start << 3 | direction
        if move not in self.moves():
            raise self._why_illegal(move)
        return move

    def _why_illegal(self, move: int) -> IllegalAction:
        """Words for why a one-step move of the player to move is not legal."""
        board, names = self.board, self.grid.names
        start, direction = move >> 3, move & 7
        step = self.grid.steps[direction]
        action = self.action_of(move)
        end = start + step
        while board[end] > 0:
            end += step
        if board[end] < 0:
            edge = end - step
            pushed = {"action": action, "piece": piece_name(board[edge]), "square": names[edge],
                      "colour": COLOUR_NAMES[board[edge] & 3], "kind": kind_name(board[edge])}
            if self.wall:
                return IllegalAction(
                    "{action} would push the {piece} on {square} off the board, which the wall "
                    "edge rule forbids (edge=off lets pawns go)", code="splinter.wall", **pushed
                )
            return IllegalAction(
                "{action} would push the {piece} on {square} off the board: a king may never "
                "leave it", code="splinter.king-off", **pushed
            )
        square = next((q for q in range(start, end, step) if q in self.held), None)
        if square is None:
            return IllegalAction("{action} is not legal here", code="splinter.illegal",
                                 action=action)
        return IllegalAction(
            "no return: the {piece} on {square} left {left} in {mover}'s last move and may not "
            "go back to it",
            code="splinter.no-return", piece=piece_name(board[square]), square=names[square],
            left=names[square + step], mover=colour_title(3 - self.turn),
            colour=COLOUR_NAMES[board[square] & 3], kind=kind_name(board[square]),
            opponent=COLOUR_NAMES[3 - self.turn],
        )

    # --- what happened --------------------------------------------------------------------

    def last_shift(self) -> Shift | None:
        """What the last move did, for marking it in the picture; None before any move."""
        if not self.stack:
            return None
        move, end, fell, removed, *_ = self.stack[-1]
        start, step = move >> 3, self.grid.steps[move & 7]
        last = end - step if fell else end
        return Shift(start, step, list(range(start + step, last + step, step)),
                     (last, fell) if fell else None, removed)

    def king_groups(self) -> tuple[int, int]:
        """The sizes of the groups the black and the white king are in."""
        if self.over is not None:
            return self.over.black, self.over.white
        black = self._group(self.kings[BLACK])
        if self.kings[WHITE] in black:
            return len(black), len(black)
        return len(black), len(self._group(self.kings[WHITE]))

    def split_near(self) -> bool:
        """Whether the player to move has a move that parts the kings (it ends the game)."""
        for move in self.moves():
            self.do(move)
            split = self.over is not None and self.over.reason in SPLIT_REASONS
            self.undo_move()
            if split:
                return True
        return False

    # --- scoring --------------------------------------------------------------------------

    def score(self) -> SplinterScore:
        black, white = self.king_groups()
        return {
            "totals": [self.pawns[self.colour_of(seat)] for seat in range(2)],
            "colours": [COLOUR_NAMES[self.colour_of(seat)] for seat in range(2)],
            "pawns": {"black": self.pawns[BLACK], "white": self.pawns[WHITE]},
            "lost": {"black": self.lost[BLACK], "white": self.lost[WHITE]},
            "king_groups": {"black": black, "white": white},
            "split_near": self.over is None and self.split_near(),
        }

    def result(self) -> SplinterResult | None:
        """The winner and the rule that decided: ``larger-group``, ``fewer-lost`` or
        ``draw-split`` when the kings parted, ``no-pawns``, ``repetition`` or ``no-moves``."""
        if self.over is None:
            return None
        reason, winner_colour, black, white = self.over
        outcome: SplinterResult = {
            "winner": None,
            "ranking": [0, 1],
            "reason": reason,
            "king_groups": {"black": black, "white": white},
            "lost": {"black": self.lost[BLACK], "white": self.lost[WHITE]},
            "pawns": {"black": self.pawns[BLACK], "white": self.pawns[WHITE]},
        }
        if winner_colour:
            winner = self.seat_of(winner_colour)
            outcome["winner"] = winner
            outcome["ranking"] = [winner, 1 - winner]
            outcome["colour"] = COLOUR_NAMES[winner_colour]
        return outcome

    def rewards(self) -> list[float]:
        """The search's rewards, read from the stored outcome without building ``result()``."""
        if self.over is None:
            raise IllegalAction(NOT_OVER)
        winner_colour = self.over.winner
        if not winner_colour:
            return [0.5, 0.5]
        return [1.0, 0.0] if self.seat_of(winner_colour) == 0 else [0.0, 1.0]

    # --- words and picture ----------------------------------------------------------------

    def describe(self) -> str:
        """The position in words, for screen readers."""
        return svgkit.english(self.description())

    def description(self) -> svgkit.Said:
        """The sentences of ``describe()``: each a message key of the site's catalogues, its
        placeholder values and the English sentence, so the site can say it in other words."""
        return description(self)

    def outcome_words(self) -> str:
        """How the game ended, in a sentence."""
        return outcome_words(self)

    def picture(
        self,
        highlight: bool = True,
        coords: bool = False,
        select: str | None = None,
        preview: str | None = None,
        hint: str | None = None,
        *,
        frame: str = "fit",
    ) -> str:
        """The board on graph paper: round pawns, square kings, the last move marked.

        ``highlight`` makes each piece that can move selectable (``data-select``); ``select``
        (a square) marks that piece and makes each square it can step to an action
        (``data-action``); ``preview`` (an action) draws the position after it, with arrows for
        the shifted pieces, the pieces that would splinter off faded and crossed, and words on
        whether it ends the game in the picture's description; ``hint`` marks a suggested
        action. ``frame="fit"`` shows the part of the board around the pieces, grown so far in
        the game by steps of a few squares (it never shrinks, and a preview keeps it),
        ``"full"`` the whole board; with the off rule, a row or column of paper beyond an edge
        shown holds the pawns pushed off.
        Bad squares or actions raise IllegalAction and change nothing.
        """
        return draw(self, highlight, coords, select, preview, hint, frame)
