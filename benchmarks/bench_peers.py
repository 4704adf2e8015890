"""The default method against general-purpose solvers, side by side in one run.

For every N the same random planted boards (``random_puzzle(N, seed=seed).puzzle``, seeds
``--seed0`` on; the fast method was developed on seeds 0-9 and 100-109) go to every
solver in turn, board by board, so that a change of load hits every solver alike.
Each solver runs in a worker process of its own that solved two warm-up boards
first (numba compiles or loads its cache there) and is killed at the timeout;
a time is build + solve from the rows of numbers, measured inside the worker.
A board solved in under :data:`REPEAT_BELOW` seconds is solved ``--repeats`` times in
a row and its time is the median of these runs: below a millisecond one run mostly
measures what the other five workers left in the processor's caches (the solvers'
ranking at N = 6 changed from run to run), as a user solving boards in a loop would
not. The first run's time is kept in the CSV (``first_seconds``), and the processor time
the worker spent (``cpu_seconds``, the median's kind), which waiting for the processor while
other processes run does not stretch.
Two tasks per board: finding one solution, and counting up to two (deciding
uniqueness). Every solution is checked and the counts are compared across solvers.

The peers are used plainly: one Boolean per placement, exactly one per square and
per domino (pairwise at-most-one for the SAT solvers), a clause forbidding the first
solution for the second; exact cover for the dancing-links solvers. ``fast`` uses no
peer inside, so there is no "same library used plainly" to set against it.

A solver that timed out on more than half of one N's boards has the rest of them
counted as timeouts without running them and is not run at larger N ("-").

Before and after a change in one run: ``--base REV`` adds ours at git revision ``REV`` as
one more solver, ``fast@<hash>``, on the same boards: a worker that imports ``dominosa_lab``
from a temporary worktree of ``REV`` (made with ``git worktree add`` under a fresh temporary
directory, its numba cache compiled there during the warm-up, removed at the end), and each
task gets a line "ours now over ours at REV" per N with a bootstrap interval. ``--solvers``
runs a subset.

    python benchmarks/bench_peers.py                   # about an hour on a busy 2-core box
    python benchmarks/bench_peers.py --sizes 6,10 --boards 3 --timeout 5 --out smoke  # smoke test
    python benchmarks/bench_peers.py --base main --solvers fast,xcover,cadical,glucose \\
        --out peers_vs_main                            # before/after, fewer solvers

Run it from the checkout to measure (``PYTHONPATH=.`` where the installed package is another
one). Writes ``benchmarks/results/peers.md`` and ``peers.csv`` (one row per solver, task,
board), or the ``--out`` name.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import metadata
from pathlib import Path

import pandas as pd

from dominosa_lab import Puzzle, random_puzzle, solve
from dominosa_lab.experiments.ratios import median_ratio

RESULTS = Path(__file__).parent / "results"
SIZES = (6, 10, 15, 20, 30, 40, 60)
TASKS = {"solve": 1, "count to two": 2}
#: The (N, seed) planted boards every worker solves, untimed, before its first timed board. The
#: N = 30 board is the smallest of them whose model reaches the rule table's size
#: (``rule_table_min`` options), so its compiled kernel is loaded from numba's cache there, a
#: start-up cost (about 20 ms), not the first large board's.
WARM = ((6, 0), (10, 0), (30, 0))
#: Boards solved faster than this (seconds) are solved again, ``--repeats`` times in all.
REPEAT_BELOW = 0.05


# ----------------------------------------------------------------------------- the solvers


def write_results(out: str, frame: pd.DataFrame, text: str) -> None:
    """Write ``frame`` to ``results/OUT.csv`` and ``text`` to ``results/OUT.md``."""
    RESULTS.mkdir(exist_ok=True)
    frame.to_csv(RESULTS / f"{out}.csv", index=False)
    (RESULTS / f"{out}.md").write_text(text)


def report(out: str, frame: pd.DataFrame, title: str, script: str, started: str,
           *paragraphs: str) -> None:
    """Write ``frame`` and the markdown report ``# title``, the run's :func:`stamp`, then
    ``paragraphs`` (:func:`write_results`), and print the markdown."""
    text = "\n\n".join([f"# {title}", stamp(script, started + "."), *paragraphs]) + "\n"
    write_results(out, frame, text)
    print(text)


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


def family(name: str) -> str:
    """The solver a worker's name runs: ``fast@abc1234`` runs ``fast`` (at another revision)."""
    return name.split("@")[0]


