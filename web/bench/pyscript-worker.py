"""An empty PyScript worker for the browser benchmark: one function, no engine."""

import sys


def version() -> str:
    return sys.version.split()[0]


__export__ = ["version"]
