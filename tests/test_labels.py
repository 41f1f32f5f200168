"""Every playable part of every picture has a name a screen reader says in the reader's
language: the engine's English label, and a message key of both catalogues that says the same
thing (the English message, filled in, is the engine's label word for word)."""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from py_engine import GAMES, new_game

ROOT = Path(__file__).resolve().parents[1]
CATALOGUES = {
    lang: json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text("utf-8"))
    for lang in ("en", "ko")
}


def fill(message: str, values: dict[str, object]) -> str:
    return re.sub(r"\{(\w+)\}", lambda m: str(values.get(m.group(1), m.group(0))), message)


def pictures(name: str) -> list[str]:
    """Pictures of a random game's positions, with every selection offered on the way."""
    game = new_game(name, **({"players": 3} if name == "bosk" else {}))
    rng = random.Random(5)
    drawn = []
    while not game.is_over and len(drawn) < 120:
        legal = game.legal_actions()
        drawn.append(game.svg())
        for button in game.buttons():
            if "select" in button:
                drawn.append(game.svg(select=button["select"]))
        pieces = sorted({a.split("-")[0] for a in legal if "-" in a})[:2]
        drawn.extend(game.svg(select=piece) for piece in pieces)
        if name == "splinter":
            drawn.append(game.svg(preview=legal[0]))
        game.play(rng.choice(legal))
    return drawn


@pytest.mark.parametrize("name", list(GAMES))
def test_every_playable_part_is_named_in_both_languages(name: str) -> None:
    seen: set[str] = set()
    for svg in pictures(name):
        for element in ET.fromstring(svg).iter():
            if element.get("role") != "button":
                continue
            key = element.get("data-i18n-label")
            if key is None:  # a cell's or point's name, the same in every language
                assert re.fullmatch(r"[a-z]+\d+|swap", element.get("aria-label", "")), svg[:80]
                continue
            values = json.loads(element.get("data-i18n-values", "{}"))
            assert fill(CATALOGUES["en"][key], values) == element.get("aria-label")
            assert key in CATALOGUES["ko"] and CATALOGUES["ko"][key] != CATALOGUES["en"][key]
            seen.add(key)
    if name != "bounders":
        assert seen, "the game's pictures have translatable parts"


LEVELS = ("beginner", "casual", "easy", "medium", "hard", "expert")


def test_korean_level_names_are_one_series() -> None:
    """The computer's six levels read in Korean as one graded series, 입문 (the entry step) then
    초급 … 최상급, each stronger than the last, and each seat choice quotes its level's name."""
    ko = CATALOGUES["ko"]
    names = [ko[f"home.level.{level}"] for level in LEVELS]
    assert names == ["입문", "초급", "초중급", "중급", "고급", "최상급"]
    assert all(name.endswith("급") for name in names[1:])
    for level, name in zip(LEVELS, names, strict=True):
        assert ko[f"seats.{level}"].startswith(f"컴퓨터: {name}, "), level
