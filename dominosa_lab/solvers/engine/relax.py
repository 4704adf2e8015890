"""The fractional relaxation: is there a cover when each option may be taken in part?

Give every option a weight ``x >= 0`` and ask that the weights of the options covering a primary
item sum to 1 (at most 1 for a secondary one). Every exact cover is such a weighting (its options
weigh 1, the rest 0), so when no weighting exists there is no cover. On a Dominosa board the
squares split into black and white like a chessboard and every placement covers one of each and one
domino: the relaxation is a fractional three-dimensional matching, and it sees the board whole,
where clause learning sees it a clause at a time. Every board of ``benchmarks/bench_proofs.py``
with two numbers exchanged that was asked (all twenty of N = 40 and of N = 60, and each of
N = 100 whose search reached the hand-over; at N = 150 the proofs' times say as much) had no
fractional cover, which HiGHS
(``highspy``: its first-order method PDLP from ``board_first_order_rows`` items left, its interior
point method below or when PDLP's weights do not certify), asked of what the engine's level 0
leaves, shows within whole proofs of at most 1.55 processor seconds at N = 60, 6.05 s at N = 100
(``benchmarks/results/proofs_large.md``) and 7.36 s at N = 150 (``proofs_150.md``), where
CaDiCaL, Glucose and CP-SAT each run out of a minute on half the boards of N = 60 or more, and
CaDiCaL and Glucose on all ten boards of N = 100 with two neighbours exchanged.
The interior point method alone took 43 of a proof's processor seconds at N = 100 where PDLP's
weights certify in 0.4 (``docs/settings.md``).
A board with a solution always has a fractional cover, so the question only pays where a search
has already failed for long: the engine asks it at the hand-over
(:mod:`~dominosa_lab.solvers.engine.handover`), before the SAT solver, and a count asks it of a
question that runs long (:mod:`~dominosa_lab.solvers.engine.count`).

**The verdict is exact, not HiGHS's.** The question is asked as a packing
(:func:`packing`): the open options that cover no settled item, each worth ``p`` = the number
of primary items it covers, at most 1 on every item left; a fractional cover exists exactly when
the packing can be worth ``P``, the primary items left. HiGHS returns the weights of its dual
(one per item, one for the row of ``differ``), and :func:`certifies` checks them in integers:
weights ``y >= 0`` such that every option's items (and row) weigh at least ``p / λ`` and the rows'
limits weigh ``T < P / λ``. Any fractional cover ``x`` would then be worth
``Σ p x <= λ Σ_q x_q Σ_{i in q} y_i <= λ T < P`` (each item is covered at most once), not ``P``.
Only a checked certificate says "no"; HiGHS's tolerances can only cost a "no" (the answer is then
"a fractional cover may exist"), never make a wrong one.

**A cover that lacks one of some options** (``differ``, a count's backbone question) is asked
first the other way round: the least weight those options can carry in a fractional cover, every
primary item covered exactly once, by HiGHS's first-order method (PDLP, :func:`lack_weights`).
:func:`certifies_lack` checks its dual weights in integers: any fractional cover carries at least
their sum, less what the options they overweigh can take, and a sum above ``limit`` leaves no
cover that lacks one. It is the same question as the packing with the row of ``differ``, asked
with a margin that rounding does not eat: a planted board's backbone is carried whole (by 10,374
of 10,374 options at N = 150), a margin of one option, where that packing falls short of ``P``
by 2e-6 of it. So a coarse tolerance certifies, in 1.5 s at N = 150 where the interior point
method on the packing took 288 s (seed 5000 of ``benchmarks/bench_count.py``). When a fractional
cover does lack some of them, :func:`lacking_options` names those it lacks: at N = 150 a count's
question that clause learning took 21 s to answer was lacked by 4 of its 10,303 options, each
weighing 0 (seed 5004).
"""

from __future__ import annotations

import os
import sys
import time
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from dominosa_lab.core.search import Search
from dominosa_lab.solvers.engine.settings import SETTINGS
from dominosa_lab.solvers.engine.state import CoverModel

if TYPE_CHECKING:
    import highspy

__all__ = ["Lack", "Packing", "certifies", "certifies_lack", "dual_weights",
           "fractional_cover_exists", "lack_weights", "lacking_options", "packing", "silent_highs"]


