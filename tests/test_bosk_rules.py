"""Bosk rules from the rules (web/rules/bosk.json): geometry, leaf paths and their costs, the
squirrel, the scoring tables with every tie, start players and the final tie rule."""

from __future__ import annotations

import random

import pytest

from py_engine import IllegalAction, new_game
from py_engine.games.bosk.board import PARKS, park_of
from py_engine.games.bosk.game import Bosk
from py_engine.games.bosk.rules import (
    S_OVER,
    SUMMER_TABLE,
    WINTER_TABLE,
    award,
    nearest_clockwise,
    places,
)

# A spring whose trees mirror each other across the diagonal, so the summer scores are level
# and Player 1 (seat 0) starts autumn: rows for one are columns for the other.
MIRRORED = [
    "plant 1@e4", "plant 1@d5", "plant 1@b3", "plant 1@c2",
    "plant 2@b5", "plant 2@e2", "plant 2@b6", "plant 2@f2",
    "plant 3@b7", "plant 3@g2", "plant 3@b8", "plant 3@h2",
    "plant 4@c8", "plant 4@h3", "plant 4@d8", "plant 4@h4",
]


def autumn(wind: str = "N", game: Bosk | None = None) -> Bosk:
    """Player 1 to choose a tree in round 1, after a level summer and ``wind``."""
    game = game or Bosk(players=2)
    for action in MIRRORED:
        game.play(action)
    assert game.summer[0] == game.summer[1]
    assert game.to_move == 0
    game.play(f"wind {wind}")
    return game


def names(game: Bosk, actions: list[str]) -> set[str]:
    return {a.split()[1] for a in actions}


def space(game: Bosk, name: str) -> int:
    return game.geo.space_index[name]


def put_stack(game: Bosk, name: str, height: int, owner: int) -> None:
    game.height[space(game, name)] = height
    game.top[space(game, name)] = owner


# --- geometry ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players, last_space, last_point, points", [
    (2, "h8", "h8", 49), (3, "i9", "i9", 64), (4, "j10", "j10", 81),
])
def test_space_and_point_names(players: int, last_space: str, last_point: str,
                               points: int) -> None:
    geo = park_of(PARKS[players])
    assert geo.space_names[0] == "a1"
    assert geo.space_names[-1] == last_space
    assert geo.point_names[0] == "b2"
    assert geo.point_names[-1] == last_point
    assert len(geo.point_names) == points
    assert "a1" not in geo.point_index and "a5" not in geo.point_index


def test_space_rows_count_from_the_bottom() -> None:
    geo = park_of(PARKS[2])
    # the top row of the map is row 8; its first letter is space a8
    assert geo.letters[geo.region[geo.space_index["a8"]]] == PARKS[2][0][0]
    assert geo.letters[geo.region[geo.space_index["h1"]]] == PARKS[2][-1][-1]


@pytest.mark.parametrize("wind, first, ahead", [
    ("N", {"b3", "c3"}, {"a5", "b5", "c5"}),
    ("E", {"c2", "c3"}, {"c3", "c4", "c5"}),
    ("S", {"b2", "c2"}, {"a3", "b3", "c3"}),
    ("W", {"b2", "b3"}, {"a3", "a4", "a5"}),
])
def test_point_c3_touches_b2_c2_b3_c3_and_its_downwind_pair(
        wind: str, first: set[str], ahead: set[str]) -> None:
    geo = park_of(PARKS[2])
    d = "NESW".index(wind)
    point = geo.point_index["c3"]
    assert {geo.space_names[s] for s in geo.first[d][point]} == first
    start = {"N": "b4", "E": "b4", "S": "b4", "W": "b4"}[wind]
    assert {geo.space_names[s] for s in geo.ahead[d][geo.space_index[start]]} == ahead


@pytest.mark.parametrize("wind, border, along, stop", [
    ("N", "a6", {"a7", "b7"}, "c8"),  # along the west border, then the north edge
    ("E", "d8", {"e8", "e7"}, "h4"),
    ("S", "h3", {"g2", "h2"}, "b1"),
    ("W", "e1", {"d1", "d2"}, "a5"),
])
def test_path_goes_on_along_a_side_and_stops_at_the_downwind_edge(
        wind: str, border: str, along: set[str], stop: str) -> None:
    geo = park_of(PARKS[2])
    d = "NESW".index(wind)
    assert {geo.space_names[s] for s in geo.ahead[d][geo.space_index[border]]} == along
    assert geo.ahead[d][geo.space_index[stop]] == ()


