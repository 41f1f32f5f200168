"""Bosk options, parks, records, buttons, and errors that change nothing."""

from __future__ import annotations

import pytest

from py_engine import GAMES, IllegalAction, NotationError, load_game, new_game
from py_engine.games.bosk.board import LAKE, PARKS, SIDES, park_of, read_park
from py_engine.games.bosk.game import Bosk

# --- our parks --------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_our_parks(players: int) -> None:
    rows = PARKS[players]
    assert read_park(list(rows)) == rows
    side = SIDES[players]
    assert len(rows) == side and {len(row) for row in rows} == {side}
    geo = park_of(rows)
    assert geo.letters[geo.lake] == LAKE
    sizes = sorted(len(geo.region_spaces(r)) for r in range(8))
    assert len(set(sizes)) >= 5, "regions of varied sizes"
    for region in range(8):
        cells = [geo.space_xy[s] for s in geo.region_spaces(region)]
        xs, ys = {x for x, _ in cells}, {y for _, y in cells}
        # no region lies along a single border line, where some wind could never reach it
        assert len(xs) > 1 and len(ys) > 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_default_park_and_seats(players: int) -> None:
    game = new_game("bosk", players=players)
    assert isinstance(game, Bosk)
    assert game.park == list(PARKS[players])
    assert game.players == players
    assert game.to_move == 0
    assert game.score()["names"] == [f"Player {s + 1}" for s in range(players)]


SMALL = "AABBCCDD/AABBCCDD/EEFFGGLL/EEFFGGLL/AABBCCDD/AABBCCDD/EEFFGGLL/EEFFGGLL"


@pytest.mark.parametrize("park, problem", [
    ("AAB/AA", "not a rectangle"),
    ("", None),  # empty means ours
    ("AABBCCDD/AABBCCDD/EEFFGGLL/EEFFGGLL/AABBCCDD/AABBCCDD/EEFFGGLL/EEFFGG1L", "'1'"),
    ("AABBCCDD/AABBCCDD/EEFFGGHH/EEFFGGHH/AABBCCDD/AABBCCDD/EEFFGGHH/EEFFGGHH", "no lake"),
    ("AABBCCDD/AABBCCDD/EEFFGGLL/EEFFGGLL/AABBCCDD/AABBCCDD/EEFFGLLL/EEFFGLLH",
     "9 regions"),
    ("AABBCCCC/AABBCCCC/EEFFGGLL/EEFFGGLL/AABBCCCC/AABBCCCC/EEFFGGLL/EEFFGGLL",
     "7 regions"),
    (SMALL, "region A is in pieces"),
    ("AAAAAAAA/AAAAAAAA/AAAAAAAA/AAAAAAAA/BBBBCCCC/DDDDEEEE/FFFFGGGG/GLLLLLLL",
     "region G is in pieces"),
    ("AAAAAAAA/AAAAAAAA/AAAAAAAA/AAAAAAAA/BBBBCCCC/DDDDEEEE/FFFFGGGG/LLLLLLGG",
     None),
    ("AAAAAAAA/AAAAAAAA/AAAAAAAA/AAAAAAAA/BBBBCCCC/DDDDEEEE/FFFFGGGL/LLLLLLLL",
     "region G has 3 spaces"),
])
def test_park_validation(park: str, problem: str | None) -> None:
    if problem is None:
        game = new_game("bosk", park=park)
        assert len(game.park) == 8  # type: ignore[attr-defined]
        return
    with pytest.raises(NotationError, match=problem):
        new_game("bosk", park=park)


def test_park_size_must_suit_the_players() -> None:
    with pytest.raises(NotationError, match="3-player park has 9 × 9"):
        new_game("bosk", players=3, park="/".join(PARKS[2]))


def test_park_from_rows_or_text_round_trips() -> None:
    rows = ["LLLLAAAA", "LBBBAAAA", "BBBCCCCD", "EEECCCDD", "EEFFFDDD", "EGGFFFDD",
            "EGGGFFDD", "EGGGFFDD"]
    game = new_game("bosk", park=rows)
    assert game.park == rows  # type: ignore[attr-defined]
    assert "park: " + "/".join(rows) in game.record()
    lower = new_game("bosk", park="/".join(rows).lower())
    assert lower.park == rows  # type: ignore[attr-defined]
    again = load_game(game.record())
    assert again.park == rows  # type: ignore[attr-defined]
    assert load_game(new_game("bosk").record()).park == list(PARKS[2])  # type: ignore


def test_default_park_in_a_record() -> None:
    game = load_game("game: bosk\nplayers: 3\npark: default\n\nplant 2@c4\n")
    assert game.park == list(PARKS[3])  # type: ignore[attr-defined]
    assert game.history == ["plant 2@c4"]


@pytest.mark.parametrize("options, problem", [
    ({"players": 5}, "option players"),
    ({"players": 1}, "option players"),
    ({"winds": "FRBL"}, "option winds"),
    ({"winds": "FRBLFRBX"}, "option winds"),
    ({"names": "Ann"}, "1 names for 2 players"),
    ({"names": ["Ann", "Bob", "Cyd"]}, "3 names for 2 players"),
    ({"names": ["Ann", ""]}, "1 to 24 characters"),
    ({"names": ["Ann", "B" * 25]}, "1 to 24 characters"),
    ({"names": ["Ann", "B,b"]}, "commas"),
    ({"names": ["Ann", "B\nb"]}, "control characters"),
    ({"names": 7}, "option names"),
    ({"park": 7}, "option park"),
    ({"size": 8}, "no option 'size'"),
])
def test_bad_options(options: dict[str, object], problem: str) -> None:
    with pytest.raises(NotationError, match=problem):
        new_game("bosk", **options)


