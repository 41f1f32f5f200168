"""Build the static site into ``site/``: pages, styles, scripts, the engine and its runtime.

What it does:

- copies ``web/`` (scripts, styles, message catalogues, the worker module), except the page
  templates (``head.html`` is the top of every page's ``<head>``: its security policy, icons and
  style sheet; ``prefs.html`` is the header's language and theme choices), which it fills in:
  every ``{{t:key}}`` becomes the English message of that key (``embed.html``, the embeddable
  board, and ``boards.html``, the page of ``<tabula-board>`` elements, get only that, the head
  and PyScript's preloads) and
  each game page gets its starting view, made here in CPython by the worker module itself: the
  board as SVG and the rest (score, turn, choices) as JSON, so the first picture and panels
  appear before Python is ready in the browser;
- copies the Pyodide runtime and PyScript from ``node_modules`` (pinned in package.json);
- writes the engine's standard library, ``engine/python_stdlib.zip``: Pyodide's, with bytecode
  beside the source of each module that Python's start, PyScript and the engine import, compiled
  by the site's own Pyodide under Node (``tools/compile_stdlib.mjs``); the worker's interpreter
  is ``engine/python.mjs``, the site's Pyodide started with that library;
- writes the worker's script, ``engine/worker.py``: the worker module with the engine package
  packed in (a zip archive in base64, imported with zipimport), so the worker asks for no module
  before it starts; the pages carry the worker's PyScript config (the engine's Python) inline;
- writes ``.nojekyll`` so GitHub Pages serves files whose names start with ``_``;
- last, makes the site work offline (``tools/offline.py``): ``build.json``, ``precache.json`` and
  the service worker ``sw.js``, and prints the size of the site and of a first visit.

Usage: ``python tools/build_site.py [--out site]``.
"""

from __future__ import annotations

import argparse
import base64
import html
import importlib.util
import io
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any, NamedTuple

from offline import write_offline

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from home_page import home_cards  # noqa: E402
from rules_pages import rules_link, write_rules_pages  # noqa: E402

from py_engine import GAMES, new_game  # noqa: E402
from py_engine.games import SPECS  # noqa: E402

WEB = ROOT / "web"
ENGINE = ROOT / "py_engine"
NODE = ROOT / "node_modules"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# Every game of the site, in the order of the home page: the games' own declarations.
SITE_GAMES = tuple(SPECS)
TEMPLATES = (
    "index.html", "game.html", "head.html", "prefs.html", "embed.html", "boards.html",
    "tutorial.html",
)
# The example tutorial page's diagram drawn ahead: a record and the command-line options of
# ``python -m py_engine svg`` (README, "Writing a tutorial page").
TUTORIAL_DIAGRAM = ("game: bounders\nsize: 7\n\ng7\na1\nm7\n", ["--ply", "2", "--plain"])
# A game's side panel module, web/games/<game>.js, or this one when it has none.
GENERIC = "games/generic.js"
PLACEHOLDER = re.compile(r"\{\{(t:)?([\w.-]+)\}\}")


def messages() -> dict[str, str]:
    """The English catalogue: the text written into the pages before any script runs."""
    catalogue: dict[str, str] = json.loads((WEB / "i18n" / "en.json").read_text("utf-8"))
    return catalogue


def fill(template: str, values: dict[str, str], catalogue: dict[str, str]) -> str:
    """Replace ``{{t:key}}`` by the escaped English message and ``{{name}}`` by ``values``
    (inserted as they are: callers escape text and pass trusted markup such as the SVG)."""

    def replace(match: re.Match[str]) -> str:
        key = match.group(2)
        if match.group(1):
            if key not in catalogue:
                raise SystemExit(f"build: message key {key!r} is missing from en.json")
            return html.escape(catalogue[key])
        if key not in values:
            raise SystemExit(f"build: template value {key!r} is not provided")
        return values[key]

    return PLACEHOLDER.sub(replace, template)


def copy_web(out: Path) -> None:
    """Everything in ``web/`` except the templates and type declarations, as it is."""
    for source in WEB.rglob("*"):
        relative = source.relative_to(WEB)
        if source.is_dir() or relative.as_posix() in TEMPLATES or "__pycache__" in relative.parts:
            continue
        if source.name.endswith(".d.ts"):
            continue
        target = out / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)


def copy_runtime(out: Path) -> None:
    """Pyodide's five files and PyScript's modules (without source maps) into ``vendor/``."""
    pyodide = NODE / "pyodide"
    pyscript = NODE / "@pyscript" / "core" / "dist"
    if not (pyodide / "pyodide.mjs").exists() or not (pyscript / "core.js").exists():
        raise SystemExit("build: node_modules has no pyodide or @pyscript/core; run `npm ci` first")
    (out / "vendor" / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide / name, out / "vendor" / "pyodide" / name)
    (out / "vendor" / "pyscript").mkdir(parents=True)
    for source in pyscript.iterdir():
        if source.suffix in (".js", ".css"):
            shutil.copy2(source, out / "vendor" / "pyscript" / source.name)


