"""The hand-over's solver: CaDiCaL (python-sat) against solvers with stable releases, one run.

The boards are those of ``benchmarks/bench_proofs.py``'s ``transposed`` and ``adjacent``
families at ``--n`` (default 40 and 60; ``--boards`` per N, its seeds): planted boards with two
squares exchanged, which the engine does not refute within ``handover_conflicts`` conflicts as a
rule. Each board gets what ``solve`` gives it: the model, level 0 (probing as ``solve`` decides),
the belief guide and the engine until it has found a solution or spent ``handover_conflicts``
conflicts. A board handed over is then put, once in this process, to each solver of
``--solvers`` (their order turned by one place from board to board, so that a change of load
hits every solver alike), as the hand-over asks it: the options left open at level 0, exactly
one per item (:func:`~dominosa_lab.solvers.engine.handover.exact_one_clauses`), one answer.
Every answer is checked (an exact cover, or "none" from every solver alike). A solver's time is
the processor seconds (``time.process_time``) of building it and solving, which waiting for the
processor while other processes run does not stretch; a solver past ``--timeout`` such seconds
counts as the timeout (CP-SAT's own limit is in wall-clock seconds, so on a busy machine it stops
after fewer processor seconds than the others, and its timeouts count as the timeout all the
same).

The solvers: ``cadical``, CaDiCaL 1.9.5 (python-sat's ``Cadical195``); ``cryptominisat``,
CryptoMiniSat (``pycryptosat``); ``cp-sat``, OR-Tools' CP-SAT with one worker (one Boolean per
option, exactly one, or at most one for a secondary item, per item); the SAT solvers with the
pairwise clauses of the hand-over. Whether the relaxation
(:func:`~dominosa_lab.solvers.engine.relax.fractional_cover_exists`) refutes the board, so that
the hand-over asks no solver at all, is in the column ``relaxation`` ("refutes" or "passes"):
the rows it passes are the ones the hand-over's solver really meets. The import of each solver's
module, in a fresh interpreter, is measured apart (``--imports`` runs, median).

    python benchmarks/bench_handover.py --timeout 30      # about an hour on 2 busy cores
    python benchmarks/bench_handover.py --n 40 --boards 2 --out handover_smoke

Writes ``benchmarks/results/handover.md`` and ``handover.csv`` (one row per board and solver), or
the ``--out`` name.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from importlib import metadata

import numpy as np
import pandas as pd
from bench_peers import machine, stamp, write_results
from bench_proofs import SEED0, board
from ortools.sat.python import cp_model
from pycryptosat import Solver
from pysat.solvers import Cadical195

from dominosa_lab import random_puzzle
from dominosa_lab.core.search import Search
from dominosa_lab.solvers.engine.handover import exact_one_clauses
from dominosa_lab.solvers.engine.relax import fractional_cover_exists
from dominosa_lab.solvers.engine.settings import SETTINGS
from dominosa_lab.solvers.engine.state import CoverModel
from dominosa_lab.solvers.fast import SETTINGS as FAST_SETTINGS
from dominosa_lab.solvers.fast import _level_zero
from dominosa_lab.solvers.fast.dominosa import DominosaCover


def cadical(model: CoverModel, value: np.ndarray, timeout: float) -> list[int] | str | None:
    """CaDiCaL 1.9.5 through python-sat: the true variables, None (no model) or "timeout"."""
    with Cadical195(bootstrap_with=exact_one_clauses(model, value)) as sat:

        def step() -> bool | None:
            sat.conf_budget(SETTINGS.sat_slice)
            return sat.solve_limited()

        answer = _sliced(step, timeout)
        if answer is True:
            return [lit for lit in sat.get_model() if lit > 0]
        return answer


def cryptominisat(model: CoverModel, value: np.ndarray, timeout: float) -> list[int] | str | None:
    """CryptoMiniSat through pycryptosat, in this process, the same clauses."""
    sat = Solver()
    sat.add_clauses(exact_one_clauses(model, value))
    found: list[tuple] = []

    def step() -> bool | None:
        answer, assignment = sat.solve(confl_limit=SETTINGS.sat_slice)
        found.append(assignment)
        return answer

    answer = _sliced(step, timeout)
    if answer is True:
        return [v for v in range(1, len(found[-1])) if found[-1][v]]
    return answer


def _sliced(step, timeout: float) -> bool | str | None:
    """``step()`` (one slice of ``sat_slice`` conflicts: True, False or None when unfinished)
    until it answers, as the hand-over asks: True, None for no model, or "timeout" after
    ``timeout`` processor seconds."""
    start = time.process_time()
    while True:
        answer = step()
        if answer is not None:
            return answer or None
        if time.process_time() - start > timeout:
            return "timeout"


def cpsat(model: CoverModel, value: np.ndarray, timeout: float) -> list[int] | str | None:
    """CP-SAT with one worker: a Boolean per open option, exactly one per primary item left."""
    m = cp_model.CpModel()
    x = {int(q): m.new_bool_var(f"x{q}") for q in np.flatnonzero(value == -1)}
    for i in range(model.n_items):
        options = model.item_options[model.item_start[i]:model.item_start[i + 1]]
        if (value[options] == 1).any():
            continue
        open_ = [x[int(q)] for q in options if value[q] == -1]
        if model.primary[i]:
            m.add_exactly_one(open_)
        elif len(open_) > 1:
            m.add_at_most_one(open_)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = timeout
    status = solver.solve(m)
    if status == cp_model.INFEASIBLE:
        return None
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return "timeout"
    return [q + 1 for q, var in x.items() if solver.boolean_value(var)]


SOLVERS = {"cadical": cadical, "cryptominisat": cryptominisat, "cp-sat": cpsat}
PACKAGES = {"cadical": "python-sat", "cryptominisat": "pycryptosat", "cp-sat": "ortools"}
#: What each solver's module costs at first use: its import statement above.
IMPORTS = {"cadical": "from pysat.solvers import Cadical195",
           "cryptominisat": "from pycryptosat import Solver",
           "cp-sat": "from ortools.sat.python import cp_model"}


def handed_over(puzzle) -> tuple[CoverModel, np.ndarray] | None:
    """The engine's model of ``puzzle`` and its level-0 values at the hand-over, as ``solve``
    reaches it, or None when the engine finishes first."""
    cover = DominosaCover(puzzle)
    engine = cover.engine(Search())
    _level_zero(engine, cover, cover.model.n_options <= FAST_SETTINGS.probe_max_placements)
    engine.hand_over_at = SETTINGS.handover_conflicts
    for _ in engine.covers():
        return None
    return None if engine.handed_over is None else (engine.model, engine.handed_over)


def exact_cover(model: CoverModel, value: np.ndarray, true: list[int]) -> bool:
    """Whether the options true at level 0 and those of ``true`` (variables) form an exact
    cover."""
    chosen = np.concatenate((np.flatnonzero(value == 1), np.asarray(true, np.int64) - 1))
    count = np.bincount(np.concatenate([model.items_of(int(q)) for q in chosen]),
                        minlength=model.n_items)
    return bool((count <= 1).all() and (count[model.primary == 1] == 1).all())


def measure(args: argparse.Namespace, done) -> pd.DataFrame:
    """One row per (family, N, board handed over, solver); ``done(frame)`` after each board."""
    rows: list[dict] = []
    warm = DominosaCover(random_puzzle(4, seed=0).puzzle).model
    for solver in args.solvers:  # untimed: a solver's first call in a process sets itself up
        SOLVERS[solver](warm, np.full(warm.n_options, -1), args.timeout)
    turn = 0
    for name in ("transposed", "adjacent"):
        for n in args.n:
            for k in range(args.boards):
                puzzle, _ = board(name, n, k)
                handed = handed_over(puzzle)
                if handed is None:
                    print(f"{name} N={n} k={k}: not handed over", flush=True)
                    continue
                model, value = handed
                passes = fractional_cover_exists(model, Search(), value, whole=True)
                order = args.solvers[turn % len(args.solvers):] + args.solvers[
                    :turn % len(args.solvers)]
                turn += 1
                answers = {}
                for solver in order:
                    start = time.process_time()
                    answer = SOLVERS[solver](model, value, args.timeout)
                    cpu = time.process_time() - start
                    answers[solver] = answer
                    status = ("timeout" if answer == "timeout" else "no_solution"
                              if answer is None else "solved")
                    if status == "solved" and not exact_cover(model, value, answer):
                        raise RuntimeError(f"{solver}'s model is not an exact cover")
                    rows.append({"family": name, "n": n, "seed": SEED0[name] + 100 * n + k,
                                 "solver": solver, "relaxation": "passes" if passes
                                 else "refutes", "open_options": int((value == -1).sum()),
                                 "status": status,
                                 "cpu_seconds": args.timeout if status == "timeout" else cpu})
                    print(f"{name} N={n} k={k} {solver}: {status} {cpu:.3f} s", flush=True)
                verdicts = {a is None for a in answers.values() if a != "timeout"}
                if len(verdicts) > 1:
                    raise RuntimeError(f"the solvers disagree on {name} N={n} k={k}")
                done(pd.DataFrame(rows))
    return pd.DataFrame(rows)


def imports(solvers: list[str], runs: int) -> dict[str, float]:
    """Per solver, the median processor seconds of its import in a fresh interpreter, beyond
    the interpreter's own start."""
    code = ("import time; t = time.process_time(); {}; "
            "print(time.process_time() - t)")
    out = {}
    for solver in solvers:
        times = [float(subprocess.run([sys.executable, "-c", code.format(IMPORTS[solver])],
                                      capture_output=True, text=True, check=True).stdout)
                 for _ in range(runs)]
        out[solver] = statistics.median(times)
    return out


