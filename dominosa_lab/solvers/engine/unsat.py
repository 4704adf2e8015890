"""Why an exact cover has none: primary items that no choice of the open options covers together.

Two ways to find such items: a SAT solver's proof, shrunk until minimal (:func:`failing_items`),
and the weights that show the relaxation has no fractional cover (:func:`weighed_items`).

:func:`failing_items` asks CryptoMiniSat (``pycryptosat``) for a cover of the open options with
every primary item guarded by a variable of its own (``exact_one_clauses`` with ``guard``), all
assumed true. When there is none, the solver names the assumptions its proof used: a set of items
that cannot all be covered, each by one option, no item covered twice. The set is then shrunk by
the deletion search: each item in turn is left out, and when the rest still cannot be covered the
solver's new, often smaller, set replaces it; otherwise the item is needed. The result is minimal:
without any one of its items a cover exists.

Which minimal set is found depends on the order the items are tried in (``seed``).

**Weighed items.** When no fractional cover exists (:mod:`~dominosa_lab.solvers.engine.relax`),
weights on the items show it: every open option's items weigh at most 0 together, the items all
together at least 1, and a secondary item at most 0. Cover the items of positive weight, each
once, every other item at most once: the options taken weigh at most 0, and at least what the
items they cover weigh, which is at least the sum of all the weights, 1. So the items of positive
weight cannot be covered together, not even by options taken in part. :func:`weighed_items` asks
HiGHS for such weights whose positive part costs least (each item at its ``cost``), then again
with each item's cost divided by the weight it got, which leaves fewer items positive
(reweighting), ``rounds`` linear programmes in all. The last set is checked by asking the
relaxation again with only its items primary
(:func:`~dominosa_lab.solvers.engine.relax.fractional_cover_exists`): HiGHS's tolerances can cost
a set, never make a wrong one. Such a set
is not shrunk: it is found in a few linear programmes where the SAT solver's proof may not end
(a proof that needs the board's counting whole, which clause learning sees a clause at a time).
"""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np

from dominosa_lab.core.search import Search, SearchStopped
from dominosa_lab.solvers.engine.handover import exact_one_clauses, solved
from dominosa_lab.solvers.engine.relax import (
    Packing,
    fractional_cover_exists,
    packing,
    silent_highs,
)
from dominosa_lab.solvers.engine.state import CoverModel

__all__ = ["FLOOR", "POSITIVE", "failing_items", "weighed_items"]

#: In reweighting, an item's cost is divided by its weight, or by this share of the largest
#: weight when its own is smaller (a weight of 0 would make it infinite).
FLOOR = 1e-3

#: An item's weight is positive when it is above this share of the largest (HiGHS's weights are
#: not exact; a set that leaves out too much fails the check).
POSITIVE = 1e-9


def failing_items(model: CoverModel, value: np.ndarray, time_limit: float | None = None,
                  shrink_seconds: Callable[[float], float | None] = lambda proof: None,
                  seed: int | None = None) -> tuple[np.ndarray, bool] | None:
    """Primary items of ``model`` that the open options of ``value`` (-1 open, 0 false, 1 true)
    cannot cover together, and whether the set is minimal; None when they can, or when
    ``time_limit`` (seconds) ran out before that was decided.

    Parameters
    ----------
    model : CoverModel
    value : array of int
        Per option: -1 open, 0 false, 1 true (an item covered by a true option is never named).
    time_limit : float or None
        Seconds for the proof that the open options cover no set of all the primary items.
    shrink_seconds : callable
        Given the proof's seconds, the seconds the shrinking may take (None: until minimal);
        when they run out the set found so far is returned, not minimal.
    seed : int or None
        None: items are left out in their order; else in an order shuffled by this seed.

    Returns
    -------
    (array of int, bool) or None
        The items (sorted) and whether the set is minimal.

    Examples
    --------
    >>> from dominosa_lab.solvers.engine.state import cover_model
    >>> model = cover_model([0, 2, 4, 6], [0, 1, 1, 2, 0, 2], [True] * 3)  # {0,1} {1,2} {0,2}
    >>> items, minimal = failing_items(model, np.full(3, -1))
    >>> items.tolist(), minimal     # three items, two to an option
    ([0, 1, 2], True)
    >>> items, minimal = failing_items(model, np.array([-1, 0, -1]))   # without {1, 2}
    >>> items.tolist()              # 1 and 2 each need an option holding 0
    [1, 2]
    >>> two = model._replace(primary=np.array([1, 1, 0], np.uint8))   # item 2 may stay out
    >>> failing_items(two, np.full(3, -1)) is None                     # {0, 1} covers 0 and 1
    True
    """
    from pycryptosat import Solver

    guard = model.n_options + 1
    sat = Solver()
    sat.add_clauses(exact_one_clauses(model, value, guard))
    asked = (guard + np.flatnonzero(model.primary == 1)).tolist()
    start = Search(time_limit=time_limit)
    try:
        if solved(sat, start, asked) is not None:
            return None
    except SearchStopped:
        return None
    core = {-lit for lit in sat.get_conflict()}
    shrink = Search(time_limit=shrink_seconds(start.elapsed()))
    core, minimal = _shrink(sat, core, shrink, np.random.default_rng(seed) if seed is not None
                            else None)
    return np.array(sorted(lit - guard for lit in core), np.int64), minimal