def compile_stdlib(out: Path) -> None:
    """``engine/python_stdlib.zip``: Pyodide's standard library with the bytecode of the modules
    the engine's worker imports on start (see ``tools/compile_stdlib.mjs``): a visitor's browser
    then does not compile them from source on every start of the engine."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("build: node is needed (on Debian: apt-get install npm)")
    command = [
        node,
        str(ROOT / "tools" / "compile_stdlib.mjs"),
        str(NODE / "pyodide"),
        str(NODE / "@pyscript" / "core" / "src" / "stdlib" / "pyscript.js"),
        str(ENGINE),
        str(out / "engine" / "python_stdlib.zip"),
    ]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"build: compiling the standard library failed:\n{done.stderr}")


def pyscript_preloads(out: Path) -> str:
    """``<link rel="modulepreload">`` lines for PyScript's modules that its loader would only ask
    for one after another (core.js imports a hashed chunk, which imports the error plugin): asked
    for with the page, they are there when PyScript starts the engine's worker."""
    vendor = out / "vendor" / "pyscript"
    chunk = re.search(r'from"\./(core-[\w-]+\.js)"', (vendor / "core.js").read_text("utf-8"))
    if chunk is None:
        raise SystemExit("build: vendor/pyscript/core.js does not import a core-*.js chunk")
    names = [chunk.group(1)]
    error = re.search(r'import\("\./(error-[\w-]+\.js)"\)', (vendor / names[0]).read_text("utf-8"))
    if error is not None:
        names.append(error.group(1))
    return "\n".join(f'<link rel="modulepreload" href="vendor/pyscript/{name}">' for name in names)


# The worker's PyScript config, written into the page (a config file would be one more request,
# made twice: by the page and by the worker, before the worker can ask for Pyodide).
WORKER_CONFIG = {"interpreter": "engine/python.mjs", "sync_main_only": True}

# Put after the worker module's ``from __future__`` line by the build: the engine package in the
# worker's script, so that the worker fetches no module before it starts.
ENGINE_LOADER = """
# The engine package, py_engine, as the build packed it into this script: a zip archive of its
# modules, in base64. Written to the worker's file system and put first on the import path, the
# engine is imported from it by Python's zipimport, with no request per module.
_ENGINE_ZIP = "{packed}"


def _install_engine() -> None:
    import binascii
    import os
    import sys

    path = os.path.abspath("py_engine.zip")
    with open(path, "wb") as archive:
        archive.write(binascii.a2b_base64(_ENGINE_ZIP))
    sys.path.insert(0, path)


_install_engine()
"""


def engine_zip() -> bytes:
    """The engine package's modules as a zip archive (the same bytes for the same sources)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for source in sorted(ENGINE.rglob("*.py")):
            name = source.relative_to(ENGINE).as_posix()
            entry = zipfile.ZipInfo(f"py_engine/{name}", date_time=(1980, 1, 1, 0, 0, 0))
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, source.read_bytes())
    return buffer.getvalue()


def write_worker(out: Path) -> None:
    """The worker's script, ``engine/worker.py``: the worker module with the engine packed in."""
    module = (WEB / "engine" / "worker.py").read_text("utf-8")
    future = "from __future__ import annotations\n"
    if future not in module:
        raise SystemExit(f"build: web/engine/worker.py has no line {future.strip()!r}")
    packed = base64.b64encode(engine_zip()).decode("ascii")
    at = module.index(future) + len(future)
    script = module[:at] + ENGINE_LOADER.format(packed=packed) + module[at:]
    (out / "engine" / "worker.py").write_text(script, "utf-8")


def engine_script() -> str:
    """The page's engine worker: ``<script type="py" worker name="engine">`` with its config."""
    config = html.escape(json.dumps(WORKER_CONFIG, separators=(",", ":")), quote=True)
    return (
        f'<script type="py" worker name="engine" src="engine/worker.py" config="{config}">'
        "</script>"
    )


def game_options(name: str) -> dict[str, Any]:
    """A game's options as the new-game panel shows them: default and choices as record text."""
    cls = GAMES[name]
    return {
        key: {
            "default": option.format(option.default),
            "choices": [option.format(choice) for choice in option.choices],
        }
        for key, option in cls.OPTIONS.items()
    }


def panel_module(name: str) -> str | None:
    """A game's own side-panel module (``games/<game>.js``), or None when it has none."""
    return f"games/{name}.js" if SPECS[name].panel else None


def games_module() -> str:
    """``js/games.js``: the games as the pages know them (their only list in JavaScript): each
    game's name, its numbers of seats, the names of its options and whether it has a
    side-panel module of its own."""
    games = []
    for name, spec in SPECS.items():
        games.append({"name": name, "players": list(spec.players),
                      "options": list(GAMES[name].OPTIONS), "panel": spec.panel})
    listed = json.dumps(games, separators=(", ", ": "))
    head = "// Written by tools/build_site.py from the games' specs (py_engine/games/*/spec.py)."
    return f"{head}\nexport const GAMES = {listed};\n"


