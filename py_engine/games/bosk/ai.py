"""What the search knows about Bosk.

Only the winner scores a win, but with three or four seats a playout's winner says little on
its own; its points say more. A playout's reward is therefore mostly the win and partly the
seat's share of all points scored, which still sums to 1 over the seats.

A playout lays each leaf where it takes a space (an empty one first, then one another seat
holds) rather than on its own. Plant, tree and leaf moves keep their meaning from one position
to another, so the search shares what it learns about a move between positions (RAVE) and adds
a node's moves one at a time, the best by that shared estimate first (progressive widening).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ...core import Game
from ...mcts import Knowledge
from .game import Bosk
from .rules import LEAF, S_LEAF, WINTER_TABLE, award

SHARE = 0.3


class BoskKnowledge(Knowledge):
    """Playouts whose leaves take spaces and whose reward mixes the win with each seat's share
    of the points; shared statistics and progressive widening."""

    rave = 300.0
    widening = 1.0
    leaves = True
    # A playout's reward is partly a share of the points, so the mean says little of who wins
    # in mid-game: flattened as self-play bears out (``arena --calibrate``, two seats).
    sharpness = 0.55
    # A newcomer's move (what scores at once) is fair here and the search gains slowly with
    # iterations, so the lower levels mix the two and the upper ones search much longer.
    levels = {
        "beginner": {"iterations": 30, "greedy": 0.95},
        "casual": {"iterations": 30, "greedy": 0.65},
        "easy": {"iterations": 30, "greedy": 0.15},
        "medium": {"iterations": 100},
        "hard": {"iterations": 600},
        "expert": {"iterations": 3000},
    }
    # With four seats a newcomer's move is worth more (30 iterations searched barely beat it).
    levels_for_four: Mapping[str, Mapping[str, float]] = {
        "beginner": {"iterations": 30, "greedy": 0.8},
        "casual": {"iterations": 30, "greedy": 0.4},
        "easy": {"iterations": 30, "greedy": 0.0},
        "medium": {"iterations": 100},
        "hard": {"iterations": 400},
        "expert": {"iterations": 1500},
    }

    def __init__(self, share: float = SHARE) -> None:
        self.share = share

    def tuning(self, players: int) -> Mapping[str, Mapping[str, float]]:
        return self.levels_for_four if players >= 4 else self.levels

    def evaluate(self, game: Game) -> list[float]:
        """Summer's points and winter's as the park stands now (the result once over)."""
        assert isinstance(game, Bosk)
        if game.to_move is None:
            return game.rewards()
        winter = [0] * game.players
        for counts in game.controlled():
            for seat, points in enumerate(award(counts, WINTER_TABLE)):
                winter[seat] += points
        return [float(a + b) for a, b in zip(game.summer, winter, strict=True)]

    def playout(
        self, game: Game, rng: random.Random, trace: list[tuple[int, int]] | None = None
    ) -> list[float]:
        assert isinstance(game, Bosk)
        depth = 0
        top = game.top
        while (seat := game.to_move) is not None:
            moves = game.moves()
            if self.leaves and game.step == S_LEAF and len(moves) > 1:
                move = leaf_choice(seat, moves, top, rng)
            else:
                move = rng.choice(moves)
            if trace is not None:
                trace.append((seat, move))
            game.do(move)
            depth += 1
        rewards = shaped(game, self.share)
        for _ in range(depth):
            game.undo_move()
        return rewards


def leaf_choice(seat: int, moves: Sequence[int], top: list[int], rng: random.Random) -> int:
    """A playout's leaf: a space no one holds, else one another seat holds, else one of its
    own (ties at random): a leaf that takes a space over gains it, one on its own gains
    nothing."""
    best = -1
    found: list[int] = []
    for move in moves:
        owner = top[move - LEAF]
        gain = 2 if owner < 0 else 1 if owner != seat else 0
        if gain > best:
            best, found = gain, [move]
        elif gain == best:
            found.append(move)
    return found[0] if len(found) == 1 else rng.choice(found)


def shaped(game: Bosk, share: float) -> list[float]:
    """``(1 - share)`` times the win plus ``share`` times the seat's part of all points."""
    totals = game.totals()
    points = sum(totals)
    wins = game.rewards()
    if not points:
        return wins
    return [
        (1 - share) * win + share * total / points
        for win, total in zip(wins, totals, strict=True)
    ]
