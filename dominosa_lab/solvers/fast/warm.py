"""Compiling the kernels of the default method once (the engine's and Dominosa's), and saying so:
the first solve of a fresh install (or after an edit of the engine) compiles them, which the
library announces through :mod:`logging` (:func:`~dominosa_lab.solvers.engine.warm.announced`).
"""

from __future__ import annotations

import time

from dominosa_lab.core.puzzle import Puzzle
from dominosa_lab.core.search import Search
from dominosa_lab.formats.catalog import load
from dominosa_lab.solvers.engine import warm
from dominosa_lab.solvers.engine.beliefs import log_odds
from dominosa_lab.solvers.engine.rule import rule_table
from dominosa_lab.solvers.engine.search import CoverSearch
from dominosa_lab.solvers.fast import sources
from dominosa_lab.solvers.fast.count import count_puzzle
from dominosa_lab.solvers.fast.dominosa import DominosaCover, root_deductions
from dominosa_lab.solvers.fast.first import first_cover

__all__ = ["ensure_compiled", "warm_up"]

#: A board without solution, found so at level 0.
_DEAD = [[1, 0, 1], [0, 1, 0]]
_checked = False


def warm_up() -> float:
    """Compile (or load from numba's cache) every kernel of the engine and of Dominosa's, by
    running each entry kernel once on small boards, and stamp them compiled. Returns the seconds
    taken.

    Examples
    --------
    >>> warm_up() >= 0
    True
    """
    global _checked
    start = time.perf_counter()
    warm.warm_up()
    board = DominosaCover(load("mikefc-small"))
    rule_table(board.model, force=True)
    engine = board.engine(Search())
    root_deductions(engine, board, probe=True)
    log_odds(board.model, engine.state())
    for _ in engine.covers():
        pass
    first_cover(board, Search(), probe=True)
    dead = DominosaCover(Puzzle(_DEAD))
    engine = CoverSearch(dead.model, Search(), int)
    engine.start()
    for _ in engine.covers():
        pass
    _checked = True  # the counter's own kernels next, without coming back here
    count_puzzle(load("tcg-n10"), Search(), check_min=0)  # its clause-learning questions too
    sources.mark_compiled()
    return time.perf_counter() - start


def ensure_compiled() -> float:
    """Before a solve: when the kernels are not compiled for these sources, compile them now and
    say so (a warning before, with the time after). Returns the seconds spent compiling (0.0 when
    they were compiled already), which a search sets aside from its budget."""
    global _checked
    if _checked or sources.is_compiled():
        _checked = True
        return 0.0
    return warm.announced(warm_up, "the fast solver's kernels")
