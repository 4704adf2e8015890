"""The blocked-option rule's table: the same search, how much faster, and from what size.

Run: ``python benchmarks/bench_rule_table.py``. The table (``solvers.fast.rule.rule_table``) only
skips tests of the rule that cannot fire, so the counters must not change; this script
checks that they do not and measures, in one run with the two versions alternated:

* counting to two on 10 random planted boards per N (median over boards of the best of
  five runs), with the table and without: where the table starts to pay, which sets
  ``rule_table_min``;
* the first million nodes of two N = 60 boards, in microseconds per node.

Writes ``benchmarks/results/rule_table.md``.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from dominosa_lab import random_puzzle, solve
from dominosa_lab.solvers.engine import rule
from dominosa_lab.solvers.engine.settings import SETTINGS
from dominosa_lab.solvers.fast import first_solution_counts
from dominosa_lab.solvers.fast.dominosa import DominosaCover

RESULTS = Path(__file__).parent / "results"
SIZES = (6, 10, 15, 20, 25, 30, 40)
LARGE = (1000, 1001)
NODES = 1_000_000
ROUNDS = 3


def table(on: bool) -> None:
    """Build the table on every model (on) or on none."""
    rule.SETTINGS = SETTINGS._replace(rule_table_min=0 if on else 1 << 62)


def count_seconds(n: int) -> float:
    """Median over 10 boards of the best of five counts to two, in seconds."""
    best = []
    for k in range(10):
        board = random_puzzle(n, seed=1000 + k).puzzle
        times = []
        for _ in range(5):
            start = time.perf_counter()
            solve(board, limit=2)
            times.append(time.perf_counter() - start)
        best.append(min(times))
    return statistics.median(best)


def large_run(seed: int) -> tuple[dict, float]:
    """Counters and microseconds per node over the first NODES nodes of an N = 60 board."""
    board = random_puzzle(60, seed=seed).puzzle
    start = time.perf_counter()
    counts = first_solution_counts(board, max_nodes=NODES)
    return counts, (time.perf_counter() - start) / counts["nodes"] * 1e6


def main() -> None:
    """Measure, check the counters, print and write the table."""
    solve(random_puzzle(10, seed=0).puzzle, limit=2)  # kernels loaded
    lines = ["# The blocked-option rule's table", "",
             "Counting to two, median over 10 boards of the best of five (microseconds):", "",
             "| N | options | without table | with table | ratio |", "|---|---|---|---|---|"]
    for n in SIZES:
        times = {True: [], False: []}
        for _ in range(ROUNDS):
            for on in (False, True):
                table(on)
                times[on].append(count_seconds(n))
        off, on = min(times[False]) * 1e6, min(times[True]) * 1e6
        options = DominosaCover(random_puzzle(n, seed=1000).puzzle).model.n_options
        lines.append(f"| {n} | {options} | {off:.0f} | {on:.0f} | {off / on:.2f} |")
        print(lines[-1], flush=True)
    lines += ["", f"First {NODES:,} nodes at N = 60 (microseconds per node, {ROUNDS} rounds "
              "alternated):", "", "| seed | without table | with table | counters equal |",
              "|---|---|---|---|"]
    for seed in LARGE:
        per = {True: [], False: []}
        counters = {}
        for _ in range(ROUNDS):
            for on in (False, True):
                table(on)
                counters[on], rate = large_run(seed)
                per[on].append(rate)
        lines.append(f"| {seed} | {min(per[False]):.2f}-{max(per[False]):.2f} | "
                     f"{min(per[True]):.2f}-{max(per[True]):.2f} | "
                     f"{counters[False] == counters[True]} |")
        print(lines[-1], flush=True)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "rule_table.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
