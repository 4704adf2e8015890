"""Experiments: sweeps over puzzles and methods, and the named studies behind the notebooks.

Each study is a function ``experiment(out) -> path`` that writes ``out/NAME.csv``;
one that runs a sweep also takes ``executor`` (``"serial"``, ``"processes"``,
``"dask"``, a Dask Client: see :mod:`~dominosa_lab.experiments.executors`).
``dominosa-lab experiment NAME [--executor E] [--scheduler ADDRESS]`` runs one,
and a notebook only reads its CSV with :func:`~dominosa_lab.experiments.sweep.load_results`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from dominosa_lab.experiments.caviness import (
    caviness_census,
    caviness_largest,
    caviness_sampled,
)
from dominosa_lab.experiments.darby import (
    darby_bias_large,
    darby_bias_small,
    darby_builds,
    darby_naive,
    darby_orders,
)
from dominosa_lab.experiments.dominopeg import dominopeg_census, dominopeg_runs
from dominosa_lab.experiments.sweep import COLUMNS, load_results, run_sweep, save_results
from dominosa_lab.experiments.tcg import tcg_min_options, tcg_table1, tcg_table2

__all__ = ["COLUMNS", "EXPERIMENTS", "load_results", "run_sweep", "save_results"]

#: Named experiments: ``dominosa-lab experiment NAME`` writes ``results/NAME.csv``.
EXPERIMENTS: dict[str, Callable[[str | Path], Path]] = {
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
}
