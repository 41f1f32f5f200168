"""The Bosk picture: a valid SVG whose clickable targets are exactly the legal actions."""

from __future__ import annotations

import json
import math
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_bosk_golden import whole_game

from py_engine import IllegalAction, NotationError
from py_engine.games.bosk.draw import SEAT_FILL, label_space, species_path
from py_engine.games.bosk.game import Bosk

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


def reaches(svg: str) -> list[tuple[str, float, float, float]]:
    """Each clickable point or side: its action and the disc that takes its clicks."""
    found = []
    for element in parse(svg).iter():
        if element.get("data-action") and element.tag == f"{NS}g":
            disc = element[0]
            assert disc.get("class") == "reach" and disc.get("fill-opacity") == "0"
            found.append((element.get("data-action", ""), float(disc.get("cx", "")),
                          float(disc.get("cy", "")), float(disc.get("r", ""))))
    return found


@pytest.mark.parametrize("step", ["plant", "wind", "tree"])
def test_points_and_sides_take_touches_around_their_mark(step: str) -> None:
    """A point's target takes clicks half a space around it (20 of the picture's units, where
    the drawn ring is 9), a wind side's the margin's half; no two targets cover each other."""
    game = at_step(step) if step != "plant" else Bosk(players=2)
    svg = game.svg(select="plant 1") if step == "plant" else game.svg()
    found = reaches(svg)
    assert sorted(action for action, *_ in found) == actions(svg) != []
    assert {r for *_, r in found} == {13.0 if step == "wind" else 20.0}
    for i, (_, x1, y1, r1) in enumerate(found):
        for _, x2, y2, r2 in found[i + 1:]:
            assert ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5 >= r1 + r2 - 1e-9


def test_without_the_panel_the_picture_is_the_park_alone() -> None:
    game = at_step("leaf")
    whole, park = parse(game.svg()), parse(game.svg(panel=False))
    # The park's spaces (40 units) and its margins (26), in a frame padded by 2.
    width, height = game.geo.width * 40 + 2 * 26 + 4, game.geo.height * 40 + 2 * 26 + 4
    assert park.get("viewBox") == f"-2 -2 {width:g} {height:g}"
    assert float(whole.get("viewBox", "").split()[2]) == width + 200
    assert whole.find(f".//{NS}g[@class='wind-board']") is not None
    assert park.find(f".//{NS}g[@class='wind-board']") is None
    assert park.find(f".//{NS}g[@class='players']") is None
    assert actions(game.svg(panel=False)) == actions(game.svg()) == sorted(game.legal_actions())
    assert park.get("aria-label") == whole.get("aria-label")
    preview = game.legal_actions()[0]
    assert parse(game.svg(preview=preview, panel=False)).get("viewBox") == park.get("viewBox")
    for bad in ("no", 0, None):
        with pytest.raises(NotationError, match='panel is true, false or "below"'):
            game.svg(panel=bad)  # type: ignore[arg-type]


TRANSFORM = re.compile(r"translate\(([-\d.]+) ([-\d.]+)\) scale\(([\d.]+)\)")


