"""Computer against computer: many games between seat configurations, with confidence intervals.

A configuration is a level (``easy`` … ``expert``, thinking time multiplied by ``scale``) or
``random`` (a uniformly random legal action). Configuration ``k`` of ``n`` sits at seat
``(k + i) mod n`` in game ``i``, so every configuration plays every seat equally often.
Thinking time is wall-clock time, as in play, or the process's CPU time (``cpu``), so that
figures measured on a busy machine stay fair.
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any

from . import new_game
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


@dataclass(frozen=True)
class Setup:
    """What every game of an arena shares: the game and its options, the configurations in
    seat order for game 0, the seed, the time scale, and the clock thinking time is counted on
    (``cpu``: the process's CPU time, so that a busy machine does not weaken the players)."""

    name: str
    options: dict[str, Any]
    seats: list[str]
    seed: int = 1
    scale: float = 1.0
    cpu: bool = False


def play_one(setup: Setup, index: int) -> Outcome:
    """Game ``index`` of the arena, configurations rotated one seat per game."""
    game = new_game(setup.name, **setup.options)
    n = game.players
    seating = [(seat - index) % n for seat in range(n)]
    rng = random.Random(setup.seed * 1_000_003 + index)
    clock = time.process_time if setup.cpu else time.perf_counter
    times: list[list[float]] = [[] for _ in range(n)]
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        config = setup.seats[seating[seat]]
        if config == RANDOM:
            game.play(rng.choice(game.legal_actions()))
            continue
        start = clock()
        action = choose(game, LEVELS[config] * setup.scale, rng.randrange(2**32), clock)
        times[seat].append(clock() - start)
        game.play(action)
    outcome = game.result()
    assert outcome is not None
    return Outcome(seating, outcome["winner"], str(outcome["reason"]), times)


def run(setup: Setup, games: int, jobs: int = 1,
        progress: Callable[[str], None] | None = None) -> list[Tally]:
    """Play ``games`` games and tally each configuration (in the order of ``setup.seats``)."""
    players = new_game(setup.name, **setup.options).players
    configs = check_seats(setup.seats, players)
    if games < 1:
        raise ValueError(f"--games must be at least 1, not {games}")
    if setup.scale <= 0:
        raise ValueError(f"--scale must be a positive number, not {setup.scale}")
    setup = replace(setup, seats=configs)
    tallies = [Tally(config) for config in configs]
    for count, outcome in enumerate(_outcomes(setup, games, jobs), start=1):
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
                allowed = LEVELS[tally.name] * setup.scale + GRACE
                tally.late += sum(1 for t in outcome.times[seat] if t > allowed)
        if progress:
            won = "draw" if outcome.winner is None else configs[outcome.seating[outcome.winner]]
            order = ",".join(configs[k] for k in outcome.seating)
            progress(f"game {count}/{games}: seats {order}: {won} ({outcome.reason})")
    return tallies


def _outcomes(setup: Setup, games: int, jobs: int) -> Iterator[Outcome]:
    if jobs <= 1:
        for index in range(games):
            yield play_one(setup, index)
        return
    with ProcessPoolExecutor(jobs) as pool:
        yield from pool.map(play_one, [setup] * games, range(games))


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


def main(setup: Setup, games: int, jobs: int = 1, verbose: bool = False) -> None:
    """The ``arena`` command: play, then print the table."""
    progress = (lambda line: print(line, file=sys.stderr, flush=True)) if verbose else None
    tallies = run(setup, games, jobs, progress)
    shown = " ".join(f"{k}={v}" for k, v in setup.options.items())
    clock = "CPU" if setup.cpu else "wall-clock"
    print(
        f"{setup.name} {shown}".strip()
        + f": {games} games, seats rotating, {clock} times x{setup.scale:g}"
    )
    for line in report(tallies, setup.scale):
        print(line)
