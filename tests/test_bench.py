"""The benchmarks themselves: what they time stays small in memory, the search's speed is
measured for every configuration, and the command line and the browser's worker print it."""

from __future__ import annotations

import itertools
import json
import random
import re
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from py_engine import bench

ROOT = Path(__file__).resolve().parents[1]


def test_measure_keeps_its_memory_small() -> None:
    """Move generation and applications go round a small pool of positions, not a list
    the size of millions of calls (which took hundreds of MB before anything was timed)."""
    tracemalloc.start()
    try:
        figures = bench.measure("splinter", {}, seconds=0.1)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert figures["legal_actions_per_s"] > 0 and figures["applications_per_s"] > 0
    assert peak < 20 * 2**20, f"the benchmark allocated {peak / 2**20:.0f} MiB at its peak"


def test_search_rate_counts_iterations_for_every_configuration() -> None:
    for label, name, options in bench.CONFIGS:
        figures = bench.search_rate(name, options, seconds=0.05)
        assert figures["search_iterations_per_s"] > 0, label
        assert figures["uct_iterations_per_s"] > 0, label


def test_search_positions_are_in_play_early_in_a_game() -> None:
    """Each searched position has actions behind it, a move to search, and lies in the first
    part of its game: a finished random game from it is longer than the way there."""
    rng = random.Random(3)
    for label, name, options in bench.CONFIGS:
        positions = bench.search_positions(name, options, rng)
        assert len(positions) == len(bench.SEARCH_DEPTHS), label
        for game in positions:
            assert game.to_move is not None and game.history, label
            reached = len(game.history)
            while game.to_move is not None:
                game.play(rng.choice(game.legal_actions()))
            assert len(game.history) > 2 * reached, label


def test_search_rate_follows_the_clock_it_is_given() -> None:
    """A clock that moves a second at each reading ends each search of half a second after its
    first iteration: at most one iteration per second of that clock (not thousands)."""
    ticks = itertools.count()
    figures = bench.search_rate("splinter", {}, seconds=0.5, clock=lambda: float(next(ticks)))
    assert 0 < figures["search_iterations_per_s"] <= 1
    assert 0 < figures["uct_iterations_per_s"] <= 1


def test_cli_bench_prints_search_iterations() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "py_engine", "bench", "splinter", "--seconds", "0.1"],
        capture_output=True, text=True, cwd=ROOT, timeout=120, check=False,
    )
    assert done.returncode == 0, done.stderr
    searches = [line.split(": ", 1)[1] for line in done.stdout.splitlines()
                if line.strip().startswith("search iterations/s:")]
    assert len(searches) == 1
    figures = re.fullmatch(r"([\d,]+) \(game's search\), ([\d,]+) \(textbook UCT\)", searches[0])
    assert figures is not None, searches[0]
    assert all(int(figure.replace(",", "")) > 0 for figure in figures.groups())


def test_the_worker_answers_the_search_benchmark() -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    import build_site

    worker = build_site.load_worker()
    answer = json.loads(worker.bench_search("bosk", json.dumps({"players": 3}), 0.05))
    assert set(answer) == {"search_iterations_per_s", "uct_iterations_per_s"}
    assert all(figure > 0 for figure in answer.values())


def test_the_bench_measures_every_game_and_refuses_a_name_that_is_none() -> None:
    """Every registered game has a configuration (its listed ones, else its defaults), so a game
    added without a line in CONFIGS is still measured; a name that is no game is an error that
    names the games, not an empty table."""
    from py_engine import GAMES
    from py_engine.bench import CONFIGS, configs

    assert {name for _, name, _ in configs()} == set(GAMES)
    assert configs(["bosk"]) == [c for c in CONFIGS if c[1] == "bosk"]
    unlisted = [c for c in CONFIGS if c[1] != "splinter"]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("py_engine.bench.CONFIGS", unlisted)
        assert configs(["splinter"]) == [("splinter (defaults)", "splinter", {})]
    done = subprocess.run(
        [sys.executable, "-m", "py_engine", "bench", "nosuchgame", "--seconds", "0.1"],
        capture_output=True, text=True, cwd=ROOT, timeout=120, check=False,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert "no game 'nosuchgame'" in done.stderr and "bounders" in done.stderr
