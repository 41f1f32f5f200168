"""A Monte Carlo tree search over any game's fast layer (``moves``/``do``/``undo_move``).

Every atomic action is a step of the tree, so a turn of several actions (Bosk's tree, tile and
leaves) is several levels owned by the same seat. Each node keeps the sum of the rewards of the
seat that moved into it: with two seats this is UCT, with three or four each seat picks what is
best for itself (max-n), or, as far as the game's ``paranoia`` says, what is worst for the seat
searching (paranoid). The search works on its own replica of the game, built from the
game's options and actions, and walks it down and back up with ``do``/``undo_move``: no state is
ever copied, and the caller's game is never touched.

It runs in slices (``run``, ``run_for``) so that a caller can do other work between them, and
can be stopped (``stop``). A fixed seed with an iteration budget always gives the same result.
(A position that its record does not describe is searched in place instead, and is back as it
was after every slice.)
"""

from __future__ import annotations

import copy as _copy
import math
import random
import time
from collections.abc import Callable, Mapping, Sequence

from .core import Game

EXPLORATION = 0.7
Clock = Callable[[], float]


class Knowledge:
    """What a game may teach the search. The defaults know nothing about any game: moves are
    tried in random order and playouts are uniformly random to the end of the game.

    ``rave`` above 0 turns on shared statistics (RAVE): every move a seat played later in an
    iteration, in the tree or the playout, counts as if played at each of that seat's nodes
    above, and a child's value mixes its own mean with that estimate, the shared one weighing
    ``sqrt(rave / (3 * visits + rave))``. ``widening`` above 0 adds a node's children one at a
    time, up to ``widening * sqrt(visits)`` of them, the move with the best shared estimate
    first (progressive widening), instead of trying every move once before any twice."""

    rave = 0.0
    widening = 0.0
    # How the computer's levels play this game where the shared ladder (``ai.LEVELS``) does not
    # fit it: a level's name -> its fields to change (set from the arena's ladder measurements).
    levels: Mapping[str, Mapping[str, float]] = {}
    # How sharp the win estimate is: each seat's chance is taken proportional to its mean reward
    # raised to this power (below 1, the raw means say more than self-play bears out).
    sharpness = 1.0
    # How much less than a half the seat searching counts a draw (its opponent that much more):
    # above 0 the search plays on for a win rather than repeat into a draw it could avoid.
    contempt = 0.0
    # With three or four seats, how far the searching seat expects the others to play against
    # it rather than each for itself: at 0 each other seat's moves are judged by its own reward
    # (max-n), at 1 by how little the searching seat gets (paranoid), between the two a mix.
    paranoia = 0.0
    # How widely the search tries moves whose mean reward is lower (the constant of UCT).
    exploration = EXPLORATION
    # 1: the tree holds only the turn of the seat searching (its moves until another seat is to
    # move); the other seats' moves are all played out, so that every iteration weighs the
    # seat's own choices. No level uses it: with four Bosk seats it searched worse than the
    # whole tree, whose other seats' replies count for more.
    own_turn = 0

    def settings(self) -> dict[str, float]:
        """The numbers this knowledge keeps, with their values: what the arena's
        ``search:N/name=value`` may change (a switch counts 1 on and 0 off)."""
        found = {}
        for key in sorted(dir(self)):
            value = getattr(self, key)
            if not key.startswith("_") and isinstance(value, (int, float)):
                found[key] = float(value)
        return found

    def changed(self, settings: Mapping[str, float]) -> Knowledge:
        """A copy with ``settings`` in place of its own values (itself if there are none); a
        clear error for a setting it does not keep, or a fraction where it keeps a whole
        number."""
        if not settings:
            return self
        known = self.settings()
        copy = _copy.copy(self)
        for key, value in settings.items():
            if key not in known:
                raise ValueError(f"the search has no setting {key!r}; it has {', '.join(known)}")
            kind = type(getattr(self, key))
            if kind is not float and value != int(value):
                raise ValueError(f"the search setting {key!r} is a whole number, not {value:g}")
            setattr(copy, key, kind(value))
        return copy

    def tuning(self, players: int) -> Mapping[str, Mapping[str, float]]:
        """The levels' changes for a game of ``players`` seats (by default ``levels``)."""
        return self.levels

    def sharpness_for(self, players: int) -> float:
        """The win estimate's sharpness in a game of ``players`` seats (by default
        ``sharpness``)."""
        return self.sharpness

    def expansion_order(self, game: Game, moves: Sequence[int], rng: random.Random) -> list[int]:
        """The order in which a node's moves are added to the tree: the last one first."""
        order = list(moves)
        rng.shuffle(order)
        return order

    def evaluate(self, game: Game) -> list[float]:
        """Each seat's points as the position stands (the game's result once it is over): what
        a one-move-greedy player maximises, and what the computer's lower levels must not
        ignore. The default reads the game's score."""
        if game.to_move is None:
            return [float(r) for r in game.rewards()]
        return [float(t) for t in game.score()["totals"]]

    def playout(
        self, game: Game, rng: random.Random, trace: list[tuple[int, int]] | None = None
    ) -> list[float]:
        """Each seat's reward (or estimate of it) for a game continued from here; each move
        played is added to ``trace`` (when given) with its mover, as ``(seat, move)``.

        The game must be left as it was found: every ``do`` is taken back with ``undo_move``.
        """
        depth = 0
        while (seat := game.to_move) is not None:
            move = rng.choice(game.moves())
            if trace is not None:
                trace.append((seat, move))
            game.do(move)
            depth += 1
        rewards = game.rewards()
        for _ in range(depth):
            game.undo_move()
        return rewards


