"""Computer against computer: many games between seat configurations, with confidence intervals.

A configuration is a level (``beginner`` … ``expert``, its thinking time and iterations
multiplied by ``scale``) or one of three fixed baselines: ``random`` (a uniformly random legal
action), ``greedy`` (an action that gains most points right away, ties at random) and ``uct:N``
(textbook UCT: ``N`` iterations, uniformly random playouts, no knowledge of the game); and
``search:N``, the game's own search (its knowledge) at ``N`` iterations, to compare with
``uct:N`` at equal iterations. ``search:N/name=value`` changes one of that search's settings
(several: ``search:N/a=1/b=2``), to compare two settings at equal iterations: any number the
game's knowledge keeps (``Knowledge.settings``, the exploration constant among them);
``greedy=S`` makes it play a newcomer's move a share ``S`` of the time, as the lower levels do,
so that a level can be tried before a game's tuning names it. Configuration ``k`` of ``n``
sits at seat ``(k + i) mod n`` in game ``i``, so every configuration plays every seat equally
often; with more than two seats a configuration may hold several (one against three),
and each one's meetings with the others' seats are reported as the ladder counts them. Thinking
time is wall-clock time, as in play, or the process's CPU time (``cpu``), so that figures
measured on a busy machine stay fair.

The ladder (``ladder``) plays every pair of levels and baselines against each other and rates
them all together (Bradley-Terry, on the Elo scale, ``random`` at 0). With four seats each of a
pair holds two, and a game counts as the meetings of every seat of one with every seat of the
other, each won by the seat that finished ahead: what a player of four wants to know of a level
is whether it finishes ahead of them, and a game won outright by one seat of four says little
of the other three (those outright wins are reported beside).
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from . import new_game
from .ai import LEVELS, choose, hint_knowledge, knowledge_for, tuned
from .core import Game
from .mcts import Knowledge, Search, greedy_move, sharpened

RANDOM = "random"
GREEDY = "greedy"
UCT = "uct"
SEARCH = "search"
UCT_ITERATIONS = 1000
GRACE = 0.2  # seconds a move may take beyond its budget
SETTING = "/"  # search:N/name=value: the game's search with one of its settings changed


def check_config(name: str) -> str:
    """One configuration's canonical name; a clear error for an unknown one."""
    name = name.strip().lower()
    base, *settings = name.split(SETTING)
    kind, sep, count = base.partition(":")
    if settings and kind != SEARCH:
        raise ValueError(
            f"only search:N takes settings (search:N/name=value), not {name.split(SETTING)[0]!r}"
        )
    if name in LEVELS or name in (RANDOM, GREEDY):
        return name
    if kind in (UCT, SEARCH):
        if not sep:
            base = f"{kind}:{UCT_ITERATIONS}"
        elif count.isdigit() and int(count) > 0:
            base = f"{kind}:{int(count)}"
        else:
            base = ""
        if base:
            return base + "".join(f"{SETTING}{key}={value:g}"
                                  for key, value in _settings(settings).items())
    known = ", ".join([*LEVELS, RANDOM, GREEDY, "uct:N", "search:N", "search:N/name=value"])
    raise ValueError(f"unknown seat {name!r}; expected one of {known}")


def _settings(parts: Sequence[str]) -> dict[str, float]:
    """``name=value`` parts, each value a number; a clear error otherwise."""
    found: dict[str, float] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        key = key.strip()
        try:
            number = float(value)
        except ValueError:
            number = math.nan
        if not sep or not key or not math.isfinite(number):
            raise ValueError(
                f"a search setting is name=number (e.g. exploration=0.35), not {part!r}"
            )
        if key in found:
            raise ValueError(f"the search setting {key!r} is given twice")
        found[key] = number
    return found


class Textbook(Knowledge):
    """Textbook UCT's knowledge: none of the game (moves tried in random order, uniformly random
    playouts), and Kocsis and Szepesvári's exploration constant for rewards in [0, 1]."""

    exploration = math.sqrt(0.5)


