"""Compiling the engine's kernels once, and saying so: the first search of a fresh install (or
after an edit of the engine) compiles them, which the library announces through :mod:`logging` (a
warning, shown on stderr when nothing else is configured) with the time taken. A user with kernels
of its own warms them beside these (:func:`~dominosa_lab.solvers.fast.warm.warm_up`).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from dominosa_lab.core.exact_cover import ExactCover
from dominosa_lab.core.search import Search
from dominosa_lab.solvers.engine import cache
from dominosa_lab.solvers.engine.beliefs import log_odds
from dominosa_lab.solvers.engine.count import count_covers
from dominosa_lab.solvers.engine.rule import rule_table
from dominosa_lab.solvers.engine.search import CoverSearch
from dominosa_lab.solvers.engine.state import cover_model, from_exact_cover

__all__ = ["announced", "ensure_compiled", "warm_up"]

LOG = logging.getLogger("dominosa_lab.solvers.engine")
#: Exact cover whose count finds a backbone beyond propagation (its kernel compiled too).
_HELD = ExactCover(4, 0, [[1, 3], [2], [1, 3], [0], [2], [0, 3]])
#: Two items read through each other by the blocked-option rule, with no cover.
_BLOCKED = ([0, 2, 4, 5], [0, 2, 1, 2, 0], [1, 1, 1], [0, 1, 1], [1, 0, -1])
_checked = False


def warm_up() -> float:
    """Compile (or load from numba's cache) every kernel of the engine, by running each entry
    kernel once on small models, and stamp them compiled. Returns the seconds taken.

    Examples
    --------
    >>> warm_up() >= 0
    True
    """
    global _checked
    start = time.perf_counter()
    model = from_exact_cover(_HELD)
    for learn in (True, False):
        engine = CoverSearch(model, Search(), int, learn=learn)
        engine.start()
        log_odds(model, engine.state())
        for _ in engine.covers():
            pass
    blocked = cover_model(*_BLOCKED)
    rule_table(blocked, force=True)
    engine = CoverSearch(blocked, Search(), int)
    engine.start()
    for _ in engine.covers():
        pass
    _checked = True
    count_covers(model, Search(), check_min=0)  # its clause-learning questions and a backbone
    cache.mark_compiled()
    return time.perf_counter() - start


def announced(warm: Callable[[], float], what: str) -> float:
    """Run ``warm`` (a warm-up returning its seconds) between two warnings saying that ``what``
    is compiled once, and how long it took. Returns the seconds."""
    LOG.warning("compiling %s, once: about two to three minutes ...", what)
    seconds = warm()
    LOG.warning("compiled %s in %.0f s", what, seconds)
    return seconds


def ensure_compiled() -> float:
    """Before a search: when the engine's kernels are not compiled for these sources, compile
    them now and say so (a warning before, with the time after). Returns the seconds spent
    compiling (0.0 when they were compiled already), which a search sets aside from its
    budget."""
    global _checked
    if _checked or cache.is_compiled():
        _checked = True
        return 0.0
    return announced(warm_up, "the engine's kernels")
