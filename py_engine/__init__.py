"""Tabula's rules engine: Bounders, Splinter and Bosk in pure Python.

The public contract (see README and docs/architecture.md)::

    from py_engine import new_game, load_game, GAMES, IllegalAction, NotationError
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module
from typing import Any

from .core import Game, GameSpec, IllegalAction, NotationError, parse_record, play_line, shown
from .games import SPECS, module_of


class GameRegistry(Mapping[str, type[Game]]):
    """The games by name, in the site's order, from their declarations (``specs``, each a
    ``GameSpec``): each class is imported from its package the first time it is asked for, so a
    page that plays one game never loads (or, in the browser, compiles) the others."""

    def __init__(self, specs: Mapping[str, GameSpec]) -> None:
        self.specs = specs
        self._loaded: dict[str, type[Game]] = {}

    def __getitem__(self, name: str) -> type[Game]:
        if name not in self._loaded:
            spec = self.specs[name]
            self._loaded[name] = getattr(import_module(module_of(name, "game")), spec.game)
        return self._loaded[name]

    def __contains__(self, name: object) -> bool:
        return name in self.specs

    def __iter__(self) -> Iterator[str]:
        return iter(self.specs)

    def __len__(self) -> int:
        return len(self.specs)


GAMES = GameRegistry(SPECS)

__all__ = [
    "GAMES", "Game", "GameSpec", "IllegalAction", "NotationError", "load_game", "new_game",
]


def _game_class(name: Any, line: int | None = None) -> type[Game]:
    key = name.strip().lower() if isinstance(name, str) else None
    if key is None or key not in GAMES:
        known = ", ".join(GAMES)
        raise NotationError(
            "unknown game {name}; expected one of {known}", line, str(name),
            code="record.game", name=shown(name), known=known,
        )
    return GAMES[key]


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
        raise exc.at(option_lines.get(exc.token or "")) from None
    for number, action in actions:
        play_line(game, number, action)
    return game
