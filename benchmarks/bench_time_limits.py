"""Does every time limit hold? Each entry point that takes ``time_limit``, on every method, is
called on a board it cannot finish in time, and its wall time is set against the limit.

Run: ``python benchmarks/bench_time_limits.py [--limits 0 0.3 1]``. One process, warmed first
(the default method's kernels loaded, every module imported, each call made once untimed), so
the overshoot is the call's own; then each entry point once more in a fresh process with the
first limit above 0, which adds the one-off loading (imports, the kernels from numba's cache).
The figure to hold is limit + 50 ms once loaded. Writes ``benchmarks/results/time_limits.md``.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
SLACK = 0.050  # seconds over the limit that a loaded entry point may take

#: Boards of the runs: a planted board of N = 40 (more solutions than any method lists in a
#: second), one of N = 150 (the default method's deductions alone take seconds), DominoPeg's.
SETUP = """
import numpy as np
from dominosa_lab import count_solutions, grade, hints, is_unique, random_puzzle, solve
from dominosa_lab.boards import unique_puzzle
from dominosa_lab.boards.distinct import distinct_puzzles
from dominosa_lab.dominopeg import PegBoard, solve as solve_peg
from dominosa_lab.solvers import METHODS, explain_no_solution
from dominosa_lab.solvers.collision import prefix
from dominosa_lab.solvers.odometer import run as odometer_run
N40 = random_puzzle(40, seed=1).puzzle
N150 = random_puzzle(150, seed=1).puzzle
SWAPPED = [list(row) for row in random_puzzle(60, seed=2).puzzle.rows]
SWAPPED[0][0], SWAPPED[0][1] = SWAPPED[0][1], SWAPPED[0][0]
"""


def calls() -> dict[str, str]:
    """Each entry point and method by label: the call as code, ``T`` standing for the limit."""
    from dominosa_lab.solvers import METHODS

    out = {}
    for method in sorted(METHODS):
        out[f"solve(N40, method={method!r}, limit=None)"] = (
            f"solve(N40, method={method!r}, limit=None, time_limit=T)")
        out[f"count_solutions(N40, method={method!r})"] = (
            f"count_solutions(N40, method={method!r}, time_limit=T)")
        out[f"is_unique(N40, method={method!r})"] = (
            f"is_unique(N40, method={method!r}, time_limit=T)")
    out |= {
        "solve(N150)": "solve(N150, time_limit=T)",
        "count_solutions(N40)": "count_solutions(N40, time_limit=T)",
        "count_solutions(N150)": "count_solutions(N150, time_limit=T)",
        "is_unique(N150)": "is_unique(N150, time_limit=T)",
        "grade(N40)": "grade(N40, time_limit=T)",
        "grade(N150)": "grade(N150, time_limit=T)",
        "hints(N40, limit=None)": "hints(N40, limit=None, time_limit=T)",
        "unique_puzzle(40, grade='hard')": "unique_puzzle(40, grade='hard', time_limit=T)",
        "distinct_puzzles(30, 5)": "distinct_puzzles(30, 5, time_limit=T)",
        "explain_no_solution(N60 swapped)": "explain_no_solution(SWAPPED, time_limit=T)",
        "collision.prefix(N40, 60)": "prefix(N40, 60, time_limit=T)",
        "odometer.run(N40)": "odometer_run(N40, time_limit=T)",
        "dominopeg.solve(board, 'all')": "solve_peg(PegBoard(), limit=None, time_limit=T)",
    }
    return out


def status(value: object) -> str:
    """What a call returned, in a word: its status, or its type."""
    return str(getattr(value, "status", None) or getattr(value, "complete", None)
               or type(value).__name__)


def timed(namespace: dict, code: str, limit: float) -> tuple[float, str]:
    """Wall seconds of ``code`` with ``T`` = ``limit``, and what it returned."""
    namespace["T"] = limit
    start = time.perf_counter()
    value = eval(code, namespace)  # the benchmark's own table of calls
    return time.perf_counter() - start, status(value)


def warm(limits: list[float], repeats: int) -> list[dict]:
    """Every call at every limit in this process, after one untimed round: the median and the
    largest wall time of ``repeats`` runs (the machine is shared: one run may be slowed by
    another program)."""
    from dominosa_lab.solvers.fast import warm_up

    warm_up()
    namespace: dict = {}
    exec(SETUP, namespace)  # the benchmark's own set-up
    rows = []
    for label, code in calls().items():
        timed(namespace, code, max(limits))
        for limit in limits:
            runs = [timed(namespace, code, limit) for _ in range(repeats)]
            times = sorted(seconds for seconds, _ in runs)
            rows.append({"call": label, "limit": limit, "seconds": statistics.median(times),
                         "worst": times[-1], "status": runs[-1][1]})
            print(f"{label:<48} {limit:>5} s  {rows[-1]['seconds']:7.3f} s  "
                  f"{times[-1]:7.3f} s  {runs[-1][1]}", flush=True)
    return rows


def cold(limit: float) -> list[dict]:
    """Each entry point in a fresh process: the call's wall time, loading included."""
    rows = []
    for label, code in calls().items():
        if "method=" in label:
            continue
        script = (SETUP + f"\nimport time\nT = {limit}\nstart = time.perf_counter()\n{code}\n"
                  "print(time.perf_counter() - start)")
        out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                             check=True, cwd=ROOT)
        rows.append({"call": label, "limit": limit, "seconds": float(out.stdout.split()[-1])})
        print(f"cold {label:<43} {limit:>5} s  {rows[-1]['seconds']:7.3f} s", flush=True)
    return rows


