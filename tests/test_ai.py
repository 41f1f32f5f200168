"""The computer opponent: the generic search, levels and the arena (iteration budgets only)."""

from __future__ import annotations

import random
import threading
import time
from dataclasses import replace
from typing import Any

import pytest

from py_engine import GAMES, new_game
from py_engine.ai import (
    HINT,
    LEVELS,
    Level,
    Thinker,
    budget_of,
    choose_within,
    knowledge_for,
    level_of,
    tuned,
)
from py_engine.arena import (
    Ladder,
    Outcome,
    Setup,
    best_sharpness,
    bradley_terry,
    budget,
    calibration_table,
    check_seats,
    finished_ahead,
    ladder_configs,
    pair_seats,
    report,
    run,
    run_ladder,
    searcher,
    wilson,
)
from py_engine.cli import main
from py_engine.core import Game
from py_engine.mcts import Knowledge, Node, Search, gains, greedy_move, sharpened


def configurations() -> list[tuple[str, dict[str, Any]]]:
    """Every game, with every seat count it offers."""
    found = []
    for name, cls in GAMES.items():
        seats = cls.OPTIONS.get("players")
        for players in seats.choices if seats else (None,):
            found.append((name, {} if players is None else {"players": players}))
    return found


def advanced(name: str, options: dict[str, Any], actions: int, seed: int) -> Game:
    """A game after up to ``actions`` random actions (stopping before the end)."""
    game = new_game(name, **options)
    rng = random.Random(seed)
    for _ in range(actions):
        legal = game.legal_actions()
        game.play(rng.choice(legal))
        if game.is_over:
            game.undo()
            break
    return game


@pytest.mark.parametrize(("name", "options"), configurations())
@pytest.mark.parametrize("actions", [0, 7, 30])
def test_search_returns_a_legal_action(name: str, options: dict[str, Any], actions: int) -> None:
    game = advanced(name, options, actions, seed=actions)
    assert choose_within(game, 60, seed=3) in game.legal_actions()


@pytest.mark.parametrize(("name", "options"), configurations())
def test_search_leaves_the_game_as_it_found_it(name: str, options: dict[str, Any]) -> None:
    game = advanced(name, options, 12, seed=5)
    record, legal, seat = game.record(), game.legal_actions(), game.to_move
    search = Search(game, seed=1, knowledge=knowledge_for(game))
    search.run(80)
    assert (game.record(), game.legal_actions(), game.to_move) == (record, legal, seat)
    assert (search.game.record(), search.game.legal_actions()) == (record, legal)


@pytest.mark.parametrize(("name", "options"), configurations())
def test_fixed_seed_and_iterations_reproduce_the_search(name: str, options: dict[str, Any]) -> None:
    game = advanced(name, options, 9, seed=2)
    runs = []
    for _ in range(2):
        search = Search(game, seed=42, knowledge=knowledge_for(game))
        search.run(150)
        runs.append((search.best_action(), search.ranked(), search.win_chances()))
    assert runs[0] == runs[1]


def test_win_chances_are_a_share_per_seat() -> None:
    search = Search(new_game("bounders"), seed=1)
    assert search.win_chances() == [0.5, 0.5]
    search.run(50)
    chances = search.win_chances()
    assert len(chances) == 2 and abs(sum(chances) - 1) < 1e-9
    assert sum(visits for _, visits, _ in search.ranked()) == 50


def test_win_chances_are_read_with_the_games_sharpness() -> None:
    game = advanced("bounders", {}, 12, seed=3)

    class Flat(Knowledge):
        sharpness = 0.5

    class Sharp(Knowledge):
        sharpness = 2.0

    found = {}
    for knowledge in (Knowledge(), Flat(), Sharp()):
        search = Search(game, seed=2, knowledge=knowledge)
        search.run(200)
        found[knowledge.sharpness] = search.win_chances()
        assert abs(sum(found[knowledge.sharpness]) - 1) < 1e-9
    raw = found[1.0]
    leader = raw.index(max(raw))
    assert raw[leader] > 0.5  # the position is not even, so sharpness has something to change
    assert found[0.5][leader] < raw[leader] < found[2.0][leader]
    assert found[0.5][leader] == pytest.approx(sharpened(raw, 0.5)[leader])


def test_win_chances_are_read_with_the_sharpness_of_the_seat_count() -> None:
    """A game's estimate may be sharper or flatter with more seats: the search reads the
    sharpness its game's knowledge gives for the seats at the table, and Bosk's differs with
    four seats from two."""

    class BySeats(Knowledge):
        sharpness = 1.0

        def sharpness_for(self, players: int) -> float:
            return 3.0 if players >= 4 else self.sharpness

    for players, power in ((2, 1.0), (4, 3.0)):
        game = advanced("bosk", {"players": players}, 10, seed=4)
        search = Search(game, seed=2, knowledge=BySeats())
        search.run(60)
        raw = search.mean_rewards()
        assert max(raw) > min(raw)  # uneven, so the power has something to change
        assert search.win_chances() == pytest.approx(sharpened(raw, power))
    bosk = knowledge_for(new_game("bosk"))
    assert bosk.sharpness_for(2) == bosk.sharpness
    assert bosk.sharpness_for(4) != bosk.sharpness_for(2)


def test_a_win_at_once_is_a_certain_chance() -> None:
    game = new_game("bounders")
    for action in BOUNDERS_WIN_AT_ONCE.split():
        game.play(action)
    search = Search(game, seed=1, knowledge=knowledge_for(game))
    search.run(30)
    assert search.root.won is not None
    mover = game.to_move
    assert search.win_chances() == [float(seat == mover) for seat in range(2)]


def test_the_best_sharpness_is_found_from_outcomes() -> None:
    # Outcomes drawn with the raw estimates flattened by 0.5: the fit finds about 0.5.
    rng = random.Random(3)
    raw, truth = [], []
    for _ in range(4000):
        p = rng.uniform(0.02, 0.98)
        estimate = [p, 1 - p]
        first_wins = rng.random() < sharpened(estimate, 0.5)[0]
        raw.append(estimate)
        truth.append([1.0, 0.0] if first_wins else [0.0, 1.0])
    assert 0.4 <= best_sharpness(raw, truth) <= 0.6
    table = calibration_table(sharpened_all(raw, 0.5), truth)
    for count, said, came in table:
        if count > 200:
            assert abs(said - came) < 0.08


def sharpened_all(raw: list[list[float]], power: float) -> list[list[float]]:
    return [sharpened(estimate, power) for estimate in raw]


# A Bounders game in which Light, to move, has three legal cells: d9 ends the game at once
# with a Light win, while d8 and e10 each lose against best play.
BOUNDERS_WIN_AT_ONCE = (
    "f8 j3 g1 e11 a2 g11 k6 m4 b5 c8 e6 h7 d3 l2 g5 d7 j10 a7 d6 m7 e8 f2 i9 d1 h10 k8 i1 d2 "
    "j5 h12 c2 i6 i5 c4 i11 g10 b4 e3 k9 f4 h11 g2 f5 g8 d4 j8 h3 i4 l5 i8 k1 m5 h9 j4 k4 l3 "
    "l1 g9 l4 m1 k2 f9 e9"
)


@pytest.mark.parametrize("seed", range(4))
def test_bounders_search_finds_the_move_that_wins_at_once(seed: int) -> None:
    game = new_game("bounders")
    for action in BOUNDERS_WIN_AT_ONCE.split():
        game.play(action)
    assert sorted(game.legal_actions()) == ["d8", "d9", "e10"]
    assert choose_within(game, 200, seed=seed) == "d9"


# A Splinter game in which White, to move among 104 moves, parts the kings with i10-h9 and
# keeps the larger group.
SPLINTER_WIN_AT_ONCE = (
    "i7-h7 h11-g12 f8-f9 g10-f9 f11-f10 f12-g11 k7-j7 f8-f7 j7-j8 g11-h12 j9-k8 i12-j13 g9-f8 "
    "i7-j7 f8-g7 f7-g7 k8-l8 g7-g6 k14-l13 e7-e8 i11-h10 e8-e9 h8-i9 g6-h5 f10-f9 f8-e8 i7-i8 "
    "h6-h5 h10-g9 i9-i10 i13-j14"
)


@pytest.mark.parametrize("seed", range(3))
def test_splinter_search_finds_the_move_that_wins_at_once(seed: int) -> None:
    game = new_game("splinter")
    for action in SPLINTER_WIN_AT_ONCE.split():
        game.play(action)
    assert game.to_move == 1 and len(game.legal_actions()) == 104
    assert choose_within(game, 200, seed=seed) == "i10-h9"