def boxes(group: ET.Element) -> list[tuple[float, float, float, float]]:
    """The left, top, right and bottom of a group's rectangles, and of its words (from their
    size and anchor, a letter taken as wide as 0.6 of its size), in the picture's coordinates
    (the group's own, ``translate(x y) scale(k)``, taken into account)."""
    moved = TRANSFORM.fullmatch(group.get("transform", "translate(0 0) scale(1)"))
    assert moved, group.get("transform")
    dx, dy, k = (float(v) for v in moved.groups())
    found = []
    for e in group.iter():
        if e.tag == f"{NS}rect":
            x, y = float(e.get("x", 0)), float(e.get("y", 0))
            found.append((x, y, x + float(e.get("width", 0)), y + float(e.get("height", 0))))
        elif e.tag == f"{NS}text":
            x, y, size = float(e.get("x", 0)), float(e.get("y", 0)), float(e.get("font-size", 0))
            wide = 0.6 * size * len(e.text or "")
            left = {"end": x - wide, "middle": x - wide / 2}.get(e.get("text-anchor", ""), x)
            found.append((left, y - size, left + wide, y))
    return [(dx + k * x1, dy + k * y1, dx + k * x2, dy + k * y2) for x1, y1, x2, y2 in found]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_panel_can_go_below_the_park(players: int) -> None:
    """For a phone: with panel="below" the wind board and the players are drawn under the park,
    in a picture as wide as the park alone, their rounds side by side without overlapping; the
    park itself is drawn exactly as without the panel."""
    game = Bosk(players=players)
    game.play(game.legal_actions()[0])
    park, below = parse(game.svg(panel=False)), parse(game.svg(panel="below"))
    _, _, width, height = (float(v) for v in park.get("viewBox", "").split())
    _, _, below_width, below_height = (float(v) for v in below.get("viewBox", "").split())
    assert below_width == width and below_height > height
    # the park's box, without the frame's padding of 2 on each side
    width, height = width - 4, height - 4
    panel = [below.find(f"{NS}g[@class='{name}']") for name in ("wind-board", "players")]
    assert all(group is not None for group in panel)
    drawn = [box for group in panel if group is not None for box in boxes(group)]
    assert len(drawn) >= 8 * 3 + players * 2
    for left, top, right, bottom in drawn:
        assert top >= height and bottom <= below_height - 4, (top, bottom)
        assert left >= 0 and right <= width, (left, right)
    rounds = [b for b in boxes(panel[0]) if b[3] - b[1] > 20]  # the rounds' slots
    assert len(rounds) == 8 and max(b[1] for b in rounds) < max(b[3] for b in drawn) - 2 * 24
    for i, (l1, t1, r1, b1) in enumerate(rounds):
        for l2, t2, r2, b2 in rounds[i + 1:]:
            assert r1 <= l2 or r2 <= l1 or b1 <= t2 or b2 <= t1
    assert [ET.tostring(e) for e in below if e.get("class") not in ("wind-board", "players")] == [
        ET.tostring(e) for e in park
    ]
    assert below.get("aria-label") == park.get("aria-label")
    leafy = at_step("leaf")
    assert actions(leafy.svg(panel="below")) == sorted(leafy.legal_actions()) != []


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


# --- the description in the reader's language ------------------------------------------------

def _catalogue(lang: str) -> dict[str, str]:
    path = Path(__file__).resolve().parent.parent / "web" / "i18n" / f"{lang}.json"
    return json.loads(path.read_text("utf-8"))


def _say(message: str, values: dict[str, object], lang: str = "en") -> str:
    """A catalogue message with its placeholders filled, as the site's ``t()`` fills them: a
    ``{name:words}`` one says its value as the catalogue's ``words.<value>`` when it has it."""
    catalogue = _catalogue(lang)

    def fill(found: re.Match[str]) -> str:
        value = str(values[found.group(1)])
        words = found.group(2)
        return catalogue.get(f"{words}.{value}", value) if words else value

    return re.sub(r"\{(\w+)(?::([\w.-]+))?\}", fill, message)


def _until(done: Callable[[Bosk], bool], players: int = 2, names: str | None = None,
           seed: int = 3) -> Bosk:
    """A random game played until ``done`` says so (or it ends)."""
    rng = random.Random(seed)
    game = Bosk(players=players, names=names)
    while not done(game) and not game.is_over:
        game.play(rng.choice(game.legal_actions()))
    return game


def _at(step: str, any_tree: bool = False, **game: Any) -> Bosk:
    """A game at ``step``: in autumn, in a round that asks for any tree or for one value."""
    def done(bosk: Bosk) -> bool:
        if bosk.score()["step"] != step:
            return False
        return step in ("plant", "wind") or (bosk.required_value(bosk.round) is None) == any_tree
    for seed in range(40):
        found = _until(done, seed=seed, **game)
        if done(found):
            return found
    raise AssertionError(f"no game reached {step}")


def _tie() -> Bosk:
    """A whole random game that ends level on points, decided by the tie rule."""
    game = _until(lambda _: False, names="Ann,Player 2", seed=26)
    assert game.result() == {"winner": 1, "ranking": [1, 0], "totals": [53, 53],
                             "reason": "tie-clockwise",
                             "tie": {"seats": [0, 1], "score": 53, "round_8_start": 1}}
    return game


