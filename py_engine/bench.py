"""Engine throughput: random playouts, legal-move generations and search iterations per second.

A playout is a random game from the start to its end plus the final scoring (``rewards``),
played through the fast layer (``moves``/``do``) and taken back with ``undo_move``, as the
search does it. A search iteration is one descent of the computer's tree search, its playout
and the update of the nodes it passed (``py_engine.mcts.Search``).
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable, Iterator
from typing import Any

from .core import Game

# The configurations measured: (label, game name, options).
CONFIGS: list[tuple[str, str, dict[str, Any]]] = [
    ("bounders side 7", "bounders", {"size": 7}),
    ("bounders side 9", "bounders", {"size": 9}),
    ("splinter 15x18", "splinter", {}),
    ("bosk 2 players", "bosk", {"players": 2}),
    ("bosk 4 players", "bosk", {"players": 4}),
]

# How many sampled positions the move-generation and move-application timings go round, in
# turn: a small pool, so the benchmark's memory stays small however fast the machine is.
POOL = 50

# Games whose bench also prints move applications per second: the search's inner loop.
APPLICATIONS = {"splinter"}

# Where the search's speed is measured: a position this far into a random game (as a fraction of
# its length), one for each; early positions, a few turns in however many actions a turn takes.
SEARCH_DEPTHS = (0.1, 0.2, 0.3)


def playout(game: Game, rng: random.Random) -> int:
    """Play random moves to the end, score, take them all back; returns the number of moves."""
    depth = 0
    while game.to_move is not None:
        game.do(rng.choice(game.moves()))
        depth += 1
    game.rewards()
    for _ in range(depth):
        game.undo_move()
    return depth


def rate(step: Callable[[], Any], seconds: float) -> tuple[float, int]:
    """Calls per second of ``step`` over about ``seconds``, and the number of calls.

    Seconds of this process's CPU time, so that other work on the machine does not skew it.
    """
    count = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        step()
        count += 1
        now = time.process_time()
        if now >= deadline:
            return count / (now - start), count


def sample_positions(make: Callable[[], Game], rng: random.Random, count: int) -> list[Game]:
    """Positions taken from random games at random depths, for move-generation timing."""
    positions = []
    for _ in range(count):
        game = make()
        stop = rng.randrange(0, 60)
        while game.to_move is not None and len(game.history) < stop:
            game.play(rng.choice(game.legal_actions()))
        positions.append(game)
    return positions


def applications(positions: list[Game], seconds: float) -> float:
    """Move applications per second: ``do`` then ``undo_move`` of every legal move of each
    sampled position in turn (the move's whole effect, e.g. Splinter's splinter check)."""
    cycle: Iterator[Game] = itertools.cycle(positions)
    applied = 0

    def step() -> None:
        nonlocal applied
        game = next(cycle)
        for move in list(game.moves()):
            game.do(move)
            game.undo_move()
            applied += 1

    calls_per_s, calls = rate(step, seconds)
    return applied * calls_per_s / calls


def measure(name: str, options: dict[str, Any], seconds: float = 2.0,
            seed: int = 1) -> dict[str, float]:
    """Playouts per second, mean playout length, legal_actions() calls per second and, for the
    games in APPLICATIONS, move applications per second."""
    from . import new_game

    rng = random.Random(seed)
    game = new_game(name, **options)
    lengths: list[int] = []
    playouts, _ = rate(lambda: lengths.append(playout(game, rng)), seconds)
    positions = sample_positions(lambda: new_game(name, **options), rng, POOL)
    cycle: Iterator[Game] = itertools.cycle(positions)
    generations, _ = rate(lambda: next(cycle).legal_actions(), seconds / 2)
    figures = {
        "playouts_per_s": playouts,
        "moves_per_playout": sum(lengths) / len(lengths),
        "legal_actions_per_s": generations,
    }
    if name in APPLICATIONS:
        figures["applications_per_s"] = applications(positions, seconds / 2)
    return figures


def search_positions(name: str, options: dict[str, Any], rng: random.Random) -> list[Game]:
    """One position per SEARCH_DEPTHS, each from a random game of its own taken back to that
    fraction of its length (never to its start nor its end)."""
    from . import new_game

    positions = []
    for depth in SEARCH_DEPTHS:
        game = new_game(name, **options)
        while game.to_move is not None:
            game.play(rng.choice(game.legal_actions()))
        keep = min(max(1, round(len(game.history) * depth)), len(game.history) - 1)
        while len(game.history) > keep:
            game.undo()
        positions.append(game)
    return positions


def search_rate(name: str, options: dict[str, Any], seconds: float = 2.0, seed: int = 1,
                clock: Callable[[], float] | None = None) -> dict[str, float]:
    """Search iterations per second of the game's own search (its knowledge, as the hint
    searches) and of textbook UCT (no knowledge, uniformly random playouts), each for about
    ``seconds`` shared among the positions of ``search_positions``, a fresh search from each.
    Timed by ``clock``: this process's CPU time unless another is given (see ``rate``)."""
    from .ai import hint_knowledge
    from .arena import Textbook
    from .mcts import Search

    timer = clock or time.process_time
    rng = random.Random(seed)
    positions = search_positions(name, options, rng)
    figures = {}
    for key, own in (("search_iterations_per_s", True), ("uct_iterations_per_s", False)):
        iterations, spent = 0, 0.0
        for game in positions:
            if own:
                search = Search(game, rng.randrange(2**32), hint_knowledge(game))
            else:
                search = Search(game, rng.randrange(2**32), Textbook())
            start = timer()
            iterations += search.run_for(seconds / len(positions), clock=timer)
            spent += timer() - start
        figures[key] = iterations / spent
    return figures


def configs(games: list[str] | None = None) -> list[tuple[str, str, dict[str, Any]]]:
    """The configurations to measure: those of ``CONFIGS`` for the named games (every game when
    none is named), and a game that has none there with its default options. A name that is no
    game is refused with a ``ValueError`` naming the games there are."""
    from . import GAMES

    names = list(GAMES)
    unknown = [name for name in games or [] if name not in names]
    if unknown:
        raise ValueError(f"no game {unknown[0]!r}; the games are {', '.join(names)}")
    chosen = [name for name in names if not games or name in games]
    listed = {name for _, name, _ in CONFIGS}
    return [c for c in CONFIGS if c[1] in chosen] + [
        (f"{name} (defaults)", name, {}) for name in chosen if name not in listed]


def run(games: list[str] | None = None, seconds: float = 2.0,
        out: Callable[[str], None] = print) -> list[tuple[str, dict[str, float]]]:
    """Measure every configuration (or those of the named games) and print its figures."""
    rows = []
    for label, name, options in configs(games):
        figures = measure(name, options, seconds)
        figures.update(search_rate(name, options, seconds))
        rows.append((label, figures))
        out(
            f"{label:<22} {figures['playouts_per_s']:>10,.0f} playouts/s"
            f"  ({figures['moves_per_playout']:.1f} moves each)"
            f"  {figures['legal_actions_per_s']:>10,.0f} legal_actions()/s"
        )
        if "applications_per_s" in figures:
            out(f"{label:<22} {figures['applications_per_s']:>10,.0f} move applications/s"
                "  (do + undo_move of every legal move)")
        out(f"{'':<22} search iterations/s: {figures['search_iterations_per_s']:,.0f} (game's"
            f" search), {figures['uct_iterations_per_s']:,.0f} (textbook UCT)")
    return rows
