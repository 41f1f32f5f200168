"""The shared core of every game: errors, options, the game base class and records.

A game is a sequence of atomic actions (strings in the public notation of the rules pages) applied
to a start position chosen by options. Its record is its options plus its actions, one per line::

    game: bounders
    size: 7
    rules: tournament
    komi: off

    g7
    swap

Header lines are ``key: value`` up to the first blank line; lines starting with ``#`` are
comments. ``load_game`` replays the actions through ``play`` so a record can never describe an
illegal game.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypedDict

# The longest error message, and the longest quotation of what was given inside one: a 200 KB
# action is refused with a message a person can read.
MESSAGE_LIMIT = 240
QUOTE_LIMIT = 40


def shown(value: object, limit: int = QUOTE_LIMIT) -> str:
    """A value as an error message quotes it: its ``repr``, cut to ``limit`` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _readable(message: str) -> str:
    return message if len(message) <= MESSAGE_LIMIT else message[: MESSAGE_LIMIT - 1] + "…"


class Refusal(ValueError):
    """A ValueError a page can word in its reader's language: ``code`` names the sentence and
    ``values`` fill it, and ``str()`` is the English sentence. ``message`` is a ``str.format``
    template of ``values`` when a code is given (``IllegalAction("{cell} is not empty",
    code="bounders.taken", cell="d4")``), else the finished English text. A value may itself be
    a refusal (the reason inside a sentence). Catalogues name a code's sentence
    ``engine.<code>``; a refusal without a code is read in English only. Options' ``coerce``
    raise it bare; the game wraps it in a NotationError naming the option."""

    def __init__(self, message: str, *, code: str | None = None, **values: Any) -> None:
        self.template = message
        self.code = code
        self.values = values
        self.message = _readable(message.format(**values) if code else message)
        super().__init__(self.message)


def explain(exc: BaseException) -> dict[str, Any]:
    """Any error as a page words it: ``message`` (English, without a record's line), and for a
    refusal with a code, ``code`` and ``values`` (numbers kept, nested errors explained, the
    rest as text)."""
    if not isinstance(exc, Refusal):
        return {"message": str(exc)}
    data: dict[str, Any] = {"message": exc.message}
    if exc.code:
        data["code"] = exc.code
        data["values"] = {
            key: explain(value) if isinstance(value, BaseException)
            else value if isinstance(value, (int, float)) and not isinstance(value, bool)
            else str(value)
            for key, value in exc.values.items()
        }
    return data


def why(exc: BaseException) -> dict[str, Any]:
    """What a page puts inside its own sentence about a refused record or action: for an
    action of a record, why that action was refused (the page names its line and action
    itself); else the error, explained."""
    if isinstance(exc, Refusal) and exc.code == "record.action":
        return explain(exc.values["reason"])
    return explain(exc)


class IllegalAction(Refusal):
    """A well-formed request the position refuses: an action that is not legal now (``play``,
    ``svg(preview=...)``, ``svg(hint=...)``), a selection that starts no legal action
    (``svg(select=...)``), ``undo`` with nothing played, ``rewards`` before the end. The game is
    left unchanged."""


class NotationError(Refusal):
    """Something given that cannot be read: a record, an option (unknown, of the wrong type or
    value), a picture option, or an action, selection, hint or preview that is not text. Says
    where (``line``, in a record) and what (``token``) was wrong, and what was expected."""

    def __init__(
        self,
        message: str,
        line: int | None = None,
        token: str | None = None,
        *,
        code: str | None = None,
        **values: Any,
    ) -> None:
        super().__init__(message, code=code, **values)
        if line is not None:
            self.args = (_readable(f"line {line}: {self.message}"),)
        self.line = line
        self.token = token if token is None or len(token) <= 2 * QUOTE_LIMIT else (
            token[: 2 * QUOTE_LIMIT - 1] + "…"
        )

    def at(self, line: int | None) -> NotationError:
        """The same error, said to be on ``line`` of a record."""
        return NotationError(self.template, line, self.token, code=self.code, **self.values)


@dataclass(frozen=True)
class Option:
    """One option of a game: its default, what it accepts, and how it is written in records.

    ``coerce`` turns a keyword value or record text into the canonical value, raising
    ``ValueError`` with a message naming what is accepted; ``format`` writes it back as text.
    """

    default: Any
    coerce: Callable[[Any], Any]
    format: Callable[[Any], str] = str
    doc: str = ""
    choices: tuple[Any, ...] = field(default=())