# A three-seat Bosk game at the last leaf of the last turn: seat 2 wins with leaf f4, which
# ends its path and the game; leaf d4 and leaf e4 go on and lose against best play.
BOSK3_WIN_AT_ONCE = (
    "plant 2@d9 | plant 1@h7 | plant 1@d7 | plant 1@i8 | plant 2@e7 | plant 4@h6 | "
    "plant 1@c7 | plant 3@f5 | plant 2@h8 | plant 2@i5 | plant 4@g4 | plant 3@h5 | "
    "plant 4@f4 | plant 2@i6 | plant 2@d8 | plant 4@c3 | plant 1@b3 | plant 1@f7 | "
    "plant 3@e5 | plant 4@f3 | plant 3@d3 | plant 3@h3 | plant 3@b7 | plant 4@e6 | "
    "wind W | tree f7 | tile S | squirrel d5 | tree i8 | tile 3 | leaf h7 | leaf g7 | "
    "leaf f6 | tree h7 | tile 7 | leaf g6 | leaf f7 | leaf e7 | leaf d8 | leaf c7 | "
    "leaf b8 | leaf a7 | tree d8 | tile 2 | leaf c8 | leaf c9 | tree d9 | tile 5 | "
    "leaf d9 | tree e7 | tile 3 | leaf e7 | leaf f8 | leaf f9 | tree d3 | tile 8 | "
    "leaf d2 | leaf e2 | leaf f1 | leaf g2 | leaf h2 | leaf i3 | tree h3 | tile 7 | "
    "leaf h3 | leaf i3 | tree f5 | tile 4 | leaf f5 | leaf g4 | leaf h5 | leaf i5 | "
    "tree f3 | tile S | squirrel g1 | tree h6 | tile 7 | leaf h5 | leaf g4 | leaf f3 | "
    "leaf f2 | leaf f1 | tree c3 | tile 4 | leaf b2 | leaf a1 | tree b7 | tile 6 | "
    "leaf a6 | tree h8 | tile 5 | leaf g8 | leaf f9 | leaf e9 | tree i5 | tile 8 | "
    "leaf h4 | leaf g3 | leaf f2 | leaf e1 | leaf d1 | leaf c2 | leaf b1 | tree d7 | "
    "tile 6 | leaf d7 | leaf d8 | leaf d9 | tree f4 | tile 2 | leaf f4 | leaf g5 | "
    "tree b3 | tile 8 | leaf b3 | leaf c4 | leaf b5 | leaf c6 | leaf b7 | leaf b8 | "
    "leaf a9 | tree e5 | tile S | squirrel g4 | tree i6 | tile 5 | leaf i6 | tree h5 | "
    "tile 4 | leaf h5 | leaf i5 | tree c7 | tile 6 | leaf b6 | leaf c5 | leaf c4 | "
    "leaf b3 | tree g4 | tile 2 | leaf f3 | tree e6 | tile 3 | leaf e5"
)


@pytest.mark.parametrize("seed", range(3))
def test_bosk_search_finds_the_move_that_wins_at_once(seed: int) -> None:
    game = new_game("bosk", players=3)
    for action in BOSK3_WIN_AT_ONCE.split(" | "):
        game.play(action)
    assert game.to_move == 2 and game.legal_actions() == ["leaf d4", "leaf e4", "leaf f4"]
    assert choose_within(game, 100, seed=seed) == "leaf f4"


def test_bounders_swap_is_searched_in_tournament_rules() -> None:
    game = new_game("bounders", rules="tournament")
    game.play("g7")
    search = Search(game, seed=1, knowledge=knowledge_for(game))
    search.run(1)
    assert search.ranked()[0][0] == "swap"


def test_stopping_a_search_returns_promptly() -> None:
    search = Search(new_game("bounders", size=9), seed=1)
    worker = threading.Thread(target=search.run_for, args=(60.0,))
    worker.start()
    time.sleep(0.05)
    search.stop()
    worker.join(timeout=2.0)
    assert not worker.is_alive()
    assert search.run(100) == 0


def test_a_stopped_thinker_is_decided_and_answers_a_legal_action() -> None:
    game = new_game("bounders")
    thinker = Thinker(game, "expert", seed=1)
    assert not thinker.think(0.01)
    thinker.stop()
    assert thinker.think(10.0)
    assert thinker.action() in game.legal_actions()


def test_a_single_legal_action_is_answered_without_thinking() -> None:
    game = new_game("bounders")
    for action in BOUNDERS_WIN_AT_ONCE.split():
        game.play(action)
    game.play("d8")
    assert game.legal_actions() == ["e10"]
    thinker = Thinker(game, "expert")
    assert thinker.think(0.0) and thinker.search.iterations == 0
    assert thinker.action() == "e10"


def ladder_of(name: str, options: dict[str, Any]) -> list[Level]:
    """The levels as they play one game configuration, weakest first."""
    game = new_game(name, **options)
    knowledge = knowledge_for(game)
    return [tuned(level, knowledge, game.players) for level in LEVELS.values()]


@pytest.mark.parametrize(("name", "options"), configurations())
def test_levels_climb_from_a_first_game_to_the_strongest(
    name: str, options: dict[str, Any]
) -> None:
    assert list(LEVELS) == ["beginner", "casual", "easy", "medium", "hard", "expert"]
    levels = ladder_of(name, options)
    assert [level.name for level in levels] == list(LEVELS)
    for lower, upper in zip(levels, levels[1:], strict=False):
        assert lower.seconds <= upper.seconds
        assert lower.iterations is not None and upper.iterations is not None
        assert lower.iterations <= upper.iterations
        assert lower.greedy >= upper.greedy
        assert (lower.iterations, lower.greedy) != (upper.iterations, upper.greedy)
    # The first level is weakened by design, not only by a short search; the top one is not.
    assert levels[0].greedy > 0
    assert levels[-1].greedy == 0
    # A game's tuning changes how a level searches and chooses, never its thinking time.
    assert [level.seconds for level in levels] == [level.seconds for level in LEVELS.values()]


def test_level_names_and_budgets() -> None:
    assert budget_of("Hard") == LEVELS["hard"].seconds and budget_of(0.5) == 0.5
    assert level_of("hint") == HINT and HINT.greedy == 0 and HINT.iterations is None
    assert level_of(1.5) == Level("1.5s", 1.5)
    with pytest.raises(ValueError, match="unknown level 'genius'"):
        budget_of("genius")
    with pytest.raises(ValueError, match="positive"):
        budget_of(0)


def test_a_named_level_plays_as_the_game_tunes_it() -> None:
    game = new_game("bounders")
    knowledge = knowledge_for(game)
    change = knowledge.tuning(game.players)["beginner"]
    thinker = Thinker(game, "Beginner", seed=1)
    assert thinker.level == tuned(LEVELS["beginner"], knowledge, 2)
    assert thinker.level.iterations == change["iterations"]
    assert thinker.level.greedy == change["greedy"] != LEVELS["beginner"].greedy
    # A level given as such is played as it is.
    assert Thinker(game, LEVELS["beginner"], seed=1).level == LEVELS["beginner"]
    # A game that tunes nothing plays the shared levels.
    assert tuned(LEVELS["easy"], Knowledge(), 2) == LEVELS["easy"]


def test_a_newcomers_move_is_decided_without_a_search() -> None:
    game = advanced("bosk", {"players": 2}, 30, seed=4)
    knowledge = knowledge_for(game)
    best = max(gain for gain, _ in gains(game, knowledge))
    scoring = {game.action_of(move) for gain, move in gains(game, knowledge) if gain == best}
    newcomer = Level("newcomer", 1.0, 100, greedy=1.0)
    for seed in range(4):
        thinker = Thinker(game, newcomer, seed=seed)
        assert thinker.think(0.0) and thinker.search.iterations == 0
        assert thinker.action() in scoring


def test_a_scaled_level_keeps_its_way_of_choosing() -> None:
    easy = LEVELS["easy"].scaled(0.1)
    assert easy.seconds == pytest.approx(LEVELS["easy"].seconds / 10)
    assert easy.iterations == 30
    casual = LEVELS["casual"].scaled(0.1)
    assert casual.greedy == LEVELS["casual"].greedy > 0
    assert LEVELS["beginner"].scaled(0.001).iterations == 1


# The positions the levels are compared on: every game's configurations, a few actions in.
POSITIONS = [
    (name, options, actions)
    for name, options in configurations()
    for actions in (3, 20)
]


@pytest.mark.parametrize("level", list(LEVELS))
def test_every_level_answers_a_legal_action_within_its_budget(level: str) -> None:
    # The higher levels are scaled down to at most 0.3 s a move here: their real budgets are
    # the same code with a larger number.
    for k, (name, options, actions) in enumerate(POSITIONS):
        game = advanced(name, options, actions, seed=k)
        played = tuned(LEVELS[level], knowledge_for(game), game.players)
        chosen = played.scaled(min(1.0, 0.3 / played.seconds))
        start = time.process_time()
        thinker = Thinker(game, chosen, seed=k, clock=time.process_time)
        action = thinker.finish()
        spent = time.process_time() - start
        assert action in game.legal_actions()
        assert spent <= chosen.seconds + 0.1, (level, name, actions, spent)
        if chosen.iterations is not None:
            assert thinker.search.iterations <= chosen.iterations