def _seconds(t: float) -> str:
    """Seconds, in ms below one."""
    return f"{t * 1000:.1f} ms" if t < 1 else f"{t:.2f} s"


def table(frame: pd.DataFrame) -> str:
    """Markdown: per family, N and the relaxation's verdict, each solver's median (worst)
    processor seconds and timeouts, and each solver over CaDiCaL per board (:func:`ratio`);
    then the ratios over all the boards."""
    solvers = list(dict.fromkeys(frame["solver"]))
    others = [s for s in solvers if s != "cadical"]
    head = ["family", "N", "relaxation", "boards", *solvers,
            *(f"{s} / cadical per board" for s in others)]
    lines = ["| " + " | ".join(head) + " |", "|---" * len(head) + "|"]
    for (name, n, verdict), at in frame.groupby(["family", "n", "relaxation"], sort=False):
        cells = []
        for s in solvers:
            mine = at[at["solver"] == s]
            late = int((mine["status"] == "timeout").sum())
            cells.append(f"{_seconds(mine['cpu_seconds'].median())} "
                         f"({_seconds(mine['cpu_seconds'].max())})"
                         + (f" [{late} timeouts]" if late else ""))
        cells += [ratio(at, s) for s in others]
        lines.append(f"| {name} | {n} | {verdict} | {at['seed'].nunique()} | "
                     + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n\nOver all the boards: " + "; ".join(
        f"{s} / cadical {ratio(frame, s)}" for s in others) + "."


