"""The engine in the browser: the functions a page calls in its PyScript worker.

Every answer is a JSON string (plain data crosses the worker boundary unchanged). The page keeps
the truth, a game's record; the worker keeps one live game per board id and brings it to the
record it is given by taking back and playing only the actions that differ, so a move, an undo
or a redo costs one engine step. A bad record or action is answered with ``{"error": ...}``, the
engine's English message, and ``reason``, the same as data a page words in its reader's language
(``core.why``); the board's game is left as it was. A refused record's answer also says where
(``line``, ``token``) and how many of its actions were taken (``prefix``).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, TypedDict

from py_engine import GAMES, NotationError, load_game, new_game
from py_engine.core import Game, Result, Score, parse_record, play_line, why

if TYPE_CHECKING:  # the search and the benchmark load on first use: the worker starts sooner
    from py_engine.ai import Thinker



class View(TypedDict):
    """The answer of ``view``: everything a page shows of a position (the board controller's
    ``View`` in web/js/board-controller.js is the same, for the JavaScript side)."""

    game: str
    record: str  # the record as the engine writes it
    options: dict[str, str]  # the options as records write them
    actions: list[str]
    players: int
    to_move: int | None
    legal: list[str]  # every legal action, in notation
    buttons: list[dict[str, str]]  # the side choices (Game.buttons)
    score: Score  # the game's own score type: totals and its breakdown
    result: Result | None  # the game's own result type, once the game is over
    svg: str


_boards: dict[str, Game] = {}
_thinkers: dict[str, Thinker] = {}


def _sync(board: str, record: str) -> Game:
    """The board's game brought to ``record``; raises ValueError (the game is then unchanged)."""
    name, option_texts, _, numbered = parse_record(record)
    actions = [action for _, action in numbered]
    game = _boards.get(board)
    if game is None or game.name != name or game.option_record() != _options(name, option_texts):
        _boards[board] = game = load_game(record)
        return game
    common = _common(game.history, actions)
    undone = game.history[common:]
    for _ in undone:
        game.undo()
    try:
        for line, action in numbered[common:]:
            play_line(game, line, action)
    except NotationError:
        while len(game.history) > common:
            game.undo()
        for action_back in undone:
            game.play(action_back)
        raise
    return game


def _common(history: list[str], actions: list[str]) -> int:
    """How many actions, from the first, a game's history and a record share."""
    common = 0
    for mine, theirs in zip(history, actions, strict=False):
        if mine != theirs:
            break
        common += 1
    return common


def _refused(exc: Exception, record: str) -> dict[str, Any]:
    """The answer to a refused record: the engine's message, the line and the token it names,
    and ``prefix``, how many of the record's actions come before the refused one (the longest
    part of the record that plays); None when no action is to blame (its header or options)."""
    line = getattr(exc, "line", None)
    prefix = None
    try:
        lines = [number for number, _ in parse_record(record)[3]]
    except NotationError:
        lines = []
    if line is not None and line in lines:
        prefix = lines.index(line)
    return {"error": str(exc), "reason": why(exc), "line": line,
            "token": getattr(exc, "token", None), "prefix": prefix}


def _options(name: str, option_texts: dict[str, str]) -> dict[str, str]:
    """Option texts as the game writes them (so ``komi: no`` and ``komi: off`` compare equal)."""
    if name not in GAMES:
        return {}
    return new_game(name, **option_texts).option_record()


