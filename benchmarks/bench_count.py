"""Counting every solution: ours (components, ``count_solutions``) against the model counters
Ganak (``pyganak``, winner of the 2024 and 2025 Model Counting Competitions) and D4
(``d4solver``, imported as ``py_d4``), on the same random planted boards.

For every N, boards ``random_puzzle(N, seed=s).puzzle`` with seeds ``--seed0`` on; each count runs
in a fresh process of its own (killed at the timeout plus 10 s) and its time is measured inside
it: ours after a warm-up count of an N = 25 board there (numba's kernels loaded, those of
its clause-learning questions too), the peers from
the rows of numbers to the count (the CNF built in that time). The peers' CNF: one variable per
placement, per square and per domino one clause saying "at least one" and pairwise clauses
saying "at most one" (the model of ``bench_peers.py``). The counts are checked equal across
counters. A counter that timed out on more than half of one N's boards is not run at larger N
("-"). ``--counters`` and ``--sizes`` run a subset; ``--large-boards`` sets how many boards
the sizes from N = 100 on take (a count there can take the whole timeout). ``--base REV`` also
counts with ours at git revision REV (``ours@<hash>``, from a temporary worktree of it, each count
a fresh process there, after the same warm-up), board by board beside ours: before and after a
change in one run.

    python benchmarks/bench_count.py                              # the full run
    python benchmarks/bench_count.py --sizes 6,10 --boards 3 --timeout 10 --out smoke

Run it from the checkout (``PYTHONPATH=.``). Writes ``benchmarks/results/count.md`` and
``count.csv`` (one row per counter and board), or the ``--out`` name.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import platform
import subprocess
import sys
import time
from importlib import metadata

import numpy as np
import pandas as pd
from bench_peers import RESULTS, _model, revision_tree, stamp, write_results

from dominosa_lab import count_solutions, random_puzzle
from dominosa_lab.experiments.ratios import median_ratio

SIZES = (6, 10, 15, 20, 25, 40, 60, 100, 150)
#: Sizes from which ``--large-boards`` boards are counted.
LARGE = 100
VERSIONS = {"ganak": "pyganak", "d4": "d4solver"}


def clauses(rows) -> tuple[int, list[list[int]]]:
    """The CNF of a board: variables, and exactly one placement per square and per domino."""
    pairs, groups = _model(rows)
    out: list[list[int]] = []
    for group in groups:
        lits = [j + 1 for j in group]
        out.append(lits)
        out += [[-a, -b] for i, a in enumerate(lits) for b in lits[i + 1:]]
    return len(pairs), out


def ours(rows, timeout):
    """``count_solutions(rows, time_limit=...)``: (status, count)."""
    count = count_solutions(rows, time_limit=timeout)
    return count.status, int(count)


def ganak(rows, timeout):
    """pyganak's Counter on the CNF."""
    from pyganak import Counter

    n_vars, cnf = clauses(rows)
    counter = Counter()
    counter.new_vars(n_vars)
    counter.add_clauses(cnf)
    count = int(counter.count())
    return ("solved" if count else "no_solution"), count


def d4(rows, timeout):
    """D4's counter (py_d4.Solver(...).count()) on the CNF."""
    import py_d4

    n_vars, cnf = clauses(rows)
    count = int(py_d4.Solver(cnf, n_vars).count().getIntResult())
    return ("solved" if count else "no_solution"), count


COUNTERS = {"ours": ours, "ganak": ganak, "d4": d4}


def _worker(name, rows, timeout, conn):
    run = COUNTERS[name]
    if name == "ours":
        run(random_puzzle(25, seed=0).puzzle.rows, timeout)
    start, cpu = time.perf_counter(), time.process_time()
    status, count = run(rows, timeout)
    conn.send((status, count, time.perf_counter() - start, time.process_time() - cpu))


#: A count by ours in a fresh process of another checkout: the rows on stdin, the warm-up of
#: :func:`_worker`, then (status, count, seconds, cpu seconds) as JSON on stdout.
AT_REVISION = (
    "import json, sys, time\n"
    "from dominosa_lab import count_solutions, random_puzzle\n"
    "rows, timeout = json.load(sys.stdin)\n"
    "count_solutions(random_puzzle(25, seed=0).puzzle.rows, time_limit=timeout)\n"
    "start, cpu = time.perf_counter(), time.process_time()\n"
    "result = count_solutions(rows, time_limit=timeout)\n"
    "print(json.dumps([result.status, int(result), time.perf_counter() - start,\n"
    "                  time.process_time() - cpu]))\n")