def test_the_lower_levels_choose_otherwise_than_the_top_level() -> None:
    # On the same positions with the same seeds, the first two levels' choices are not the
    # top level's searched as long (so only the way of choosing differs), the first level's
    # more often than the second's.
    differ: dict[str, int] = {}
    for name in ("beginner", "casual"):
        differ[name] = 0
        for k, (game_name, options, actions) in enumerate(POSITIONS):
            game = advanced(game_name, options, actions, seed=k)
            knowledge = knowledge_for(game)
            level = tuned(LEVELS[name], knowledge, game.players)
            top = tuned(LEVELS["expert"], knowledge, game.players)
            same_budget = replace(top, iterations=level.iterations)
            mine = Thinker(game, name, seed=k, clock=time.process_time).finish()
            theirs = Thinker(game, same_budget, seed=k, clock=time.process_time).finish()
            differ[name] += mine != theirs
    assert differ["beginner"] >= len(POSITIONS) // 3
    assert 1 <= differ["casual"] <= differ["beginner"]


@pytest.mark.parametrize("level", ["beginner", "casual"])
def test_the_lower_levels_still_take_a_win_at_once(level: str) -> None:
    game = new_game("bounders")
    for action in BOUNDERS_WIN_AT_ONCE.split():
        game.play(action)
    for seed in range(5):
        assert Thinker(game, level, seed=seed, clock=time.process_time).finish() == "d9"
    game = new_game("splinter")
    for action in SPLINTER_WIN_AT_ONCE.split():
        game.play(action)
    for seed in range(2):
        assert Thinker(game, level, seed=seed, clock=time.process_time).finish() == "i10-h9"


def test_a_decided_level_keeps_its_choice() -> None:
    game = advanced("bounders", {}, 10, seed=1)
    thinker = Thinker(game, "beginner", seed=3)
    thinker.finish()
    first = thinker.action()
    assert all(thinker.action() == first for _ in range(5))
    assert thinker.report()["action"] == first and thinker.report()["done"]


def test_a_finished_game_cannot_be_searched() -> None:
    game = new_game("bounders")
    for action in BOUNDERS_WIN_AT_ONCE.split():
        game.play(action)
    game.play("d9")
    with pytest.raises(ValueError, match="over"):
        Search(game)


def test_wilson_interval() -> None:
    low, high = wilson(90, 100)
    assert 0.82 < low < 0.83 and 0.94 < high < 0.95
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_arena_seats_are_checked() -> None:
    assert check_seats(["Hard", " random"], 2) == ["hard", "random"]
    assert check_seats(["greedy", "uct", "uct:50", "search:7"], 4) == [
        "greedy", "uct:1000", "uct:50", "search:7"
    ]
    for bad in ("strong", "uct:0", "uct:many"):
        with pytest.raises(ValueError, match=f"unknown seat '{bad}'"):
            check_seats([bad, "easy"], 2)
    with pytest.raises(ValueError, match="2 seats but --seats names 3"):
        check_seats(["easy", "easy", "easy"], 2)


def test_an_arena_search_takes_settings_of_the_games_own_search() -> None:
    assert check_seats(["Search:300/Share=0.60/exploration=.35", "search/rave=0"], 2) == [
        "search:300/share=0.6/exploration=0.35", "search:1000/rave=0"
    ]
    for bad, said in (
        ("hard/share=0.6", "only search:N takes settings"),
        ("uct:50/exploration=1", "only search:N takes settings"),
        ("search:50/share", "a search setting is name=number"),
        ("search:50/share=much", "a search setting is name=number"),
        ("search:50/share=inf", "a search setting is name=number"),
        ("search:50/share=1/share=2", "'share' is given twice"),
    ):
        with pytest.raises(ValueError, match=said):
            check_seats([bad, "easy"], 2)
    from py_engine.games.bosk.ai import BoskKnowledge

    knowledge = BoskKnowledge()
    changed, greedy = searcher(
        "search:9/share=0.6/plant_looks=3/exploration=0.35/greedy=0.25", knowledge
    )
    assert (changed.share, changed.plant_looks, changed.exploration, greedy) == (
        0.6, 3, 0.35, 0.25
    )
    assert isinstance(changed.plant_looks, int)
    assert (knowledge.share, knowledge.plant_looks) == (0.3, 8)  # the game's own is untouched
    assert searcher("search:9", knowledge) == (knowledge, 0.0)
    assert knowledge.exploration == 0.7
    with pytest.raises(ValueError, match="greedy is a share of the moves, from 0 to 1, not 1.5"):
        searcher("search:9/greedy=1.5", knowledge)
    listed = "'depth'; it has greedy, bias, chase, contempt, exploration"
    with pytest.raises(ValueError, match=listed):
        searcher("search:9/depth=2", knowledge)
    with pytest.raises(ValueError, match="'plant_looks' is a whole number, not 2.5"):
        searcher("search:9/plant_looks=2.5", knowledge)
    # checked before a game is played, against the game's own search
    with pytest.raises(ValueError, match="no setting 'share'"):
        run(Setup("bounders", {}, ["search:5/share=0.5", "random"]), games=1)


def test_an_arena_search_plays_with_its_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    import py_engine.arena as arena

    seen: set[tuple[float, float]] = set()

    class Watched(arena.Search):
        def __init__(self, game: Game, seed: int, knowledge: Knowledge) -> None:
            super().__init__(game, seed, knowledge)
            seen.add((getattr(knowledge, "share", -1.0), self.exploration))

    monkeypatch.setattr(arena, "Search", Watched)
    run(Setup("bosk", {}, ["search:3/share=0.9/exploration=0.2", "search:3"], seed=2), games=1)
    assert seen == {(0.9, 0.2), (0.3, 0.7)}


def test_an_arena_search_with_a_newcomers_share_plays_newcomers_moves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import py_engine.arena as arena

    searched: list[int] = []
    newcomer: list[int] = []
    original = arena.greedy_move

    class Counted(arena.Search):
        def __init__(self, game: Game, seed: int, knowledge: Knowledge) -> None:
            searched.append(len(game.legal_actions()))  # how many moves it chose among
            super().__init__(game, seed, knowledge)

    def counted(game: Game, knowledge: Knowledge, rng: random.Random) -> int:
        newcomer.append(game.to_move or 0)
        return original(game, knowledge, rng)

    monkeypatch.setattr(arena, "Search", Counted)
    monkeypatch.setattr(arena, "greedy_move", counted)
    # every move a newcomer's: a search is made only where a single move is legal
    run(Setup("bounders", {}, ["search:3/greedy=1", "search:3/greedy=1"], seed=4), games=1)
    assert set(searched) <= {1} and len(newcomer) > 10
    # half and half: both kinds of move, in about equal numbers
    searched.clear()
    newcomer.clear()
    run(Setup("bounders", {}, ["search:3/greedy=0.5", "search:3/greedy=0.5"], seed=4), games=2)
    assert len(searched) > 10 and len(newcomer) > 10
    assert 0.25 < len(newcomer) / (len(newcomer) + len(searched)) < 0.75


def test_an_arena_of_four_seats_reports_each_configurations_meetings() -> None:
    seats = ["search:4", "random", "random", "random"]  # one seat against three
    tallies = run(Setup("bosk", {"players": 4}, seats, seed=5), games=3)
    one, others = tallies[0], tallies[1:]
    assert all(t.games == 3 for t in tallies)
    # each game is three meetings of the one seat, each won by one side
    assert (one.ahead * 3) == pytest.approx(round(one.ahead * 3))
    assert one.ahead + others[0].ahead == pytest.approx(3)
    assert others[0].ahead == others[1].ahead == others[2].ahead
    assert one.wins + sum(t.wins for t in others) == 3
    lines = report(tallies, 1.0, players=4)
    meetings = lines[next(i for i, line in enumerate(lines) if "finished ahead" in line):]
    named = [line for line in meetings if line.startswith(("search:4:", "random:"))]
    assert len(named) == 2  # each configuration once, however many seats it holds
    assert f"a seat of it won {one.wins} of 3" in named[0]
    assert f"{one.ahead:.4g}/3 = " in named[0]
    # with two seats there are no meetings to report: they are the games
    assert not any("finished ahead" in line for line in report(tallies[:2], 1.0))
    # each seat's points, by part of the score: Bosk's total is its summer and its winter
    for tally in tallies:
        parts = tally.points
        assert set(parts) == {"totals", "summer_totals", "winter_totals"}
        assert parts["totals"] == parts["summer_totals"] + parts["winter_totals"] > 0
    mean = sum(t.points["summer_totals"] for t in others) / 9
    assert f"random: all {sum(t.points['totals'] for t in others) / 9:.2f}, summer {mean:.2f}" in (
        "\n".join(lines)
    )


