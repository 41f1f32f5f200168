"""Properties of random Splinter games, checked against a plain reading of the rules
(web/rules/splinter.json).

``Reference`` is the rules written as directly as possible (pieces in a dict, groups found by a
search after every move, positions compared whole): slow, but easy to check by eye. The engine
must agree with it on every legal move, every position and every outcome.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from py_engine import IllegalAction, load_game, new_game
from py_engine.games.splinter.board import BLACK, WHITE
from py_engine.games.splinter.game import Splinter

LETTERS = "abcdefghijklmnopqrstuvwxy"
STEPS = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]
Square = tuple[int, int]

games = st.fixed_dictionaries({
    "size": st.sampled_from(["9x10", "11x12", "15x18"]),
    "first": st.sampled_from(["black", "white"]),
    "edge": st.sampled_from(["wall", "off"]),
    "noreturn": st.booleans(),
})


def name(square: Square) -> str:
    return f"{LETTERS[square[0]]}{square[1] + 1}"


class Reference:
    """Splinter as the rules page words it. Pieces are ``b``/``w`` pawns and ``B``/``W`` kings."""

    def __init__(self, game: Splinter) -> None:
        self.columns, self.rows = game.grid.columns, game.grid.rows
        self.wall = game.options["edge"] == "wall"
        self.noreturn = game.options["noreturn"]
        self.pieces: dict[Square, str] = {}
        for colour, letter in ((BLACK, "b"), (WHITE, "w")):
            for q in game.pieces[colour]:
                column, row = game.grid.column_row(q)
                king = q == game.kings[colour]
                self.pieces[column, row] = letter.upper() if king else letter
        self.turn = "b" if game.options["first"] == "black" else "w"
        self.lost = {"b": 0, "w": 0}
        self.hold: tuple[Square, set[Square]] | None = None
        self.outcome: tuple[str, str | None] | None = None
        self.seen = Counter([self.position()])

    def position(self) -> tuple[frozenset[tuple[Square, str]], str]:
        return frozenset(self.pieces.items()), self.turn

    def on_board(self, square: Square) -> bool:
        return 0 <= square[0] < self.columns and 0 <= square[1] < self.rows

    def line(self, start: Square, step: Square) -> tuple[list[Square], Square]:
        """The moving piece and the unbroken line ahead of it, and the square after them."""
        line, square = [start], (start[0] + step[0], start[1] + step[1])
        while square in self.pieces:
            line.append(square)
            square = (square[0] + step[0], square[1] + step[1])
        return line, square

    def legal(self, colour: str, hold: tuple[Square, set[Square]] | None) -> set[str]:
        found = set()
        for start, piece in self.pieces.items():
            if piece.lower() != colour:
                continue
            for step in STEPS:
                if not self.on_board((start[0] + step[0], start[1] + step[1])):
                    continue
                line, after = self.line(start, step)
                if not self.on_board(after) and (self.wall or self.pieces[line[-1]].isupper()):
                    continue
                if hold and hold[0] == (-step[0], -step[1]) and set(line) & hold[1]:
                    continue
                found.add(f"{name(start)}-{name((start[0] + step[0], start[1] + step[1]))}")
        return found

    def groups(self) -> list[set[Square]]:
        left, found = set(self.pieces), []
        while left:
            group, todo = set(), [left.pop()]
            while todo:
                c, r = todo.pop()
                group.add((c, r))
                for dc, dr in STEPS:
                    if (c + dc, r + dr) in left:
                        left.remove((c + dc, r + dr))
                        todo.append((c + dc, r + dr))
            found.append(group)
        return found

    def play(self, action: str) -> None:
        source, target = (
            (LETTERS.index(text[0]), int(text[1:]) - 1) for text in action.split("-")
        )
        step = (target[0] - source[0], target[1] - source[1])
        line, _ = self.line(source, step)
        moved = {q: self.pieces.pop(q) for q in line}
        landed = set()
        for q, piece in moved.items():
            to = (q[0] + step[0], q[1] + step[1])
            if self.on_board(to):
                self.pieces[to] = piece
                landed.add(to)
            else:
                self.lost[piece] += 1
        apart: dict[str, int] = {}
        for group in self.groups():
            kings = [self.pieces[q] for q in group if self.pieces[q].isupper()]
            if not kings:
                for q in group:
                    self.lost[self.pieces.pop(q)] += 1
            elif len(kings) == 1:
                apart[kings[0]] = len(group)
        mover = self.turn
        if apart:
            black, white = apart["B"], apart["W"]
            if black != white:
                self.outcome = "larger-group", "b" if black > white else "w"
            elif self.lost["b"] != self.lost["w"]:
                self.outcome = "fewer-lost", "b" if self.lost["b"] < self.lost["w"] else "w"
            else:
                self.outcome = "draw-split", None
            return
        pawns = Counter(self.pieces.values())
        if not pawns["b"] or not pawns["w"]:
            winner = None if pawns["b"] == pawns["w"] else ("b" if pawns["b"] else "w")
            self.outcome = "no-pawns", winner
            return
        self.hold = (step, landed) if self.noreturn else None
        other = "w" if mover == "b" else "b"
        if self.legal(other, self.hold):
            self.turn = other
        elif self.legal(mover, None):
            self.turn, self.hold = mover, None
        else:
            self.outcome = "no-moves", None
            return
        self.seen[self.position()] += 1
        if self.seen[self.position()] == 3:
            self.outcome = "repetition", None


def pieces_of(game: Splinter) -> dict[str, str]:
    letters = {1: "b", 2: "w", 5: "B", 6: "W"}
    return {game.grid.names[q]: letters[game.board[q]]
            for colour in (BLACK, WHITE) for q in game.pieces[colour]}


def snapshot(game: Splinter) -> tuple[object, ...]:
    """Everything that defines the position, including the incremental tables."""
    return (list(game.board), [sorted(s) for s in game.pieces], list(game.kings),
            list(game.pawns), list(game.lost), game.hash, game.turn, game.back, game.held,
            game.over, dict(game.seen), list(game.history), game.legal_actions())


def new(options: dict[str, Any]) -> Splinter:
    game = new_game("splinter", **options)
    assert isinstance(game, Splinter)
    return game


@settings(max_examples=30, deadline=None)
@given(games, st.integers(0, 2**32))
def test_random_games_agree_with_the_plain_rules_and_end(options: dict[str, Any],
                                                         seed: int) -> None:
    game, rng = new(options), random.Random(seed)
    reference = Reference(game)
    for _ in range(2000):
        if game.is_over:
            break
        colour = "b" if game.turn == BLACK else "w"
        assert colour == reference.turn
        legal = game.legal_actions()
        assert set(legal) == reference.legal(colour, reference.hold)
        action = rng.choice(legal)
        game.play(action)
        reference.play(action)
        assert pieces_of(game) == {name(q): p for q, p in reference.pieces.items()}
        assert game.score()["lost"] == {"black": reference.lost["b"],
                                        "white": reference.lost["w"]}
        for colour_code, key in ((BLACK, "b"), (WHITE, "w")):
            on_board = sum(1 for p in reference.pieces.values() if p.lower() == key)
            assert on_board + game.lost[colour_code] == 15, "15 pieces each: on board or lost"
        assert (game.result() is None) == (reference.outcome is None)
    assert game.is_over, "random games end"
    result = game.result()
    assert result is not None and reference.outcome is not None
    assert result["reason"] == reference.outcome[0]
    assert result.get("colour", "")[:1] == (reference.outcome[1] or "")


@settings(max_examples=25, deadline=None)
@given(games, st.integers(0, 2**32))
def test_undo_restores_exactly_and_records_round_trip(options: dict[str, Any],
                                                      seed: int) -> None:
    game, rng = new(options), random.Random(seed)
    snapshots = []
    while not game.is_over:
        snapshots.append(snapshot(game))
        game.play(rng.choice(game.legal_actions()))
    again = load_game(game.record())
    assert isinstance(again, Splinter)
    assert snapshot(again) == snapshot(game)
    assert again.result() == game.result() and again.score() == game.score()
    while snapshots:
        game.undo()
        assert snapshot(game) == snapshots.pop()


@settings(max_examples=25, deadline=None)
@given(games, st.integers(0, 2**32), st.integers(0, 60), st.text(max_size=8))
def test_illegal_actions_change_nothing(options: dict[str, Any], seed: int, plies: int,
                                        junk: str) -> None:
    """Every one-step move that is not legal, and any text, is refused with a reason."""
    game, rng = new(options), random.Random(seed)
    for _ in range(plies):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_actions()))
    before = snapshot(game)
    legal = set(game.legal_actions())
    names = game.grid.names
    tried = [junk]
    for square in sorted(game.pieces[BLACK] | game.pieces[WHITE]):
        for step in game.grid.steps:
            if square + step in names:
                tried.append(f"{names[square]}-{names[square + step]}")
    for action in tried:
        if action.strip().lower() in legal:
            continue
        try:
            game.play(action)
        except IllegalAction as exc:
            assert str(exc) and "not legal here" not in str(exc)
        else:
            raise AssertionError(f"{action!r} was played")
        assert snapshot(game) == before


def test_each_of_the_120_first_moves_agrees_with_the_plain_rules() -> None:
    """Every first move, on the default board: the same pieces after it, the same losses.
    Black's corner pieces are the top ones, f12 and j12: only they can step out of touch."""
    start = new({})
    splintering = []
    for action in start.legal_actions():
        game, reference = new({}), Reference(start)
        game.play(action)
        reference.play(action)
        assert pieces_of(game) == {name(q): p for q, p in reference.pieces.items()}
        assert game.lost[BLACK] == reference.lost["b"] and not game.is_over
        if game.lost[BLACK]:
            splintering.append(action)
    assert splintering == ["f12-e13", "j12-k13"], "only a top corner stepping off diagonally"