class Searcher(NamedTuple):
    """How a ``search:N`` configuration plays: its knowledge, and how often it plays a
    newcomer's move instead of searching (``greedy``, as the lower levels do)."""

    knowledge: Knowledge
    greedy: float = 0.0


def searcher(config: str, knowledge: Knowledge) -> Searcher:
    """How a ``search:N`` configuration plays: the game's own knowledge with the
    configuration's settings in place of the game's values (the game's knowledge itself is not
    changed; any other configuration, which takes no settings, gets it as it is), and the
    share of newcomer's moves, ``greedy``; a clear error for a setting the game does not have
    or a share outside 0 to 1."""
    settings = _settings(config.split(SETTING)[1:])
    greedy = settings.pop("greedy", 0.0)
    if not 0 <= greedy <= 1:
        raise ValueError(f"greedy is a share of the moves, from 0 to 1, not {greedy:g}")
    known = knowledge.settings()
    for key in settings:
        if key not in known:
            raise ValueError(f"the search has no setting {key!r}; it has greedy, "
                             f"{', '.join(known)}")
    return Searcher(knowledge.changed(settings), greedy)


def check_seats(seats: Sequence[str], players: int) -> list[str]:
    """The configurations, one per seat: levels or baselines; a clear error otherwise."""
    names = [check_config(s) for s in seats]
    if len(names) != players:
        raise ValueError(f"this game has {players} seats but --seats names {len(names)}")
    return names


def check_settings(configs: Sequence[str], game: Game) -> None:
    """A clear error, before any game is played, for a search setting this game lacks."""
    knowledge = knowledge_for(game)
    for config in configs:
        if config.startswith(SEARCH):
            searcher(config, knowledge)


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
    # With more than two seats: the games' shares of meetings won by the seats of this
    # configuration against the seats of the others (``finished_ahead``).
    ahead: float = 0.0
    # Each part of the score its seats ended with (the game's ``..totals`` lists), summed.
    points: dict[str, float] = field(default_factory=dict)

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
    """One game: which configuration sat where, who won (None: draw), each seat's move times,
    every seat in the order it finished (best first), and each seat's points."""

    seating: list[int]
    winner: int | None
    reason: str
    times: list[list[float]]
    ranking: list[int]
    # The final score's per-seat totals by name ("totals", and a game's parts: Bosk's
    # "summer_totals" and "winter_totals").
    points: dict[str, list[float]] = field(default_factory=dict)


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


def budget(config: str, scale: float) -> float | None:
    """A level's thinking time in the arena, or None for a baseline (no clock)."""
    level = LEVELS.get(config)
    return None if level is None else level.seconds * scale


def move_of(
    config: str, game: Game, rng: random.Random, scale: float, clock: Callable[[], float],
    plays: Searcher,
) -> str:
    """The action configuration ``config`` plays in ``game``: ``plays`` is the knowledge it
    searches with and, for ``search:N``, the settings it has (``searcher``)."""
    knowledge = plays.knowledge
    if config == RANDOM:
        return rng.choice(game.legal_actions())
    if config == GREEDY:
        return game.action_of(greedy_move(game, knowledge, rng))
    kind, _, count = config.split(SETTING)[0].partition(":")
    if kind == UCT:
        search = Search(game, rng.randrange(2**32), Textbook())
    elif kind == SEARCH:
        # a newcomer's move as a level plays it: decided at once, unless the move is forced
        if plays.greedy and len(game.legal_actions()) > 1 and rng.random() < plays.greedy:
            return game.action_of(greedy_move(game, knowledge, rng))
        search = Search(game, rng.randrange(2**32), knowledge)
    else:
        level = tuned(LEVELS[config], knowledge, game.players).scaled(scale)
        return choose(game, level, rng.randrange(2**32), clock, knowledge)
    search.run(int(count))
    return search.best_action()


