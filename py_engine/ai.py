"""The computer opponent: a ladder of levels over the tree search.

A level is a search of a number of iterations within a thinking time (whichever ends first),
and, for the lower levels, the moves of a person still learning: with some probability the
level plays, as a newcomer does, an action that gains most right away (which takes a win at
once and never ignores what obviously scores), and otherwise the search's choice. How many
iterations each level searches and how often it plays the newcomer's move are tuned per game
(``Knowledge.levels`` in ``games/<game>/ai.py``) toward the ladder's aims: the lowest level
about even with a one-move-greedy player, each level winning about three games in four against
the one below (measured with ``python -m py_engine arena GAME --ladder``; ``docs/computer.md``
says how near each game comes).

``choose(game, "hard")`` answers with an action. A browser worker that must stay free to answer
other messages uses a ``Thinker`` instead and calls ``think()`` in short slices::

    thinker = Thinker(game, "medium")
    while not thinker.think(0.05):
        ...  # answer messages; thinker.stop() when the game changed
    action = thinker.action()      # or thinker.report(): action, chances per seat, ...

A move never takes longer than its level's budget: the clock starts when the thinker is made,
and a slice never runs past the deadline (a search iteration takes a few milliseconds).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from importlib import import_module
from typing import Any

from .core import Game
from .games import SPECS, module_of
from .mcts import Clock, Knowledge, Search, greedy_move


@dataclass(frozen=True)
class Level:
    """How the computer plays at one level: with probability ``greedy``, as a newcomer does,
    an action that gains most points right away (decided at once, without a search); else the
    most visited action of a search of at most ``iterations`` iterations (None: no limit)
    within ``seconds``."""

    name: str
    seconds: float
    iterations: int | None = None
    greedy: float = 0.0
    # The search settings this level plays with in place of the game's own
    # (``Knowledge.settings``), as (name, value) pairs.
    settings: tuple[tuple[str, float], ...] = ()

    def scaled(self, factor: float) -> Level:
        """The same level with its time and iterations multiplied (quick arena runs)."""
        iterations = None if self.iterations is None else max(1, round(self.iterations * factor))
        return replace(self, seconds=self.seconds * factor, iterations=iterations)


# Weakest first: the thinking time of each level, and how it plays a game that tunes nothing
# (each game's ``Knowledge.levels`` changes the iterations and the newcomer's share).
LEVELS: dict[str, Level] = {
    level.name: level
    for level in (
        Level("beginner", 0.5, 100, greedy=0.5),
        Level("casual", 0.5, 100, greedy=0.2),
        Level("easy", 1.0, 300),
        Level("medium", 2.0, 1000),
        Level("hard", 4.0, 3000),
        Level("expert", 8.0, 10000),
    )
}
# The hint and the win chances of the page: the strongest search, in a time a person waits.
HINT = Level("hint", 2.0)
# What a game's tuning may change of a level beyond the search's settings.
LEVEL_FIELDS = ("iterations", "greedy")


def tuned(level: Level, knowledge: Knowledge, players: int) -> Level:
    """``level`` as it plays this game: with the changes its knowledge names for it
    (``Knowledge.levels``), if any: its iterations and newcomer's share, and any other name a
    search setting. The hint, or a search given only a thinking time, searches with the
    settings of the strongest level."""
    # The hint, or a search given only a thinking time, keeps its own budget.
    strongest = level.name not in LEVELS
    change = knowledge.tuning(players).get(list(LEVELS)[-1] if strongest else level.name, {})
    fields: dict[str, Any] = {key: int(value) if key == "iterations" else float(value)
                              for key, value in change.items()
                              if key in LEVEL_FIELDS and not strongest}
    settings = tuple(sorted((key, value) for key, value in change.items()
                            if key not in LEVEL_FIELDS))
    if settings:
        fields["settings"] = settings
    return replace(level, **fields) if fields else level


def searching(knowledge: Knowledge, level: Level) -> Knowledge:
    """The knowledge a level searches with: the game's, with the level's settings in place."""
    return knowledge.changed(dict(level.settings))


def knowledge_for(game: Game) -> Knowledge:
    """The game's own knowledge for the search, as its spec names it (imported when that game
    is searched), or the default (random playouts)."""
    spec = SPECS.get(game.name)
    if spec is None or spec.knowledge is None:
        return Knowledge()
    module = import_module(module_of(game.name, "ai"))
    make: Callable[[], Knowledge] = getattr(module, spec.knowledge)
    return make()


def hint_knowledge(game: Game) -> Knowledge:
    """What the hint and the win chances search with in ``game``."""
    knowledge = knowledge_for(game)
    return searching(knowledge, tuned(HINT, knowledge, game.players))


def level_of(level: str | float | Level) -> Level:
    """A level by name (``hint`` included), or the strongest search for a number of seconds."""
    if isinstance(level, Level):
        return level
    if isinstance(level, str):
        key = level.strip().lower()
        found = HINT if key == HINT.name else LEVELS.get(key)
        if found is None:
            raise ValueError(f"unknown level {level!r}; expected one of {', '.join(LEVELS)}")
        return found
    if level <= 0:
        raise ValueError(f"a thinking time is a positive number of seconds, not {level!r}")
    return Level(f"{level:g}s", float(level))


def budget_of(level: str | float | Level) -> float:
    """A level's thinking time in seconds; a number is taken as seconds."""
    return level_of(level).seconds


