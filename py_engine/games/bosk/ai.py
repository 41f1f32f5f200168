"""What the search knows about Bosk.

Only the winner scores a win, and one playout's winner says little on its own. A playout's
reward is therefore mostly the win and partly, with two seats, the seat's share of all points
scored, or, with three or four, its place: how many of the other seats it finished ahead of.
(With four seats a share of the points barely moves from one playout to the next, and a search
rewarded by it gained little from more iterations; at equal iterations, a search rewarded by
the place finished ahead of one rewarded by the points in about five meetings of eight.)
Either way the rewards sum to 1 over the seats.

A playout plays like someone who reads the score sheet. In spring it looks at a few trees it
could plant and plants the one that gains most on its row and column lines as they stand. In
autumn each leaf (and the squirrel) goes where it gains most in its region's winter points as
the park stands, against the other seats: taking a region's first space, or drawing level, is
worth more than one more space where the seat already leads. One leaf in five is laid at random
instead, so that playouts still vary. Plant, tree and leaf moves keep their meaning from one
position to another, so the search shares what it learns about a move between positions (RAVE)
and adds a node's moves one at a time, the best by that shared estimate first (progressive
widening).

With four seats Expert and the hint search another way (``FOUR_SEAT_SEARCH``), which gains
more from a longer search: the place alone, counted pair by pair by how far apart the totals
are (``margin``); tiles that the path from the tree can take (``fit``); no trees or tiles in
the shared statistics (``rave_turns``), since each is played once in every game; and those
statistics weighing more in each child's value (``rave``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence

from ...core import Game
from ...mcts import Knowledge
from .board import Park
from .game import Bosk
from .rules import (
    KIND,
    S_LEAF,
    S_PLANT,
    S_SQUIRREL,
    S_TILE,
    S_TREE,
    SUMMER_TABLE,
    TILE,
    TILES,
    VALUE,
    WINTER_TABLE,
    award,
)

SHARE = 0.3
WANDER = 0.2  # the share of a playout's leaves laid at random
PLANT_LOOKS = 8  # how many trees a playout's spring move weighs before planting one
# How Expert (and the hint) searches with four seats, where a longer search gains most by it:
# the place in the reward counted by how far apart the totals are and without the win,
# playouts that play tiles the path can take, no trees or tiles in the shared statistics, and
# those statistics weighing more (see ``BoskKnowledge.margin``, ``fit``, ``rave_turns`` and
# ``rave``: where a seat lays its leaves later in a playout says which spaces are worth
# holding at the end). Its mean reward, read as the hint's win chances, is a little flat:
# sharpened as self-play bears out (``arena bosk players=4 --calibrate 1700``).
FOUR_SEAT_SEARCH = {
    "margin": 3.0, "share": 1.0, "fit": 1, "rave_turns": 0, "rave": 5000.0,
    "sharpness_for_four": 1.45,
}


class BoskKnowledge(Knowledge):
    """Playouts that plant and lay leaves where they gain most as the score stands, and whose
    reward mixes the win with each seat's share of the points; shared statistics and
    progressive widening. ``wander`` is the share of leaves laid at random, ``plant_looks`` how
    many plant moves a playout weighs (0: plant at random)."""

    rave = 300.0
    widening = 1.0
    leaves = True
    # A playout's reward is partly a share of the points, so the mean says little of who wins
    # in mid-game: flattened as self-play bears out (``arena --calibrate 3000``, two seats, the
    # hint's iterations in the browser).
    sharpness = 0.7
    # With four seats (the place in the reward) the raw mean fits as it is (``arena bosk
    # players=4 --calibrate 1700``, the hint's iterations in the browser with four seats).
    sharpness_for_four = 1.0
    # A newcomer's move (what scores at once) is fair here and the search gains slowly with
    # iterations, so the lower levels mix the two and the upper ones search much longer.
    levels = {
        "beginner": {"iterations": 30, "greedy": 0.9},
        "casual": {"iterations": 30, "greedy": 0.5},
        "easy": {"iterations": 30, "greedy": 0.1},
        "medium": {"iterations": 100},
        "hard": {"iterations": 600},
        "expert": {"iterations": 3000},
    }
    # With four seats a newcomer's move is worth more (30 iterations searched barely beat it),
    # and each doubling of the search gains less. The lower levels sit between greedy and
    # Medium a step of about two meetings in three apart (with a newcomer's move 80 %, 40 % and
    # 15 % of the time, Beginner finished ahead of greedy in 57 % of the meetings and Easy of
    # Casual in only 54 %). Hard searches eight times Medium's iterations and finishes ahead of
    # it in about three meetings in five, and Expert four times Hard's (at 1,500 it was no step
    # above Hard, and 6,000 was no clearer step than 3,000 with either search; 3,000 is about
    # 3.9 s of its 8 s in the browser). Expert searches its own way (``FOUR_SEAT_SEARCH``), which
    # at 3,000 iterations finishes further ahead of Medium than the game's search did (and of
    # Hard about as far).
    levels_for_four: Mapping[str, Mapping[str, float]] = {
        "beginner": {"iterations": 30, "greedy": 0.95},
        "casual": {"iterations": 30, "greedy": 0.6},
        "easy": {"iterations": 30, "greedy": 0.1},
        "medium": {"iterations": 100},
        "hard": {"iterations": 800},
        "expert": {"iterations": 3000, **FOUR_SEAT_SEARCH},
    }

    # How many plant moves a node of the tree weighs in spring: the ones that gain most on
    # their lines as they stand (0: every one, added in the order the shared statistics say).
    plant_choices = 0
    # 1: with ``plant_choices``, every plant tied with the last of them is kept too, and the
    # shared statistics choose among them, rather than a random draw of the tied.
    plant_ties = 0
    # 1: a playout's leaf weighs what it gains against the leading other seat (by the totals
    # as they stand), not against the mean of the others: every seat plays to win.
    chase = 0
    # With three or four seats, how many points apart two seats' totals must be for the place in
    # a playout's reward to count one clearly ahead of the other (0: by the ranking alone).
    margin = 0.0
    # 1: a playout's tile is one whose tokens the path from the tree can take, not any tile.
    fit = 0
    # 0: the trees and tiles a playout plays are left out of the shared statistics (every seat
    # plays each of its trees and tiles once in every game, so sharing them says little).
    rave_turns = 1
    # 1: a playout's seat chooses its tree and tile together, the pair whose leaves would gain
    # most as the park stands (see ``plan_turn``), rather than at random.
    plan = 0
    # From autumn's round ``late_round`` on, the margin the place is counted by (0: ``margin``
    # to the end): near the end a playout's totals vary little, and a point ahead is what counts.
    late_margin = 0.0
    late_round = 7
    # 1: a node adds its trees, tiles and leaves best first by what they gain as the park stands
    # (``gain_order``), rather than in random order, so that a node seen a few times (most of an
    # opponent's) has tried what a player would.
    bias = 0

    def __init__(
        self, share: float = SHARE, wander: float = WANDER, plant_looks: int = PLANT_LOOKS
    ) -> None:
        self.share = share
        self.wander = wander
        self.plant_looks = plant_looks

    def tuning(self, players: int) -> Mapping[str, Mapping[str, float]]:
        return self.levels_for_four if players >= 4 else self.levels

    def sharpness_for(self, players: int) -> float:
        return self.sharpness_for_four if players >= 4 else self.sharpness

    def expansion_order(self, game: Game, moves: Sequence[int], rng: random.Random) -> list[int]:
        """In spring, with ``plant_choices``, only that many plant moves: those that gain most
        on their lines (``plant_gain``), the best last (tried first), ties in random order. In
        autumn, with ``bias``, every move, the best as the park stands last (``gain_order``)."""
        assert isinstance(game, Bosk)
        if game.step != S_PLANT:
            if self.bias and S_TREE <= game.step <= S_SQUIRREL and len(moves) > 1:
                return gain_order(game, moves, rng)
            return super().expansion_order(game, moves, rng)
        if not self.plant_choices:
            return super().expansion_order(game, moves, rng)
        seat = game.to_move
        assert seat is not None
        sums, point_lines = game.line_sums(), game.geo.point_lines
        weighed = []
        for move in moves:
            value, point = divmod(move % KIND, VALUE)
            weighed.append((plant_gain(sums, point_lines[point], seat, value + 1), rng.random(),
                            move))
        weighed.sort()
        kept = weighed[-self.plant_choices:]
        if self.plant_ties and kept:
            least = kept[0][0]
            kept = [entry for entry in weighed if entry[0] >= least]
        return [move for _, _, move in kept]

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
        top, region = game.top, game.geo.region
        point_lines = game.geo.point_lines
        counts = game.controlled()
        sums = game.line_sums() if game.step == S_PLANT else []
        looks, wander, leaves = self.plant_looks, self.wander, self.leaves
        fit, turns, plan = self.fit, self.rave_turns, self.plan
        geo = game.geo
        margin = self.margin
        if self.late_margin and game.round >= self.late_round:
            margin = self.late_margin
        chase = self.chase
        totals: list[float] | None = None  # each seat's total as the playout stands (chase)
        depth = 0
        planned = 0  # the tile a planned turn means to play (0: none)
        while (seat := game.to_move) is not None:
            moves = game.moves()
            step = game.step
            if step == S_LEAF or step == S_SQUIRREL:  # most of a playout's moves: tested first
                if chase and totals is None:
                    totals = self.evaluate(game)
                if leaves and len(moves) > 1 and rng.random() >= wander:
                    rival = -1 if totals is None else leader(totals, seat)
                    move = leaf_choice(seat, moves, top, region, counts, rng, rival)
                else:
                    move = rng.choice(moves)
                space = move % KIND
                owner = top[space]
                held = counts[region[space]]
                if totals is not None:
                    was = _award(held, WINTER_TABLE)
                if owner >= 0:
                    held[owner] -= 1
                held[seat] += 1
                if totals is not None:
                    for other, points in enumerate(_award(held, WINTER_TABLE)):
                        totals[other] += points - was[other]
            elif step == S_PLANT and looks:
                move = plant_choice(seat, moves, sums, point_lines, looks, rng)
                value, point = divmod(move % KIND, VALUE)
                for line in point_lines[point]:
                    sums[line][seat] += value + 1
            elif step == S_TREE and plan and rng.random() >= wander:
                move, planned = plan_turn(game, seat, moves, counts, rng)
            elif step == S_TILE and (planned or fit):
                move = TILE + planned if planned else tile_fit(
                    moves, reach(geo, game.tree, game.wind), rng)
                planned = 0
            else:
                move = rng.choice(moves)
            if trace is not None and (turns or (step != S_TREE and step != S_TILE)):
                trace.append((seat, move))
            game.do(move)
            depth += 1
        rewards = shaped(game, self.share, margin)
        for _ in range(depth):
            game.undo_move()
        return rewards


# Points by each seat's values in one region (winter) or line (summer), kept as they are met:
# a playout meets the same few counts again and again.
_AWARDS: dict[tuple[tuple[int, ...], tuple[int, ...]], list[int]] = {}


def _award(values: Sequence[int], table: tuple[int, int, int, int, int]) -> list[int]:
    key = (table, tuple(values))
    points = _AWARDS.get(key)
    if points is None:
        points = _AWARDS[key] = award(values, table)
    return points


def edge(
    before: Sequence[int],
    after: Sequence[int],
    seat: int,
    table: tuple[int, int, int, int, int],
    rival: int = -1,
) -> float:
    """What a change of one region's (or line's) values from ``before`` to ``after`` gains
    ``seat``: its own points gained less the mean of what each other seat gains, or less what
    ``rival`` gains if one is named."""
    was, now = _award(before, table), _award(after, table)
    mine = now[seat] - was[seat]
    if rival >= 0:
        return mine - (now[rival] - was[rival])
    others = sum(now) - sum(was) - mine
    return mine - others / (len(now) - 1)


def leaf_gain(held: Sequence[int], seat: int, owner: int, rival: int = -1) -> float:
    """What a leaf gains ``seat`` in winter points (against ``rival`` if one is named, see
    ``edge``) in a region whose spaces each seat holds ``held``, laid on a space that ``owner``
    holds (-1: no one): a space no one holds is worth a tenth of a point more (it costs one
    token, taking one over costs the stack), one of its own gains nothing and is the last
    choice."""
    if owner == seat:
        return -0.5
    after = list(held)
    after[seat] += 1
    if owner >= 0:
        after[owner] -= 1
    return edge(held, after, seat, WINTER_TABLE, rival) + (0.1 if owner < 0 else 0.0)


def leaf_choice(
    seat: int,
    moves: Sequence[int],
    top: Sequence[int],
    region: Sequence[int],
    counts: Sequence[Sequence[int]],
    rng: random.Random,
    rival: int = -1,
) -> int:
    """A playout's leaf or squirrel: the space where it gains most (``leaf_gain``, against
    ``rival`` if one is named) as the park stands, ties at random. No leaf or squirrel may go
    where a squirrel is, so a space's holder is its top token's owner."""
    best = -1e9
    found: list[int] = []
    for move in moves:
        space = move % KIND
        gain = leaf_gain(counts[region[space]], seat, top[space], rival)
        if gain > best:
            best, found = gain, [move]
        elif gain == best:
            found.append(move)
    return found[0] if len(found) == 1 else rng.choice(found)


def leader(totals: Sequence[float], seat: int) -> int:
    """The other seat whose total is highest (the first such on a tie): whom a seat that
    plays to win lays its leaves against (``chase``)."""
    return max((s for s in range(len(totals)) if s != seat), key=totals.__getitem__)


def plant_gain(
    sums: Sequence[Sequence[int]], lines: Sequence[int], seat: int, value: int
) -> float:
    """What planting a tree of ``value`` gains ``seat`` in summer points on ``lines`` (the row
    and column lines through its point), the lines' values as they stand."""
    gain = 0.0
    for line in lines:
        before = sums[line]
        after = list(before)
        after[seat] += value
        gain += edge(before, after, seat, SUMMER_TABLE)
    return gain


