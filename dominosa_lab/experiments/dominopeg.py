"""DominoPeg (notebook 05): the seed's boards by both searches, and the census of all patterns."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import numpy as np
import pandas as pd

from dominosa_lab import dominopeg as peg
from dominosa_lab.dominopeg.hole_census import census_chunks, finish_chunk, tally
from dominosa_lab.experiments.chunks import Chunk, run_chunks
from dominosa_lab.experiments.executors import ExecutorChoice, Workers
from dominosa_lab.experiments.sweep import save_results

__all__ = ["DOMINOPEG_BOARDS", "dominopeg_census", "dominopeg_runs", "peg_census"]


#: The seed's three boards (the last one has six holes) and the 5-hole subsets of the last.
DOMINOPEG_BOARDS = {
    "seed": ((0, 10, 20, 24, 28), (0, 7, 14, 21, 28), (25, 26, 27, 32, 33, 34)),
    "subsets": tuple(combinations((25, 26, 27, 32, 33, 34), 5)),
    "naive_budget": 5_000_000,
}


def dominopeg_runs(out: str | Path = "results", executor: ExecutorChoice | Workers = None) -> Path:
    """The seed's search and exact cover on its boards; exact cover on the 5-hole subsets.

    The seed's search stops at its first solution (or at ``naive_budget``
    placements); exact cover (on dancing links, whose counts notebook 05 discusses)
    finds the first, and all where that is quick. They run in this process,
    whatever ``executor`` is given.
    """
    seed_boards, subsets = DOMINOPEG_BOARDS["seed"], DOMINOPEG_BOARDS["subsets"]
    rows = []
    for holes in seed_boards:
        tally: dict[str, int] = {}
        result = peg.solve_naive(peg.PegBoard(holes), max_nodes=DOMINOPEG_BOARDS["naive_budget"],
                                 tally=tally)
        rows.append(_peg_row(holes, result, limit=1, tested=tally["tested"]))
        rows.append(_peg_row(holes, peg.solve(peg.PegBoard(holes), engine="dlx"), limit=1))
    for holes in (seed_boards[1], *subsets):
        rows.append(_peg_row(holes, peg.solve(peg.PegBoard(holes), limit=None, engine="dlx"),
                             limit=None))
    return save_results(pd.DataFrame(rows), out, "dominopeg_runs")


def _peg_row(holes: tuple[int, ...], result, limit: int | None, tested: int | None = None) -> dict:
    """One run of a DominoPeg solver as a results row."""
    stats = result.stats
    return {
        "puzzle": " ".join(map(str, holes)), "n": len(holes), "method": result.method,
        "order": result.settings.get("order", ""), "seed": None, "status": result.status,
        "nodes": stats.nodes, "backtracks": stats.backtracks, "max_depth": stats.max_depth,
        "seconds": stats.seconds, "solutions": len(result.solutions),
        "limit": "all" if limit is None else limit, "tested": tested, "reason": result.reason,
    }


def peg_census(executor: ExecutorChoice | Workers = None, progress: bool = True) -> np.ndarray:
    """The DominoPeg census (:func:`dominosa_lab.dominopeg.census`) with its chunks on an executor.

    The chunks go through :func:`~dominosa_lab.experiments.chunks.run_chunks`,
    named by the pegs of their first two columns, and are added up by
    :func:`~dominosa_lab.dominopeg.hole_census.tally`: the counts are those of the
    serial census, whatever the executor and the order of completion.
    """
    chunks = {f"pegs-{c.pegs}": c for c in census_chunks()}
    work = [Chunk(name, (c.keys, c.counts), len(c.keys)) for name, c in chunks.items()]
    results = run_chunks(finish_chunk, work, executor, progress=progress,
                         desc="DominoPeg census", unit="states")
    return tally((chunks[name], results[name]) for name in chunks)


def dominopeg_census(
    out: str | Path = "results", executor: ExecutorChoice | Workers = None
) -> Path:
    """Every 5-hole pattern's number of solutions, one row per symmetry orbit of patterns.

    Columns: ``holes`` (the orbit's smallest pattern), ``patterns`` (orbit size),
    ``solutions`` (of each pattern in the orbit), ``up_to_symmetry`` (solutions of
    one pattern counted once per symmetry class; no solution is symmetric itself).
    """
    counts = peg_census(executor)
    frame = pd.DataFrame(peg.orbit_table(counts), columns=["holes", "patterns", "solutions"])
    frame["holes"] = frame["holes"].map(lambda h: " ".join(map(str, h)))
    frame["up_to_symmetry"] = frame["solutions"] * frame["patterns"] // 4
    return save_results(frame, out, "dominopeg_census")
