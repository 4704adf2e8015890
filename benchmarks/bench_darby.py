"""How fast Darby's generator and his domino-by-domino search run.

Run: ``python benchmarks/bench_darby.py`` (add ``--quick`` for fewer boards).
Prints the time per tiling of the ``parity`` sampler against the exact
``uniform`` one on boards N = 3..8, and, for ``dominowise`` in each order, the
median nodes, median milliseconds and nodes per second over random boards
N = 5..8 (serially, with a node budget; the notebook's sweep ran in a process
pool on a shared machine, so its seconds are noisier than these).
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import time

import numpy as np

from dominosa_lab import solve
from dominosa_lab.boards.planted import random_puzzle
from dominosa_lab.tilings import board_mask
from dominosa_lab.tilings.sample import SAMPLERS

ORDERS = ("given", "fewest", "dynamic")
BUDGET = 300_000


def bench_samplers(tilings: int) -> None:
    """Milliseconds per tiling, parity against uniform (parity counts its dead-end builds)."""
    print("milliseconds per tiling (median)")
    print(f"{'N':>3} {'board':>6} {'uniform':>9} {'parity':>9}")
    for n in range(3, 9):
        mask = board_mask((n + 1, n + 2))
        cells = []
        for name in ("uniform", "parity"):
            times = []
            for seed in range(tilings):
                start = time.perf_counter()
                with contextlib.suppress(ValueError):  # parity may dead-end ten times
                    SAMPLERS[name](mask, np.random.default_rng(seed))
                times.append(time.perf_counter() - start)
            cells.append(f"{1000 * statistics.median(times):>9.2f}")
        print(f"{n:>3} {f'{n + 1}x{n + 2}':>6} {' '.join(cells)}")


def bench_orders(boards: int) -> None:
    """dominowise per order: median nodes, median ms and nodes per second."""
    print(f"\ndominowise, first solution, budget {BUDGET} nodes, {boards} boards per N")
    print(f"{'N':>3} {'order':>8} {'nodes':>9} {'ms':>9} {'nodes/s':>9} {'stopped':>8}")
    for n in range(5, 9):
        puzzles = [random_puzzle(n, seed=seed).puzzle for seed in range(boards)]
        for order in ORDERS:
            results = [solve(p, method="dominowise", order=order, max_nodes=BUDGET)
                       for p in puzzles]
            nodes = [r.stats.nodes for r in results]
            seconds = [r.stats.seconds for r in results]
            rate = sum(nodes) / sum(seconds)
            stopped = sum(r.status == "stopped" for r in results)
            print(f"{n:>3} {order:>8} {statistics.median(nodes):>9.0f} "
                  f"{1000 * statistics.median(seconds):>9.2f} {rate:>9.0f} {stopped:>8}")


def main() -> None:
    """Run both benchmarks."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer tilings and boards")
    args = parser.parse_args()
    bench_samplers(20 if args.quick else 100)
    bench_orders(5 if args.quick else 20)


if __name__ == "__main__":
    main()
