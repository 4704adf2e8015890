"""``fast``: the default method, clause learning on the Dominosa exact cover (compiled).

The board is the exact cover of ``dlx`` (squares and dominoes as items, placements as options),
given to the compiled engine of this package with the Dominosa deductions of
:mod:`~dominosa_lab.solvers.fast.dominosa`: at every state the two trivial deductions and Tatham's
two basic ones (``square_single_domino``, ``domino_must_overlap``, as the engine's blocked-option
rule, with reasons for clause learning); before the search, Hall sets to a fixed point and, on
boards of at most ``probe_max_placements`` placements, failed-placement probing (an assumption
whose consequences contradict each other is ruled out: the deduction that lets the method finish
person-made boards without a guess). Then conflict-driven clause learning, branching on the
square or domino with fewest placements left (:mod:`~dominosa_lab.solvers.engine.decide`, the
whole heuristic: on large boards belief propagation, :mod:`~dominosa_lab.solvers.engine.beliefs`,
picks the first try); a search that has spent ``handover_conflicts``
(:data:`~dominosa_lab.solvers.engine.settings.SETTINGS`) conflicts without a solution asks whether
the board has a fractional cover (:mod:`~dominosa_lab.solvers.engine.relax`: a board with none has
no solution) and, when it has, goes on in CryptoMiniSat, on the model level 0 left
(:mod:`~dominosa_lab.solvers.engine.handover`, which says how that part is counted). Counted by the
house rule (:mod:`~dominosa_lab.solvers.engine.search`): nodes are placements made true by a
decision or a deduction, backtracks the ones taken back with no solution found below, choices the
decisions.

The engine is the generic package :mod:`~dominosa_lab.solvers.engine`, which knows nothing of
Dominosa; this package is its Dominosa user, by concern:
:mod:`~dominosa_lab.solvers.fast.dominosa` (the board as a cover model, the Hall-set and level-0
kernels), :mod:`~dominosa_lab.solvers.fast.count` (counting with Hall sets after every step),
:mod:`~dominosa_lab.solvers.fast.mirror` (the
deductions' Python twins), :mod:`~dominosa_lab.solvers.fast.prove`,
:mod:`~dominosa_lab.solvers.fast.sources` and :mod:`~dominosa_lab.solvers.fast.warm` (its kernels
kept fresh and compiled).

The compiled modules are imported when first used: loading numba takes about 0.6 s, which
``import dominosa_lab`` (every command, every worker process) should not pay, and loading the
kernels from numba's cache about as much again. In a process that has not loaded the kernels yet,
a board of at most ``deduce_first_max`` placements is first given to the Python forms of the
deductions the engine's level 0 runs (:func:`~dominosa_lab.solvers.fast.mirror.deduced`): when they
place every domino, so would the engine, and the one solution is counted as the engine counts it (a
node and a choice among one per placement) with no kernel loaded (a one-shot command on a
person-made board), and its count is 1 (:func:`deduced_count`); else the engine starts from
scratch. Both bounds are in the package's settings
(:data:`~dominosa_lab.solvers.fast.settings.SETTINGS`).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from functools import partial
from typing import TYPE_CHECKING

import numpy as np

from dominosa_lab.core.puzzle import Placement, Puzzle, Solution
from dominosa_lab.core.search import Refutation, Search, SearchStopped
from dominosa_lab.solvers.fast.mirror import deduced
from dominosa_lab.solvers.fast.settings import SETTINGS

if TYPE_CHECKING:
    from dominosa_lab.solvers.engine.search import CoverSearch
    from dominosa_lab.solvers.fast.dominosa import DominosaCover

__all__ = ["deduced_count", "first_solution_counts", "is_compiled", "solve", "warm_up"]

#: The module whose import loads the engine's kernels.
_KERNELS = "dominosa_lab.solvers.engine.loop"


def solve(puzzle: Puzzle, search: Search) -> Iterator[Solution]:
    """Yield every solution of ``puzzle`` (the next one is searched for when asked; by deduction
    alone on a small board while the kernels are not loaded, see the module text).

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
    search.explain = partial(_explain, puzzle)
    placed = _deduced_first(puzzle)
    if placed is not None:
        return _by_deduction(puzzle, search, placed)
    return _compiled(puzzle, search)


def deduced_count(puzzle: Puzzle, search: Search) -> int | None:
    """1 for a board that :func:`solve` finishes by deduction alone with no kernel loaded (see the
    module text), its placements reported as :func:`solve` reports them; None for any other
    board (count it with the engine).

    Examples
    --------
    >>> from dominosa_lab import load
    >>> from dominosa_lab.core.search import Search
    >>> deduced_count(load("mikefc-small"), Search()) in (1, None)   # None once kernels load
    True
    """
    placed = _deduced_first(puzzle)
    return None if placed is None else sum(1 for _ in _by_deduction(puzzle, search, placed))


def _deduced_first(puzzle: Puzzle) -> list[Placement] | None:
    """The placements of the Python deductions when they finish a small board while the kernels
    are not loaded; else None."""
    if _KERNELS in sys.modules or len(puzzle.placements()) > SETTINGS.deduce_first_max:
        return None
    return deduced(puzzle)


def _explain(puzzle: Puzzle, time_limit: float | None = 60.0) -> Refutation | None:
    """Why a board the engine proved to have no solution has none, looked for at most
    ``time_limit`` seconds (see :func:`~dominosa_lab.solvers.explain.explain_no_solution`)."""
    from dominosa_lab.solvers.explain import explain_no_solution

    return explain_no_solution(puzzle, time_limit=time_limit)


