"""The command line: ``python -m py_engine play|svg|bench|arena``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from . import GAMES, NotationError, load_game, new_game
from .core import Game


def parse_options(pairs: Sequence[str]) -> dict[str, Any]:
    """``key=value`` words into keyword options (values stay text; the game coerces them)."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise NotationError(f"an option is written key=value, not {pair!r}", token=pair)
        options[key] = value
    return options


def read_record(source: str) -> Game:
    """A game from a record file, ``-`` for standard input, or a bare game name."""
    if source in GAMES:
        return new_game(source)
    if source == "-":
        return load_game(sys.stdin.read())
    try:
        with open(source, encoding="utf-8") as handle:
            text = handle.read()
    except OSError as exc:
        raise NotationError(f"cannot read record {source!r}: {exc.strerror}") from None
    return load_game(text)


def cmd_play(args: argparse.Namespace) -> int:
    """A terminal game against yourself: type actions, 'undo', 'legal', 'record' or 'quit'."""
    game = new_game(args.game, **parse_options(args.option))
    print(f"{game.title}: type an action, 'legal', 'undo', 'score', 'record' or 'quit'.")
    while True:
        if game.is_over:
            print("Game over:", game.result())
            print("Score:", game.score()["totals"])
            return 0
        try:
            line = input(f"seat {game.to_move}> ").strip()
        except EOFError:
            return 0
        try:
            if line in ("quit", "exit"):
                return 0
            if line == "legal":
                print(" ".join(game.legal_actions()))
            elif line == "undo":
                game.undo()
            elif line == "score":
                print(game.score()["totals"])
            elif line == "record":
                print(game.record(), end="")
            elif line:
                game.play(line)
        except ValueError as exc:
            print("!", exc)


def picture_value(text: str) -> Any:
    """A picture option's value as written on the command line: on/off, a number, or text."""
    lowered = text.strip().lower()
    if lowered in ("on", "true", "yes"):
        return True
    if lowered in ("off", "false", "no"):
        return False
    try:
        return float(lowered)
    except ValueError:
        return text


def cmd_svg(args: argparse.Namespace) -> int:
    """The picture of a record's position (after ``--ply`` actions): for a static diagram in a
    tutorial page, which then needs no Python in the reader's browser."""
    game = read_record(args.record)
    if game.name != args.game:
        raise NotationError(f"the record is a game of {game.name}, not {args.game}")
    if args.ply is not None:
        if not 0 <= args.ply <= len(game.history):
            raise NotationError(f"--ply is 0 to {len(game.history)}, not {args.ply}")
        while len(game.history) > args.ply:
            game.undo()
    drawing = {key: picture_value(value) for key, value in parse_options(args.draw).items()}
    picture = game.svg(highlight=not args.plain, coords=args.coords, select=args.select,
                       preview=args.preview, hint=args.hint, **drawing)
    if args.output == "-":
        sys.stdout.write(picture + "\n")
    else:
        with open(args.output, "w", encoding="utf-8") as handle:
            handle.write(picture + "\n")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from . import bench

    bench.run(args.games or None, args.seconds)
    return 0


def cmd_arena(args: argparse.Namespace) -> int:
    from . import arena

    if args.calibrate:
        arena.main_calibration(
            args.game, parse_options(args.option), args.games, args.calibrate, args.seed
        )
        return 0
    if args.ladder:
        configs = args.seats.split(",") if args.seats else None
        arena.main_ladder(
            args.game, parse_options(args.option), args.games, args.seed, args.scale,
            args.clock == "cpu", args.uct, args.jobs, configs, args.verbose, args.rungs,
        )
        return 0
    if not args.seats:
        raise ValueError("arena needs --seats (one configuration per seat) or --ladder")
    setup = arena.Setup(
        args.game, parse_options(args.option), args.seats.split(","), args.seed, args.scale,
        args.clock == "cpu",
    )
    arena.main(setup, args.games, args.jobs, args.verbose)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m py_engine", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play a game in the terminal against yourself")
    play.add_argument("game", choices=sorted(GAMES))
    play.add_argument("option", nargs="*", help="options as key=value, e.g. size=9")
    play.set_defaults(run=cmd_play)
    svg = sub.add_parser("svg", help="write the picture of a position")
    svg.add_argument("game", choices=sorted(GAMES), help="the game (the record must match)")
    svg.add_argument("record", help="a record file, '-' for standard input, or a game name")
    svg.add_argument("-o", "--output", default="-", help="output file (default: standard output)")
    svg.add_argument("--coords", action="store_true", help="draw coordinates")
    svg.add_argument("--ply", type=int, help="the position after this many actions")
    svg.add_argument("--plain", action="store_true", help="no legal moves marked")
    svg.add_argument("--select", help="the first part of an action, chosen (Splinter: a piece)")
    svg.add_argument("--preview", metavar="ACTION", help="draw what this action would do")
    svg.add_argument("--hint", metavar="ACTION", help="ring this action as a suggestion")
    svg.add_argument("--draw", nargs="*", default=[], metavar="KEY=VALUE",
                     help="the game's own picture options, e.g. frame=full, panel=off")
    svg.set_defaults(run=cmd_svg)
    bench = sub.add_parser("bench", help="print engine throughput")
    bench.add_argument("games", nargs="*", help="games to measure (default: all)")
    bench.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    bench.set_defaults(run=cmd_bench)
    arena = sub.add_parser("arena", help="computer against computer, seats rotating")
    arena.add_argument("game", choices=sorted(GAMES))
    arena.add_argument("option", nargs="*", help="options as key=value, e.g. size=9")
    arena.add_argument("--seats",
                       help="one per seat: a level (beginner, casual, easy, medium, hard, "
                       "expert) or a baseline (random, greedy, uct:N), or search:N (with "
                       "settings changed: search:N/share=0.6/exploration=0.35, or with a "
                       "newcomer's move that share of the time: search:30/greedy=0.4), e.g. "
                       "hard,easy; with --ladder: the configurations to play (default: all)")
    arena.add_argument("--ladder", action="store_true",
                       help="a round robin of every level and the baselines, with ratings")
    arena.add_argument("--rungs", action="store_true",
                       help="with --ladder: only the pairs its aims are about (quicker)")
    arena.add_argument("--calibrate", type=int, metavar="N",
                       help="self-play at N iterations a move: the win estimates against the "
                       "outcomes")
    arena.add_argument("--uct", type=int, default=1000,
                       help="iterations of the ladder's textbook UCT baseline (default 1000)")
    arena.add_argument("--games", type=int, default=20,
                       help="number of games (default 20); with --ladder, per pair")
    arena.add_argument("--seed", type=int, default=1, help="seed of the random choices")
    arena.add_argument("--scale", type=float, default=1.0,
                       help="multiply every level's thinking time, e.g. 0.1 for quick runs")
    arena.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                       help="count thinking time on the wall clock (as in play) or in CPU time")
    arena.add_argument("--jobs", type=int, default=1, help="games played at once (processes)")
    arena.add_argument("-v", "--verbose", action="store_true", help="print each game's result")
    arena.set_defaults(run=cmd_arena)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        code: int = args.run(args)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return code