#: The checkout of each ``ours@<hash>`` counter of this run.
TREES: dict[str, str] = {}


def _at_revision(name: str, rows, timeout: float) -> tuple | None:
    """:data:`AT_REVISION` in the checkout of ``name``; None when it did not end in time (a
    minute is left for loading and the warm-up)."""
    env = {**os.environ, "PYTHONPATH": TREES[name]}
    try:
        done = subprocess.run([sys.executable, "-c", AT_REVISION], cwd=TREES[name], env=env,
                              input=json.dumps([rows, timeout]), capture_output=True, text=True,
                              timeout=timeout + 60, check=True)
    except subprocess.TimeoutExpired:
        return None
    return tuple(json.loads(done.stdout.strip().splitlines()[-1]))


def count_in_process(name: str, rows, timeout: float) -> tuple[str, int, float, float]:
    """(status, count, seconds, cpu seconds) of one count in a fresh process; a count that does
    not end in ``timeout`` (+10 s for the process) is ``timeout``."""
    if name in TREES:
        got = _at_revision(name, [list(row) for row in rows], timeout)
        if got is None or got[0] == "stopped" or got[2] > timeout:
            return "timeout", 0, timeout, timeout
        return got
    context = mp.get_context("fork")
    here, there = context.Pipe()
    proc = context.Process(target=_worker, args=(name, rows, timeout, there), daemon=True)
    proc.start()
    got = here.recv() if here.poll(timeout + 10) else None
    proc.kill()
    proc.join()
    if got is None or got[0] == "stopped" or got[2] > timeout:
        return "timeout", 0, timeout, timeout
    return got