# --- leaves -----------------------------------------------------------------------------------


@pytest.mark.parametrize("wind, first", [
    ("N", {"d4", "e4"}), ("E", {"e3", "e4"}), ("S", {"d3", "e3"}), ("W", {"d3", "d4"}),
])
def test_first_leaf_on_the_trees_downwind_side(wind: str, first: set[str]) -> None:
    game = autumn(wind)
    game.play("tree e4")
    game.play("tile 5")
    assert names(game, game.legal_actions()) == first
    assert all(a.startswith("leaf ") for a in game.legal_actions())


def test_next_leaf_on_the_three_spaces_ahead() -> None:
    game = autumn("N")
    game.play("tree e4")
    game.play("tile 5")
    game.play("leaf e4")
    assert names(game, game.legal_actions()) == {"d5", "e5", "f5"}
    game.play("leaf d5")
    assert names(game, game.legal_actions()) == {"c6", "d6", "e6"}
    assert game.score()["held"] == [3, 0]


def test_covering_costs_the_stack_height_plus_one() -> None:
    game = autumn("N")
    put_stack(game, "e4", 2, 1)
    game.play("tree e4")
    game.play("tile 5")
    game.play("leaf e4")
    assert game.held == 2
    e4 = space(game, "e4")
    assert (game.height[e4], game.top[e4]) == (3, 0)
    assert game.score()["tokens"] == [35 - 1 - 2, 35]


def test_own_top_costs_one_whatever_lies_below() -> None:
    game = autumn("N")
    put_stack(game, "e4", 4, 0)
    game.play("tree e4")
    game.play("tile 2")
    game.play("leaf e4")
    assert game.held == 1


def test_a_cover_too_dear_is_not_offered() -> None:
    game = autumn("N")
    put_stack(game, "e4", 2, 1)
    game.play("tree e4")
    game.play("tile 2")
    assert game.legal_actions() == ["leaf d4"]
    with pytest.raises(IllegalAction, match="costs 3 tokens and 2 are held"):
        game.play("leaf e4")


def test_a_cover_paid_with_exactly_what_is_held_ends_the_turn() -> None:
    game = autumn("N")
    put_stack(game, "e4", 2, 1)
    game.play("tree e4")
    game.play("tile 3")
    game.play("leaf e4")
    assert game.to_move == 1
    assert game.step != S_OVER
    assert game.on_park[0] == 1
    assert not game.standing[game.geo.point_index["e4"]]


def test_a_squirrel_blocks_its_space() -> None:
    game = autumn("N")
    game.squirrel[space(game, "d4")] = 1
    game.play("tree e4")
    game.play("tile 5")
    assert game.legal_actions() == ["leaf e4"]
    with pytest.raises(IllegalAction, match="holds a squirrel"):
        game.play("leaf d4")


def test_both_downwind_spaces_blocked_returns_every_token() -> None:
    game = autumn("N")
    game.squirrel[space(game, "d4")] = 1
    game.squirrel[space(game, "e4")] = 1
    game.play("tree e4")
    game.play("tile 5")
    assert game.to_move == 1
    assert game.on_park == [0, 0]
    assert game.score()["tokens"] == [35, 35]
    assert "5" in game.score()["tiles"][0]["used"]
    assert not game.standing[game.geo.point_index["e4"]]


def test_tokens_left_over_at_the_edge_go_back() -> None:
    game = autumn("W")
    game.play("tree b3")  # west of b3 lie a2 and a3, on the edge
    game.play("tile 8")
    game.play("leaf a3")
    assert game.to_move == 1
    assert game.on_park == [1, 0]
    assert game.score()["tokens"] == [34, 35]


# --- the squirrel -----------------------------------------------------------------------------


def test_squirrel_reach_is_one_to_three_steps() -> None:
    game = autumn("N")
    game.play("tree e4")
    game.play("tile S")
    assert names(game, game.legal_actions()) == {
        "d4", "e4", "c5", "d5", "e5", "f5", "b6", "c6", "d6", "e6", "f6", "g6",
    }


