"""What the search knows about Bosk.

Only the winner scores a win, but with three or four seats a playout's winner says little on
its own; its points say more. A playout's reward is therefore mostly the win and partly the
seat's share of all points scored, which still sums to 1 over the seats.
"""

from __future__ import annotations

import random

from ...core import Game
from ...mcts import Knowledge
from .game import Bosk

SHARE = 0.3


class BoskKnowledge(Knowledge):
    """Random playouts whose reward mixes the win with each seat's share of the points."""

    def __init__(self, share: float = SHARE) -> None:
        self.share = share

    def playout(
        self, game: Game, rng: random.Random, trace: list[tuple[int, int]] | None = None
    ) -> list[float]:
        assert isinstance(game, Bosk)
        depth = 0
        while (seat := game.to_move) is not None:
            move = rng.choice(game.moves())
            if trace is not None:
                trace.append((seat, move))
            game.do(move)
            depth += 1
        rewards = shaped(game, self.share)
        for _ in range(depth):
            game.undo_move()
        return rewards


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