def _answer(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"))


def read(record: str) -> str:
    """A record as the engine reads it: its ``game``, ``options`` (as the game writes them) and
    ``actions``. A refused record is answered as ``view`` answers it, with the ``game`` its
    header names (when it names one) and the options and actions of its longest part that
    plays (none when its options are refused)."""
    try:
        game = load_game(record)
    except ValueError as exc:
        answer = _refused(exc, record)
        try:
            name, option_texts, _, numbered = parse_record(record)
        except NotationError:
            return _answer(answer)
        prefix = answer["prefix"]
        taken = [] if prefix is None else [action for _, action in numbered[:prefix]]
        options = {} if prefix is None else _options(name, option_texts)
        return _answer({**answer, "game": name, "options": options, "actions": taken})
    return _answer({"game": game.name, "options": game.option_record(), "actions": game.history})


def view(board: str, record: str, settings: str = "{}") -> str:
    """Everything a page shows of the position the record reaches: the picture, the legal
    actions and side buttons, whose turn, the score and the result. ``settings`` (JSON) may hold
    ``select`` (a partial action), ``coords``, ``hint`` and ``draw``: a game's own keyword
    options for its picture (such as Splinter's ``frame``)."""
    try:
        game = _sync(board, record)
        chosen = json.loads(settings)
        select = chosen.get("select") or None
        picture = game.svg(
            highlight=True,
            coords=bool(chosen.get("coords")),
            select=select,
            hint=chosen.get("hint") or None,
            **_draw_options(chosen),
        )
    except (ValueError, TypeError) as exc:
        return _answer(_refused(exc, record))
    shown: View = {
        "game": game.name,
        "record": game.record(),
        "options": game.option_record(),
        "actions": game.history,
        "players": game.players,
        "to_move": game.to_move,
        "legal": game.legal_actions(),
        "buttons": game.buttons(select),
        "score": game.score(),
        "result": game.result(),
        "svg": picture,
    }
    return _answer(dict(shown))


def _draw_options(chosen: dict[str, Any]) -> dict[str, Any]:
    """A game's own picture options from the settings' ``draw`` object (names to values)."""
    extra = chosen.get("draw") or {}
    if not isinstance(extra, dict):
        raise ValueError(f"draw options are an object of names and values, not {extra!r}")
    return {str(key): value for key, value in extra.items()}


def preview(board: str, record: str, action: str, settings: str = "{}") -> str:
    """The score after ``action`` in the position the record reaches (played, scored, taken
    back). With ``picture`` in ``settings`` (JSON) the answer also holds ``svg``, the game's
    picture of the consequence (``svg(preview=action)``, with ``coords`` and ``draw`` as in
    ``view``)."""
    try:
        game = _sync(board, record)
        chosen = json.loads(settings)
        picture = None
        if chosen.get("picture"):
            picture = game.svg(
                highlight=False,
                coords=bool(chosen.get("coords")),
                preview=action,
                **_draw_options(chosen),
            )
        game.play(action)
    except (ValueError, TypeError) as exc:
        return _answer({"error": str(exc), "reason": why(exc)})
    try:
        answer = {"action": action, "score": game.score(), "result": game.result()}
        if picture is not None:
            answer["svg"] = picture
        return _answer(answer)
    finally:
        game.undo()


def ready() -> str:
    """``{"ready": true}``: the page's first question, answered once this module has run (a
    worker whose script failed has none of these functions)."""
    return _answer({"ready": True})


def bench(seconds: float = 2.0) -> str:
    """The engine's Bounders side-7 playout benchmark, run here (as in CPython)."""
    from py_engine.bench import measure

    return _answer(measure("bounders", {"size": 7}, float(seconds)))


def bench_search(name: str, options_json: str = "{}", seconds: float = 2.0) -> str:
    """The engine's search benchmark for a game and its options (a JSON object), run here (as
    in CPython): iterations per second of the game's own search and of textbook UCT."""
    from py_engine.bench import search_rate

    return _answer(search_rate(name, json.loads(options_json), float(seconds)))


def think_start(board: str, record: str, level: str) -> str:
    """Start the computer's thinking for the seat to move in the position the record reaches,
    at ``level`` (a level's name, or a number of seconds); a board thinks about one position
    at a time, so any earlier thinking of the board is dropped. The page then calls
    ``think_more`` in short slices until the move is decided."""
    _thinkers.pop(board, None)
    try:
        game = _sync(board, record)
        seconds = float(level) if level.replace(".", "", 1).isdigit() else level
        from py_engine.ai import Thinker

        _thinkers[board] = Thinker(game, seconds)
    except (ValueError, TypeError) as exc:
        return _answer({"error": str(exc), "reason": why(exc)})
    return _answer({"started": True})


def think_more(board: str, seconds: float = 0.04) -> str:
    """One slice of the board's thinking, at most ``seconds`` long: the action chosen so far,
    each seat's estimated chance to win, the iterations run and whether the move is decided."""
    thinker = _thinkers.get(board)
    if thinker is None:
        return _answer({"error": f"board {board!r} is not thinking"})
    thinker.think(min(float(seconds), 0.1))
    return _answer(thinker.report())


def think_stop(board: str) -> str:
    """Drop the board's thinking (the game changed, or its answer is no longer wanted)."""
    thinker = _thinkers.pop(board, None)
    if thinker is not None:
        thinker.stop()
    return _answer({"stopped": thinker is not None})


def exercise(board: str, record: str, action: str, goal: str, settings: str = "{}") -> str:
    """A rules page's exercise on the position the record reaches. With no ``action``, the
    position to try on: its picture (``settings``, JSON: ``coords``, ``select`` and ``draw`` as
    in ``view``, and ``highlight``, false to leave the legal actions unmarked), the side buttons
    and whose turn it is. With an ``action``, the verdict of py_engine.lessons on it against
    ``goal`` (JSON): ``ok`` and the ``reason`` of a wrong try (a message key and its values),
    with the picture after the action when it could be played. The board's game stays at the
    record. A ``goal`` given with no action is checked against the position (a malformed one is
    an error saying what is wrong), so a page can tell its reader before the first try."""
    from py_engine.lessons import check, validate

    try:
        game = _sync(board, record)
        chosen = json.loads(settings)
        draw = {"coords": bool(chosen.get("coords")), **_draw_options(chosen)}
        if not action:
            if goal:
                validate(game, json.loads(goal))
            select = chosen.get("select") or None
            marked = chosen.get("highlight", True) is not False
            picture = game.svg(highlight=marked, select=select, **draw)
            return _answer(
                {"svg": picture, "buttons": game.buttons(select), "to_move": game.to_move}
            )
        verdict = check(game, action, json.loads(goal))
        if action in game.legal_actions():
            game.play(action)
            try:
                verdict["svg"] = game.svg(highlight=False, **draw)
            finally:
                game.undo()
    except (ValueError, TypeError) as exc:
        return _answer({"error": str(exc), "reason": why(exc)})
    except RecursionError:
        return _answer({"error": "the goal is nested too deeply to be read"})
    return _answer(verdict)


_movers: dict[str, tuple[Game, list[int], list[bool]]] = {}


def turns(board: str, record: str) -> str:
    """The seat that played each action of the record (``movers``), and whether it began a
    turn (``starts``), so a move list can group a turn of several actions and tell two turns
    of one seat apart. The board keeps its own game for this, brought to the record as
    ``view`` brings its game, so a move adds one engine step."""
    try:
        name, option_texts, _, numbered = parse_record(record)
        actions = [action for _, action in numbered]
        kept = _movers.get(board)
        if kept is None or kept[0].name != name or (
            kept[0].option_record() != _options(name, option_texts)
        ):
            kept = (new_game(name, **option_texts), [], [])
            _movers[board] = kept
        game, movers, starts = kept
        common = _common(game.history, actions)
        while len(game.history) > common:
            game.undo()
        del movers[common:], starts[common:]
        for line, action in numbered[common:]:
            seat = game.to_move
            play_line(game, line, action)
            movers.append(-1 if seat is None else seat)
            starts.append(game.starts_turn(action))
    except (ValueError, TypeError) as exc:
        return _answer(_refused(exc, record))
    return _answer({"movers": movers, "starts": starts})


_analyses: dict[str, tuple[str, Thinker]] = {}


def analyse(board: str, record: str, ply: int, seconds: float = 0.05) -> str:
    """The search's judgement of the position after the record's first ``ply`` actions: each
    seat's chance to win and the action it prefers there. Each call searches at most
    ``seconds`` more (at most 0.1) and goes on with the board's search when it is about the same
    position, so a page analyses a game in short slices and stays answerable. A finished
    position is judged by its result (``final``)."""
    try:
        name, option_texts, _, numbered = parse_record(record)
        ply = int(ply)
        if not 0 <= ply <= len(numbered):
            raise ValueError(f"ply {ply} is not between 0 and {len(numbered)}")
        key = json.dumps([name, option_texts, [action for _, action in numbered[:ply]]])
        kept = _analyses.get(board)
        if kept is None or kept[0] != key:
            _analyses.pop(board, None)
            game = new_game(name, **option_texts)
            for line, action in numbered[:ply]:
                play_line(game, line, action)
            if game.to_move is None:
                return _answer(
                    {"ply": ply, "chances": game.rewards(), "action": None, "iterations": 0,
                     "final": True}
                )
            from py_engine.ai import Thinker

            kept = (key, Thinker(game, 3600.0))
            _analyses[board] = kept
        search = kept[1].search
        search.run_for(min(float(seconds), 0.1))
    except (ValueError, TypeError) as exc:
        return _answer(_refused(exc, record))
    return _answer(
        {"ply": ply, "chances": search.win_chances(), "action": search.best_action(),
         "iterations": search.iterations, "final": False}
    )


def analyse_stop(board: str) -> str:
    """Drop the board's analysis search."""
    return _answer({"stopped": _analyses.pop(board, None) is not None})


__export__ = [
    "ready",
    "read", "view", "preview", "bench", "bench_search", "think_start", "think_more", "think_stop",
    "exercise", "turns", "analyse", "analyse_stop",
]
