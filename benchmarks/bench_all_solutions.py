"""Listing every solution (``solve --all``): each method side by side on boards with many
solutions and on boards with one, to choose the method ``solve --all`` uses when none is named.

Run: ``python benchmarks/bench_all_solutions.py [--time-limit SECONDS] [--repeats R]``.
The boards with many solutions are random planted boards (``random_puzzle(n, seed=seed)``) whose
exact count (``count_solutions``, by components) lies between ``MIN_SOLUTIONS`` and
``MAX_SOLUTIONS``: the first ``PER_N`` such seeds at each N of ``NS``. The boards with one are
``unique_puzzle(n, grade="basic", seed=0)`` at each N of ``UNIQUE_NS``, where listing means
proving there is no second. Every method that lists solutions by a search runs on every board
in this one process, the methods alternating board by board (a busy moment of the machine
weighs on all of them), each with ``--time-limit`` seconds; the compiled kernels are loaded
before the first run. A run's time is the wall time of
``solve(board, method=m, limit=None)``, the best of ``--repeats``; a stopped run counts as its
time limit (a lower bound). On the boards with one solution, the whole command
``dominosa-lab solve FILE --all --method m`` is timed too, for ``fast`` and ``dlx``, as a fresh
process each (the default method loads numba's compiled kernels, dancing links does not).
Brute force (``collision``) and the odometer are left out: they
try every combination of every domino's places, which no board of N >= 6 finishes.

Writes ``benchmarks/results/all_solutions.md`` and ``all_solutions.csv``.
"""

from __future__ import annotations

import argparse
import csv
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dominosa_lab import count_solutions, random_puzzle, solve, unique_puzzle  # noqa: E402
from dominosa_lab.cli.flags import LIST_BY_DLX_UP_TO  # noqa: E402
from dominosa_lab.solvers.fast import warm_up  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results"
METHODS = ("fast", "dlx", "rowscan", "dominowise", "human", "logic")
NS = (6, 8, 10, 12, 14, 16, 20)
PER_N = 2
MIN_SOLUTIONS, MAX_SOLUTIONS = 1_000, 60_000
SEEDS = range(400)
UNIQUE_NS = (10, 20, 30)
KINDS = ("many solutions", "one solution")
WHOLE = "one solution, whole command"
#: The row of the method ``solve --all`` uses when none is named.
CHOICE = "solve --all"


def boards() -> list[tuple[str, object, int]]:
    """The boards: name, puzzle and exact count; ``PER_N`` with many solutions at each N of
    ``NS``, then one with one solution at each N of ``UNIQUE_NS``."""
    chosen = []
    for n in NS:
        found = 0
        for seed in SEEDS:
            puzzle = random_puzzle(n, seed=seed).puzzle
            count = int(count_solutions(puzzle))
            if MIN_SOLUTIONS <= count <= MAX_SOLUTIONS:
                chosen.append((puzzle.name, puzzle, count))
                found += 1
                if found == PER_N:
                    break
    for n in UNIQUE_NS:
        made = unique_puzzle(n, grade="basic", seed=0, time_limit=None)
        chosen.append((made.puzzle.name, made.puzzle, 1))
    return chosen


def timed(puzzle, method: str, time_limit: float, repeats: int) -> tuple[float, str, int]:
    """The best wall time of listing every solution, the status and the solutions found."""
    best, status, found = float("inf"), "", 0
    for _ in range(repeats):
        start = time.perf_counter()
        result = solve(puzzle, method=method, limit=None, time_limit=time_limit)
        seconds = time.perf_counter() - start
        if seconds < best:
            best, status, found = seconds, result.status, len(result.solutions)
    return best, status, found


def command_seconds(puzzle, method: str) -> float:
    """The wall time of ``dominosa-lab solve FILE --all --method METHOD`` as a fresh process."""
    from dominosa_lab.formats import to_text

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "board.txt"
        path.write_text(to_text(puzzle))
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "dominosa_lab.cli", "solve", str(path), "--all",
                        "--method", method, "--json"], check=True, stdout=subprocess.DEVNULL,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
        return time.perf_counter() - start


