"""Why an exact cover has none: primary items that no choice of the open options covers together.

:func:`failing_items` asks CryptoMiniSat (``pycryptosat``) for a cover of the open options with
every primary item guarded by a variable of its own (``exact_one_clauses`` with ``guard``), all
assumed true. When there is none, the solver names the assumptions its proof used: a set of items
that cannot all be covered, each by one option, no item covered twice. The set is then shrunk by
the deletion search: each item in turn is left out, and when the rest still cannot be covered the
solver's new, often smaller, set replaces it; otherwise the item is needed. The result is minimal:
without any one of its items a cover exists.

Which minimal set is found depends on the order the items are tried in (``seed``).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from dominosa_lab.core.search import Search, SearchStopped
from dominosa_lab.solvers.engine.handover import exact_one_clauses, solved
from dominosa_lab.solvers.engine.state import CoverModel

__all__ = ["failing_items"]


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
