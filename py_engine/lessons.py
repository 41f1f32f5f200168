"""Exercise goals of the rules pages: does an action meet a goal, and if not, why not.

A goal is plain data (JSON in the rules pages' content), judged only through the public game
API: the action is played in the exercise's position, ``score()``, ``result()`` and
``to_move`` are read, and the action is taken back, so the game is left as it was. The seat that
played the action is the *mover*; a goal names seats as ``"mover"``, ``"opponent"`` (the other
seat of a two-seat game) or a seat number.

Kinds of goal:

- ``{"kind": "legal"}``: any legal action.
- ``{"kind": "score", "path": "totals", "seat": "mover", "gain": 3}``: the number at ``path``
  in ``score()`` (dotted keys; a list met on the way is indexed by ``seat``, or by a number in
  the path) went up by at least ``gain``; or with ``"at_least": n``, is at least ``n`` after;
  or with ``"equals": value``, is exactly that value after.
- ``{"kind": "count", "path": "regions", "where": {"seat": "mover"}, "gain": 1}``: the number
  of entries of the list at ``path`` (those whose fields match ``where``, if given) went up by
  at least ``gain``; or with ``"at_least"`` / ``"equals"``, is so after.
- ``{"kind": "result", "winner": "mover"}``: the action ends the game and that seat wins
  (``null``: a draw); with ``"reason"``, the result's reason (the deciding rule) is that one.
- ``{"kind": "actions", "any_of": ["g7", ...]}``: one of these actions.
- ``{"kind": "all", "of": [goal, ...]}``: every one of the goals.

Every goal may name its own message for a wrong try, ``"why": "lesson.why.<something>"``;
otherwise the kind's message is given. A verdict is ``{"ok": bool, "reason": None | {"key":
message key, "values": {placeholder: value}}}``: the keys are those of the site's catalogues,
so the page says why in the reader's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .core import Game, Refusal

Verdict = dict[str, Any]

# The fields each kind of goal may have (besides "kind" and "why"), and how deep goals may
# be nested in "all" (a goal comes from a page's author or an address, and is read whole
# before any try).
FIELDS = {
    "legal": (),
    "actions": ("any_of",),
    "score": ("path", "seat", "gain", "at_least", "equals"),
    "count": ("path", "where", "gain", "at_least", "equals"),
    "result": ("winner", "reason"),
    "all": ("of",),
}
MAX_DEPTH = 8
KINDS = tuple(FIELDS)


class GoalError(Refusal):
    """A goal that is not well formed (an unknown kind, a path that leads nowhere); a page
    words it by its code, as it does the engine's other refusals."""


def seat_of(name: Any, mover: int, players: int) -> int | None:
    """The seat a goal names: "mover", "opponent", a seat number, or None (no seat)."""
    if name is None:
        return None
    if name == "mover":
        return mover
    if name == "opponent":
        if players != 2:
            raise GoalError("'opponent' names a seat only in a two-seat game", code="goal.opponent")
        return 1 - mover
    if isinstance(name, int) and not isinstance(name, bool) and 0 <= name < players:
        return name
    raise GoalError("{name} is not a seat", code="goal.seat", name=_shown(name))


def lookup(data: Any, path: str, seat: int | None) -> Any:
    """The value at the dotted ``path`` in ``data``; a list on the way is indexed by a number
    in the path, else by ``seat`` (a list at the end is returned whole when there is no seat)."""
    value = data
    for key in path.split(".") if path else []:
        if isinstance(value, Mapping):
            if key not in value:
                raise GoalError("score has no {key} in {path}", code="goal.path-missing",
                                key=_shown(key), path=_shown(path))
            value = value[key]
        elif isinstance(value, list) and key.isdigit() and int(key) < len(value):
            value = value[int(key)]
        else:
            raise GoalError("cannot follow {key} in {path}", code="goal.path-follow",
                            key=_shown(key), path=_shown(path))
    if isinstance(value, list) and seat is not None and value and not isinstance(value[0], dict):
        value = value[seat]
    return value


def matches(entry: Any, where: Mapping[str, Any]) -> bool:
    """Whether a list entry has every field of ``where`` with that value."""
    return isinstance(entry, Mapping) and all(entry.get(k) == v for k, v in where.items())