def _serve(name, conn, warm):
    run = SOLVERS[family(name)]
    for n, seed in warm:  # [0]: the planted pair's puzzle at every revision --base may name
        for limit in TASKS.values():  # a solver may load other code for one solution than two
            run(random_puzzle(n, seed=seed)[0].rows, limit, 60.0)
    conn.send(sys.modules["dominosa_lab"].__file__)
    while (job := conn.recv()) is not None:
        rows, limit, timeout, repeats = job
        times: list[float] = []
        cpu: list[float] = []
        while len(times) < repeats and (not times or times[0] < REPEAT_BELOW):
            start, start_cpu = time.perf_counter(), time.process_time()
            status, sols = run(rows, limit, timeout)
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
        conn.send((status, sols, statistics.median(times), times[0], statistics.median(cpu)))


class Worker:
    """A solver in a process of its own, warmed up on the boards ``warm`` ((N, seed) pairs) and
    restarted after a timeout. With ``tree`` (a checkout of the project) it is a fresh
    interpreter that imports ``dominosa_lab`` from there."""

    def __init__(self, name: str, warm=WARM, tree: str | None = None) -> None:
        self.name, self.warm, self.tree, self.proc = name, tuple(warm), tree, None

    def run(self, rows, limit: int, timeout: float, repeats: int):
        if self.proc is None:
            self._start()
        self.conn.send((rows, limit, timeout, repeats))
        if self.conn.poll(timeout + 10):
            return self.conn.recv()
        self.proc.kill()
        self.proc.join()
        self.proc = None
        return "timeout", [], timeout, timeout, timeout

    def _start(self) -> None:
        """Start the process and wait until it is warm (a fresh tree compiles numba's cache)."""
        context = mp.get_context("fork" if self.tree is None else "spawn")
        self.conn, child = context.Pipe()
        self.proc = context.Process(target=_serve, args=(self.name, child, self.warm),
                                    daemon=True)
        saved = sys.path[:]
        if self.tree is not None:
            sys.path.insert(0, self.tree)  # a spawned child starts with the parent's sys.path
        try:
            self.proc.start()
        finally:
            sys.path[:] = saved
        imported = self.conn.recv()
        if self.tree is not None and not imported.startswith(self.tree):
            raise RuntimeError(f"{self.name} imported dominosa_lab from {imported}")

    def close(self) -> None:
        if self.proc is not None:
            self.conn.send(None)
            self.proc.join(5)


def _valid(rows, sol) -> bool:
    from dominosa_lab import Placement, Solution

    puzzle = Puzzle(rows)
    return Solution(puzzle, [Placement(a, b) for a, b in sol]).is_valid()


# ----------------------------------------------------------------------------- the run


