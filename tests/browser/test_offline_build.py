"""What the build writes for offline use, read as files: every file listed with its hash, the
service worker carrying the build and the list, the same content giving the same bytes, and
the security policy in every page with nothing inline that it would block."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from pathlib import Path

from conftest import ROOT
from offline import write_offline

POLICY = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'; "
    "worker-src 'self' blob:; style-src 'self'; img-src 'self' blob:; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'"
)
META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')


def listing(site: Path) -> dict[str, str]:
    files: dict[str, str] = json.loads((site / "precache.json").read_text("utf-8"))["files"]
    return files


def test_every_file_is_listed_with_its_hash(site_dir: Path) -> None:
    files = listing(site_dir)
    on_disk = {
        path.relative_to(site_dir).as_posix()
        for path in site_dir.rglob("*")
        if path.is_file()
    }
    benchmark = {name for name in on_disk if name.startswith("bench/")}
    assert benchmark >= {"bench/pyodide.html", "bench/pyscript.html"}
    # Of PyScript, the pages load its loader, style sheet and two preloaded chunks only (the
    # offline test plays every game with the network off, so a missing file would show).
    pyscript = {name for name in on_disk if name.startswith("vendor/pyscript/")}
    kept = {name for name in pyscript
            if re.fullmatch(r"vendor/pyscript/(core\.js|core\.css|core-.*\.js|error-.*\.js)", name)}
    assert len(kept) == 4 and len(pyscript) > 20
    assert set(files) == on_disk - benchmark - (pyscript - kept) - {
        "sw.js", ".nojekyll", "precache.json", "vendor/pyodide/python_stdlib.zip"
    }
    for name, digest in files.items():
        assert hashlib.sha256((site_dir / name).read_bytes()).hexdigest() == digest, name
    for needed in ("index.html", "bounders.html", "engine/worker.py", "engine/python.mjs",
                   "engine/python_stdlib.zip", "vendor/pyodide/pyodide.asm.wasm",
                   "vendor/pyodide/pyodide.mjs", "vendor/pyodide/pyodide-lock.json",
                   "vendor/pyscript/core.js", "manifest.webmanifest", "build.json"):
        assert needed in files
    manifest = json.loads((site_dir / "manifest.webmanifest").read_text("utf-8"))
    assert {icon["src"] for icon in manifest["icons"]} <= set(files)
    build = json.loads((site_dir / "build.json").read_text("utf-8"))["build"]
    worker = (site_dir / "sw.js").read_text("utf-8")
    assert worker.startswith(f'const BUILD = "{build}";\nconst FILES = {{\n')
    assert json.loads(worker[worker.index("{"):worker.index("\n};\n") + 2]) == files


def test_the_offline_files_depend_on_the_content_only(site_dir: Path, tmp_path: Path) -> None:
    again = tmp_path / "again"
    shutil.copytree(site_dir, again)
    (again / "sw.js").unlink()
    build, sizes = write_offline(again, ROOT / "web" / "sw.js")
    assert build == json.loads((site_dir / "build.json").read_text("utf-8"))["build"]
    for name in ("precache.json", "sw.js", "build.json"):
        assert (again / name).read_bytes() == (site_dir / name).read_bytes()
    assert sizes["files"] == len(listing(site_dir)) + 1
    assert sizes["first_visit_gzip_bytes"] < sizes["first_visit_bytes"] <= sizes["site_bytes"]


def test_every_page_has_the_policy_and_nothing_inline(site_dir: Path) -> None:
    pages = sorted(site_dir.rglob("*.html"))
    assert len(pages) >= 3
    for page in pages:
        text = page.read_text("utf-8")
        assert META.findall(text) == [POLICY], page
        head = text[: text.index("</head>")]
        assert head.index("Content-Security-Policy") < min(
            head.index(tag) for tag in ("<script", "<link") if tag in head
        )
        assert "<style" not in text and " style=" not in text, page
        assert re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text) is None, page
        assert re.search(r"\son[a-z]+=", text) is None, page
        if page.parent == site_dir:
            assert '<link rel="manifest" href="manifest.webmanifest">' in text
            # a game page's first script loads offline-start.js with the page's modules
            tags = [f'<script type="module" src="js/{name}"></script>'
                    for name in ("offline-start.js", "game-start.js")]
            assert any(tag in text for tag in tags), page
    assert 'import("./offline-start.js")' in (site_dir / "js" / "game-start.js").read_text()