def sharpened(means: Sequence[float], power: float) -> list[float]:
    """Each share raised to ``power`` and made to sum to 1 again: above 1 the leader's share
    grows, below 1 the shares draw together (at 1 they are as they were)."""
    if power == 1.0:
        return list(means)
    powered = [max(mean, 1e-9) ** power for mean in means]
    total = sum(powered)
    return [p / total for p in powered]


class Node:
    """A position of the tree: the move that led to it and who made it, the seat to move, the
    moves not yet added as children, and the mover's summed rewards over its visits. ``cap``
    is the most the mover can hope for from here once its opponent is known to be able to draw
    at once (with two seats): the mover's summed rewards, and each one counted from then on,
    are held under it."""

    __slots__ = (
        "move", "mover", "seat", "untried", "children", "visits", "value", "ends", "won",
        "amaf", "cap",
    )

    def __init__(self, move: int, mover: int, game: Game, order: list[int]) -> None:
        self.move = move
        self.mover = mover
        self.seat = game.to_move
        self.untried = order
        self.children: list[Node] = []
        self.visits = 0
        self.value = 0.0
        self.ends: list[float] | None = game.rewards() if self.seat is None else None
        self.won: Node | None = None
        self.cap = 1.0
        self.amaf: dict[int, list[float]] = {}  # move -> [count, summed reward] (RAVE)


def gains(game: Game, knowledge: Knowledge) -> list[tuple[float, int]]:
    """Each legal move with what it gains its mover right away: its points after the move less
    the best other seat's (a move that ends the game: +1000 for a win, -1000 for a loss)."""
    mover = game.to_move
    assert mover is not None
    found = []
    for move in list(game.moves()):
        game.do(move)
        if game.to_move is None:
            rewards = game.rewards()
            best = max(rewards)
            gain = 1000.0 if rewards[mover] == best and rewards.count(best) == 1 else (
                0.0 if rewards[mover] == best else -1000.0)
        else:
            points = knowledge.evaluate(game)
            gain = points[mover] - max(p for seat, p in enumerate(points) if seat != mover)
        game.undo_move()
        found.append((gain, move))
    return found


def greedy_move(game: Game, knowledge: Knowledge, rng: random.Random) -> int:
    """The one-move-greedy choice: a move that gains most right away (ties: at random)."""
    found = gains(game, knowledge)
    best = max(gain for gain, _ in found)
    return rng.choice([move for gain, move in found if gain == best])


def replica(game: Game) -> Game:
    """A fresh game with the same options and actions: the same position, private to its
    owner. A position its record does not reach (one built directly, as tests do) is not
    copied: the game itself is returned, to be searched in place and restored by undo."""
    copy = type(game)(**game.options)
    for action in game.history:
        copy.play(action)
    same = copy.to_move == game.to_move and copy.legal_actions() == game.legal_actions()
    return copy if same else game