def test_squirrel_does_not_pass_through_squirrels() -> None:
    game = autumn("N")
    game.squirrel[space(game, "d4")] = 1
    game.play("tree e4")
    game.play("tile S")
    assert names(game, game.legal_actions()) == {
        "e4", "d5", "e5", "f5", "c6", "d6", "e6", "f6", "g6",
    }


def test_squirrel_sits_on_any_stack_and_is_never_covered() -> None:
    game = autumn("N")
    put_stack(game, "e5", 3, 1)
    game.play("tree e4")
    game.play("tile S")
    game.play("squirrel e5")
    e5 = space(game, "e5")
    assert game.squirrel[e5] == 0 and game.height[e5] == 3
    assert game.controlled()[game.geo.region[e5]][0] >= 1
    game.play("tree d5")  # Player 2's 1
    game.play("tile 8")
    assert "leaf e5" not in game.legal_actions()
    assert "leaf d5" in game.legal_actions()
    game.play("leaf d5")
    assert "leaf e6" in game.legal_actions()


def test_squirrel_with_nowhere_to_go_places_nothing() -> None:
    game = autumn("N")
    game.squirrel[space(game, "d4")] = 1
    game.squirrel[space(game, "e4")] = 1
    game.play("tree e4")
    game.play("tile S")
    assert game.to_move == 1
    assert game.squirrel_at == [-1, -1]


# --- scoring tables ---------------------------------------------------------------------------


@pytest.mark.parametrize("values, points", [
    ([0, 0], [0, 0]),
    ([5, 0], [3, 0]),  # alone on a line
    ([0, 0, 2, 0], [0, 0, 3, 0]),
    ([4, 3], [2, 1]),
    ([3, 3], [1, 1]),  # tied first: 1 each, nobody second
    ([5, 4, 3], [2, 1, 0]),
    ([5, 0, 3], [2, 0, 1]),
    ([5, 3, 3], [2, 0, 0]),  # tied second: nothing
    ([4, 4, 2], [1, 1, 0]),
    ([4, 4, 4], [1, 1, 1]),
    ([6, 3, 3, 3], [2, 0, 0, 0]),
    ([2, 6, 1, 3], [0, 2, 0, 1]),
    ([6, 6, 3, 1], [1, 1, 0, 0]),
    ([1, 7, 7, 7], [0, 1, 1, 1]),
])
def test_summer_table(values: list[int], points: list[int]) -> None:
    assert award(values, SUMMER_TABLE) == points


@pytest.mark.parametrize("values, points", [
    ([0, 0], [0, 0]),
    ([0, 6], [0, 8]),  # alone in a region
    ([0, 0, 0, 1], [0, 0, 0, 8]),
    ([4, 1], [5, 3]),
    ([2, 2], [4, 4]),  # tied first: 4 each, nobody second
    ([3, 2, 1], [5, 3, 0]),
    ([3, 2, 2], [5, 1, 1]),  # tied second: 1 each
    ([3, 3, 1], [4, 4, 0]),
    ([2, 2, 2], [4, 4, 4]),
    ([0, 3, 1], [0, 5, 3]),
    ([5, 1, 1, 1], [5, 1, 1, 1]),
    ([1, 4, 2, 2], [0, 5, 1, 1]),
    ([2, 2, 2, 2], [4, 4, 4, 4]),
    ([3, 0, 3, 1], [4, 0, 4, 0]),
    ([4, 3, 2, 1], [5, 3, 0, 0]),
])
def test_winter_table(values: list[int], points: list[int]) -> None:
    assert award(values, WINTER_TABLE) == points


@pytest.mark.parametrize("values, first, second", [
    ([0, 0], [], []),
    ([5, 0], [0], []),  # alone: first, nobody second
    ([4, 3], [0], [1]),
    ([3, 3], [0, 1], []),  # tied first: nobody second
    ([5, 3, 3], [0], [1, 2]),  # tied second
    ([1, 4, 2, 2], [1], [2, 3]),
    ([3, 0, 3, 1], [0, 2], []),
])
def test_places_follow_the_scoring_rule(
    values: list[int], first: list[int], second: list[int]
) -> None:
    assert places(values) == (first, second)
    # Winter pays every first and second place, and nobody else.
    paid = [seat for seat, points in enumerate(award(values, WINTER_TABLE)) if points]
    assert sorted(first + second) == paid