POSITIONS: dict[str, Callable[[], Bosk]] = {
    "start": lambda: Bosk(players=2),
    "spring, names": lambda: _until(lambda g: g.planted == 5, 3, "Ann,Bo,Cyd"),
    "summer scored": lambda: _at("wind"),
    "summer scored, 4 names": lambda: _at("wind", players=4, names="Ann,Player 2,Cyd,Dee"),
    "tree, a value": lambda: _at("tree"),
    "tree, any": lambda: _at("tree", any_tree=True),
    "tile": lambda: _at("tile", players=3),
    "leaf": lambda: _at("leaf", any_tree=True),
    "squirrel": lambda: _at("squirrel", names="Player 2,Zed"),
    "over, score": whole_game,
    "over, tie": _tie,
}


@pytest.mark.parametrize("name", POSITIONS)
def test_the_description_can_be_said_from_the_catalogues(name: str) -> None:
    """The words behind describe() and the picture's label: the site's English catalogue says
    exactly the engine's words, and the Korean one says them all, names as chosen."""
    game = POSITIONS[name]()
    said = game.description()
    english, korean = _catalogue("en"), _catalogue("ko")
    assert " ".join(_say(english[key], values) for key, values, _ in said) == game.describe()
    assert [_say(english[key], values) for key, values, _ in said] == [e for _, _, e in said]
    korean_words = " ".join(_say(korean[key], values, "ko") for key, values, _ in said)
    chosen = [n for seat, n in enumerate(game.names) if n != f"Player {seat + 1}"]
    for seat_name in chosen:
        korean_words = korean_words.replace(seat_name, "")
    assert "{" not in korean_words and not re.search("[A-Za-z]{2}", korean_words)
    assert "플레이어" in korean_words or not any(k == "describe.bosk.seat.player"
                                                for k, _, _ in said)
    root = parse(game.svg())
    assert json.loads(root.get("data-i18n-sentences") or "") == [[k, v] for k, v, _ in said]
    assert root.get("aria-label") == root.findtext(f"{NS}title") == game.describe()


def test_the_wind_is_said_in_the_readers_words() -> None:
    """A Korean sentence names the wind in Korean, its letter beside it (동쪽(E)으로), not as a
    Latin letter alone; on the wind board each round's letter carries its message key, which
    English says as the letter and Korean as a word."""
    game = POSITIONS["leaf"]()
    letter = game.score()["wind"]
    english, korean = _catalogue("en"), _catalogue("ko")
    said = game.description()
    words = " ".join(_say(korean[key], values, "ko") for key, values, _ in said)
    assert f"쪽({letter})으로" in words and f" {letter} " not in words
    assert " ".join(_say(english[key], values) for key, values, _ in said) == game.describe()
    letters = [e for e in parse(game.svg()).iter(f"{NS}text") if e.get("class") == "wind-letter"]
    assert len(letters) == 8
    for drawn in letters:
        key = drawn.get("data-i18n") or ""
        assert key == f"board.wind.{drawn.text}" and english[key] == drawn.text
        assert re.fullmatch("[북동남서]", korean[key])


def test_a_seat_is_said_by_number_unless_its_player_chose_a_name() -> None:
    """The default "Player n" is words the reader's language has; a chosen name, even one like
    another seat's default, is said as written."""
    game = Bosk(players=3, names="Player 2,Player 2,Cyd")
    said = game.description()
    seats = [(key, values) for key, values, _ in said if key.startswith("describe.bosk.seat.")]
    assert seats == [("describe.bosk.seat.name", {"name": "Player 2"})]
    game = _at("wind", players=3, names="Player 2,Player 2,Cyd")
    seats = [(key, values) for key, values, _ in game.description()
             if key.startswith("describe.bosk.seat.")]
    assert seats[:3] == [("describe.bosk.seat.name", {"name": "Player 2"}),
                         ("describe.bosk.seat.player", {"n": 2}),
                         ("describe.bosk.seat.name", {"name": "Cyd"})]


