"""Boards with many solutions, found by climbing: swap two numbers, keep the swap if no worse.

Caviness asks for the largest number of solutions a board of given size can
have. Up to N = 3 the census answers exactly; beyond, this search gives a lower
bound with a board that reaches it. A climb starts from a planted board
(:func:`~dominosa_lab.random_puzzle`: planted boards are drawn in proportion to
their number of solutions, so they start high), swaps the numbers of two
random cells, counts all solutions with the library's default solver and keeps
the swap when the count does not fall (sideways moves let it cross plateaus).
Each count has a node budget; a swap whose count the budget stops is undone,
so every count reported is exact. Each climb is one chunk of a sweep.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from dominosa_lab.boards.planted import random_puzzle
from dominosa_lab.core.puzzle import Puzzle
from dominosa_lab.experiments.chunks import Chunk, ChunkStore, run_chunks
from dominosa_lab.experiments.executors import ExecutorChoice, Workers
from dominosa_lab.formats.tatham import to_tatham
from dominosa_lab.solvers import DEFAULT_METHOD, count_solutions

__all__ = ["climb", "largest_found"]


def climb(payload: tuple[int, int, int, int]) -> dict[str, Any]:
    """One climb ``(n, seed, steps, max_nodes)``: the best board found and its count.

    Returns ``solutions`` (exact), ``board`` (a Tatham game id), ``start`` (the
    planted board's count), ``counted`` (counts made) and ``over_budget``
    (swaps undone because the budget stopped their count).

    Examples
    --------
    >>> r = climb((2, 0, 200, 100_000))
    >>> r["solutions"] >= r["start"], r["counted"] <= 201
    (True, True)
    """
    n, seed, steps, max_nodes = payload
    puzzle = random_puzzle(n, seed=seed).puzzle
    grid = np.array(puzzle.rows)
    rng = np.random.default_rng(seed)
    best = start = int(count_solutions(puzzle, max_nodes=max_nodes))
    counted, over = 1, 0
    for _ in range(steps):
        a, b = (divmod(int(i), n + 2) for i in rng.choice(grid.size, 2, replace=False))
        if grid[a] == grid[b]:
            continue
        grid[a], grid[b] = grid[b], grid[a]
        found = count_solutions(Puzzle(grid.tolist(), max_pip=n), max_nodes=max_nodes)
        counted += 1
        over += not found.exact
        if found.exact and found >= best:
            best = int(found)
        else:
            grid[a], grid[b] = grid[b], grid[a]
    board = to_tatham(Puzzle(grid.tolist(), max_pip=n))
    return {"n": n, "seed": seed, "solutions": best, "board": board, "start": start,
            "counted": counted, "over_budget": over}


def largest_found(
    ns: Iterable[int],
    climbs: int = 4,
    steps: int = 400,
    max_nodes: int = 2_000_000,
    executor: ExecutorChoice | Workers = None,
    store: str | Path | None = None,
    progress: bool = True,
) -> pd.DataFrame:
    """``climbs`` climbs of ``steps`` swaps for each N; one row per climb (see :func:`climb`).

    Climb ``i`` of N starts from ``random_puzzle(N, seed=i)`` and draws its swaps
    from seed ``i``, so the table is the same on every executor. With a
    ``store`` folder, finished climbs are kept there, under ``steps``,
    ``max_nodes`` and the default solver method as the store's settings.
    """
    settings = {"steps": steps, "max_nodes": max_nodes, "method": DEFAULT_METHOD}
    store = None if store is None else ChunkStore(store, settings)
    chunks = [Chunk(f"climb-n{n}-s{seed}", (n, seed, steps, max_nodes), steps)
              for n in ns for seed in range(climbs)]
    results = run_chunks(climb, chunks, executor, store=store, progress=progress,
                         desc="climbs", unit="swaps")
    return pd.DataFrame([results[c.id] for c in chunks])
