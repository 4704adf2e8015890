"""The logic layer against Simon Tatham's solver: grades, deduction counts and solve times.

Run: ``python benchmarks/bench_logic.py [--boards FILE.jsonl ...] [--tatham DIR] [--reps K]``.

Boards are JSONL records in the schema of ``tests/data/tatham-sample.jsonl`` (his game id,
grade, solution and deduction counts); the default is that file (N = 3 and 6). Any other
file of his boards can be given (e.g. N = 9 and 12); only aggregates are written.

Per board it measures, each time from a cold start (the board's tables rebuilt):

* ``grade(puzzle)`` against his grade and his count of every deduction;
* the ``logic`` method (``solve(puzzle, method="logic")``, ladder ``lean``): milliseconds,
  and the guesses it made (it should make none on his boards);
* ``deduce(puzzle, ladder_name="tatham")``, our copy of his ladder (the grader's first stage);
* his own solver in-process, when the calibration tools are found in ``--tatham DIR``
  (a build of his solver with a timing driver and ``tatham.py``; default ``/tmp/tatham``):
  milliseconds per solve with his scratch space reused, the fastest of ``--reps`` batches of
  20 solves (ours: the fastest of ``--reps`` runs), so both sides report the same statistic.
  Without them the project's reference figures (``QUOTED``) are printed instead: 13 ms for
  his 12dh boards, 37 ms for 12de, on an unloaded 2-core machine.

Then the boards of ``tests/data/beyond-tatham.jsonl``: our grade and time, and his verdict.
Per board the fastest of ``--reps`` runs is kept; tables give medians over boards. Writes
``benchmarks/results/logic.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

from tatham_tools import load_tatham

from dominosa_lab import from_tatham, grade, solve
from dominosa_lab.logic import deduce, geometry

HERE = Path(__file__).parent
RESULTS = HERE / "results"
DATA = HERE.parent / "tests" / "data"
QUOTED = {(12, "hard"): 13.0, (12, "extreme"): 37.0}  # his ms per solve: the reference figures
GRADE_ORDER = ("trivial", "basic", "hard", "extreme")


def cold(run, reps: int) -> tuple[float, object]:
    """Milliseconds of the fastest of ``reps`` runs, each with the board's tables rebuilt."""
    best, out = float("inf"), None
    for _ in range(reps):
        geometry.cache_clear()
        start = time.perf_counter()
        out = run()
        best = min(best, 1000 * (time.perf_counter() - start))
    return best, out


def measure(record: dict, reps: int, tatham) -> dict:
    """One board's row."""
    puzzle = from_tatham(record["game_id"])
    ours = grade(puzzle)
    solve_ms, result = cold(lambda: solve(puzzle, method="logic"), reps)
    ladder_ms, _ = cold(lambda: deduce(puzzle, ladder_name="tatham"), reps)
    # the same statistic for both sides: the fastest of ``reps`` (his: batches of 20 solves)
    his_ms = min(tatham.solve_time_ms(record["game_id"], 20) for _ in range(reps)) \
        if tatham else None
    return {"n": record["n"], "grade": record["difficulty"], "grade_ok": ours.level ==
            record["difficulty"], "counts_ok": ours.counts == record["deductions"],
            "guesses": result.stats.choices, "solve_ms": solve_ms, "ladder_ms": ladder_ms,
            "his_ms": his_ms}


def table(rows: list[dict]) -> list[str]:
    """The per-(N, grade) table in markdown."""
    groups = defaultdict(list)
    for row in rows:
        groups[(row["n"], row["grade"])].append(row)
    out = ["| N | grade | boards | his grade | his counts | guesses | logic ms | "
           "our Tatham ladder ms | his ms | logic / his |", "|" + "---|" * 10]
    for key in sorted(groups, key=lambda k: (k[0], GRADE_ORDER.index(k[1]))):
        part = groups[key]
        ours = statistics.median(r["solve_ms"] for r in part)
        ladder = statistics.median(r["ladder_ms"] for r in part)
        measured = [r["his_ms"] for r in part if r["his_ms"] is not None]
        his = statistics.median(measured) if measured else QUOTED.get(key)
        shown = "" if his is None else f"{his:.2f}" + ("" if measured else " (quoted)")
        ratio = "" if his is None else f"{ours / his:.1f}x"
        out.append(f"| {key[0]} | {key[1]} | {len(part)} | {sum(r['grade_ok'] for r in part)} | "
                   f"{sum(r['counts_ok'] for r in part)} | {sum(r['guesses'] for r in part)} | "
                   f"{ours:.1f} | {ladder:.1f} | {shown} | {ratio} |")
    return out


def beyond(reps: int, tatham) -> list[str]:
    """Boards only our deductions finish: our grade and its time, his verdict."""
    out = ["| N | our grade | tiling | hall_sets | grade ms | his verdict |", "|" + "---|" * 6]
    for line in (DATA / "beyond-tatham.jsonl").read_text().splitlines():
        record = json.loads(line)
        puzzle = from_tatham(record["game_id"])
        ms, ours = cold(lambda p=puzzle: grade(p), reps)
        his = tatham.grade(record["game_id"])[0] if tatham else "(tools absent)"
        out.append(f"| {record['n']} | {ours.level} | {ours.counts.get('tiling', 0)} | "
                   f"{ours.counts.get('hall_sets', 0)} | {ms:.0f} | {his} |")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", nargs="+", default=[str(DATA / "tatham-sample.jsonl")])
    parser.add_argument("--tatham", default="/tmp/tatham", help="his calibration tools")
    parser.add_argument("--reps", type=int, default=3)
    args = parser.parse_args()
    tatham = load_tatham(args.tatham)
    load_start = os.getloadavg()[0]
    rows = []
    for path in args.boards:
        for line in Path(path).read_text().splitlines():
            if line.strip():
                rows.append(measure(json.loads(line), args.reps, tatham))
                print(".", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    lines = [
        "# The logic layer against Simon Tatham's solver",
        "",
        f"Written by `benchmarks/bench_logic.py` on {time.strftime('%Y-%m-%d %H:%M')}. "
        f"Python {platform.python_version()}, {os.cpu_count()} cores, load average "
        f"{load_start:.1f} at the start and {os.getloadavg()[0]:.1f} at the end (a shared "
        "machine: both solvers were timed in the same run, so read the ratio).",
        "",
        f"{len(rows)} of his boards. *his grade*, *his counts*: boards where `grade()` gives his "
        "grade, and his count of every deduction. *guesses*: choices the `logic` method made "
        "(0: solved by deduction alone). Times are medians over boards of the fastest of "
        f"{args.reps} cold runs: *logic* is `solve(p, method=\"logic\")` (ladder `lean`), *our "
        "Tatham ladder* is `deduce(p, ladder_name=\"tatham\")`, *his* is his solver in-process "
        + ("(measured in this run: the fastest of as many batches of 20 solves in one process, "
           "his scratch space reused, in milliseconds per solve)."
           if tatham else "(the project's reference figures; tools absent)."),
        "",
        *table(rows),
        "",
        "Boards only our deductions finish (`tests/data/beyond-tatham.jsonl`): `grade()` and "
        "his solver's verdict.",
        "",
        *beyond(args.reps, tatham),
        "",
    ]
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "logic.md").write_text("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