def test_names_and_winds_round_trip() -> None:
    game = new_game("bosk", players=3, names="Ann, Bo , Cyd", winds="frblbbff")
    assert game.score()["names"] == ["Ann", "Bo", "Cyd"]
    assert game.options["winds"] == "FRBLBBFF"
    record = game.record()
    assert "names: Ann,Bo,Cyd" in record
    assert load_game(record).record() == record
    listed = new_game("bosk", players=3, names=["Ann", "Bo", "Cyd"])
    assert listed.record() == record.replace("winds: FRBLBBFF", "winds: FRBLFRBL")


def test_bosk_is_registered() -> None:
    assert GAMES["bosk"] is Bosk


# --- bad actions change nothing ---------------------------------------------------------------


def spring_done() -> Bosk:
    game = Bosk(players=2)
    for action in ["plant 1@e4", "plant 1@d5", "plant 1@b3", "plant 1@c2",
                   "plant 2@b5", "plant 2@e2", "plant 2@b6", "plant 2@f2",
                   "plant 3@b7", "plant 3@g2", "plant 3@b8", "plant 3@h2",
                   "plant 4@c8", "plant 4@h3", "plant 4@d8", "plant 4@h4"]:
        game.play(action)
    return game


@pytest.mark.parametrize("prefix, action, problem", [
    ([], "plant 5@c4", "VALUE 1 to 4"),
    ([], "plant 3c4", "expected plant VALUE@POINT"),
    ([], "plant 3@a4", "not an inner point"),
    ([], "plant 3@i4", "not an inner point"),
    (["plant 3@c4"], "plant 3@c4", "already holds a tree"),
    (["plant 1@c4", "plant 2@c5", "plant 1@c6", "plant 2@c7"], "plant 1@d4",
     "no tree of value 1 left"),
    ([], "wind N", "expected a tree to plant"),
    ([], "grow c4", "not a Bosk action"),
    ([], "", "not a Bosk action"),
    (["spring"], "wind Q", "expected wind N"),
    (["spring"], "tree e4", "expected the first wind"),
    (["wind N"], "wind N", "expected one of your trees"),
    (["wind N", "tree e4"], "tile 9", "tile 2 to 8"),
    (["wind N", "tree e4"], "tile 1", "tile 2 to 8"),
    (["wind N", "tree e4"], "leaf e4", "expected a leaf tile"),
    (["wind N", "tree e4", "tile 2"], "leaf e5", "not on the tree's downwind side"),
    (["wind N", "tree e4", "tile 2"], "leaf z9", "not a space"),
    (["wind N", "tree e4", "tile 3", "leaf e4"], "leaf g6", "g6 is not ahead of e4"),
    (["wind N", "tree e4", "tile S"], "squirrel e8", "not within 3 steps"),
    (["wind N"], "tree b5", "round 1 needs a tree of value 1"),
    (["wind N"], "tree d5", "Player 1 has no tree on d5"),
    (["wind N"], "tree c4", "Player 1 has no tree on c4"),
])
def test_bad_actions_change_nothing(prefix: list[str], action: str, problem: str) -> None:
    game = spring_done() if prefix[:1] in (["wind N"], ["spring"]) else Bosk(players=2)
    for done in prefix:
        if done != "spring":
            game.play(done)
    before = (game.record(), game.score(), game.legal_actions())
    with pytest.raises(IllegalAction, match=problem):
        game.play(action)
    assert (game.record(), game.score(), game.legal_actions()) == before


def test_spaces_around_the_at_sign_are_allowed() -> None:
    game = Bosk(players=2)
    game.play(" plant 3 @ C4 ")
    assert game.history == ["plant 3@c4"]


def test_used_tile_is_refused() -> None:
    game = spring_done()
    for action in ["wind N", "tree e4", "tile 2", "leaf e4", "leaf e5", "tree d5", "tile 3",
                   "leaf d5", "leaf d6", "leaf d7", "tree b5"]:
        game.play(action)
    with pytest.raises(IllegalAction, match="tile 2 has been used"):
        game.play("tile 2")


def test_play_after_the_end_and_undo_at_the_start() -> None:
    game = Bosk(players=2)
    with pytest.raises(IllegalAction):
        game.undo()
    with pytest.raises(NotationError, match="action is text"):
        game.play(3)  # type: ignore[arg-type]


def test_bad_record_names_the_line() -> None:
    with pytest.raises(NotationError, match="line 3") as info:
        load_game("game: bosk\nplayers: 2\npark: AAA\n")
    assert info.value.token == "park"
    with pytest.raises(NotationError, match="line 4"):
        load_game("game: bosk\n\nplant 1@c4\nplant 1@c4\n")


# --- buttons ----------------------------------------------------------------------------------


def test_buttons_follow_the_step() -> None:
    game = spring_done()
    fresh = Bosk(players=2)
    assert fresh.buttons() == [
        {"kind": "tree-value", "label": str(v), "select": f"plant {v}"} for v in (1, 2, 3, 4)
    ]
    assert [b["action"] for b in game.buttons()] == ["wind N", "wind E", "wind S", "wind W"]
    game.play("wind N")
    assert game.buttons() == []
    game.play("tree e4")
    labels = [b["label"] for b in game.buttons()]
    assert labels == ["S", "2", "3", "4", "5", "6", "7", "8"]
    assert game.buttons()[0] == {"kind": "tile", "label": "S", "action": "tile S"}
    game.play("tile 3")
    assert game.buttons() == []
