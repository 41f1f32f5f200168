"""The Bosk picture: a valid SVG whose clickable targets are exactly the legal actions."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from py_engine import IllegalAction
from py_engine.bosk import Bosk

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def actions(svg: str) -> list[str]:
    return sorted(e.get("data-action", "") for e in parse(svg).iter() if e.get("data-action"))


def at_step(step: str, seed: int = 3) -> Bosk:
    """A random 2-player game played until its next action is a ``step`` (or it ends)."""
    rng = random.Random(seed)
    game = Bosk(players=2)
    while game.score()["step"] not in (step, "over"):
        game.play(rng.choice(game.legal_actions()))
    return game


def test_spring_needs_a_value_then_points() -> None:
    game = Bosk(players=2)
    assert actions(game.svg()) == []
    svg = game.svg(select="plant 3")
    assert actions(svg) == sorted(a for a in game.legal_actions() if a.startswith("plant 3@"))
    assert len(actions(svg)) == 49
    with pytest.raises(IllegalAction, match="cannot be selected"):
        game.svg(select="plant 5")
    with pytest.raises(IllegalAction):
        game.svg(select="tile 3")


@pytest.mark.parametrize("step", ["wind", "tree", "leaf", "squirrel"])
def test_targets_are_the_legal_actions(step: str) -> None:
    for seed in range(40):
        game = at_step(step, seed=seed)
        if game.score()["step"] == step:
            break
    assert game.score()["step"] == step
    assert actions(game.svg()) == sorted(game.legal_actions())
    assert actions(game.svg(highlight=False)) == []
    for element in parse(game.svg()).iter():
        if element.get("data-action"):
            assert element.get("tabindex") == "0" and element.get("role") == "button"
            assert element.get("aria-label")


def test_leaf_targets_show_their_cost() -> None:
    game = Bosk(players=2)
    for action in ["plant 1@e4", "plant 1@d5", "plant 1@b3", "plant 1@c2",
                   "plant 2@b5", "plant 2@e2", "plant 2@b6", "plant 2@f2",
                   "plant 3@b7", "plant 3@g2", "plant 3@b8", "plant 3@h2",
                   "plant 4@c8", "plant 4@h3", "plant 4@d8", "plant 4@h4", "wind N"]:
        game.play(action)
    e4 = game.geo.space_index["e4"]
    game.height[e4], game.top[e4] = 2, 1
    game.play("tree e4")
    game.play("tile 5")
    root = parse(game.svg())
    labels = {e.get("data-action"): e.get("aria-label") for e in root.iter()
              if e.get("data-action")}
    assert labels == {"leaf d4": "leaf on d4, costs 1 token",
                      "leaf e4": "leaf on e4, costs 3 tokens"}
    costs = sorted(e.text or "" for e in root.iter(f"{NS}text")
                   if "cost" in (e.get("class") or "").split())
    assert costs == ["1", "3"]
    heights = [e.text for e in root.iter(f"{NS}text") if e.get("class") == "height"]
    assert heights == ["2"]


def test_picture_of_a_whole_game() -> None:
    rng = random.Random(11)
    game = Bosk(players=4, names=["<b>Ann</b>", "Bo & Co", "Cyd", "Dee"])
    while not game.is_over:
        game.play(rng.choice(game.legal_actions()))
    svg = game.svg(coords=True)
    root = parse(svg)
    assert root.tag == f"{NS}svg"
    title = root.find(f"{NS}title")
    assert title is not None and title.text and "Game over" in title.text
    assert root.get("aria-label") == title.text
    texts = [e.text for e in root.iter(f"{NS}text")]
    assert "<b>Ann</b>" in texts and "Bo & Co" in texts
    assert "<b>" not in svg
    assert "style" not in svg
    assert actions(svg) == []
    classes = " ".join(e.get("class") or "" for e in root.iter())
    for species in ("birch", "linden", "maple", "ginkgo"):
        assert species in classes
    assert "lake" in classes and "wind-board" in classes


def test_wind_board_lights_the_current_round() -> None:
    game = at_step("tree")
    root = parse(game.svg())
    lit = [e.get("data-round") for e in root.iter() if e.get("class") == "round current"]
    assert lit == [str(game.round)]
    arrows = [e.get("data-wind") for e in root.iter() if e.get("class") == "wind-arrow"]
    assert "".join(arrows) == "".join(entry["wind"] for entry in game.score()["wind_board"])


def test_preview_and_hint() -> None:
    game = Bosk(players=2)
    before = game.record()
    svg = game.svg(preview="plant 4@d5", hint="plant 2@c3")
    root = parse(svg)
    trees = [e.get("data-point") for e in root.iter() if "tree" in (e.get("class") or "")
             and e.get("data-point")]
    assert trees == ["d5"]
    assert any(e.get("class") == "preview" for e in root.iter())
    assert game.record() == before and game.svg() != svg
    with pytest.raises(IllegalAction):
        game.svg(preview="plant 9@d5")
    with pytest.raises(IllegalAction):
        game.svg(hint="leaf d5")


def test_describe_in_words() -> None:
    game = Bosk(players=3, names="Ann,Bo,Cyd")
    assert game.describe().startswith("Bosk, 3 players, park 9 × 9. Spring")
    assert "Ann to plant" in game.describe()
