"""What a user pays for the first solve of a new board: ours against the peers, once per board.

``bench_peers.py`` solves a board under 0.05 s five times in a row and keeps the median,
so what a solver keeps between two solves of one board serves the later runs. Here every
board is new to every solver and is solved **exactly once**: N = 6, 8, 10, 15, 20, 30, 40,
``--boards`` random planted boards per N (``random_puzzle(N, seed=seed).puzzle``, seeds ``--seed0``
on, none of them seen before by any worker), the tasks "solve" and "count to two", ours
(``fast``) against xcover, exact-cover, CaDiCaL and Glucose (CP-SAT with ``--solvers``).
The solvers, workers, checks and tables are ``bench_peers``'s (the same long-lived process
per solver, boards handed to the solvers in turn, a time is build + solve from the rows of
numbers measured inside the worker). Every worker is warmed up first on boards of other
seeds; ours also on one board of every N of the run (seed 0), because parts of it switch on
with the board's size (the blocked-option rule's table, belief propagation) and their
compiled code is loaded on first use, once per process, which the peers do not have. Each
task ends with ours over xcover's median per N and its 95% bootstrap interval over the
boards (the goal: at most 1 from N = 6 on), in wall time and in the worker's processor time
(on a loaded machine, waiting for the processor stretches long solves more than short
ones). ``--base REV`` adds ours at another revision, as in ``bench_peers``.

``--profile`` (N = 6, 10, 15, or the N given) measures instead where ours spends a first
solve: in this process, warm, ``--profile-boards`` new boards per N solved once each, back
to back, with a clock around each step of the default method's path (argument checks, the
``Puzzle``, the compiled board, the rule's table, the engine's arrays, the level-0 kernel,
belief propagation, the search kernel, the counters, the ``Solution``, the stream around
them), each step's own time without the steps inside it; the same number of other new
boards solved without the clocks gives the plain cost to set the sum against. A step that a
revision does not have is left out and its time counted in its caller.

    PYTHONPATH=. python benchmarks/bench_first_solve.py        # about half an hour under load
    PYTHONPATH=. python benchmarks/bench_first_solve.py --sizes 6,10 --boards 3 --timeout 5 \\
        --out smoke                                             # a smoke test (not committed)
    PYTHONPATH=. python benchmarks/bench_first_solve.py --profile      # N = 6, 10, 15

Writes ``benchmarks/results/first_solve.md`` and ``first_solve.csv`` (one row per solver,
task and board), or the ``--out`` name; ``--profile`` writes ``first_solve.profile.md``.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import time
from collections import defaultdict
from collections.abc import Callable
from functools import wraps

import pandas as pd
from bench_peers import (
    RESULTS,
    WARM,
    family,
    machine,
    measure,
    run_parser,
    solver_list,
    stamp,
    tables,
    with_base,
    write_results,
)

import dominosa_lab
from dominosa_lab import random_puzzle

SIZES = (6, 8, 10, 15, 20, 30, 40)
SOLVERS = ("fast", "xcover", "exact-cover", "cadical", "glucose")
PROFILE_SIZES = (6, 10, 15)
#: The steps of a solve by the default method that ``--profile`` times: (what it is, module,
#: name there; a module-level name is replaced where its callers look it up). Both the engine's
#: modules before (``core/cover.py``, ``logic/compiled.py``) and after it became the package
#: ``solvers/fast/`` are listed, so the profile runs on either (with ``PYTHONPATH`` at its
#: tree); a step whose module or name a revision lacks is left out.
STEPS = (
    ("rows to a Puzzle (checks, number balance)", "dominosa_lab.core.puzzle", "Puzzle.__init__"),
    ("Search (budget checks)", "dominosa_lab.core.search", "Search.__init__"),
    ("board: rows array, class items, shape", "dominosa_lab.logic.compiled",
     "DominosaCover.__init__"),
    ("board: build kernel [compiled]", "dominosa_lab.logic.compiled", "build"),
    ("board: CoverModel.from_arrays", "dominosa_lab.core.cover", "CoverModel.from_arrays"),
    ("board: the rule's table", "dominosa_lab.core.cover", "rule_table"),
    ("engine: state arrays (CoverSearch)", "dominosa_lab.core.cover", "CoverSearch.__init__"),
    ("level 0: root kernel, Hall sets, probing [compiled]", "dominosa_lab.logic.compiled",
     "root_kernel"),
    ("level 0: settling its outcome", "dominosa_lab.core.cover", "CoverSearch._settle"),
    ("level 0: the caller (imports, thresholds)", "dominosa_lab.solvers.fast", "_level_zero"),
    ("belief propagation", "dominosa_lab.core.beliefs", "log_odds"),
    ("search kernel run [compiled]", "dominosa_lab.core._cover_kernel", "run"),
    ("counters copied to the Search", "dominosa_lab.core.cover", "CoverSearch._report"),
    ("Solution (placements looked up, sorted)", "dominosa_lab.core.puzzle", "Solution.__init__"),
    ("the stream: collect, the generators, SearchResult", "dominosa_lab.solvers.run", "collect"),
    ("board: view, values, cover_lists kernel (DominosaCover)",
     "dominosa_lab.solvers.fast.dominosa", "DominosaCover.__init__"),
    ("board: the rule's table", "dominosa_lab.solvers.fast.dominosa", "rule_table"),
    ("engine: state arrays (CoverSearch)", "dominosa_lab.solvers.engine.search",
     "CoverSearch.__init__"),
    ("level 0: root kernel, Hall sets, probing [compiled]", "dominosa_lab.solvers.fast.dominosa",
     "root_deductions"),
    ("level 0: settling its outcome", "dominosa_lab.solvers.engine.search", "CoverSearch._settle"),
    ("level 0: the caller (imports, thresholds)", "dominosa_lab.solvers.fast", "_level_zero"),
    ("belief propagation", "dominosa_lab.solvers.engine.beliefs", "log_odds"),
    ("counters copied to the Search", "dominosa_lab.solvers.engine.search", "CoverSearch._report"),
)
TOP = "solve(): method, options, limit checks"


def main() -> None:
    """Run the first-solve benchmark, or with ``--profile`` the profile, and write its tables."""
    parser = run_parser(__doc__, SIZES, 20, 5000, 20.0, SOLVERS, "first_solve")
    parser.add_argument("--profile", metavar="SIZES", nargs="?",
                        const=",".join(map(str, PROFILE_SIZES)),
                        help="profile ours at these N instead (alone: %(const)s)")
    parser.add_argument("--profile-boards", type=int, default=500)
    args = parser.parse_args()
    RESULTS.mkdir(exist_ok=True)
    if args.profile:
        sizes = [int(s) for s in args.profile.split(",") if s]
        text = profile_report(sizes, args.profile_boards, args.seed0)
        (RESULTS / f"{args.out}.profile.md").write_text(text)
    else:
        benchmark(args, solver_list(parser, args.solvers, args.base))
        text = (RESULTS / f"{args.out}.md").read_text()
    print(text)


def benchmark(args: argparse.Namespace, solvers: list[str]) -> None:
    """Every board solved once by every solver, the tables written after each N."""
    started = machine()
    sizes = [int(s) for s in args.sizes.split(",") if s]
    with with_base(solvers, args.base) as (solvers, trees, note):
        warm = {name: WARM + tuple((n, 0) for n in sizes) if family(name) == "fast" else WARM
                for name in solvers}

        def write(frame: pd.DataFrame) -> None:
            text = (f"# Dominosa: the first solve of a new board\n\n"
                    f"{stamp('bench_first_solve.py', started + '.' + note)}\n\n"
                    f"{args.boards} random planted boards per N (seeds {args.seed0}-"
                    f"{args.seed0 + args.boards - 1}), each solved exactly once by each solver "
                    f"in a warm worker that had not seen it; timeout {args.timeout:g} s "
                    f"(counted as {args.timeout:g} s). exact-cover cannot stop at two "
                    f"solutions, so it only solves.\n"
                    + tables(frame, args.timeout, against=("xcover",)) + "\n")
            write_results(args.out, frame, text)

        measure(sizes, args.boards, args.seed0, args.timeout, solvers, write, 1, warm, trees)


# ----------------------------------------------------------------------------- the profile


class Clocks:
    """Per step, its own time (without the clocked steps inside it)."""

    def __init__(self) -> None:
        self.own: dict[str, float] = defaultdict(float)
        self._inside: list[float] = []  # per open step, the time of the clocked steps in it

    def wrap(self, label: str, function: Callable) -> Callable:
        """``function`` with a clock around it that books its own time to ``label``."""

        @wraps(function)
        def clocked(*args, **kwargs):
            start = time.perf_counter()
            self._inside.append(0.0)
            try:
                return function(*args, **kwargs)
            finally:
                spent = time.perf_counter() - start
                inner = self._inside.pop()
                self.own[label] += spent - inner
                if self._inside:
                    self._inside[-1] += spent

        return clocked


def _install(clocks: Clocks) -> list[tuple[object, str, object]]:
    """Put a clock around every step of :data:`STEPS` this revision has; returns what to put
    back (owner, name, original)."""
    undo = []
    for label, module_name, dotted in STEPS:
        *path, name = dotted.split(".")
        try:
            owner = importlib.import_module(module_name)
        except ModuleNotFoundError:
            continue
        for part in path:
            owner = getattr(owner, part)
        original = vars(owner).get(name) if path else getattr(owner, name, None)
        if original is None:
            continue
        if isinstance(original, classmethod):
            replacement = classmethod(clocks.wrap(label, original.__func__))
        else:
            replacement = clocks.wrap(label, original)
        setattr(owner, name, replacement)
        undo.append((owner, name, original))
    return undo


def profile(n: int, boards: int, seed0: int) -> tuple[dict[str, float], float]:
    """Per step, the median over ``boards`` new boards of double-``n`` (each solved once, with
    clocks) of its own time in a solve, and the median plain solve of as many other new boards
    (seconds). Medians: a solve that the other processes interrupt moves no step."""
    made = [random_puzzle(n, seed=seed0 + k).puzzle.rows for k in range(2 * boards)]
    plain = []
    for rows in made[:boards]:
        start = time.perf_counter()
        dominosa_lab.solve(rows)
        plain.append(time.perf_counter() - start)
    clocks = Clocks()
    solve = clocks.wrap(TOP, dominosa_lab.solve)
    undo = _install(clocks)  # after the boards are made: making one builds a Puzzle too
    per_solve = []
    try:
        for rows in made[boards:]:
            solve(rows)
            per_solve.append(dict(clocks.own))
            clocks.own.clear()
    finally:
        for owner, name, original in reversed(undo):
            setattr(owner, name, original)
    labels = {label for own in per_solve for label in own}
    return ({label: statistics.median(own.get(label, 0.0) for own in per_solve)
             for label in labels}, statistics.median(plain))


def profile_report(sizes: list[int], boards: int, seed0: int) -> str:
    """Markdown: the steps ranked by their summed share of a first solve over ``sizes``."""
    for n, seed in WARM + tuple((n, 0) for n in sizes):
        dominosa_lab.solve(random_puzzle(n, seed=seed).puzzle.rows, limit=2)
    runs = {n: profile(n, boards, seed0) for n in sizes}
    totals = {n: sum(own.values()) for n, (own, _) in runs.items()}
    labels = sorted({label for own, _ in runs.values() for label in own},
                    key=lambda label: -sum(own.get(label, 0.0) / totals[n]
                                           for n, (own, _) in runs.items()))
    out = [f"# Dominosa: where the default method's first solve of a new board goes\n\n"
           f"Written by `benchmarks/bench_first_solve.py --profile` on "
           f"{time.strftime('%Y-%m-%d %H:%M')}; {machine()}.\n\n"
           f"A warm process; per N, {boards} new planted boards (seeds {seed0 + boards}-"
           f"{seed0 + 2 * boards - 1}) solved once each, back to back, with a clock around each "
           f"step: its own time in a solve (the median over the boards, µs) and its share of "
           f"the steps' sum. The plain solve is the median over seeds {seed0}-"
           f"{seed0 + boards - 1}, without clocks. [compiled]: numba kernels, their call "
           f"included.\n",
           "| step | " + " | ".join(f"N={n}" for n in sizes) + " |",
           "|---" * (len(sizes) + 1) + "|"]
    for label in labels:
        cells = [f"{own.get(label, 0.0) * 1e6:.1f} ({own.get(label, 0.0) / totals[n]:.0%})"
                 for n, (own, _) in runs.items()]
        out.append(f"| {label} | " + " | ".join(cells) + " |")
    out.append("| **the steps' sum** | " + " | ".join(f"{totals[n] * 1e6:.1f}" for n in sizes)
               + " |")
    out.append("| **plain solve** | " + " | ".join(f"{plain * 1e6:.1f}"
                                                   for _, plain in runs.values()) + " |")
    compiled = {n: sum(t for label, t in own.items() if "[compiled]" in label) / totals[n]
                for n, (own, _) in runs.items()}
    out.append("\nCompiled kernels' share of the steps' sum: "
               + "; ".join(f"N={n}: {share:.0%}" for n, share in compiled.items()) + ".\n")
    return "\n".join(out)


if __name__ == "__main__":
    main()