def test_the_picture_names_default_seats_in_the_readers_language() -> None:
    """On the wind board, a default "Player n" carries its message key, so the site shows it in
    the reader's language; a chosen name (even one like another seat's default) stays as is."""
    game = Bosk(players=3, names="Player 2,Player 2,Cyd")
    names = [e for e in parse(game.svg()).iter(f"{NS}text") if e.get("class") == "name"]
    assert [e.text for e in names] == ["Player 2", "Player 2", "Cyd"]
    assert [e.get("data-i18n") for e in names] == [None, "seat.player", None]
    assert json.loads(names[1].get("data-i18n-values") or "") == {"n": 2}
    assert _say(_catalogue("en")["seat.player"], {"n": 2}) == "Player 2"
    assert _say(_catalogue("ko")["seat.player"], {"n": 2}) != "Player 2"


def test_the_descriptions_use_every_bosk_key_of_the_catalogues() -> None:
    """Each step and ending has its own words: every describe.bosk key is said by some
    position, and both catalogues have the same describe.bosk keys."""
    keys = {key for make in POSITIONS.values() for key, _, _ in make().description()}
    english, korean = _catalogue("en"), _catalogue("ko")
    assert keys == {k for k in english if k.startswith("describe.bosk.")}
    assert keys == {k for k in korean if k.startswith("describe.bosk.")}


def test_the_preview_is_described_after_its_action() -> None:
    game = Bosk(players=2)
    root = parse(game.svg(preview="plant 4@d5"))
    sentences = json.loads(root.get("data-i18n-sentences") or "")
    assert ["describe.bosk.spring", {"planted": 1}] in sentences
    assert [["describe.bosk.seat.player", {"n": 2}], ["describe.bosk.step.plant", {}]] \
        == sentences[-2:]
    english = _catalogue("en")
    label = " ".join(_say(english[key], values) for key, values in sentences)
    assert root.get("aria-label") == label == root.findtext(f"{NS}title")
    assert label.endswith("Spring: 1 trees planted; Player 2 to plant a tree.")


@pytest.mark.parametrize("panel", [True, False])
def test_each_region_is_named_by_its_letter_on_one_of_its_spaces(panel: bool) -> None:
    """The rules and the winter table name regions by letter: the park shows each letter once,
    on a space of that region, where no tree's ground, leaf or badge of a whole game covers it."""
    rng = random.Random(5)
    game = Bosk(players=4)
    while not game.is_over:
        game.play(rng.choice(game.legal_actions()))
    root = parse(game.svg(panel=panel))
    spaces = [(float(e.get("x", 0)), float(e.get("y", 0)), e.get("data-region"))
              for e in root.iter(f"{NS}rect") if "space" in (e.get("class") or "").split()]
    labels = [e for e in root.iter(f"{NS}text") if e.get("class") == "region-letter"]
    assert sorted(e.text or "" for e in labels) == sorted(game.geo.letters)
    circles = [(float(e.get("cx", 0)), float(e.get("cy", 0)), float(e.get("r", 0)))
               for e in root.iter(f"{NS}circle")]
    for label in labels:
        x, y = float(label.get("x", 0)), float(label.get("y", 0)) - 3
        assert label.get("data-region") == label.text
        assert [r for left, top, r in spaces
                if left < x < left + 40 and top < y < top + 40] == [label.text]
        for cx, cy, r in circles:  # tree grounds, height badges, squirrels' tails
            assert (x - cx) ** 2 + (y - cy) ** 2 > (r + 2) ** 2, (label.text, cx, cy)


def letter_on_a_leaf_target(players: int, seed: int) -> tuple[Bosk, str, str]:
    """A random game played until a leaf space that carries a region's letter is highlighted
    with its cost: the game, the letter and the space."""
    rng = random.Random(seed)
    game = Bosk(players=players)
    while not game.is_over:
        if game.score()["step"] == "leaf":
            targets = {action.split()[1] for action in game.legal_actions()}
            for region, letter in enumerate(game.geo.letters):
                space = game.geo.space_names[label_space(game, region)]
                if space in targets:
                    return game, letter, space
        game.play(rng.choice(game.legal_actions()))
    raise AssertionError("no leaf space with a letter was highlighted")