def test_arena_rotates_seats_and_counts_every_game() -> None:
    setup = Setup("bounders", {}, ["easy", "random"], seed=3, scale=0.02, cpu=True)
    tallies = run(setup, games=2)
    assert [t.name for t in tallies] == ["easy", "random"]
    for tally in tallies:
        assert tally.games == 2
    assert tallies[0].wins + tallies[0].draws == tallies[1].losses + tallies[1].draws
    # every move is timed, the baseline's too; only the level has a budget
    assert all(tally.thinking for tally in tallies) and tallies[1].longest < tallies[0].longest
    assert budget("easy", 0.02) is not None and budget("random", 0.02) is None


def test_arena_command_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["arena", "bounders", "--seats", "random,random", "--games", "2", "--seed", "4"])
    out = capsys.readouterr().out
    assert code == 0
    assert "bounders: 2 games" in out and "95% CI" in out
    assert main(["arena", "bounders", "--seats", "random", "--games", "1"]) == 2
    capsys.readouterr()
    # with -v each game's line names the winner and the seats' points
    assert main(["arena", "bosk", "--seats", "random,random", "--games", "1", "-v"]) == 0
    captured = capsys.readouterr()
    line = captured.err.splitlines()[0]
    assert line.startswith("game 1/1: seats random,random: random (")
    totals = [float(t) for t in line.split("; points ")[1].split(",")]
    assert len(totals) == 2 and sum(totals) > 0
    assert f"random: all {sum(totals) / 2:.2f}" in captured.out


def test_a_thinker_reports_action_and_chances_for_a_hint() -> None:
    game = new_game("bosk", players=4)
    thinker = Thinker(game, "easy", seed=7)
    thinker.search.run(40)
    report = thinker.report()
    assert report["action"] in game.legal_actions()
    assert len(report["chances"]) == 4 and abs(sum(report["chances"]) - 1) < 1e-9
    assert report["iterations"] == 40 and report["done"] is False


def test_bosk_playout_rewards_mix_the_win_with_the_share_of_points_or_the_place() -> None:
    from py_engine.games.bosk.ai import BoskKnowledge, shaped
    from py_engine.games.bosk.game import Bosk

    def finished(players: int) -> Bosk:
        game = advanced("bosk", {"players": players}, 400, seed=11)
        while not game.is_over:
            game.play(game.legal_actions()[0])
        assert isinstance(game, Bosk) and isinstance(knowledge_for(game), BoskKnowledge)
        return game

    # Two seats: the win, and the seat's part of all points.
    game = finished(2)
    rewards = shaped(game, 0.3)
    winner = game.rewards().index(1.0)
    totals = game.totals()
    assert abs(sum(rewards) - 1) < 1e-9
    assert rewards[winner] == pytest.approx(0.7 + 0.3 * totals[winner] / sum(totals))
    assert rewards[1 - winner] == pytest.approx(0.3 * totals[1 - winner] / sum(totals))
    # More seats: the win, and the place. With three, first is ahead of both others (2 of 2,
    # scaled by 2/3), second of one, last of none; with four, 3, 2, 1 and 0 of 3, scaled by 2/4.
    for players, by_place in ((3, [0.9, 0.1, 0.0]), (4, [0.85, 0.1, 0.05, 0.0])):
        game = finished(players)
        rewards = shaped(game, 0.3)
        assert [rewards[seat] for seat in game.ranking()] == pytest.approx(by_place)
        assert game.rewards()[game.ranking()[0]] == 1.0


def test_a_position_built_without_a_record_is_searched_in_place() -> None:
    from py_engine.games.splinter.board import BLACK, KING, WHITE
    from py_engine.games.splinter.game import Splinter

    game = new_game("splinter", size="9x10")
    assert isinstance(game, Splinter)
    index = game.grid.index
    # Six pieces set directly: the record (no actions) describes the starting position instead.
    placement = {
        index["e6"]: BLACK | KING, index["e5"]: WHITE | KING, index["d5"]: BLACK,
        index["f5"]: WHITE, index["f4"]: BLACK, index["d4"]: WHITE,
    }
    game._set_position(placement, BLACK)
    legal = game.legal_actions()
    search = Search(game, seed=1)
    assert search.game is game
    search.run(60)
    assert search.best_action() in legal
    assert game.legal_actions() == legal and game.history == []


def test_greedy_takes_what_scores_at_once() -> None:
    game = new_game("splinter")
    for action in SPLINTER_WIN_AT_ONCE.split():
        game.play(action)
    knowledge = knowledge_for(game)
    move = greedy_move(game, knowledge, random.Random(1))
    assert game.action_of(move) == "i10-h9"
    found = dict((game.action_of(m), gain) for gain, m in gains(game, knowledge))
    assert found["i10-h9"] == 1000.0 and len(found) == 104
    # Bounders: after g7, a Light stone next to it bounds the whole board as much as Dark's.
    game = new_game("bounders")
    game.play("g7")
    gained = gains(game, knowledge_for(game))
    assert len(gained) == len(game.legal_actions())
    assert max(gain for gain, _ in gained) == 0.0  # Light can at best level the count


def test_the_default_knowledge_evaluates_by_the_score() -> None:
    game = advanced("bosk", {"players": 3}, 400, seed=11)
    assert Knowledge().evaluate(game) == [float(t) for t in game.score()["totals"]]


def test_splinter_knowledge_sees_every_move_that_ends_the_game() -> None:
    from py_engine.games.splinter.ai import sort_out, splitting
    from py_engine.games.splinter.game import Splinter

    rng = random.Random(5)
    ending_seen = 0
    for seed in range(12):
        game = advanced("splinter", {"size": "9x10"}, 5 + 3 * seed, seed=seed)
        assert isinstance(game, Splinter)
        moves = list(game.moves())
        candidates = set(splitting(game, moves))
        seat = game.to_move
        assert seat is not None
        winning, drawing, losing = sort_out(game, moves)
        for move in moves:
            game.do(move)
            ends = game.to_move is None
            reward = game.rewards()[seat] if ends else None
            game.undo_move()
            if ends:
                ending_seen += 1
                assert move in candidates
            assert (move in winning) == (reward == 1.0)
            assert (move in drawing) == (reward == 0.5)
            assert (move in losing) == (reward == 0.0)
        rng.shuffle(moves)
    assert ending_seen > 0


def test_splinter_knowledge_sees_a_draw_by_repetition() -> None:
    """Both players step a piece away and back, twice: the fourth step back brings the opening
    position round a third time, a draw. The search's ordering sees that move as a draw and
    tries it before any move that does not end the game."""
    from py_engine.games.splinter.ai import SplinterKnowledge, repeating, sort_out

    game = new_game("splinter")
    away = ["g7-h6", "f7-g6", "h6-g7", "g6-f7"]
    for action in away:
        game.play(action)
        assert not repeating(game, game.moves())  # no position has been seen twice yet
    for action in away[:3]:
        game.play(action)
    back = game.move_of(away[3])
    assert repeating(game, game.moves()) == [back]
    winning, drawing, losing = sort_out(game, game.moves())
    assert drawing == [back] and not winning and not losing
    order = SplinterKnowledge().expansion_order(game, game.moves(), random.Random(1))
    assert order[-1] == back  # the last of the order is tried first
    game.play(away[3])
    result = game.result()
    assert result["reason"] == "repetition" and result["winner"] is None


def test_a_move_that_lets_the_opponent_draw_is_worth_no_more_than_the_draw() -> None:
    """Black stepping back lets White bring the opening position round a third time. With a
    contempt of 0.1 the searching seat counts a draw as 0.4, so that step is worth at most 0.4
    to Black, however its other replies play out; and White, searching, values its drawing
    move at 0.4 too."""
    from py_engine.games.splinter.ai import SplinterKnowledge

    knowledge = SplinterKnowledge()
    knowledge.contempt = 0.1
    game = new_game("splinter")
    away = ["g7-h6", "f7-g6", "h6-g7", "g6-f7"]
    for action in away + away[:2]:
        game.play(action)
    search = Search(game, seed=3, knowledge=knowledge)
    search.run(600)
    step_back = next(n for n in search.root.children if n.move == game.move_of(away[2]))
    assert step_back.cap == pytest.approx(0.4)
    assert step_back.value / step_back.visits <= 0.4 + 1e-9
    others = [n.value / n.visits for n in search.root.children if n is not step_back]
    assert max(others) > 0.4  # the cap is not what every move is worth

    game.play(away[2])
    search = Search(game, seed=3, knowledge=knowledge)
    search.run(200)
    means = {action: mean for action, _, mean in search.ranked()}
    assert means[away[3]] == pytest.approx(0.4)


