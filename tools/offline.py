"""Make a built site work offline: the precache list, the service worker, the build stamp.

After the rest of the build has written ``site/``, ``write_offline(out, worker_body)``:

- lists every file the site needs (pages, scripts, styles, the engine and its standard library,
  Pyodide's wasm and lock file, PyScript), each with a SHA-256 content hash, into
  ``precache.json``: all files but the benchmark's pages and what only they load, and
  PyScript's chunks that no page loads;
- derives the build's hash from that list and writes ``build.json``;
- writes ``sw.js``: ``worker_body`` (``web/sw.js``) preceded by the build hash and the file list
  with hashes, so the worker's own bytes change whenever any file changes (that is how browsers
  notice an update) and it can check each file it caches;
- returns the build's hash and the sizes to print: the whole site, and the first visit's download.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
from pathlib import Path

# Files a visitor's browser does not load as part of the site: the worker itself (fetched by
# the browser on its own), the build's notes, the browser benchmark's pages (bench/) and the
# standard library as Pyodide publishes it, which only the benchmark's bare Pyodide loads (the
# engine's Python loads engine/python_stdlib.zip).
NOT_PRECACHED = {"sw.js", ".nojekyll", "precache.json", "vendor/pyodide/python_stdlib.zip"}
NOT_PRECACHED_FOLDERS = ("bench/",)
# PyScript's files that a page names (its loader, style sheet and preloaded chunks).
PYSCRIPT_NAMED = re.compile(r'(?:src|href)="(vendor/pyscript/[^"]+)"')


def content_hash(path: Path) -> str:
    """The SHA-256 of a file's bytes, in hex (what the service worker checks before caching)."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def unused_pyscript(out: Path) -> set[str]:
    """PyScript's files that no page of the site names: the chunks of its editor, terminal,
    MicroPython, TOML and zip support, which the pages' config leaves unused (the pages load
    its loader, its style sheet and the two chunks they preload, and nothing else of it)."""
    named: set[str] = set()
    for page in out.glob("*.html"):
        named.update(PYSCRIPT_NAMED.findall(page.read_text("utf-8")))
    vendor = out / "vendor" / "pyscript"
    return {f"vendor/pyscript/{path.name}" for path in vendor.glob("*")} - named


def site_files(out: Path) -> list[Path]:
    """Every file of the built site that the service worker keeps, in a stable order: all but
    NOT_PRECACHED, the folders NOT_PRECACHED_FOLDERS and PyScript's unused files."""
    unused = unused_pyscript(out) | NOT_PRECACHED
    return sorted(
        (
            path
            for path in out.rglob("*")
            if path.is_file()
            and (name := path.relative_to(out).as_posix()) not in unused
            and not name.startswith(NOT_PRECACHED_FOLDERS)
        ),
        key=lambda path: path.relative_to(out).as_posix(),
    )


def write_offline(out: Path, worker_body: Path) -> tuple[str, dict[str, int]]:
    """Write build.json, precache.json and sw.js into ``out``; return the build's hash and the
    figures to print: bytes of the whole site, of the first visit (every precached file and the
    service worker, each downloaded once), the same gzip-compressed as static hosts send it, and
    the number of files."""
    stamp = out / "build.json"
    stamp.unlink(missing_ok=True)
    files = {path.relative_to(out).as_posix(): content_hash(path) for path in site_files(out)}
    build = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:16]
    stamp.write_text(json.dumps({"build": build}) + "\n", "utf-8")
    files["build.json"] = content_hash(stamp)
    listing = json.dumps(files, indent=1, sort_keys=True)
    (out / "precache.json").write_text(
        json.dumps({"build": build, "files": files}, indent=1, sort_keys=True) + "\n", "utf-8"
    )
    head = f"const BUILD = {json.dumps(build)};\nconst FILES = {listing};\n"
    (out / "sw.js").write_text(head + worker_body.read_text("utf-8"), "utf-8")
    first_visit = [out / name for name in sorted(files)] + [out / "sw.js"]
    return build, {
        "site_bytes": sum(path.stat().st_size for path in out.rglob("*") if path.is_file()),
        "first_visit_bytes": sum(path.stat().st_size for path in first_visit),
        "first_visit_gzip_bytes": sum(
            len(gzip.compress(path.read_bytes(), 6, mtime=0)) for path in first_visit
        ),
        "files": len(first_visit),
    }