def plant_choice(
    seat: int,
    moves: Sequence[int],
    sums: Sequence[Sequence[int]],
    point_lines: Sequence[Sequence[int]],
    looks: int,
    rng: random.Random,
) -> int:
    """A playout's spring move: of ``looks`` plant moves drawn at random, the one that gains
    most on its lines (``plant_gain``), the first drawn on a tie."""
    best = -1e9
    chosen = moves[0]
    for _ in range(looks):
        move = rng.choice(moves)
        value, point = divmod(move % KIND, VALUE)
        gain = plant_gain(sums, point_lines[point], seat, value + 1)
        if gain > best:
            best, chosen = gain, move
    return chosen


def path_gains(
    game: Bosk, point: int, seat: int, counts: Sequence[list[int]]
) -> list[tuple[int, float]]:
    """A path of leaves laid greedily (``leaf_gain``) from the tree at ``point`` as the park
    stands, with 8 tokens: after each leaf, the tokens spent so far and what they gained."""
    geo, top, height, squirrel = game.geo, game.top, game.height, game.squirrel
    region, ahead = geo.region, geo.ahead[game.wind]
    options: Sequence[int] = geo.first[game.wind][point]
    held, total = 8, 0.0
    found: list[tuple[int, float]] = []
    taken: list[tuple[list[int], int]] = []  # each leaf's region counts and the space's holder
    while held > 0:
        best, pick = -1e9, -1
        for space in options:
            owner = top[space]
            if squirrel[space] >= 0 or (0 <= owner != seat and held <= height[space]):
                continue
            gain = leaf_gain(counts[region[space]], seat, owner)
            if gain > best:
                best, pick = gain, space
        if pick < 0:
            break
        owner = top[pick]
        held -= 1 if owner < 0 or owner == seat else height[pick] + 1
        row = counts[region[pick]]
        if owner >= 0:
            row[owner] -= 1
        row[seat] += 1
        taken.append((row, owner))
        total += best
        found.append((8 - held, total))
        options = ahead[pick]
    for row, owner in taken:
        row[seat] -= 1
        if owner >= 0:
            row[owner] += 1
    return found