def test_score_places_and_round_start_follow_the_game() -> None:
    rng = random.Random(7)
    game = new_game("bosk", players=3)
    starts = []
    while not game.is_over:
        before = game.score()["round"]
        game.play(rng.choice(game.legal_actions()))
        score = game.score()
        if score["round_starting"]:
            starts.append(score["round"])
            assert score["step"] == "tree" and score["to_move"] == score["start_player"]
        else:
            assert score["round"] == before or score["round"] == 1
        for line in score["summer"]:
            assert (line["first"], line["second"]) == places(line["sums"])
    assert starts == list(range(2, 9))
    for region in game.score()["winter"]:
        assert (region["first"], region["second"]) == places(region["spaces"])


# --- start players and the final tie ----------------------------------------------------------


@pytest.mark.parametrize("tied, start, players, nearest", [
    ([1, 3], 2, 4, 3),
    ([1, 3], 3, 4, 3),  # the current start player counts first
    ([0, 1], 2, 4, 0),
    ([0, 2], 1, 3, 2),
    ([0, 1, 2], 1, 3, 1),
    ([2], 0, 3, 2),
])
def test_nearest_clockwise(tied: list[int], start: int, players: int, nearest: int) -> None:
    assert nearest_clockwise(tied, start, players) == nearest


def test_lowest_summer_score_starts_autumn() -> None:
    game = Bosk(players=2)
    for action in MIRRORED[:-1]:
        game.play(action)
    game.play("plant 4@g3")  # instead of h4: Player 2 loses row 4 and column h points
    assert game.summer[1] < game.summer[0]
    assert game.score()["start_player"] == 1 and game.to_move == 1


def test_lowest_tile_starts_the_next_round_ties_to_the_nearest() -> None:
    game = autumn("N")
    game.play("tree e4")
    game.play("tile 5")
    game.play("leaf e4")
    game.play("leaf e5")
    game.play("leaf e6")
    game.play("leaf e7")
    game.play("leaf e8")
    game.play("tree d5")
    game.play("tile 5")  # the same tile: Player 1 played it first, from the start seat
    game.play("leaf d5")
    while game.round == 1:
        game.play(game.legal_actions()[0])
    assert game.round == 2 and game.score()["start_player"] == 0
    game.play("tree b5")
    game.play("tile 6")
    while game.to_move == 0:
        game.play(game.legal_actions()[0])
    game.play("tree e2")
    game.play("tile S")  # the squirrel counts as 1
    while game.round == 2:
        game.play(game.legal_actions()[0])
    assert game.score()["start_player"] == 1 and game.to_move == 1


def ended(summer: tuple[int, ...], start: int) -> Bosk:
    game = Bosk(players=len(summer))
    game.summer = summer
    game.start = start
    game.step = S_OVER
    return game


def test_highest_total_wins() -> None:
    result = ended((7, 9, 8), 0).result()
    assert result is not None
    assert result["winner"] == 1 and result["ranking"] == [1, 2, 0]
    assert result["reason"] == "score"


@pytest.mark.parametrize("summer, start, ranking", [
    ((10, 10, 5), 1, [1, 0, 2]),
    ((10, 10, 5), 2, [0, 1, 2]),
    ((10, 10, 5), 0, [0, 1, 2]),
    ((3, 8, 8, 8), 3, [3, 1, 2, 0]),
    ((3, 8, 1, 8), 2, [3, 1, 0, 2]),
])
def test_final_tie_goes_nearest_clockwise_from_round_8s_start(
        summer: tuple[int, ...], start: int, ranking: list[int]) -> None:
    result = ended(summer, start).result()
    assert result is not None
    assert result["ranking"] == ranking
    assert result["winner"] == ranking[0]
    assert result["reason"] == "tie-clockwise"
    assert result["tie"]["round_8_start"] == start
    assert result["tie"]["seats"] == sorted(s for s in range(len(summer))
                                             if summer[s] == max(summer))


# --- the winds option -------------------------------------------------------------------------


def wind_letters(game: Bosk) -> str:
    return "".join(entry["wind"] for entry in game.score()["wind_board"])


@pytest.mark.parametrize("first, winds, letters", [
    ("N", "FRBLFRBL", "NESWNESW"),
    ("W", "FRBLFRBL", "WNESWNES"),
    ("E", "FFFFBBBB", "EEEEWWWW"),
    ("S", "FLFLRRBB", "SESEWWNN"),
])
def test_wind_schedule(first: str, winds: str, letters: str) -> None:
    game = autumn(first, Bosk(players=2, winds=winds))
    assert wind_letters(game) == letters
    assert game.score()["wind"] == letters[0]


