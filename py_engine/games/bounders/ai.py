"""What the search knows about Bounders.

The pie rule's ``swap`` is one more action at the second turn; it is tried first so that even
a short search weighs it against every placement.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...core import Game
from ...mcts import Knowledge
from .board import SWAP


class BoundersKnowledge(Knowledge):
    """Expansion tries ``swap`` first; playouts stay uniformly random; a cell is the same move
    whoever plays it and whenever, so statistics shared between moves (RAVE) say much."""

    rave = 300.0

    def expansion_order(self, game: Game, moves: Sequence[int], rng: random.Random) -> list[int]:
        order = super().expansion_order(game, moves, rng)
        if SWAP in order:
            order.remove(SWAP)
            order.append(SWAP)
        return order
