"""``fast``: the default method, clause learning on the Dominosa exact cover (compiled).

The board is the exact cover of ``dlx`` (squares and dominoes as items,
placements as options), given to the compiled engine of
:mod:`dominosa_lab.core.cover` with the Dominosa deductions of
:mod:`dominosa_lab.logic.compiled`: at every state the two trivial deductions
and Tatham's two basic ones (``square_single_domino``, ``domino_must_overlap``,
as the engine's blocked-option rule, with reasons for clause learning); before
the search, Hall sets to a fixed point and, on boards of at most
:data:`PROBE_MAX_PLACEMENTS` placements, failed-placement probing (an
assumption whose consequences contradict each other is ruled out: the deduction
that lets the method finish person-made boards without a guess). Then conflict-
driven clause learning, branching on the square or domino with fewest placements
left; on boards of at least :data:`GUIDE_MIN_PLACEMENTS` placements it tries
first the placement that belief propagation over the placements left believes in
(:mod:`dominosa_lab.core.beliefs`: on random boards it is nearly always right, and
N = 100 boards are solved without a conflict). Counted by the
house rule (see :mod:`dominosa_lab.core.cover`): nodes are placements made true
by a decision or a deduction, backtracks the ones taken back with no solution
found below, choices the decisions.

The compiled modules are imported when first used: loading numba takes about 0.6 s,
which ``import dominosa_lab`` (every command, every worker process) should not pay.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import numpy as np

from dominosa_lab.core.puzzle import Puzzle, Solution
from dominosa_lab.core.search import Search, SearchStopped

if TYPE_CHECKING:
    from dominosa_lab.core.cover import CoverSearch
    from dominosa_lab.logic.compiled import DominosaCover

__all__ = ["GUIDE_MIN_PLACEMENTS", "PROBE_MAX_PLACEMENTS", "first_solution_counts", "is_compiled",
           "solve"]

#: Probing costs one propagation per placement: worth it on boards people solve by hand.
PROBE_MAX_PLACEMENTS = 400
#: Below N = 36 belief propagation costs more than the search it saves, at N = 36 as much
#: (``benchmarks/bench_beliefs.py``): boards under 3,000 placements (N = 37 on the
#: rectangle) search without it.
GUIDE_MIN_PLACEMENTS = 3000

def solve(puzzle: Puzzle, search: Search) -> Iterator[Solution]:
    """Yield every solution of ``puzzle`` (the next one is searched for when asked).

    Examples
    --------
    >>> from dominosa_lab import from_tatham, load, solve
    >>> r = solve(load("tcg-n10"), method="fast", limit=None)
    >>> r.status, len(r.solutions), all(s.is_valid() for s in r.solutions)
    ('solved', 16, True)
    >>> solve(from_tatham("6:13426004156616604462233262440300525512351342063315415510"),
    ...       method="fast").stats.choices
    0
    """
    from dominosa_lab.logic.compiled import DominosaCover

    board = DominosaCover(puzzle)
    engine = board.engine(search)
    _level_zero(engine, board, probe=board.model.n_options <= PROBE_MAX_PLACEMENTS)
    for cover in engine.covers():
        solution = Solution(puzzle, map(board.placements.__getitem__, cover.tolist()))
        search.found(solution)
        yield solution


def _level_zero(engine: CoverSearch, board: DominosaCover, probe: bool,
                guided: bool = True) -> None:
    """Level 0 (:func:`~dominosa_lab.logic.compiled.root_deductions`), then, when ``guided`` on
    boards of at least :data:`GUIDE_MIN_PLACEMENTS` with placements left open, the placements
    that belief propagation believes in (:func:`~dominosa_lab.core.beliefs.log_odds` above 0)
    preferred by every decision."""
    from dominosa_lab.core.beliefs import log_odds
    from dominosa_lab.logic.compiled import root_deductions

    if not root_deductions(engine, board, probe) or not guided \
            or board.model.n_options < GUIDE_MIN_PLACEMENTS:
        return
    state = engine.state()
    if (state == -1).any():
        engine.prefer(np.flatnonzero(log_odds(board.model, state) > 0))


def first_solution_counts(puzzle: Puzzle, *, rule: bool = True, learn: bool = True,
                          guided: bool = True, probe: bool = False,
                          max_nodes: int = 200_000) -> dict[str, int | str]:
    """The engine's own counters up to the first solution, with a part of the method switched
    off (``rule``: the blocked-option rule; ``learn``: clause learning, else depth first;
    ``guided``: the beliefs' placements first on boards of at least
    :data:`GUIDE_MIN_PLACEMENTS`, else the longest conflict-free assignment's): what each part
    saves, in counts that are the same on every machine.

    Returns ``status`` ("solved", "no_solution" or "stopped" at ``max_nodes``) and the counters
    of :attr:`~dominosa_lab.core.cover.CoverSearch.counters` (nodes, conflicts, decisions, ...).

    Examples
    --------
    >>> from dominosa_lab import random_puzzle
    >>> board = random_puzzle(12, 1).puzzle
    >>> with_rule, without = first_solution_counts(board), first_solution_counts(board, rule=False)
    >>> with_rule["status"], without["status"], with_rule["conflicts"] <= without["conflicts"]
    ('solved', 'solved', True)
    """
    from dominosa_lab.logic.compiled import DominosaCover

    board = DominosaCover(puzzle)
    engine = board.engine(Search(max_nodes=max_nodes), rule, learn)
    try:
        _level_zero(engine, board, probe, guided)
        status = "solved" if next(engine.covers(), None) is not None else "no_solution"
    except SearchStopped:
        status = "stopped"
    return {"status": status, **engine.counters}


def is_compiled() -> bool:
    """Whether the method's kernels are in numba's cache (else the first solve compiles them,
    which takes about a minute).

    Examples
    --------
    >>> isinstance(is_compiled(), bool)
    True
    """
    from dominosa_lab.core import _cover_kernel, beliefs
    from dominosa_lab.core.cover import cached
    from dominosa_lab.logic import compiled

    return cached(_cover_kernel.run, _cover_kernel.start, _cover_kernel.finish,
                  _cover_kernel.rule_table, compiled.root_kernel, compiled.build,
                  beliefs._log_odds)
