"""Bounders rules, from the rules (web/rules/bounders.json) and the golden games in
tests/golden/."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from py_engine import IllegalAction, NotationError, load_game, new_game
from py_engine.games.bounders.game import Bounders

GOLDEN = Path(__file__).parent / "golden"
ROWS = "abcdefghijklmnopq"


def golden(reason: str, **changes: str) -> Bounders:
    """A recorded game that ends with ``reason``; ``changes`` rewrite header options."""
    text = (GOLDEN / f"bounders-{reason}.txt").read_text()
    for key, value in changes.items():
        lines = text.split("\n")
        text = "\n".join(f"{key}: {value}" if line.startswith(f"{key}:") else line
                         for line in lines)
    game = load_game(text)
    assert isinstance(game, Bounders)
    return game


def with_swap(game: Bounders) -> Bounders:
    """The same stones with ``swap`` as the second action: the seats trade colours."""
    text = game.record()
    head, _, body = text.partition("\n\n")
    actions = body.split()
    return load_game(head + "\n\n" + "\n".join([actions[0], "swap", *actions[1:]]) + "\n")  # type: ignore[return-value]


def row_lengths(side: int) -> list[int]:
    return [side + min(r, 2 * side - 2 - r) for r in range(2 * side - 1)]


def expected_neighbours(side: int, name: str) -> set[str]:
    """Neighbours from the naming rule alone: rows from the top, cells numbered from the left.

    In the upper half a row is one shorter than the next, so a cell touches cells k-1, k of
    the row above and k, k+1 of the row below; mirrored in the lower half, both around the middle.
    """
    lengths = row_lengths(side)
    row, k = ROWS.index(name[0]), int(name[1:])
    middle = side - 1
    found = {(row, k - 1), (row, k + 1)}
    above = (k - 1, k) if row <= middle else (k, k + 1)
    below = (k, k + 1) if row < middle else (k - 1, k)
    found |= {(row - 1, j) for j in above} | {(row + 1, j) for j in below}
    return {
        f"{ROWS[r]}{j}" for r, j in found if 0 <= r < len(lengths) and 1 <= j <= lengths[r]
    }


def play_all(game: Bounders, actions: str) -> None:
    for action in actions.split():
        game.play(action)


# --- the board -----------------------------------------------------------------------------

@pytest.mark.parametrize(("side", "cells", "last", "centre"), [(7, 127, "m7", "g7"),
                                                                (9, 217, "q9", "i9")])
def test_board_cells_and_every_first_move_is_legal(side: int, cells: int, last: str,
                                                   centre: str) -> None:
    game = new_game("bounders", size=side)
    legal = game.legal_actions()
    assert len(legal) == cells
    assert legal[0] == "a1" and legal[-1] == last
    assert centre in legal
    assert row_lengths(side)[side - 1] == 2 * side - 1
    assert f"{ROWS[side - 1]}{2 * side - 1}" in legal
    assert f"{ROWS[side - 1]}{2 * side}" not in legal


@pytest.mark.parametrize("side", [7, 9])
def test_neighbours_follow_the_naming_rule(side: int) -> None:
    game = new_game("bounders", size=side)
    assert isinstance(game, Bounders)
    board = game.board
    for cell, name in enumerate(board.names):
        got = {board.names[n] for n in board.neighbours[cell]}
        assert got == expected_neighbours(side, name), name


def test_named_neighbours() -> None:
    board = new_game("bounders").board  # type: ignore[attr-defined]
    names = lambda cell: {board.names[n] for n in board.neighbours[board.index[cell]]}  # noqa: E731
    assert names("g7") == {"f6", "f7", "g6", "g8", "h6", "h7"}
    assert names("a1") == {"a2", "b1", "b2"}
    assert names("a4") == {"a3", "a5", "b4", "b5"}
    assert names("g1") == {"f1", "g2", "h1"}
    assert names("m7") == {"m6", "l7", "l8"}


# --- legality ------------------------------------------------------------------------------

def test_a_cell_is_legal_only_when_dark_and_light_neighbours_are_equal() -> None:
    game = new_game("bounders")
    game.play("g7")  # Dark
    legal = set(game.legal_actions())
    assert {"f6", "f7", "g6", "g8", "h6", "h7"}.isdisjoint(legal)
    assert len(legal) == 126 - 6
    game.play("g9")  # Light: g8 now touches one Dark and one Light stone
    legal = set(game.legal_actions())
    assert "g8" in legal
    assert "g10" not in legal and "f6" not in legal
    game.play("g8")  # Dark
    # f7 touches g7 and g8 (Dark) only; a Light stone next to it makes it legal again
    assert "f7" not in game.legal_actions()
    with pytest.raises(IllegalAction, match="2 Dark and 0 Light"):
        game.play("f7")
    with pytest.raises(IllegalAction, match="not empty"):
        game.play("g9")
    with pytest.raises(IllegalAction, match="not a cell"):
        game.play("z9")


def test_legality_is_the_same_for_both_players() -> None:
    game = new_game("bounders")
    play_all(game, "g7 a1 b5")
    before = game.legal_actions()
    assert game.to_move == 1
    game.play("m7")
    game.undo()
    assert game.to_move == 1 and game.legal_actions() == before


def test_stones_alternate_dark_and_light() -> None:
    game = new_game("bounders")
    play_all(game, "g7 a1 m7")
    assert game.score()["stones"] == {"dark": 2, "light": 1}
    assert game.to_move == 1


# --- scoring -------------------------------------------------------------------------------

def test_a_stone_touching_a_region_many_times_bounds_it_once() -> None:
    game = new_game("bounders")
    game.play("g7")
    (region,) = game.score()["regions"]
    assert len(region["cells"]) == 126
    assert (region["dark"], region["light"], region["owner"]) == (1, 0, "dark")
    assert game.score()["totals"] == [126, 0]


def test_regions_split_and_scored_by_distinct_bounding_stones() -> None:
    # Dark a2, Light b1 (not next to a2), Dark b2 (next to a2 and b1): corner a1 is walled off
    game = new_game("bounders")
    play_all(game, "a2 b1 b2")
    regions = {tuple(r["cells"]): r for r in game.score()["regions"]}
    corner = regions[("a1",)]
    assert (corner["dark"], corner["light"], corner["owner"]) == (2, 1, "dark")
    rest = next(r for cells, r in regions.items() if cells != ("a1",))
    assert len(rest["cells"]) == 127 - 3 - 1
    assert (rest["dark"], rest["light"], rest["owner"]) == (2, 1, "dark")
    assert game.score()["points"] == {"dark": 124, "light": 0}


def independent_points(game: Bounders) -> dict[str, int]:
    """Region scoring computed again from names and the neighbour rule of this test file."""
    side = game.options["size"]
    stones = {name: colour for name, colour in zip(game.board.names, game.stones, strict=True)}
    empty = {n for n, c in stones.items() if c == 0}
    points = {"dark": 0, "light": 0}
    while empty:
        todo = [empty.pop()]
        region = set(todo)
        while todo:
            for n in expected_neighbours(side, todo.pop()):
                if n in empty:
                    empty.discard(n)
                    region.add(n)
                    todo.append(n)
        bounding = {n for cell in region for n in expected_neighbours(side, cell)
                    if stones[n] != 0}
        dark = sum(1 for b in bounding if stones[b] == 1)
        light = len(bounding) - dark
        if dark != light:
            points["dark" if dark > light else "light"] += len(region)
    return points


@pytest.mark.parametrize("reason", ["total", "largest-region", "more-regions",
                                    "fewer-stones", "pie"])
def test_golden_games_score_as_the_rules_say(reason: str) -> None:
    game = golden(reason)
    assert game.is_over and game.legal_actions() == []
    assert game.score()["points"] == independent_points(game)
    assert game.result()["reason"] == reason  # type: ignore[index]


# --- the tie-break chain (tournament) --------------------------------------------------------

def won_regions(game: Bounders, colour: str) -> list[int]:
    return sorted(len(r["cells"]) for r in game.score()["regions"] if r["owner"] == colour)


def expected_winner_colour(game: Bounders) -> tuple[str, str]:
    """The tie-break chain of the rules applied to the score breakdown."""
    score = game.score()
    dark, light = score["points"]["dark"], score["points"]["light"]
    if dark != light:
        return ("dark" if dark > light else "light"), "total"
    wd, wl = won_regions(game, "dark"), won_regions(game, "light")
    steps = [
        ("largest-region", max(wd, default=0), max(wl, default=0)),
        ("more-regions", len(wd), len(wl)),
        ("fewer-stones", -score["stones"]["dark"], -score["stones"]["light"]),
    ]
    for reason, d, li in steps:
        if d != li:
            return ("dark" if d > li else "light"), reason
    return score["colours"][0], "pie"


@pytest.mark.parametrize("reason", ["total", "largest-region", "more-regions",
                                    "fewer-stones", "pie"])
@pytest.mark.parametrize("swapped", [False, True])
def test_each_tie_break_step_decides(reason: str, swapped: bool) -> None:
    game = golden(reason)
    if swapped:
        game = with_swap(game)
    colour, expected_reason = expected_winner_colour(game)
    assert expected_reason == reason
    result = game.result()
    assert result is not None
    assert result["reason"] == reason
    assert result["colour"] == colour
    dark_seat = 1 if swapped else 0
    winner = dark_seat if colour == "dark" else 1 - dark_seat
    if reason == "pie":
        winner = 0  # the seat that offered the pie, whichever colour it ended with
    assert result["winner"] == winner
    assert result["ranking"] == [winner, 1 - winner]


def test_tie_steps_are_really_ties_before_their_step() -> None:
    pie = golden("pie").score()
    assert pie["points"]["dark"] == pie["points"]["light"]
    assert pie["stones"]["dark"] == pie["stones"]["light"]
    fewer = golden("fewer-stones")
    assert won_regions(fewer, "dark") == won_regions(fewer, "light")


def test_basic_rules_draw_on_equal_totals() -> None:
    game = golden("largest-region", rules="basic")
    assert game.result() == {"winner": None, "ranking": [0, 1], "reason": "draw"}
    assert game.rewards() == [0.5, 0.5]


def test_komi_gives_light_half_a_point() -> None:
    game = golden("pie", komi="on", rules="basic")
    score = game.score()
    assert score["totals"] == [score["points"]["dark"], score["points"]["light"] + 0.5]
    result = game.result()
    assert result is not None
    assert (result["winner"], result["reason"], result["colour"]) == (1, "komi", "light")
    decided = golden("total", komi="on")
    assert decided.result()["reason"] == "total"  # type: ignore[index]


def test_komi_follows_light_after_a_swap() -> None:
    game = with_swap(golden("pie", komi="on"))
    assert game.result()["winner"] == 0  # type: ignore[index]
    assert game.score()["totals"][0] == game.score()["points"]["light"] + 0.5


# --- the pie rule ----------------------------------------------------------------------------

def test_swap_is_legal_only_as_the_second_action_of_a_tournament_game() -> None:
    game = new_game("bounders", rules="tournament")
    assert "swap" not in game.legal_actions()
    with pytest.raises(IllegalAction, match="second action"):
        game.play("swap")
    game.play("g7")
    assert "swap" in game.legal_actions()
    assert game.buttons() == [{"kind": "swap", "label": "swap", "action": "swap"}]
    assert game.to_move == 1
    game.play("swap")
    assert game.to_move == 0, "the first player, now Light, places the next stone"
    assert game.score()["colours"] == ["light", "dark"]
    assert "swap" not in game.legal_actions()
    game.play("a1")
    assert game.score()["stones"] == {"dark": 1, "light": 1}
    assert game.to_move == 1
    with pytest.raises(IllegalAction):
        game.play("swap")
    basic = new_game("bounders")
    basic.play("g7")
    with pytest.raises(IllegalAction, match="tournament"):
        basic.play("swap")


def test_swap_undoes() -> None:
    game = new_game("bounders", rules="tournament")
    play_all(game, "g7 swap")
    game.undo()
    assert game.to_move == 1 and "swap" in game.legal_actions()
    assert game.score()["colours"] == ["dark", "light"]


# --- records and errors ----------------------------------------------------------------------

def test_record_round_trip_keeps_options_and_actions() -> None:
    game = new_game("bounders", size=9, rules="tournament", komi=True)
    play_all(game, "i9 swap a1")
    text = game.record()
    assert text.splitlines()[:4] == ["game: bounders", "size: 9", "rules: tournament",
                                     "komi: on"]
    again = load_game(text)
    assert again.record() == text
    assert again.legal_actions() == game.legal_actions()


@pytest.mark.parametrize(("options", "message"), [
    ({"size": 8}, "option size: 8 is not one of 7, 9"),
    ({"rules": "fast"}, "option rules: 'fast' is not one of basic, tournament"),
    ({"komi": "maybe"}, "option komi: 'maybe' is not on or off"),
    ({"colour": "red"}, "bounders has no option 'colour'"),
])
def test_bad_options_are_refused_clearly(options: dict[str, object], message: str) -> None:
    with pytest.raises(NotationError, match=message):
        new_game("bounders", **options)


def test_unknown_game() -> None:
    with pytest.raises(NotationError, match="unknown game 'chess'; expected one of bounders"):
        new_game("chess")


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty record"),
    ("size: 7\n", "line 1: a record starts with 'game: NAME'"),
    ("game: bounders\nsize 7\n", "line 2: expected 'option: value' or a blank line"),
    ("game: bounders\nsize: 7\nsize: 9\n", "line 3: 'size' is given twice"),
    ("game: bounders\nsize: 11\n\ng7\n", "line 2: option size"),
    ("game: bounders\n\ng7\n# a comment\ng8\n", "line 5: action 'g8' cannot be played"),
    ("game: go\n\n", "line 1: unknown game 'go'"),
])
def test_malformed_records_name_the_line(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        load_game(text)


def test_illegal_action_leaves_the_game_unchanged() -> None:
    game = new_game("bounders")
    play_all(game, "g7 a1")
    before = (game.record(), game.legal_actions(), list(game.balance))
    for bad in ["g7", "f6", "swap", "", "a0", "A1"]:
        with pytest.raises(IllegalAction):
            game.play(bad)
        assert (game.record(), game.legal_actions(), list(game.balance)) == before


def test_nothing_to_undo_and_nothing_after_the_end() -> None:
    game = new_game("bounders")
    with pytest.raises(IllegalAction, match="nothing to undo"):
        game.undo()
    over = golden("total")
    with pytest.raises(IllegalAction, match="game is over"):
        over.play("a1")
    assert over.to_move is None and over.is_over


# --- the picture -----------------------------------------------------------------------------

def test_svg_marks_legal_cells_last_move_and_territory() -> None:
    import xml.etree.ElementTree as ET

    game = new_game("bounders")
    play_all(game, "a2 b1 b2")
    root = ET.fromstring(game.svg(coords=True))
    ns = "{http://www.w3.org/2000/svg}"
    actions = {e.get("data-action") for e in root.iter() if e.get("data-action")}
    assert actions == set(game.legal_actions())
    assert "Dark to move" not in (root.get("aria-label") or "")
    assert "Light to move" in (root.findtext(f"{ns}title") or "")
    stones = [e for e in root.iter(f"{ns}circle") if "stone" in (e.get("class") or "")]
    assert len(stones) == 3
    last = [e for e in root.iter(f"{ns}circle") if e.get("class") == "last-move"]
    assert len(last) == 1
    territory = [e for e in root.iter(f"{ns}polygon")
                 if "territory-dark" in (e.get("class") or "")]
    assert len(territory) == 124
    labels = sorted(e.text or "" for e in root.iter(f"{ns}text")
                    if "points" in (e.get("class") or ""))
    assert labels == ["1", "123"]


def test_svg_preview_and_hint_do_not_change_the_game() -> None:
    game = new_game("bounders")
    game.play("g7")
    before = game.record()
    picture = game.svg(preview="a1", hint="m7")
    assert 'class="preview"' in picture and 'class="hint"' in picture
    assert game.record() == before
    with pytest.raises(IllegalAction):
        game.svg(preview="f6")


def _catalogue(lang: str) -> dict[str, str]:
    path = Path(__file__).resolve().parent.parent / "web" / "i18n" / f"{lang}.json"
    catalogue: dict[str, str] = json.loads(path.read_text("utf-8"))
    return catalogue


def _say(message: str, values: dict[str, object]) -> str:
    return re.sub(r"\{(\w+)\}", lambda m: str(values[m.group(1)]), message)


@pytest.mark.parametrize("record", [
    "game: bounders\nsize: 7\n\n",
    "game: bounders\nsize: 9\nrules: tournament\n\ng7\nswap\nd4\n",
    *[(GOLDEN / name).read_text("utf-8") for name in ("bounders-total.txt", "bounders-pie.txt")],
])
def test_the_description_can_be_said_from_the_catalogues(record: str) -> None:
    """The sentences behind describe() and the picture's label: the site's English catalogue
    says exactly the engine's words, and the Korean one has every key."""
    game = load_game(record)
    said = game.description()
    english, korean = _catalogue("en"), _catalogue("ko")
    assert " ".join(_say(english[key], values) for key, values, _ in said) == game.describe()
    assert all(key in korean for key, _, _ in said)
    root = ET.fromstring(game.svg())
    assert json.loads(root.get("data-i18n-sentences")) == [[k, v] for k, v, _ in said]
    assert root.get("aria-label") == game.describe()