def count(data: Any, path: str, where: Mapping[str, Any] | None) -> int:
    """The number of entries of the list at ``path`` (those matching ``where``)."""
    value = lookup(data, path, None)
    if not isinstance(value, list):
        raise GoalError("{path} is not a list", code="goal.not-list", path=_shown(path))
    return sum(1 for entry in value if where is None or matches(entry, where))


def _failed(goal: Mapping[str, Any], key: str, **values: Any) -> Verdict:
    return {"ok": False, "reason": {"key": goal.get("why", key), "values": values}}


OK: Verdict = {"ok": True, "reason": None}


def _resolved_where(where: Any, mover: int, players: int) -> dict[str, Any] | None:
    """``where`` with a seat field naming "mover" or "opponent" made a seat number."""
    if where is None:
        return None
    if not isinstance(where, Mapping):
        raise GoalError("'where' is an object of fields, not {where}", code="goal.where",
                        where=_shown(where))
    return {
        key: seat_of(value, mover, players) if key == "seat" and isinstance(value, str) else value
        for key, value in where.items()
    }


def _compare(goal: Mapping[str, Any], before: Any, after: Any, key: str, action: str) -> Verdict:
    """The score and count kinds' test: ``equals``, ``at_least`` or ``gain``."""
    if "equals" in goal:
        if after == goal["equals"]:
            return OK
        return _failed(goal, key, action=action, before=before, after=after, wanted=goal["equals"])
    if "at_least" in goal:
        if after >= goal["at_least"]:
            return OK
        wanted = goal["at_least"]
        return _failed(goal, key, action=action, before=before, after=after, wanted=wanted)
    gain = goal.get("gain", 1)
    if after - before >= gain:
        return OK
    return _failed(goal, key, action=action, before=before, after=after, wanted=before + gain)


def _judge(goal: Mapping[str, Any], game: Game, action: str, mover: int,
           before: Mapping[str, Any]) -> Verdict:
    """The verdict on ``goal`` with ``action`` already played (``before``: score() before it)."""
    kind = goal.get("kind")
    players = game.players
    if kind == "legal":
        return OK
    if kind == "actions":
        if action in goal.get("any_of", []):
            return OK
        return _failed(goal, "lesson.why.actions", action=action)
    if kind == "score":
        seat = seat_of(goal.get("seat"), mover, players)
        path = str(goal.get("path", "totals"))
        return _compare(goal, lookup(before, path, seat), lookup(game.score(), path, seat),
                        "lesson.why.score", action)
    if kind == "count":
        path = str(goal.get("path", ""))
        where = _resolved_where(goal.get("where"), mover, players)
        return _compare(goal, count(before, path, where), count(game.score(), path, where),
                        "lesson.why.count", action)
    if kind == "result":
        result = game.result()
        if result is None:
            return _failed(goal, "lesson.why.result.open", action=action)
        wanted = goal.get("winner", "mover")
        winner = None if wanted is None else seat_of(wanted, mover, players)
        if result.get("winner") != winner:
            drawn = result.get("winner") is None
            key = "lesson.why.result.draw" if drawn else "lesson.why.result.lost"
            return _failed(goal, key, action=action, reason=result.get("reason"))
        if "reason" in goal and result.get("reason") != goal["reason"]:
            return _failed(goal, "lesson.why.result.reason", action=action,
                           reason=result.get("reason"), wanted=goal["reason"])
        return OK
    if kind == "all":
        for part in goal.get("of", []):
            verdict = _judge(part, game, action, mover, before)
            if not verdict["ok"]:
                return verdict
        return OK
    raise _unknown_kind(kind)  # not reached: check validates first




