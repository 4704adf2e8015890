"""Speed of the DominoPeg solvers: the seed's search, exact cover, and the census.

Solves the seed's three published boards (the third has six holes, refused by counting) with the
seed's search (to its first solution, as the Ruby program does; the six-hole board is left out,
its search would not end) and with exact cover on its three engines (first solution; the compiled
engine warmed up first, the pure-Python one timed from its first call, tables included); the
compiled and the pure-Python engine also enumerate every solution of the second board. Then it
runs the census of all 324,632 hole patterns on ``--executor`` (serial, processes or dask,
through the experiments' sweep seam). Prints a table and writes
``benchmarks/results/dominopeg.md`` and ``dominopeg.csv`` (one row per run: puzzle, n, method,
order, seed, limit, status, solutions, nodes, backtracks, max_depth, seconds). Run from the
repository root::

    python benchmarks/bench_dominopeg.py               # about 3 minutes on a 2-core machine
    python benchmarks/bench_dominopeg.py --no-census   # about 30 seconds
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from functools import partial
from pathlib import Path

import pandas as pd

from dominosa_lab.dominopeg import PegBoard, solve, solve_naive
from dominosa_lab.experiments.dominopeg import peg_census
from dominosa_lab.experiments.executors import EXECUTORS

RESULTS = Path(__file__).parent / "results"
#: The seed's published runs: holes -> (Ruby seconds, pieces placed).
SEED = {(0, 10, 20, 24, 28): (315.509, 4_461_278), (0, 7, 14, 21, 28): (169.996, 2_397_106)}
#: The third published pattern: six holes, no solution (a finished board leaves exactly five).
SIX = (25, 26, 27, 32, 33, 34)


def solver_rows() -> list[dict]:
    """One row per solver and seed board (first solution), then one per compiled or pure-Python
    engine enumerating every solution of the second board."""
    solve(PegBoard(next(iter(SEED))), engine="fast")  # numba compiles or loads its cache here
    runs = (("naive", solve_naive), ("exact-cover dlx", partial(solve, engine="dlx")),
            ("exact-cover fast", partial(solve, engine="fast")),
            ("exact-cover bits", partial(solve, engine="bits")))
    rows = [_row(holes, method, run(PegBoard(holes)), 1)
            for holes in (*SEED, SIX) for method, run in runs
            if not (method == "naive" and holes == SIX)]
    every = list(SEED)[1]
    return rows + [_row(every, f"exact-cover {engine}",
                        solve(PegBoard(every), limit=None, engine=engine), "all")
                   for engine in ("fast", "bits")]


def _row(holes: tuple[int, ...], method: str, result, limit: int | str) -> dict:
    """One solve as a row of the table."""
    stats = result.stats
    return {
        "puzzle": " ".join(map(str, holes)), "n": len(holes), "method": method,
        "order": result.settings.get("order", ""), "seed": None, "limit": limit,
        "status": result.status, "solutions": len(result.solutions), "nodes": stats.nodes,
        "backtracks": stats.backtracks, "max_depth": stats.max_depth,
        "seconds": round(stats.seconds, 3),
    }


def census_row(executor: str) -> dict:
    """The census's wall time and totals."""
    start = time.perf_counter()
    counts = peg_census(executor, progress=False)
    return {
        "puzzle": "all 324,632 patterns", "n": 5, "method": f"census ({executor})", "order": "",
        "seed": None, "limit": "all", "status": f"{int((counts > 0).sum())} solvable",
        "solutions": int(counts.sum()), "nodes": int(counts.sum()),
        "backtracks": 0, "max_depth": 0, "seconds": round(time.perf_counter() - start, 1),
    }


def main() -> None:
    """Run the benchmark and write its table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-census", action="store_true", help="skip the census")
    parser.add_argument("--executor", choices=EXECUTORS, default="processes")
    args = parser.parse_args()
    rows = solver_rows()
    if not args.no_census:
        rows.append(census_row(args.executor))
    frame = pd.DataFrame(rows)
    frame["nodes/s"] = (frame["nodes"] / frame["seconds"].clip(lower=1e-3)).round(-2)
    first = frame["method"].str.startswith("exact-cover") & (frame["limit"] == 1)
    totals = frame[first].groupby("method")["seconds"].sum()
    for holes, (ruby_seconds, _) in SEED.items():
        naive = (frame["puzzle"] == " ".join(map(str, holes))) & (frame["method"] == "naive")
        frame.loc[naive, "seed Ruby seconds"] = ruby_seconds
    RESULTS.mkdir(exist_ok=True)
    frame.to_csv(RESULTS / "dominopeg.csv", index=False)
    machine = f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, shared"
    text = (f"# DominoPeg speed\n\n{machine}, load average {os.getloadavg()[0]:.1f}; census "
            f"`nodes` = finished boards counted.\n\n" + "```\n" + frame.to_string(index=False)
            + "\n```\n\nThe three published patterns, first solution, in all: "
            + ", ".join(f"{m} {s:.3f} s" for m, s in totals.items()) + ".\n")
    (RESULTS / "dominopeg.md").write_text(text)
    print(text)


if __name__ == "__main__":
    main()
