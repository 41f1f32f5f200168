"""How long the built site takes to say that its engine could not start, and to recover from a
worker that died, measured in headless Chromium against the built site (served on 127.0.0.1).

With the pages' own time limits (js/engine.js, LIMITS) it prints, in seconds:

- a first visit whose engine cannot load (the ``.wasm`` blocked; ``python_stdlib.zip``
  answering 404): from the start of the page's load to the status "The engine could not start"
  with its Retry (the worker says so at once);
- a first visit and a later one whose ``.wasm`` download stalls (never answered): the same, at
  the first-visit limit and at the shorter one of a browser that has started the engine before;
- a worker whose script raises on import: found at its first question, not at the limit;
- a worker terminated after it started (as when it runs out of memory): from the click that
  finds it dead to the move shown, played by a new worker that took the game up from its record
  (the call's limit, then a start of the engine);
- Retry after a failed start: from the click on Retry to the page ready.

``--quick`` uses the short limits of the browser tests instead (localStorage
"tabula.engine.test"). Usage: ``python tools/fault_times.py [--quick]`` after ``make site``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import serve  # noqa: E402
from chromium import launch_args  # noqa: E402

TIMEOUT_MS = 180_000
QUICK = {"firstStartMs": 8000, "startMs": 8000, "callMs": 4000}
KILL = (
    "Worker.prototype.terminate.call("
    "document.querySelector('script[type=py][name=engine]').xworker)"
)


def fresh_page(browser: Any, url: str, storage: dict[str, str]) -> tuple[Any, Any]:
    """A page in a new context (nothing cached, no service worker), with `storage` set."""
    context = browser.new_context(locale="en-GB", service_workers="block")
    page = context.new_page()
    page.goto(url + "manifest.webmanifest")
    page.evaluate(
        "(values) => { for (const [k, v] of Object.entries(values)) localStorage.setItem(k, v); }",
        storage,
    )
    return context, page


def until_failed(page: Any, url: str) -> float:
    started = time.monotonic()
    page.goto(url + "bounders.html")
    page.wait_for_selector('#status[data-state="failed"]', timeout=TIMEOUT_MS)
    return time.monotonic() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="the browser tests' short limits")
    parser.add_argument("--dir", default=str(ROOT / "site"), help="the built site")
    args = parser.parse_args()
    base = {"tabula.engine.test": json.dumps(QUICK)} if args.quick else {}
    server, url = serve.start(Path(args.dir))
    rows: list[tuple[str, float]] = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch_args())
            for name, pattern, storage in (
                ("first visit, .wasm blocked", "**/*.wasm", {}),
                ("first visit, python_stdlib.zip 404", "**/python_stdlib.zip", {}),
                ("first visit, .wasm stalls", "**/*.wasm", {}),
                ("later visit, .wasm stalls", "**/*.wasm", {"tabula.engine.started": "1"}),
            ):
                context, page = fresh_page(browser, url, {**base, **storage})
                if "stalls" in name:
                    page.route(pattern, lambda route: None)  # never answered
                elif pattern.endswith(".wasm"):
                    page.route(pattern, lambda route: route.abort())
                else:
                    page.route(pattern, lambda route: route.fulfill(status=404, body="-"))
                rows.append((f"says it could not start: {name}", until_failed(page, url)))
                if name == "first visit, .wasm blocked":
                    page.unroute(pattern)
                    started = time.monotonic()
                    page.click(".notice button[data-name=retry]")
                    page.wait_for_selector('#status[data-state="ready"]', timeout=TIMEOUT_MS)
                    rows.append(("Retry to ready (nothing cached)", time.monotonic() - started))
                context.close()

            def raising(route: Any) -> None:
                response = route.fetch()
                future = "from __future__ import annotations\n"
                body = response.text().replace(future, future + "raise RuntimeError('x')\n", 1)
                route.fulfill(response=response, body=body)

            context, page = fresh_page(browser, url, base)
            page.route("**/engine/worker.py", raising)
            rows.append(("says it could not start: worker raises", until_failed(page, url)))
            context.close()

            context, page = fresh_page(browser, url, base)
            page.goto(url + "bounders.html")
            page.wait_for_selector('#status[data-state="ready"]', timeout=TIMEOUT_MS)
            page.click('#board [data-action="g7"]')
            page.wait_for_function("document.body.dataset.ply === '1'", timeout=TIMEOUT_MS)
            page.evaluate(KILL)
            started = time.monotonic()
            page.click('#board [data-action="a1"]')
            page.wait_for_function("document.body.dataset.ply === '2'", timeout=TIMEOUT_MS)
            rows.append(("terminated worker: click to move shown", time.monotonic() - started))
            context.close()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    print("limits:", "the tests' short ones" if args.quick else "the pages' own")
    for name, seconds in rows:
        print(f"{name:<58} {seconds:6.1f} s")


if __name__ == "__main__":
    main()
