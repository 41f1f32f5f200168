"""The benchmark's own footprint: what it times stays small in memory."""

from __future__ import annotations

import tracemalloc

from py_engine import bench


def test_measure_keeps_its_memory_small() -> None:
    """Move generation and applications go round a small pool of positions, not a list
    the size of millions of calls (which took hundreds of MB before anything was timed)."""
    tracemalloc.start()
    try:
        figures = bench.measure("splinter", {}, seconds=0.1)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert figures["legal_actions_per_s"] > 0 and figures["applications_per_s"] > 0
    assert peak < 20 * 2**20, f"the benchmark allocated {peak / 2**20:.0f} MiB at its peak"
