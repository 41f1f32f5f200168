"""The games, one package each (``games/<name>/``), found by their declarations.

Every package has a ``spec.py`` declaring the game (``SPEC``, a ``GameSpec``); ``SPECS`` holds
them in the site's order. Adding a game is adding its package: nothing else lists games.
"""

from __future__ import annotations

import pkgutil
from importlib import import_module

from ..core import GameSpec


def _find() -> dict[str, GameSpec]:
    found: list[GameSpec] = []
    for module in pkgutil.iter_modules(__path__):
        if module.ispkg:
            spec = import_module(f".{module.name}.spec", __name__).SPEC
            if not isinstance(spec, GameSpec) or spec.name != module.name:
                raise ImportError(f"games/{module.name}/spec.py must declare SPEC for it")
            found.append(spec)
    return {spec.name: spec for spec in sorted(found, key=lambda spec: (spec.order, spec.name))}


SPECS: dict[str, GameSpec] = _find()


def module_of(name: str, concern: str) -> str:
    """The module path of a game's concern (``game``, ``ai``...), for ``import_module``."""
    return f"{__name__}.{name}.{concern}"
