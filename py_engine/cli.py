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


def cmd_svg(args: argparse.Namespace) -> int:
    game = read_record(args.record)
    picture = game.svg(coords=args.coords)
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
    svg.set_defaults(run=cmd_svg)
    bench = sub.add_parser("bench", help="print engine throughput")
    bench.add_argument("games", nargs="*", help="games to measure (default: all)")
    bench.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    bench.set_defaults(run=cmd_bench)
    arena = sub.add_parser("arena", help="computer against computer, seats rotating")
    arena.add_argument("game", choices=sorted(GAMES))
    arena.add_argument("option", nargs="*", help="options as key=value, e.g. size=9")
    arena.add_argument("--seats", required=True,
                       help="one per seat: easy, medium, hard, expert or random, e.g. hard,easy")
    arena.add_argument("--games", type=int, default=20, help="number of games (default 20)")
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