def drawn_ahead() -> str:
    """The example tutorial's static diagram, drawn as its README section says: by the engine's
    command line, ``python -m py_engine svg GAME RECORD --ply N --plain``."""
    import tempfile

    from py_engine.cli import main

    record, options = TUTORIAL_DIAGRAM
    with tempfile.TemporaryDirectory() as folder:
        source, drawn = Path(folder) / "game.txt", Path(folder) / "board.svg"
        source.write_text(record, "utf-8")
        if main(["svg", "bounders", str(source), *options, "-o", str(drawn)]) != 0:
            raise SystemExit("build: the tutorial's diagram could not be drawn")
        return drawn.read_text("utf-8").strip()


def load_worker() -> Any:
    """The worker module (web/engine/worker.py), run here in CPython to draw starting views."""
    spec = importlib.util.spec_from_file_location("tabula_worker", WEB / "engine" / "worker.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def write_pages(out: Path, catalogue: dict[str, str]) -> list[str]:
    """The home page and one page per playable game; returns the playable games."""
    playable = [name for name in SITE_GAMES if name in GAMES]
    home = (WEB / "index.html").read_text("utf-8")
    head = fill((WEB / "head.html").read_text("utf-8"), {}, catalogue).rstrip("\n")
    prefs = fill((WEB / "prefs.html").read_text("utf-8"), {}, catalogue).rstrip("\n")
    try:
        cards = home_cards(SITE_GAMES, catalogue, lambda name: rules_link(name, catalogue))
    except KeyError as missing:  # a game's card words (game.<name>.title, .length, .blurb)
        key = missing.args[0]
        raise SystemExit(f"build: message key {key!r} is missing from en.json") from None
    home_values = {"games": cards, "head": head, "prefs": prefs}
    (out / "index.html").write_text(fill(home, home_values, catalogue), "utf-8")
    template = (WEB / "game.html").read_text("utf-8")
    preloads = pyscript_preloads(out)
    worker = load_worker()
    engine = engine_script()
    for name in playable:
        start = json.loads(worker.view("build", new_game(name).record()))
        # A game whose panel holds no points names it in words of its own.
        score_key = f"score.title.{name}" if f"score.title.{name}" in catalogue else "score.title"
        board = start.pop("svg")
        values = {
            "game": name,
            "title": html.escape(catalogue.get(f"game.{name}.title", GAMES[name].title)),
            "title_key": f"game.{name}.title",
            "score_key": score_key,
            "score_title": html.escape(catalogue[score_key]),
            "head": head,
            "prefs": prefs,
            "preload": preloads,
            "engine": engine,
            "board": board,
            "start": html.escape(json.dumps(start, separators=(",", ":")), quote=True),
            "options": html.escape(json.dumps(game_options(name)), quote=True),
            "panel": panel_module(name) or GENERIC,
            "rules": rules_link(name, catalogue, new_tab=True),
        }
        (out / f"{name}.html").write_text(fill(template, values, catalogue), "utf-8")
    # The embeddable board: its game and position come from its address, so only the text and
    # PyScript's preloads are filled in here.
    # And the page of <tabula-board> elements (boards.html): its boards come from its markup.
    for page in ("embed.html", "boards.html"):
        values = {"head": head, "preload": preloads, "engine": engine}
        text = fill((WEB / page).read_text("utf-8"), values, catalogue)
        (out / page).write_text(text, "utf-8")
    values = {"head": head, "preload": preloads, "engine": engine, "diagram": drawn_ahead()}
    text = fill((WEB / "tutorial.html").read_text("utf-8"), values, catalogue)
    (out / "tutorial.html").write_text(text, "utf-8")
    write_rules_pages(out, catalogue, fill, {"head": head, "prefs": prefs, "engine": engine})
    return playable


class Built(NamedTuple):
    """What a build made: the playable games, the build's hash and its sizes in bytes."""

    games: list[str]
    build: str
    sizes: dict[str, int]


def build(out: Path) -> Built:
    """Build the whole site into ``out`` (emptied first), the offline files last."""
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    catalogue = messages()
    copy_web(out)
    (out / "js" / "games.js").write_text(games_module(), "utf-8")
    copy_runtime(out)
    compile_stdlib(out)
    write_worker(out)
    (out / ".nojekyll").write_text("", "utf-8")
    games = write_pages(out, catalogue)
    return Built(games, *write_offline(out, WEB / "sw.js"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "site", help="output folder")
    args = parser.parse_args(argv)
    built = build(args.out)
    sizes = built.sizes
    print(f"built {args.out}: games {', '.join(built.games)}; build {built.build}")
    print(
        f"site {sizes['site_bytes'] / 1e6:.1f} MB; first visit {sizes['files']} files, "
        f"{sizes['first_visit_bytes'] / 1e6:.1f} MB "
        f"({sizes['first_visit_gzip_bytes'] / 1e6:.1f} MB gzip-compressed)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