def main() -> None:
    """Run every method on every board and write the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time-limit", type=float, default=20.0)
    parser.add_argument("--repeats", type=int, default=1)
    options = parser.parse_args()
    warm_up()
    rows = []
    for name, puzzle, count in boards():
        for method in METHODS:
            seconds, status, found = timed(puzzle, method, options.time_limit, options.repeats)
            if status != "stopped" and found != count:
                raise RuntimeError(f"{method} found {found} solutions of {name}, not {count}")
            rows.append({"board": name, "n": puzzle.max_pip, "solutions": count,
                         "boards": "one solution" if count == 1 else "many solutions",
                         "method": method, "status": status, "seconds": round(seconds, 4)})
            print(f"{name:<28} {count:>7,} {method:<10} {status:<8} {seconds:8.3f} s",
                  flush=True)
        if count == 1:
            for method in ("fast", "dlx"):
                rows.append({"board": name, "n": puzzle.max_pip, "solutions": count,
                             "boards": "one solution, whole command", "method": method,
                             "status": "solved",
                             "seconds": round(command_seconds(puzzle, method), 4)})
    write(rows, options)


def write(rows: list[dict], options: argparse.Namespace) -> None:
    """The CSV of every run, and the Markdown of medians, worst cases and ratios."""
    RESULTS.mkdir(exist_ok=True)
    with open(RESULTS / "all_solutions.csv", "w", newline="") as out:
        writer = csv.DictWriter(out, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    (RESULTS / "all_solutions.md").write_text(report(rows, options))


def _times(rows: list[dict], method: str, group: tuple[str, int]) -> list[float]:
    return [r["seconds"] for r in rows if r["method"] == method and _group(r) == group]


def _group(row: dict) -> tuple[str, int]:
    return row["boards"], row["n"]


def report(rows: list[dict], options: argparse.Namespace) -> str:
    """The Markdown report: per N, each method's median and worst; then each method's ratio to
    the fastest method on the same board."""
    groups = list(dict.fromkeys(map(_group, rows)))
    boards = list(dict.fromkeys(r["board"] for r in rows))
    lines = [
        "# Listing every solution: the methods side by side",
        "",
        f"`python benchmarks/bench_all_solutions.py --time-limit {options.time_limit:g} "
        f"--repeats {options.repeats}`, {time.strftime('%Y-%m-%d')}, Python "
        f"{platform.python_version()} on {platform.machine()}, one process (the methods "
        "alternating board by board). Wall seconds of `solve(board, method=m, limit=None)`; "
        f"a stopped run counts as its time limit ({options.time_limit:g} s, marked >).",
        "",
        "| boards | N | boards | solutions (min-max) | " + " | ".join(
            f"{m} median / worst" for m in METHODS) + " |",
        "|---|---|---|---|" + "---|" * len(METHODS),
    ]
    for group in [g for g in groups if g[0] in KINDS]:
        counts = [r["solutions"] for r in rows if _group(r) == group and r["method"] == METHODS[0]]
        cells = [f"{statistics.median(_times(rows, m, group)):.3f} / "
                 f"{max(_times(rows, m, group)):.3f}" + (" >" if _stopped(rows, m, group) else "")
                 for m in METHODS]
        lines.append(f"| {group[0]} | {group[1]} | {len(counts)} | {min(counts):,}-"
                     f"{max(counts):,} | " + " | ".join(cells) + " |")
    lines += ["", "Each method's time over the fastest method's on the same board, and that of the "
              "method `solve --all` uses when none is named (dlx up to N = "
              f"{LIST_BY_DLX_UP_TO}, the default beyond):", "",
              "| method | many solutions: median / worst ratio | one solution: median / worst "
              "ratio | boards where it is the fastest |", "|---|---|---|---|"]
    for method in (*METHODS, CHOICE):
        many, one = (_ratios(rows, boards, method, kind) for kind in KINDS)
        wins = sum(1 for r in many + one if r == 1.0)
        lines.append(f"| {method} | {statistics.median(many):.2f} / {max(many):.2f} | "
                     f"{statistics.median(one):.2f} / {max(one):.2f} | {wins} |")
    lines += ["", "The boards with one solution, the whole command `dominosa-lab solve FILE --all "
              "--method m` timed as a fresh process (wall seconds):", "",
              "| board | fast | dlx |", "|---|---|---|"]
    for board in boards:
        whole = {r["method"]: r["seconds"] for r in rows
                 if r["board"] == board and r["boards"] == WHOLE}
        if whole:
            lines.append(f"| {board} | {whole['fast']:.2f} | {whole['dlx']:.2f} |")
    return "\n".join(lines) + "\n"


def _ratios(rows: list[dict], boards: list[str], method: str, kind: str) -> list[float]:
    """``method``'s time over the fastest method's, on each board of ``kind``."""
    ratios = []
    for board in boards:
        times = {r["method"]: r["seconds"] for r in rows
                 if r["board"] == board and r["boards"] in KINDS}
        row = next(r for r in rows if r["board"] == board)
        if row["boards"] == kind:
            chosen = _chosen(row["n"]) if method == CHOICE else method
            ratios.append(times[chosen] / min(times.values()))
    return ratios


def _chosen(n: int) -> str:
    """The method ``solve --all`` uses on a double-``n`` board when none is named."""
    return "dlx" if n <= LIST_BY_DLX_UP_TO else "fast"


def _stopped(rows: list[dict], method: str, group: tuple[str, int]) -> bool:
    return any(r["status"] == "stopped" for r in rows
               if r["method"] == method and _group(r) == group)


if __name__ == "__main__":
    main()