def play_one(setup: Setup, index: int) -> Outcome:
    """Game ``index`` of the arena, configurations rotated one seat per game."""
    game = new_game(setup.name, **setup.options)
    knowledge = knowledge_for(game)
    # how each configuration plays, its settings applied once a game
    searches = {config: searcher(config, knowledge) for config in set(setup.seats)}
    n = game.players
    seating = [(seat - index) % n for seat in range(n)]
    rng = random.Random(setup.seed * 1_000_003 + index)
    clock = time.process_time if setup.cpu else time.perf_counter
    times: list[list[float]] = [[] for _ in range(n)]
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        config = setup.seats[seating[seat]]
        plays = searches[config]
        # every move is timed, a baseline's too (a search's cost per move is worth knowing),
        # though only a level has a budget to be late for
        start = clock()
        action = move_of(config, game, rng, setup.scale, clock, plays)
        times[seat].append(clock() - start)
        game.play(action)
    outcome = game.result()
    assert outcome is not None
    # (a "..._now_totals" is what a part would give if it were scored now: at the end, the
    # part itself, so it is left out)
    points = {key: [float(v) for v in value] for key, value in game.score().items()
              if key.endswith("totals") and not key.endswith("_now_totals")
              and isinstance(value, list) and len(value) == n}
    return Outcome(seating, outcome["winner"], str(outcome["reason"]), times,
                   list(outcome["ranking"]), points)


def run(setup: Setup, games: int, jobs: int = 1,
        progress: Callable[[str], None] | None = None) -> list[Tally]:
    """Play ``games`` games and tally each configuration (in the order of ``setup.seats``)."""
    game = new_game(setup.name, **setup.options)
    players = game.players
    configs = check_seats(setup.seats, players)
    check_settings(configs, game)
    if games < 1:
        raise ValueError(f"--games must be at least 1, not {games}")
    if setup.scale <= 0:
        raise ValueError(f"--scale must be a positive number, not {setup.scale}")
    setup = replace(setup, seats=configs)
    tallies = [Tally(config) for config in configs]
    held = {config: [k for k, c in enumerate(configs) if c == config] for config in configs}
    for count, outcome in enumerate(_outcomes(setup, games, jobs), start=1):
        if players > 2 and len(held) > 1:
            for tally in tallies:
                tally.ahead += finished_ahead(outcome, held[tally.name])
        for seat, k in enumerate(outcome.seating):
            tally = tallies[k]
            if outcome.winner is None:
                tally.draws += 1
            elif outcome.winner == seat:
                tally.wins += 1
            else:
                tally.losses += 1
            tally.thinking.extend(outcome.times[seat])
            for key, values in outcome.points.items():
                tally.points[key] = tally.points.get(key, 0.0) + values[seat]
            tally.longest = max([tally.longest, *outcome.times[seat]])
            allowed = budget(tally.name, setup.scale)
            if allowed is not None:
                tally.late += sum(1 for t in outcome.times[seat] if t > allowed + GRACE)
        if progress:
            won = "draw" if outcome.winner is None else configs[outcome.seating[outcome.winner]]
            order = ",".join(configs[k] for k in outcome.seating)
            totals = outcome.points.get("totals")
            points = f"; points {','.join(f'{t:g}' for t in totals)}" if totals else ""
            progress(f"game {count}/{games}: seats {order}: {won} ({outcome.reason}){points}")
    return tallies


def _outcomes(setup: Setup, games: int, jobs: int) -> Iterator[Outcome]:
    if jobs <= 1:
        for index in range(games):
            yield play_one(setup, index)
        return
    with ProcessPoolExecutor(jobs) as pool:
        yield from pool.map(play_one, [setup] * games, range(games))