def report(warm_rows: list[dict], cold_rows: list[dict], repeats: int) -> str:
    """The results as Markdown."""
    over = [r["seconds"] - r["limit"] for r in warm_rows]
    held = sum(o <= SLACK for o in over)
    worst = max(warm_rows, key=lambda r: r["seconds"] - r["limit"])
    held_always = sum(r["worst"] - r["limit"] <= SLACK for r in warm_rows)
    loading = max(c["seconds"] - c["limit"] for c in cold_rows)
    lines = [
        "# Time limits",
        "",
        f"`python benchmarks/bench_time_limits.py` on {platform.processor() or platform.machine()},"
        f" Python {platform.python_version()}, {time.strftime('%Y-%m-%d')}.",
        "",
        f"Loaded (one process, warmed; {repeats} runs of each call, their median): {held} of "
        f"{len(over)} calls returned within the limit + {SLACK * 1000:.0f} ms; the largest "
        f"median overshoot is {max(over) * 1000:.0f} ms ({worst['call']} at "
        f"{worst['limit']:g} s). In every one of the runs: {held_always} of {len(over)}.",
        f"Fresh process (imports and kernels loaded by the call): the largest overshoot is "
        f"{loading:.2f} s.",
        "",
        "| call | limit (s) | median wall (s) | over (ms) | largest wall (s) | status |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for r in warm_rows:
        lines.append(f"| `{r['call']}` | {r['limit']:g} | {r['seconds']:.3f} | "
                     f"{(r['seconds'] - r['limit']) * 1000:.0f} | {r['worst']:.3f} | "
                     f"{r['status']} |")
    lines += ["", "Fresh process:", "", "| call | limit (s) | wall (s) | over (s) |",
              "|---|---:|---:|---:|"]
    for r in cold_rows:
        lines.append(f"| `{r['call']}` | {r['limit']:g} | {r['seconds']:.3f} | "
                     f"{r['seconds'] - r['limit']:.2f} |")
    return "\n".join(lines) + "\n"


def main() -> None:
    """Measure, print and write the report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limits", type=float, nargs="+", default=[0.0, 0.3, 1.0])
    parser.add_argument("--repeats", type=int, default=3, help="runs of each call and limit")
    parser.add_argument("--json", help="also write the rows to this file")
    args = parser.parse_args()
    warm_rows = warm(args.limits, args.repeats)
    cold_rows = cold(min((x for x in args.limits if x > 0), default=0.3))
    text = report(warm_rows, cold_rows, args.repeats)
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "time_limits.md").write_text(text)
    if args.json:
        Path(args.json).write_text(json.dumps({"warm": warm_rows, "cold": cold_rows}))
    print(text)


if __name__ == "__main__":
    main()