class Choice(Game):
    """Two moves for the first seat. After ``a`` the same seat moves again (as after a pass)
    and may draw or win; after ``b`` the other seat moves and may draw or give the game up."""

    name = "choice"
    title = "Choice"
    OPTIONS: dict[str, Any] = {}
    NAMES = {1: "a", 2: "b", 3: "draw", 4: "win", 5: "resign"}

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.played: list[int] = []

    @property
    def players(self) -> int:
        return 2

    @property
    def to_move(self) -> int | None:
        if not self.played:
            return 0
        if len(self.played) == 1:
            return 0 if self.played[0] == 1 else 1
        return None

    def moves(self) -> list[int]:
        if not self.played:
            return [1, 2]
        return [3, 4] if self.played[0] == 1 else [3, 5]

    def do(self, move: int) -> None:
        self.played.append(move)

    def undo_move(self) -> None:
        self.played.pop()

    def action_of(self, move: int) -> str:
        return self.NAMES[move]

    def move_of(self, action: str) -> int:
        return next(m for m in self.moves() if self.NAMES[m] == action)

    def score(self) -> Any:
        return {"totals": [0, 0]}

    def result(self) -> Any:
        if self.to_move is not None:
            return None
        winner = None if self.played[-1] == 3 else 0
        return {"winner": winner, "ranking": [0, 1], "reason": "chosen"}

    def picture(self, *args: Any) -> str:
        return "<svg />"


def test_only_the_opponents_draw_caps_a_move() -> None:
    """After ``b`` the opponent can draw at once, so ``b`` is worth at most the draw to the
    first seat; after ``a`` the first seat itself moves again and could draw, which caps
    nothing: it can win there instead."""
    search = Search(Choice(), seed=1)
    search.run(60)
    worth = {search.game.action_of(n.move): n for n in search.root.children}
    assert worth["b"].cap == 0.5
    assert worth["b"].value / worth["b"].visits <= 0.5
    assert worth["a"].cap == 1.0
    assert search.best_action() == "a"


class Spoiler(Choice):
    """Three seats. The first plays ``a`` or ``b``. After ``b`` the game ends: 0.3 to it. After
    ``a`` the second seat decides: ``x`` shares evenly with the first; ``y`` leaves the first
    nothing, the second 0.1 and the third the rest."""

    name = "spoiler"
    NAMES = {1: "a", 2: "b", 6: "x", 7: "y"}
    ENDS = {2: [0.3, 0.35, 0.35], 6: [0.5, 0.5, 0.0], 7: [0.0, 0.1, 0.9]}

    @property
    def players(self) -> int:
        return 3

    @property
    def to_move(self) -> int | None:
        if not self.played:
            return 0
        return 1 if self.played == [1] else None

    def moves(self) -> list[int]:
        return [1, 2] if not self.played else [6, 7]

    def rewards(self) -> list[float]:
        return list(self.ENDS[self.played[-1]])


def test_paranoia_expects_the_other_seats_to_play_against_the_searching_one() -> None:
    """Max-n expects the second seat to take ``x`` (its best) and so plays ``a`` (0.5 against
    0.3); a paranoid search expects ``y`` (the first seat's worst), and plays ``b``. With two
    seats paranoia changes nothing: the rewards already sum to one."""
    knowledge = Knowledge()
    assert Search(Spoiler(), seed=1, knowledge=knowledge)._judged([0.1, 0.3, 0.6]) == [
        0.1, 0.3, 0.6
    ]
    search = Search(Spoiler(), seed=1, knowledge=knowledge)
    search.run(400)
    assert search.best_action() == "a"
    knowledge.paranoia = 1.0
    search = Search(Spoiler(), seed=1, knowledge=knowledge)
    assert search._judged([0.1, 0.3, 0.6]) == pytest.approx([0.1, 0.9, 0.9])
    search.run(400)
    assert search.best_action() == "b"
    knowledge.paranoia = 0.5  # half way: each other seat's own reward, half what seat 0 lacks
    assert Search(Spoiler(), seed=1, knowledge=knowledge)._judged([0.1, 0.3, 0.6]) == (
        pytest.approx([0.1, 0.6, 0.75])
    )
    assert Search(Choice(), seed=1, knowledge=knowledge)._judged([0.2, 0.8]) == [0.2, 0.8]


def test_bradley_terry_orders_and_anchors() -> None:
    # a beats b 8-2, b beats c 8-2, a beats c 10-0; ratings in that order, a at 0.
    score: list[list[float]] = [[0, 8, 10], [2, 0, 8], [0, 2, 0]]
    games = [[0, 10, 10], [10, 0, 10], [10, 10, 0]]
    ratings = bradley_terry(score, games, anchor=2)
    assert ratings[2] == (0.0, 0.0)
    assert ratings[0][0] > ratings[1][0] > 0
    assert all(half > 0 for _, half in ratings[:2])
    even = bradley_terry([[0, 5], [5, 0]], [[0, 10], [10, 0]])
    assert even[1][0] == pytest.approx(0.0, abs=1e-6)
    more = bradley_terry([[0, 50], [50, 0]], [[0, 100], [100, 0]])
    assert more[1][1] < even[1][1]  # more games, a narrower interval


def test_ladder_pairs_share_the_seats() -> None:
    assert pair_seats("a", "b", 2) == ["a", "b"]
    assert pair_seats("a", "b", 4) == ["a", "b", "a", "b"]
    assert ladder_configs(50) == [*LEVELS, "random", "greedy", "uct:50"]
    ladder = Ladder.empty(["a", "b"])
    ladder.add(0, 1, 0.0, 1)
    ladder.add(0, 1, 0.5, None)
    assert ladder.rate(1, 0) == 0.75 and ladder.games[0][1] == 2
    assert ladder.firsts[1][0] == 1 and ladder.firsts[0][1] == 0


def test_a_ladder_game_with_four_seats_counts_every_seat_against_every_other() -> None:
    # Configurations A (setup seats 0 and 2) and B (1 and 3), seated as in game 0.
    def outcome(ranking: list[int], seating: list[int] | None = None) -> Outcome:
        return Outcome(seating or [0, 1, 2, 3], ranking[0], "score", [], ranking)

    assert finished_ahead(outcome([0, 2, 1, 3]), [0, 2]) == 1.0  # both ahead of both
    assert finished_ahead(outcome([0, 1, 3, 2]), [0, 2]) == 0.5  # A first and last
    assert finished_ahead(outcome([0, 1, 2, 3]), [0, 2]) == 0.75  # A first and third
    assert finished_ahead(outcome([0, 1, 2, 3]), [1, 3]) == 0.25
    assert finished_ahead(outcome([1, 0, 2, 3]), [0, 2]) == 0.5  # A second and third
    # Game 1 seats them one along: seat 0 holds setup seat 3 (B) and seat 1 holds A.
    assert finished_ahead(outcome([1, 3, 0, 2], [3, 0, 1, 2]), [0, 2]) == 1.0
    # Two seats: the game's result.
    assert finished_ahead(Outcome([0, 1], 1, "score", [], [1, 0]), [0]) == 0.0
    assert finished_ahead(Outcome([0, 1], None, "draw", [], [0, 1]), [0]) == 0.5


def test_a_ladder_with_four_seats_shares_each_game_by_the_finishing_order() -> None:
    ladder = run_ladder("bosk", {"players": 4}, games=2, scale=0.02,
                        configs=["beginner", "greedy"])
    assert ladder.players == 4 and ladder.games[0][1] == 2
    assert ladder.score[0][1] + ladder.score[1][0] == pytest.approx(2.0)
    assert ladder.firsts[0][1] + ladder.firsts[1][0] == 2  # Bosk's tie rule leaves no draw
    for a in (0, 1):
        share = ladder.score[a][1 - a] * 4
        assert share == pytest.approx(round(share))  # four meetings a game
    # a configuration whose seat won finished ahead in at least half the meetings
    if ladder.firsts[0][1] == 2:
        assert ladder.rate(0, 1) >= 0.5


def test_ladder_command_prints_ratings_and_targets(capsys: pytest.CaptureFixture[str]) -> None:
    code = main([
        "arena", "bounders", "--ladder", "--games", "2", "--scale", "0.02", "--clock", "cpu",
        "--seats", "beginner,casual,random,greedy,uct:30",
    ])
    out = capsys.readouterr().out
    assert code == 0
    assert "bounders: ladder, 2 games per pair" in out
    table = out.split("\n\n")[0].splitlines()[2:]
    assert sorted(line.split()[0] for line in table) == sorted(
        ["beginner", "casual", "random", "greedy", "uct:30"]
    )
    assert "random          0  anchor" in out
    assert "beginner v greedy: " in out and "casual v beginner: " in out
    assert main(["arena", "bounders", "--ladder", "--seats", "easy"]) == 2
    assert main(["arena", "bounders"]) == 2