class Search:
    """A search from the current position of ``game`` (which it copies once and never changes).

    ``run(iterations)`` and ``run_for(seconds)`` grow the tree and return promptly;
    ``best_action()`` and ``win_chances()`` may be asked at any time.
    """

    def __init__(
        self,
        game: Game,
        seed: int | None = None,
        knowledge: Knowledge | None = None,
    ) -> None:
        if game.to_move is None:
            raise ValueError("the game is over: there is nothing to search")
        self.game = replica(game)
        self.players = game.players
        self.rng = random.Random(seed)
        self.knowledge = knowledge or Knowledge()
        self.exploration = self.knowledge.exploration
        self.seat = self.game.to_move  # the seat searching: the root's seat to move
        self.root = self._node(-1, -1)
        self.drawn = self._drawn(self.knowledge.contempt)
        self.paranoia = self.knowledge.paranoia if self.players > 2 else 0.0
        self.totals = [0.0] * self.players
        self.iterations = 0
        self.stopped = False

    def _drawn(self, contempt: float) -> list[float] | None:
        """What a draw is worth to each seat in the tree, if not an even share: the seat to
        move at the root counts it ``contempt`` less than a half, its opponent that much more."""
        seat = self.seat
        if not contempt or self.players != 2 or seat is None:
            return None
        return [0.5 + (contempt if s != seat else -contempt) for s in range(2)]

    def _judged(self, rewards: list[float]) -> list[float]:
        """The rewards as the tree counts them: a draw at the worth set by the contempt; with
        more than two seats and some paranoia, each other seat's own reward mixed with what the
        searching seat does not get."""
        if self.drawn is not None and rewards[0] == rewards[1]:
            return self.drawn
        paranoia, seat = self.paranoia, self.seat
        if paranoia and seat is not None:
            mine = rewards[seat]
            return [
                mine if s == seat else (1 - paranoia) * reward + paranoia * (1 - mine)
                for s, reward in enumerate(rewards)
            ]
        return rewards

    def _node(self, move: int, mover: int) -> Node:
        """A node for the position reached; with ``own_turn``, one past the searching seat's
        turn has no moves to add, so that every iteration is played out from there."""
        game = self.game
        if game.to_move is None or (self.knowledge.own_turn and game.to_move != self.seat):
            return Node(move, mover, game, [])
        order = self.knowledge.expansion_order(game, game.moves(), self.rng)
        return Node(move, mover, game, order)

    def _expand(self, node: Node, move: int, path: list[Node]) -> Node:
        """Play ``move`` from ``node`` and add its child to the tree and to ``path``; a child
        whose move wins at once is the node's win."""
        game = self.game
        mover = game.to_move
        assert mover is not None
        game.do(move)
        child = self._node(move, mover)
        node.children.append(child)
        ends = child.ends
        if ends is not None:
            if ends[mover] == 1.0:
                node.won = child
            elif self.players == 2 and ends[0] == ends[1] and node.mover not in (-1, mover):
                # the opponent of the seat that moved in can draw here (not the same seat
                # moving again, as after a pass): that seat gets no more than the draw, its
                # visits so far included
                node.cap = min(node.cap, self._judged(ends)[node.mover])
                node.value = min(node.value, node.cap * node.visits)
        path.append(child)
        return child

    def stop(self) -> None:
        """Make every ``run`` in progress or to come return at once."""
        self.stopped = True

    def run(self, iterations: int) -> int:
        """Up to ``iterations`` more iterations (fewer if stopped); returns how many were run."""
        done = 0
        while done < iterations and not self.stopped:
            self._iterate()
            done += 1
        return done

    def run_for(
        self, seconds: float, iterations: int | None = None, clock: Clock = time.perf_counter
    ) -> int:
        """Iterate for about ``seconds`` of ``clock`` (and at most ``iterations``); returns how
        many ran."""
        deadline = clock() + seconds
        done = 0
        while not self.stopped and (iterations is None or done < iterations):
            self._iterate()
            done += 1
            if clock() >= deadline:
                break
        return done

    def _iterate(self) -> None:
        if self.knowledge.rave or self.knowledge.widening:
            self._iterate_shared()
        else:
            self._iterate_plain()

    def _iterate_shared(self) -> None:
        """An iteration with shared statistics (RAVE) and progressive widening: see
        ``Knowledge``."""
        game, c, knowledge = self.game, self.exploration, self.knowledge
        k, widening = knowledge.rave, knowledge.widening
        node = self.root
        path = [node]
        while True:
            if node.won is not None:
                node = node.won
                game.do(node.move)
                path.append(node)
                continue
            if node.untried and (
                not widening or len(node.children) < widening * math.sqrt(node.visits + 1)
            ):
                break
            if not node.children:
                break
            log_n = math.log(node.visits)
            amaf = node.amaf
            best = node.children[0]
            best_score = -math.inf
            for child in node.children:
                n = child.visits
                q = child.value / n
                shared = amaf.get(child.move)
                if k and shared:
                    beta = math.sqrt(k / (3 * n + k))
                    q = (1 - beta) * q + beta * shared[1] / shared[0]
                score = q + c * math.sqrt(log_n / n)
                if score > best_score:
                    best, best_score = child, score
            node = best
            game.do(node.move)
            path.append(node)
        if node.untried:
            untried = node.untried
            amaf = node.amaf
            pick = len(untried) - 1
            if amaf:
                best_mean = -1.0
                for i, move in enumerate(untried):
                    shared = amaf.get(move)
                    if shared and shared[1] / shared[0] > best_mean:
                        pick, best_mean = i, shared[1] / shared[0]
            move = untried[pick]
            untried[pick] = untried[-1]
            untried.pop()
            node = self._expand(node, move, path)
        trace: list[tuple[int, int]] = []
        rewards = node.ends if node.ends is not None else knowledge.playout(game, self.rng, trace)
        for _ in range(len(path) - 1):
            game.undo_move()
        judged = self._judged(rewards)
        seen: list[set[int]] = [set() for _ in range(self.players)]
        for seat, move in trace:
            seen[seat].add(move)
        for depth in range(len(path) - 1, -1, -1):
            step = path[depth]
            step.visits += 1
            if step.mover >= 0:
                step.value += min(judged[step.mover], step.cap)
            if depth + 1 < len(path):
                below = path[depth + 1]
                seen[below.mover].add(below.move)
            to_move = step.seat
            if to_move is None or step.visits == 1:  # a leaf just added keeps no shared counts
                continue
            reward = judged[to_move]
            amaf = step.amaf
            for move in seen[to_move]:
                shared = amaf.get(move)
                if shared is None:
                    amaf[move] = [1.0, reward]
                else:
                    shared[0] += 1.0
                    shared[1] += reward
        totals = self.totals
        for seat in range(self.players):
            totals[seat] += rewards[seat]
        self.iterations += 1

    def _iterate_plain(self) -> None:
        """Select down the tree by UCT, add one child, play out from it, back the rewards up.

        A move found to end the game with a win for its mover is always taken from then on:
        the seat to move there is known to win, whatever else it could do."""
        game, c = self.game, self.exploration
        node = self.root
        path = [node]
        while True:
            if node.won is not None:
                node = node.won
            elif node.untried or not node.children:
                break
            else:
                log_n = math.log(node.visits)
                best = node.children[0]
                best_score = -1.0
                for child in node.children:
                    score = child.value / child.visits + c * math.sqrt(log_n / child.visits)
                    if score > best_score:
                        best, best_score = child, score
                node = best
            game.do(node.move)
            path.append(node)
        if node.untried:
            node = self._expand(node, node.untried.pop(), path)
        rewards = node.ends if node.ends is not None else self.knowledge.playout(game, self.rng)
        for _ in range(len(path) - 1):
            game.undo_move()
        judged = self._judged(rewards)
        for step in path:
            step.visits += 1
            if step.mover >= 0:
                step.value += min(judged[step.mover], step.cap)
        totals = self.totals
        for seat in range(self.players):
            totals[seat] += rewards[seat]
        self.iterations += 1

    def ranked(self) -> list[tuple[str, int, float]]:
        """The root's actions searched so far, most visited first: (action, visits, mean reward
        for the seat to move)."""
        game = self.game
        children = sorted(
            self.root.children, key=lambda n: (n.visits, n.value), reverse=True
        )
        return [(game.action_of(n.move), n.visits, n.value / n.visits) for n in children]

    def best_action(self) -> str:
        """A move that wins at once if one was found, else the most visited action (the one
        the search would try first if it has run none)."""
        if self.root.won is not None:
            return self.game.action_of(self.root.won.move)
        ranked = self.ranked()
        if ranked:
            return ranked[0][0]
        return self.game.action_of(self.root.untried[-1])

    def mean_rewards(self) -> list[float]:
        """Each seat's mean reward over the search's iterations (even shares before any)."""
        if not self.iterations:
            return [1.0 / self.players] * self.players
        return [total / self.iterations for total in self.totals]

    def win_chances(self) -> list[float]:
        """Each seat's estimated chance to win: its mean reward over the search, sharpened by
        the game's ``Knowledge.sharpness_for`` its seats; certain once a move that wins at once
        is found."""
        if self.root.won is not None:  # the seat to move wins at once: no estimate about it
            seat = self.seat
            return [float(s == seat) for s in range(self.players)]
        return sharpened(self.mean_rewards(), self.knowledge.sharpness_for(self.players))
