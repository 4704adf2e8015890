"""Unique puzzles of a chosen grade: our generator against Simon Tatham's, in the same run.

Run: ``python benchmarks/bench_unique.py [--seeds 10] [--cases 60:basic,...] [--out NAME]
[--max-boards COUNT] [--note TEXT] [--tatham DIR] [--tatham-timeout S] [--base REV]``; with
``--max-boards`` a generation of ours stops after that many boards graded, and a case with a
stopped seed shows its medians and maxima as lower bounds (``≥``), as :func:`median_text` reads
them;
``--from-csv`` writes ``NAME.md`` again from ``NAME.csv`` (default ``unique``) without running
anything.

For each case (N, grade) and each seed 0..seeds-1 it times ``unique_puzzle(n, grade=grade,
seed=seed)`` (wall and processor seconds, the final count by the compiled engine included),
then checks the puzzle: ``grade(p)`` must be the grade asked, and for N <= 14 his own solver
(``tatham.py grade``, from the calibration tools in ``--tatham DIR``, default ``/tmp/tatham``,
never part of this repository) must agree. Then his generator (``dominosa-gen gen NdX
SEED``, seeds 1..seeds, each stopped after ``--tatham-timeout`` seconds, a case given up after
``GIVE_UP`` stops in a row) on the same machine in the same run, where his rules have the grade
at all.
Without his tools his column says "not run": times from elsewhere are not comparable.
With ``--base REV`` each seed of ours is also made by the code at git revision REV (the rows of
``ours@<hash>``, from a temporary worktree of it), seed by seed in turn with this code's, so that
both meet the same machine; then each puzzle of either is made in a fresh process, as the
command line makes one, its grade checked by its own code and not by his solver. Every process
of ours makes one puzzle (N = 8, extreme) before the first it times.

The project's goals: N=9 extreme < 5 s, N=12 hard < 10 s, N=15 hard < 30 s, N=20 basic
< 5 s, N=20 extreme < 2 s, N=30 basic < 60 s, N=30 extreme < 20 s, N=60 basic < 10 s,
N=100 basic < 60 s, medians over 10 seeds. Writes ``benchmarks/results/unique.md`` and
``benchmarks/results/unique.csv`` (one row per run).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import platform
import re
import subprocess
import sys
import time
from contextlib import ExitStack
from pathlib import Path

import pandas as pd
from bench_peers import revision_tree
from tatham_tools import load_tatham

from dominosa_lab import from_tatham, grade, to_tatham, unique_puzzle
from dominosa_lab.experiments.summary import median_under_budget

HERE = Path(__file__).parent
RESULTS = HERE / "results"
LETTER = {"trivial": "t", "basic": "b", "hard": "h", "extreme": "e"}

#: (N, grade, goal in seconds or None); the goals are the project's, the rest compare with Tatham.
CASES = [
    (9, "hard", None),
    (9, "extreme", 5.0),
    (12, "hard", 10.0),
    (12, "extreme", None),
    (15, "hard", 30.0),
    (15, "extreme", None),
    (20, "basic", 5.0),
    (20, "extreme", 2.0),
    (30, "basic", 60.0),
    (30, "hard", None),
    (30, "extreme", 20.0),
    (60, "basic", 10.0),
    (100, "basic", 60.0),
]

#: His generator is given up on for a case after this many runs in a row stop at the timeout.
GIVE_UP = 3


def ours(n: int, wanted: str, seed: int, tatham, max_boards: int | None = None) -> dict:
    """One generation of ours, checked; at most ``max_boards`` boards graded (None: no limit but
    the 900 s)."""
    start, start_cpu = time.perf_counter(), time.process_time()
    made = unique_puzzle(n, grade=wanted, seed=seed, time_limit=900, max_nodes=max_boards)
    seconds, cpu = time.perf_counter() - start, time.process_time() - start_cpu
    row = {"who": "ours", "n": n, "grade": wanted, "seed": seed, "status": made.status,
           "seconds": seconds, "cpu_seconds": cpu, "boards": made.boards, "restarts": made.restarts,
           "our_grade": "", "his_grade": ""}
    if made.status == "found":
        row["our_grade"] = grade(made.puzzle).level
        if tatham is not None and n <= 14:
            row["his_grade"] = tatham.grade(to_tatham(made.puzzle))[0]
    return row


def his(n: int, wanted: str, seed: int, tatham, timeout: float) -> dict:
    """One generation of his (wall seconds of the process, our grade of his board)."""
    row = {"who": "tatham", "n": n, "grade": wanted, "seed": seed + 1, "status": "found",
           "seconds": timeout, "boards": "", "restarts": "", "our_grade": "", "his_grade": ""}
    start = time.perf_counter()
    try:
        game_id, _, attempts = tatham.generate_timed(f"{n}d{LETTER[wanted]}", seed + 1, timeout)
    except subprocess.TimeoutExpired:
        row["status"] = "stopped"
        return row
    row.update(seconds=time.perf_counter() - start, boards=attempts, his_grade=wanted,
               our_grade=grade(from_tatham(game_id)).level)
    return row


def his_runs(n: int, wanted: str, seeds: int, tatham, timeout: float) -> list[dict]:
    """His generator on seeds 1..seeds, given up after GIVE_UP stops in a row."""
    rows: list[dict] = []
    for seed in range(seeds):
        rows.append(his(n, wanted, seed, tatham, timeout))
        print(f"his {n} {wanted} {seed + 1}: {rows[-1]['seconds']:.2f} s", file=sys.stderr)
        if len(rows) >= GIVE_UP and all(r["status"] == "stopped" for r in rows[-GIVE_UP:]):
            break
    return rows


#: What a fresh process of ours runs with ``--base``: the warm-up, then :func:`ours` on one seed,
#: printed as JSON (argv: the benchmarks' folder, N, grade, seed, the boards' budget or "").
ONE_PUZZLE = """
import json, os, sys
sys.path.insert(1, sys.argv[1])
import dominosa_lab
from bench_unique import ours, warm_up
if not dominosa_lab.__file__.startswith(os.getcwd()):
    raise SystemExit(f"dominosa_lab was imported from {dominosa_lab.__file__}")
