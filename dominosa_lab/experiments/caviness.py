"""Caviness's article: its open questions (notebook 07) and its methods' times (notebook 02).

Three experiments answer the open questions, each a sweep through
:func:`~dominosa_lab.experiments.chunks.run_chunks` on any executor, each
keeping its finished chunks in ``out/chunks/NAME/`` so that a stopped run
picks up where it was:

* ``caviness-census``: the exact census for N = 1, 2, 3 (``A_k`` for every k);
* ``caviness-sampled``: the solvable and unique fractions of shuffled and
  planted boards for larger N, each within +- 1 percentage point (95%);
* ``caviness-largest``: boards with many solutions, found by climbing.

A fourth, ``caviness-times``, times every method of the registry on the article's
board m9 and on random boards, in rounds, serially in this process (timings from a
pool of workers sharing the cores would measure the sharing); :func:`time_ratios`
turns it into the ratio of two methods' median times per N with its interval.

Two checks of notebook 02's arguments: :func:`odometer_with_reset` turns the odometer
with the digits right of each increment set back to 1, to compare with the library's
odometer, which never resets them; :func:`planted_estimates` recomputes the census's
estimates from planted boards, with their standard errors, on as many seeds as asked.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import numpy as np
import pandas as pd

from dominosa_lab.core.puzzle import Puzzle
from dominosa_lab.experiments.census import census, mean_solutions
from dominosa_lab.experiments.executors import ExecutorChoice, Workers
from dominosa_lab.experiments.largest import largest_found
from dominosa_lab.experiments.ratios import MedianRatio, median_ratio
from dominosa_lab.experiments.sampled import sample_census
from dominosa_lab.experiments.sweep import random_boards, run_sweep, save_results
from dominosa_lab.formats.catalog import load
from dominosa_lab.formats.tatham import to_tatham
from dominosa_lab.solvers import METHODS
from dominosa_lab.solvers.odometer import ordered_candidates

__all__ = ["CAVINESS", "caviness_census", "caviness_largest", "caviness_sampled",
           "caviness_times", "odometer_with_reset", "planted_estimates", "time_ratios"]

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
    "times_ns": range(3, 9),
    "times_seeds": range(10),
    "times_rounds": 3,
    "times_budget": 300_000,
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


def caviness_times(
    out: str | Path = "results", executor: ExecutorChoice | Workers = None
) -> Path:
    """Every method's time for all solutions of m9 and of random boards, in timed rounds.

    The boards are m9 (``load("caviness-m9")``) and ``random_puzzle(N, seed=seed)`` for N in
    ``CAVINESS["times_ns"]`` and seeds ``CAVINESS["times_seeds"]``; every method of
    :data:`~dominosa_lab.solvers.METHODS` looks for all solutions of each, under a budget of
    ``CAVINESS["times_budget"]`` placements (a run that hits it is ``stopped``, its time a lower
    bound). One untimed round on m9 first lets every method build what it caches; then
    ``CAVINESS["times_rounds"]`` rounds, each a serial sweep (board by board, every method on a
    board in turn, so that a change of load falls on all of them). ``executor`` is unused: the
    runs are timed one at a time in this process. One row per round, board and method (column
    ``round``); the counters are the same in every round, only ``seconds`` differ.
    """
    del executor  # timed serially here: see the docstring
    methods = list(METHODS)
    m9 = load("caviness-m9")
    boards = [m9, *random_boards(CAVINESS["times_ns"], CAVINESS["times_seeds"])]
    options = {"methods": methods, "executor": "serial", "progress": False, "limit": None,
               "max_nodes": CAVINESS["times_budget"]}
    run_sweep([m9], **options)  # warm-up, not recorded
    rounds = []
    for number in range(CAVINESS["times_rounds"]):
        frame = run_sweep(boards, **options)
        frame.insert(0, "round", number)
        rounds.append(frame)
    return save_results(pd.concat(rounds, ignore_index=True), out, "caviness-times")


def time_ratios(times: pd.DataFrame, slower: str, faster: str, by: str = "n") -> pd.DataFrame:
    """How many times ``faster``'s median time ``slower``'s median time is, per group.

    ``times`` is a table like ``caviness-times``: columns ``round``, ``puzzle``, ``method``,
    ``status``, ``seconds`` and ``by``. A board's time is its median over the rounds (its
    status is the same in every round). Per group of ``by``: the boards, each method's median
    time, the ratio ``median(slower) / median(faster)`` with its 95% paired-bootstrap interval
    over the boards (:func:`~dominosa_lab.experiments.ratios.median_ratio`: a ``bound`` of
    "at least" when the budget stopped half or more of ``slower``'s runs), and on how many
    boards ``slower`` took longer (a stopped run took at least its recorded time, so it counts
    as longer when its recorded time already is; ``undecided`` counts boards where the faster
    method's run was stopped and its recorded time exceeds the other's).

    Examples
    --------
    >>> t = pd.DataFrame({"round": 0, "puzzle": list("abcdab"), "n": [3] * 4 + [4] * 2,
    ...                   "method": ["x"] * 4 + ["y"] * 2, "status": "solved",
    ...                   "seconds": [2.0, 4.0, 6.0, 8.0, 1.0, 1.0]})
    >>> t = pd.concat([t, t.assign(method=["y"] * 4 + ["x"] * 2, seconds=1.0)])
    >>> r = time_ratios(t, "x", "y")
    >>> print(r[["boards", "ratio", "low", "longer"]].reset_index().to_string(index=False))
     n  boards  ratio  low  longer
     3       4    5.0  2.0       4
     4       2    1.0  1.0       0
    """
    per_board = (times.assign(stopped=times["status"] == "stopped")
                 .groupby([by, "puzzle", "method"])
                 .agg(seconds=("seconds", "median"), stopped=("stopped", "any"))
                 .reset_index())
    rows = {}
    for key, group in per_board.groupby(by):
        wide = group.pivot(index="puzzle", columns="method", values=["seconds", "stopped"])
        slow = wide["seconds"][slower].to_numpy(float)
        fast = wide["seconds"][faster].to_numpy(float)
        slow_cap = wide["stopped"][slower].to_numpy(bool)
        fast_cap = wide["stopped"][faster].to_numpy(bool)
        ratio: MedianRatio = median_ratio(fast, slow, ours_capped=fast_cap, peers_capped=slow_cap)
        decided = ~fast_cap | (fast <= slow)
        rows[key] = {"boards": len(slow), f"{slower} median": float(np.median(slow)),
                     f"{slower} stopped": int(slow_cap.sum()),
                     f"{faster} median": float(np.median(fast)),
                     f"{faster} stopped": int(fast_cap.sum()),
                     "ratio": ratio.estimate, "bound": ratio.bound, "low": ratio.low,
                     "high": ratio.high, "longer": int((decided & (slow > fast)).sum()),
                     "undecided": int((~decided).sum())}
    return pd.DataFrame.from_dict(rows, orient="index").rename_axis(by)


def odometer_with_reset(
    puzzle: Puzzle, order: str = "fewest"
) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """Turn the odometer with every digit right of an increment reset to 1.

    The article does not say whether the digits right of the incremented one are reset;
    :class:`~dominosa_lab.solvers.odometer.Odometer` never resets them. This version,
    written apart from it, checks every reading whole from the left, increments at the
    first digit whose place overlaps an earlier one (at the right end when none does),
    carries as the odometer does, and sets every digit right of the incremented one back
    to 1. Returns the number of readings checked and the solving readings (digits from 1).

    Examples
    --------
    >>> from dominosa_lab import load
    >>> from dominosa_lab.solvers import odometer
    >>> m9 = load("caviness-m9")
    >>> readings, solving = odometer_with_reset(m9)
    >>> run = odometer.run(m9)
    >>> (readings, solving) == (run.readings, run.solving), readings
    (True, 5158)
    """
    _, places = ordered_candidates(puzzle, order)
    n = len(places)
    if any(not p for p in places):
        return 0, ()
    digits = [0] * n
    readings, solving = 0, []
    while True:
        readings += 1
        covered: set[tuple[int, int]] = set()
        first = n
        for j, (options, d) in enumerate(zip(places, digits, strict=True)):
            cells = {options[d].a, options[d].b}
            if covered & cells:
                first = j
                break
            covered |= cells
        if first == n:
            solving.append(tuple(d + 1 for d in digits))
        i = min(first, n - 1)
        digits[i] += 1
        while digits[i] == len(places[i]):
            digits[i] = 0
            i -= 1
            if i < 0:
                return readings, tuple(solving)
            digits[i] += 1
        digits[i + 1:] = [0] * (n - i - 1)


def planted_estimates(ns: Iterable[int], seeds: Iterable[int]) -> pd.DataFrame:
    """The census's two estimates from planted boards ``random_puzzle(N, seed=seed)``, with errors.

    Every board's solutions are counted with ``dlx``. Per N: ``boards``; ``solvable``, the
    fraction of all arrangements that have a solution, estimated as ``mean_solutions(N) x
    mean(1/k)`` (a board with k solutions is planted k times as often), and ``solvable_se``,
    its standard error ``mean_solutions(N) x sd(1/k) / sqrt(boards)``; ``planted_unique``, the
    fraction of planted boards with one solution, and ``planted_unique_se``, its binomial
    standard error.

    Examples
    --------
    >>> t = planted_estimates([1], range(40))
    >>> int(t.loc[1, "boards"]), t.round(3).loc[1, ["solvable", "solvable_se"]].tolist()
    (40, [0.99, 0.068])
    """
    frame = run_sweep(random_boards(ns, seeds), methods="dlx", executor="serial",
                      progress=False, limit=None)
    frame = frame.assign(inverse=1 / frame["solutions"], unique=frame["solutions"] == 1)
    rows = {}
    for n, group in frame.groupby("n"):
        boards, scale = len(group), float(mean_solutions(int(n)))
        unique = float(group["unique"].mean())
        rows[n] = {"boards": boards, "solvable": scale * group["inverse"].mean(),
                   "solvable_se": scale * group["inverse"].std() / np.sqrt(boards),
                   "planted_unique": unique,
                   "planted_unique_se": float(np.sqrt(unique * (1 - unique) / boards))}
    return pd.DataFrame.from_dict(rows, orient="index").rename_axis("n")
