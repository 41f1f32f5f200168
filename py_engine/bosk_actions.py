"""Reading Bosk actions: each text becomes its move, or an IllegalAction saying what is wrong
and what the position expects."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .bosk_parks import DIRECTIONS
from .bosk_rules import KIND, KINDS, SQUIRREL_TILE, STEPS, VALUE, tile_name
from .core import IllegalAction

if TYPE_CHECKING:
    from .bosk import Bosk

EXPECTED = {
    "plant": "a tree to plant: plant VALUE@POINT (e.g. plant 3@c4)",
    "wind": "the first wind: wind N, wind E, wind S or wind W",
    "tree": "one of your trees: tree POINT",
    "tile": "a leaf tile: tile 2 … tile 8, or tile S for the squirrel",
    "leaf": "the next leaf: leaf SPACE",
    "squirrel": "the squirrel's space: squirrel SPACE",
}


def parse_action(game: Bosk, action: str) -> int:
    """The legal move ``action`` names in ``game``; IllegalAction explains why there is none."""
    word, _, arg = action.strip().partition(" ")
    word, arg = word.lower(), arg.strip()
    step = STEPS[game.step]
    if step == "over":
        raise IllegalAction(f"the game is over; {action!r} cannot be played")
    if word not in KINDS:
        raise IllegalAction(f"{action!r} is not a Bosk action; expected {EXPECTED[step]}")
    if word != step:
        raise IllegalAction(f"{action!r} is not playable now; expected {EXPECTED[step]}")
    kind = KINDS.index(word)
    move = kind * KIND + _READERS[word](game, arg)
    if move not in game.moves():
        raise IllegalAction(f"{action!r} is not legal here: {_why(game, word, move % KIND)}")
    return move


def _plant(game: Bosk, arg: str) -> int:
    value_text, sep, point_text = arg.partition("@")
    value_text = value_text.strip()
    if not sep or value_text not in ("1", "2", "3", "4"):
        raise IllegalAction(f"plant {arg!r}: expected plant VALUE@POINT, VALUE 1 to 4")
    value = int(value_text)
    if not game.hand[game.seat][value]:
        left = sorted({v for v in (1, 2, 3, 4) if game.hand[game.seat][v]})
        raise IllegalAction(
            f"{game.names[game.seat]} has no tree of value {value} left (left: "
            f"{', '.join(map(str, left))})"
        )
    point = _point(game, point_text.strip().lower())
    if game.tree_owner[point] >= 0:
        raise IllegalAction(f"point {point_text} already holds a tree")
    return (value - 1) * VALUE + point


def _wind(game: Bosk, arg: str) -> int:
    direction = arg.upper()
    if len(direction) != 1 or direction not in DIRECTIONS:
        raise IllegalAction(f"wind {arg!r}: expected wind N, wind E, wind S or wind W")
    return DIRECTIONS.index(direction)


def _tree(game: Bosk, arg: str) -> int:
    return _point(game, arg.lower())


def _tile(game: Bosk, arg: str) -> int:
    text = arg.upper()
    if text == "S":
        return SQUIRREL_TILE
    if text not in ("2", "3", "4", "5", "6", "7", "8"):
        raise IllegalAction(f"tile {arg!r}: expected a tile 2 to 8, or S for the squirrel")
    return int(text)


def _space(game: Bosk, arg: str) -> int:
    geo = game.geo
    space = geo.space_index.get(arg.lower())
    if space is None:
        raise IllegalAction(
            f"{arg!r} is not a space of this park (a1 to {geo.space_names[-1]})"
        )
    return space


def _point(game: Bosk, name: str) -> int:
    geo = game.geo
    point = geo.point_index.get(name)
    if point is None:
        raise IllegalAction(
            f"{name!r} is not an inner point of this park (b2 to {geo.point_names[-1]})"
        )
    return point


_READERS = {
    "plant": _plant,
    "wind": _wind,
    "tree": _tree,
    "tile": _tile,
    "leaf": _space,
    "squirrel": _space,
}


def _why(game: Bosk, word: str, data: int) -> str:
    """Why a well-formed action is not among the legal moves."""
    geo, seat = game.geo, game.seat
    if word == "tree":
        if game.tree_owner[data] != seat or not game.standing[data]:
            return f"{game.names[seat]} has no tree on {geo.point_names[data]}"
        return f"round {game.round} needs a tree of value {game.round}"
    if word == "tile":
        return f"tile {tile_name(data)} has been used" if data != SQUIRREL_TILE else (
            "the squirrel tile has been used"
        )
    name = geo.space_names[data]
    if word == "squirrel":
        return f"{name} is not within 3 steps downwind of the tree"
    if game.squirrel[data] >= 0:
        return f"{name} holds a squirrel"
    ahead = geo.first[game.wind][game.tree] if game.last < 0 else geo.ahead[game.wind][game.last]
    if data not in ahead:
        where = "on the tree's downwind side" if game.last < 0 else (
            f"ahead of {geo.space_names[game.last]}"
        )
        return f"{name} is not {where} (wind {DIRECTIONS[game.wind]})"
    cost = game.height[data] + 1
    return f"covering {name} costs {cost} tokens and {game.held} are held"