warm_up()
budget = int(sys.argv[5]) if sys.argv[5] else None
print(json.dumps(ours(int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), None, budget)))
"""


def warm_up() -> None:
    """One puzzle made before the first one timed: the modules and compiled kernels it loads
    are a process's start, not a puzzle's."""
    unique_puzzle(8, grade="extreme", seed=1)


def fresh(tree: str, who: str, n: int, wanted: str, seed: int, max_boards: int | None) -> dict:
    """:func:`ours` by the code in ``tree`` in a fresh process, its row named ``who``."""
    done = subprocess.run([sys.executable, "-c", ONE_PUZZLE, str(HERE), str(n), wanted,
                           str(seed), "" if max_boards is None else str(max_boards)],
                          cwd=tree, env={**os.environ, "PYTHONPATH": tree}, capture_output=True,
                          text=True)
    if done.returncode:
        raise SystemExit(f"{who} N={n} {wanted} seed {seed} failed:\n{done.stderr[-2000:]}")
    return {**json.loads(done.stdout.strip().splitlines()[-1]), "who": who}


def median_text(rows: list[dict], value: str = "seconds", style: str = ".2f") -> str:
    """The median of ``value``, ``≥ X`` when it is only a lower bound (see
    :func:`~dominosa_lab.experiments.summary.median_under_budget`: a stopped run counts
    as what it had spent and sorts after every finished one)."""
    frame = pd.DataFrame({"case": 0, value: [float(r[value]) for r in rows],
                          "status": [r["status"] for r in rows]})
    median = median_under_budget(frame, "case", value=value).iloc[0]
    return ("≥ " if median["capped"] else "") + format(median[value], style)


def max_text(rows: list[dict], value: str = "seconds") -> str:
    """The largest ``value``, ``≥ X`` when a run stopped (it would have needed more)."""
    stopped = any(r["status"] == "stopped" for r in rows)
    return ("≥ " if stopped else "") + f"{max(float(r[value]) for r in rows):.2f}"


def cpu_text(rows: list[dict]) -> str:
    """The median and the largest processor seconds of ``rows`` (blank for a run that did not
    record them)."""
    timed = [r for r in rows if r.get("cpu_seconds") not in (None, "")]
    if not timed:
        return " | "
    return f"{median_text(timed, 'cpu_seconds')} | {max_text(timed, 'cpu_seconds')}"


def base_name(rows: list[dict]) -> str | None:
    """``ours@<hash>``, the rows of the code at ``--base``, if any."""
    return next((r["who"] for r in rows if r["who"].startswith("ours@")), None)


def table(rows: list[dict]) -> list[str]:
    """The per-case table in markdown (with the median processor seconds of the code at
    ``--base`` when it ran)."""
    base = base_name(rows)
    out = ["| N | grade | goal s | ours: median s | max s | ours: median CPU s | max CPU s "
           + (f"| {base}: median CPU s | max CPU s " if base else "")
           + "| boards graded (median) | our grade | his solver's grade | Tatham: median s "
           "| stopped at the timeout |",
           "|" + "---|" * (14 if base else 12)]
    for n, wanted, goal in CASES:
        mine = [r for r in rows if r["who"] == "ours" and r["n"] == n and r["grade"] == wanted]
        theirs = [r for r in rows if r["who"] == "tatham" and r["n"] == n and r["grade"] == wanted]
        if not mine:
            continue
        found = [r for r in mine if r["status"] == "found"]
        grades = sum(r["our_grade"] == wanted for r in found)
        checked = [r for r in found if r["his_grade"]]
        his_grades = (f"{sum(r['his_grade'] == wanted for r in checked)}/{len(checked)}"
                      if checked else ("(N > 14)" if n > 14 else "(tools absent)"))
        if theirs:
            him = median_text(theirs)
            stopped = f"{sum(r['status'] != 'found' for r in theirs)}/{len(theirs)}"
        elif n >= 15 and wanted == "hard":
            him, stopped = "never (no hard board exists under his rules)", ""
        else:
            him, stopped = "not run", ""
        then = [r for r in rows if r["who"] == base and r["n"] == n and r["grade"] == wanted]
        out.append(f"| {n} | {wanted} | {goal or ''} | {median_text(mine)} | "
                   f"{max_text(mine)} | {cpu_text(mine)} | "
                   + (f"{cpu_text(then)} | " if base else "")
                   + f"{median_text(mine, 'boards', 'g')} | "
                   f"{grades}/{len(mine)} | {his_grades} | {him} | {stopped} |")
    return out


def report(rows: list[dict], run: dict) -> str:
    """``unique.md``: how the run was made (``run``: started, python, cores, the load average
    at the start and the end, seeds, Tatham's timeout), then the table of ``rows``."""
    ran_his = any(r["who"] == "tatham" for r in rows)
    base = base_name(rows)
    lines = [
        "# Unique puzzles of a chosen grade: our generator and Tatham's",
        "",
        f"Written by `benchmarks/bench_unique.py`, started {run['started']}. Python "
        f"{run['python']}, {run['cores']} cores, load average {run['load_start']:.1f} at "
        f"the start and {run['load_end']:.1f} at the end (a shared machine"
        + ("; both generators ran in this run, one after the other)." if ran_his else ")."),
        "",
        f"Per case {run['seeds']} seeds. *ours*: wall seconds of "
        f"`unique_puzzle(n, grade=..., seed=...)`, "
        "its final count of solutions by the compiled engine included (*CPU s*: processor "
        "seconds of the same call); *boards graded*: boards the "
        "capped ladder graded (each swap tried is one). *our grade*: runs where `grade(p)` is "
        "the grade asked; *his solver's grade*: where his solver (`-g`, full strength) gives it "
        "too (N <= 14: at N >= 15 his set analysis is off, and `hard` is ours). *Tatham*: "
        + (f"his generator (`dominosa-gen gen NdX SEED`, seeds 1..{run['seeds']}) in this run, "
           f"wall seconds per process, stopped after {run['timeout']:g} s, and given up "
           f"for a case after {GIVE_UP} stops in a row; a stopped run counts as "
           f"{run['timeout']:g} s and sorts after every finished one, so a median marked ≥ "
           "(half or more of the runs stopped) is only a lower bound."
           if ran_his else "the project's reference figures (his tools were not run)."),
        "",
        *([f"Each puzzle of ours, and of `{base}` (the code at that revision, `--base`), was "
           "made in a fresh process after one made untimed, the two in turn seed by seed.", ""]
          if base else []),
        *([f"Note: {run['note']}", ""] if run.get("note") else []),
        *table(rows),
        "",
    ]
    return "\n".join(lines)


def run_again(old_report: str, rows: list[dict]) -> dict:
    """How the run behind ``unique.csv`` was made: its header line in the old ``unique.md``,
    its seeds and Tatham's timeout in the rows."""
    made = re.search(r"started (\S+ \S+)\. Python (\S+), (\d+) cores, load average (\S+) at "
                     r"the start and (\S+) at the end", old_report)
    if made is None:
        raise SystemExit("unique.md does not say how its run was made; run the benchmark")
    stopped = {float(r["seconds"]) for r in rows if r["status"] == "stopped"}
    note = re.search(r"^Note: (.*)$", old_report, re.M)
    return {"started": made[1], "python": made[2], "cores": made[3], "note": note and note[1],
            "load_start": float(made[4]), "load_end": float(made[5]),
            "seeds": 1 + max(r["seed"] for r in rows if r["who"] == "ours"),
            "timeout": stopped.pop() if len(stopped) == 1 else float("nan")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--tatham", default="/tmp/tatham", help="his calibration tools")
    parser.add_argument("--tatham-timeout", type=float, default=300.0)
    parser.add_argument("--no-tatham-generator", action="store_true",
                        help="check grades with his solver but do not run his generator")
    parser.add_argument("--cases", help="only these cases, e.g. 60:basic,20:extreme")
    parser.add_argument("--max-boards", type=int, help="stop a generation of ours after this many "
                        "boards graded (its status is then 'stopped' and its figures lower bounds)")
    parser.add_argument("--out", default="unique", help="the results' file name, without suffix")
    parser.add_argument("--note", help="a paragraph for the results, e.g. which seeds tuned what")
    parser.add_argument("--base", metavar="REV", help="also make each puzzle of ours with the "
                        "code at git revision REV, seed by seed in turn")
    parser.add_argument("--from-csv", action="store_true",
                        help="write unique.md again from unique.csv; run nothing")
    args = parser.parse_args()
    if args.from_csv:
        with (RESULTS / f"{args.out}.csv").open(newline="") as handle:
            rows = [{**r, "n": int(r["n"]), "seed": int(r["seed"])}
                    for r in csv.DictReader(handle)]
        run = run_again((RESULTS / f"{args.out}.md").read_text(), rows)
        text = report(rows, {**run, "note": args.note or run["note"]})
        (RESULTS / f"{args.out}.md").write_text(text)
        print(text)
        return
    tatham = load_tatham(args.tatham)
    load_start = os.getloadavg()[0]
    started = time.strftime("%Y-%m-%d %H:%M")
    cases = chosen(args.cases)
    with ExitStack() as stack:
        tree = args.base and stack.enter_context(revision_tree(args.base))
        rows = measure(cases, args, tatham, tree)
    if tatham is not None and not args.no_tatham_generator:
        for n, wanted, _ in cases:
            if n < 15 or wanted != "hard":  # his rules have no hard board at N >= 15
                rows += his_runs(n, wanted, args.seeds, tatham, args.tatham_timeout)
    RESULTS.mkdir(exist_ok=True)
    with (RESULTS / f"{args.out}.csv").open("w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    text = report(rows, {"started": started, "python": platform.python_version(),
                         "cores": os.cpu_count(), "load_start": load_start,
                         "load_end": os.getloadavg()[0], "seeds": args.seeds,
                         "timeout": args.tatham_timeout, "note": args.note})
    (RESULTS / f"{args.out}.md").write_text(text)
    print(text)


def measure(cases: list, args: argparse.Namespace, tatham, tree: tuple[str, str] | None) -> list:
    """The rows of ours for each case and seed in this process; or, when ``tree`` (the short
    hash and worktree of ``--base``) is given, each in a fresh process followed by the same
    seed at ``--base``."""
    if not tree:
        warm_up()  # a fresh process makes its own
    rows = []
    for n, wanted, _ in cases:
        for seed in range(args.seeds):
            if tree:
                rows.append(fresh(str(HERE.parent), "ours", n, wanted, seed, args.max_boards))
                rows.append(fresh(tree[1], f"ours@{tree[0]}", n, wanted, seed, args.max_boards))
            else:
                rows.append(ours(n, wanted, seed, tatham, args.max_boards))
            for row in rows[-2 if tree else -1:]:
                print(f"{row['who']} {n} {wanted} {seed}: {row['cpu_seconds']:.2f} CPU s",
                      file=sys.stderr)
    return rows


def chosen(cases: str | None) -> list[tuple[int, str, float | None]]:
    """The cases of :data:`CASES` that ``--cases`` names (``N:grade`` by commas), or all."""
    if not cases:
        return CASES
    named = {tuple(case.split(":")) for case in cases.split(",")}
    picked = [case for case in CASES if (str(case[0]), case[1]) in named]
    if len(picked) != len(named):
        raise SystemExit(f"--cases: not every case of {cases!r} is in CASES")
    return picked


if __name__ == "__main__":
    main()
