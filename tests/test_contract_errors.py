"""Any argument of any public engine function is answered with the contract's errors only
(IllegalAction or NotationError, both ValueErrors), with a message a person can read, and a
refused call leaves the game as it was."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from py_engine import GAMES, IllegalAction, NotationError, load_game, new_game
from py_engine.core import MESSAGE_LIMIT

CONTRACT = (IllegalAction, NotationError)

# Values of every kind a caller might pass by mistake, near misses of the real ones included.
anything = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True),
    st.text(max_size=30), st.text(min_size=300, max_size=3000),
    st.sampled_from(["7", "9", "7.0", "2", "2.0", "on", "g7", "h9-h10", "plant 1", "plant 1@b2",
                     "wind N", "15x18", "a\nb", "__proto__", "swap", "fit", "full"]),
    st.lists(st.text(max_size=3), max_size=3), st.dictionaries(st.text(max_size=3), st.integers()),
    st.binary(max_size=5), st.tuples(st.integers()),
)


def refused(call: Any) -> Exception | None:
    """The contract's error ``call`` raised, or None; any other exception fails the test."""
    try:
        call()
    except CONTRACT as exc:
        assert len(str(exc)) <= MESSAGE_LIMIT, str(exc)[:80]
        return exc
    return None


def position(name: str, plies: int) -> Any:
    game = new_game(name)
    rng = random.Random(plies)
    for _ in range(plies):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("name", list(GAMES))
@settings(max_examples=150, deadline=None)
@given(key=st.sampled_from(["players", "size", "rules", "komi", "first", "edge", "noreturn",
                            "park", "winds", "names", "bogus"]), value=anything)
def test_options_of_any_type(name: str, key: str, value: Any) -> None:
    refused(lambda: new_game(name, **{key: value}))


@pytest.mark.parametrize("name", list(GAMES))
@settings(max_examples=120, deadline=None)
@given(plies=st.integers(0, 30), value=anything,
       call=st.sampled_from(["play", "select", "preview", "hint", "highlight", "coords",
                             "buttons", "drawing"]))
def test_any_argument_of_a_game_method(name: str, plies: int, value: Any, call: str) -> None:
    game = position(name, plies)
    before = game.record()
    calls = {
        "play": lambda: game.play(value),
        "select": lambda: game.svg(select=value),
        "preview": lambda: game.svg(preview=value),
        "hint": lambda: game.svg(hint=value),
        "highlight": lambda: game.svg(highlight=value),
        "coords": lambda: game.svg(coords=value),
        "buttons": lambda: game.buttons(value),
        "drawing": lambda: game.svg(**{next(iter(game.PICTURE_OPTIONS), "x"): value}),
    }
    error = refused(calls[call])
    if error is not None or call != "play":
        assert game.record() == before


@pytest.mark.parametrize("name", list(GAMES))
def test_rewards_before_the_end_and_undo_at_the_start(name: str) -> None:
    game = new_game(name)
    assert isinstance(refused(game.rewards), IllegalAction)
    assert isinstance(refused(game.undo), IllegalAction)
    assert game.history == []


@settings(max_examples=200, deadline=None)
@given(text=st.one_of(anything, st.text(max_size=200).map(lambda t: "game: bounders\n" + t)))
def test_any_record(text: Any) -> None:
    error = refused(lambda: load_game(text))
    if isinstance(error, NotationError) and error.token is not None:
        assert len(error.token) <= 80


def test_a_huge_action_is_refused_in_a_short_message() -> None:
    game = new_game("bounders")
    with pytest.raises(IllegalAction) as info:
        game.play("x" * 200_000)
    assert len(str(info.value)) <= MESSAGE_LIMIT
    with pytest.raises(NotationError) as read:
        load_game("game: bounders\n\n" + "y" * 200_000 + "\n")
    assert len(str(read.value)) <= MESSAGE_LIMIT and read.value.line == 3


@pytest.mark.parametrize("name, options", [
    ("bounders", {"size": 7.0}), ("bounders", {"size": True}), ("bosk", {"players": 2.0}),
    ("splinter", {"noreturn": 1}), ("bosk", {"names": 5}),
])
def test_an_option_of_the_wrong_type_is_a_notation_error(name: str, options: Any) -> None:
    with pytest.raises(NotationError, match="option"):
        new_game(name, **options)
