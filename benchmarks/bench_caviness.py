"""Caviness's three methods (and rowscan, dlx) on his board m9: nodes and time, all solutions.

Run: ``python benchmarks/bench_caviness.py``. The brute force cannot finish m9, so it runs
under a time budget and its rate is extrapolated to the whole product, for the node-by-node
method and for the numpy prefix count.
"""

from __future__ import annotations

import statistics
from math import prod

import pandas as pd

from dominosa_lab import Puzzle, load, solve
from dominosa_lab.solvers import collision, odometer

REPEATS = 5
BUDGET = 5.0  # seconds for each brute-force measurement


def method_rows(puzzle: Puzzle) -> list[dict]:
    """One row per method: status, solutions, nodes, backtracks, median seconds."""
    rows = []
    for method in ("human", "dlx", "rowscan", "odometer"):
        runs = [solve(puzzle, method=method, limit=None) for _ in range(REPEATS)]
        last = runs[-1]
        rows.append({"method": method, "status": last.status, "solutions": len(last.solutions),
                     "nodes": last.stats.nodes, "backtracks": last.stats.backtracks,
                     "seconds": statistics.median(r.stats.seconds for r in runs)})
    brute = solve(puzzle, method="collision", limit=None, time_limit=BUDGET)
    rows.append({"method": "collision", "status": brute.status, "solutions": 0,
                 "nodes": brute.stats.nodes, "backtracks": brute.stats.backtracks,
                 "seconds": brute.stats.seconds})
    return rows


def main() -> None:
    """Print the table and the brute force's extrapolations."""
    m9 = load("caviness-m9")
    print(pd.DataFrame(method_rows(m9)).to_string(index=False))
    run = odometer.run(m9)
    print(f"odometer readings checked: {run.readings:,}")
    sizes = [len(p) for p in m9.candidates().values()]
    tree = sum(prod(sizes[: j + 1]) for j in range(len(sizes)))
    brute = solve(m9, method="collision", limit=None, time_limit=BUDGET).stats
    years = tree / (brute.nodes / brute.seconds) / 86400 / 365
    print(f"collision method: {brute.nodes / brute.seconds:.3g} nodes/s; "
          f"{tree:.3g} nodes -> {years:.1f} years")
    count = collision.prefix(m9, len(sizes), time_limit=BUDGET)
    print(f"numpy prefix count: {count.rate:.3g} combinations/s; "
          f"{count.combinations:.3g} -> {count.combinations / count.rate / 86400:.1f} days")
    for k in (3, 13):
        c = collision.prefix(m9, k)
        print(f"first {k}: {c.combinations:,} combinations, {c.survivors} without conflict, "
              f"{c.seconds * 1000:.2f} ms")


if __name__ == "__main__":
    main()
