"""How quickly a rules page shows its first diagram, and what it downloads: for a reader who only
reads, and when the reader starts an exercise (the engine's start). Prints figures; times are
medians over several loads in fresh browser contexts (a first visit, nothing cached), bytes are
what the page asked of the server (the local server sends files uncompressed; the gzip column is
what a static host that compresses would send). The service worker is blocked here: its
download of the whole site for offline use (the build prints its size) happens on every page of
the site alike.

Usage: ``python tools/bench_rules.py [--site site] [--game bounders] [--loads 5]``
(``make site`` first).
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from chromium import launch_args
from playwright.sync_api import sync_playwright
from serve import start

ROOT = Path(__file__).resolve().parent.parent

# Set in the page before any of its scripts: when the first diagram's picture is in the
# document, and the frame after it (when it has been painted).
WATCH_FIRST_DIAGRAM = """
(() => {
  const seen = () => {
    if (window.firstDiagram !== undefined) return true;
    if (!document.querySelector(".rules-diagram svg")) return false;
    window.firstDiagram = null;
    requestAnimationFrame(() => requestAnimationFrame(() => {
      window.firstDiagram = performance.now();
    }));
    return true;
  };
  if (!seen()) {
    const observer = new MutationObserver(() => { if (seen()) observer.disconnect(); });
    observer.observe(document, { childList: true, subtree: true });
  }
})();
"""


def sent_bytes(site: Path, base: str, urls: list[str]) -> tuple[int, int]:
    """The bytes of the site's files at these URLs, as they are and gzip-compressed."""
    raw = packed = 0
    for url in urls:
        if not url.startswith(base):
            continue
        path = site / urlparse(url).path.lstrip("/")
        if path.is_dir():
            path = path / "index.html"
        if path.is_file():
            data = path.read_bytes()
            raw += len(data)
            packed += len(gzip.compress(data, 6, mtime=0))
    return raw, packed


def one_load(browser: Any, url: str, exercise: bool) -> dict[str, Any]:
    context = browser.new_context(service_workers="block", locale="en-GB")
    context.add_init_script(WATCH_FIRST_DIAGRAM)
    reading: list[str] = []
    playing: list[str] = []
    phase = {"list": reading}
    context.on("requestfinished", lambda r: phase["list"].append(r.url))
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("typeof window.firstDiagram === 'number'")
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_load_state("networkidle")
    figures: dict[str, Any] = {
        "first_diagram_ms": page.evaluate("window.firstDiagram"),
        "fcp_ms": page.evaluate(
            "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null"
        ),
        "reading": list(reading),
    }
    if exercise:
        phase["list"] = playing
        section = page.locator(".rules-exercise").first
        started = page.evaluate("performance.now()")
        section.locator("[data-act=start]").click()
        page.wait_for_function(
            "document.querySelector('.rules-exercise').dataset.state === 'ready'",
            timeout=120_000,
        )
        figures["exercise_ready_ms"] = page.evaluate("performance.now()") - started
        page.wait_for_load_state("networkidle")
        figures["playing"] = list(playing)
    context.close()
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--game", default="bounders")
    parser.add_argument("--loads", type=int, default=5)
    args = parser.parse_args(argv)
    page_file = args.site / f"{args.game}-rules.html"
    if not page_file.exists():
        print(f"{page_file} is missing: run make site first", file=sys.stderr)
        return 1
    server, base = start(args.site)
    url = f"{base}{page_file.name}"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch_args())
            loads = [one_load(browser, url, exercise=n == 0) for n in range(args.loads)]
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    first = loads[0]
    median = statistics.median
    print(f"{page_file.name}: {args.loads} first visits (fresh contexts)")
    print(f"  first diagram painted   {median(x['first_diagram_ms'] for x in loads):7.0f} ms")
    fcp = [x["fcp_ms"] for x in loads if x["fcp_ms"] is not None]
    if fcp:
        print(f"  first contentful paint  {median(fcp):7.0f} ms")
    raw, packed = sent_bytes(args.site, base, first["reading"])
    print(f"  reading only: {len(first['reading'])} requests, {raw / 1e3:.0f} kB "
          f"({packed / 1e3:.0f} kB gzip-compressed)")
    raw, packed = sent_bytes(args.site, base, first["playing"])
    print(f"  starting an exercise: {len(first['playing'])} more requests, {raw / 1e6:.1f} MB "
          f"({packed / 1e6:.1f} MB gzip-compressed); engine ready after "
          f"{first['exercise_ready_ms'] / 1e3:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