class Thinker:
    """One computer move in progress: a search with a deadline on ``clock`` (the wall clock;
    the arena may count the process's CPU time instead, to measure on a busy machine).

    ``think(seconds)`` runs one slice and says whether the move is decided: the budget is
    spent, the level's iterations are run, the search was stopped, there is a single legal
    action, or the most visited action can no longer be overtaken in the time left.
    """

    def __init__(
        self, game: Game, level: str | float | Level, seed: int | None = None,
        clock: Clock = time.perf_counter, knowledge: Knowledge | None = None,
    ) -> None:
        knowledge = knowledge or knowledge_for(game)
        # A level named (or a thinking time) is played as this game's ladder tunes it; a Level
        # given is played as is.
        self.level = level_of(level)
        if not isinstance(level, Level):
            self.level = tuned(self.level, knowledge, game.players)
        knowledge = searching(knowledge, self.level)
        self.clock = clock
        self.started = clock()
        self.deadline = self.started + self.level.seconds
        self.search = Search(game, seed, knowledge)
        self.rng = random.Random(None if seed is None else seed ^ 0x5EED)
        self.forced = len(self.search.root.untried) == 1
        self.chosen: str | None = None
        # A newcomer's move is decided at once: what gains most right away (a win at once
        # included), with no search.
        if not self.forced and self.level.greedy and self.rng.random() < self.level.greedy:
            replica = self.search.game
            self.chosen = replica.action_of(greedy_move(replica, knowledge, self.rng))
        self.done = self.forced or self.chosen is not None

    def think(self, seconds: float = 0.05) -> bool:
        """Search for at most ``seconds`` (never past the deadline); True once decided."""
        if self.done:
            return True
        now = self.clock()
        cap = self.level.iterations
        left = None if cap is None else cap - self.search.iterations
        if left is None or left > 0:
            self.search.run_for(
                max(0.0, min(seconds, self.deadline - now)), left, clock=self.clock
            )
        now = self.clock()
        self.done = (
            self.search.stopped or now >= self.deadline or self._settled(now)
            or (cap is not None and self.search.iterations >= cap)
        )
        return self.done

    def _settled(self, now: float) -> bool:
        """True when a move wins at once, or (choosing the most visited action) the leader's
        lead in visits exceeds what the time and iterations left could add."""
        root = self.search.root
        if root.won is not None:
            return True
        children = root.children
        if root.untried or len(children) < 2:
            return False
        first, second = sorted((c.visits for c in children), reverse=True)[:2]
        rate = self.search.iterations / max(now - self.started, 1e-6)
        left = rate * (self.deadline - now)
        if self.level.iterations is not None:
            left = min(left, self.level.iterations - self.search.iterations)
        return first - second > left

    def stop(self) -> None:
        """Stop thinking: the next ``think`` returns at once."""
        self.search.stop()
        self.done = True

    def action(self) -> str:
        """The action chosen: once decided, the level's choice (then kept); before, the
        search's best so far."""
        if not self.done:
            return self.search.best_action()
        if self.chosen is None:
            self.chosen = self.search.best_action()
        return self.chosen

    def win_chances(self) -> list[float]:
        """Each seat's estimated chance to win, from the search so far."""
        return self.search.win_chances()

    def report(self) -> dict[str, Any]:
        """The state of the thinking for a page: the action chosen so far, each seat's
        estimated chance to win, the iterations run, and whether the move is decided."""
        return {
            "action": self.action(),
            "chances": self.win_chances(),
            "iterations": self.search.iterations,
            "done": self.done,
        }

    def finish(self) -> str:
        """Think until decided, then answer the action."""
        while not self.think(1.0):
            pass
        return self.action()


def choose(
    game: Game, level: str | float | Level, seed: int | None = None,
    clock: Clock = time.perf_counter, knowledge: Knowledge | None = None,
) -> str:
    """The computer's action for the seat to move, within the level's thinking time."""
    return Thinker(game, level, seed, clock, knowledge).finish()


def choose_within(
    game: Game, iterations: int, seed: int | None = None, knowledge: Knowledge | None = None
) -> str:
    """The action after a fixed number of search iterations: reproducible with a fixed seed."""
    search = Search(game, seed, knowledge or knowledge_for(game))
    search.run(iterations)
    return search.best_action()