def choice_option(default: Any, choices: Sequence[Any], doc: str = "") -> Option:
    """An option taking one value of a fixed list; record text is matched by its written form."""

    written = {str(c).lower(): c for c in choices}

    def coerce(value: Any) -> Any:
        for choice in choices:
            if type(value) is type(choice) and value == choice:
                return choice
        if isinstance(value, str) and value.strip().lower() in written:
            return written[value.strip().lower()]
        accepted = ", ".join(str(c) for c in choices)
        raise Refusal(
            "{value} is not one of {accepted}",
            code="option.choice", value=shown(value), accepted=accepted,
        )

    return Option(default, coerce, str, doc, tuple(choices))


_TRUE = {"true", "on", "yes", "1"}
_FALSE = {"false", "off", "no", "0"}


def _coerce_flag(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    key = value.strip().lower() if isinstance(value, str) else None
    if key in _TRUE:
        return True
    if key in _FALSE:
        return False
    raise Refusal("{value} is not on or off", code="option.flag", value=shown(value))


def flag_option(default: bool, doc: str = "") -> Option:
    """An on/off option; records write ``on`` or ``off`` and accept true/false/yes/no/1/0 too."""
    return Option(default, _coerce_flag, lambda v: "on" if v else "off", doc, (False, True))


class Score(TypedDict):
    """What every game's ``score()`` holds: ``totals``, one per seat. Each game's own score
    type extends it with that game's breakdown (regions, groups, lines...)."""

    totals: Sequence[float]


class Result(TypedDict):
    """What every game's ``result()`` holds once the game is over: ``winner`` (a seat, or None
    for a draw), ``ranking`` (every seat, best first) and ``reason`` (the rule that decided).
    Each game's own result type extends it."""

    winner: int | None
    ranking: list[int]
    reason: str


@dataclass(frozen=True)
class GameSpec:
    """One game, declared once (``py_engine/games/<name>/spec.py``): every list of games is
    derived from these declarations (the engine's ``GAMES``, the search's knowledge, the site's
    build and its pages' list).

    ``game`` and ``knowledge`` name classes in the game package's ``game`` and ``ai`` modules,
    imported only when asked for, so a page that plays one game never loads the others.
    """

    name: str  # the name in records, URLs and ``new_game``
    title: str  # the name a person reads (the site translates it by message key)
    order: int  # the site's order of games, smallest first
    game: str  # the class in ``games/<name>/game.py``
    players: tuple[int, ...]  # the numbers of seats the game can be played with
    notation: str  # one line of notation help: what an action looks like
    knowledge: str | None = None  # the search's knowledge in ``games/<name>/ai.py``, if any
    panel: bool = False  # the site has a side-panel module for it (``web/games/<name>.js``)


NOT_OVER = "the game is not over: it has no rewards yet"


def _refuse_unknown(
    given: Mapping[str, Any], known: Iterable[str], game: str, picture: bool = False
) -> None:
    """A NotationError naming the first of ``given``'s names that is not ``known``, if any:
    an option of ``game``, or of its picture."""
    names = list(known)
    unknown = sorted(set(given) - set(names))
    if not unknown:
        return
    values: dict[str, Any] = {
        "game": game, "option": shown(unknown[0]), "listed": ", ".join(names) or "none"
    }
    if picture:
        raise NotationError(
            "the {game} picture has no option {option} (its options: {listed})",
            token=unknown[0], code="picture.unknown", **values,
        )
    raise NotationError(
        "{game} has no option {option} (its options: {listed})",
        token=unknown[0], code="option.unknown", **values,
    )


class Game(ABC):
    """A game in progress: the public contract of docs/architecture.md.

    Subclasses set ``name``, ``title`` and ``OPTIONS``, and implement the position: a fast
    layer of int moves (``moves``, ``do``, ``undo_move``, ``action_of``, ``move_of``) and
    ``to_move``, ``score``, ``result``, ``picture`` (which ``svg`` calls once it has checked
    its arguments). This class turns the fast layer into the string contract, keeps the action
    history, validates options and writes records.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    OPTIONS: ClassVar[dict[str, Option]]
    PICTURE_OPTIONS: ClassVar[tuple[str, ...]] = ()  # the game's own keyword options of svg()

    def __init__(self, **options: Any) -> None:
        self.options: dict[str, Any] = self.check_options(options)
        self.history: list[str] = []

    @classmethod
    def check_options(cls, options: dict[str, Any]) -> dict[str, Any]:
        """Fill in defaults and coerce every option; an unknown or bad option is a NotationError."""
        _refuse_unknown(options, cls.OPTIONS, cls.name)
        checked: dict[str, Any] = {}
        for key, option in cls.OPTIONS.items():
            value = options.get(key, option.default)
            try:
                checked[key] = option.coerce(value)
            except ValueError as exc:
                raise NotationError(
                    "option {option}: {reason}", token=key, code="option.bad", option=key,
                    reason=exc,
                ) from None
        return checked

    # --- the position -------------------------------------------------------------------

    @property
    @abstractmethod
    def players(self) -> int:
        """Number of seats."""

    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """Seat whose action is expected, or None when the game is over."""

    # --- the fast layer: moves as small ints, for play/undo, playouts and the search -------

    @abstractmethod
    def moves(self) -> Sequence[int]:
        """The legal moves as ints. Do not mutate; valid until the next ``do``/``undo_move``."""

    @abstractmethod
    def do(self, move: int) -> None:
        """Apply a move taken from ``moves()``, without checking it."""

    @abstractmethod
    def undo_move(self) -> None:
        """Take back the last ``do``."""

    @abstractmethod
    def action_of(self, move: int) -> str:
        """The notation of a move in the current position."""

    @abstractmethod
    def move_of(self, action: str) -> int:
        """The legal move an action names; IllegalAction says why there is none."""

    def legal_actions(self) -> list[str]:
        """Every legal atomic action in the current position, in notation, in a stable order."""
        return [self.action_of(m) for m in sorted(self.moves())]

    @abstractmethod
    def score(self) -> Score:
        """``{"totals": [...one per seat...], ...game-specific breakdown}``."""

    @abstractmethod
    def result(self) -> Result | None:
        """None while playing; else ``{"winner", "ranking", "reason", ...}``."""

    def rewards(self) -> list[float]:
        """At the end, each seat's reward for the search: 1 to the winner, ``1/n`` to each
        seat in a draw. Games may override it with something cheaper than ``result()``."""
        outcome = self.result()
        if outcome is None:
            raise IllegalAction(NOT_OVER)
        winner = outcome["winner"]
        if winner is None:
            return [1.0 / self.players] * self.players
        return [1.0 if seat == winner else 0.0 for seat in range(self.players)]

    def starts_turn(self, action: str) -> bool:
        """Whether ``action`` begins a turn of its own rather than going on with the turn its
        seat is playing, so that a move list tells two turns of one seat apart. Every action
        is a turn unless a game's turns hold several (Bosk's autumn: tree, tile, leaves)."""
        return True

    def narrow_picture(self, draw: Mapping[str, Any]) -> dict[str, Any] | None:
        """The picture options ``draw`` become on a screen too narrow for what they draw (a
        page showing the picture alone, such as a rules page, draws both and shows the one that
        fits), or None when the same picture serves every width."""
        return None

    def buttons(self, select: str | None = None) -> list[dict[str, str]]:
        """Choices the front end shows beside the board rather than on it.

        Each is ``{"kind": ..., "label": ..., "action": ...}`` for a whole action (Bounders'
        ``swap``, Bosk's ``wind N``) or ``{"kind": ..., "label": ..., "select": ...}`` for the
        first part of an action whose rest is picked on the board (Bosk's ``plant 3``, then a
        point). ``kind`` lets the front end word the label in its own language. ``select`` is
        the part chosen so far, as passed to ``svg(select=...)``.
        """
        return []

    def svg(
        self,
        highlight: bool = True,
        coords: bool = False,
        select: str | None = None,
        preview: str | None = None,
        hint: str | None = None,
        **drawing: Any,
    ) -> str:
        """The position as a complete SVG string (a pure function of the game).

        ``highlight`` marks what can be clicked (``data-action`` / ``data-select``); ``select``
        is a partial action chosen so far; ``preview`` draws the consequence of an action before
        it is played; ``hint`` marks a suggested action. Games add keyword options of their own
        (``PICTURE_OPTIONS``). An argument of the wrong type or an unknown option is a
        NotationError; an action or selection the position refuses is an IllegalAction.
        """
        for name, flag in (("highlight", highlight), ("coords", coords)):
            if not isinstance(flag, bool):
                raise NotationError(f"{name} is true or false, not {shown(flag)}", token=name)
        for name, text in (("select", select), ("preview", preview), ("hint", hint)):
            if text is not None and not isinstance(text, str):
                raise NotationError(
                    f"{name} is an action's text, not {type(text).__name__}", token=name
                )
        _refuse_unknown(drawing, self.PICTURE_OPTIONS, self.name, picture=True)
        return self.picture(highlight, coords, select, preview, hint, **drawing)

    @abstractmethod
    def picture(
        self,
        highlight: bool,
        coords: bool,
        select: str | None,
        preview: str | None,
        hint: str | None,
    ) -> str:
        """The picture ``svg`` draws once its arguments are checked (see ``svg``)."""

    # --- shared behaviour ---------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.to_move is None

    def play(self, action: str) -> None:
        """Apply one action; IllegalAction (a ValueError) says why it is illegal."""
        if not isinstance(action, str):
            raise NotationError(f"an action is text in notation, not {type(action).__name__}")
        if self.is_over:
            raise IllegalAction(
                "the game is over; {action} cannot be played", code="action.over",
                action=shown(action),
            )
        move = self.move_of(action.strip())
        text = self.action_of(move)
        self.do(move)
        self.history.append(text)

    def undo(self) -> None:
        """Take back the last action; IllegalAction when nothing has been played."""
        if not self.history:
            raise IllegalAction("nothing to undo: no action has been played")
        self.undo_move()
        self.history.pop()

    def record(self) -> str:
        """The whole game as text: game, options, then one action per line."""
        lines = [f"game: {self.name}"]
        for key, option in self.OPTIONS.items():
            lines.append(f"{key}: {option.format(self.options[key])}")
        lines.append("")
        lines.extend(self.history)
        return "\n".join(lines) + "\n"

    def option_record(self) -> dict[str, str]:
        """The options as written in records (text values), e.g. for URLs and the front end."""
        return {key: option.format(self.options[key]) for key, option in self.OPTIONS.items()}

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.option_record()} after {len(self.history)} actions>"


def play_line(game: Game, line: int | None, action: str) -> None:
    """Play one action of a record; a refusal is a NotationError naming its line and action."""
    try:
        game.play(action)
    except ValueError as exc:
        raise NotationError(
            "action {action} cannot be played: {reason}", line, action, code="record.action",
            action=shown(action), reason=exc,
        ) from None


def parse_record(
    text: str,
) -> tuple[str, dict[str, str], dict[str, int], list[tuple[int, str]]]:
    """Split a record into game name, option texts, their line numbers and (line, action) pairs."""
    if not isinstance(text, str):
        raise NotationError(f"a record is text, not {type(text).__name__}")
    # a byte order mark (a record pasted from a file saved with one) is no part of the text
    text = text.removeprefix("\ufeff")
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    name: str | None = None
    options: dict[str, str] = {}
    option_lines: dict[str, int] = {}
    actions: list[tuple[int, str]] = []
    in_header = True
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if line.startswith("#"):
            continue
        if in_header:
            if not line:
                if name is not None:
                    in_header = False
                continue
            key, sep, value = line.partition(":")
            key, value = key.strip().lower(), value.strip()
            if not sep or not key:
                if name is None:
                    raise NotationError(
                        "expected 'game: NAME', found {found}", number, line,
                        code="record.no-game", found=shown(line),
                    )
                raise NotationError(
                    "expected 'option: value' or a blank line, found {found}", number, line,
                    code="record.no-option", found=shown(line),
                )
            if name is None:
                if key != "game":
                    raise NotationError(
                        "a record starts with 'game: NAME', found {found}", number, line,
                        code="record.start", found=shown(line),
                    )
                name = value.lower()
            elif key in options or key == "game":
                raise NotationError(
                    "{key} is given twice", number, key, code="record.twice", key=shown(key)
                )
            else:
                options[key] = value
                option_lines[key] = number
        elif line:
            actions.append((number, line))
    if name is None:
        raise NotationError(
            "empty record: expected 'game: NAME' on the first line", 1, code="record.empty"
        )
    return name, options, option_lines, actions