def test_calibration_sets_estimates_against_outcomes(capsys: pytest.CaptureFixture[str]) -> None:
    from py_engine.arena import calibration

    rows = calibration("bounders", {}, games=1, iterations=8, seed=2)
    assert len(rows) == 10
    counts = [count for count, _, _ in rows]
    game_length = sum(counts) // 2  # two seats, one estimate each before every move
    assert sum(counts) == 2 * game_length > 0
    for k, (count, said, came) in enumerate(rows):
        if count:
            assert k / 10 <= said <= (k + 1) / 10 and 0 <= came <= 1
    assert main(["arena", "bounders", "--calibrate", "5", "--games", "1"]) == 0
    out = capsys.readouterr().out
    assert "came true" in out and "raw said" in out
    assert "sharpness that fits these games best" in out


def replayed_leaves(game: Game, trace: list[tuple[int, int]], rival: Any) -> int:
    """Plays a Bosk playout's ``trace`` from ``game`` and checks that each leaf (or squirrel)
    chosen among several gains most in winter as the park then stands, against ``rival(game,
    seat)`` (-1: the mean of the others); returns how many it checked."""
    from py_engine.games.bosk.ai import leaf_gain
    from py_engine.games.bosk.game import Bosk
    from py_engine.games.bosk.rules import KIND, LEAF

    assert isinstance(game, Bosk)

    def gain(seat: int, move: int, against: int) -> float:
        space = move % KIND
        owner = game.squirrel[space] if game.squirrel[space] >= 0 else game.top[space]
        return leaf_gain(game.controlled()[game.geo.region[space]], seat, owner, against)

    checked = 0
    for seat, move in trace:
        moves = list(game.moves())
        if move >= LEAF and len(moves) > 1:
            against = rival(game, seat)
            assert gain(seat, move, against) == max(gain(seat, m, against) for m in moves)
            checked += 1
        game.do(move)
    return checked


def test_bosk_playout_leaves_go_where_they_gain_most_in_winter() -> None:
    from py_engine.games.bosk.ai import BoskKnowledge, leaf_choice, leaf_gain
    from py_engine.games.bosk.game import Bosk
    from py_engine.games.bosk.rules import LEAF

    # Winter with two seats: alone 8, first 5, second 3, tied first 4 each.
    assert leaf_gain([0, 2], 0, -1) == pytest.approx(6.1)  # 0-8 becomes 3-5, and it is free
    assert leaf_gain([0, 2], 0, 1) == 8.0  # 0-8 becomes 4-4
    assert leaf_gain([3, 0], 0, -1) == pytest.approx(0.1)  # alone before and after
    assert leaf_gain([3, 1], 0, 0) == -0.5  # its own space: nothing gained, a token spent
    region = [0, 0, 0, 1, 1]
    top = [-1, 1, 1, -1, 0]
    counts = [[0, 2], [1, 0]]
    rng = random.Random(1)
    everything = [LEAF + s for s in (0, 1, 3, 4)]
    assert leaf_choice(0, everything, top, region, counts, rng) == LEAF + 1
    assert leaf_choice(0, [LEAF + 4, LEAF + 0], top, region, counts, rng) == LEAF + 0
    assert leaf_choice(0, [LEAF + 4, LEAF + 3], top, region, counts, rng) == LEAF + 3
    # A playout that never wanders lays every leaf where it gains most as the park then
    # stands: the region counts it keeps as it plays agree with the park's own.
    game = advanced("bosk", {}, 60, seed=4)
    assert isinstance(game, Bosk)
    history = list(game.history)
    trace: list[tuple[int, int]] = []
    rewards = BoskKnowledge(wander=0.0).playout(game, random.Random(3), trace)
    assert game.history == history and abs(sum(rewards) - 1) < 1e-9
    assert replayed_leaves(game, trace, lambda game, seat: -1) > 10
    points = BoskKnowledge().evaluate(game)
    assert game.is_over and points == game.rewards()