class Packing(NamedTuple):
    """The relaxation of a model with some options settled, as a packing (see the module).

    Attributes
    ----------
    starts, items : array of int
        Column ``c`` (an open option covering no settled item) covers the rows
        ``items[starts[c]:starts[c + 1]]`` (the items no true option covers, renumbered).
    worth : array of int
        Per column, the primary items it covers (``p``).
    primary : int
        The primary items left (``P``): a fractional cover is a packing worth this.
    rows : int
        The items left.
    differ : array of int
        The columns of the ``differ`` options still open (their row: at most ``limit``).
    limit : int
        How many of them a cover may take: ``len(differ) - 1`` less those already true.
    primary_rows : array of bool
        Per item left, whether it is primary (covered exactly once; else at most once).
    options : array of int
        Per column, its option.
    row_items : array of int
        Per row, its item.
    """

    starts: np.ndarray
    items: np.ndarray
    worth: np.ndarray
    primary: int
    rows: int
    differ: np.ndarray
    limit: int
    primary_rows: np.ndarray
    options: np.ndarray
    row_items: np.ndarray


def packing(model: CoverModel, value: np.ndarray | None = None,
            differ: np.ndarray | None = None) -> Packing | None:
    """The relaxation of ``model`` with the options of ``value`` settled (-1 open, 0 false,
    1 true) and, with ``differ``, a cover that lacks one of those options, as a packing; None
    when ``differ`` is settled true throughout (no such cover, by the rules alone).

    Examples
    --------
    >>> from dominosa_lab.solvers.engine.state import cover_model
    >>> m = cover_model([0, 2, 4], [0, 1, 1, 2], [True] * 3)     # {0, 1} and {1, 2}
    >>> p = packing(m)
    >>> p.worth.tolist(), p.primary
    ([2, 2], 3)
    >>> packing(m, np.array([1, -1])).worth.tolist()            # {0, 1} true: {1, 2} is out
    []
    """
    value = np.full(model.n_options, -1) if value is None else np.asarray(value)
    lengths = np.diff(model.option_start)
    covered = np.zeros(model.n_items, bool)
    covered[model.option_items[np.repeat(value == 1, lengths)]] = True
    hits = np.add.reduceat(covered[model.option_items].astype(np.int64), model.option_start[:-1])
    keep = (value == -1) & (hits == 0)
    rows = np.cumsum(~covered) - 1
    items = rows[model.option_items[np.repeat(keep, lengths)]]
    starts = np.concatenate(([0], np.cumsum(lengths[keep])))
    left_primary = (model.primary == 1) & ~covered
    worth = np.add.reduceat(left_primary[model.option_items].astype(np.int64),
                            model.option_start[:-1])[keep]
    column = np.cumsum(keep) - 1
    differ = np.zeros(0, np.int64) if differ is None else np.asarray(differ, np.int64)
    limit = differ.shape[0] - 1 - int((value[differ] == 1).sum())
    if differ.shape[0] and limit < 0:
        return None
    return Packing(starts, items, worth, int(left_primary.sum()), int((~covered).sum()),
                   column[differ[keep[differ]]], limit, left_primary[~covered],
                   np.flatnonzero(keep), np.flatnonzero(~covered))


def certifies(lp: Packing, weights: np.ndarray, row: int = 0) -> bool:
    """Whether integer ``weights`` (one per item left, at least 0) and ``row`` (the weight of
    the ``differ`` row) prove that ``lp`` has no fractional cover (see the module): for every
    column, ``total * worth < primary * (its items' and row's weight)``, where ``total`` is the
    weights' sum plus ``row * limit``. Exact: Python's integers.

    Examples
    --------
    Options {0, 1} and {1, 2} over three primary items: weight 1 on item 1 alone covers each
    option's worth 2 with half, so a packing is worth at most 2 of the 3 needed.

    >>> from dominosa_lab.solvers.engine.state import cover_model
    >>> lp = packing(cover_model([0, 2, 4], [0, 1, 1, 2], [True] * 3))
    >>> certifies(lp, np.array([0, 1, 0])), certifies(lp, np.array([1, 1, 1]))
    (True, False)
    """
    weights = np.asarray(weights, np.int64)
    if lp.primary == 0 or (weights < 0).any() or row < 0 or weights.shape[0] != lp.rows:
        return False
    if not lp.worth.shape[0]:
        return True
    cover = np.add.reduceat(weights[lp.items], lp.starts[:-1])
    cover[lp.differ] += row
    total = int(weights.sum()) + row * max(lp.limit, 0)
    need = lp.worth > 0
    return all(total * int(w) < lp.primary * int(c) for w, c in
               zip(lp.worth[need], cover[need], strict=True))


