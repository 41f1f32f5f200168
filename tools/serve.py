"""Serve the built site on the loopback address with the MIME types its runtime needs.

Pyodide hangs unless ``.mjs`` comes as JavaScript and ``.wasm`` as ``application/wasm``; the
types are set here explicitly rather than taken from the machine's ``mimetypes`` tables.

Usage: ``python tools/serve.py [--port 8000] [--dir site]``. The tests start the same server
in-process on port 0 through ``start``; its ``directory`` may be switched while it runs (a new
version of the site deployed at the same address).
"""

from __future__ import annotations

import argparse
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".py": "text/x-python; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
}


class SiteServer(ThreadingHTTPServer):
    """A threaded server of one folder, ``directory``, which may be switched between requests."""

    daemon_threads = True

    def __init__(self, directory: Path, port: int, verbose: bool) -> None:
        self.directory = directory
        self.verbose = verbose
        super().__init__((HOST, port), SiteHandler)

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser that hangs up mid-answer (a page closed while files load) is no error."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files of the server's current folder with fixed MIME types; quiet unless the
    server is verbose."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **TYPES}
    server: SiteServer

    def __init__(self, request: Any, client_address: Any, server: SiteServer) -> None:
        super().__init__(request, client_address, server, directory=str(server.directory))

    def log_message(self, format: str, *args: Any) -> None:
        if self.server.verbose:
            super().log_message(format, *args)


def make_server(directory: Path, port: int = 0, verbose: bool = False) -> SiteServer:
    """A server for ``directory`` on 127.0.0.1 (port 0: any free port)."""
    return SiteServer(directory, port, verbose)


def start(directory: Path, port: int = 0) -> tuple[SiteServer, str]:
    """Serve ``directory`` from a background thread; returns the server and its base URL."""
    server = make_server(directory, port)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://{HOST}:{server.server_address[1]}/"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--dir", type=Path, default=ROOT / "site")
    args = parser.parse_args(argv)
    if not (args.dir / "index.html").exists():
        print(f"{args.dir} has no index.html: build the site first (make site)", file=sys.stderr)
        return 1
    server = make_server(args.dir, args.port, verbose=True)
    print(f"Serving {args.dir} at http://{HOST}:{server.server_address[1]}/ (Ctrl-C stops)",
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