def test_bosk_playout_plants_where_its_lines_gain_most() -> None:
    from py_engine.games.bosk.ai import plant_choice, plant_gain
    from py_engine.games.bosk.game import Bosk
    from py_engine.games.bosk.rules import KIND, VALUE

    # Summer with two seats: alone 3, first 2, second 1. A 4 beside the other seat's 3 turns
    # 0-3 into 2-1; on an empty line it stands alone.
    assert plant_gain([[0, 3], [0, 0]], (0, 1), 0, 4) == 4.0 + 3.0
    assert plant_gain([[0, 3], [0, 0]], (0, 1), 0, 3) == 3.0 + 3.0  # level: 0-3 becomes 1-1
    game = new_game("bosk")
    assert isinstance(game, Bosk)
    game.play("plant 1@b2")
    sums = game.line_sums()
    lines = game.geo.point_lines
    chosen = plant_choice(1, game.moves(), sums, lines, 400, random.Random(2))
    value, point = divmod(chosen % KIND, VALUE)
    best = max(
        plant_gain(sums, lines[m % KIND % VALUE], 1, m % KIND // VALUE + 1) for m in game.moves()
    )
    # Beating the 1 on row 2 or column b (2 points) and standing alone on the other line (3):
    assert best == 7.0 and plant_gain(sums, lines[point], 1, value + 1) == best
    assert value + 1 >= 2 and set(lines[point]) & set(lines[game.geo.point_index["b2"]])


def test_bosk_playout_that_chases_lays_its_leaf_against_the_leading_other_seat() -> None:
    from py_engine.games.bosk.ai import BoskKnowledge, leader, leaf_choice
    from py_engine.games.bosk.game import Bosk
    from py_engine.games.bosk.rules import LEAF, S_TREE

    # Three seats; seat 1 alone in region 0, seat 2 alone in region 1, and a free space in
    # each. Against the mean of the others both spaces gain seat 0 the same; against the seat
    # that leads, the leaf goes where that seat loses its 8.
    region, top = [0, 1], [-1, -1]
    counts = [[0, 1, 0], [0, 0, 1]]
    moves = [LEAF + 0, LEAF + 1]
    rng = random.Random(1)
    assert {leaf_choice(0, moves, top, region, counts, rng) for _ in range(40)} == set(moves)
    assert leader([10.0, 20.0, 12.0], 0) == 1 and leader([30.0, 20.0, 22.0], 0) == 2
    for totals, space in (([10.0, 20.0, 12.0], 0), ([30.0, 20.0, 22.0], 1)):
        rival = leader(totals, 0)
        chosen = {leaf_choice(0, moves, top, region, counts, rng, rival) for _ in range(40)}
        assert chosen == {LEAF + space}
    # Its own space stays the last choice.
    assert leaf_choice(0, [LEAF + 0], [0], [0], [[1, 0, 0]], rng, 1) == LEAF + 0
    assert leaf_choice(0, [LEAF + 0, LEAF + 1], [0, -1], [0, 0], [[1, 3, 0]], rng, 1) == LEAF + 1
    # A playout that chases and never wanders lays every leaf so as the park then stands,
    # against the seat whose total is then highest: the totals it keeps as it plays agree.
    game = advanced("bosk", {"players": 4}, 120, seed=4)
    assert isinstance(game, Bosk) and game.step >= S_TREE
    knowledge = BoskKnowledge(wander=0.0).changed({"chase": 1})
    trace: list[tuple[int, int]] = []
    knowledge.playout(game, random.Random(3), trace)

    def highest_other(game: Game, seat: int) -> int:
        totals = knowledge.evaluate(game)
        return max((s for s in range(4) if s != seat), key=lambda s: totals[s])

    assert replayed_leaves(game, trace, highest_other) > 10


def test_bosk_search_with_plant_choices_weighs_only_the_plants_that_gain_most() -> None:
    from py_engine.games.bosk.ai import BoskKnowledge, plant_gain
    from py_engine.games.bosk.game import Bosk
    from py_engine.games.bosk.rules import KIND, VALUE

    game = new_game("bosk", players=4)
    assert isinstance(game, Bosk)
    for action in ("plant 1@b2", "plant 4@c3", "plant 2@b4"):
        game.play(action)
    sums, lines, seat = game.line_sums(), game.geo.point_lines, game.to_move
    assert seat is not None

    def gain(move: int) -> float:
        value, point = divmod(move % KIND, VALUE)
        return plant_gain(sums, lines[point], seat, value + 1)

    moves = list(game.moves())
    ranked = sorted(gain(m) for m in moves)
    knowledge = BoskKnowledge().changed({"plant_choices": 3})
    order = knowledge.expansion_order(game, moves, random.Random(1))
    assert len(order) == 3 and sorted(gain(m) for m in order) == ranked[-3:]
    assert gain(order[-1]) == ranked[-1]  # the best is tried first
    # With ``plant_ties`` every plant tied with the third best is kept as well.
    tied = knowledge.changed({"plant_ties": 1}).expansion_order(game, moves, random.Random(1))
    assert sorted(tied) == sorted(m for m in moves if gain(m) >= ranked[-3])
    assert len(tied) > 3 and gain(tied[-1]) == ranked[-1]
    # With one choice the search has one move to weigh in spring: the best for its lines.
    search = Search(game, seed=2, knowledge=BoskKnowledge().changed({"plant_choices": 1}))
    assert len(search.root.untried) == 1 and gain(search.root.untried[0]) == ranked[-1]
    search.run(30)
    assert all(len(node.children) <= 1 for node in search.root.children)  # every seat's spring
    # Without, every plant move is there to be weighed; after spring, nothing changes.
    assert len(Search(game, seed=2, knowledge=BoskKnowledge()).root.untried) == len(moves)
    later = advanced("bosk", {"players": 4}, 60, seed=4)
    assert len(knowledge.expansion_order(later, later.moves(), random.Random(1))) == len(
        later.moves()
    )


def test_a_knowledge_changed_is_a_copy_with_the_settings_checked() -> None:
    from py_engine.games.bosk.ai import BoskKnowledge

    knowledge = BoskKnowledge()
    assert knowledge.changed({}) is knowledge
    changed = knowledge.changed({"plant_choices": 2, "share": 0.5, "leaves": 0})
    assert (changed.plant_choices, changed.share, changed.leaves) == (2, 0.5, False)
    assert (knowledge.plant_choices, knowledge.share, knowledge.leaves) == (0, 0.3, True)
    assert {"plant_choices", "share", "rave", "paranoia"} <= set(knowledge.settings())
    with pytest.raises(ValueError, match="no setting 'depth'"):
        knowledge.changed({"depth": 3})
    with pytest.raises(ValueError, match="'plant_choices' is a whole number, not 1.5"):
        knowledge.changed({"plant_choices": 1.5})


def test_the_ladder_rungs_are_the_pairs_its_aims_are_about() -> None:
    from py_engine.arena import rung_pairs

    names = ladder_configs(100)
    pairs = {(names[a], names[b]) for a, b in rung_pairs(names)}
    assert pairs == {
        ("beginner", "casual"), ("casual", "easy"), ("easy", "medium"), ("medium", "hard"),
        ("hard", "expert"), ("beginner", "random"), ("beginner", "greedy"),
        ("medium", "expert"), ("medium", "uct:100"),
    }


def test_bosk_margin_counts_the_place_by_how_far_apart_the_totals_are() -> None:
    """With a margin the place in the reward is counted softly, pair by pair: a seat far
    ahead of another counts as ahead of it, two level seats as half ahead each."""
    from py_engine.games.bosk.ai import shaped
    from py_engine.games.bosk.game import Bosk

    game = advanced("bosk", {"players": 4}, 400, seed=11)
    while not game.is_over:
        game.play(game.legal_actions()[0])
    assert isinstance(game, Bosk)
    totals = game.totals()
    assert len(set(totals)) == 4  # no tie, so the ranking alone orders the seats
    plain = shaped(game, 0.3)
    # A margin far below a point: every pair is told apart as the ranking tells it.
    assert shaped(game, 0.3, 0.01) == pytest.approx(plain)
    # A margin far above the game's points: every pair is level, the place is even.
    wide = shaped(game, 0.3, 1e9)
    winner = game.ranking()[0]
    assert wide == pytest.approx([0.075 + (0.7 if s == winner else 0) for s in range(4)])
    # Between the two, the rewards still sum to 1 and keep the order of the totals.
    soft = shaped(game, 0.3, 3.0)
    assert sum(soft) == pytest.approx(1)
    assert sorted(range(4), key=lambda s: -soft[s]) == game.ranking()
    assert all(soft[s] != pytest.approx(plain[s]) for s in range(4))


def test_bosk_tile_fit_plays_tiles_the_path_can_take() -> None:
    """``reach`` is the longest path a tree's leaves can run downwind (as the park's own leaf
    geometry builds it), and a fitting tile is never longer than that."""
    from py_engine.games.bosk.ai import reach, tile_fit
    from py_engine.games.bosk.rules import TILE

    game = new_game("bosk", players=4)
    geo = game.geo  # type: ignore[attr-defined]
    for wind in range(4):
        for point in range(len(geo.point_xy)):
            length, space = 1, geo.first[wind][point][0]
            while geo.ahead[wind][space]:
                # straight ahead is the middle one of three, or one of two along a border
                space = max(geo.ahead[wind][space], key=lambda s: s == space + (
                    (geo.width, 1, -geo.width, -1)[wind]))
                length += 1
            assert reach(geo, point, wind) == length
    rng = random.Random(3)
    every = [TILE + t for t in range(1, 9)]
    assert {tile_fit(every, 3, rng) - TILE for _ in range(200)} == {1, 2, 3}
    assert tile_fit([TILE + 5, TILE + 8], 3, rng) == TILE + 5  # none fits: the smallest


def test_bosk_playouts_may_leave_trees_and_tiles_out_of_the_shared_statistics() -> None:
    from py_engine.games.bosk.ai import BoskKnowledge
    from py_engine.games.bosk.rules import KIND, LEAF, TILE, TREE

    game = new_game("bosk", players=4)
    kinds = []
    for knowledge in (BoskKnowledge(), BoskKnowledge().changed({"rave_turns": 0})):
        trace: list[tuple[int, int]] = []
        knowledge.playout(game, random.Random(8), trace)
        kinds.append([move // KIND * KIND for _, move in trace])
    shared, without = kinds
    # Four seats play eight trees and eight tiles each in a game.
    assert shared.count(TREE) == shared.count(TILE) == 32
    assert without.count(TREE) == without.count(TILE) == 0
    assert without.count(LEAF) > 0


def _leaf_worth(game: Any, seat: int, move: int) -> float:
    """What a leaf gains ``seat`` in the game as it stands (``leaf_gain`` on the park)."""
    from py_engine.games.bosk.ai import leaf_gain
    from py_engine.games.bosk.rules import KIND

    space = move % KIND
    return leaf_gain(game.controlled()[game.geo.region[space]], seat, game.top[space])


def _turn_worth(game: Any, seat: int, tree: int, tile: int) -> float:
    """What the greedy path from ``tree`` gains with ``tile``'s tokens (``path_gains``): its
    total once they are all laid, or once it can go no further (every token must be laid, so
    a last leaf that gains nothing still counts)."""
    from py_engine.games.bosk.ai import path_gains
    from py_engine.games.bosk.rules import KIND

    profile = path_gains(game, tree % KIND, seat, game.controlled())
    return ([0.0] + [total for spent, total in profile if spent <= tile])[-1]


def test_bosk_playouts_may_plan_the_tree_and_tile_by_the_leaves_they_would_gain() -> None:
    """``path_gains`` lays a path greedily as the game would let it (a token for an empty or
    own space, a stack's height and one more to cover another seat's leaf) and leaves the
    counts as they were; with ``plan`` a playout plays the tree and tile that gain most."""
    from py_engine.games.bosk.ai import BoskKnowledge, path_gains
    from py_engine.games.bosk.game import Bosk
    from py_engine.games.bosk.rules import KIND, LEAF, S_TREE, TILE, TREE

    checked = 0
    game = new_game("bosk", players=4)
    assert isinstance(game, Bosk)
    rng = random.Random(6)
    while game.round < 8:
        game.play(rng.choice(game.legal_actions()))
        if game.step != S_TREE or not game.tiles[game.seat] >> 8 & 1:
            continue
        seat, counts = game.seat, game.controlled()
        before = [list(row) for row in counts]
        for tree in game.moves():
            profile = path_gains(game, tree % KIND, seat, counts)
            assert counts == before
            # The same path laid in the game with the 8 tile: the first best leaf each time.
            game.do(tree)
            game.do(TILE + 8)
            laid: list[tuple[int | None, float]] = []
            total = 0.0
            while game.seat == seat and game.step != S_TREE:
                moves = list(game.moves())
                assert all(LEAF <= m < LEAF + KIND for m in moves)
                move = max(moves, key=lambda m: _leaf_worth(game, seat, m))
                total += _leaf_worth(game, seat, move)
                game.do(move)
                laid.append((8 - game.held if game.step != S_TREE else None, total))
            for _ in range(len(laid) + 2):
                game.undo_move()
            assert len(profile) == len(laid)
            for (spent, said), (held_spent, came) in zip(profile, laid, strict=True):
                assert said == pytest.approx(came)
                if held_spent is not None:  # the turn went on: the tokens spent so far
                    assert spent == held_spent
            checked += 1
    assert checked >= 10
    # A playout that never wanders plays, each turn, the tree and tile whose path gains most.
    game = advanced("bosk", {"players": 4}, 40, seed=3)
    assert isinstance(game, Bosk)
    trace: list[tuple[int, int]] = []
    BoskKnowledge(wander=0.0).changed({"plan": 1, "rave_turns": 1}).playout(
        game, random.Random(5), trace)
    turns = 0
    for (seat, move), (_, after) in zip(trace[:-1], trace[1:], strict=True):
        if TREE <= move < TREE + KIND and game.step == S_TREE:
            held = [t for t in range(1, 9) if game.tiles[seat] >> t & 1]
            best = max(
                _turn_worth(game, seat, tree, tile) for tree in game.moves() for tile in held)
            assert _turn_worth(game, seat, move, after - TILE) == pytest.approx(best)
            turns += 1
        game.do(move)
    assert turns >= 8


def test_bosk_late_margin_counts_the_place_more_sharply_near_the_end() -> None:
    """From ``late_round`` on, a playout's place is counted by ``late_margin``; before it, by
    ``margin``. The moves of a playout do not depend on the margin, so a playout with the same
    seed ends the same way and only its reward changes."""
    from py_engine.games.bosk.ai import BoskKnowledge
    from py_engine.games.bosk.game import Bosk
    from py_engine.games.bosk.rules import S_TREE

    base = BoskKnowledge().changed({"margin": 3.0, "share": 1.0})
    late = base.changed({"late_margin": 0.1, "late_round": 7})
    sharp = base.changed({"margin": 0.1})
    game = new_game("bosk", players=4)
    assert isinstance(game, Bosk)
    rng = random.Random(12)
    checked = set()
    while game.round < 8 or game.step != S_TREE:
        game.play(rng.choice(game.legal_actions()))
        if game.step != S_TREE or game.round in checked:
            continue
        checked.add(game.round)
        rewards = {
            name: knowledge.playout(game, random.Random(4))
            for name, knowledge in (("base", base), ("late", late), ("sharp", sharp))
        }
        assert rewards["base"] != pytest.approx(rewards["sharp"])
        expected = rewards["sharp"] if game.round >= 7 else rewards["base"]
        assert rewards["late"] == pytest.approx(expected)
    assert checked == set(range(1, 9))


def test_bosk_bias_adds_the_move_that_gains_most_first() -> None:
    """With ``bias`` a node's trees, tiles and leaves are added in the order of what they gain
    as the park stands (``gain_order``, the best last): the search's first child is one that
    gains most."""
    from py_engine.games.bosk.ai import BoskKnowledge, gain_order
    from py_engine.games.bosk.game import Bosk
    from py_engine.games.bosk.rules import KIND, S_LEAF, S_TILE, S_TREE

    def worth(game: Bosk, move: int) -> float:
        seat = game.seat
        if game.step == S_TREE:
            held = [t for t in range(1, 9) if game.tiles[seat] >> t & 1]
            return max(_turn_worth(game, seat, move, tile) for tile in held)
        if game.step == S_TILE:
            return _turn_worth(game, seat, game.tree, move % KIND)
        return _leaf_worth(game, seat, move)

    knowledge = BoskKnowledge().changed({"bias": 1})
    plain = knowledge.changed({"bias": 0})
    game = new_game("bosk", players=4)
    assert isinstance(game, Bosk)
    rng = random.Random(9)
    seen = set()
    unsorted = 0  # positions where the order without ``bias`` is not best last
    while not game.is_over:
        moves = list(game.moves())
        if S_TREE <= game.step <= S_LEAF and len(moves) > 1:
            order = gain_order(game, moves, random.Random(1))
            assert sorted(order) == sorted(moves)
            values = [worth(game, move) for move in order]
            assert values == sorted(values)
            first = Search(game, seed=2, knowledge=knowledge)
            first.run(1)
            assert worth(game, first.root.children[0].move) == pytest.approx(max(values))
            seen.add(game.step)
            random_values = [worth(game, move) for move in plain.expansion_order(
                game, moves, random.Random(1))]
            unsorted += random_values != sorted(random_values)
        game.play(rng.choice(game.legal_actions()))
    assert seen == {S_TREE, S_TILE, S_LEAF}
    # Without it, a node adds them in random order, as before.
    assert unsorted > 0
    assert plain.expansion_order(game, list(range(20)), random.Random(1)) != list(range(20))


def test_own_turn_keeps_the_tree_to_the_searching_seats_turn() -> None:
    """With ``own_turn`` every node of the tree is reached by the searching seat's moves alone
    (in autumn a turn's tree, tile and leaves), and the other seats' moves are played out; the
    search still counts every iteration. Without it the tree reaches the other seats' moves."""
    from py_engine.games.bosk.ai import BoskKnowledge
    from py_engine.games.bosk.rules import S_TREE

    game = new_game("bosk", players=4)
    rng = random.Random(3)
    while not (game.step == S_TREE and game.round == 2):  # a seat choosing its tree in autumn
        game.play(rng.choice(game.legal_actions()))
    seat = game.to_move

    def nodes(search: Search) -> list[tuple[Node, int]]:
        """Every node of the tree below the root, with its depth."""
        found, stack = [], [(child, 1) for child in search.root.children]
        while stack:
            node, depth = stack.pop()
            found.append((node, depth))
            stack.extend((child, depth + 1) for child in node.children)
        return found

    own = Search(game, seed=5, knowledge=BoskKnowledge().changed({"own_turn": 1}))
    own.run(400)
    tree = nodes(own)
    assert {node.mover for node, _ in tree} == {seat} and own.root.visits == 400
    assert max(depth for _, depth in tree) >= 3  # the turn's tree, its tile and a leaf at least
    # Where the turn ends, a node adds no moves: each visit to it is a playout from there.
    ends = [node for node, _ in tree if node.seat is not None and node.seat != seat]
    assert all(not node.children and not node.untried for node in ends)
    assert ends and max(node.visits for node in ends) > 1
    plain = Search(game, seed=5, knowledge=BoskKnowledge())
    plain.run(400)
    assert len({node.mover for node, _ in nodes(plain)}) > 1


def test_a_level_may_search_with_settings_of_its_own_and_the_hint_as_the_strongest() -> None:
    from py_engine.ai import hint_knowledge
    from py_engine.games.bosk.ai import FOUR_SEAT_SEARCH

    four = new_game("bosk", players=4)
    knowledge = knowledge_for(four)
    expert = tuned(LEVELS["expert"], knowledge, 4)
    assert dict(expert.settings) == FOUR_SEAT_SEARCH and expert.iterations == 3000
    assert tuned(LEVELS["medium"], knowledge, 4).settings == ()

    def used(thinker: Thinker) -> dict[str, float]:
        found = thinker.search.knowledge.settings()
        return {key: found[key] for key in FOUR_SEAT_SEARCH}

    assert used(Thinker(four, "expert", seed=1)) == FOUR_SEAT_SEARCH
    assert used(Thinker(four, "medium", seed=1)) != FOUR_SEAT_SEARCH
    # The hint, or a search given only a thinking time, searches as the strongest level does,
    # without its iteration cap.
    for level in ("hint", 2.0):
        thinker = Thinker(four, level, seed=1)
        assert thinker.level.iterations is None and thinker.level.settings == expert.settings
        assert used(thinker) == FOUR_SEAT_SEARCH
    hinting = hint_knowledge(four).settings()
    assert {key: hinting[key] for key in FOUR_SEAT_SEARCH} == FOUR_SEAT_SEARCH
    # The hint's chances are read with that search's own sharpness.
    assert hint_knowledge(four).sharpness_for(4) == FOUR_SEAT_SEARCH["sharpness_for_four"]
    assert knowledge.sharpness_for(4) != FOUR_SEAT_SEARCH["sharpness_for_four"]
    # A Level given is played as it is, and the game's own knowledge is never changed.
    assert used(Thinker(four, LEVELS["expert"], seed=1)) != FOUR_SEAT_SEARCH
    assert {knowledge.settings()[key] for key in ("margin", "fit")} == {0.0}
    # With two seats Expert searches with the game's knowledge as it is.
    assert tuned(LEVELS["expert"], knowledge_for(new_game("bosk")), 2).settings == ()


def test_every_games_tuning_names_level_fields_or_settings_its_search_has() -> None:
    """A level's changes are its iterations, its newcomer's share, or a setting the game's
    search keeps: a misspelt one would otherwise only fail when that level first plays."""
    for name in GAMES:
        for players in ((2, 4) if name == "bosk" else (2,)):
            game = new_game(name, **({"players": players} if name == "bosk" else {}))
            knowledge = knowledge_for(game)
            for level in LEVELS.values():
                played = tuned(level, knowledge, players)
                knowledge.changed(dict(played.settings))  # raises for a setting it lacks
                assert set(dict(played.settings)) <= set(knowledge.settings())