def phone_letter_size() -> float:
    """The size of the region letters on a phone's page (web/css/site.css)."""
    css = (Path(__file__).resolve().parents[1] / "web" / "css" / "site.css").read_text("utf-8")
    found = re.search(r"\.board \.region-letters \{ font-size: ([\d.]+)px; \}", css)
    assert found, "no phone size for the region letters"
    return float(found.group(1))


def letter_box(label: ET.Element, size: float) -> tuple[float, float, float, float]:
    """The left, top, right and bottom of a region letter's glyph at this size: a capital's
    height above its baseline, as wide as 0.6 of its size."""
    x, y = float(label.get("x") or 0), float(label.get("y") or 0)
    return x - 0.3 * size, y - 0.72 * size, x + 0.3 * size, y


def clear_of(box: tuple[float, float, float, float], circle: ET.Element, margin: float) -> bool:
    left, top, right, bottom = box
    cx, cy, r = (float(circle.get(k) or 0) for k in ("cx", "cy", "r"))
    nearest = (min(max(cx, left), right), min(max(cy, top), bottom))
    return math.dist(nearest, (cx, cy)) > r + margin


@pytest.mark.parametrize("phone", [False, True])
def test_a_region_letter_keeps_clear_of_the_trees_grounds(phone: bool) -> None:
    """At the picture's own size and at a phone's larger one, no region letter's glyph reaches
    the ground of a tree at its space's corners (nor the ground's outline)."""
    rng = random.Random(5)
    game = Bosk(players=4)
    while game.score()["season"] == "spring":  # to summer, every tree planted
        game.play(rng.choice(game.legal_actions()))
    root = parse(game.svg())
    letters = root.find(f".//{NS}g[@class='region-letters']")
    assert letters is not None
    size = phone_letter_size() if phone else float(letters.get("font-size") or 0)
    grounds = [e for e in root.iter(f"{NS}circle") if e.get("class") == "ground"]
    assert len(grounds) > 20
    for label in letters:
        for ground in grounds:
            assert clear_of(letter_box(label, size), ground, 0.4), (label.text, ground.attrib)


@pytest.mark.parametrize("phone", [False, True])
@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_a_region_letter_stays_readable_on_a_highlighted_leaf_space(
    players: int, seed: int, phone: bool
) -> None:
    """A leaf space that carries its region's letter, highlighted with its cost and ringed by a
    hint: the frame, the badge and the ring are drawn under the letter (and its light edge),
    and no cost badge reaches the letter's glyph (a capital's height above its baseline), at
    the picture's own size nor at a phone's larger one."""
    game, letter, space = letter_on_a_leaf_target(players, seed)
    root = parse(game.svg(hint=f"leaf {space}"))
    order = list(root.iter())
    label = next(e for e in order if e.get("class") == "region-letter" and e.text == letter)
    target = next(e for e in order if e.get("data-action") == f"leaf {space}")
    drawn = [e for e in order if {"target", "cost-badge", "cost", "hint"}
             & set((e.get("class") or "").split())]
    assert target in drawn and any(e.get("class") == "hint" for e in drawn)
    assert all(order.index(e) < order.index(label) for e in drawn), "drawn over the letter"
    letters = root.find(f".//{NS}g[@class='region-letters']")
    assert letters is not None
    size = phone_letter_size() if phone else float(letters.get("font-size") or 0)
    assert size > 0
    badges = [e for e in order if e.get("class") == "cost-badge"]
    assert badges
    for badge in badges:
        # the letter's light edge reaches 1 past its glyph; at the picture's own size, more room
        room = 1 if phone else 1.5
        assert clear_of(letter_box(label, size), badge, room), (letter, space, badge.attrib)


