"""How many solutions random planted boards have: exact counts by components, over N and seeds.

Each board ``random_puzzle(N, seed=seed).puzzle`` is counted by
:func:`~dominosa_lab.solvers.run.count_solutions` (no limit: components, exact) within a time
limit; a board the limit stops is kept with ``status="stopped"`` and no count, so a table says
how many boards of each N were counted.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pandas as pd

from dominosa_lab.boards.planted import random_puzzle
from dominosa_lab.experiments.chunks import Chunk, run_chunks
from dominosa_lab.experiments.executors import ExecutorChoice, Workers
from dominosa_lab.experiments.sweep import save_results
from dominosa_lab.solvers import count_solutions

__all__ = ["COUNTING", "count_board", "counting_planted", "planted_counts"]

#: The sizes, boards per size and seconds per count of ``dominosa-lab experiment
#: counting-planted``.
COUNTING = {"ns": (2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 35, 40, 50, 60, 80, 100),
            "boards": 24, "time_limit": 120.0}


def count_board(payload: tuple[int, int, float]) -> dict[str, Any]:
    """One count ``(n, seed, time_limit)``: ``solutions`` (exact; None when stopped),
    ``log2_solutions``, ``status``, ``nodes``, ``seconds``.

    Examples
    --------
    >>> count_board((3, 1, 10.0))["solutions"]
    6
    """
    n, seed, time_limit = payload
    count = count_solutions(random_puzzle(n, seed=seed).puzzle, time_limit=time_limit)
    exact = count.status != "stopped"
    return {"n": n, "seed": seed, "status": count.status,
            "solutions": int(count) if exact else None,
            "log2_solutions": math.log2(count) if exact and count else None,
            "nodes": count.stats.nodes, "seconds": count.stats.seconds}


def planted_counts(ns, boards: int, time_limit: float, executor: ExecutorChoice | Workers = None,
                   progress: bool = True) -> pd.DataFrame:
    """One row per board (seeds 0 to ``boards - 1`` of each N), as :func:`count_board`."""
    chunks = [Chunk(f"count-n{n}-s{seed}", (n, seed, time_limit), 1)
              for n in ns for seed in range(boards)]
    results = run_chunks(count_board, chunks, executor, progress=progress, desc="boards",
                         unit="board")
    return pd.DataFrame([results[c.id] for c in chunks])


def counting_planted(out: str | Path = "results",
                     executor: ExecutorChoice | Workers = None) -> Path:
    """One row per planted board: N, seed, its exact number of solutions (or stopped)."""
    table = planted_counts(COUNTING["ns"], COUNTING["boards"], COUNTING["time_limit"], executor)
    return save_results(table, out, "counting-planted")
