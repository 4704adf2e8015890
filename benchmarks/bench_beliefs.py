"""Belief propagation as the default method's first guess: from what size, and how much.

Run: ``python benchmarks/bench_beliefs.py``. The default method prefers, at every choice,
the placement that belief propagation believes in (``solvers.fast.beliefs``), on boards of at least
``guide_min_placements`` placements. In one run, the two versions alternated:

* counting to two on 10 random planted boards per N around that size (median over boards of
  the best of three runs), with the beliefs on every board and on none: where they start to
  pay, which sets ``guide_min_placements``;
* on large boards (seeds 1000-1004; N = 100: the first three, the version without beliefs
  stopped at ``LIMIT`` seconds and
  ``NODES`` nodes): time to count to two, conflicts up to the first solution, the
  share of the planted placements left open at level 0 that the beliefs believe in, and the
  rounds and time belief propagation takes, stopped as the guide stops it (no sign changed for
  ``calm_rounds`` rounds) and run until the messages settle.

Writes ``benchmarks/results/beliefs.md``.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

import numpy as np

from dominosa_lab import random_puzzle, solve
from dominosa_lab.core.search import Search
from dominosa_lab.logic.geometry import geometry
from dominosa_lab.solvers import fast
from dominosa_lab.solvers.engine import decide
from dominosa_lab.solvers.engine.beliefs import log_odds
from dominosa_lab.solvers.engine.settings import SETTINGS
from dominosa_lab.solvers.fast.dominosa import DominosaCover, root_deductions

RESULTS = Path(__file__).parent / "results"
SIZES = (20, 25, 30, 33, 36, 40, 45)
LARGE = {40: 5, 60: 5, 100: 3}
LIMIT = 30.0
NODES = 20_000_000
ROUNDS = 2


def guided(on: bool) -> None:
    """Use the beliefs on every board (on) or on none."""
    decide.SETTINGS = SETTINGS._replace(guide_min_placements=0 if on else 1 << 62)


def count_seconds(board, repeats: int = 3) -> tuple[float, str]:
    """Best of ``repeats`` counts to two (seconds) and the status of the last."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        result = solve(board, limit=2, time_limit=LIMIT)
        times.append(time.perf_counter() - start)
    return min(times), result.status


def beliefs_on(board, planted) -> tuple[float, list[str]]:
    """The share of the planted placements open at level 0 that the beliefs believe in, and
    belief propagation's rounds and milliseconds, stopped with calm signs and settled."""
    cover = DominosaCover(board)
    engine = cover.engine(Search())
    root_deductions(engine, cover, probe=False)
    state = engine.state()
    cells, guide_odds = [], None
    for calm in (SETTINGS.calm_rounds, None):
        start = time.perf_counter()
        odds = log_odds(cover.model, state, calm=calm)
        seconds = time.perf_counter() - start
        cells += [str(rounds(cover.model, state, calm, odds)), f"{seconds * 1e3:.0f}"]
        guide_odds = odds if guide_odds is None else guide_odds
    index = geometry(board).placement_index  # the engine's options are in this order
    options = np.array([index[p] for p in planted.placements])
    options = options[state[options] == -1]
    return float(np.mean(guide_odds[options] > 0)), cells


def rounds(model, state, calm: int | None, odds: np.ndarray) -> int:
    """The rounds belief propagation ran to give ``odds``: the fewest whose log-odds are the
    same (found by bisection; a run of fewer rounds stops before it ends)."""
    low, high = 1, SETTINGS.max_iterations
    while low < high:
        middle = (low + high) // 2
        if np.array_equal(log_odds(model, state, middle, calm), odds):
            high = middle
        else:
            low = middle + 1
    return low


def threshold_rows() -> list[str]:
    """Counting to two around the threshold, the beliefs on every board and on none."""
    rows = []
    for n in SIZES:
        boards = [random_puzzle(n, seed=1000 + k).puzzle for k in range(10)]
        best = {True: [], False: []}
        for _ in range(ROUNDS):
            for on in (False, True):
                guided(on)
                best[on].append(statistics.median(count_seconds(b)[0] for b in boards))
        off, on = min(best[False]) * 1e3, min(best[True]) * 1e3
        options = DominosaCover(boards[0]).model.n_options
        rows.append(f"| {n} | {options} | {off:.2f} | {on:.2f} | {off / on:.2f} |")
        print(rows[-1], flush=True)
    return rows


def large_rows() -> list[str]:
    """Large boards one by one, with the beliefs and without."""
    rows = []
    for n, count in LARGE.items():
        for seed in range(1000, 1000 + count):
            board, planted = random_puzzle(n, seed=seed)
            share, propagation = beliefs_on(board, planted)
            cells = []
            for on in (True, False):
                guided(on)
                seconds, status = count_seconds(board, repeats=1)
                first = fast.first_solution_counts(board, guided=on, max_nodes=NODES)
                cells += [f"{seconds:.2f}" if status == "solved" else f"> {LIMIT:g} (stopped)",
                          f"{first['conflicts']:,}"
                          + ("" if first["status"] == "solved" else " (stopped)")]
            rows.append(f"| {n} | {seed} | {share:.3f} | " + " | ".join(propagation + cells) + " |")
            print(rows[-1], flush=True)
    return rows


def main() -> None:
    """Measure, print and write the tables."""
    solve(random_puzzle(40, seed=0).puzzle, limit=2)  # kernels loaded
    lines = ["# Belief propagation as the first guess", "",
             "Counting to two, median over 10 boards (seeds 1000-1009) of the best of three, in "
             f"milliseconds ({ROUNDS} rounds alternated, the best kept):", "",
             "| N | placements | without beliefs | with beliefs | ratio |",
             "|---|---|---|---|---|", *threshold_rows(), "",
             "Large boards, one by one: the share of the planted placements open after level 0 "
             "that the beliefs believe in; belief propagation's rounds and time (ms), stopped "
             f"once no option's sign has changed for {SETTINGS.calm_rounds} rounds (as the guide "
             "runs it) and run until the messages settle; then seconds to "
             f"count to two (stopped at {LIMIT:g} s) and conflicts up to the first solution "
             f"(the search stopped at {NODES:,} nodes), with the beliefs and without:", "",
             "| N | seed | planted believed | rounds | beliefs ms | rounds to settle "
             "| ms to settle | seconds with | conflicts with | seconds without "
             "| conflicts without |", "|---|---|---|---|---|---|---|---|---|---|---|",
             *large_rows()]
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "beliefs.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
