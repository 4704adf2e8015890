"""Scaling of the sweeps: boards per second on 1 and 2 workers, serial vs processes vs Dask.

Counts the same planted boards to two solutions (the inner loop of the sampled census,
``count_chunk``) on every executor, timing the executor's start apart from the work; then
runs the exact N = 3 census in one process and turns its cost into what a cluster would need
(and what N = 4 would need). Writes ``benchmarks/results/sweep.md`` and ``sweep.csv``. Run
from the repository root (about 3 minutes on an idle 2-core machine)::

    python benchmarks/bench_sweep.py
    python benchmarks/bench_sweep.py --no-census     # the throughput table only
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import time
from pathlib import Path

import pandas as pd

from dominosa_lab.experiments.census import (
    arrangements,
    census_chunk,
    census_chunks,
    merge_census,
)
from dominosa_lab.experiments.chunks import Chunk, run_chunks
from dominosa_lab.experiments.executors import open_executor
from dominosa_lab.experiments.sampled import count_chunk, sample_chunks
from dominosa_lab.tilings.count import count_tilings

RESULTS = Path(__file__).parent / "results"
#: The workload: planted double-8 boards counted to two, in chunks of 50.
WORK = {"kind": "planted", "n": 8, "boards": 800, "chunk": 50}
#: (executor, workers) pairs measured.
SETUPS = [("serial", 1), ("processes", 1), ("processes", 2), ("dask", 1), ("dask", 2)]
#: Cluster sizes for the N = 3 estimate.
CLUSTERS = (2, 8, 32, 128)


def _chunks() -> list[Chunk]:
    return sample_chunks(WORK["kind"], WORK["n"], WORK["boards"], WORK["chunk"], None)


def throughput_rows() -> list[dict]:
    """Boards per second of each executor and worker count on the same boards."""
    rows = []
    for kind, workers in SETUPS:
        start = time.perf_counter()
        with open_executor(kind, workers=workers) as pool:
            run_chunks(count_chunk, _chunks()[:2], pool, progress=False)  # warm the workers
            ready = time.perf_counter()
            results = run_chunks(count_chunk, _chunks(), pool, progress=False)
            done = time.perf_counter()
        solver = sum(r["seconds"] for r in results.values())
        rows.append({"executor": kind, "workers": workers, "boards": WORK["boards"],
                     "start s": round(ready - start, 2), "wall s": round(done - ready, 2),
                     "solver s": round(solver, 2),
                     "boards/s": round(WORK["boards"] / (done - ready), 1)})
    frame = pd.DataFrame(rows)
    frame["speed-up"] = (frame["boards/s"] / frame["boards/s"].iloc[0]).round(2)
    return frame.to_dict("records")


def census_rows() -> tuple[list[dict], str]:
    """The N = 3 census in one process, and the cluster it would take to go faster (and N = 4)."""
    results, times = {}, []
    for chunk in census_chunks(3):  # CPU seconds: on a shared machine, wall time measures the load
        start = time.process_time()
        results[chunk.id] = census_chunk(chunk.payload)
        times.append(time.process_time() - start)
    result = merge_census(3, results)
    result.check()
    seconds, slowest = sum(times), max(times)
    # no schedule beats max(total / w, slowest chunk); greedy list scheduling stays under
    # total / w + slowest chunk (Graham), whatever order the chunks finish in
    rows = [{"workers": w, "at best s": round(max(seconds / w, slowest), 2),
             "at worst s": round(seconds / w + slowest, 2)} for w in CLUSTERS]
    canonical3 = arrangements(3) // math.factorial(4)
    nodes_per_board = result.nodes / canonical3
    canonical4 = arrangements(4) // math.factorial(5)
    words = math.ceil(count_tilings((5, 6)) / 64)
    core_seconds4 = canonical4 * nodes_per_board * words / 2 / (result.nodes / seconds)
    note = (f"N = 3 census: {seconds:.1f} CPU s in one process ({len(times)} chunks, the slowest "
            f"{slowest:.2f} s), {result.nodes:,} cells filled "
            f"({result.nodes / seconds / 1e6:.1f} M/s), {nodes_per_board:.2f} per canonical "
            f"arrangement. N = 4: {canonical4:.3g} canonical arrangements and "
            f"{count_tilings((5, 6))} tilings ({words} words a mask instead of 2): at the same "
            f"cells per arrangement and cost per word, about {core_seconds4 / 3.15e7:.3g} "
            "core-years, out of reach of any cluster.")
    return rows, note


def main() -> None:
    """Run the benchmark and write its tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-census", action="store_true", help="skip the N = 3 census")
    args = parser.parse_args()
    throughput = pd.DataFrame(throughput_rows())
    RESULTS.mkdir(exist_ok=True)
    throughput.to_csv(RESULTS / "sweep.csv", index=False)
    machine = (f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores shared "
               f"with other jobs (load average {os.getloadavg()[0]:.1f} at the end)")
    text = (f"# Sweep scaling\n\n{machine}.\n\n{WORK['boards']} planted double-{WORK['n']} "
            f"boards counted to two by the default solver, in chunks of {WORK['chunk']}; "
            "`start s` is the executor's start and one warm-up round, `wall s` the work.\n\n"
            "```\n" + throughput.to_string(index=False) + "\n```\n")
    if not args.no_census:
        rows, note = census_rows()
        text += ("\n## The exact N = 3 census on a cluster\n\n" + note + "\n\n"
                 "Estimated wall time on w idle cores, without start-up and transfer "
                 "(a few seconds for Dask):\n\n```\n" + pd.DataFrame(rows).to_string(index=False)
                 + "\n```\n")
    (RESULTS / "sweep.md").write_text(text)
    print(text)


if __name__ == "__main__":
    main()