def measure(sizes, boards, seed0, timeout, solvers, done=None, repeats=1, warm=None,
            trees=None) -> pd.DataFrame:
    """One row per (solver, task, board): status, seconds (the median of up to ``repeats``
    runs of a board under :data:`REPEAT_BELOW` s), first_seconds (the first run), cpu_seconds
    (the worker's processor time, the median of the runs), solutions found. ``done(frame)``
    is called with the rows so far after each N. ``warm`` maps a solver to its warm-up boards
    (default :data:`WARM`), ``trees`` a solver to the checkout its worker imports
    ``dominosa_lab`` from (default: this one)."""
    warm, trees = warm or {}, trees or {}
    workers = {name: Worker(name, warm.get(name, WARM), trees.get(name)) for name in solvers}
    rows_out: list = []
    given_up: set = set()
    try:
        for n in sizes:
            puzzles = [random_puzzle(n, seed=seed0 + k).puzzle.rows for k in range(boards)]
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
                            status, sols, seconds, first, cpu = ("timeout", [], timeout, timeout,
                                                                 timeout)
                        else:
                            status, sols, seconds, first, cpu = workers[name].run(
                                rows, limit, timeout, repeats)
                            if status == "stopped" or first > timeout:
                                status, seconds, first, cpu = "timeout", timeout, timeout, timeout
                        if status == "timeout":
                            timeouts[key] = timeouts.get(key, 0) + 1
                        else:
                            assert all(_valid(rows, s) for s in sols), (name, n, k)
                            counts[name] = len(sols)
                        rows_out.append({"solver": name, "task": task, "n": n,
                                         "seed": seed0 + k, "status": status,
                                         "seconds": seconds, "first_seconds": first,
                                         "cpu_seconds": cpu,
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


def names(frame: pd.DataFrame) -> list[str]:
    """The solvers of a run in table order: ours at another revision just after ours."""
    present = list(dict.fromkeys(frame["solver"]))
    return [name for base in SOLVERS for name in present if family(name) == base]


def tables(frame: pd.DataFrame, timeout: float, against: tuple[str, ...] = ()) -> str:
    """Markdown: per task, median (worst) per solver and N, [timeouts/boards]; then ratios:
    the best peer's over ours, ours now over ours at another revision, and ours over each
    solver in ``against`` (with bootstrap intervals)."""
    out = []
    sizes = sorted(frame["n"].unique())
    for task in TASKS:
        part = frame[frame["task"] == task]
        out.append(f"\n### {task}: median (worst) build + solve per board, [timeouts/boards]\n")
        out.append("| solver | " + " | ".join(f"N={n}" for n in sizes) + " |")
        out.append("|---" * (len(sizes) + 1) + "|")
        for name in names(part):
            cells = []
            for n in sizes:
                times = part[(part["solver"] == name) & (part["n"] == n)]["seconds"].tolist()
                cells.append(_cell(times, timeout))
            if any(c != "-" for c in cells):
                out.append(f"| {name} | " + " | ".join(cells) + " |")
        if any(family(name) != "fast" for name in part["solver"].unique()):
            out.append("\n" + _ratios(part, sizes))
        for name in names(part):
            if name != "fast" and family(name) == "fast":
                out.append("\n" + ratio_line(part, sizes, "fast", name, "Ours now over ours at "
                                              f"{name.split('@')[1]}"))
        for name in against:
            out.append("\n" + ratio_line(part, sizes, "fast", name, f"Ours over {name}"))
            out.append("\n" + ratio_line(part, sizes, "fast", name, f"Ours over {name} in "
                                          "processor time", "cpu_seconds"))
    return "\n".join(out)


def _ratios(part: pd.DataFrame, sizes) -> str:
    words = []
    for n in sizes:
        at = part[part["n"] == n]
        medians = at.groupby("solver")["seconds"].median()
        peers = medians[[family(name) != "fast" for name in medians.index]]
        if "fast" not in medians or peers.empty:
            continue
        best = peers.idxmin()
        words.append(f"N={n}: {best} / fast = {peers[best] / medians['fast']:.2g}x")
    return "Best peer's median over ours (above 1: ours faster): " + "; ".join(words) + "."


def ratio_line(part: pd.DataFrame, sizes, ours: str, other: str, title: str,
               column: str = "seconds") -> str:
    """One task's ``ours`` over ``other`` per N: the ratio of the medians of ``column`` and its
    95% paired bootstrap interval over the boards both ran (a timed-out run a lower bound, so a
    median that is a timeout makes the ratio a bound: :func:`median_ratio`)."""
    words = []
    for n in sizes:
        at = part[part["n"] == n]
        times = at.pivot(index="seed", columns="solver", values=column)
        if ours not in times or other not in times:
            continue
        both = times[[ours, other]].dropna().index
        out = at.pivot(index="seed", columns="solver", values="status").loc[both] == "timeout"
        ratio = median_ratio(times.loc[both, other], times.loc[both, ours], out[other], out[ours])
        words.append(f"N={n}: {ratio.format('.3g')}")
    return (f"{title}, median over median (below 1: {ours} cheaper) [95% paired bootstrap "
            "interval over the boards]: " + "; ".join(words) + ".")


@contextmanager
def revision_tree(rev: str) -> Iterator[tuple[str, str]]:
    """A temporary git worktree of ``rev`` outside the repository: yields (short hash, path),
    and removes the worktree at the end."""
    repo = Path(__file__).resolve().parents[1]
    short = subprocess.run(["git", "-C", str(repo), "rev-parse", "--short", f"{rev}^{{commit}}"],
                           check=True, capture_output=True, text=True).stdout.strip()
    parent = tempfile.mkdtemp(prefix="dominosa-lab-")
    tree = os.path.join(parent, short)
    subprocess.run(["git", "-C", str(repo), "worktree", "add", "--detach", tree, short],
                   check=True, capture_output=True)
    try:
        yield short, tree
    finally:
        subprocess.run(["git", "-C", str(repo), "worktree", "remove", "--force", tree],
                       check=False, capture_output=True)
        shutil.rmtree(parent, ignore_errors=True)


def solver_list(parser: argparse.ArgumentParser, text: str, rev: str | None) -> list[str]:
    """The solvers named in ``text`` (comma-separated), checked; ``fast`` is needed for
    ``--base``."""
    solvers = [name for name in text.split(",") if name]
    unknown = [name for name in solvers if name not in SOLVERS]
    if unknown or not solvers:
        parser.error(f"--solvers: {', '.join(unknown) or 'none'} not among {', '.join(SOLVERS)}")
    if rev is not None and "fast" not in solvers:
        parser.error("--base compares ours at two revisions: --solvers must include fast")
    return solvers


@contextmanager
def with_base(solvers: list[str], rev: str | None) -> Iterator[tuple[list[str], dict, str]]:
    """Without ``rev``: ``solvers``. With it: ``solvers`` with ``fast@<rev's hash>`` after
    ``fast``, run from a temporary worktree of ``rev`` (removed at the end). Yields the
    solvers, the checkout of each that is not this one, and a sentence for the results."""
    if rev is None:
        yield solvers, {}, ""
        return
    with revision_tree(rev) as (short, tree):
        name = f"fast@{short}"
        at = solvers.index("fast") + 1
        note = (f" `{name}` is the default method at `{rev}` ({short}), imported from a "
                "temporary worktree of that revision, its numba cache compiled there during "
                "the warm-up.")
        yield [*solvers[:at], name, *solvers[at:]], {name: tree}, note


def machine() -> str:
    """The machine and the versions, for the record."""
    load = os.getloadavg()
    versions = ", ".join(f"{name} {metadata.version(VERSIONS[name])}" for name in SOLVERS
                         if name != "fast")
    return (f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores (shared), "
            f"load average {load[0]:.1f}; Python {platform.python_version()}, numba "
            f"{metadata.version('numba')}; peers: {versions}")


def stamp(script: str, started: str) -> str:
    """Which benchmark wrote the results and when, the machine (``started``: :func:`machine`
    at the start) and the load average now."""
    return (f"Written by `benchmarks/{script}` on {time.strftime('%Y-%m-%d %H:%M')}. At the "
            f"start: {started} At the end: load average {os.getloadavg()[0]:.1f}.")


def run_parser(doc: str, sizes, boards: int, seed0: int, timeout: float, solvers,
               out: str) -> argparse.ArgumentParser:
    """The options of a run over boards and solvers, with these defaults: ``--sizes``,
    ``--boards``, ``--seed0``, ``--timeout``, ``--solvers``, ``--base``, ``--out``."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--sizes", default=",".join(map(str, sizes)))
    parser.add_argument("--boards", type=int, default=boards)
    parser.add_argument("--seed0", type=int, default=seed0)
    parser.add_argument("--timeout", type=float, default=timeout)
    parser.add_argument("--solvers", default=",".join(solvers),
                        help=f"the solvers to run, comma-separated, of {', '.join(SOLVERS)}")
    parser.add_argument("--base", metavar="REV",
                        help="also run ours at git revision REV (fast@REV), same boards")
    parser.add_argument("--out", default=out, help="the results' file name, without suffix")
    return parser


def main() -> None:
    """Run the benchmark and write its tables."""
    parser = run_parser(__doc__, SIZES, 10, 1000, 60.0, SOLVERS, "peers")
    parser.add_argument("--large", default="100", help="sizes run for ours alone")
    parser.add_argument("--large-boards", type=int, default=5)
    parser.add_argument("--repeats", type=int, default=5,
                        help=f"runs per board solved in under {REPEAT_BELOW:g} s (median taken)")
    args = parser.parse_args()
    solvers = solver_list(parser, args.solvers, args.base)
    started = machine()
    sizes = [int(s) for s in args.sizes.split(",") if s]
    large = [int(s) for s in args.large.split(",") if s] if "fast" in solvers else []
    with with_base(solvers, args.base) as (solvers, trees, note):
        run(args, sizes, large, solvers, trees, started + "." + note)
    print((RESULTS / f"{args.out}.md").read_text())


def run(args: argparse.Namespace, sizes: list[int], large: list[int], solvers: list[str],
        trees: dict, started: str) -> None:
    """Measure ``solvers`` (ours alone, and at the base, on the ``large`` sizes), writing the
    tables after each N."""

    def write(frame: pd.DataFrame, prefix: pd.DataFrame | None = None) -> None:
        frame = frame if prefix is None else pd.concat([prefix, frame], ignore_index=True)
        text = (f"# Dominosa: the default method and general-purpose solvers\n\n"
                f"{stamp('bench_peers.py', started)}\n\n"
                f"{args.boards} random planted boards per N (seeds {args.seed0}-"
                f"{args.seed0 + args.boards - 1}; N in {args.large or 'none'}: "
                f"{args.large_boards} boards, ours alone), timeout {args.timeout:g} s (counted "
                f"as {args.timeout:g} s). A board solved in under {REPEAT_BELOW:g} s is solved "
                f"{args.repeats} times in a row, its time the median (the first run's time is "
                f"`first_seconds` in the CSV). exact-cover cannot stop at two solutions, so it "
                f"only solves.\n" + tables(frame, args.timeout) + "\n")
        write_results(args.out, frame, text)

    frame = measure(sizes, args.boards, args.seed0, args.timeout, solvers, write, args.repeats,
                    trees=trees)
    if large:
        ours = [name for name in solvers if family(name) == "fast"]
        measure(large, args.large_boards, args.seed0, args.timeout, ours,
                lambda alone: write(alone, frame), args.repeats, trees=trees)


if __name__ == "__main__":
    main()