def _shown(value: Any) -> str:
    """A value of a goal as an error message quotes it: short, whatever its size."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _unknown_kind(kind: Any) -> GoalError:
    return GoalError("unknown kind of goal {kind}; expected one of {kinds}", code="goal.kind",
                     kind=_shown(kind), kinds=", ".join(KINDS))


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _validate(goal: Any, game: Game, mover: int, score: Mapping[str, Any], depth: int) -> None:
    if not isinstance(goal, Mapping):
        raise GoalError('a goal is an object with a "kind", not {goal}', code="goal.object",
                        goal=_shown(goal))
    kind = goal.get("kind")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise _unknown_kind(kind)
    extra = sorted(set(goal) - {"kind", "why", *FIELDS[kind]})
    if extra:
        if not FIELDS[kind]:
            raise GoalError('a {kind} goal has no field {field} (only "kind" and "why")',
                            code="goal.no-fields", kind=_shown(kind), field=_shown(extra[0]))
        raise GoalError("a {kind} goal has no field {field} (its fields: {allowed})",
                        code="goal.field", kind=_shown(kind), field=_shown(extra[0]),
                        allowed=", ".join(FIELDS[kind]))
    why = goal.get("why", "lesson.why.")
    if not (isinstance(why, str) and why.startswith("lesson.why.")):
        raise GoalError('"why" names a message key lesson.why...., not {why}', code="goal.why",
                        why=_shown(why))
    players = game.players
    if kind == "actions":
        wanted = goal.get("any_of")
        if not (isinstance(wanted, list) and wanted and all(isinstance(a, str) for a in wanted)):
            raise GoalError('"any_of" is a list of actions, not {wanted}', code="goal.any-of",
                            wanted=_shown(wanted))
    elif kind in ("score", "count"):
        tests = [key for key in ("gain", "at_least", "equals") if key in goal]
        if len(tests) > 1:
            raise GoalError("a goal tests one of gain, at_least and equals, not {both}",
                            code="goal.tests", both=", ".join(tests))
        for key in ("gain", "at_least"):
            if key in goal and not _number(goal[key]):
                raise GoalError("{key} is a number, not {value}", code="goal.number",
                                key=_shown(key), value=_shown(goal[key]))
        path = goal.get("path", "totals" if kind == "score" else "")
        if not isinstance(path, str):
            raise GoalError('"path" is a dotted text, not {path}', code="goal.path",
                            path=_shown(path))
        if kind == "score":
            value = lookup(score, path, seat_of(goal.get("seat"), mover, players))
            if not tests or tests[0] != "equals":
                if not _number(value):
                    raise GoalError("{path} of the score is {value}, not a number",
                                    code="goal.score-number", path=_shown(path),
                                    value=_shown(value))
        else:
            count(score, path, _resolved_where(goal.get("where"), mover, players))
    elif kind == "result":
        if goal.get("winner", "mover") is not None:
            seat_of(goal.get("winner", "mover"), mover, players)
        if "reason" in goal and not isinstance(goal["reason"], str):
            raise GoalError('"reason" is a rule\'s name, not {reason}', code="goal.reason",
                            reason=_shown(goal["reason"]))
    elif kind == "all":
        parts = goal.get("of")
        if not (isinstance(parts, list) and parts):
            raise GoalError('"of" is a list of goals, not {parts}', code="goal.of",
                            parts=_shown(parts))
        if depth >= MAX_DEPTH:
            raise GoalError('goals are nested in "all" at most {depth} deep', code="goal.depth",
                            depth=MAX_DEPTH)
        for part in parts:
            _validate(part, game, mover, score, depth + 1)


def validate(game: Game, goal: Any) -> None:
    """Raise GoalError, saying what is wrong, unless ``goal`` is a well-formed goal for
    ``game``'s position: a known kind with only its own fields, each of the right type, its
    seats seats of the game and its paths leading to a value of the position's score."""
    mover = game.to_move
    if mover is None:
        raise GoalError("the exercise's position is over: there is no move to try",
                        code="goal.over")
    _validate(goal, game, mover, game.score(), 0)


def check(game: Game, action: str, goal: Mapping[str, Any]) -> Verdict:
    """Whether playing ``action`` in ``game``'s position meets ``goal``, and if not, why not.
    The game is left as it was. An action that cannot be played is a wrong try whose reason
    is ``lesson.why.illegal``; a malformed goal raises GoalError (see ``validate``), whatever
    the action."""
    validate(game, goal)
    mover = game.to_move
    assert mover is not None
    before = game.score()
    try:
        game.play(action)
    except ValueError:
        return _failed({}, "lesson.why.illegal", action=action, game=game.name)
    try:
        return _judge(goal, game, action, mover, before)
    finally:
        game.undo()
