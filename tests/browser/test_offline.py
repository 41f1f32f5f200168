"""Offline play and updates: after one visit the whole site works with the network off and the
server gone, every file from the service worker's cache; a new build deployed at the same
address is offered, and once accepted every file, the engine's included, comes from it.

Each test serves the site from its own server (its own origin, so its own service worker),
which it can stop or switch to another build, from a sub-path as on GitHub Pages."""

from __future__ import annotations

import json
import random
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import ENGINE_TIMEOUT_MS, ROOT, Watch, watch_context
from offline import write_offline
from serve import SiteServer, start

from py_engine import GAMES, load_game

pytestmark = pytest.mark.browser

# Any security-policy violation in a page, whatever the console says about it.
RECORD_VIOLATIONS = """
window.cspViolations = [];
addEventListener("securitypolicyviolation", (e) =>
  window.cspViolations.push(`${e.effectiveDirective} ${e.blockedURI}`));
"""
PLAYABLE = [name for name in ("bounders", "splinter", "bosk") if name in GAMES]
# What the second build's engine answers to ``bench``: proof that the worker runs its code.
SECOND_ENGINE = '{"engine": "second build"}'


def build_of(site: Path) -> str:
    return str(json.loads((site / "build.json").read_text("utf-8"))["build"])


SUB_PATH = "tabula"


def host(site: Path, folder: Path) -> Path:
    """A host's folder holding the built site at ``SUB_PATH``."""
    folder.mkdir()
    (folder / SUB_PATH).symlink_to(site, target_is_directory=True)
    return folder


@pytest.fixture
def served(site_dir: Path, tmp_path: Path) -> Iterator[tuple[SiteServer, str]]:
    """The site from a server of its own, at ``SUB_PATH``; yields the server and the site's URL."""
    server, url = start(host(site_dir, tmp_path / "first"))
    yield server, f"{url}{SUB_PATH}/"
    server.shutdown()
    server.server_close()


@pytest.fixture
def watched(browser: Any, served: tuple[SiteServer, str]) -> Iterator[tuple[Any, Watch]]:
    context = browser.new_context(locale="en-GB")
    context.add_init_script(RECORD_VIOLATIONS)
    watch = watch_context(context, served[1])
    yield context, watch
    context.close()


