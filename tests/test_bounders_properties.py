"""Properties of random Bounders games (hypothesis chooses the games)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from py_engine import IllegalAction, load_game, new_game
from py_engine.games.bounders.board import EMPTY
from py_engine.games.bounders.game import Bounders

games = st.fixed_dictionaries({
    "size": st.sampled_from([7, 9]),
    "rules": st.sampled_from(["basic", "tournament"]),
    "komi": st.booleans(),
})


def state(game: Bounders) -> tuple[object, ...]:
    """Everything that defines the position, including the incremental tables."""
    return (list(game.stones), list(game.balance), sorted(game.legal), game.to_move,
            game.dark_seat, game.placed, list(game.history), game.legal_actions())


def random_game(options: dict[str, object], seed: int) -> Bounders:
    game = new_game("bounders", **options)
    assert isinstance(game, Bounders)
    rng = random.Random(seed)
    for _ in range(game.board.cells + 2):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_actions()))
    return game


@settings(max_examples=40, deadline=None)
@given(games, st.integers(0, 2**32))
def test_random_games_end_and_score_within_the_empty_cells(options: dict[str, object],
                                                           seed: int) -> None:
    game = random_game(options, seed)
    assert game.is_over and game.to_move is None and game.legal_actions() == []
    score = game.score()
    empty = game.stones.count(EMPTY)
    assert score["points"]["dark"] + score["points"]["light"] <= empty
    assert sum(len(r["cells"]) for r in score["regions"]) == empty
    result = game.result()
    assert result is not None
    if options["rules"] == "tournament" or options["komi"]:
        assert result["winner"] in (0, 1)
    assert sorted(result["ranking"]) == [0, 1]


@settings(max_examples=40, deadline=None)
@given(games, st.integers(0, 2**32))
def test_records_round_trip(options: dict[str, object], seed: int) -> None:
    game = random_game(options, seed)
    again = load_game(game.record())
    assert isinstance(again, Bounders)
    assert again.record() == game.record()
    assert state(again) == state(game)
    assert again.result() == game.result()


@settings(max_examples=30, deadline=None)
@given(games, st.integers(0, 2**32), st.integers(1, 40))
def test_undo_restores_the_exact_state(options: dict[str, object], seed: int,
                                       back: int) -> None:
    game = random_game(options, seed)
    replay = new_game("bounders", **options)
    assert isinstance(replay, Bounders)
    keep = max(0, len(game.history) - back)
    for action in game.history[:keep]:
        replay.play(action)
    for _ in range(len(game.history) - keep):
        game.undo()
    assert state(game)[:-1] == state(replay)[:-1]
    assert sorted(game.legal_actions()) == sorted(replay.legal_actions())


@settings(max_examples=30, deadline=None)
@given(games, st.integers(0, 2**32), st.integers(0, 60))
def test_illegal_actions_change_nothing(options: dict[str, object], seed: int,
                                        depth: int) -> None:
    rng = random.Random(seed)
    game = new_game("bounders", **options)
    assert isinstance(game, Bounders)
    while not game.is_over and len(game.history) < depth:
        game.play(rng.choice(game.legal_actions()))
    before = state(game)
    legal = set(game.legal_actions())
    illegal = [name for name in game.board.names if name not in legal] + ["swap", "x", "g 7"]
    for action in illegal:
        if action in legal:
            continue
        with pytest.raises(IllegalAction):
            game.play(action)
        assert state(game) == before
