"""Browser benchmark: how fast the built site shows a board and gets its engine ready.

In one headless-Chromium run against the built site (served on 127.0.0.1), as medians of
several loads of a returning visitor (a persistent browser profile, warmed by three loads of
each page first; each round of loads takes the three pages in another order, with a pause after
each load), it prints:

- the time to the first board picture (the page's first contentful paint: the board is in the
  HTML, drawn at build time);
- the time to a ready engine (the game page's "engine-ready" mark: the PyScript worker has run
  the engine's module and the page has opened its game; a page on its starting position shows
  the view built into it, so no engine call is needed for that), and the time to the engine's
  first answer (the "engine-warm" mark: the page then asks for the position's view, which loads
  the game's module and draws it);
- bare Pyodide start-up (bench/pyodide.html: Pyodide alone in a worker, as its npm package
  ships it) and the ratio of the two;
- the engine's Python alone in a worker (bench/pyodide.html?python=engine: the same Pyodide
  with the engine's standard library, compiled by the build), and the ratio of the ready engine
  to it: what PyScript, the page and the engine add to their Python's start;
- an empty PyScript worker's start-up (bench/pyscript.html: the engine worker's configuration
  with no engine), which shows how much of that is PyScript's own start;
- the engine's Bounders side-7 playout benchmark inside Pyodide against CPython. Pyodide's
  ``time.process_time`` is the wall clock, so the ratio compares it with CPython timed by the
  wall clock too (the CPU-time figure of ``python -m py_engine bench`` is printed beside it); on
  a busy machine both suffer alike.
- the search's iterations per second inside Pyodide, for every configuration of
  ``python -m py_engine bench`` whose game the site plays: the game's own search and textbook
  UCT, against CPython timed by the wall clock, and how many iterations a hint (the strongest
  search, given HINT's thinking time) runs in the browser;
- how soon Undo is answered while the computer thinks (Bounders, a person against Hard with a
  thinking time of several seconds; the page thinks in slices of at most 30 ms, so an undo
  waits for one slice and the engine's answer, never for the move): the median and the longest
  of several tries, each at another moment of the thinking.

The ratio is printed twice: as the ratio of the two medians, and as the median of the ratios of
each round's game load to its bare load (steadier when the machine's speed drifts).

Targets: first picture <= 0.3 s; engine ready <= 1.1 x bare Pyodide; Pyodide playouts >=
0.5 x CPython; undo while the computer thinks <= 100 ms (median).
Usage: ``python tools/bench_browser.py [--loads 15] [--seconds 3] [--search-seconds 2]
[--undos 9]`` after ``make site`` (``make bench-browser`` does both).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from unittest import mock

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import serve  # noqa: E402
from build_site import SITE_GAMES  # noqa: E402
from chromium import launch_args  # noqa: E402

from py_engine.ai import HINT  # noqa: E402
from py_engine.bench import CONFIGS, measure, search_rate  # noqa: E402

TIMEOUT_MS = 120_000
# A pause after each load, so that a closed page's worker has ended before the next load starts.
SETTLE_S = 0.5
# How often a load's marks are looked for.
POLL_S = 0.05
# Rounds of loads before the measured ones: the browser's caches of compiled code fill in the
# first few loads of a page.
WARM_ROUNDS = 2
MARK = "performance.getEntriesByName({!r})[0]?.startTime ?? null"
PAINT = "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null"


def evaluate(cdp: Any, expression: str) -> Any:
    """The value of a JavaScript expression in the page, through the DevTools protocol."""
    answer = cdp.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
    return answer["result"].get("value")


def load(context: Any, url: str, mark: str, warm: str | None = None) -> dict[str, float]:
    """Open ``url`` in a new page, wait for ``mark`` (and ``warm``, when given); returns paint and
    mark times in seconds. The page is watched from outside, by a small expression evaluated
    every POLL_S through the DevTools protocol: a script put into the page to wait (as
    Playwright's waiting functions do, watching every change of the page) would take the page's
    time while it starts. The marks carry their own times, so polling does not blur them."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    page.goto(url)
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    times: dict[str, float | None] = {}
    for key, name in (("ready", mark), ("warm", warm)):
        if name is None:
            continue
        while (value := evaluate(cdp, MARK.format(name))) is None:
            if time.monotonic() > deadline:
                raise TimeoutError(f"{url}: no {name!r} mark after {TIMEOUT_MS // 1000} s")
            time.sleep(POLL_S)
        times[key] = value
    times["paint"] = evaluate(cdp, PAINT)
    cdp.detach()
    page.close()
    time.sleep(SETTLE_S)
    return {key: value / 1000 for key, value in times.items() if value is not None}


def playouts_in_pyodide(context: Any, url: str, seconds: float) -> dict[str, float]:
    """The engine's playout benchmark in the page's worker, after one run to warm up (the
    WebAssembly engine compiles its optimised code in the background while the first runs)."""
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("body[data-ready=true]", timeout=TIMEOUT_MS)
    run = "s => document.querySelector('script[name=engine]').xworker.sync.bench(s)"
    page.evaluate(run, seconds)
    answer = page.evaluate(run, seconds)
    page.close()
    figures: dict[str, float] = json.loads(answer)
    return figures


def searches_in_pyodide(context: Any, url: str, configs: list[tuple[str, dict[str, Any]]],
                        seconds: float) -> list[dict[str, float]]:
    """The engine's search benchmark in the page's worker for each (game, options), after one
    run of the first to warm up (as ``playouts_in_pyodide``)."""
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("body[data-ready=true]", timeout=TIMEOUT_MS)
    run = ("([name, options, s]) => document.querySelector('script[name=engine]')"
           ".xworker.sync.bench_search(name, options, s)")
    name, options = configs[0]
    page.evaluate(run, [name, json.dumps(options), seconds])
    answers = [json.loads(page.evaluate(run, [name, json.dumps(options), seconds]))
               for name, options in configs]
    page.close()
    return answers


# The computer's thinking time while Undo is timed: long enough that no move comes during a try.
UNDO_THINKING = {"seconds": 5, "pace": 0}
# Undo, timed from its click to the page showing the position before the person's move.
UNDO_TIME = """() => new Promise((resolve) => {
    const start = performance.now();
    const seen = new MutationObserver(() => {
        if (document.body.dataset.ply !== '0') return;
        seen.disconnect();
        resolve(performance.now() - start);
    });
    seen.observe(document.body, { attributes: true });
    document.getElementById('undo').click();
})"""


def undos_while_thinking(context: Any, url: str, tries: int) -> list[float]:
    """Milliseconds from a click on Undo to the position before the person's move, while the
    computer (Hard, thinking UNDO_THINKING) thinks about its answer; each try waits another
    while (300 ms and up, in 15 ms steps) after the thinking has started."""
    page = context.new_page()
    page.goto(url)
    game = page.get_attribute("body", "data-game")
    page.evaluate(f"""() => {{
        localStorage.setItem('tabula.computer.test', {json.dumps(json.dumps(UNDO_THINKING))});
        localStorage.setItem('tabula.seats.{game}', '["person", "hard"]');
    }}""")
    page.reload()
    page.wait_for_selector("body[data-ready=true]", timeout=TIMEOUT_MS)
    times = []
    for attempt in range(tries):
        page.locator("#board [data-action]").first.click()
        page.wait_for_selector("body[data-thinking=move]", timeout=TIMEOUT_MS)
        page.wait_for_timeout(300 + 15 * attempt)
        times.append(float(page.evaluate(UNDO_TIME)))
        page.wait_for_function("document.body.dataset.thinking === ''", timeout=TIMEOUT_MS)
    page.evaluate("localStorage.clear()")
    page.close()
    return times


def print_searches(labels: list[str], in_pyodide: list[dict[str, float]],
                   in_cpython: list[dict[str, float]]) -> None:
    """The table of search iterations per second, and a hint's iterations in the browser."""
    keys = ("search_iterations_per_s", "uct_iterations_per_s")
    print("Search iterations/s, each as game's search | textbook UCT")
    print(f"  {'configuration':<22} {'in Pyodide':^17}   {'in CPython (wall)':^17}"
          f"   {'Pyodide / CPython':^17}")
    for label, pyodide, cpython in zip(labels, in_pyodide, in_cpython, strict=True):
        figures = [" | ".join(f"{row[key]:>7,.0f}" for key in keys) for row in (pyodide, cpython)]
        ratios = " | ".join(f"{pyodide[key] / cpython[key]:>7.2f}" for key in keys)
        print(f"  {label:<22} {figures[0]}   {figures[1]}   {ratios}")
    print(f"A hint ({HINT.seconds:g} s) in the browser runs about:")
    for label, pyodide in zip(labels, in_pyodide, strict=True):
        print(f"  {label:<22} {pyodide['search_iterations_per_s'] * HINT.seconds:>8,.0f}"
              " iterations")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--loads", type=int, default=15, help="loads of each page (medians)")
    parser.add_argument("--seconds", type=float, default=3.0, help="playout benchmark duration")
    parser.add_argument("--search-seconds", type=float, default=2.0,
                        help="search benchmark duration, per configuration and search")
    parser.add_argument("--undos", type=int, default=9,
                        help="undos timed while the computer thinks")
    args = parser.parse_args(argv)
    if not (args.site / "bench" / "pyodide.html").exists():
        print(f"{args.site} is not a built site: run `make site` first", file=sys.stderr)
        return 1
    searched = [(label, name, options) for label, name, options in CONFIGS if name in SITE_GAMES]
    searches_cpython = [search_rate(name, options, args.search_seconds, clock=time.perf_counter)
                        for _, name, options in searched]
    server, base = serve.start(args.site)
    game_url, bare_url = base + "bounders.html", base + "bench/pyodide.html"
    empty_url = base + "bench/pyscript.html"
    python_url = bare_url + "?python=engine"
    with tempfile.TemporaryDirectory() as profile, sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(profile, **launch_args())
        first_game, first_bare = load(context, game_url, "engine-ready"), load(
            context, bare_url, "pyodide-ready"
        )
        load(context, empty_url, "pyscript-ready")
        for _ in range(WARM_ROUNDS):
            for url, mark in ((game_url, "engine-ready"), (bare_url, "pyodide-ready"),
                              (empty_url, "pyscript-ready"), (python_url, "pyodide-ready")):
                load(context, url, mark)
        games, bares, empties, pythons = [], [], [], []
        pages = [
            (games, game_url, "engine-ready", "engine-warm"),
            (bares, bare_url, "pyodide-ready", None),
            (empties, empty_url, "pyscript-ready", None),
            (pythons, python_url, "pyodide-ready", None),
        ]
        for round_ in range(args.loads):
            # Each round loads the pages in another order, so none always follows another.
            turn = round_ % len(pages)
            for rows, url, mark, warm in pages[turn:] + pages[:turn]:
                rows.append(load(context, url, mark, warm))
        in_pyodide = playouts_in_pyodide(context, game_url, args.seconds)
        searches = searches_in_pyodide(
            context, game_url, [(name, options) for _, name, options in searched],
            args.search_seconds,
        )
        undos = undos_while_thinking(context, game_url, args.undos)
        context.close()
    server.shutdown()
    in_cpython = measure("bounders", {"size": 7}, args.seconds)
    with mock.patch.object(time, "process_time", time.perf_counter):
        in_cpython_wall = measure("bounders", {"size": 7}, args.seconds)

    picture = statistics.median(g["paint"] for g in games)
    ready = statistics.median(g["ready"] for g in games)
    warm = statistics.median(g["warm"] for g in games)
    bare = statistics.median(b["ready"] for b in bares)
    empty = statistics.median(e["ready"] for e in empties)
    python = statistics.median(p["ready"] for p in pythons)
    # Each round has a game load and a bare load; the median of the rounds' ratios is steadier
    # than the ratio of the medians when the machine's speed drifts during the run.
    paired = statistics.median(g["ready"] / b["ready"] for g, b in zip(games, bares, strict=True))
    ratio = in_pyodide["playouts_per_s"] / in_cpython_wall["playouts_per_s"]
    undo = statistics.median(undos)
    rows = [
        ("first board picture", f"{picture:.3f} s", "<= 0.3 s", picture <= 0.3),
        ("engine ready", f"{ready:.2f} s", "", None),
        ("engine's first answer", f"{warm:.2f} s", "", None),
        ("bare Pyodide start-up", f"{bare:.2f} s", "", None),
        ("engine ready / bare Pyodide", f"{ready / bare:.3f}", "<= 1.1", ready / bare <= 1.1),
        ("  median of paired loads", f"{paired:.3f}", "<= 1.1", paired <= 1.1),
        ("engine's Python alone", f"{python:.2f} s", "", None),
        ("engine ready / engine's Python", f"{ready / python:.3f}", "", None),
        ("empty PyScript worker", f"{empty:.2f} s", "", None),
        ("empty PyScript / engine's Python", f"{empty / python:.3f}", "", None),
        ("playouts/s in Pyodide", f"{in_pyodide['playouts_per_s']:,.0f}", "", None),
        ("playouts/s in CPython (CPU)", f"{in_cpython['playouts_per_s']:,.0f}", "", None),
        ("playouts/s in CPython (wall)", f"{in_cpython_wall['playouts_per_s']:,.0f}", "", None),
        ("Pyodide / CPython playouts", f"{ratio:.2f}", ">= 0.5", ratio >= 0.5),
        ("undo while the computer thinks", f"{undo:.0f} ms", "<= 100 ms", undo <= 100),
        ("  longest of the tries", f"{max(undos):.0f} ms", "", None),
    ]
    print(f"Browser benchmark: medians of {args.loads} returning-visitor loads "
          f"(first visit: engine ready {first_game['ready']:.2f} s, "
          f"bare Pyodide {first_bare['ready']:.2f} s)")
    for label, value, target, met in rows:
        verdict = "" if met is None else ("  met" if met else "  MISSED")
        print(f"  {label:<34} {value:>8}  {target:<8}{verdict}")
    print_searches([label for label, _, _ in searched], searches, searches_cpython)
    return 0


if __name__ == "__main__":
    sys.exit(main())