def path_worth(profile: Sequence[tuple[int, float]], tile: int) -> float:
    """What a greedy path (``path_gains``) gains with ``tile``'s tokens (the squirrel counts
    as a path's first leaf)."""
    gain = 0.0
    for spent, total in profile:
        if spent > tile:
            break
        gain = total
    return gain


def gain_order(game: Bosk, moves: Sequence[int], rng: random.Random) -> list[int]:
    """A node's trees, tiles, leaves or squirrel spaces, the one that gains most as the park
    stands last (added first), ties in random order: a leaf by ``leaf_gain``, a tile by what the
    greedy path from the chosen tree gains with its tokens, a tree by that path with the best
    tile its seat holds."""
    seat = game.to_move
    assert seat is not None
    step, counts = game.step, game.controlled()
    weighed = []
    if step == S_TREE:
        mask = game.tiles[seat]
        tiles = [t for t in TILES if mask >> t & 1]
        for move in moves:
            profile = path_gains(game, move % KIND, seat, counts)
            weighed.append((max(path_worth(profile, t) for t in tiles), rng.random(), move))
    elif step == S_TILE:
        profile = path_gains(game, game.tree, seat, counts)
        weighed = [(path_worth(profile, move % KIND), rng.random(), move) for move in moves]
    else:
        top, region = game.top, game.geo.region
        for move in moves:
            space = move % KIND
            weighed.append((leaf_gain(counts[region[space]], seat, top[space]), rng.random(),
                            move))
    weighed.sort()
    return [move for _, _, move in weighed]


