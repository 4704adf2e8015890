"""Proving "no solution" (and "no second solution"): the default method and its peers, one run.

Four families of boards, ``--boards`` per N, from fixed seeds (:data:`SEED0`, board ``k`` of
a family at N has seed ``SEED0[family] + 100 * N + k``; boards ``--first`` on, 0 by default):

* ``transposed``: a planted board (``random_puzzle(N, seed=seed)``) with the numbers of two squares
  of different numbers exchanged (``random_cell_swap``): every number still occurs N + 2
  times, and almost always the board has no solution;
* ``adjacent``: the same with two neighbouring squares of two planted dominoes, the slip of a
  person typing a board;
* ``shuffled``: the double-N numbers in a uniformly random order (``shuffled_puzzle``);
* ``unique``: a board of our generator (``unique_puzzle(N, grade="basic")``), counted to two:
  the proof is that no second solution exists.

Every solver gets each board in a worker process of its own that solved warm-up boards first
(the workers of ``benchmarks/bench_peers.py``, whose peers are used plainly as described there),
with a time limit of ``--timeout`` seconds; a timeout counts as the timeout. A solver that timed
out on more than half of one (family, N)'s boards is not run at larger N of that family: its rows
there say ``not run`` (no seconds), and the tables say so rather than count a timeout.
The tables give per family and N the median (worst) seconds of each solver, the timeouts, and
ours over the best peer's median and worst (below 1: ours faster).

    python benchmarks/bench_proofs.py                       # the full run: hours on 2 cores
    python benchmarks/bench_proofs.py --n 10 20 --boards 3 --families transposed \\
        --solvers fast cadical --out proofs_smoke          # a quick look
    python benchmarks/bench_proofs.py --base main --solvers fast   # ours before and after
    python benchmarks/bench_proofs.py --n 40 --families transposed adjacent --boards 40 \
        --first 60 --out proofs_40_held_out    # boards no setting was chosen on

Writes ``benchmarks/results/proofs.md`` and ``proofs.csv`` (one row per family, board and
solver; ``swapped`` names the exchanged squares of a transposed board), or the ``--out`` name.
``bench_reasons.py`` measures why these boards have no solution. ``--append`` keeps the rows
of an earlier run in the results (a run in parts). ``--ideas`` measures instead, on the
transposed boards, the engine with one part changed at a time (probing at level 0, no belief
guide, the guide for the first conflicts only, no blocked-option rule), ``solve`` with the
hand-over (the relaxation, then the SAT solver) after several numbers of conflicts or none, the
tiling deduction after our level 0, and CaDiCaL on the model that our level 0 leaves against CaDiCaL
on the plain model (``proofs_ideas.md``).
"""

from __future__ import annotations

import argparse
import math
import time
from pathlib import Path

import numpy as np
import pandas as pd
from bench_peers import (
    SOLVERS,
    Worker,
    _cell,
    family,
    machine,
    report,
    stamp,
    with_base,
    write_results,
)

from dominosa_lab import Puzzle, random_puzzle, unique_puzzle
from dominosa_lab.boards import shuffled_puzzle, swap_cells

RESULTS = Path(__file__).parent / "results"
FAMILIES = ("transposed", "adjacent", "shuffled", "unique")
SIZES = {"transposed": (10, 20, 40, 60, 100, 150), "adjacent": (10, 20, 40, 60, 100, 150),
         "shuffled": (10, 20, 40, 60, 100), "unique": (10, 20, 40, 60, 100)}
#: The first seed of each family (board k at N: SEED0 + 100 N + k).
SEED0 = {"transposed": 50_000, "adjacent": 60_000, "shuffled": 70_000, "unique": 80_000}
#: Solutions asked for: one (a proof that there is none), or two (a proof of uniqueness).
LIMIT = {"transposed": 1, "adjacent": 1, "shuffled": 1, "unique": 2}
#: The status of a solver not given a board: it timed out on more than half the boards of a
#: smaller N of the family.
NOT_RUN = "not run"
PEERS = ("fast", "cp-sat", "cadical", "glucose")
#: (N, seed) of a transposed board with no solution that every worker proves once, untimed,
#: before the first timed board: the first refutation in a process loads from numba's cache the
#: compiled steps that planted boards (the workers' warm-up) do not use, a start-up cost (about
#: 10 ms), not a board's.
WARM_NO_SOLUTION = (10, 1)


