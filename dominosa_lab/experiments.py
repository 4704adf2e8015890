"""Sweeps of puzzles x methods x options into tidy tables, and the named experiments.

:func:`run_sweep` solves every puzzle with every method and option set, in a
process pool by default, and returns one row per run (columns
:data:`COLUMNS`, in the order of the inputs whatever the order of completion).
:data:`EXPERIMENTS` names the sweeps the notebooks read: each is a function
``experiment(out) -> path`` that writes ``out/NAME.csv``;
``dominosa-lab experiment NAME`` runs one. Long sweeps live here, so that a
notebook only reads their CSV with :func:`load_results`.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any, Literal

import pandas as pd
from tqdm import tqdm

from dominosa_lab import dominopeg as peg
from dominosa_lab.generate import random_puzzle
from dominosa_lab.parity_tiling import build_rows
from dominosa_lab.puzzle import Puzzle, PuzzleError
from dominosa_lab.solvers import METHODS, solve
from dominosa_lab.tiling_bias import all_codes, code_counts, horizontal_share, sample_codes

#: The columns of a sweep, one row per run; ``branching`` maps an option count
#: to how many choices had that many options.
COLUMNS = [
    "puzzle", "n", "method", "order", "seed", "status", "nodes", "backtracks", "max_depth",
    "seconds", "solutions", "choices", "branching",
]

Options = Mapping[str, Any] | Sequence[Mapping[str, Any]] | None


@dataclass(frozen=True)
class _Run:
    """One solve, sent to a worker process."""

    index: int
    puzzle: Puzzle
    name: str
    method: str
    options: dict = field(default_factory=dict)
    limit: int | None = 1
    max_nodes: int | None = None
    time_limit: float | None = None


def _execute(run: _Run) -> dict[str, Any]:
    """Solve one run and return its row."""
    result = solve(run.puzzle, method=run.method, limit=run.limit, max_nodes=run.max_nodes,
                   time_limit=run.time_limit, **run.options)
    stats = result.stats
    row = {
        "puzzle": run.name, "n": run.puzzle.max_pip, "method": run.method,
        "order": run.options.get("order", ""), "seed": run.options.get("seed"),
        "status": result.status, "nodes": stats.nodes, "backtracks": stats.backtracks,
        "max_depth": stats.max_depth, "seconds": stats.seconds,
        "solutions": len(result.solutions), "choices": stats.choices,
        "branching": dict(sorted(stats.branching.items())),
    }
    row.update((k, v) for k, v in run.options.items() if k not in row)
    return row


def run_sweep(
    puzzles: Iterable[Puzzle],
    methods: str | Iterable[str],
    options: Options = None,
    executor: Executor | Literal["serial"] | None = None,
    progress: bool = True,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    limit: int | None = 1,
) -> pd.DataFrame:
    """Solve every puzzle with every method and option set; one row per run.

    Parameters
    ----------
    puzzles : iterable of Puzzle
        The boards; a row's ``puzzle`` is the board's name (``#i`` if it has none).
    methods : str or iterable of str
        Names in :data:`dominosa_lab.METHODS`.
    options : dict or list of dicts, optional
        Option sets passed to the methods (e.g. ``[{"order": "mrv"}, {"order": "first"}]``);
        every method runs with every set.
    executor : Executor, "serial" or None
        Where the runs go: by default a new process pool with one worker per
        core; ``"serial"`` runs them here, one after another; or your own Executor.
    progress : bool
        Show a tqdm progress bar (on stderr).
    max_nodes, time_limit : optional
        The budget of each run; a run that hits it has ``status="stopped"``.
    limit : int or None
        Solutions to look for per run (``None``: all of them).

    Returns
    -------
    pandas.DataFrame
        Columns :data:`COLUMNS` (plus any other option given), rows in the order
        puzzle, method, option set.

    Raises
    ------
    PuzzleError
        For an unknown method, before anything runs.

    Examples
    --------
    >>> from dominosa_lab import Puzzle
    >>> df = run_sweep([Puzzle.load("mikefc-small")], "rowscan", executor="serial",
    ...                progress=False)
    >>> print(df[["puzzle", "method", "status", "nodes", "backtracks"]].to_string(index=False))
          puzzle  method status  nodes  backtracks
    mikefc-small rowscan solved     16           6
    """
    runs = _plan(puzzles, methods, options, limit, max_nodes, time_limit)
    rows: list[dict[str, Any] | None] = [None] * len(runs)
    with tqdm(total=len(runs), desc="sweep", unit="run", disable=not progress) as bar:
        for index, row in _results(runs, executor):
            rows[index] = row
            bar.update()
    frame = pd.DataFrame(rows)
    return frame.reindex(columns=COLUMNS + [c for c in frame.columns if c not in COLUMNS])


def _plan(
    puzzles: Iterable[Puzzle],
    methods: str | Iterable[str],
    options: Options,
    limit: int | None,
    max_nodes: int | None,
    time_limit: float | None,
) -> list[_Run]:
    methods = [methods] if isinstance(methods, str) else list(methods)
    for method in methods:
        if method not in METHODS:
            known = ", ".join(sorted(METHODS))
            raise PuzzleError(f"unknown method {method!r}; choose one of: {known}")
    if options is None:
        option_sets = [{}]
    elif isinstance(options, Mapping):
        option_sets = [dict(options)]
    else:
        option_sets = [dict(o) for o in options]
    runs = []
    for i, puzzle in enumerate(puzzles):
        name = puzzle.name or f"#{i}"
        for method in methods:
            for opts in option_sets:
                runs.append(_Run(len(runs), puzzle, name, method, opts,
                                 limit, max_nodes, time_limit))
    return runs


def _results(
    runs: list[_Run], executor: Executor | Literal["serial"] | None
) -> Iterable[tuple[int, dict[str, Any]]]:
    """``(index, row)`` for each run, in order of completion."""
    if executor == "serial":
        for run in runs:
            yield run.index, _execute(run)
        return
    if executor is None:
        with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
            yield from _results(runs, pool)
        return
    futures = {executor.submit(_execute, run): run.index for run in runs}
    for future in as_completed(futures):
        yield futures[future], future.result()


# --- saving and loading ---------------------------------------------------------------------


def save_results(frame: pd.DataFrame, out: str | Path, name: str) -> Path:
    """Write ``out/name.csv`` (dict columns as JSON) and return its path."""
    path = Path(out) / f"{name}.csv"
    path.parent.mkdir(parents=True, exist_ok=True)
    frame = frame.copy()
    for column in frame.columns:
        if frame[column].map(lambda v: isinstance(v, dict)).any():
            frame[column] = frame[column].map(json.dumps)
    frame.to_csv(path, index=False)
    return path


def load_results(name: str, folder: str | Path = "results") -> pd.DataFrame:
    """Read ``folder/name.csv`` as written by an experiment; ``branching`` back as dicts.

    Raises
    ------
    FileNotFoundError
        Naming the command that writes the file.
    """
    path = Path(folder) / f"{name}.csv"
    if not path.is_file():
        command = name.replace("_", "-")  # experiment names use dashes; dominopeg_census.csv
        raise FileNotFoundError(f"{path} is missing; run `dominosa-lab experiment {command}`")
    frame = pd.read_csv(path, keep_default_na=False, na_values=[""])
    if "branching" in frame.columns:
        frame["branching"] = frame["branching"].map(
            lambda text: {int(k): v for k, v in json.loads(text).items()}
        )
    return frame


# --- the experiments ---------------------------------------------------------------------------


def random_boards(ns: Iterable[int], seeds: Iterable[int]) -> list[Puzzle]:
    """``random_puzzle(n, seed)`` for every n and seed, n-major."""
    seeds = list(seeds)
    return [random_puzzle(n, seed)[0] for n in ns for seed in seeds]


def _with_board_seed(frame: pd.DataFrame) -> pd.DataFrame:
    """Add the ``board_seed`` column, read from names such as ``random-n10-s3``."""
    frame.insert(2, "board_seed", frame["puzzle"].str.extract(r"-s(\d+)$")[0].astype(int))
    return frame


#: Table 1 of the homework: five random 31 x 32 boards (N = 30), dlx with mrv.
TABLE1 = {"n": 30, "seeds": range(1, 6), "max_nodes": 1_000_000}

#: Table 2: N = 5, 10, 15, 30, three item orders, a node budget for the homework's "> 5 min".
TABLE2 = {"ns": (5, 10, 15, 30), "seeds": range(1, 4), "orders": ("mrv", "first", "random"),
          "max_nodes": 500_000}

#: The "minimum options never exceed two" claim: 100 boards per N, dlx with mrv.
MIN_OPTIONS = {"ns": (5, 10, 15, 20, 30), "seeds": range(100), "max_nodes": 100_000}


def tcg_table1(out: str | Path = "results") -> Path:
    """Homework Table 1's shape: nodes, choices among more than one option, seconds."""
    boards = random_boards([TABLE1["n"]], TABLE1["seeds"])
    frame = run_sweep(boards, "dlx", {"order": "mrv"}, max_nodes=TABLE1["max_nodes"])
    return save_results(_with_board_seed(frame), out, "tcg-table1")


def tcg_table2(out: str | Path = "results") -> Path:
    """Homework Table 2's shape: dlx with each item order on boards N = 5, 10, 15, 30."""
    boards = random_boards(TABLE2["ns"], TABLE2["seeds"])
    orders = [{"order": o} if o != "random" else {"order": o, "seed": 0} for o in TABLE2["orders"]]
    frame = run_sweep(boards, "dlx", orders, max_nodes=TABLE2["max_nodes"])
    return save_results(_with_board_seed(frame), out, "tcg-table2")


def tcg_min_options(out: str | Path = "results") -> Path:
    """The fewest options at each choice of dlx/mrv, as a long table: one row per board and k."""
    boards = random_boards(MIN_OPTIONS["ns"], MIN_OPTIONS["seeds"])
    frame = _with_board_seed(
        run_sweep(boards, "dlx", {"order": "mrv"}, max_nodes=MIN_OPTIONS["max_nodes"])
    )
    return save_results(branching_table(frame), out, "tcg-min-options")


def branching_table(frame: pd.DataFrame) -> pd.DataFrame:
    """A sweep's ``branching`` column unrolled: one row per run and option count ``k``.

    Examples
    --------
    >>> sweep = pd.DataFrame({"puzzle": ["a"], "nodes": [5], "branching": [{1: 4, 2: 1}]})
    >>> print(branching_table(sweep).to_string(index=False))
    puzzle  nodes  k  count
         a      5  1      4
         a      5  2      1
    """
    keep = [c for c in frame.columns if c != "branching"]
    records = [
        {**{c: row[c] for c in keep}, "k": k, "count": count}
        for row in frame.to_dict("records")
        for k, count in sorted(row["branching"].items())
    ]
    return pd.DataFrame(records, columns=[*keep, "k", "count"])


# --- Darby's Domino Search (notebook 04) -------------------------------------------------------

#: Darby's builds: boards N = 3..8 (his 8x7 is N = 6, with more seeds); the colour-balance
#: variant on his board; the naive method (no check, one build) on every board.
DARBY_BUILDS = {"ns": (3, 4, 5, 6, 7, 8), "seeds": range(300), "darby_seeds": range(1000)}

#: Parity against uniform tilings: all 95 tilings of the 4 x 5 board (N = 3), and 7 x 8 (N = 6).
DARBY_BIAS = {"small": (4, 5), "small_seeds": range(20_000), "large": (7, 8),
              "large_seeds": range(2_000), "samplers": ("uniform", "parity")}

#: The search-order mystery: dominowise in its three orders (and dlx for reference).
DARBY_ORDERS = {"ns": (3, 4, 5, 6, 7, 8), "seeds": range(100), "max_nodes": 300_000}


def darby_builds(out: str | Path = "results") -> Path:
    """Every build of Darby's generator: attempts, refusals, dominoes placed, dead ends."""
    frames = []
    for n in DARBY_BUILDS["ns"]:
        cells = [(r, c) for r in range(n + 1) for c in range(n + 2)]
        seeds = DARBY_BUILDS["darby_seeds"] if n == 6 else DARBY_BUILDS["seeds"]
        runs = [("parity", {}), ("none", {"max_builds": 1})]
        runs += [("balance", {})] if n == 6 else []
        for check, bounds in runs:
            frames.append(pd.DataFrame(build_rows(cells, seeds, check, **bounds)).assign(n=n))
    return save_results(pd.concat(frames, ignore_index=True), out, "darby-builds")


def darby_bias_small(out: str | Path = "results") -> Path:
    """How often each of the 95 tilings of the 4 x 5 board comes out of each sampler."""
    board, universe = DARBY_BIAS["small"], all_codes(DARBY_BIAS["small"])
    rows = [
        {"sampler": sampler, "tiling": i, "code": code, "count": count}
        for sampler in DARBY_BIAS["samplers"]
        for i, (code, count) in enumerate(code_counts(
            sample_codes(board, sampler, DARBY_BIAS["small_seeds"]).values(), universe).items())
    ]
    return save_results(pd.DataFrame(rows), out, "darby-bias-small")


def darby_bias_large(out: str | Path = "results") -> Path:
    """One row per sampled 7 x 8 tiling: sampler, seed, its code and horizontal share.

    A seed for which Darby's method dead-ends in all ten builds has no row.
    """
    rows = [
        {"sampler": sampler, "seed": seed, "horizontal": horizontal_share(code), "code": code}
        for sampler in DARBY_BIAS["samplers"]
        for seed, code in sample_codes(DARBY_BIAS["large"], sampler,
                                       DARBY_BIAS["large_seeds"]).items()
    ]
    return save_results(pd.DataFrame(rows), out, "darby-bias-large")


def darby_orders(out: str | Path = "results") -> Path:
    """dominowise with orders given, fewest, dynamic, and dlx/mrv, on 100 boards per N."""
    boards = random_boards(DARBY_ORDERS["ns"], DARBY_ORDERS["seeds"])
    budget = DARBY_ORDERS["max_nodes"]
    frame = pd.concat([
        run_sweep(boards, "dominowise", [{"order": o} for o in ("given", "fewest", "dynamic")],
                  max_nodes=budget),
        run_sweep(boards, "dlx", {"order": "mrv"}, max_nodes=budget),
    ], ignore_index=True)
    return save_results(_with_board_seed(frame), out, "darby-orders")


# --- DominoPeg (notebook 05) ------------------------------------------------------------------

#: The seed's three boards (the last one has six holes) and the 5-hole subsets of the last.
DOMINOPEG_BOARDS = {
    "seed": ((0, 10, 20, 24, 28), (0, 7, 14, 21, 28), (25, 26, 27, 32, 33, 34)),
    "subsets": tuple(combinations((25, 26, 27, 32, 33, 34), 5)),
    "naive_budget": 5_000_000,
}


def dominopeg_runs(out: str | Path = "results") -> Path:
    """The seed's search and exact cover on its boards; exact cover on the 5-hole subsets.

    The seed's search stops at its first solution (or at ``naive_budget``
    placements); exact cover finds the first, and all where that is quick.
    """
    seed_boards, subsets = DOMINOPEG_BOARDS["seed"], DOMINOPEG_BOARDS["subsets"]
    rows = []
    for holes in seed_boards:
        tally: dict[str, int] = {}
        result = peg.solve_naive(peg.PegBoard(holes), max_nodes=DOMINOPEG_BOARDS["naive_budget"],
                                 tally=tally)
        rows.append(_peg_row(holes, result, limit=1, tested=tally["tested"]))
        rows.append(_peg_row(holes, peg.solve(peg.PegBoard(holes)), limit=1))
    for holes in (seed_boards[1], *subsets):
        rows.append(_peg_row(holes, peg.solve(peg.PegBoard(holes), limit=None), limit=None))
    return save_results(pd.DataFrame(rows), out, "dominopeg_runs")


def _peg_row(holes: tuple[int, ...], result, limit: int | None, tested: int | None = None) -> dict:
    """One run of a DominoPeg solver as a results row."""
    stats = result.stats
    return {
        "puzzle": " ".join(map(str, holes)), "n": len(holes), "method": result.method,
        "order": result.options.get("order", ""), "seed": None, "status": result.status,
        "nodes": stats.nodes, "backtracks": stats.backtracks, "max_depth": stats.max_depth,
        "seconds": stats.seconds, "solutions": len(result.solutions),
        "limit": "all" if limit is None else limit, "tested": tested, "reason": result.reason,
    }


def dominopeg_census(out: str | Path = "results") -> Path:
    """Every 5-hole pattern's number of solutions, one row per symmetry orbit of patterns.

    Columns: ``holes`` (the orbit's smallest pattern), ``patterns`` (orbit size),
    ``solutions`` (of each pattern in the orbit), ``up_to_symmetry`` (solutions of
    one pattern counted once per symmetry class; no solution is symmetric itself).
    """
    counts = peg.census(processes=min(2, os.cpu_count() or 1))
    frame = pd.DataFrame(peg.orbit_table(counts), columns=["holes", "patterns", "solutions"])
    frame["holes"] = frame["holes"].map(lambda h: " ".join(map(str, h)))
    frame["up_to_symmetry"] = frame["solutions"] * frame["patterns"] // 4
    return save_results(frame, out, "dominopeg_census")


#: Named experiments: ``dominosa-lab experiment NAME`` writes ``results/NAME.csv``.
EXPERIMENTS: dict[str, Callable[[str | Path], Path]] = {
    "tcg-table1": tcg_table1,
    "tcg-table2": tcg_table2,
    "tcg-min-options": tcg_min_options,
    "darby-builds": darby_builds,
    "darby-bias-small": darby_bias_small,
    "darby-bias-large": darby_bias_large,
    "darby-orders": darby_orders,
    "dominopeg-runs": dominopeg_runs,
    "dominopeg-census": dominopeg_census,
}