def ratio(frame: pd.DataFrame, solver: str) -> str:
    """``solver``'s seconds over CaDiCaL's per board of ``frame`` that both answered: the median
    [the lowest, the highest], and how many boards; or "-"."""
    key = ["family", "n", "seed"]
    mine = frame[frame["solver"] == solver].set_index(key)
    theirs = frame[frame["solver"] == "cadical"].set_index(key)
    both = (mine["status"] != "timeout") & (theirs["status"] != "timeout")
    ratios = (mine["cpu_seconds"] / theirs["cpu_seconds"])[both]
    if ratios.empty:
        return "-"
    return f"{ratios.median():.2f}x [{ratios.min():.2f}, {ratios.max():.2f}], {len(ratios)} boards"


def main() -> None:
    """Run the benchmark and write its table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, nargs="+", default=[40, 60])
    parser.add_argument("--boards", type=int, default=10)
    parser.add_argument("--solvers", nargs="+", choices=list(SOLVERS), default=list(SOLVERS))
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--imports", type=int, default=5)
    parser.add_argument("--out", default="handover")
    args = parser.parse_args()
    started = machine() + "; " + ", ".join(
        f"{s} ({PACKAGES[s]} {metadata.version(PACKAGES[s])})" for s in args.solvers) + "."
    loaded = imports(args.solvers, args.imports)
    note = (f"{args.boards} boards per family and N (N in {' '.join(map(str, args.n))}), "
            f"hand-over after `handover_conflicts` = {SETTINGS.handover_conflicts} conflicts, "
            f"timeout {args.timeout:g} processor seconds. Median (worst) processor seconds "
            "of building and solving, per board handed over (a timeout counts as the "
            "timeout). Import, in a fresh interpreter (median of "
            f"{args.imports}): " + ", ".join(f"{s} {_seconds(t)}" for s, t in loaded.items())
            + ".")

    def write(frame: pd.DataFrame) -> None:
        write_results(args.out, frame, "# The hand-over's solver\n\n"
                      f"{stamp('bench_handover.py', started)}\n\n{note}\n\n"
                      f"{table(frame)}\n")

    measure(args, write)
    print(f"benchmarks/results/{args.out}.md written")


if __name__ == "__main__":
    main()