def transposed(n: int, seed: int, adjacent: bool) -> tuple[Puzzle, tuple]:
    """A planted board with two squares of different numbers exchanged (neighbours when
    ``adjacent``, never the two halves of one planted domino, which would only turn it round),
    and the two squares."""
    puzzle, solution = random_puzzle(n, seed=seed)
    planted = {frozenset(pl.cells) for pl in solution.placements}
    rng = np.random.default_rng(seed)
    cells = puzzle.cells
    on_board = set(cells)
    while True:
        a = cells[rng.integers(len(cells))]
        if adjacent:
            step = ((0, 1), (1, 0), (0, -1), (-1, 0))[rng.integers(4)]
            b = (a[0] + step[0], a[1] + step[1])
        else:
            b = cells[rng.integers(len(cells))]
        if (b in on_board and puzzle.value(a) != puzzle.value(b)
                and frozenset((a, b)) not in planted):
            return swap_cells(puzzle, a, b), (a, b)


def board(name: str, n: int, k: int) -> tuple[Puzzle, tuple]:
    """Board ``k`` of family ``name`` at ``n``, and its exchanged squares (if any)."""
    seed = SEED0[name] + 100 * n + k
    if name in ("transposed", "adjacent"):
        return transposed(n, seed, adjacent=name == "adjacent")
    if name == "shuffled":
        return shuffled_puzzle(n, seed=seed), ()
    made = unique_puzzle(n, grade="basic", seed=seed, time_limit=None)
    return made.puzzle, ()