def report(tallies: list[Tally], scale: float, players: int = 2) -> list[str]:
    """One line per configuration: wins, draws, losses, win rate with its 95 % interval, its
    longest and mean thinking time against its budget, and its moves later than budget + 0.2 s;
    then one line per configuration (named once however many seats it holds) with its points a
    seat a game by part of the score, and, with more than two seats, one with its share of the
    meetings (``finished_ahead``)."""
    width = max(10, *(len(tally.name) for tally in tallies))
    lines = [
        f"{'seat':<4} {'config':<{width}} {'wins':>5} {'draws':>5} {'losses':>6} {'win rate':>9}"
        f"  {'95% CI':<16} {'longest move':>12} {'mean':>7} {'budget':>7} {'late':>5}"
    ]
    for k, tally in enumerate(tallies, start=1):
        low, high = wilson(tally.wins, tally.games)
        rate = tally.wins / tally.games if tally.games else 0.0
        seconds = budget(tally.name, scale)
        allowed = "-" if seconds is None else f"{seconds:.3g}s"
        mean = sum(tally.thinking) / len(tally.thinking) if tally.thinking else 0.0
        lines.append(
            f"{k:<4} {tally.name:<{width}} {tally.wins:>5} {tally.draws:>5} {tally.losses:>6}"
            f" {rate:>8.1%}  [{low:.1%}, {high:.1%}]".ljust(width + 53)
            + f" {tally.longest:>11.3f}s {mean:>6.3f}s {allowed:>7} {tally.late:>5}"
        )
    names = list(dict.fromkeys(tally.name for tally in tallies))
    lines.append("")
    lines.append("points a seat a game, by part of the score:")
    for name in names:
        held = [tally for tally in tallies if tally.name == name]
        seat_games = sum(tally.games for tally in held)
        parts = [
            f"{key.removesuffix('totals').strip('_') or 'all'} "
            f"{sum(tally.points.get(key, 0.0) for tally in held) / seat_games:.2f}"
            for key in held[0].points
        ]
        lines.append(f"{name}: {', '.join(parts) or '-'}")
    if players <= 2 or len(names) < 2:
        return lines
    lines.append("")
    lines.append("finished ahead: each game shared by the seat-against-seat meetings won (every"
                 " seat of the configuration against every seat of the others)")
    for name in names:
        held = [tally for tally in tallies if tally.name == name]
        games, points = held[0].games, held[0].ahead
        firsts = sum(tally.wins for tally in held)
        low, high = wilson(round(points), games)
        lines.append(
            f"{name}: {points:.4g}/{games} = {points / games:.0%} [{low:.0%}, {high:.0%}];"
            f" a seat of it won {firsts} of {games}"
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
    players = new_game(setup.name, **setup.options).players
    for line in report(tallies, setup.scale, players):
        print(line)


# --- the ladder ------------------------------------------------------------------------------


def ladder_configs(uct_iterations: int = UCT_ITERATIONS) -> list[str]:
    """Every level, weakest first, then the three baselines."""
    return [*LEVELS, RANDOM, GREEDY, f"{UCT}:{uct_iterations}"]


def pair_seats(first: str, second: str, players: int) -> list[str]:
    """Two configurations sharing the seats of a game in turn: with four seats, each holds
    two. (Seats rotate from game to game, so each plays every seat.)"""
    return [first if seat % 2 == 0 else second for seat in range(players)]


def finished_ahead(outcome: Outcome, mine: Sequence[int]) -> float:
    """The share of seat-against-seat meetings won by the configurations ``mine`` (indices
    into the setup's seats): every seat they hold against every seat the others hold, a
    meeting won by the seat that finished ahead, a drawn game half to each. With two seats
    this is the game's result; with four, a game between two configurations holding two seats
    each is four meetings, so a level that finishes ahead of the other's seats scores even when
    its own other seat is the one that wins."""
    if outcome.winner is None:
        return 0.5
    place = {seat: k for k, seat in enumerate(outcome.ranking)}
    ours = [s for s in place if outcome.seating[s] in mine]
    theirs = [s for s in place if outcome.seating[s] not in mine]
    meetings = [place[a] < place[b] for a in ours for b in theirs]
    return sum(meetings) / len(meetings)


@dataclass
class Ladder:
    """The ladder's results: each configuration's score against each other (a game counts 1,
    shared as ``finished_ahead`` says: with two seats a win 1 and a draw 1/2), the games each
    pair played, and how many of them a seat of each configuration won outright."""

    configs: list[str]
    score: list[list[float]]
    games: list[list[int]]
    firsts: list[list[int]]
    players: int = 2

    @classmethod
    def empty(cls, configs: list[str], players: int = 2) -> Ladder:
        n = len(configs)
        return cls(configs, [[0.0] * n for _ in range(n)], [[0] * n for _ in range(n)],
                   [[0] * n for _ in range(n)], players)

    def add(self, a: int, b: int, share: float, first: int | None = None) -> None:
        """One game between configurations ``a`` and ``b``: ``a``'s share of it (1 a win, 1/2
        a draw), and the one whose seat won outright (None: a draw)."""
        self.games[a][b] += 1
        self.games[b][a] += 1
        self.score[a][b] += share
        self.score[b][a] += 1.0 - share
        if first is not None:
            self.firsts[first][b if first == a else a] += 1

    def rate(self, a: int, b: int) -> float:
        """``a``'s share of the points against ``b``."""
        return self.score[a][b] / self.games[a][b] if self.games[a][b] else math.nan


Played = tuple[int, int, float, int | None]  # the pair, the first's share, whose seat won


def _ladder_game(task: tuple[Setup, int, int, int]) -> Played:
    setup, a, b, index = task
    outcome = play_one(setup, index)
    mine = [k for k, config in enumerate(setup.seats) if config == setup.seats[0]]
    share = finished_ahead(outcome, mine)
    if outcome.winner is None:
        return a, b, share, None
    return a, b, share, a if outcome.seating[outcome.winner] in mine else b


def run_ladder(
    name: str, options: dict[str, Any], games: int, seed: int = 1, scale: float = 1.0,
    cpu: bool = True, uct_iterations: int = UCT_ITERATIONS, jobs: int = 1,
    configs: Sequence[str] | None = None, progress: Callable[[str], None] | None = None,
    rungs: bool = False,
) -> Ladder:
    """``games`` games for every pair of configurations (all levels and baselines unless
    ``configs`` names some), seats rotating; with ``rungs``, only the pairs of ``rung_pairs``
    (a quicker run that still rates everyone)."""
    game = new_game(name, **options)
    players = game.players
    names = [check_config(c) for c in configs] if configs else ladder_configs(uct_iterations)
    check_settings(names, game)
    if len(set(names)) != len(names) or len(names) < 2:
        raise ValueError("a ladder needs at least two different configurations")
    if games < 1:
        raise ValueError(f"--games must be at least 1, not {games}")
    ladder = Ladder.empty(names, players)
    tasks: list[tuple[Setup, int, int, int]] = []
    chosen = set(rung_pairs(names)) if rungs else None
    for a in range(len(names)):
        for b in range(a + 1, len(names)):
            if chosen is not None and (a, b) not in chosen:
                continue
            pair_seed = seed * 7919 + a * 97 + b
            setup = Setup(name, options, pair_seats(names[a], names[b], players), pair_seed,
                          scale, cpu)
            tasks.extend((setup, a, b, index) for index in range(games))
    if jobs <= 1:
        for count, played in enumerate(map(_ladder_game, tasks), start=1):
            _record(ladder, played, count, len(tasks), progress)
        return ladder
    with ProcessPoolExecutor(jobs) as pool:
        for count, played in enumerate(pool.map(_ladder_game, tasks), start=1):
            _record(ladder, played, count, len(tasks), progress)
    return ladder


def _record(ladder: Ladder, played: Played, count: int, total: int,
            progress: Callable[[str], None] | None) -> None:
    a, b, share, first = played
    ladder.add(a, b, share, first)
    if progress:
        names = ladder.configs
        won = "draw" if first is None else names[first]
        more = ladder.players > 2
        ahead = f" ({names[a]} ahead in {share:.0%} of the seat meetings)" if more else ""
        progress(f"game {count}/{total}: {names[a]} v {names[b]}: {won}{ahead}")


def rung_pairs(names: Sequence[str]) -> list[tuple[int, int]]:
    """The pairs the ladder's aims are about, as indices into ``names`` (smaller first): each
    level against the one below, the lowest level against greedy and random, the top level
    against medium, and the UCT baseline against medium; enough to rate them all."""
    levels = [n for n in names if n in LEVELS]
    wanted = list(zip(levels, levels[1:], strict=False))
    if levels:
        wanted += [(levels[0], other) for other in (GREEDY, RANDOM)]
        if "medium" in levels:
            wanted.append((levels[-1], "medium"))
            wanted += [("medium", other) for other in names if other.startswith(UCT + ":")]
    found = set()
    for a_name, b_name in wanted:
        if a_name in names and b_name in names and a_name != b_name:
            a, b = names.index(a_name), names.index(b_name)
            found.add((min(a, b), max(a, b)))
    return sorted(found)


ELO = 400 / math.log(10)  # Elo points per unit of log-strength


def bradley_terry(
    score: list[list[float]], games: list[list[int]], anchor: int = 0, prior: float = 1.0,
) -> list[tuple[float, float]]:
    """Each configuration's rating on the Elo scale with the half-width of its 95 % interval,
    fitted by Bradley-Terry (Hunter's MM iterations) to the scores between pairs, ``anchor``
    at 0. ``prior`` virtual drawn games per pair that met keep a perfect record finite. The
    interval is from the inverse Fisher information, relative to the anchor."""
    n = len(score)
    s = [[score[i][j] + (prior / 2 if games[i][j] else 0.0) for j in range(n)] for i in range(n)]
    g = [[games[i][j] + (prior if games[i][j] else 0.0) for j in range(n)] for i in range(n)]
    strength = [1.0] * n
    for _ in range(2000):
        new = []
        for i in range(n):
            wins = sum(s[i])
            denominator = sum(g[i][j] / (strength[i] + strength[j]) for j in range(n) if g[i][j])
            new.append(wins / denominator if denominator and wins else strength[i])
        base = new[anchor]
        new = [x / base for x in new]
        change = max(abs(math.log(x / y)) for x, y in zip(new, strength, strict=True))
        strength = new
        if change < 1e-10:
            break
    theta = [math.log(x) for x in strength]
    info = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(n):
            if i != j and g[i][j]:
                p = 1 / (1 + math.exp(theta[j] - theta[i]))
                w = g[i][j] * p * (1 - p)
                info[i][i] += w
                info[i][j] -= w
    keep = [i for i in range(n) if i != anchor]
    inverse = _inverse([[info[i][j] for j in keep] for i in keep])
    halves = [0.0] * n
    for k, i in enumerate(keep):
        halves[i] = 1.96 * math.sqrt(max(inverse[k][k], 0.0)) * ELO
    return [(theta[i] * ELO, halves[i]) for i in range(n)]


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a small matrix by Gauss-Jordan elimination (infinite when singular)."""
    n = len(matrix)
    work = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(work[r][col]))
        if abs(work[pivot][col]) < 1e-12:
            return [[math.inf] * n for _ in range(n)]
        work[col], work[pivot] = work[pivot], work[col]
        head = work[col][col]
        work[col] = [x / head for x in work[col]]
        for r in range(n):
            if r != col and work[r][col]:
                factor = work[r][col]
                work[r] = [x - factor * y for x, y in zip(work[r], work[col], strict=True)]
    return [row[n:] for row in work]


def ladder_report(ladder: Ladder) -> list[str]:
    """The ratings (strongest first), the table of pairs, and the ladder's targets."""
    names = ladder.configs
    anchor = names.index(RANDOM) if RANDOM in names else 0
    ratings = bradley_terry(ladder.score, ladder.games, anchor)
    lines = [f"{'config':<10} {'Elo':>6}  {'95% CI':<15} {'games':>5} {'score':>6}"]
    for k in sorted(range(len(names)), key=lambda k: -ratings[k][0]):
        elo, half = ratings[k]
        played = sum(ladder.games[k])
        share = sum(ladder.score[k]) / played if played else 0.0
        interval = "anchor" if k == anchor else f"[{elo - half:.0f}, {elo + half:.0f}]"
        lines.append(f"{names[k]:<10} {elo:>6.0f}  {interval:<15} {played:>5} {share:>6.1%}")
    width = max(7, *(len(n) for n in names))
    lines.append("")
    lines.append("score of the row against the column:")
    lines.append(" " * (width + 1) + " ".join(f"{n[:width]:>{width}}" for n in names))
    for a, row in enumerate(names):
        cells = [
            "-".rjust(width) if a == b or not ladder.games[a][b]
            else f"{ladder.rate(a, b):.0%}".rjust(width)
            for b in range(len(names))
        ]
        lines.append(f"{row:<{width}} " + " ".join(cells))
    lines.append("")
    lines.extend(targets(ladder))
    return lines


def targets(ladder: Ladder) -> list[str]:
    """The ladder's aims, each with the share measured and its 95 % interval."""
    names = ladder.configs
    levels = [n for n in names if n in LEVELS]
    checks: list[tuple[str, str, str]] = []
    if levels and GREEDY in names:
        checks.append((levels[0], GREEDY, "about 50%"))
    pairs = zip(levels, levels[1:], strict=False)
    checks.extend((upper, lower, "65-80%") for lower, upper in pairs)
    # (the top level against Medium, unless it is the step just above, already checked)
    if "medium" in levels and levels.index("medium") < len(levels) - 2:
        checks.append((levels[-1], "medium", ">= 90%"))
    lines = []
    for a_name, b_name, aim in checks:
        a, b = names.index(a_name), names.index(b_name)
        played = ladder.games[a][b]
        if not played:
            continue
        points = ladder.score[a][b]
        low, high = wilson(round(points), played)
        won = f"; a seat of {a_name} won {ladder.firsts[a][b]}" if ladder.players > 2 else ""
        lines.append(
            f"{a_name} v {b_name}: {points:.4g}/{played} = {points / played:.0%}"
            f" [{low:.0%}, {high:.0%}] (aim: {aim}{won})"
        )
    if ladder.players > 2 and lines:
        lines.insert(0, "(each game shared by the seat-against-seat meetings won: every seat"
                        " of one against every seat of the other, the one that finished ahead)")
    return lines


def main_ladder(
    name: str, options: dict[str, Any], games: int, seed: int, scale: float, cpu: bool,
    uct_iterations: int, jobs: int, configs: Sequence[str] | None, verbose: bool,
    rungs: bool = False,
) -> None:
    """The ``arena --ladder`` command: play the round robin, then print ratings and pairs."""
    progress = (lambda line: print(line, file=sys.stderr, flush=True)) if verbose else None
    ladder = run_ladder(name, options, games, seed, scale, cpu, uct_iterations, jobs, configs,
                        progress, rungs)
    shown = " ".join(f"{k}={v}" for k, v in options.items())
    clock = "CPU" if cpu else "wall-clock"
    print(
        f"{name} {shown}".strip()
        + f": ladder{' (rungs only)' if rungs else ''}, {games} games per pair, seats rotating,"
        + f" {clock} times x{scale:g}"
    )
    for line in ladder_report(ladder):
        print(line)


# --- calibration -----------------------------------------------------------------------------


@dataclass
class Estimates:
    """Self-play's win estimates against outcomes: for every seat before every move, the
    search's raw estimate (its mean reward), the chance the page shows (the raw estimate
    sharpened by the game's ``Knowledge.sharpness_for`` its seats) and whether that seat won
    (a draw 1/n)."""

    raw: list[list[float]] = field(default_factory=list)
    shown: list[list[float]] = field(default_factory=list)
    truth: list[list[float]] = field(default_factory=list)


def self_play(
    name: str, options: dict[str, Any], games: int, iterations: int, seed: int = 1
) -> Estimates:
    """``games`` games of the hint's search (the game's, with the strongest level's settings)
    against itself at ``iterations`` a move, with the estimates it made before each move."""
    found = Estimates()
    for index in range(games):
        game = new_game(name, **options)
        knowledge = hint_knowledge(game)
        rng = random.Random(seed * 1_000_003 + index)
        raw: list[list[float]] = []
        shown: list[list[float]] = []
        while not game.is_over:
            search = Search(game, rng.randrange(2**32), knowledge)
            search.run(iterations)
            raw.append(search.mean_rewards())
            shown.append(search.win_chances())
            game.play(search.best_action())
        outcome = game.result()
        assert outcome is not None
        winner, n = outcome["winner"], game.players
        truth = [1 / n if winner is None else float(seat == winner) for seat in range(n)]
        found.raw.extend(raw)
        found.shown.extend(shown)
        found.truth.extend([truth] * len(raw))
    return found


def calibration_table(
    chances: list[list[float]], truth: list[list[float]], bins: int = 10
) -> list[tuple[int, float, float]]:
    """Every seat's estimate put in one of ``bins`` equal bins and set against whether that seat
    won; per bin: the estimates it holds, their mean, and the share of them that came true."""
    counts = [0] * bins
    said = [0.0] * bins
    came = [0.0] * bins
    for estimate, outcome in zip(chances, truth, strict=True):
        for chance, won in zip(estimate, outcome, strict=True):
            k = min(bins - 1, int(chance * bins))
            counts[k] += 1
            said[k] += chance
            came[k] += won
    return [
        (count, said[k] / count if count else math.nan, came[k] / count if count else math.nan)
        for k, count in enumerate(counts)
    ]


def best_sharpness(raw: list[list[float]], truth: list[list[float]]) -> float:
    """The sharpness (0.05 to 4, by 0.05) under which the raw estimates best foretell the
    outcomes (the highest likelihood): the value a game's knowledge should take."""
    def likelihood(power: float) -> float:
        return sum(
            won * math.log(max(chance, 1e-9))
            for estimate, outcome in zip(raw, truth, strict=True)
            for chance, won in zip(sharpened(estimate, power), outcome, strict=True)
        )
    return max((k / 20 for k in range(1, 81)), key=likelihood)


def _cells(count: int, said: float, came: float, width: int = 6) -> str:
    """One bin of a calibration table: its count, mean estimate and share come true."""
    if not count:
        return f"{count:>{width}} {'-':>10} {'-':>10}"
    return f"{count:>{width}} {said:>10.1%} {came:>10.1%}"


def calibration(
    name: str, options: dict[str, Any], games: int, iterations: int, seed: int = 1,
    bins: int = 10,
) -> list[tuple[int, float, float]]:
    """The table of the chances the page shows against outcomes in self-play (see
    ``calibration_table``)."""
    found = self_play(name, options, games, iterations, seed)
    return calibration_table(found.shown, found.truth, bins)


def main_calibration(
    name: str, options: dict[str, Any], games: int, iterations: int, seed: int
) -> None:
    """The ``arena --calibrate N`` command: the estimates shown against outcomes, the raw ones
    too, and the sharpness that would fit these games best."""
    found = self_play(name, options, games, iterations, seed)
    shown = " ".join(f"{k}={v}" for k, v in options.items())
    print(f"{name} {shown}".strip() + f": {games} self-play games, {iterations} iterations a move")
    print(f"{'estimate':<10} {'count':>6} {'mean said':>10} {'came true':>10}"
          f"   {'raw count':>9} {'raw said':>10} {'came true':>10}")
    rows = calibration_table(found.shown, found.truth)
    raw_rows = calibration_table(found.raw, found.truth)
    for k, (row, raw_row) in enumerate(zip(rows, raw_rows, strict=True)):
        if row[0] or raw_row[0]:
            band = f"{k / len(rows):.0%}-{(k + 1) / len(rows):.0%}"
            print(f"{band:<10} {_cells(*row)}   {_cells(*raw_row, width=9)}")
    game = new_game(name, **options)
    used = hint_knowledge(game).sharpness_for(game.players)
    print(f"sharpness that fits these games best: {best_sharpness(found.raw, found.truth):g}"
          f" (the hint's search uses {used:g})")