def wait_for_offline_ready(page: Any) -> None:
    """Wait until the service worker has precached the site and controls the page."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("navigator.serviceWorker.controller !== null")


def assert_page_clean(page: Any, watch: Watch) -> None:
    assert page.evaluate("window.cspViolations") == []
    watch.assert_clean()


def engine_ready(page: Any) -> None:
    page.wait_for_selector("body[data-ready=true]", timeout=ENGINE_TIMEOUT_MS)


def cache_names(page: Any) -> list[str]:
    return sorted(page.evaluate("caches.keys()"))


def test_after_one_visit_everything_works_offline(
    site_dir: Path, served: tuple[SiteServer, str], watched: tuple[Any, Watch]
) -> None:
    server, url = served
    context, watch = watched
    failed: list[str] = []
    network: list[str] = []
    context.on("requestfailed", lambda r: failed.append(r.url))
    page = context.new_page()
    page.goto(url)
    wait_for_offline_ready(page)
    assert cache_names(page) == [f"tabula-{build_of(site_dir)}"]
    scope = "navigator.serviceWorker.getRegistration().then(r => r.scope)"
    assert page.evaluate(scope) == url
    manifest = context.new_cdp_session(page).send("Page.getAppManifest")
    assert manifest["url"] == url + "manifest.webmanifest" and manifest["errors"] == []
    listed = json.loads((site_dir / "precache.json").read_text("utf-8"))["files"]
    cached = page.evaluate(
        "name => caches.open(name).then(c => c.keys()).then(k => k.length)",
        f"tabula-{build_of(site_dir)}",
    )
    assert cached == len(listed)
    server.shutdown()
    server.server_close()
    context.set_offline(True)
    context.on("response", lambda r: None if r.from_service_worker else network.append(r.url))
    page.reload()
    for name in PLAYABLE:
        assert page.locator(f'.game-card[data-game="{name}"] a[href="{name}.html"]').count() == 1
    # Bounders last, started with a small board: a whole game is then played by clicking.
    for name in [name for name in PLAYABLE if name != "bounders"] + ["bounders"]:
        small = "#size=7&rules=basic&komi=off" if name == "bounders" else ""
        page.goto(f"{url}{name}.html{small}")
        engine_ready(page)
        assert page.locator("#board svg").count() == 1
        assert_page_clean(page, watch)
    rng = random.Random(6)
    while page.get_attribute("body", "data-over") != "true":
        cells = page.locator("#board [data-action]")
        assert cells.count() > 0
        before = int(page.get_attribute("body", "data-ply"))
        cells.nth(rng.randrange(cells.count())).click()
        page.wait_for_function(f"document.body.dataset.ply === '{before + 1}'")
    record = str(page.text_content("#record"))
    result = load_game(record).result()
    assert result is not None and len(load_game(record).history) > 10
    winner = "draw" if result["winner"] is None else str(result["winner"])
    assert page.get_attribute("#result", "data-winner") == winner
    # The computer plays offline too: a new game with the second seat a computer (the page's
    # test setting keeps its thinking short), one click, and its answer.
    page.evaluate("localStorage.setItem('tabula.computer.test', "
                  "JSON.stringify({seconds: 0.05, pace: 0}))")
    page.click("#new-game")
    page.select_option('select[name="seat-1"]', "easy")
    page.click('#new-game-dialog button[value="start"]')
    page.wait_for_function("document.body.dataset.ply === '0'")
    page.wait_for_function(  # the score names the seat the computer now plays
        "document.querySelector('#totals li[data-seat=\"1\"] .seat-player')?.textContent"
        " === ' · the computer (Easy)'")
    page.locator("#board [data-action]").first.click()
    page.wait_for_function("document.body.dataset.ply === '2'", timeout=ENGINE_TIMEOUT_MS)
    assert len(load_game(str(page.text_content("#record"))).history) == 2
    assert_page_clean(page, watch)
    assert [u for u in network if not u.startswith("blob:")] == []
    assert failed == []


def second_build(first: Path, into: Path) -> str:
    """The first build with a change in its engine worker, made ready to deploy again."""
    shutil.copytree(first, into)
    worker = into / "engine" / "worker.py"
    worker.write_text(
        worker.read_text("utf-8")
        + f"\n\ndef bench(seconds: float = 2.0) -> str:\n    return {SECOND_ENGINE!r}\n",
        "utf-8",
    )
    build, _ = write_offline(into, ROOT / "web" / "sw.js")
    return build


HASHES_IN_CACHE = """async (name) => {
  const cache = await caches.open(name);
  const hashes = {};
  for (const request of await cache.keys()) {
    const body = await (await cache.match(request)).arrayBuffer();
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
    hashes[request.url] = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
  }
  return hashes;
}"""


def test_a_new_build_is_offered_and_then_used_whole(
    site_dir: Path,
    served: tuple[SiteServer, str],
    watched: tuple[Any, Watch],
    tmp_path: Path,
) -> None:
    server, url = served
    context, watch = watched
    page = context.new_page()
    page.goto(url + "bounders.html")
    engine_ready(page)
    wait_for_offline_ready(page)
    old, new = build_of(site_dir), second_build(site_dir, tmp_path / "second")
    assert new != old
    server.directory = host(tmp_path / "second", tmp_path / "second-host")
    page.reload()
    engine_ready(page)
    page.wait_for_selector("#update-notice", timeout=ENGINE_TIMEOUT_MS)
    assert page.text_content("#update-notice") == "A new version of Tabula is ready. Reload"
    # Until the visitor accepts, the page keeps the version it runs.
    assert page.evaluate("fetch('build.json').then(r => r.json())")["build"] == old
    assert cache_names(page) == sorted([f"tabula-{old}", f"tabula-{new}"])
    responses: list[Any] = []
    context.on("response", lambda r: responses.append(r))
    with page.expect_navigation():
        page.click("#update-accept")
    engine_ready(page)
    assert cache_names(page) == [f"tabula-{new}"]
    assert page.evaluate("fetch('build.json').then(r => r.json())")["build"] == new
    workers = [w for w in page.workers if w.url.startswith("blob:")]
    assert workers
    for worker in workers:
        stamp = worker.evaluate(f"fetch('{url}build.json').then(r => r.json())")
        assert stamp["build"] == new
    bench = "document.querySelector('script[name=engine]').xworker.sync.bench(0)"
    assert page.evaluate(bench) == SECOND_ENGINE
    listed = json.loads((tmp_path / "second" / "precache.json").read_text("utf-8"))["files"]
    assert page.evaluate(HASHES_IN_CACHE, f"tabula-{new}") == {
        url + name: digest for name, digest in listed.items()
    }
    site = [r for r in responses if r.url.startswith(url) and not r.url.endswith("/sw.js")]
    assert any(r.url.endswith("/engine/worker.py") for r in site)
    assert [r.url for r in site if not r.from_service_worker] == []
    assert_page_clean(page, watch)