def test_wind_board_asks_for_tree_values() -> None:
    game = autumn("N")
    board = game.score()["wind_board"]
    assert [entry["tree"] for entry in board] == [1, 2, 3, 4, None, None, None, None]
    assert [entry["current"] for entry in board] == [True] + [False] * 7
    with pytest.raises(IllegalAction, match="value 1"):
        game.play("tree b5")


# --- winter as the park stands ----------------------------------------------------------------


def test_summer_as_the_park_stands_is_scored_in_spring() -> None:
    """Worked by hand from the rules' summer table: Player 1's 4 on c6 and 2 on e6, Player 2's 3
    on c3. Row 6 is Player 1's alone (6: 3 points), column c is 4 to 3 (2 and 1), column e
    Player 1's alone (3) and row 3 Player 2's alone (3); every other line is empty. Summer
    itself is not scored until spring ends."""
    game = Bosk(players=2)
    for action in ("plant 4@c6", "plant 3@c3", "plant 2@e6"):
        game.play(action)
    score = game.score()
    now = {line["line"]: line for line in score["summer_now"]}
    assert len(now) == 14  # the 7 rows and 7 columns of points inside the 8 x 8 park
    assert now["row 6"]["sums"] == [6, 0] and now["row 6"]["points"] == [3, 0]
    assert now["column c"]["sums"] == [4, 3] and now["column c"]["points"] == [2, 1]
    assert now["column c"]["first"] == [0] and now["column c"]["second"] == [1]
    assert now["column e"]["points"] == [3, 0] and now["row 3"]["points"] == [0, 3]
    empty = set(now) - {"row 6", "row 3", "column c", "column e"}
    assert all(now[line]["sums"] == [0, 0] for line in empty)
    assert score["summer_now_totals"] == [8, 4]
    assert score["summer"] == [] and score["summer_totals"] == [0, 0]


def test_summer_as_the_park_stands_is_summer_after_spring() -> None:
    rng = random.Random(5)
    game = new_game("bosk", players=3)
    while game.score()["season"] == "spring":
        game.play(rng.choice(game.legal_actions()))
    while not game.is_over:  # the trees leave the park in autumn; summer stays as scored
        score = game.score()
        assert score["summer_now"] == score["summer"]
        assert score["summer_now_totals"] == score["summer_totals"]
        game.play(rng.choice(game.legal_actions()))


def test_winter_as_the_park_stands_is_scored_in_autumn() -> None:
    """Worked by hand from the rules' winter table on our 2-player park (top row AABBBCCC,
    then AABBCCCC): region A holds Player 1's a8 and b8 and Player 2's a7, so 5 and 3; region B
    holds Player 1's c8 and Player 2's squirrel on d8 (on Player 1's leaf), a tie for first, 4
    each; region C holds only Player 1's f8, 8 alone. Winter itself is not scored yet."""
    game = autumn()
    for name, owner in (("a8", 0), ("b8", 0), ("a7", 1), ("c8", 0), ("d8", 0), ("f8", 0)):
        put_stack(game, name, 1, owner)
    game.squirrel[space(game, "d8")] = 1
    game.squirrel_at[1] = space(game, "d8")
    score = game.score()
    now = {region["region"]: region for region in score["winter_now"]}
    assert now["A"]["spaces"] == [2, 1] and now["A"]["points"] == [5, 3]
    assert now["B"]["spaces"] == [1, 1] and now["B"]["points"] == [4, 4]
    assert now["B"]["first"] == [0, 1] and now["B"]["second"] == []
    assert now["C"]["spaces"] == [1, 0] and now["C"]["points"] == [8, 0]
    assert all(now[r]["points"] == [0, 0] for r in "DEFGL")
    assert score["winter_now_totals"] == [17, 7]
    assert score["winter"] == [] and score["winter_totals"] == [0, 0]
    assert score["totals"] == score["summer_totals"]


def test_winter_as_the_park_stands_is_winter_at_the_end() -> None:
    rng = random.Random(11)
    game = new_game("bosk", players=3)
    while not game.is_over:
        game.play(rng.choice(game.legal_actions()))
    score = game.score()
    assert score["winter_now"] == score["winter"]
    assert score["winter_now_totals"] == score["winter_totals"]
