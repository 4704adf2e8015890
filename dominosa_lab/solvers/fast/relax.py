"""The fractional relaxation: is there a cover when each option may be taken in part?

Give every option a weight ``x >= 0`` and ask that the weights of the options covering a primary
item sum to 1 (at most 1 for a secondary one). Every exact cover is such a weighting (its options
weigh 1, the rest 0), so when no weighting exists there is no cover. On a Dominosa board the
squares split into black and white like a chessboard and every placement covers one of each and one
domino: the relaxation is a fractional three-dimensional matching, and it sees the board whole,
where clause learning sees it a clause at a time. Every board of ``benchmarks/bench_proofs.py``
with two numbers exchanged that was asked (all twenty of N = 40 and of N = 60, and each of
N = 100 whose search reached the hand-over) had no fractional cover, which HiGHS's interior point
method (``highspy``) finds in about 0.3 s at N = 40,
2-4 s at N = 60 and 30-40 s at N = 100 (``benchmarks/results/proofs_large.md``), boards on which
CaDiCaL needs up to a minute and more. A board with a solution always has a fractional cover, so
the question only pays where a search has already failed for long: the engine asks it at the
hand-over (:mod:`~dominosa_lab.solvers.fast.handover`), before CaDiCaL, and a count asks it of a
question that runs long (:mod:`~dominosa_lab.solvers.fast.count`).

The verdict is HiGHS's (its interior point method, its tolerances); the weights are 0/1 and every
right-hand side 1, a well-scaled problem, and the tests check that it refutes no board with a
solution and no board CaDiCaL solves.
"""

from __future__ import annotations

import os
import sys
import time

import numpy as np

from dominosa_lab.core.search import Search
from dominosa_lab.solvers.fast.state import CoverModel

__all__ = ["fractional_cover_exists"]


def fractional_cover_exists(model: CoverModel, search: Search, value: np.ndarray | None = None,
                            differ: np.ndarray | None = None) -> bool:
    """False when no fractional cover of ``model`` exists (then it has no cover), True when one
    does or HiGHS gives no verdict; stops with the search's time limit
    (:class:`~dominosa_lab.core.search.SearchStopped`). ``value`` (per option -1 open, 0 false,
    1 true) fixes the settled options; with ``differ``, the options' weights sum to less than
    their number (a cover lacks one of them).

    Examples
    --------
    Items 0, 1, 2 and options {0, 1}, {1, 2}: item 0 takes all of {0, 1}, which leaves
    nothing of {1, 2} for item 2.

    >>> from dominosa_lab.solvers.fast.state import cover_model
    >>> fractional_cover_exists(cover_model([0, 2, 4], [0, 1, 1, 2], [True] * 3), Search())
    False

    It is a relaxation: options {0, 1}, {1, 2}, {0, 2} have no exact cover, but half of each
    covers every item once.

    >>> triangle = cover_model([0, 2, 4, 6], [0, 1, 1, 2, 0, 2], [True] * 3)
    >>> fractional_cover_exists(triangle, Search())
    True

    Items 0 and 1 with options {0}, {1}, {0, 1}: a cover without both {0} and {1} takes {0, 1};
    with {0, 1} ruled out there is none.

    >>> pairs = cover_model([0, 1, 2, 4], [0, 1, 0, 1], [True, True])
    >>> differ = np.array([0, 1])
    >>> fractional_cover_exists(pairs, Search(), differ=differ)
    True
    >>> fractional_cover_exists(pairs, Search(), np.array([-1, -1, 0]), differ)
    False
    """
    import highspy

    search.check_time()
    highs = _highs(highspy)
    highs.setOptionValue("solver", "ipm")
    if search.deadline is not None:
        highs.setOptionValue("time_limit", max(search.deadline - time.perf_counter(), 0.0))
    highs.passModel(_lp(model, highspy, value))
    if differ is not None and differ.shape[0]:
        highs.addRow(-highspy.kHighsInf, differ.shape[0] - 1, differ.shape[0],
                     differ.astype(np.int32), np.ones(differ.shape[0]))
    highs.run()
    status = highs.getModelStatus()
    if status == highspy.HighsModelStatus.kTimeLimit:
        search.check_time()
    return status != highspy.HighsModelStatus.kInfeasible


def _highs(highspy):
    """A silent HiGHS: its first constructor in a process prints a banner on the C library's
    standard output (file descriptor 1), which would break ``--json`` output, so it is sent to
    the null device."""
    sys.stdout.flush()
    saved = os.dup(1)
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 1)
            highs = highspy.Highs()
    finally:
        os.dup2(saved, 1)
        os.close(saved)
    highs.silent()
    return highs


def _lp(model: CoverModel, highspy, value: np.ndarray | None):
    """The relaxation as a HiGHS LP: a column per option (bounded by ``value``), a row per
    item."""
    n_options, n_items = model.n_options, model.n_items
    lp = highspy.HighsLp()
    lp.num_col_, lp.num_row_ = n_options, n_items
    lp.col_cost_ = np.zeros(n_options)
    lp.col_lower_ = np.zeros(n_options) if value is None else (value == 1).astype(np.float64)
    lp.col_upper_ = np.ones(n_options) if value is None else (value != 0).astype(np.float64)
    lp.row_lower_ = model.primary.astype(np.float64)
    lp.row_upper_ = np.ones(n_items)
    lp.a_matrix_.format_ = highspy.MatrixFormat.kColwise
    lp.a_matrix_.start_ = model.option_start.astype(np.int32)
    lp.a_matrix_.index_ = model.option_items.astype(np.int32)
    lp.a_matrix_.value_ = np.ones(model.option_items.shape[0])
    return lp