def measure(args: argparse.Namespace, solvers: list[str], trees: dict, done) -> pd.DataFrame:
    """One row per (family, N, board, solver); ``done(frame)`` after each (family, N)."""
    workers = {name: Worker(name, tree=trees.get(name)) for name in solvers}
    rows: list[dict] = []
    try:
        warm = transposed(*WARM_NO_SOLUTION, adjacent=False)[0].rows
        for worker in workers.values():
            worker.run(warm, 1, args.timeout, 1)
        for name in args.families:
            given_up: set[str] = set()
            for n in [n for n in args.n if n in SIZES[name]]:
                timeouts = dict.fromkeys(solvers, 0)
                for k in range(args.first, args.first + args.boards):
                    puzzle, swapped = board(name, n, k)
                    for solver in solvers:
                        record = _run(workers[solver], puzzle, LIMIT[name], args.timeout,
                                      solver in given_up)
                        timeouts[solver] += record["status"] == "timeout"
                        rows.append({"family": name, "n": n, "seed": SEED0[name] + 100 * n + k,
                                     "solver": solver, **record, "swapped": swapped or ""})
                        print(f"{name} N={n} k={k} {solver}: {record['status']} "
                              f"{record['seconds']:.3f} s", flush=True)
                given_up |= {s for s, count in timeouts.items() if count > args.boards // 2}
                done(pd.DataFrame(rows))
    finally:
        for worker in workers.values():
            worker.close()
    return pd.DataFrame(rows)


def _run(worker: Worker, puzzle: Puzzle, limit: int, timeout: float, skip: bool) -> dict:
    """One solver on one board: status ("no_solution", "solved" with the count of solutions,
    "timeout", or :data:`NOT_RUN` when ``skip``), seconds and processor seconds."""
    if skip:
        return {"status": NOT_RUN, "solutions": 0, "seconds": math.nan, "cpu_seconds": math.nan}
    status, sols, seconds, _, cpu = worker.run(puzzle.rows, limit, timeout, 1)
    if status in ("stopped", "timeout") or seconds > timeout:
        return {"status": "timeout", "solutions": 0, "seconds": timeout, "cpu_seconds": timeout}
    return {"status": status, "solutions": len(sols), "seconds": seconds, "cpu_seconds": cpu}


def tables(frame: pd.DataFrame, timeout: float) -> str:
    """Markdown: per family, median (worst) per solver and N with [timeouts/boards], and the
    ratios ours / best peer of the medians and of the worst cases."""
    out = []
    for name in dict.fromkeys(frame["family"]):
        part = frame[frame["family"] == name]
        sizes = sorted(part["n"].unique())
        out.append(f"\n### {name}: median (worst) seconds per board, [timeouts/boards]\n")
        out.append("| solver | " + " | ".join(f"N={n}" for n in sizes) + " |")
        out.append("|---" * (len(sizes) + 1) + "|")
        for solver in dict.fromkeys(part["solver"]):
            mine = part[part["solver"] == solver]
            cells = [_cell(mine[mine["n"] == n]["seconds"].dropna().tolist(), timeout)
                     if (mine[mine["n"] == n]["status"] != NOT_RUN).any() else NOT_RUN
                     for n in sizes]
            out.append(f"| {solver} | " + " | ".join(cells) + " |")
        verdicts = part.groupby("n")["status"].agg(lambda s: ", ".join(
            f"{v} {c}" for v, c in s[~s.isin(["timeout", NOT_RUN])].value_counts().items()))
        out.append("\nProved (over all solvers' runs): " + "; ".join(
            f"N={n}: {text or 'none'}" for n, text in verdicts.items()) + ".")
        out.append("\n" + ratios(part, timeout))
    return "\n".join(out)


def ratios(part: pd.DataFrame, timeout: float) -> str:
    """Ours over the best peer (the lowest median, the lowest worst case), per N."""
    words = []
    for n, at in part.groupby("n"):
        stats = at[at["status"] != NOT_RUN].groupby("solver")["seconds"].agg(["median", "max"])
        peers = stats[[family(s) != "fast" for s in stats.index]]
        if "fast" not in stats.index or peers.empty:
            continue
        med, worst = stats.loc["fast"], peers.min()
        words.append(f"N={n}: median {med['median'] / worst['median']:.2g}x "
                     f"({peers['median'].idxmin()}), worst {med['max'] / worst['max']:.2g}x "
                     f"({peers['max'].idxmin()})")
    return ("Ours over the best peer (below 1: ours faster; a timeout counts as "
            f"{timeout:g} s): " + ("; ".join(words) or "no peer ran") + ".")


#: The engine's parts switched one at a time (arguments of ``first_solution_counts``).
VARIANTS = {"ours": {}, "probing at level 0": {"probe": True}, "no belief guide": {"guided": False},
            "belief guide for 300 conflicts": {"guide_for": 300},
            "no blocked-option rule": {"rule": False}}
#: Conflicts of the engine before the hand-over (the relaxation, then the SAT solver; None: never),
#: measured by ``solve``.
HAND_OVERS = (None, 1000, 2000, 5000, 20_000)


def ideas(args: argparse.Namespace) -> pd.DataFrame:
    """Per transposed board: conflicts and seconds of each engine variant of :data:`VARIANTS`
    (in this process, one after the other), the placements that the tiling deduction rules
    out after level 0, and CaDiCaL's seconds on the plain model and on the model left after
    our level 0 (a portfolio's hand-over)."""
    from dominosa_lab.solvers.fast import first_solution_counts, warm_up

    warm_up()
    rows = []
    for name in ("transposed", "adjacent"):
        for n in args.n:
            for k in range(args.first, args.first + args.boards):
                puzzle, _ = board(name, n, k)
                row = {"family": name, "n": n, "seed": SEED0[name] + 100 * n + k}
                for variant, options in VARIANTS.items():
                    start = time.perf_counter()
                    counts = first_solution_counts(puzzle, max_nodes=args.max_nodes, **options)
                    row[f"{variant}: status"] = counts["status"]
                    row[f"{variant}: conflicts"] = counts["conflicts"]
                    row[f"{variant}: seconds"] = time.perf_counter() - start
                row.update(hand_over_seconds(puzzle, args.timeout))
                row.update(level_zero_hand_over(puzzle))
                print(f"idea {name} N={n} k={k}: {row}", flush=True)
                rows.append(row)
    return pd.DataFrame(rows)


def hand_over_seconds(puzzle: Puzzle, timeout: float) -> dict:
    """The seconds of ``solve`` (within ``timeout``) with the hand-over after each number of
    conflicts of :data:`HAND_OVERS`."""
    from dominosa_lab import solve
    from dominosa_lab.solvers.engine import handover

    row = {}
    default = handover.SETTINGS
    for conflicts in HAND_OVERS:
        handover.SETTINGS = default._replace(
            handover_conflicts=1 << 62 if conflicts is None else conflicts)
        start = time.perf_counter()
        status = solve(puzzle, time_limit=timeout).status
        row[f"{_hand_over(conflicts)}: seconds"] = (time.perf_counter() - start
                                                     if status != "stopped" else timeout)
    handover.SETTINGS = default
    return row


def _hand_over(conflicts: int | None) -> str:
    """The column name of a hand-over after ``conflicts`` conflicts."""
    return "no hand-over" if conflicts is None else f"hand-over after {conflicts}"


def level_zero_hand_over(puzzle: Puzzle) -> dict:
    """The tiling deduction's count after our level 0, and CaDiCaL's seconds on the plain
    model and on the placements left after level 0 (exactly one per square and domino left)."""
    from pysat.solvers import Cadical195

    from dominosa_lab.core.search import Search
    from dominosa_lab.logic import State, tiling
    from dominosa_lab.solvers.fast.dominosa import DominosaCover, root_deductions

    start = time.perf_counter()
    cover = DominosaCover(puzzle)
    engine = cover.engine(Search())
    if not root_deductions(engine, cover, probe=False):  # level 0 proves it: nothing to hand
        return {"tiling after level 0": 0, "cadical: seconds": _plain_cadical(puzzle),
                "level 0 + cadical: seconds": time.perf_counter() - start}
    value = engine.state()
    state = State(puzzle)
    state.active = sum(1 << int(q) for q in np.flatnonzero(value != 0))
    ruled = sum(step.ruled_out_mask.bit_count() for step in tiling(state))
    clauses = [[int(q) + 1] for q in np.flatnonzero(value == 1)]
    clauses += [[-int(q) - 1] for q in np.flatnonzero(value == 0)]
    m = cover.model
    for i in range(m.n_items):
        lits = [int(q) + 1 for q in m.item_options[m.item_start[i]:m.item_start[i + 1]]
                if value[q] == -1]
        if lits and not (value[m.item_options[m.item_start[i]:m.item_start[i + 1]]] == 1).any():
            clauses.append(lits)
            clauses += [[-a, -b] for j, a in enumerate(lits) for b in lits[j + 1:]]
    with Cadical195(bootstrap_with=clauses) as sat:
        sat.solve()
    handed = time.perf_counter() - start
    return {"tiling after level 0": ruled, "cadical: seconds": _plain_cadical(puzzle),
            "level 0 + cadical: seconds": handed}


def _plain_cadical(puzzle: Puzzle) -> float:
    """CaDiCaL's seconds on the plain model of ``puzzle`` (bench_peers's runner)."""
    start = time.perf_counter()
    SOLVERS["cadical"](puzzle.rows, 1, 0)
    return time.perf_counter() - start


def ideas_table(frame: pd.DataFrame) -> str:
    """Markdown: per family and N, the median conflicts and seconds of each variant, the
    tiling deduction's median count, and the medians of CaDiCaL alone and after level 0."""
    over = [_hand_over(c) for c in HAND_OVERS]
    head = ["family", "N", "boards", *(f"{v}: conflicts (s)" for v in VARIANTS),
            *(f"{o}: s (worst)" for o in over), "tiling after level 0", "cadical s (worst)",
            "level 0 + cadical s"]
    lines = ["| " + " | ".join(head) + " |", "|---" * len(head) + "|"]
    for (name, n), at in frame.groupby(["family", "n"], sort=False):
        cells = [f"{at[f'{v}: conflicts'].median():g} ({at[f'{v}: seconds'].median():.2f})"
                 for v in VARIANTS]
        cells += [f"{at[f'{o}: seconds'].median():.2f} ({at[f'{o}: seconds'].max():.2f})"
                  for o in over]
        lines.append(f"| {name} | {n} | {len(at)} | " + " | ".join(cells) + f" | "
                     f"{at['tiling after level 0'].median():g} | "
                     f"{at['cadical: seconds'].median():.2f} "
                     f"({at['cadical: seconds'].max():.2f}) | "
                     f"{at['level 0 + cadical: seconds'].median():.2f} |")
    return "\n".join(lines)


def earlier(out: str) -> pd.DataFrame:
    """The rows of an earlier run (``--append``): no cell read as missing but the seconds of a
    solver not run."""
    frame = pd.read_csv(RESULTS / f"{out}.csv", keep_default_na=False)
    for column in ("seconds", "cpu_seconds"):
        frame[column] = pd.to_numeric(frame[column], errors="coerce")
    return frame


def side_report(args: argparse.Namespace, started: str, suffix: str, title: str, intro: str,
                frame: pd.DataFrame, table) -> None:
    """Write ``OUT_suffix.csv`` (with the earlier rows when ``--append``) and ``.md``: the
    title, the stamp, ``intro`` and ``table(frame)``; print the markdown."""
    out = f"{args.out}_{suffix}"
    if args.append:
        frame = pd.concat([pd.read_csv(RESULTS / f"{out}.csv"), frame], ignore_index=True)
    report(out, frame, title, "bench_proofs.py", started, intro, table(frame))


def main() -> None:
    """Run the benchmark and write its tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, nargs="+", default=sorted(set().union(*SIZES.values())))
    parser.add_argument("--families", nargs="+", choices=FAMILIES, default=list(FAMILIES))
    parser.add_argument("--boards", type=int, default=10)
    parser.add_argument("--first", type=int, default=0, metavar="K",
                        help="the first board's number (boards K to K + BOARDS - 1 per N)")
    parser.add_argument("--solvers", nargs="+", choices=list(SOLVERS), default=list(PEERS))
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--base", metavar="REV", help="also run ours at git revision REV")
    parser.add_argument("--ideas", action="store_true",
                        help="only measure the engine's parts one at a time on transposed "
                        "boards (writes OUT_ideas.md and .csv)")
    parser.add_argument("--max-nodes", type=int, default=5_000_000,
                        help="the node budget of each variant with --ideas")
    parser.add_argument("--out", default="proofs")
    parser.add_argument("--append", action="store_true",
                        help="keep the rows already in the results file (a run in parts)")
    args = parser.parse_args()
    if args.first < 0 or args.first + args.boards > 100:
        parser.error("--first and --boards: board numbers run from 0 to 99 (board 100 of N "
                     "would have the seed of board 0 of N + 1)")
    started = machine()
    if args.ideas:
        side_report(args, started, "ideas", "Proof strength: the engine's parts one at a time, "
                    "and the hand-over (the relaxation, then the SAT solver)", "Each "
                    f"variant in this process one after the other, at most {args.max_nodes} "
                    "nodes (status in the CSV); medians of conflicts (machine-independent) and "
                    "seconds. *tiling after level 0*: placements the tiling deduction (grid "
                    "perfect matchings) rules out once our level 0 has run.", ideas(args),
                    ideas_table)
        return
    before = earlier(args.out) if args.append else pd.DataFrame()
    numbers = f", numbers {args.first}-{args.first + args.boards - 1}" if args.first else ""
    note = (f"{args.boards} boards{numbers} per family and N (N in {' '.join(map(str, args.n))}), "
            f"timeout {args.timeout:g} s, solvers {', '.join(args.solvers)}.")
    if args.append:
        lines = (RESULTS / f"{args.out}.md").read_text().split("\n")
        note = f"{lines[4]} ({lines[2]}) Then: {note}"
    with with_base(list(args.solvers), args.base) as (solvers, trees, base_note):

        def write(frame: pd.DataFrame) -> None:
            frame = pd.concat([before, frame], ignore_index=True)
            write_results(args.out, frame,
                          f"# Proving that a board has no (second) solution\n\n"
                          f"{stamp('bench_proofs.py', started + '.' + base_note)}\n\n{note}\n"
                          + tables(frame, args.timeout) + "\n")

        measure(args, solvers, trees, write)
    print((RESULTS / f"{args.out}.md").read_text())


if __name__ == "__main__":
    main()
