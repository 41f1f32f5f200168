"""The engine worker's script as the build writes it (read and run in CPython, no browser): the
engine package packed into it runs there alone, and answers as the worker module does from the
source tree; the pages give the worker its config inline, with the site's own Pyodide."""

from __future__ import annotations

import base64
import html
import io
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import build_site
from conftest import ROOT

from py_engine import new_game

# Positions the packed engine must draw as the source does: a start, a game in progress in
# each of the three games, and a record with an illegal action (answered as an error).
RECORDS = [
    new_game("bounders").record(),
    "game: bounders\nsize: 7\nrules: tournament\nkomi: on\n\nd4\nswap\nh8\n",
    new_game("splinter").record(),
    new_game("bosk", players=3).record(),
    "game: bounders\nsize: 7\nrules: basic\nkomi: off\n\nd4\nz99\n",
]

# Run in a fresh interpreter, in an empty folder, with nothing of the project on its path: the
# worker's script is executed as PyScript runs it, then asked for each record's view.
RUNNER = """
import json, sys
namespace = {"__name__": "__main__"}
exec(compile(open(sys.argv[1], encoding="utf-8").read(), "worker.py", "exec"), namespace)
import py_engine
views = [json.loads(namespace["view"]("b", record)) for record in json.loads(sys.argv[2])]
print(json.dumps({"engine": py_engine.__file__, "views": views}))
"""


def packed_modules(script: str) -> dict[str, bytes]:
    match = re.search(r'^_ENGINE_ZIP = "([A-Za-z0-9+/=]+)"$', script, re.MULTILINE)
    assert match is not None, "the worker's script carries no engine"
    with zipfile.ZipFile(io.BytesIO(base64.b64decode(match.group(1)))) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def test_the_worker_script_carries_the_engine_package(site_dir: Path) -> None:
    script = (site_dir / "engine" / "worker.py").read_text("utf-8")
    modules = packed_modules(script)
    assert modules == {
        f"py_engine/{source.relative_to(ROOT / 'py_engine').as_posix()}": source.read_bytes()
        for source in (ROOT / "py_engine").rglob("*.py")
    }
    assert "py_engine/games/bosk/game.py" in modules
    # The worker module itself follows, unchanged, after the packed engine.
    source = (ROOT / "web" / "engine" / "worker.py").read_text("utf-8")
    head, _, rest = source.partition("from __future__ import annotations\n")
    assert script.startswith(head + "from __future__ import annotations\n")
    assert script.endswith(rest)
    # The same sources give the same script (the site's hash depends on its content only).
    assert build_site.engine_zip() == build_site.engine_zip()
    assert not (site_dir / "engine" / "py_engine").exists()


def test_the_packed_engine_runs_alone_and_answers_as_the_source(
    site_dir: Path, tmp_path: Path
) -> None:
    done = subprocess.run(
        [sys.executable, "-I", "-c", RUNNER, str(site_dir / "engine" / "worker.py"),
         json.dumps(RECORDS)],
        cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False,
    )
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    archive = str(tmp_path / "py_engine.zip")
    assert answer["engine"].startswith(archive + "/"), answer["engine"]
    worker = build_site.load_worker()
    expected = [json.loads(worker.view("b", record)) for record in RECORDS]
    assert answer["views"] == expected
    assert "error" in expected[-1] and "z99" in expected[-1]["error"]
    assert all("svg" in view for view in expected[:-1])


def test_the_pages_give_the_worker_its_config_inline(site_dir: Path) -> None:
    pattern = re.compile(
        r'<script type="py" worker name="engine" src="engine/worker.py" config="([^"]*)">'
    )
    for page in ("bounders.html", "splinter.html", "bosk.html", "embed.html"):
        found = pattern.findall((site_dir / page).read_text("utf-8"))
        assert len(found) == 1, page
        config = json.loads(html.unescape(found[0]))
        assert config == {"interpreter": "engine/python.mjs", "sync_main_only": True}
        assert (site_dir / config["interpreter"]).is_file()
    assert not (site_dir / "engine" / "config.json").exists()
