"""Compiling the engine's kernels once, and saying so: the first solve of a fresh install (or
after an edit of the engine) takes about a minute, which the library announces through
:mod:`logging` (a warning, shown on stderr when nothing else is configured) with the time taken.
"""

from __future__ import annotations

import logging
import time

from dominosa_lab.core.exact_cover import ExactCover
from dominosa_lab.core.puzzle import Puzzle
from dominosa_lab.core.search import Search
from dominosa_lab.formats.catalog import load
from dominosa_lab.solvers.fast import cache
from dominosa_lab.solvers.fast.beliefs import log_odds
from dominosa_lab.solvers.fast.count import count_covers, count_puzzle
from dominosa_lab.solvers.fast.dominosa import DominosaCover, root_deductions
from dominosa_lab.solvers.fast.rule import rule_table
from dominosa_lab.solvers.fast.search import CoverSearch
from dominosa_lab.solvers.fast.state import from_exact_cover

__all__ = ["ensure_compiled", "warm_up"]

LOG = logging.getLogger("dominosa_lab.solvers.fast")
#: A board without solution, found so at level 0.
_DEAD = [[1, 0, 1], [0, 1, 0]]
#: Exact cover whose count finds a backbone beyond propagation (its kernel compiled too).
_HELD = ExactCover(4, 0, [[1, 3], [2], [1, 3], [0], [2], [0, 3]])
_checked = False


def warm_up() -> float:
    """Compile (or load from numba's cache) every kernel of the engine, by running each entry
    kernel once on a small board, and stamp them compiled. Returns the seconds taken.

    Examples
    --------
    >>> warm_up() >= 0
    True
    """
    global _checked
    start = time.perf_counter()
    board = DominosaCover(load("mikefc-small"))
    rule_table(board.model, force=True)
    engine = board.engine(Search())
    root_deductions(engine, board, probe=True)
    log_odds(board.model, engine.state())
    for _ in engine.covers():
        pass
    dead = DominosaCover(Puzzle(_DEAD))
    engine = CoverSearch(dead.model, Search(), int)
    engine.start()
    for _ in engine.covers():
        pass
    _checked = True  # the counter's own kernels next, without coming back here
    count_puzzle(load("tcg-n10"), Search(), check_min=0)  # its clause-learning questions too
    count_covers(from_exact_cover(_HELD), Search(), check_min=0)  # and a backbone forced
    cache.mark_compiled()
    return time.perf_counter() - start


def ensure_compiled() -> float:
    """Before a solve: when the kernels are not compiled for these sources, compile them now and
    say so (a warning before, with the time after). Returns the seconds spent compiling (0.0 when
    they were compiled already), which a search sets aside from its budget."""
    global _checked
    if _checked:
        return 0.0
    if cache.is_compiled():
        _checked = True
        return 0.0
    LOG.warning("compiling the fast solver's kernels, once: about a minute ...")
    seconds = warm_up()
    LOG.warning("compiled the fast solver's kernels in %.0f s", seconds)
    return seconds