def plan_turn(
    game: Bosk, seat: int, trees: Sequence[int], counts: Sequence[list[int]],
    rng: random.Random,
) -> tuple[int, int]:
    """A playout's tree, and the tile it means to play with it: of the trees it may choose and
    the tiles it holds, the pair whose greedy path (``path_gains``) gains most with the tile's
    tokens (the squirrel counts as a path's first leaf), ties at random."""
    mask = game.tiles[seat]
    tiles = [t for t in TILES if mask >> t & 1]
    best, chosen = -1e9, (trees[0], tiles[0])
    for tree in trees:
        profile = path_gains(game, tree % KIND, seat, counts)
        for tile in tiles:
            score = path_worth(profile, tile) + rng.random() * 1e-6
            if score > best:
                best, chosen = score, (tree, tile)
    return chosen


def reach(geo: Park, point: int, wind: int) -> int:
    """How many leaves a path from the tree at ``point`` can lay before the downwind edge."""
    x, y = geo.point_xy[point]
    return (geo.height - y, geo.width - x, y, x)[wind]


def tile_fit(moves: Sequence[int], room: int, rng: random.Random) -> int:
    """A playout's tile: one at random of those whose tokens a path of ``room`` spaces can
    take (the squirrel's among them), or the smallest if none fits."""
    fitting = [move for move in moves if move % KIND <= room]
    return rng.choice(fitting) if fitting else moves[0]


