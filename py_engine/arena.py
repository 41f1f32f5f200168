"""Computer against computer: many games between seat configurations, with confidence intervals.

A configuration is a level (``easy`` … ``expert``, thinking time multiplied by ``scale``) or
``random`` (a uniformly random legal action). Configuration ``k`` of ``n`` sits at seat
``(k + i) mod n`` in game ``i``, so every configuration plays every seat equally often.
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from .ai import LEVELS, choose

RANDOM = "random"
GRACE = 0.2  # seconds a move may take beyond its budget


def check_seats(seats: Sequence[str], players: int) -> list[str]:
    """The configurations, one per seat: levels or ``random``; a clear error otherwise."""
    names = [s.strip().lower() for s in seats]
    for name in names:
        if name != RANDOM and name not in LEVELS:
            known = ", ".join([*LEVELS, RANDOM])
            raise ValueError(f"unknown seat {name!r}; expected one of {known}")
    if len(names) != players:
        raise ValueError(f"this game has {players} seats but --seats names {len(names)}")
    return names


@dataclass
class Tally:
    """One configuration's results over the games played."""

    name: str
    wins: int = 0
    draws: int = 0
    losses: int = 0
    longest: float = 0.0
    late: int = 0
    thinking: list[float] = field(default_factory=list)

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95 % by default) for a proportion."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    middle = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, middle - half), min(1.0, middle + half)


@dataclass
class Outcome:
    """One game: which configuration sat where, who won (None: draw), each seat's move times."""

    seating: list[int]
    winner: int | None
    reason: str
    times: list[list[float]]


def play_one(
    name: str, options: dict[str, Any], seats: list[str], index: int, seed: int, scale: float
) -> Outcome:
    """Game ``index`` of the arena, configurations rotated one seat per game."""
    from . import new_game

    game = new_game(name, **options)
    n = game.players
    seating = [(seat - index) % n for seat in range(n)]
    rng = random.Random(seed * 1_000_003 + index)
    times: list[list[float]] = [[] for _ in range(n)]
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        config = seats[seating[seat]]
        if config == RANDOM:
            game.play(rng.choice(game.legal_actions()))
            continue
        start = time.perf_counter()
        action = choose(game, LEVELS[config] * scale, rng.randrange(2**32))
        times[seat].append(time.perf_counter() - start)
        game.play(action)
    outcome = game.result()
    assert outcome is not None
    return Outcome(seating, outcome["winner"], str(outcome["reason"]), times)


def _play_star(job: tuple[str, dict[str, Any], list[str], int, int, float]) -> Outcome:
    return play_one(*job)


def run(
    name: str,
    options: dict[str, Any],
    seats: Sequence[str],
    games: int,
    seed: int = 1,
    scale: float = 1.0,
    jobs: int = 1,
    progress: Callable[[str], None] | None = None,
) -> list[Tally]:
    """Play ``games`` games and tally each configuration (in the order of ``seats``)."""
    from . import new_game

    players = new_game(name, **options).players
    configs = check_seats(seats, players)
    if games < 1:
        raise ValueError(f"--games must be at least 1, not {games}")
    if scale <= 0:
        raise ValueError(f"--scale must be a positive number, not {scale}")
    tallies = [Tally(config) for config in configs]
    work = [(name, options, configs, i, seed, scale) for i in range(games)]
    for count, outcome in enumerate(_outcomes(work, jobs), start=1):
        for seat, k in enumerate(outcome.seating):
            tally = tallies[k]
            if outcome.winner is None:
                tally.draws += 1
            elif outcome.winner == seat:
                tally.wins += 1
            else:
                tally.losses += 1
            tally.thinking.extend(outcome.times[seat])
            tally.longest = max([tally.longest, *outcome.times[seat]])
            if tally.name != RANDOM:
                allowed = LEVELS[tally.name] * scale + GRACE
                tally.late += sum(1 for t in outcome.times[seat] if t > allowed)
        if progress:
            won = "draw" if outcome.winner is None else configs[outcome.seating[outcome.winner]]
            order = ",".join(configs[k] for k in outcome.seating)
            progress(f"game {count}/{games}: seats {order}: {won} ({outcome.reason})")
    return tallies


def _outcomes(
    work: list[tuple[str, dict[str, Any], list[str], int, int, float]], jobs: int
) -> Iterator[Outcome]:
    if jobs <= 1:
        yield from map(_play_star, work)
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(jobs) as pool:
        yield from pool.map(_play_star, work)


def report(tallies: list[Tally], scale: float) -> list[str]:
    """One line per configuration: wins, draws, losses, win rate with its 95 % interval, its
    longest and mean thinking time against its budget, and its moves later than budget + 0.2 s."""
    lines = [
        f"{'seat':<4} {'config':<8} {'wins':>5} {'draws':>5} {'losses':>6} {'win rate':>9}"
        f"  {'95% CI':<16} {'longest move':>12} {'mean':>7} {'budget':>7} {'late':>5}"
    ]
    for k, tally in enumerate(tallies, start=1):
        low, high = wilson(tally.wins, tally.games)
        rate = tally.wins / tally.games if tally.games else 0.0
        budget = "-" if tally.name == RANDOM else f"{LEVELS[tally.name] * scale:.3g}s"
        mean = sum(tally.thinking) / len(tally.thinking) if tally.thinking else 0.0
        lines.append(
            f"{k:<4} {tally.name:<8} {tally.wins:>5} {tally.draws:>5} {tally.losses:>6}"
            f" {rate:>8.1%}  [{low:.1%}, {high:.1%}]".ljust(61)
            + f" {tally.longest:>11.3f}s {mean:>6.3f}s {budget:>7} {tally.late:>5}"
        )
    return lines


def main(
    name: str, options: dict[str, Any], seats: Sequence[str], games: int, seed: int,
    scale: float, jobs: int, verbose: bool,
) -> None:
    """The ``arena`` command: play, then print the table."""
    progress = (lambda line: print(line, file=sys.stderr, flush=True)) if verbose else None
    tallies = run(name, options, seats, games, seed, scale, jobs, progress)
    shown = " ".join(f"{k}={v}" for k, v in options.items())
    print(f"{name} {shown}".strip() + f": {games} games, seats rotating, times x{scale:g}")
    for line in report(tallies, scale):
        print(line)
