"""The census by sampling, for any N: solvable and unique fractions with 95% intervals.

Two kinds of board (:data:`KINDS`): ``shuffled`` (every arrangement of the
numbers equally likely, :func:`~dominosa_lab.boards.shuffled.shuffled_puzzle`)
and ``planted`` (a random set on a uniformly random tiling,
:func:`~dominosa_lab.random_puzzle`). Board ``i`` of a kind and N is made from
seed ``i``, so every sample is reproducible and no seed is used twice.
Each board is counted to two with the library's default solver,
``count_solutions(board, limit=2)``: none, one, or several solutions.

**Sample sizes.** The target is an interval of at most ``+- half_width`` on
every fraction. A first round of ``pilot`` boards per (kind, N); then, while a
fraction's Wilson interval is wider, its (kind, N) is topped up to
:func:`~dominosa_lab.experiments.summary.sample_size` at the interval's end
nearest 1/2 (a pessimistic guess of the fraction), and checked again. All
(kind, N) of a round go out together, in chunks of ``chunk`` consecutive seeds
(:func:`~dominosa_lab.experiments.chunks.run_chunks`); with a store, a stopped
run picks up where it was.

A count the time limit stops is kept apart (``stopped``), and the interval is
widened to cover both outcomes: its low end counts the board as a miss, its
high end as a hit.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

import pandas as pd

from dominosa_lab.boards.planted import random_puzzle
from dominosa_lab.boards.shuffled import shuffled_puzzle
from dominosa_lab.core.puzzle import Puzzle
from dominosa_lab.errors import ArgumentError
from dominosa_lab.experiments.chunks import Chunk, ChunkStore, run_chunks
from dominosa_lab.experiments.executors import ExecutorChoice, Workers, open_executor
from dominosa_lab.experiments.summary import proportion_interval, sample_size
from dominosa_lab.solvers import DEFAULT_METHOD, count_solutions

__all__ = ["KINDS", "OUTCOMES", "count_chunk", "estimate", "sample_census", "sample_chunks"]

#: The boards sampled, by kind: ``maker(n, seed) -> Puzzle``.
KINDS: dict[str, Callable[[int, int], Puzzle]] = {
    "shuffled": lambda n, seed: shuffled_puzzle(n, seed=seed),
    "planted": lambda n, seed: random_puzzle(n, seed=seed).puzzle,
}

#: What a count to two can say about a board.
OUTCOMES = ("none", "one", "several", "stopped")


def count_chunk(payload: tuple[str, int, int, int, float | None]) -> dict[str, Any]:
    """Count boards ``first .. first + count - 1`` of a kind and N to two solutions.

    Returns the number of boards per outcome of :data:`OUTCOMES` and the
    seconds the solver spent on them.
    """
    kind, n, first, count, time_limit = payload
    tally: dict[str, Any] = dict.fromkeys(OUTCOMES, 0)
    tally["seconds"] = 0.0
    for seed in range(first, first + count):
        found = count_solutions(KINDS[kind](n, seed), limit=2, time_limit=time_limit)
        outcome = OUTCOMES[min(int(found), 2)] if found.exact or found == 2 else "stopped"
        tally[outcome] += 1
        tally["seconds"] += found.stats.seconds
    return tally


def estimate(tally: Mapping[str, int]) -> dict[str, float]:
    """The solvable and unique fractions of a tally, with their 95% Wilson intervals.

    Examples
    --------
    >>> e = estimate({"none": 600, "one": 64, "several": 336, "stopped": 0})
    >>> e["solvable"], round(e["unique_low"], 4), round(e["unique_high"], 4)
    (0.4, 0.0504, 0.0809)
    """
    boards = sum(tally[o] for o in OUTCOMES)
    stopped = tally["stopped"]
    row: dict[str, float] = {}
    for name, hits in (("solvable", tally["one"] + tally["several"]), ("unique", tally["one"])):
        row[name] = hits / boards
        row[f"{name}_low"] = proportion_interval(hits, boards).low
        row[f"{name}_high"] = proportion_interval(hits + stopped, boards).high
    return row


def _widest(tally: Mapping[str, int]) -> tuple[float, float]:
    """The largest half width of the two intervals, and the end of it nearest 1/2."""
    e = estimate(tally)
    widths = []
    for name in ("solvable", "unique"):
        low, high = e[f"{name}_low"], e[f"{name}_high"]
        widths.append(((high - low) / 2, min((low, high), key=lambda v: abs(v - 0.5))))
    return max(widths)


def sample_chunks(
    kind: str, n: int, boards: int, chunk: int, time_limit: float | None
) -> list[Chunk]:
    """The chunks for :func:`count_chunk` of boards ``0 .. boards - 1``, ``chunk`` seeds each.

    Examples
    --------
    >>> [c.id for c in sample_chunks("planted", 8, 200, 100, None)]
    ['planted-n8-s0-100', 'planted-n8-s100-200']
    """
    return [Chunk(f"{kind}-n{n}-s{first}-{first + chunk}", (kind, n, first, chunk, time_limit),
                  chunk) for first in range(0, boards, chunk)]


def sample_census(
    ns: Mapping[str, Iterable[int]],
    half_width: float = 0.01,
    pilot: int = 1000,
    chunk: int = 100,
    time_limit: float | None = 600.0,
    executor: ExecutorChoice | Workers = None,
    store: str | Path | None = None,
    progress: bool = True,
) -> pd.DataFrame:
    """Sample each kind at each N until every interval is at most ``+- half_width``.

    Parameters
    ----------
    ns : mapping
        For each kind of :data:`KINDS`, the N to sample.
    half_width : float
        The widest interval allowed, each side of the estimate (0.01: one percentage point).
    pilot : int
        Boards per kind and N in the first round (a multiple of ``chunk``).
    chunk : int
        Boards per task.
    time_limit : float or None
        Seconds the solver may spend on one board.
    executor, progress
        As for :func:`~dominosa_lab.experiments.chunks.run_chunks`.
    store : folder, optional
        Keep the finished chunks there, with ``time_limit`` and the default
        solver method as the :class:`~dominosa_lab.experiments.chunks.ChunkStore`'s settings.

    Returns
    -------
    pandas.DataFrame
        One row per kind and N: ``boards``, the outcome counts, solver
        ``seconds``, and each fraction with ``_low`` and ``_high`` ends.

    Examples
    --------
    >>> t = sample_census({"shuffled": [1]}, pilot=400, executor="serial", progress=False)
    >>> print(t[["kind", "n", "boards", "none", "one", "several"]].to_string(index=False))
        kind  n  boards  none  one  several
    shuffled  1    7300   685 1529     5086
    >>> bool(t.unique_high[0] - t.unique_low[0] <= 0.02)
    True
    """
    if pilot % chunk or pilot <= 0:
        raise ArgumentError(f"pilot ({pilot}) must be a positive multiple of chunk ({chunk})")
    for kind in ns:
        if kind not in KINDS:
            raise ArgumentError(f"no board kind {kind!r}; choose from {', '.join(KINDS)}")
    if store is not None:
        store = ChunkStore(store, {"time_limit": time_limit, "method": DEFAULT_METHOD})
    targets = {(kind, n): pilot for kind, values in ns.items() for n in values}
    results: dict[str, dict[str, Any]] = {}
    with open_executor(executor) as workers:
        while True:
            chunks = [c for (kind, n), boards in targets.items()
                      for c in sample_chunks(kind, n, boards, chunk, time_limit)
                      if c.id not in results]
            if not chunks:
                break
            results.update(run_chunks(count_chunk, chunks, workers, store=store,
                                      progress=progress, desc="sampled census", unit="boards"))
            for key, boards in targets.items():
                width, p = _widest(_tally(results, *key, boards, chunk, time_limit))
                if width > half_width:
                    more = max(sample_size(p, half_width), boards + chunk)
                    targets[key] = math.ceil(more / chunk) * chunk
    rows = []
    for (kind, n), boards in targets.items():
        tally = _tally(results, kind, n, boards, chunk, time_limit)
        rows.append({"kind": kind, "n": n, "boards": boards, **tally, **estimate(tally)})
    return pd.DataFrame(rows)


def _tally(results: Mapping[str, Mapping[str, Any]], kind: str, n: int, boards: int, chunk: int,
           time_limit: float | None) -> dict[str, Any]:
    """The outcome counts of boards ``0 .. boards - 1`` of a kind and N, added chunk by chunk."""
    total: dict[str, Any] = dict.fromkeys((*OUTCOMES, "seconds"), 0)
    for c in sample_chunks(kind, n, boards, chunk, time_limit):
        for key in total:
            total[key] += results[c.id][key]
    return total