def fractional_cover_exists(model: CoverModel, search: Search, value: np.ndarray | None = None,
                            differ: np.ndarray | None = None, *, whole: bool = False) -> bool:
    """False when a checked certificate shows that no fractional cover of ``model`` exists (then
    it has no cover), True when one does or none was shown; stops with the search's time limit
    (:class:`~dominosa_lab.core.search.SearchStopped`). ``value`` (per option -1 open, 0 false,
    1 true) fixes the settled options; with ``differ``, the options' weights sum to less than
    their number (a cover lacks one of them), asked as their least weight
    (:func:`lack_weights`, to ``lack_tolerances``). ``whole``: the question is whether the
    board has a cover at all (a board without a fractional cover falls short by whole
    placements), asked of PDLP first (to ``board_first_order``, at most
    ``board_first_order_iterations`` iterations, from ``board_first_order_rows`` items left) and,
    when its weights do not certify, of the interior point method to ``board_gap``; else to
    ``question_tolerances`` in turn (all in
    :data:`~dominosa_lab.solvers.engine.settings.SETTINGS`).
    Settling options never shrinks the shortfall: a packing of the options left, with the true
    options added, is a packing of the whole model that falls short by as much.

    Examples
    --------
    Items 0, 1, 2 and options {0, 1}, {1, 2}: item 0 takes all of {0, 1}, which leaves
    nothing of {1, 2} for item 2.

    >>> from dominosa_lab.solvers.engine.state import cover_model
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
    search.check_time()
    lp = packing(model, value, differ)
    if lp is None:
        return False
    if lp.primary == 0:
        return True
    if not (lp.worth > 0).any():
        return False
    if not whole and lp.differ.shape[0]:
        return _lacking(lp, search) is not None
    if whole:
        if lp.rows >= SETTINGS.board_first_order_rows and certifies(
                lp, *dual_weights(lp, search, SETTINGS.board_first_order, first_order=True)):
            return False
        tolerances = (SETTINGS.board_gap / lp.primary,)
    else:
        tolerances = SETTINGS.question_tolerances
    return not any(certifies(lp, *dual_weights(lp, search, t)) for t in tolerances)


def lacking_options(model: CoverModel, search: Search, value: np.ndarray,
                    differ: np.ndarray) -> np.ndarray | None:
    """The question of :func:`fractional_cover_exists` with ``differ`` (a cover lacking one of
    those options), answered with more: None when checked weights show that no fractional cover
    lacks one, else the options of ``differ`` that the fractional cover HiGHS found weighs at
    most one half, lightest first (empty when it found none), where a cover that lacks one may
    be looked for first.

    Examples
    --------
    Options {0}, {1} and {0, 1}: a cover without both {0} and {1} takes {0, 1}; with {0, 1}
    ruled out there is none.

    >>> from dominosa_lab.solvers.engine.state import cover_model
    >>> pairs = cover_model([0, 1, 2, 4], [0, 1, 0, 1], [True, True])
    >>> lacking_options(pairs, Search(), np.array([-1, -1, -1]), np.array([0, 1])).tolist()
    [0, 1]
    >>> lacking_options(pairs, Search(), np.array([-1, -1, 0]), np.array([0, 1])) is None
    True
    """
    search.check_time()
    lp = packing(model, value, differ)
    if lp is None:
        return None
    return _lacking(lp, search) if lp.differ.shape[0] else np.zeros(0, np.int64)


def _lacking(lp: Packing, search: Search) -> np.ndarray | None:
    """:func:`lacking_options` of a packing with ``differ`` columns: their least weight asked to
    each of ``lack_tolerances`` (:data:`SETTINGS`) while it is above the limit."""
    for tolerance in SETTINGS.lack_tolerances:
        lack = lack_weights(lp, search, tolerance)
        if certifies_lack(lp, lack.weights, lack.scale):
            return None
        if not lack.least > lp.limit:
            break
    light = np.flatnonzero(lack.weight <= 0.5)
    return lp.options[lp.differ[light[np.argsort(lack.weight[light], kind="stable")]]]


class Lack(NamedTuple):
    """HiGHS's answer to the least weight of a packing's ``differ`` columns (:func:`lack_weights`).

    Attributes
    ----------
    weights : array of int
        Its dual weights, one per item left, rounded to integers in units of ``1 / scale``.
    scale : int
        A power of two.
    least : float
        The least weight as HiGHS found it (``inf`` when it found none).
    weight : array of float
        Per ``differ`` column, its weight in the fractional cover found (1 when none).
    """

    weights: np.ndarray
    scale: int
    least: float
    weight: np.ndarray


def certifies_lack(lp: Packing, weights: np.ndarray, scale: int) -> bool:
    """Whether integer ``weights`` (one per item left, in units of ``1 / scale``) prove that
    every fractional exact cover of ``lp`` weighs more than ``lp.limit`` on its ``differ``
    columns (then no cover lacks one of them). Exact: Python's integers.

    With the weights of secondary items capped at 0, let ``e`` be the most by which a column's
    items outweigh its cost (``scale`` for a ``differ`` column, 0 for the others) and ``X`` the
    rows over the fewest items a column covers (no fractional cover weighs more in all). Every
    fractional cover then carries at least ``(sum of the weights - e X) / scale`` on the
    ``differ`` columns.

    Examples
    --------
    Options {0}, {1} and {0, 1}, the last ruled out: a cover takes both {0} and {1}, weight 2
    on them, more than the 1 of a cover lacking one.

    >>> from dominosa_lab.solvers.engine.state import cover_model
    >>> pairs = cover_model([0, 1, 2, 4], [0, 1, 0, 1], [True, True])
    >>> lp = packing(pairs, np.array([-1, -1, 0]), np.array([0, 1]))
    >>> certifies_lack(lp, np.array([1, 1]), 1), certifies_lack(lp, np.array([1, 0]), 1)
    (True, False)
    """
    weights = np.asarray(weights, np.int64)
    if weights.shape[0] != lp.rows or scale < 1 or not lp.worth.shape[0]:
        return False
    weights = np.where(lp.primary_rows, weights, np.minimum(weights, 0))
    cost = np.zeros(lp.worth.shape[0], np.int64)
    cost[lp.differ] = scale
    excess = max(int((np.add.reduceat(weights[lp.items], lp.starts[:-1]) - cost).max()), 0)
    most = lp.rows // int(np.diff(lp.starts).min())
    return int(weights.sum()) - excess * most > lp.limit * scale


def lack_weights(lp: Packing, search: Search, tolerance: float | None = None) -> Lack:
    """The least weight the ``differ`` columns of ``lp`` carry in a fractional exact cover, by
    HiGHS (PDLP to the relative ``tolerance``, None: the first of ``lack_tolerances``): its
    dual weights rounded to integers of at most ``weight_bits`` bits (:data:`SETTINGS`), and the
    fractional cover it found (:class:`Lack`). Only :func:`certifies_lack` says what the weights
    prove; stops with the search's time limit (:class:`~dominosa_lab.core.search.SearchStopped`).

    Examples
    --------
    >>> from dominosa_lab.solvers.engine.state import cover_model
    >>> pairs = cover_model([0, 1, 2, 4], [0, 1, 0, 1], [True, True])
    >>> lack = lack_weights(packing(pairs, np.array([-1, -1, 0]), np.array([0, 1])), Search())
    >>> round(lack.least, 3), np.round(lack.weight, 3).tolist()
    (2.0, [1.0, 1.0])
    """
    import highspy

    highs = silent_highs()
    highs.setOptionValue("solver", "pdlp")
    highs.setOptionValue("pdlp_optimality_tolerance",
                         SETTINGS.lack_tolerances[0] if tolerance is None else tolerance)
    if search.deadline is not None:
        highs.setOptionValue("time_limit", max(search.deadline - time.perf_counter(), 0.0))
    model = _lp(lp, highspy)
    model.sense_ = highspy.ObjSense.kMinimize
    cost = np.zeros(lp.worth.shape[0])
    cost[lp.differ] = 1.0
    model.col_cost_ = cost
    model.row_lower_ = np.where(lp.primary_rows, 1.0, -highspy.kHighsInf)
    highs.passModel(model)
    highs.run()
    if highs.getModelStatus() == highspy.HighsModelStatus.kTimeLimit:
        search.check_time()
    solved = highs.getModelStatus() == highspy.HighsModelStatus.kOptimal
    least = highs.getInfo().objective_function_value if solved else float("inf")
    solution = highs.getSolution()
    weight = np.asarray(solution.col_value, np.float64)
    weight = weight[lp.differ] if solved and weight.shape[0] == cost.shape[0] \
        else np.ones(lp.differ.shape[0])
    dual = np.asarray(solution.row_dual, np.float64)
    if dual.shape[0] != lp.rows or not np.isfinite(dual).all():
        return Lack(np.zeros(lp.rows, np.int64), 1, least, weight)
    top = max(float(np.abs(dual).max(initial=0.0)), 1.0)
    scale = 1 << max(SETTINGS.weight_bits - int(np.ceil(np.log2(top))), 0)
    return Lack(np.rint(dual * scale).astype(np.int64), scale, least, weight)


def dual_weights(lp: Packing, search: Search, tolerance: float | None = None, *,
                 first_order: bool = False) -> tuple[np.ndarray, int]:
    """HiGHS's dual weights of the packing ``lp`` (interior point to the relative ``tolerance``,
    None: the last of ``question_tolerances``; no crossover; with ``first_order``, its
    first-order method PDLP to that tolerance, at most ``board_first_order_iterations``
    iterations, instead), rounded to integers of
    ``weight_bits`` bits (:data:`SETTINGS`): per item left, and for the
    ``differ`` row (0 without one). Only :func:`certifies` says what they prove; stops with the
    search's time limit (:class:`~dominosa_lab.core.search.SearchStopped`).

    Examples
    --------
    >>> from dominosa_lab.solvers.engine.state import cover_model
    >>> lp = packing(cover_model([0, 2, 4], [0, 1, 1, 2], [True] * 3))
    >>> weights, row = dual_weights(lp, Search())
    >>> certifies(lp, weights, row)
    True
    """
    import highspy

    highs = silent_highs()
    tolerance = SETTINGS.question_tolerances[-1] if tolerance is None else tolerance
    if first_order:
        highs.setOptionValue("solver", "pdlp")
        highs.setOptionValue("pdlp_optimality_tolerance", tolerance)
        highs.setOptionValue("pdlp_iteration_limit", SETTINGS.board_first_order_iterations)
    else:
        highs.setOptionValue("solver", "ipm")
        highs.setOptionValue("run_crossover", "off")
        highs.setOptionValue("ipm_optimality_tolerance", tolerance)
    if search.deadline is not None:
        highs.setOptionValue("time_limit", max(search.deadline - time.perf_counter(), 0.0))
    highs.passModel(_lp(lp, highspy))
    if lp.differ.shape[0]:
        highs.addRow(-highspy.kHighsInf, lp.limit, lp.differ.shape[0],
                     lp.differ.astype(np.int32), np.ones(lp.differ.shape[0]))
    highs.run()
    if highs.getModelStatus() == highspy.HighsModelStatus.kTimeLimit:
        search.check_time()
    dual = np.abs(np.asarray(highs.getSolution().row_dual, np.float64))
    if dual.shape[0] != lp.rows + (lp.differ.shape[0] > 0) or not np.isfinite(dual).all():
        return np.zeros(lp.rows, np.int64), 0
    scaled = np.rint(dual * ((1 << SETTINGS.weight_bits) / max(dual.max(initial=0.0), 1e-300)))
    scaled = scaled.astype(np.int64)
    return scaled[:lp.rows], int(scaled[lp.rows]) if lp.differ.shape[0] else 0


def silent_highs() -> highspy.Highs:
    """A silent HiGHS: its first constructor in a process prints a banner on the C library's
    standard output (file descriptor 1), which would break ``--json`` output, so it is sent to
    the null device."""
    import highspy

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


def _lp(lp: Packing, highspy):
    """The packing as a HiGHS LP: maximise the columns' worth, every row at most 1."""
    n_columns = lp.worth.shape[0]
    model = highspy.HighsLp()
    model.num_col_, model.num_row_ = n_columns, lp.rows
    model.sense_ = highspy.ObjSense.kMaximize
    model.col_cost_ = lp.worth.astype(np.float64)
    model.col_lower_ = np.zeros(n_columns)
    model.col_upper_ = np.full(n_columns, highspy.kHighsInf)
    model.row_lower_ = np.full(lp.rows, -highspy.kHighsInf)
    model.row_upper_ = np.ones(lp.rows)
    model.a_matrix_.format_ = highspy.MatrixFormat.kColwise
    model.a_matrix_.start_ = lp.starts.astype(np.int32)
    model.a_matrix_.index_ = lp.items.astype(np.int32)
    model.a_matrix_.value_ = np.ones(lp.items.shape[0])
    return model
