"""Grading a board the deductions do not finish: the logic layer's search against the engine's.

``grade`` names the level of the deductions that finish a board; when they stop short, a search
for up to two solutions gives the verdict (``needs a guess``, ``ambiguous`` or ``no solution``).
Per N and board this process measures, in processor seconds, the deductions (``deduce`` up to
``deep``), then on a board they leave open the verdict's search by the logic layer (a guess only
when no deduction applies; ``--logic-timeout`` seconds at most) and by the default method (the
compiled engine, its kernels loaded before the first board), each counting to two; and the whole
of :func:`dominosa_lab.grade`, which hands the search to the engine from
:data:`~dominosa_lab.solvers.grading.ENGINE_FROM` placements. The logic layer's search is not run
at larger N of a family once it ran out of time on more than half the open boards of one N.
A fresh process's import of the engine and loading of its kernels from numba's cache is timed on
its own, three times.

Boards: ``planted``, ``random_puzzle(N, seed=k)`` (nearly always many solutions), and
``transposed``, board ``k`` of that family in ``benchmarks/bench_proofs.py`` (two squares
exchanged: nearly always none), k from 0 to ``--boards`` - 1.

    python benchmarks/bench_grade.py                              # N = 10 to 150, 4 boards each
    python benchmarks/bench_grade.py --n 20 30 --boards 2 --out grade_smoke     # a quick look

Writes ``benchmarks/results/grade_search.md`` and ``grade_search.csv`` (one row per board).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
from bench_peers import machine, report
from bench_proofs import board

from dominosa_lab import Puzzle, grade, random_puzzle
from dominosa_lab.core.search import Search, collect
from dominosa_lab.logic import deduce, solutions
from dominosa_lab.solvers.fast import solve, warm_up
from dominosa_lab.solvers.grading import ENGINE_FROM

SIZES = (10, 15, 20, 22, 25, 27, 30, 40, 60, 100, 150)
FAMILIES = ("planted", "transposed")
#: The engine's limit on one verdict (it answers every board measured well within it).
ENGINE_TIMEOUT = 120.0
LOAD = "import time; t = time.process_time(); from dominosa_lab.solvers.fast import warm_up; " \
       "warm_up(); print(time.process_time() - t)"


def made(family: str, n: int, k: int) -> Puzzle:
    """Board ``k`` of ``family`` at ``n`` (see the module)."""
    return random_puzzle(n, seed=k).puzzle if family == "planted" else board(family, n, k)[0]


def verdict(stream, search: Search) -> tuple[str, int, float]:
    """Drain ``stream`` to two solutions: (status, solutions found, processor seconds)."""
    start = time.process_time()
    found = collect(stream, search, limit=2)
    return found.status, len(found.solutions), time.process_time() - start


def measure(puzzle: Puzzle, logic_timeout: float | None) -> dict:
    """One board's row: the deductions, each verdict's search, and ``grade`` as a whole."""
    start = time.process_time()
    deduced = deduce(puzzle, max_level="deep")
    row = {"placements": len(puzzle.placements()), "deduced": deduced.status,
           "deduce_s": time.process_time() - start}
    if deduced.status == "stuck":
        if logic_timeout is not None:
            search = Search(time_limit=logic_timeout)
            row["logic"], row["logic_solutions"], row["logic_s"] = \
                verdict(solutions(deduced.state, search), search)
        search = Search(time_limit=ENGINE_TIMEOUT)
        row["engine"], row["engine_solutions"], row["engine_s"] = \
            verdict(solve(puzzle, search), search)
    start = time.process_time()
    graded = grade(puzzle, time_limit=ENGINE_TIMEOUT)
    row.update(level=graded.level, grade_status=graded.status,
               grade_s=time.process_time() - start)
    return row


def run(args: argparse.Namespace) -> pd.DataFrame:
    """Every board's row, in order of family, N and board."""
    warm_up()
    rows = []
    for family in args.families:
        logic_timeout: float | None = args.logic_timeout
        for n in args.n:
            for k in range(args.boards):
                row = {"family": family, "n": n, "board": k,
                       **measure(made(family, n, k), logic_timeout)}
                print(row, flush=True)
                rows.append(row)
            here = pd.DataFrame(rows)
            here = here[(here.family == family) & (here.n == n) & (here.deduced == "stuck")]
            if logic_timeout is not None and "logic" in here and \
                    (here.logic == "stopped").sum() > len(here) / 2:
                logic_timeout = None
    return pd.DataFrame(rows)


def loads(times: int = 3) -> list[float]:
    """Processor seconds of a fresh process loading the engine's kernels from numba's cache."""
    root = Path(__file__).parents[1]
    return [float(subprocess.run([sys.executable, "-c", LOAD], capture_output=True, text=True,
                                 check=True, cwd=root).stdout) for _ in range(times)]


def _cell(part: pd.DataFrame, status: str, seconds: str) -> str:
    """median (worst) seconds [stopped/boards] of one search; ``-`` when no board was left
    open, ``not run`` when the search was not run."""
    if part.empty:
        return "-"
    if status not in part or part[status].isna().all():
        return "not run"
    ran = part[part[status].notna()]
    out = (ran[status] == "stopped").sum()
    return (f"{ran[seconds].median():.3g} ({ran[seconds].max():.3g})"
            + (f" [{out}/{len(ran)} stopped]" if out else ""))


def table(frame: pd.DataFrame) -> str:
    """Per family and N: the boards, those left open, each search's seconds, ``grade``'s."""
    lines = ["| family | N | placements | boards | left open | deductions s | logic search s "
             "| engine search s | grade s | levels |", "|---|---|---|---|---|---|---|---|---|---|"]
    for (family, n), part in frame.groupby(["family", "n"], sort=False):
        stuck = part[part.deduced == "stuck"]
        levels = ", ".join(f"{level} {count}" for level, count in part.level.value_counts().items())
        lines.append(f"| {family} | {n} | {part.placements.iloc[0]} | {len(part)} | {len(stuck)} "
                     f"| {part.deduce_s.median():.3g} ({part.deduce_s.max():.3g}) "
                     f"| {_cell(stuck, 'logic', 'logic_s')} | {_cell(stuck, 'engine', 'engine_s')} "
                     f"| {part.grade_s.median():.3g} ({part.grade_s.max():.3g}) | {levels} |")
    return "\n".join(lines)


def main() -> None:
    """Run the measurement and write its table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--families", nargs="+", choices=FAMILIES, default=list(FAMILIES))
    parser.add_argument("--boards", type=int, default=4)
    parser.add_argument("--logic-timeout", type=float, default=20.0)
    parser.add_argument("--out", default="grade_search")
    args = parser.parse_args()
    started = machine()
    frame = run(args)
    load = loads()
    report(args.out, frame, "Grading a board the deductions leave open: the logic layer's "
           "search and the engine's", "bench_grade.py", started,
           f"{args.boards} boards per family and N; processor seconds, median (worst) over the "
           f"boards (a search's over those the deductions leave open). The logic layer's search "
           f"stops at {args.logic_timeout:g} s (*stopped*) and is not run at larger N once it "
           f"stopped on more than half; the engine's is the default method's, its kernels "
           f"loaded before; *grade s*: the whole of `dominosa_lab.grade` (the engine's search "
           f"from {ENGINE_FROM:,} placements). A fresh process imports the engine and loads "
           f"its kernels from numba's cache in {', '.join(f'{s:.2f}' for s in load)} "
           f"processor seconds.", table(frame))


if __name__ == "__main__":
    main()
