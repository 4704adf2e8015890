"""How fast random boards are made and tilings are counted.

Run: ``python benchmarks/bench_generate.py`` (add ``--quick`` for fewer repeats).
Prints the median and worst time of ``random_puzzle`` for N = 10..60, the time of
each exact sampler, and the time of ``count_tilings`` and ``kasteleyn_count`` on
rectangles whose shorter side is 2..16.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import numpy as np

from dominosa_lab.boards.planted import random_puzzle
from dominosa_lab.tilings import board_mask, count_tilings, kasteleyn_count
from dominosa_lab.tilings.sample import temperley_tiling, transfer_tiling


def timed(fn: Callable[[], object], repeats: int) -> tuple[float, float]:
    """Median and worst wall time of ``repeats`` calls."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), max(times)


def bench_random_puzzle(repeats: int) -> None:
    """random_puzzle(n, seed=seed) for N = 10..60, a new seed each call."""
    print("random_puzzle(n, seed=seed): (N+1) x (N+2) board, uniform tiling (Temperley-Wilson)")
    print(f"{'N':>4} {'board':>8} {'median s':>10} {'worst s':>10}")
    for n in range(10, 61, 10):
        seeds = iter(range(10**6))
        median, worst = timed(lambda n=n, seeds=seeds: random_puzzle(n, seed=next(seeds)), repeats)
        print(f"{n:>4} {f'{n + 1}x{n + 2}':>8} {median:>10.4f} {worst:>10.4f}")


def bench_samplers(repeats: int) -> None:
    """The two exact samplers alone, on boards both can take and on N = 60."""
    print("\nexact samplers alone (median s)")
    print(f"{'board':>8} {'temperley':>10} {'transfer':>10}")
    rng = np.random.default_rng(0)
    for shape in [(11, 12), (15, 16), (16, 17), (61, 62)]:
        mask = board_mask(shape)
        t = timed(lambda m=mask: temperley_tiling(m, rng), repeats)[0]
        if min(shape) <= 16:
            s = f"{timed(lambda m=mask: transfer_tiling(m, rng), repeats)[0]:>10.4f}"
        else:
            s = f"{'(2**61)':>10}"
        print(f"{f'{shape[0]}x{shape[1]}':>8} {t:>10.4f} {s}")


def bench_counts(repeats: int) -> None:
    """count_tilings and kasteleyn_count on w x (w + 1) rectangles, w = 2..16."""
    print("\ncount_tilings (transfer matrix) and kasteleyn_count (exact formula), w x (w+1)")
    print(f"{'w':>3} {'count_tilings s':>16} {'kasteleyn s':>12} {'digits':>7}")
    for w in range(2, 17, 2):
        count = count_tilings((w, w + 1))
        assert count == kasteleyn_count(w, w + 1)
        tc = timed(lambda w=w: count_tilings((w, w + 1)), repeats)[0]
        tk = timed(lambda w=w: kasteleyn_count(w, w + 1), repeats)[0]
        print(f"{w:>3} {tc:>16.4f} {tk:>12.5f} {len(str(count)):>7}")
    # The exact count needs one residue system per ~61 bits of answer, so a tall
    # board costs cells x 2**width x (cells / 122): quadratic in its height.
    for height in (32, 64):
        tall = timed(lambda h=height: count_tilings((16, h)), max(1, repeats // 3))[0]
        print(f"count_tilings 16 x {height} ({16 * height} cells): {tall:.3f} s")


def main() -> None:
    """Run every benchmark and print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="3 repeats instead of 9")
    repeats = 3 if parser.parse_args().quick else 9
    bench_random_puzzle(repeats)
    bench_samplers(repeats)
    bench_counts(repeats)


if __name__ == "__main__":
    main()