def _by_deduction(puzzle: Puzzle, search: Search, placed: list[Placement]
                  ) -> Iterator[Solution]:
    """Report the deduced placements as the engine reports a board it finishes at level 0,
    yield the solution, and take them back (no backtracks: a solution was found below)."""
    search.check_time()
    for placement in placed:
        search.choice(1)
        search.place(placement)
    solution = Solution(puzzle, placed)
    search.found(solution)
    yield solution
    for placement in reversed(placed):
        search.remove(placement)


def _compiled(puzzle: Puzzle, search: Search) -> Iterator[Solution]:
    """The engine's solutions, in turn; the first of a small board in one compiled call
    (:mod:`~dominosa_lab.solvers.fast.first`), the rest by the ordinary path, which retraces
    the steps to the first."""
    from dominosa_lab.solvers.engine.handover import covers_with_hand_over
    from dominosa_lab.solvers.fast.dominosa import DominosaCover
    from dominosa_lab.solvers.fast.first import first_cover
    from dominosa_lab.solvers.fast.warm import ensure_compiled

    search.set_aside(ensure_compiled())
    board = DominosaCover(puzzle)
    search.check_time()  # the model of a large board takes a while; level 0 too
    probe = board.pairs.shape[0] <= SETTINGS.probe_max_placements
    first = first_cover(board, search, probe)
    if first is not None:
        if not first.size:
            return
        yield _found(puzzle, board, search, first)
    engine = board.engine(search)
    _level_zero(engine, board, probe)
    search.check_time()
    covers = covers_with_hand_over(engine)
    if first is not None and not np.array_equal(next(covers), first):
        raise RuntimeError("the engine found another first solution on its ordinary path")
    for cover in covers:
        yield _found(puzzle, board, search, cover)


def _found(puzzle: Puzzle, board: DominosaCover, search: Search, cover: np.ndarray) -> Solution:
    """The solution of the options ``cover``, reported to ``search``."""
    solution = Solution(puzzle, board.placements(cover))
    search.found(solution)
    return solution


def _level_zero(engine: CoverSearch, board: DominosaCover, probe: bool,
                guided: bool = True, guide_for: int | None = None) -> None:
    """Level 0 (:func:`~dominosa_lab.solvers.fast.dominosa.root_deductions`), then, when ``guided``,
    the placements belief propagation believes in preferred by every decision, or by those of
    the first ``guide_for`` conflicts (:func:`~dominosa_lab.solvers.engine.decide.guide`)."""
    from dominosa_lab.solvers.engine.decide import guide
    from dominosa_lab.solvers.fast.dominosa import root_deductions

    if root_deductions(engine, board, probe) and guided:
        guide(engine, guide_for)


def first_solution_counts(puzzle: Puzzle, *, rule: bool = True, learn: bool = True,
                          guided: bool = True, guide_for: int | None = None,
                          probe: bool = False, max_nodes: int = 200_000
                          ) -> dict[str, int | str]:
    """The engine's own counters up to the first solution, with a part of the method switched
    off (``rule``: the blocked-option rule; ``learn``: clause learning, else depth first;
    ``guided``: the beliefs' placements first on boards of at least
    ``guide_min_placements`` (:data:`~dominosa_lab.solvers.engine.settings.SETTINGS`), else the
    longest conflict-free
    assignment's; ``guide_for``: the beliefs' only for that many conflicts) or on
    (``probe``: failed-placement probing at level 0): what each part saves, in counts that are
    the same on every machine (the engine alone: a node budget is never handed over).

    Returns ``status`` ("solved", "no_solution" or "stopped" at ``max_nodes``) and the counters
    of :attr:`~dominosa_lab.solvers.engine.search.CoverSearch.counters` (nodes, conflicts,
    decisions, ...).

    Examples
    --------
    >>> from dominosa_lab import random_puzzle
    >>> board = random_puzzle(12, seed=1).puzzle
    >>> with_rule, without = first_solution_counts(board), first_solution_counts(board, rule=False)
    >>> with_rule["status"], without["status"], with_rule["conflicts"] <= without["conflicts"]
    ('solved', 'solved', True)
    """
    from dominosa_lab.solvers.fast.dominosa import DominosaCover
    from dominosa_lab.solvers.fast.warm import ensure_compiled

    ensure_compiled()
    board = DominosaCover(puzzle)
    engine = board.engine(Search(max_nodes=max_nodes), rule, learn)
    try:
        _level_zero(engine, board, probe, guided, guide_for)
        status = "solved" if next(engine.covers(), None) is not None else "no_solution"
    except SearchStopped:
        status = "stopped"
    return {"status": status, **engine.counters}


def is_compiled() -> bool:
    """Whether every kernel of the method is compiled in numba's cache
    (:func:`~dominosa_lab.solvers.fast.sources.is_compiled`; no kernel is loaded to say so).

    Examples
    --------
    >>> isinstance(is_compiled(), bool)
    True
    """
    from dominosa_lab.solvers.fast.sources import is_compiled as compiled

    return compiled()


def warm_up() -> float:
    """Compile (or load from numba's cache) every kernel of the engine now, rather than in the
    first solve; returns the seconds taken (:func:`~dominosa_lab.solvers.fast.warm.warm_up`).

    Examples
    --------
    >>> warm_up() >= 0
    True
    """
    from dominosa_lab.solvers.fast.warm import warm_up as compile_all

    return compile_all()
