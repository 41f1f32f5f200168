"""The Bosk score sheet: totals, summer per line, winter per region, and everything a player
sees beside the park (season, wind board, start player, trees, tiles and tokens per seat)."""

from __future__ import annotations

from typing import Any

from ...core import Score
from .board import DIRECTIONS, Position
from .rules import (
    S_OVER,
    S_PLANT,
    S_TREE,
    STEPS,
    TILES,
    TOKENS,
    WINTER_TABLE,
    award,
    places,
    tile_name,
)


def season_of(game: Position) -> str:
    """Spring while trees are planted; autumn from the wind choice on; over after winter.
    Summer and winter are scored inside the action that ends spring or round 8."""
    if game.step == S_PLANT:
        return "spring"
    return "over" if game.step == S_OVER else "autumn"


def wind_board(game: Position) -> list[dict[str, Any]]:
    """The 8 rounds: each one's wind (None until the first wind is chosen), the tree value it
    asks for (None: any tree), and whether it is the current round."""
    winds = game.winds()
    return [
        {
            "round": r,
            "wind": DIRECTIONS[winds[r - 1]] if winds else None,
            "tree": game.required_value(r),
            "current": r == game.round and game.to_move is not None,
        }
        for r in range(1, 9)
    ]


class BoskScore(Score):
    """The score sheet beside the park (the panels show it as it is)."""

    names: list[str]
    season: str  # "spring", "autumn" or "over"
    step: str  # what the seat to move chooses next: plant, wind, tree, tile, leaf, squirrel
    to_move: int | None
    start_player: int
    round: int  # 0 in spring, then 1 to 8
    wind: str | None  # the current round's wind, N E S W
    round_starting: bool  # a round after the first has just begun: nobody has played in it
    required_tree: int | None  # the tree value the round asks for (None: any)
    wind_board: list[dict[str, Any]]  # the 8 rounds: wind, tree value asked, current
    summer_totals: list[int]
    winter_totals: list[int]
    summer: list[dict[str, Any]]  # each line: line, sums, points, first, second
    summer_now: list[dict[str, Any]]  # each line as ``summer``, scored as the park stands
    summer_now_totals: list[int]  # per seat: summer's points if spring ended now
    winter: list[dict[str, Any]]  # at the end, each region: region, spaces, lake, points,
    #                               first, second
    winter_now: list[dict[str, Any]]  # each region as ``winter``, scored as the park stands
    winter_now_totals: list[int]  # per seat: winter's points if winter came now
    regions: list[dict[str, Any]]  # each region: region, spaces held per seat, lake
    tree: str | None  # the point of the tree chosen this turn
    trees: list[dict[str, Any]]  # per seat: trees in hand, trees standing in the park
    tiles: list[dict[str, list[str]]]  # per seat: tiles in hand and used
    tokens: list[int]  # per seat: leaf tokens left in the supply
    held: list[int]  # per seat: leaf tokens held this turn
    leaves: list[int]  # per seat: leaf tokens on the park
    squirrels: list[str | None]  # per seat: the squirrel's space


def score_of(game: Position) -> BoskScore:
    geo, n = game.geo, game.n
    summer_done = game.step != S_PLANT
    # Summer as the park stands, so that a player sees in spring what the trees are doing; from
    # the end of spring on it is summer itself (a tree's line counts it after it leaves the park).
    summer_now = game.summer_lines()
    control = game.controlled()
    regions: list[dict[str, Any]] = [
        {"region": letter, "spaces": control[r], "lake": r == geo.lake}
        for r, letter in enumerate(geo.letters)
    ]
    # Winter as the park stands, so that a player sees in autumn what the leaves are doing;
    # after round 8 it is winter itself.
    winter_now = [
        dict(entry, points=award(control[r], WINTER_TABLE), **_placed(control[r]))
        for r, entry in enumerate(regions)
    ]
    winter = [dict(region) for region in winter_now] if game.step == S_OVER else []
    trees = []
    for seat in range(n):
        hand = [v for v in (1, 2, 3, 4) for _ in range(game.hand[seat][v])]
        park = [
            {"point": geo.point_names[p], "value": game.tree_value[p]}
            for p in range(len(game.tree_owner))
            if game.tree_owner[p] == seat and game.standing[p]
        ]
        trees.append({"hand": hand, "park": park})
    tiles = [
        {
            "hand": [tile_name(t) for t in TILES if game.tiles[seat] >> t & 1],
            "used": [tile_name(t) for t in TILES if not game.tiles[seat] >> t & 1],
        }
        for seat in range(n)
    ]
    held = [game.held if seat == game.to_move else 0 for seat in range(n)]
    squirrels = [geo.space_names[s] if s >= 0 else None for s in game.squirrel_at]
    return {
        "totals": game.totals(),
        "names": list(game.names),
        "season": season_of(game),
        "step": STEPS[game.step],
        "to_move": game.to_move,
        "start_player": game.start,
        "round": game.round,
        "wind": DIRECTIONS[game.wind] if game.wind >= 0 else None,
        "round_starting": game.step == S_TREE and game.round > 1 and game.turn == 0,
        "required_tree": game.required_value(game.round) if game.round else None,
        "wind_board": wind_board(game),
        "summer_totals": list(game.summer),
        "winter_totals": list(game.winter),
        "summer": summer_now if summer_done else [],
        "summer_now": summer_now,
        "summer_now_totals": [
            sum(line["points"][seat] for line in summer_now) for seat in range(n)
        ],
        "winter": winter,
        "winter_now": winter_now,
        "winter_now_totals": [sum(r["points"][seat] for r in winter_now) for seat in range(n)],
        "regions": regions,
        "tree": geo.point_names[game.tree] if game.tree >= 0 else None,
        "trees": trees,
        "tiles": tiles,
        "tokens": [TOKENS - game.on_park[seat] - held[seat] for seat in range(n)],
        "held": held,
        "leaves": list(game.on_park),
        "squirrels": squirrels,
    }


def _placed(values: list[int]) -> dict[str, list[int]]:
    """A line's or region's ``first`` and ``second`` seats, as the panels show them."""
    first, second = places(values)
    return {"first": first, "second": second}
