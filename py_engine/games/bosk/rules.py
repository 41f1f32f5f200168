"""The pure rules of Bosk (its rules page: web/rules/bosk.json): move and step codes, the pieces,
the scoring tables, start-player ties and the wind schedule. Shared by the game and its notation,
score sheet and picture."""

from __future__ import annotations

from collections.abc import Sequence

KIND = 1024
PLANT, WIND, TREE, TILE, LEAF, SQUIRREL = (k * KIND for k in range(6))
KINDS = ("plant", "wind", "tree", "tile", "leaf", "squirrel")
VALUE = 128  # plant moves: (value - 1) * VALUE + point

# Steps of play: what the seat to move chooses next.
S_PLANT, S_WIND, S_TREE, S_TILE, S_LEAF, S_SQUIRREL, S_OVER = range(7)
STEPS = ("plant", "wind", "tree", "tile", "leaf", "squirrel", "over")

TREE_VALUES = (1, 1, 2, 2, 3, 3, 4, 4)
SQUIRREL_TILE = 1  # the squirrel tile counts as 1 for the next start player
TILES = (1, 2, 3, 4, 5, 6, 7, 8)
ALL_TILES = sum(1 << t for t in TILES)
TOKENS = 35
ROUNDS = 8
TURNS = "FRBL"  # forward, right, back, left: quarter turns clockwise from the first wind

# Points by rank, as (alone, first, second, tied first, tied second).
SUMMER_TABLE = (3, 2, 1, 1, 0)
WINTER_TABLE = (8, 5, 3, 4, 1)


def tile_name(tile: int) -> str:
    return "S" if tile == SQUIRREL_TILE else str(tile)


def award(values: Sequence[int], table: tuple[int, int, int, int, int]) -> list[int]:
    """Points for one line (summer) or region (winter); only seats with a value above 0 take
    part. A seat alone takes ``alone``. Otherwise the highest takes ``first`` and the next
    highest ``second``; several tied highest take ``tied first`` each and nobody is second;
    several tied next highest take ``tied second`` each."""
    alone, first, second, tied_first, tied_second = table
    points = [0] * len(values)
    taking = [seat for seat, v in enumerate(values) if v > 0]
    if len(taking) == 1:
        points[taking[0]] = alone
        return points
    if not taking:
        return points
    top = max(values[seat] for seat in taking)
    firsts = [seat for seat in taking if values[seat] == top]
    if len(firsts) > 1:
        for seat in firsts:
            points[seat] = tied_first
        return points
    points[firsts[0]] = first
    rest = [seat for seat in taking if values[seat] != top]
    runner = max(values[seat] for seat in rest)
    seconds = [seat for seat in rest if values[seat] == runner]
    for seat in seconds:
        points[seat] = second if len(seconds) == 1 else tied_second
    return points


def places(values: Sequence[int]) -> tuple[list[int], list[int]]:
    """The seats placed first and second in one line or region, by the rule of ``award``:
    only seats above 0 take part; several tied highest share first and nobody is second."""
    taking = [seat for seat, v in enumerate(values) if v > 0]
    if not taking:
        return [], []
    top = max(values[seat] for seat in taking)
    firsts = [seat for seat in taking if values[seat] == top]
    rest = [seat for seat in taking if values[seat] != top]
    if len(firsts) > 1 or not rest:
        return firsts, []
    runner = max(values[seat] for seat in rest)
    return firsts, [seat for seat in rest if values[seat] == runner]


def nearest_clockwise(seats: Sequence[int], start: int, players: int) -> int:
    """Of the tied ``seats``, the one nearest clockwise from ``start``, ``start`` itself first."""
    return min(seats, key=lambda seat: (seat - start) % players)


def wind_schedule(first: int, winds: str) -> list[int]:
    """Each round's wind (0..3 = N E S W) from the first direction and the ``winds`` letters."""
    return [(first + TURNS.index(letter)) % 4 for letter in winds]
