"""Sweeps of puzzles x methods x settings into tidy tables, saved and loaded as CSV.

:func:`run_sweep` solves every puzzle with every method and set of settings and
returns one row per run (columns :data:`COLUMNS`, in the order of the inputs
whatever the order of completion). The runs go out in batches through the
seam of every sweep, :func:`~dominosa_lab.experiments.chunks.run_chunks`, to
any executor: serial, a process pool (the default) or Dask. This module knows
no study: the studies are the other modules of :mod:`dominosa_lab.experiments`,
named in its ``EXPERIMENTS``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from dominosa_lab.boards.planted import random_puzzle
from dominosa_lab.core.options import check_flag, check_items, check_type, keywords_after_first
from dominosa_lab.core.puzzle import Puzzle, as_puzzle
from dominosa_lab.errors import MissingFileError, PuzzleError
from dominosa_lab.experiments.chunks import Chunk, batches, run_chunks
from dominosa_lab.experiments.executors import ExecutorChoice, Workers, open_executor
from dominosa_lab.solvers import METHODS, solve

__all__ = [
    "COLUMNS",
    "branching_table",
    "load_results",
    "random_boards",
    "run_sweep",
    "save_results",
    "with_board_seed",
]

#: The columns of a sweep, one row per run; ``branching`` maps an option count
#: to how many choices had that many options.
COLUMNS = [
    "puzzle", "n", "method", "order", "seed", "status", "nodes", "backtracks", "max_depth",
    "seconds", "solutions", "choices", "branching",
]

Settings = Mapping[str, Any] | Sequence[Mapping[str, Any]] | None


@dataclass(frozen=True)
class _Run:
    """One solve, sent to a worker process."""

    index: int
    puzzle: Puzzle
    name: str
    method: str
    settings: dict = field(default_factory=dict)
    limit: int | None = 1
    max_nodes: int | None = None
    time_limit: float | None = None


def _execute(run: _Run) -> dict[str, Any]:
    """Solve one run and return its row."""
    result = solve(run.puzzle, method=run.method, limit=run.limit, max_nodes=run.max_nodes,
                   time_limit=run.time_limit, **run.settings)
    stats = result.stats
    row = {
        "puzzle": run.name, "n": run.puzzle.max_pip, "method": run.method,
        "order": run.settings.get("order", ""), "seed": run.settings.get("seed"),
        "status": result.status, "nodes": stats.nodes, "backtracks": stats.backtracks,
        "max_depth": stats.max_depth, "seconds": stats.seconds,
        "solutions": len(result.solutions), "choices": stats.choices,
        "branching": dict(sorted(stats.branching.items())),
    }
    row.update((k, v) for k, v in run.settings.items() if k not in row)
    return row


@keywords_after_first
def run_sweep(
    puzzles: Iterable[Puzzle],
    *,
    methods: str | Iterable[str],
    settings: Settings = None,
    executor: ExecutorChoice | Workers = None,
    progress: bool = True,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    limit: int | None = 1,
) -> pd.DataFrame:
    """Solve every puzzle with every method and set of settings; one row per run.

    Parameters
    ----------
    puzzles : iterable of Puzzle
        The boards; a row's ``puzzle`` is the board's name (``#i`` if it has none).
    methods : str or iterable of str
        Names in :data:`dominosa_lab.METHODS`.
    settings : dict or list of dicts, optional
        Sets of settings passed to the methods (e.g. ``[{"order": "mrv"}, {"order": "pile"}]``);
        every method runs with every set.
    executor : "serial", "processes", "dask", a Dask Client, an Executor or None
        Where the runs go (see :func:`~dominosa_lab.experiments.executors.open_executor`):
        by default a new process pool with one worker per core; ``"serial"``
        runs them here, one after another.
    progress : bool
        Show a tqdm progress bar (on stderr).
    max_nodes, time_limit : optional
        The budget of each run; a run that hits it has ``status="stopped"``.
    limit : int or None
        Solutions to look for per run (``None``: all of them).

    Returns
    -------
    pandas.DataFrame
        Columns :data:`COLUMNS` (plus any other setting given), rows in the order
        puzzle, method, set of settings.

    Raises
    ------
    PuzzleError
        For an unknown method, before anything runs.

    Examples
    --------
    >>> from dominosa_lab import Puzzle, load
    >>> df = run_sweep([load("mikefc-small")], methods="rowscan", executor="serial",
    ...                progress=False)
    >>> print(df[["puzzle", "method", "status", "nodes", "backtracks"]].to_string(index=False))
          puzzle  method status  nodes  backtracks
    mikefc-small rowscan solved     16           6
    """
    check_flag("progress", progress)
    runs = _plan(puzzles, methods, settings, limit, max_nodes, time_limit)
    with open_executor(executor) as w:
        chunks = [Chunk(f"runs-{batch[0].index}-{batch[-1].index}", batch, len(batch))
                  for batch in batches(runs, w.count)]
        done = run_chunks(_execute_batch, chunks, w, progress=progress, desc="sweep", unit="run")
    rows = [row for chunk in chunks for row in done[chunk.id]]
    frame = pd.DataFrame(rows)
    return frame.reindex(columns=COLUMNS + [c for c in frame.columns if c not in COLUMNS])


def _plan(
    puzzles: Iterable[Puzzle],
    methods: str | Iterable[str],
    settings: Settings,
    limit: int | None,
    max_nodes: int | None,
    time_limit: float | None,
) -> list[_Run]:
    methods = [methods] if isinstance(methods, str) else list(
        check_items("methods", methods, "a method name or a list of them"))
    for method in methods:
        if not isinstance(method, str) or method not in METHODS:
            known = ", ".join(sorted(METHODS))
            raise PuzzleError(f"unknown method {method!r}; choose one of: {known}")
    if settings is None:
        setting_sets = [{}]
    elif isinstance(settings, Mapping):
        setting_sets = [dict(settings)]
    else:
        wanted = "a dict of settings or a list of them"
        setting_sets = [dict(check_type("a set of settings", o, Mapping, "a dict"))
                        for o in check_items("settings", settings, wanted)]
    puzzles = [as_puzzle(p) for p in check_items("puzzles", puzzles, "a list of puzzles")]
    runs = []
    for i, puzzle in enumerate(puzzles):
        name = puzzle.name or f"#{i}"
        for method in methods:
            for chosen in setting_sets:
                runs.append(_Run(len(runs), puzzle, name, method, chosen,
                                 limit, max_nodes, time_limit))
    return runs


def _execute_batch(runs: Sequence[_Run]) -> list[dict[str, Any]]:
    """The rows of a batch of runs, in its order."""
    return [_execute(run) for run in runs]


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
    MissingFileError
        Naming the command that writes the file (it is a FileNotFoundError too).
    """
    path = Path(folder) / f"{name}.csv"
    if not path.is_file():
        command = name.replace("_", "-")  # experiment names use dashes; dominopeg_census.csv
        raise MissingFileError(f"{path} is missing; run `dominosa-lab experiment {command}`")
    frame = pd.read_csv(path, keep_default_na=False, na_values=[""])
    if "branching" in frame.columns:
        frame["branching"] = frame["branching"].map(
            lambda text: {int(k): v for k, v in json.loads(text).items()}
        )
    return frame


def random_boards(ns: Iterable[int], seeds: Iterable[int]) -> list[Puzzle]:
    """``random_puzzle(n, seed=seed)`` for every n and seed, n-major."""
    seeds = list(seeds)
    return [random_puzzle(n, seed=seed).puzzle for n in ns for seed in seeds]


def with_board_seed(frame: pd.DataFrame) -> pd.DataFrame:
    """Add the ``board_seed`` column, read from names such as ``random-n10-s3``."""
    frame.insert(2, "board_seed", frame["puzzle"].str.extract(r"-s(\d+)$")[0].astype(int))
    return frame


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
