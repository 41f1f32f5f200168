"""What the search knows about Bounders.

A cell is the same move whoever plays it and whenever: a stone's worth depends on the regions
it bounds at the end far more than on the order of play. So the search shares what it learns
about a cell between positions (RAVE) and adds a node's moves one at a time, the best by that
shared estimate first (progressive widening), instead of trying all 127 once before any twice.
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
    """Shared statistics and progressive widening; ``swap`` first; random playouts."""

    rave = 300.0
    widening = 1.0
    # At the hint's budget (``arena --calibrate 7700``, 12 games, about what the hint searches
    # in 2 s in the browser) the raw estimate is a little too sure above 70 %: flattened.
    sharpness = 0.8
    # A newcomer's move (what scores at once) is weak here and a short search strong, so the
    # lower levels mostly play the newcomer's move and the upper ones search a little.
    levels = {
        "beginner": {"iterations": 30, "greedy": 0.97},
        "casual": {"iterations": 30, "greedy": 0.63},
        "easy": {"iterations": 30, "greedy": 0.27},
        "medium": {"iterations": 30},
        "hard": {"iterations": 60},
        "expert": {"iterations": 110},
    }

    def expansion_order(self, game: Game, moves: Sequence[int], rng: random.Random) -> list[int]:
        order = super().expansion_order(game, moves, rng)
        if SWAP in order:
            order.remove(SWAP)
            order.append(SWAP)
        return order
