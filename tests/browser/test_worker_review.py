"""The worker's functions for reviewing a game (run in CPython, no browser): ``turns`` names the
seat that played each action (Bosk's turns of several actions), kept in step with a changing
record; ``analyse`` judges a position in slices, with each seat's chance and the action the
search prefers, and a finished position by its result."""

from __future__ import annotations

import json
import random
from typing import Any

import build_site

from py_engine import new_game

worker = build_site.load_worker()


def answer(text: str) -> Any:
    return json.loads(text)


def played(name: str, plies: int, seed: int, **options: Any) -> Any:
    game = new_game(name, **options)
    rng = random.Random(seed)
    while len(game.history) < plies and not game.is_over:
        game.play(rng.choice(game.legal_actions()))
    return game


def test_turns_name_each_actions_seat_and_follow_the_record() -> None:
    game = played("bosk", 40, 5, players=3)
    expected = []
    replay = new_game("bosk", players=3)
    for action in game.history:
        expected.append(replay.to_move)
        replay.play(action)
    assert answer(worker.turns("t", game.record()))["movers"] == expected
    # A shorter record, then another continuation: the kept game follows.
    shorter = game.record().rsplit("\n", 6)[0] + "\n"
    assert answer(worker.turns("t", shorter))["movers"] == expected[:35]
    assert answer(worker.turns("t", game.record()))["movers"] == expected
    assert len(set(expected)) == 3 and expected != [i % 3 for i in range(len(expected))]


def test_turns_of_a_refused_record_say_where() -> None:
    game = played("bounders", 4, 1, size=7)
    refused = answer(worker.turns("t", game.record() + "swap\n"))
    assert refused["token"] == "swap" and refused["prefix"] == 4


def test_analyse_goes_on_with_the_same_position_and_judges_the_end() -> None:
    game = played("splinter", 200, 2)
    assert game.is_over
    record = game.record()
    first = answer(worker.analyse("a", record, 3, 0.02))
    more = answer(worker.analyse("a", record, 3, 0.02))
    assert more["iterations"] > first["iterations"] > 0
    assert abs(sum(more["chances"]) - 1) < 1e-6 and more["action"] and not more["final"]
    end = answer(worker.analyse("a", record, len(game.history), 0.02))
    winner = game.result()["winner"]
    expected = [0.5, 0.5] if winner is None else [float(seat == winner) for seat in (0, 1)]
    assert end["final"] and end["chances"] == expected
    assert "error" in answer(worker.analyse("a", record, len(game.history) + 1, 0.02))
    assert answer(worker.analyse_stop("a")) == {"stopped": False}
    answer(worker.analyse("a", record, 0, 0.01))
    assert answer(worker.analyse_stop("a")) == {"stopped": True}


def test_turns_say_which_actions_begin_a_turn() -> None:
    """Bosk's autumn turn is a tree, a tile and its leaves: only the tree begins it; each
    plant and the wind are turns of their own. Splinter's every move is a turn."""
    game = played("bosk", 60, 3, players=2)
    said = answer(worker.turns("s", game.record()))
    assert len(said["starts"]) == len(game.history) == 60
    for action, begins in zip(game.history, said["starts"], strict=True):
        assert begins == (action.split()[0] in ("plant", "wind", "tree")), action
    assert answer(worker.turns("p", played("splinter", 6, 2).record()))["starts"] == [True] * 6
