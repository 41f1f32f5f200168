"""A whole 2-player Bosk game on our 8 × 8 park, worked out by hand from the rules
(web/rules/bosk.json).

The park (top row first)::

    8  A A B B B C C C
    7  A A B B C C C C
    6  A D B L L L C C
    5  D D L L L G C C
    4  E D D L G G G F
    3  E E D G G F F F
    2  E E E E G F F F
    1  E E E F F F F F
       a b c d e f g h
"""

from __future__ import annotations

from py_engine import load_game
from py_engine.games.bosk.game import Bosk

SPRING = [
    "plant 1@b2", "plant 1@c2", "plant 1@c3", "plant 1@d3",
    "plant 2@d4", "plant 2@e4", "plant 2@e5", "plant 2@f5",
    "plant 3@f6", "plant 3@g6", "plant 3@g7", "plant 3@h7",
    "plant 4@h8", "plant 4@b7", "plant 4@b6", "plant 4@c7",
]

# Each round: the turns in seat order from the round's start player.
ROUNDS = [
    # round 1, wind N, trees of value 1; Player 2 starts (lowest summer score)
    ["tree c2", "tile 3", "leaf b2", "leaf b3", "leaf b4"],
    # Player 1 covers b2 and b3 (2 tokens each); b4 would cost 2 with 1 held
    ["tree b2", "tile 5", "leaf b2", "leaf b3", "leaf c4"],
    # round 2, wind E, value 2
    ["tree e4", "tile 2", "leaf e4", "leaf f4"],
    ["tree d4", "tile 4", "leaf d4", "leaf e4", "leaf f5"],
    # round 3, wind S, value 3: Player 2's squirrel tops Player 1's leaf on f5
    ["tree g6", "tile S", "squirrel f5"],
    # f5 is blocked; the path reaches the bottom edge with 1 token left, returned
    ["tree f6", "tile 7", "leaf e5", "leaf f4", "leaf f3", "leaf g2", "leaf g1"],
    # round 4, wind W, value 4: a7 is on the west edge, 7 tokens go back
    ["tree b7", "tile 8", "leaf a7"],
    ["tree h8", "tile 2", "leaf g8", "leaf f7"],
    # round 5, wind N, any tree; Player 1 played the lowest tile (2) and starts
    ["tree b6", "tile 3", "leaf a6", "leaf a7"],  # a7 covered with exactly the 2 held
    ["tree c7", "tile 4", "leaf b7", "leaf b8"],  # top edge: 2 tokens go back
    # round 6, wind E
    ["tree c3", "tile 8", "leaf c2", "leaf d2", "leaf e2", "leaf f2", "leaf g3", "leaf h3"],
    # after e4 (3 tokens) one is held: f3 and f4 are too dear, f5 has a squirrel
    ["tree d3", "tile 5", "leaf d3", "leaf e4"],
    # round 7, wind S; Player 2 played 5 against 8 and starts
    ["tree h7", "tile 6", "leaf h6", "leaf h5", "leaf h4", "leaf h3", "leaf h2"],
    ["tree g7", "tile S", "squirrel h5"],
    # round 8, wind W; Player 1's squirrel counts as 1
    ["tree e5", "tile 6", "leaf d5", "leaf c6", "leaf b7", "leaf a8"],
    ["tree f5", "tile 7", "leaf e5", "leaf d6", "leaf c6", "leaf b6", "leaf a5"],
]


def play_spring() -> Bosk:
    game = Bosk(players=2)
    for action in SPRING:
        game.play(action)
    return game


def test_summer_scores_every_line() -> None:
    game = play_spring()
    score = game.score()
    lines = {line["line"]: (line["sums"], line["points"]) for line in score["summer"]}
    assert lines["row 8"] == ([4, 0], [3, 0])  # Player 1 alone
    assert lines["row 7"] == ([3, 11], [1, 2])
    assert lines["row 6"] == ([7, 3], [2, 1])
    assert lines["row 2"] == ([1, 1], [1, 1])  # tied first: 1 each
    assert lines["column b"] == ([5, 4], [2, 1])
    assert lines["column c"] == ([1, 5], [1, 2])
    assert lines["column g"] == ([3, 3], [1, 1])
    assert score["summer_totals"] == [21, 15]
    assert score["totals"] == [21, 15]
    assert score["start_player"] == 1
    assert game.to_move == 1
    assert game.legal_actions() == ["wind N", "wind E", "wind S", "wind W"]


def test_round_by_round() -> None:
    game = play_spring()
    game.play("wind N")
    starts = []
    for number, turn in enumerate(ROUNDS):
        if number % 2 == 0:
            starts.append(game.score()["start_player"])
        if turn[:2] == ["tree g6", "tile S"]:
            game.play("tree g6")
            game.play("tile S")
            assert game.legal_actions() == [
                "squirrel d3", "squirrel e3", "squirrel f3", "squirrel g3", "squirrel h3",
                "squirrel e4", "squirrel f4", "squirrel g4", "squirrel h4",
                "squirrel f5", "squirrel g5",
            ]
            turn = turn[2:]
        for action in turn:
            game.play(action)
    assert starts == [1, 1, 1, 1, 0, 0, 1, 0]
    assert game.is_over


def whole_game() -> Bosk:
    game = play_spring()
    game.play("wind N")
    for turn in ROUNDS:
        for action in turn:
            game.play(action)
    return game


def test_winter_and_result() -> None:
    game = whole_game()
    score = game.score()
    winter = {entry["region"]: (entry["spaces"], entry["points"]) for entry in score["winter"]}
    assert winter == {
        "A": ([4, 1], [5, 3]),
        "B": ([0, 1], [0, 8]),  # Player 2 alone
        "C": ([3, 1], [5, 3]),
        "D": ([1, 3], [3, 5]),
        "E": ([4, 0], [8, 0]),
        "F": ([5, 3], [5, 3]),
        "G": ([2, 3], [3, 5]),
        "L": ([2, 2], [4, 4]),  # tied first: 4 each
    }
    assert score["winter_totals"] == [33, 31]
    assert score["totals"] == [54, 46]
    assert score["leaves"] == [25, 20]
    assert score["tokens"] == [10, 15]
    assert score["squirrels"] == ["h5", "f5"]
    assert score["season"] == "over"
    assert game.result() == {
        "winner": 0, "ranking": [0, 1], "totals": [54, 46], "reason": "score",
    }


def test_stacks_keep_every_token() -> None:
    game = whole_game()
    e4 = game.geo.space_index["e4"]
    assert (game.height[e4], game.top[e4]) == (3, 1)


def test_record_replays() -> None:
    game = whole_game()
    again = load_game(game.record())
    assert again.record() == game.record()
    assert again.score() == game.score()
