"""Make a built site work offline: the precache list, the service worker, the build stamp.

After the rest of the build has written ``site/``, ``write_offline(out)``:

- lists every file the site needs (pages, scripts, styles, the engine, Pyodide's wasm, stdlib and
  lock file, PyScript), each with a SHA-256 content hash, into ``precache.json``;
- derives the build's hash from that list and writes ``build.json``;
- writes ``sw.js``: ``web/sw.js`` preceded by the build hash and the file list, so the worker's
  own bytes change whenever any file changes (that is how browsers notice an update);
- returns the sizes to print: the whole site, and the first visit's download.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path

# Files that are not part of what a visitor needs: the worker itself, and the build's notes.
NOT_PRECACHED = {"sw.js", ".nojekyll", "precache.json"}


def content_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def site_files(out: Path) -> list[Path]:
    """Every file of the built site that a visitor's browser may ask for, in a stable order."""
    return sorted(
        (p for p in out.rglob("*") if p.is_file() and p.relative_to(out).as_posix()
         not in NOT_PRECACHED),
        key=lambda p: p.relative_to(out).as_posix(),
    )


def write_offline(out: Path, worker_body: Path) -> tuple[str, dict[str, int]]:
    """Write precache.json, build.json and sw.js into ``out``; return the build's hash and
    the figures to print (bytes of the site, of the first visit, compressed, and files)."""
    stamp = out / "build.json"
    stamp.unlink(missing_ok=True)
    files = {p.relative_to(out).as_posix(): content_hash(p) for p in site_files(out)}
    build = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:16]
    stamp.write_text(json.dumps({"build": build}) + "\n", "utf-8")
    files["build.json"] = content_hash(stamp)
    (out / "precache.json").write_text(
        json.dumps({"build": build, "files": files}, indent=1, sort_keys=True) + "\n", "utf-8"
    )
    names = sorted(files)
    head = f"const BUILD = {json.dumps(build)};\nconst FILES = {json.dumps(names, indent=1)};\n"
    (out / "sw.js").write_text(head + worker_body.read_text("utf-8"), "utf-8")
    precached = [out / name for name in sorted(files)]
    every = [p for p in out.rglob("*") if p.is_file()]
    return build, {
        "site_bytes": sum(p.stat().st_size for p in every),
        "first_visit_bytes": sum(p.stat().st_size for p in precached),
        "first_visit_gzip_bytes": sum(len(gzip.compress(p.read_bytes(), 6)) for p in precached),
        "files": len(precached),
    }
