"""Tabula's rules engine: Bounders, Splinter and Bosk in pure Python.

The public contract (see README and DESIGN.md)::

    from py_engine import new_game, load_game, GAMES, IllegalAction, NotationError
"""

from __future__ import annotations

from typing import Any

from .bosk import Bosk
from .bounders import Bounders
from .core import Game, IllegalAction, NotationError, parse_record
from .splinter import Splinter

GAMES: dict[str, type[Game]] = {cls.name: cls for cls in (Bounders, Splinter, Bosk)}

__all__ = ["GAMES", "Game", "IllegalAction", "NotationError", "load_game", "new_game"]


def _game_class(name: Any, line: int | None = None) -> type[Game]:
    cls = GAMES.get(str(name).strip().lower()) if isinstance(name, str) else None
    if cls is None:
        known = ", ".join(GAMES)
        raise NotationError(f"unknown game {name!r}; expected one of {known}", line, str(name))
    return cls


def new_game(name: str, **options: Any) -> Game:
    """A new game of ``name``, options by keyword; an unknown or bad option is a NotationError."""
    return _game_class(name)(**options)


def load_game(text: str) -> Game:
    """The game a record describes; a NotationError names the line, token and what was expected."""
    name, option_texts, option_lines, actions = parse_record(text)
    cls = _game_class(name, 1)
    try:
        game = cls(**option_texts)
    except NotationError as exc:
        raise NotationError(str(exc), option_lines.get(exc.token or ""), exc.token) from None
    for number, action in actions:
        try:
            game.play(action)
        except ValueError as exc:
            raise NotationError(
                f"action {action!r} cannot be played: {exc}", number, action
            ) from None
    return game
