"""Counting a Dominosa board's solutions on the engine's counter
(:func:`~dominosa_lab.solvers.engine.count.count`), with Dominosa's own steps: each move of the
counter (:mod:`~dominosa_lab.solvers.engine.split`) followed by propagation and then the Hall-set
rule to a fixed point, as at level 0 (:func:`~dominosa_lab.solvers.fast.dominosa.hall_fixed_point`).
"""

from __future__ import annotations

from dominosa_lab.core.puzzle import Puzzle
from dominosa_lab.core.search import Search
from dominosa_lab.solvers.engine.count import ComponentCount, Steps, count
from dominosa_lab.solvers.engine.jit import kernel
from dominosa_lab.solvers.engine.propagate import propagate
from dominosa_lab.solvers.engine.split import forced, placed, refuted, settled
from dominosa_lab.solvers.engine.state import C_NONE, C_STOP
from dominosa_lab.solvers.fast.dominosa import DominosaCover, hall_fixed_point, root_deductions

__all__ = ["assume", "count_puzzle", "force", "refute"]


@kernel
def _deduce(m, s, g, values, pairs, max_pip):
    """Propagation, then the Hall-set rule and propagation to a fixed point; a conflict is
    counted as a dead end. Returns the conflict kind."""
    kind = propagate(m, s, g).kind
    if kind == C_NONE:
        kind = hall_fixed_point(m, s, g, values, pairs, max_pip)
    return settled(s, kind)


@kernel
def assume(m, s, g, q, k, values, pairs, max_pip):
    """:func:`~dominosa_lab.solvers.engine.split.placed`, then Dominosa's deductions."""
    return _deduce(m, s, g, values, pairs, max_pip) if placed(m, s, q, k) else C_STOP


@kernel
def refute(m, s, g, q, values, pairs, max_pip):
    """:func:`~dominosa_lab.solvers.engine.split.refuted`, then Dominosa's deductions."""
    refuted(m, s, q)
    return _deduce(m, s, g, values, pairs, max_pip)


@kernel
def force(m, s, g, options, values, pairs, max_pip):
    """:func:`~dominosa_lab.solvers.engine.split.forced`, then Dominosa's deductions."""
    return _deduce(m, s, g, values, pairs, max_pip) if forced(m, s, options) else C_STOP


def count_puzzle(puzzle: Puzzle, search: Search,
                 check_min: int | None = None) -> ComponentCount:
    """The number of solutions of a Dominosa ``puzzle``, counted as
    :func:`~dominosa_lab.solvers.engine.count.count_covers` counts (the same counters and
    budget), after the engine's level 0 with probing and with Hall sets after every step.

    Examples
    --------
    >>> from dominosa_lab import load
    >>> count_puzzle(load("tcg-n10"), Search())
    ComponentCount(count=16, components=4, cache_hits=0, checks=0)
    """
    board = DominosaCover(puzzle)
    engine = board.engine(search, learn=False)
    steps = Steps(assume, refute, force, (board.values, board.pairs, board.max_pip))
    return count(engine, root_deductions(engine, board, probe=True), steps, check_min)