def test_the_side_panel_draws_each_seat_as_the_park_does() -> None:
    """The game page's leaves beside the players' names (web/games/bosk.js) are the park's own:
    the same colour and silhouette per seat."""
    script = (Path(__file__).resolve().parents[1] / "web" / "games" / "bosk.js").read_text("utf-8")
    fills = re.search(r"const SEAT_FILL = (\[.*?\]);", script, re.S)
    paths = re.search(r"const SPECIES_PATH = \[(.*?)\];", script, re.S)
    assert fills and paths
    assert tuple(json.loads(fills.group(1))) == SEAT_FILL
    assert re.findall(r'"([^"]+)"', paths.group(1)) == [species_path(seat, 0, 0, 8)
                                                         for seat in range(4)]


def _readable(root: ET.Element) -> dict[tuple[str, str], ET.Element]:
    """The parts named for a reader, by the point or the space they stand on (a point and a
    space can have the same name)."""
    return {("point", str(e.get("data-point"))) if e.get("data-point")
            else ("space", str(e.get("data-space"))): e
            for e in root.iter() if e.get("data-info") is not None}


def _said_label(part: ET.Element, lang: str) -> str:
    """A part's name as the site says it: its catalogue key, a seat value said as the seat's
    chosen name or the catalogue's "Player n"."""
    values = json.loads(part.get("data-i18n-values") or "{}")
    for key, value in values.items():
        if isinstance(value, dict):
            chosen = value["name"] != f"Player {value['seat'] + 1}"
            values[key] = value["name"] if chosen else _say(
                _catalogue(lang)["seat.player"], {"n": value["seat"] + 1}, lang)
    return _say(_catalogue(lang)[part.get("data-i18n-label") or ""], values, lang)


@pytest.mark.parametrize("position", ["tree, a value", "over, tie", "squirrel"])
def test_each_tree_and_stack_can_be_read_by_what_it_holds(position: str) -> None:
    """A reader moving over the park hears every standing tree (whose, and its value) and every
    space that holds leaves or a squirrel (its region, how many leaves, whose is on top, whose
    squirrel), in English and Korean; a tree or space the seat can play on now is a button
    instead, not named twice."""
    game = POSITIONS[position]()
    root = parse(game.svg())
    readable = _readable(root)
    targets = {("point" if a.startswith("tree") else "space", a.split()[-1])
               for a in actions(game.svg())}
    names, geo = game.names, game.geo
    trees = [(point, game.tree_value[p], game.tree_owner[p])
             for p, point in enumerate(geo.point_names) if game.standing[p]]
    for point, value, seat in trees:
        if ("point", point) in targets:
            assert ("point", point) not in readable
        else:
            assert readable.pop(("point", point)).get("aria-label") == \
                f"{point}: {names[seat]}'s tree of value {value}"
    for s, space in enumerate(geo.space_names):
        height, top, squirrel = game.height[s], game.top[s], game.squirrel[s]
        if (not height and squirrel < 0) or ("space", space) in targets:
            assert ("space", space) not in readable
            continue
        region = geo.letters[geo.region[s]]
        label = str(readable.pop(("space", space)).get("aria-label"))
        assert label.startswith(f"{space}, region {region}: ")
        if squirrel >= 0:
            assert f"{names[squirrel]}'s squirrel" in label
            assert (f"over a stack of {height}" in label) == (height > 0)
        elif height == 1:
            assert label.endswith(f": {names[top]}'s leaf")
        else:
            assert label.endswith(f": {height} leaves, {names[top]}'s on top")
    assert readable == {}
    assert trees or position == "over, tie"
    for part in _readable(root).values():
        assert _said_label(part, "en") == part.get("aria-label")
        korean = _said_label(part, "ko")
        for seat, chosen in enumerate(names):
            if chosen != f"Player {seat + 1}":
                korean = korean.replace(chosen, "")
        assert "{" not in korean and not re.search("[A-Za-z]{2}", korean)


def test_a_picture_only_to_look_at_names_its_parts_too() -> None:
    """Without the step's targets drawn (highlight off), every tree is a part to read."""
    game = POSITIONS["tree, a value"]()
    readable = _readable(parse(game.svg(highlight=False)))
    standing = {point for p, point in enumerate(game.geo.point_names) if game.standing[p]}
    assert standing and {("point", p) for p in standing} <= set(readable)
