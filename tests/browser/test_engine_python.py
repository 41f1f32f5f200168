"""The engine's Python: the site's Pyodide started with the engine's standard library, which the
build compiled (tools/compile_stdlib.mjs) so that the modules imported on start are not compiled
from source in the browser."""

from __future__ import annotations

import json
import shutil
import subprocess
import zipfile
from pathlib import Path
from typing import Any

import pytest
from conftest import ENGINE_TIMEOUT_MS, watch_context

# What a start of the engine's worker needs from the standard library, among others: Pyodide's
# own start (encodings, _pyodide, pyodide), PyScript's (asyncio, html) and the engine's.
NEEDED = ("encodings/__init__", "_pyodide/__init__", "pyodide/__init__", "asyncio/__init__",
          "html/__init__", "json/__init__", "random", "typing", "dataclasses")


def entries(path: Path) -> dict[str, tuple[Any, bytes]]:
    with zipfile.ZipFile(path) as archive:
        return {info.filename: (info.date_time, archive.read(info)) for info in archive.infolist()}


def test_the_engine_stdlib_is_pyodides_with_bytecode_beside_the_sources(site_dir: Path) -> None:
    published = entries(site_dir / "vendor" / "pyodide" / "python_stdlib.zip")
    engine = entries(site_dir / "engine" / "python_stdlib.zip")
    assert {name: engine[name] for name in published} == published
    added = set(engine) - set(published)
    assert added, "no bytecode was added"
    assert all(name.endswith(".pyc") and name[:-1] in published for name in added)
    assert {f"{name}.pyc" for name in NEEDED} <= added
    magics = set()
    for name in added:
        date_time, data = engine[name]
        assert date_time == published[name[:-1]][0]
        magics.add(data[:4])
        # PEP 552: flags 1, a hash-based .pyc that the import system does not check against
        # its source (zipimport then loads it without reading the source).
        assert int.from_bytes(data[4:8], "little") == 1, name
    assert len(magics) == 1 and magics.pop()[2:] == b"\r\n"


NODE_CHECK = """
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [site, worker] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(site + "/vendor/pyodide/pyodide.mjs").href);
const python = await loadPyodide({
  indexURL: site + "/vendor/pyodide/",
  stdLibURL: site + "/engine/python_stdlib.zip",
});
python.globals.set("WORKER", readFileSync(worker, "utf8"));
const run = (code) => {
  try {
    return python.runPython(code);
  } catch (error) {
    console.error(error.message);  // not the whole error: Node would print the module's source
    process.exit(1);
  }
};
console.log(run(`
import json, sys, traceback
namespace = {"__name__": "worker"}
exec(compile(WORKER, "worker.py", "exec"), namespace)
stdlib = next(p for p in sys.path if p.startswith("/lib/python") and p.endswith(".zip"))
origins = {name: module.__spec__.origin for name, module in list(sys.modules.items())
           if (getattr(getattr(module, "__spec__", None), "origin", None) or "").startswith(stdlib)}
try:
    json.loads("{")
except ValueError:
    shown = traceback.format_exc()
view = json.loads(namespace["view"]("b", chr(10).join(["game: bounders", "size: 7", "", "d4", ""])))
json.dumps({"origins": origins, "traceback": shown, "view": sorted(view)})
`));
"""


def test_the_engines_worker_starts_on_bytecode_only(site_dir: Path, tmp_path: Path) -> None:
    """Under Node, the site's Pyodide with the engine's standard library runs the built worker
    script: every standard module imported on the way came from its .pyc, the engine answers,
    and a traceback through a compiled module still shows its source line."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is missing (it comes with npm)")
    script = tmp_path / "check.mjs"
    script.write_text(NODE_CHECK, "utf-8")
    done = subprocess.run(
        [node, str(script), str(site_dir), str(site_dir / "engine" / "worker.py")],
        capture_output=True, text=True, timeout=300, check=False, cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout.strip().splitlines()[-1])
    origins: dict[str, str] = answer["origins"]
    assert {"json", "random", "encodings", "pyodide", "asyncio"} <= set(origins)
    from_source = {name: origin for name, origin in origins.items() if not origin.endswith(".pyc")}
    assert from_source == {}
    assert "json/decoder.py" in answer["traceback"]
    assert "obj, end = self.scan_once(s, idx)" in answer["traceback"]
    assert {"svg", "record", "to_move"} <= set(answer["view"])


def test_a_game_page_starts_the_engines_python(browser: Any, site_url: str) -> None:
    """The engine's worker loads the engine's Python and standard library, not the published
    one (which only the benchmark's bare page loads)."""
    context = browser.new_context()
    watch = watch_context(context, site_url)
    asked: list[str] = []
    context.on("request", lambda request: asked.append(request.url))
    page = context.new_page()
    page.goto(site_url + "bounders.html")
    page.wait_for_selector("#status[data-state=ready]", timeout=ENGINE_TIMEOUT_MS)
    assert site_url + "engine/python.mjs" in asked
    assert site_url + "engine/python_stdlib.zip" in asked
    assert site_url + "vendor/pyodide/pyodide.asm.wasm" in asked
    assert site_url + "vendor/pyodide/python_stdlib.zip" not in asked
    watch.assert_clean()
    context.close()