def shaped(game: Bosk, share: float, margin: float = 0.0) -> list[float]:
    """``(1 - share)`` times the win plus ``share`` times a part that still sums to 1 over the
    seats: with two seats, the seat's part of all points; with more, its place (how many of the
    other seats it finished ahead of, by the game's ranking, over the most it could), scaled by
    2 / seats so that the places also sum to 1. With more than two seats and a ``margin`` (in
    points), each other seat counts by how far ahead of it the seat finished: a logistic of
    the difference over ``margin`` (a half each when level), so that a wide lead counts more
    than a narrow one."""
    n = game.n
    if n > 2 and margin:
        totals = game.totals()
        pairs = n * (n - 1) / 2
        rewards = []
        for seat, total in enumerate(totals):
            ahead = sum(
                1 / (1 + math.exp(min(50.0, (other - total) / margin)))
                for rival, other in enumerate(totals) if rival != seat
            )
            rewards.append(share * ahead / pairs)
        rewards[game.ranking()[0]] += 1 - share
        return rewards
    if n > 2:
        ranking = game.ranking()
        rewards = [0.0] * n
        for place, seat in enumerate(ranking):
            rewards[seat] = share * 2 * (n - 1 - place) / ((n - 1) * n)
        rewards[ranking[0]] += 1 - share  # the win: first in the ranking, as ``rewards()``
        return rewards
    wins = game.rewards()
    totals = game.totals()
    points = sum(totals)
    if not points:
        return wins
    return [
        (1 - share) * win + share * total / points
        for win, total in zip(wins, totals, strict=True)
    ]
