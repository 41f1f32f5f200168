"""The computer opponent: levels as thinking-time budgets over the tree search.

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

import time
from collections.abc import Callable
from importlib import import_module
from typing import Any

from .core import Game
from .games import SPECS, module_of
from .mcts import Clock, Knowledge, Search

LEVELS: dict[str, float] = {"easy": 0.25, "medium": 1.0, "hard": 3.0, "expert": 8.0}


def knowledge_for(game: Game) -> Knowledge:
    """The game's own knowledge for the search, as its spec names it (imported when that game
    is searched), or the default (random playouts)."""
    spec = SPECS.get(game.name)
    if spec is None or spec.knowledge is None:
        return Knowledge()
    module = import_module(module_of(game.name, "ai"))
    make: Callable[[], Knowledge] = getattr(module, spec.knowledge)
    return make()


def budget_of(level: str | float) -> float:
    """A level's thinking time in seconds; a number is taken as seconds."""
    if isinstance(level, str):
        seconds = LEVELS.get(level.strip().lower())
        if seconds is None:
            raise ValueError(f"unknown level {level!r}; expected one of {', '.join(LEVELS)}")
        return seconds
    if level <= 0:
        raise ValueError(f"a thinking time is a positive number of seconds, not {level!r}")
    return float(level)


class Thinker:
    """One computer move in progress: a search with a deadline on ``clock`` (the wall clock;
    the arena may count the process's CPU time instead, to measure on a busy machine).

    ``think(seconds)`` runs one slice and says whether the move is decided: the budget is
    spent, the search was stopped, there is a single legal action, or the most visited action
    can no longer be overtaken in the time left.
    """

    def __init__(
        self, game: Game, level: str | float, seed: int | None = None,
        clock: Clock = time.perf_counter,
    ) -> None:
        self.clock = clock
        self.started = clock()
        self.deadline = self.started + budget_of(level)
        self.search = Search(game, seed, knowledge_for(game))
        self.forced = len(self.search.root.untried) == 1
        self.done = self.forced

    def think(self, seconds: float = 0.05) -> bool:
        """Search for at most ``seconds`` (never past the deadline); True once decided."""
        if self.done:
            return True
        now = self.clock()
        self.search.run_for(max(0.0, min(seconds, self.deadline - now)), clock=self.clock)
        now = self.clock()
        self.done = self.search.stopped or now >= self.deadline or self._settled(now)
        return self.done

    def _settled(self, now: float) -> bool:
        """True when a move wins at once, or the leader's lead in visits exceeds what the time
        left could add."""
        root = self.search.root
        if root.won is not None:
            return True
        children = root.children
        if root.untried or len(children) < 2:
            return False
        first, second = sorted((c.visits for c in children), reverse=True)[:2]
        rate = self.search.iterations / max(now - self.started, 1e-6)
        return first - second > rate * (self.deadline - now)

    def stop(self) -> None:
        """Stop thinking: the next ``think`` returns at once."""
        self.search.stop()
        self.done = True

    def action(self) -> str:
        """The action chosen (so far)."""
        return self.search.best_action()

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
    game: Game, level: str | float, seed: int | None = None, clock: Clock = time.perf_counter
) -> str:
    """The computer's action for the seat to move, within the level's thinking time."""
    return Thinker(game, level, seed, clock).finish()


def choose_within(game: Game, iterations: int, seed: int | None = None) -> str:
    """The action after a fixed number of search iterations: reproducible with a fixed seed."""
    search = Search(game, seed, knowledge_for(game))
    search.run(iterations)
    return search.best_action()
