"""Random Bosk games for 2, 3 and 4 players: they end, never raise, use every tree and tile,
keep each player's tokens within 35, replay from their records and undo exactly."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from py_engine import load_game
from py_engine.games.bosk.game import Bosk
from py_engine.games.bosk.rules import TOKENS


def snapshot(game: Bosk) -> tuple[Any, ...]:
    return (
        game._save(), [h[:] for h in game.hand], game.tree_owner[:], game.tree_value[:],
        game.standing[:], game.height[:], game.top[:], game.squirrel[:], game.squirrel_at[:],
        game.tiles[:], game.on_park[:], game.history[:],
    )


def random_game(players: int, seed: int) -> tuple[Bosk, list[tuple[Any, ...]]]:
    rng = random.Random(seed)
    game = Bosk(players=players, winds=rng.choice(["FRBLFRBL", "FFFFFFFF", "BLRFLBRF"]))
    snapshots = []
    while not game.is_over:
        snapshots.append(snapshot(game))
        actions = game.legal_actions()
        assert 0 < len(actions) <= 4 * 81
        game.play(rng.choice(actions))
        score = game.score()
        assert all(0 <= t <= TOKENS for t in score["tokens"])
        assert all(game.on_park[s] + score["held"][s] <= TOKENS for s in range(players))
    return game, snapshots


@settings(max_examples=12, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32 - 1))
def test_random_games_end_and_use_everything(players: int, seed: int) -> None:
    game, _ = random_game(players, seed)
    score = game.score()
    assert game.to_move is None and game.legal_actions() == []
    assert all(not trees["hand"] and not trees["park"] for trees in score["trees"])
    assert all(not tiles["hand"] and len(tiles["used"]) == 8 for tiles in score["tiles"])
    assert sum(len(t["hand"]) for t in score["tiles"]) == 0
    assert not any(game.standing)
    assert score["totals"] == [a + b for a, b in zip(score["summer_totals"],
                                                       score["winter_totals"], strict=True)]
    result = game.result()
    assert result is not None
    assert sorted(result["ranking"]) == list(range(players))
    assert result["winner"] == result["ranking"][0]
    assert game.rewards() == [float(s == result["winner"]) for s in range(players)]
    # every space counted at most once per region, by its top owner
    assert sum(map(sum, game.controlled())) <= len(game.geo.space_names)


@settings(max_examples=8, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32 - 1))
def test_records_round_trip(players: int, seed: int) -> None:
    game, _ = random_game(players, seed)
    again = load_game(game.record())
    assert again.record() == game.record()
    assert again.score() == game.score()
    assert again.result() == game.result()


@settings(max_examples=8, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32 - 1))
def test_undo_restores_every_position(players: int, seed: int) -> None:
    game, snapshots = random_game(players, seed)
    while game.history:
        game.undo()
        assert snapshot(game) == snapshots[len(game.history)]
    assert snapshot(game) == snapshot(Bosk(players=players, winds=game.options["winds"]))


@settings(max_examples=6, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32 - 1))
def test_fast_layer_agrees_with_notation(players: int, seed: int) -> None:
    rng = random.Random(seed)
    game = Bosk(players=players)
    while game.to_move is not None:
        moves = game.moves()
        for move in moves:
            assert game.move_of(game.action_of(move)) == move
        game.do(rng.choice(moves))
