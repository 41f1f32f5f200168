"""How the browser tests and the browser benchmark launch Chromium.

Debian's Chromium (Playwright's own browser download is not used), headless, with the
background services off so that it makes no request of its own beyond the site under test.
"""

from __future__ import annotations

from typing import Any

CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def launch_args() -> dict[str, Any]:
    """Keyword arguments for Playwright's ``chromium.launch``."""
    return {"executable_path": CHROMIUM, "headless": True, "args": FLAGS}
