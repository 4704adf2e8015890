"""The default method against general-purpose solvers, side by side in one run.

For every N the same random planted boards (``random_puzzle(N, seed).puzzle``, seeds
``--seed0`` on; the fast method was developed on seeds 0-9 and 100-109) go to every
solver in turn, board by board, so that a change of load hits every solver alike.
Each solver runs in a worker process of its own that solved two warm-up boards
first (numba compiles or loads its cache there) and is killed at the timeout;
a time is build + solve from the rows of numbers, measured inside the worker.
A board solved in under :data:`REPEAT_BELOW` seconds is solved ``--repeats`` times in
a row and its time is the median of these runs: below a millisecond one run mostly
measures what the other five workers left in the processor's caches (the solvers'
ranking at N = 6 changed from run to run), as a user solving boards in a loop would
not. The first run's time is kept in the CSV (``first_seconds``).
Two tasks per board: finding one solution, and counting up to two (deciding
uniqueness). Every solution is checked and the counts are compared across solvers.

The peers are used plainly: one Boolean per placement, exactly one per square and
per domino (pairwise at-most-one for the SAT solvers), a clause forbidding the first
solution for the second; exact cover for the dancing-links solvers. ``fast`` uses no
peer inside, so there is no "same library used plainly" to set against it.

A solver that timed out on more than half of one N's boards has the rest of them
counted as timeouts without running them and is not run at larger N ("-").

    python benchmarks/bench_peers.py                   # about an hour on a busy 2-core box
    python benchmarks/bench_peers.py --sizes 6,10 --boards 3 --timeout 5   # a smoke test

Writes ``benchmarks/results/peers.md`` and ``peers.csv`` (one row per solver, task, board).
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import platform
import statistics
import time
from importlib import metadata
from pathlib import Path

import pandas as pd

from dominosa_lab import Puzzle, random_puzzle, solve

RESULTS = Path(__file__).parent / "results"
SIZES = (6, 10, 15, 20, 30, 40, 60)
TASKS = {"solve": 1, "count to two": 2}
WARM = ((6, 0), (10, 0))
#: Boards solved faster than this (seconds) are solved again, ``--repeats`` times in all.
REPEAT_BELOW = 0.05


# ----------------------------------------------------------------------------- the solvers


def fast(rows, limit, timeout):
    """Ours: ``solve(rows, limit=...)`` with the default method."""
    result = solve(rows, limit=limit, time_limit=timeout)
    sols = [[(pl.a, pl.b) for pl in s.placements] for s in result.solutions]
    return result.status, sols


def _model(rows):
    """Placements (cell pairs) and, per square and per domino, the placements through it."""
    n_rows, n_cols = len(rows), len(rows[0])
    pairs = [((r, c), (r + dr, c + dc)) for r in range(n_rows) for c in range(n_cols)
             for dr, dc in ((0, 1), (1, 0)) if r + dr < n_rows and c + dc < n_cols]
    cells: dict = {}
    dominoes: dict = {}
    for j, (a, b) in enumerate(pairs):
        x, y = rows[a[0]][a[1]], rows[b[0]][b[1]]
        cells.setdefault(a, []).append(j)
        cells.setdefault(b, []).append(j)
        dominoes.setdefault((min(x, y), max(x, y)), []).append(j)
    return pairs, list(cells.values()) + list(dominoes.values())


def cpsat(rows, limit, timeout):
    """OR-Tools CP-SAT, one worker, exactly-one constraints."""
    from ortools.sat.python import cp_model

    start = time.perf_counter()
    pairs, groups = _model(rows)
    model = cp_model.CpModel()
    x = [model.NewBoolVar("") for _ in pairs]
    for group in groups:
        model.AddExactlyOne([x[j] for j in group])
    sols: list = []
    while len(sols) < limit:
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.max_time_in_seconds = max(timeout - (time.perf_counter() - start), 0.01)
        status = solver.Solve(model)
        if status == cp_model.INFEASIBLE:
            break
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return "stopped", sols
        chosen = [j for j in range(len(pairs)) if solver.BooleanValue(x[j])]
        sols.append([pairs[j] for j in chosen])
        model.AddBoolOr([x[j].Not() for j in chosen])
    return ("solved" if sols else "no_solution"), sols


def _sat(name):
    def run(rows, limit, timeout):
        from pysat import solvers

        cls = {"cadical": solvers.Cadical195, "glucose": solvers.Glucose4}[name]
        pairs, groups = _model(rows)
        clauses = []
        for group in groups:
            lits = [j + 1 for j in group]
            clauses.append(lits)
            clauses += [[-a, -b] for i, a in enumerate(lits) for b in lits[i + 1:]]
        sols: list = []
        with cls(bootstrap_with=clauses) as sat:
            while len(sols) < limit and sat.solve():
                chosen = [lit for lit in sat.get_model()[:len(pairs)] if lit > 0]
                sols.append([pairs[lit - 1] for lit in chosen])
                sat.add_clause([-lit for lit in chosen])
        return ("solved" if sols else "no_solution"), sols

    run.__doc__ = f"{name} through python-sat, pairwise at-most-one clauses"
    return run


def _cover_options(rows):
    pairs, groups = _model(rows)
    item = {}
    for g, group in enumerate(groups):
        for j in group:
            item.setdefault(j, []).append(g)
    return pairs, [item[j] for j in range(len(pairs))], len(groups)


def exact_cover_c(rows, limit, timeout):
    """exact-cover (C dancing links); it has no solution limit, so it only finds one."""
    import exact_cover
    import numpy as np

    pairs, options, n_items = _cover_options(rows)
    matrix = np.zeros((len(pairs), n_items), dtype=bool)
    for j, items in enumerate(options):
        matrix[j, items] = True
    try:
        found = exact_cover.get_exact_cover(matrix)
    except exact_cover.error.NoSolution:
        return "no_solution", []
    return "solved", [[pairs[j] for j in found]]


def xcover_dc(rows, limit, timeout):
    """xcover (dancing cells, numba)."""
    import xcover

    pairs, options, _ = _cover_options(rows)
    sols = []
    for found in xcover.covers(options):
        sols.append([pairs[j] for j in found])
        if len(sols) >= limit:
            break
    return ("solved" if sols else "no_solution"), sols


SOLVERS = {"fast": fast, "cp-sat": cpsat, "cadical": _sat("cadical"), "glucose": _sat("glucose"),
           "exact-cover": exact_cover_c, "xcover": xcover_dc}
COUNTS = {"exact-cover": False}  # which solvers can stop at two solutions
VERSIONS = {"fast": "dominosa-lab", "cp-sat": "ortools", "cadical": "python-sat",
            "glucose": "python-sat", "exact-cover": "exact-cover", "xcover": "xcover"}


# ----------------------------------------------------------------------------- workers


def _serve(name, conn):
    run = SOLVERS[name]
    for n, seed in WARM:
        run(random_puzzle(n, seed).puzzle.rows, 2, 60.0)
    conn.send("ready")
    while (job := conn.recv()) is not None:
        rows, limit, timeout, repeats = job
        times: list[float] = []
        while len(times) < repeats and (not times or times[0] < REPEAT_BELOW):
            start = time.perf_counter()
            status, sols = run(rows, limit, timeout)
            times.append(time.perf_counter() - start)
        conn.send((status, sols, statistics.median(times), times[0]))


class Worker:
    """A solver in a process of its own, restarted after a timeout."""

    def __init__(self, name: str) -> None:
        self.name, self.proc = name, None

    def run(self, rows, limit: int, timeout: float, repeats: int):
        if self.proc is None:
            self.conn, child = mp.Pipe()
            self.proc = mp.Process(target=_serve, args=(self.name, child), daemon=True)
            self.proc.start()
            self.conn.recv()
        self.conn.send((rows, limit, timeout, repeats))
        if self.conn.poll(timeout + 10):
            return self.conn.recv()
        self.proc.kill()
        self.proc.join()
        self.proc = None
        return "timeout", [], timeout, timeout

    def close(self) -> None:
        if self.proc is not None:
            self.conn.send(None)
            self.proc.join(5)


def _valid(rows, sol) -> bool:
    from dominosa_lab import Placement, Solution

    puzzle = Puzzle(rows)
    return Solution(puzzle, [Placement(a, b) for a, b in sol]).is_valid()


# ----------------------------------------------------------------------------- the run


def measure(sizes, boards, seed0, timeout, solvers, done=None, repeats=1) -> pd.DataFrame:
    """One row per (solver, task, board): status, seconds (the median of up to ``repeats``
    runs of a board under :data:`REPEAT_BELOW` s), first_seconds (the first run), solutions
    found; ``done(frame)`` is called with the rows so far after each N."""
    workers = {name: Worker(name) for name in solvers}
    rows_out: list = []
    given_up: set = set()
    try:
        for n in sizes:
            puzzles = [random_puzzle(n, seed0 + k).puzzle.rows for k in range(boards)]
            timeouts: dict = {}
            for task, limit in TASKS.items():
                for k, rows in enumerate(puzzles):
                    counts = {}
                    for name in solvers:
                        key = (name, task)
                        if limit > 1 and not COUNTS.get(name, True):
                            continue
                        if key in given_up:
                            continue
                        if timeouts.get(key, 0) > boards // 2:
                            status, sols, seconds, first = "timeout", [], timeout, timeout
                        else:
                            status, sols, seconds, first = workers[name].run(rows, limit,
                                                                             timeout, repeats)
                            if status == "stopped" or first > timeout:
                                status, seconds, first = "timeout", timeout, timeout
                        if status == "timeout":
                            timeouts[key] = timeouts.get(key, 0) + 1
                        else:
                            assert all(_valid(rows, s) for s in sols), (name, n, k)
                            counts[name] = len(sols)
                        rows_out.append({"solver": name, "task": task, "n": n,
                                         "seed": seed0 + k, "status": status,
                                         "seconds": seconds, "first_seconds": first,
                                         "solutions": len(sols)})
                        print(f"N={n} {task} seed={seed0 + k} {name}: {status} "
                              f"{seconds:.4f} s", flush=True)
                    assert len(set(counts.values())) <= 1, (n, k, task, counts)
            for key, count in timeouts.items():
                if count > boards // 2:
                    given_up.add(key)
            if done is not None:
                done(pd.DataFrame(rows_out))
    finally:
        for worker in workers.values():
            worker.close()
    return pd.DataFrame(rows_out)


def _cell(times: list[float], timeout: float) -> str:
    if not times:
        return "-"
    out = [t for t in times if t >= timeout]
    text = f"{_seconds(statistics.median(times), timeout)} ({_seconds(max(times), timeout)})"
    return text + (f" [{len(out)}/{len(times)}]" if out else "")


def _seconds(t: float, timeout: float) -> str:
    if t >= timeout:
        return "timeout"
    return f"{t * 1000:.2f} ms" if t < 1 else f"{t:.2f} s"


def tables(frame: pd.DataFrame, timeout: float) -> str:
    """Markdown: per task, median (worst) per solver and N, [timeouts/boards]; then ratios."""
    out = []
    sizes = sorted(frame["n"].unique())
    for task in TASKS:
        part = frame[frame["task"] == task]
        out.append(f"\n### {task}: median (worst) build + solve per board, [timeouts/boards]\n")
        out.append("| solver | " + " | ".join(f"N={n}" for n in sizes) + " |")
        out.append("|---" * (len(sizes) + 1) + "|")
        for name in SOLVERS:
            cells = []
            for n in sizes:
                times = part[(part["solver"] == name) & (part["n"] == n)]["seconds"].tolist()
                cells.append(_cell(times, timeout))
            if any(c != "-" for c in cells):
                out.append(f"| {name} | " + " | ".join(cells) + " |")
        out.append("\n" + _ratios(part, sizes))
    return "\n".join(out)


def _ratios(part: pd.DataFrame, sizes) -> str:
    words = []
    for n in sizes:
        at = part[part["n"] == n]
        medians = at.groupby("solver")["seconds"].median()
        if "fast" not in medians or len(medians) < 2:
            continue
        peers = medians.drop("fast")
        best = peers.idxmin()
        words.append(f"N={n}: {best} / fast = {peers[best] / medians['fast']:.2g}x")
    return "Best peer's median over ours (above 1: ours faster): " + "; ".join(words) + "."


def machine() -> str:
    """The machine and the versions, for the record."""
    load = os.getloadavg()
    versions = ", ".join(f"{name} {metadata.version(VERSIONS[name])}" for name in SOLVERS
                         if name != "fast")
    return (f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores (shared), "
            f"load average {load[0]:.1f}; Python {platform.python_version()}, numba "
            f"{metadata.version('numba')}; peers: {versions}")


def main() -> None:
    """Run the benchmark and write its tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)))
    parser.add_argument("--boards", type=int, default=10)
    parser.add_argument("--seed0", type=int, default=1000)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--large", default="100", help="sizes run for fast alone")
    parser.add_argument("--large-boards", type=int, default=5)
    parser.add_argument("--repeats", type=int, default=5,
                        help=f"runs per board solved in under {REPEAT_BELOW:g} s (median taken)")
    parser.add_argument("--out", default="peers")
    args = parser.parse_args()
    started = machine()
    sizes = [int(s) for s in args.sizes.split(",") if s]
    large = [int(s) for s in args.large.split(",") if s]

    def write(frame: pd.DataFrame, prefix: pd.DataFrame | None = None) -> None:
        frame = frame if prefix is None else pd.concat([prefix, frame], ignore_index=True)
        RESULTS.mkdir(exist_ok=True)
        frame.to_csv(RESULTS / f"{args.out}.csv", index=False)
        text = (f"# Dominosa: the default method and general-purpose solvers\n\n"
                f"Written by `benchmarks/bench_peers.py` on {time.strftime('%Y-%m-%d %H:%M')}. "
                f"At the start: {started}. At the end: load average "
                f"{os.getloadavg()[0]:.1f}.\n\n"
                f"{args.boards} random planted boards per N (seeds {args.seed0}-"
                f"{args.seed0 + args.boards - 1}; N in {args.large or 'none'}: "
                f"{args.large_boards} boards, fast alone), timeout {args.timeout:g} s (counted "
                f"as {args.timeout:g} s). A board solved in under {REPEAT_BELOW:g} s is solved "
                f"{args.repeats} times in a row, its time the median (the first run's time is "
                f"`first_seconds` in the CSV). exact-cover cannot stop at two solutions, so it "
                f"only solves.\n" + tables(frame, args.timeout) + "\n")
        (RESULTS / f"{args.out}.md").write_text(text)

    frame = measure(sizes, args.boards, args.seed0, args.timeout, list(SOLVERS), write,
                    args.repeats)
    if large:
        measure(large, args.large_boards, args.seed0, args.timeout, ["fast"],
                lambda alone: write(alone, frame), args.repeats)
    print((RESULTS / f"{args.out}.md").read_text())


if __name__ == "__main__":
    main()
