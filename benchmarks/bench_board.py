"""The board model's cost: time and memory to build it, and its size, as the board grows.

Run: ``python benchmarks/bench_board.py [--sizes 25 50 100 200]``.

Per N (a random double-N board, seed 0) it measures, each from a cold start:

* ``board_model(puzzle)``: seconds and peak memory (``tracemalloc``), and the total length
  of its arrays, which grows with the number of squares, not with its square;
* ``cover_arrays("tatham")``, the flat arrays the compiled engine reads;
* the Tatham view's bit sets of the squares (what the deductions read), made on first use:
  kept as Python ``int`` s up to ``KEEP_BITS_MAX`` placements (their memory grows as
  squares x placements there), above it as member lists that build each set when read.

Writes ``benchmarks/results/board.md``.
"""

from __future__ import annotations

import argparse
import time
import tracemalloc
from pathlib import Path

from dominosa_lab import random_puzzle
from dominosa_lab.core.board import BoardModel
from dominosa_lab.logic.geometry import Geometry

OUT = Path(__file__).parent / "results" / "board.md"


def measure(build):
    """Seconds and peak MB of ``build()``, and its result."""
    tracemalloc.start()
    start = time.perf_counter()
    out = build()
    seconds = time.perf_counter() - start
    peak = tracemalloc.get_traced_memory()[1] / 1e6
    tracemalloc.stop()
    return out, seconds, peak


def row(n: int) -> str:
    """One table row for a double-n board."""
    puzzle = random_puzzle(n, seed=0).puzzle
    model, seconds, peak = measure(lambda: BoardModel(puzzle))
    _, cover_s, cover_mb = measure(lambda: model.cover_arrays("tatham"))
    geometry = Geometry(puzzle)
    _, bits_s, bits_mb = measure(lambda: geometry.cell_mask)
    return (f"| {n} | {model.n_squares} | {model.n_placements} | {model.n_entries} | "
            f"{seconds:.3f} | {peak:.1f} | {cover_s:.3f} | {cover_mb:.1f} | {bits_s:.2f} | "
            f"{bits_mb:.0f} |")


def main() -> None:
    """Measure the sizes asked for and write the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[25, 50, 100, 200])
    args = parser.parse_args()
    lines = ["| N | squares | placements | array entries | model s | model MB | cover s | "
             "cover MB | square bit sets s | bit sets MB |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    lines += [row(n) for n in args.sizes]
    OUT.write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
