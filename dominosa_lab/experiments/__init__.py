"""Experiments: sweeps over puzzles and methods, and the named studies behind the notebooks.

Each study is a function ``experiment(out, executor=None) -> path`` that writes
``out/NAME.csv``; a sweep sends its work to ``executor`` (``"serial"``,
``"processes"``, ``"dask"``, a Dask Client: see
:mod:`~dominosa_lab.experiments.executors`), the few studies that run in this
process (:data:`IN_PROCESS`: Darby's builds and bias, the DominoPeg runs) leave it
unused, and the command line refuses ``--executor`` for them.
``dominosa-lab experiment NAME [--executor E] [--scheduler ADDRESS]`` runs one,
and a notebook only reads its CSV with :func:`~dominosa_lab.experiments.sweep.load_results`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from dominosa_lab.core.extras import missing_extra

try:
    import pandas  # noqa: F401  (every study writes a table)
    import tqdm  # noqa: F401
except ImportError as error:
    raise missing_extra("experiments", error) from None

from dominosa_lab.experiments.caviness import (
    caviness_census,
    caviness_largest,
    caviness_sampled,
    caviness_times,
)
from dominosa_lab.experiments.counting import counting_planted
from dominosa_lab.experiments.darby import (
    darby_bias_large,
    darby_bias_small,
    darby_builds,
    darby_naive,
    darby_orders,
)
from dominosa_lab.experiments.dominopeg import dominopeg_census, dominopeg_runs
from dominosa_lab.experiments.executors import ExecutorChoice, Workers
from dominosa_lab.experiments.sweep import COLUMNS, load_results, run_sweep, save_results
from dominosa_lab.experiments.tcg import tcg_min_options, tcg_table1, tcg_table2

__all__ = ["COLUMNS", "EXPERIMENTS", "IN_PROCESS", "Experiment", "load_results", "run_sweep",
           "save_results"]

#: A study: ``experiment(out, executor)`` writes ``out/NAME.csv`` and returns its path.
Experiment = Callable[[str | Path, ExecutorChoice | Workers], Path]

#: Named experiments: ``dominosa-lab experiment NAME`` writes ``results/NAME.csv``.
EXPERIMENTS: dict[str, Experiment] = {
    "tcg-table1": tcg_table1,
    "tcg-table2": tcg_table2,
    "tcg-min-options": tcg_min_options,
    "darby-builds": darby_builds,
    "darby-naive": darby_naive,
    "darby-bias-small": darby_bias_small,
    "darby-bias-large": darby_bias_large,
    "darby-orders": darby_orders,
    "dominopeg-runs": dominopeg_runs,
    "dominopeg-census": dominopeg_census,
    "caviness-census": caviness_census,
    "caviness-sampled": caviness_sampled,
    "caviness-largest": caviness_largest,
    "caviness-times": caviness_times,
    "counting-planted": counting_planted,
}

#: The studies that run in this process and leave the executor unused.
IN_PROCESS = frozenset({"darby-builds", "darby-naive", "darby-bias-small", "darby-bias-large",
                        "dominopeg-runs", "caviness-times"})
