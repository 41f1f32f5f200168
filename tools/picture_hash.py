"""One hash over the engine's pictures of a few hundred positions of every game: options,
selections, previews, hints and each game's own picture options included.

Run before and after a change that must not alter any picture; the two hashes must match.
Usage: ``python tools/picture_hash.py [--games N] [--canonical]`` (random games per option set,
default 4; ``--canonical``: attributes sorted, so a change of their order alone keeps the hash).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from py_engine import GAMES, new_game  # noqa: E402

# Each game's option sets and its own picture keywords (a game not named here is drawn with its
# default options: see ``cases``).
CASES: list[tuple[str, dict[str, Any], list[dict[str, Any]]]] = [
    ("bounders", {"size": 9}, [{}, {"territory": False}]),
    ("bounders", {"size": 7, "rules": "tournament", "komi": "on"}, [{}, {"size": 300.0}]),
    ("splinter", {}, [{}, {"frame": "full"}]),
    ("splinter", {"size": "9x10", "edge": "off", "noreturn": "on"}, [{}]),
    ("bosk", {"players": 2}, [{}, {"panel": False}]),
    ("bosk", {"players": 3, "names": "Ann,Bo,Cy"}, [{}]),
    ("bosk", {"players": 4}, [{}]),
]


class Canonical:
    """A digest of pictures with each element's attributes in sorted order: a change that only
    reorders attributes (the same picture to every browser) leaves it as it was."""

    def __init__(self) -> None:
        self.digest = hashlib.sha256()

    def update(self, svg: bytes) -> None:
        import xml.etree.ElementTree as ET

        root = ET.fromstring(svg)
        for element in root.iter():
            element.attrib = dict(sorted(element.attrib.items()))
        self.digest.update(ET.tostring(root))

    def hexdigest(self) -> str:
        return self.digest.hexdigest()


def cases() -> list[tuple[str, dict[str, Any], list[dict[str, Any]]]]:
    """``CASES``, and every other registered game with its default options."""
    named = {name for name, _, _ in CASES}
    return CASES + [(name, {}, [{}]) for name in GAMES if name not in named]


def pictures(games: int, canonical: bool = False) -> tuple[str, int]:
    digest: Any = Canonical() if canonical else hashlib.sha256()
    count = 0
    rng = random.Random(20261130)
    for name, options, extras in cases():
        for _ in range(games):
            game = new_game(name, **options)
            step = 0
            while not game.is_over:
                legal = game.legal_actions()
                if step % 7 == 0:
                    for extra in extras:
                        for coords in (False, True):
                            digest.update(game.svg(coords=coords, **extra).encode())
                            count += 1
                    action = rng.choice(legal)
                    digest.update(game.svg(preview=action).encode())
                    digest.update(game.svg(hint=action, highlight=False).encode())
                    count += 2
                    for button in game.buttons():
                        if "select" in button:
                            digest.update(game.svg(select=button["select"]).encode())
                            count += 1
                    if name == "splinter":
                        for piece in sorted({a.split("-")[0] for a in legal if "-" in a}):
                            digest.update(game.svg(select=piece).encode())
                            count += 1
                game.play(rng.choice(legal))
                step += 1
            digest.update(game.svg().encode())
            digest.update(game.svg(coords=True).encode())
            count += 2
    return digest.hexdigest(), count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--canonical", action="store_true",
                        help="hash each picture with its elements' attributes sorted")
    args = parser.parse_args()
    digest, count = pictures(args.games, args.canonical)
    print(f"{count} pictures, sha256 {digest}")


if __name__ == "__main__":
    main()