def measure(sizes, boards: tuple[int, int], seed0: int, timeout: float, counters,
            done) -> pd.DataFrame:
    """One row per (counter, board), ``boards`` boards per N (below :data:`LARGE`, from it);
    ``done(frame)`` after each N."""
    rows_out: list[dict] = []
    given_up: set[str] = set()
    for n in sizes:
        timeouts = dict.fromkeys(counters, 0)
        n_boards = boards[n >= LARGE]
        for k in range(n_boards):
            rows = random_puzzle(n, seed=seed0 + k).puzzle.rows
            counts = {}
            for name in counters:
                if name in given_up:
                    continue
                status, count, seconds, cpu = count_in_process(name, rows, timeout)
                if status == "timeout":
                    timeouts[name] += 1
                else:
                    counts[name] = count
                rows_out.append({"counter": name, "n": n, "seed": seed0 + k, "status": status,
                                 "count": count, "seconds": seconds, "cpu_seconds": cpu})
                print(f"N={n} seed={seed0 + k} {name}: {status} {count} {seconds:.3f} s",
                      flush=True)
            assert len(set(counts.values())) <= 1, (n, seed0 + k, counts)
        given_up |= {name for name, t in timeouts.items() if t > n_boards // 2}
        done(pd.DataFrame(rows_out))
    return pd.DataFrame(rows_out)


def _cell(part: pd.DataFrame, timeout: float) -> str:
    """Median and worst time of one counter at one N, and how many boards timed out."""
    if part.empty:
        return "-"
    out = int((part.status == "timeout").sum())
    text = f"{part.seconds.median():.3g} / {part.seconds.max():.3g}"
    return text + (f" ({out} >{timeout:g} s)" if out else "")


def tables(frame: pd.DataFrame, timeout: float) -> str:
    """Median / worst seconds per counter and N; counts; ours over Ganak with intervals."""
    names = [c for c in [*COUNTERS, *sorted(set(frame.counter) - set(COUNTERS))]
             if c in set(frame.counter)]
    lines = ["| N | boards | median count | " + " | ".join(names) + " |",
             "|---|---|---|" + "---|" * len(names)]
    for n, part in frame.groupby("n"):
        solved = part[part.status != "timeout"].groupby("seed")["count"].max()
        median = f"{int(np.median(solved)):,}" if len(solved) else "-"
        cells = [_cell(part[part.counter == c], timeout) for c in names]
        lines.append(f"| {n} | {part.seed.nunique()} | {median} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n\n" + _ratios(frame)


def _ratios(frame: pd.DataFrame) -> str:
    """Ganak over ours, and ours at another revision over ours, per N: the ratio of the median
    times on the same boards with its paired bootstrap interval, a timed-out count a lower bound
    (:func:`median_ratio`: "at least" where the other's median is a timeout); nothing for a pair
    that did not both run."""
    paragraphs = []
    for other in ["ganak", *sorted(c for c in set(frame.counter) if c.startswith("ours@"))]:
        words = []
        for n, part in frame.groupby("n"):
            times = part.pivot(index="seed", columns="counter", values="seconds")
            if {"ours", other} <= set(times.columns):
                seeds = times.dropna(subset=["ours", other]).index
                out = part.pivot(index="seed", columns="counter", values="status").loc[seeds]
                out = out == "timeout"
                ratio = median_ratio(times.loc[seeds, "ours"], times.loc[seeds, other],
                                     out["ours"], out[other])
                words.append(f"N={n}: {ratio.format('.2g')}")
        if words:
            name = "Ganak" if other == "ganak" else f"`{other}`"
            paragraphs.append(f"{name} over ours, median time over median time on the same "
                              "boards (above 1: ours faster), with a 95% paired bootstrap "
                              "interval: " + "; ".join(words) + ".")
    return "\n\n".join(paragraphs)


def machine() -> str:
    """The machine and the versions, for the record."""
    versions = []
    for name, package in VERSIONS.items():
        try:
            versions.append(f"{name} {metadata.version(package)}")
        except metadata.PackageNotFoundError:
            versions.append(f"{name} not installed")
    return (f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores (shared), "
            f"load average {os.getloadavg()[0]:.1f}; Python {platform.python_version()}, "
            f"numba {metadata.version('numba')}; peers: {', '.join(versions)}.")


def main() -> None:
    """Run the benchmark and write its tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)))
    parser.add_argument("--boards", type=int, default=10)
    parser.add_argument("--large-boards", type=int, default=None,
                        help=f"boards per N from N = {LARGE} on (default: --boards)")
    parser.add_argument("--seed0", type=int, default=5000)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--counters", default=",".join(COUNTERS),
                        help=f"comma-separated, of {', '.join(COUNTERS)}")
    parser.add_argument("--out", default="count", help="the results' file name, no suffix")
    parser.add_argument("--base", metavar="REV", help="also count with ours at git revision REV")
    parser.add_argument("--tables-only", action="store_true",
                        help="count nothing: write OUT.md again from OUT.csv, keeping the "
                             "run's own record of when and where it ran")
    args = parser.parse_args()
    counters = [c for c in args.counters.split(",") if c]
    unknown = set(counters) - set(COUNTERS)
    if unknown:
        parser.error(f"unknown counters {sorted(unknown)}; known: {', '.join(COUNTERS)}")
    sizes = [int(s) for s in args.sizes.split(",") if s]
    boards = (args.boards, args.boards if args.large_boards is None else args.large_boards)
    started = machine()

    def write(frame: pd.DataFrame, record: str | None = None) -> None:
        record = record or stamp("bench_count.py", started)
        text = (f"# Dominosa: counting every solution, ours and model counters\n\n"
                f"{record}\n\n"
                f"{boards[0]} random planted boards per N below {LARGE}, {boards[1]} from it "
                f"on (seeds from {args.seed0}), each count in a fresh process, timeout "
                f"{args.timeout:g} s (counted as {args.timeout:g} s). Cells: median / worst "
                f"seconds; a counter that timed out on more than half of one N's boards is not "
                f"run at larger N (-). Every count that finished agreed across counters.\n\n"
                + tables(frame, args.timeout) + "\n")
        write_results(args.out, frame, text)

    if args.tables_only:
        frame = pd.read_csv(RESULTS / f"{args.out}.csv")
        record = next(line for line in (RESULTS / f"{args.out}.md").read_text().splitlines()
                      if line.startswith("Written by"))
        write(frame, f"{record.split(' Tables written again')[0]} Tables written again from "
                     f"`{args.out}.csv` on {time.strftime('%Y-%m-%d %H:%M')}.")
        print((RESULTS / f"{args.out}.md").read_text())
        return
    if args.base is None:
        measure(sizes, boards, args.seed0, args.timeout, counters, write)
    else:
        with revision_tree(args.base) as (short, tree):
            TREES[f"ours@{short}"] = tree
            subprocess.run([sys.executable, "-c", "from dominosa_lab.solvers.fast import "
                            "warm_up; warm_up()"], cwd=tree, env={**os.environ, "PYTHONPATH": tree},
                           check=True)
            at = counters.index("ours") + 1 if "ours" in counters else len(counters)
            measure(sizes, boards, args.seed0, args.timeout,
                    [*counters[:at], f"ours@{short}", *counters[at:]], write)
    print((RESULTS / f"{args.out}.md").read_text())


if __name__ == "__main__":
    main()
