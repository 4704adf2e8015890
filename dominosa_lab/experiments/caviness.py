"""Caviness's open questions (notebook 07): the census exactly, by sampling, and its extremes.

Three experiments, each a sweep through
:func:`~dominosa_lab.experiments.chunks.run_chunks` on any executor, each
keeping its finished chunks in ``out/chunks/NAME/`` so that a stopped run
picks up where it was:

* ``caviness-census``: the exact census for N = 1, 2, 3 (``A_k`` for every k);
* ``caviness-sampled``: the solvable and unique fractions of shuffled and
  planted boards for larger N, each within +- 1 percentage point (95%);
* ``caviness-largest``: boards with many solutions, found by climbing.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from dominosa_lab.experiments.census import census
from dominosa_lab.experiments.executors import ExecutorChoice, Workers
from dominosa_lab.experiments.largest import largest_found
from dominosa_lab.experiments.sampled import sample_census
from dominosa_lab.experiments.sweep import save_results
from dominosa_lab.formats.tatham import to_tatham

__all__ = ["CAVINESS", "caviness_census", "caviness_largest", "caviness_sampled"]

#: The settings of the three experiments. Planted boards stop at N = 40, where a count to
#: two takes about a tenth of a second; the climbs count by components (a few milliseconds a
#: count up to N = 15), so each takes 4,000 swaps.
CAVINESS = {
    "census_ns": (1, 2, 3),
    "sampled_ns": {"shuffled": range(1, 31), "planted": range(1, 41)},
    "half_width": 0.01,
    "pilot": 1000,
    "chunk": 100,
    "time_limit": 600.0,
    "largest_ns": range(1, 16),
    "climbs": 4,
    "steps": 4000,
    "max_nodes": 2_000_000,
}


def _store(out: str | Path, name: str) -> Path:
    return Path(out) / "chunks" / name


def caviness_census(
    out: str | Path = "results", executor: ExecutorChoice | Workers = None
) -> Path:
    """``A_k`` for every N = 1..3 and k; the row of the largest k carries a board that has it."""
    rows = []
    for n in CAVINESS["census_ns"]:
        result = census(n, executor, store=_store(out, "caviness-census"))
        for k, boards in result.counts.items():
            example = to_tatham(result.example) if k == result.max_k else ""
            rows.append({"n": n, "k": k, "boards": boards, "example": example})
    return save_results(pd.DataFrame(rows), out, "caviness-census")


def caviness_sampled(
    out: str | Path = "results", executor: ExecutorChoice | Workers = None
) -> Path:
    """Solvable and unique fractions with 95% Wilson intervals, per kind of board and N."""
    table = sample_census(CAVINESS["sampled_ns"], CAVINESS["half_width"], CAVINESS["pilot"],
                          CAVINESS["chunk"], CAVINESS["time_limit"], executor,
                          store=_store(out, "caviness-sampled"))
    return save_results(table, out, "caviness-sampled")


def caviness_largest(
    out: str | Path = "results", executor: ExecutorChoice | Workers = None
) -> Path:
    """One row per climb: N, seed, the exact count reached and the board (a Tatham id)."""
    table = largest_found(CAVINESS["largest_ns"], CAVINESS["climbs"], CAVINESS["steps"],
                          CAVINESS["max_nodes"], executor,
                          store=_store(out, "caviness-largest"))
    return save_results(table, out, "caviness-largest")