def _shrink(sat, core: set[int], search: Search, rng: np.random.Generator | None
            ) -> tuple[set[int], bool]:
    """The deletion search (see the module) on the assumptions ``core`` within ``search``'s
    time: the set left and whether every test was decided."""
    order = sorted(core)
    if rng is not None:
        rng.shuffle(order)
    needed: set[int] = set()
    for lit in order:
        if lit not in core:
            continue
        try:
            search.check_time()
            model = solved(sat, search, sorted(core - {lit}))
        except SearchStopped:
            return core, False
        if model is not None:
            needed.add(lit)
        else:
            core = {-x for x in sat.get_conflict()} | needed
    return core, True


def weighed_items(model: CoverModel, value: np.ndarray, search: Search,
                  cost: np.ndarray | None = None, rounds: int = 2) -> np.ndarray | None:
    """Primary items of ``model`` that the open options of ``value`` (-1 open, 0 false, 1 true)
    cannot cover together even in part, as weights show (see the module); None when a fractional
    cover of them all exists, or HiGHS's weights did not check. Stops with ``search``'s time
    limit (:class:`~dominosa_lab.core.search.SearchStopped`).

    Parameters
    ----------
    model : CoverModel
    value : array of int
        Per option: -1 open, 0 false, 1 true (an item covered by a true option is never named).
    search : Search
        Its clock bounds every linear programme.
    cost : array of float or None
        Per item, what asking for it costs (None: 1 each); the weights' positive part is
        made cheap.
    rounds : int
        Linear programmes asked, the first and then reweighted ones (at least 1).

    Returns
    -------
    array of int or None
        The items (sorted).

    Examples
    --------
    >>> from dominosa_lab.solvers.engine.state import cover_model
    >>> model = cover_model([0, 2, 4], [0, 1, 1, 2], [True] * 3)   # {0, 1} and {1, 2}
    >>> weighed_items(model, np.full(2, -1), Search()).tolist()    # 0 and 2 both need item 1
    [0, 2]
    >>> triangle = cover_model([0, 2, 4, 6], [0, 1, 1, 2, 0, 2], [True] * 3)
    >>> weighed_items(triangle, np.full(3, -1), Search()) is None   # half of each covers all
    True
    """
    lp = packing(model, value)
    if lp.primary == 0:
        return None
    base = np.ones(lp.rows) if cost is None else np.asarray(cost, np.float64)[lp.row_items]
    price = base
    for _ in range(max(rounds, 1)):
        weights = _least_weights(lp, price, search)
        if weights is None:
            return None
        price = base / (np.maximum(weights, 0.0) + FLOOR * weights.max())
    items = lp.row_items[weights > POSITIVE * weights.max()]
    asked = np.zeros(model.n_items, np.uint8)
    asked[items] = 1
    if fractional_cover_exists(model._replace(primary=asked), search, value, whole=True):
        return None
    return items


def _least_weights(lp: Packing, price: np.ndarray, search: Search) -> np.ndarray | None:
    """Per row of ``lp``, the weights of :func:`weighed_items` whose positive part (each row's
    at its ``price``) costs least, by HiGHS's interior point method; None when there are none (a
    fractional cover)."""
    import highspy

    highs = silent_highs()
    highs.setOptionValue("solver", "ipm")
    if search.deadline is not None:
        highs.setOptionValue("time_limit", max(search.deadline - time.perf_counter(), 0.0))
    highs.passModel(_weights_lp(lp, price, highspy))
    highs.run()
    if highs.getModelStatus() == highspy.HighsModelStatus.kTimeLimit:
        search.check_time()
    if highs.getModelStatus() != highspy.HighsModelStatus.kOptimal:
        return None
    solution = np.asarray(highs.getSolution().col_value, np.float64)
    return solution[:lp.rows] - solution[lp.rows:]


def _weights_lp(lp: Packing, price: np.ndarray, highspy):
    """The weights of ``lp``'s rows as a HiGHS LP: each the positive part ``u`` (0 for a
    secondary row) less the negative part ``v``; per column, its rows weigh at most 0; all rows
    at least 1; minimise the positive parts at ``price``."""
    rows, columns, entries = lp.rows, lp.worth.shape[0], lp.items.shape[0]
    model = highspy.HighsLp()
    model.num_col_, model.num_row_ = 2 * rows, columns + 1
    model.col_cost_ = np.concatenate((price, np.zeros(rows)))
    model.col_lower_ = np.zeros(2 * rows)
    model.col_upper_ = np.concatenate((np.where(lp.primary_rows, highspy.kHighsInf, 0.0),
                                       np.full(rows, highspy.kHighsInf)))
    model.row_lower_ = np.concatenate((np.full(columns, -highspy.kHighsInf), [1.0]))
    model.row_upper_ = np.concatenate((np.zeros(columns), [highspy.kHighsInf]))
    owner = np.repeat(np.arange(columns), np.diff(lp.starts))
    order = np.argsort(np.concatenate((owner, owner)), kind="stable")
    model.a_matrix_.format_ = highspy.MatrixFormat.kRowwise
    model.a_matrix_.start_ = np.concatenate(
        ([0], np.cumsum(2 * np.diff(lp.starts)), [2 * entries + 2 * rows])).astype(np.int32)
    model.a_matrix_.index_ = np.concatenate(
        (np.concatenate((lp.items, lp.items + rows))[order], np.arange(2 * rows))).astype(np.int32)
    signs = np.repeat([1.0, -1.0], entries)[order]
    model.a_matrix_.value_ = np.concatenate((signs, np.repeat([1.0, -1.0], rows)))
    return model
