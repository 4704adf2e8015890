"""Proofs of "no solution" a person can check: squares and dominoes that cannot go together.

A board has a solution exactly when its squares can be covered, each by one placement, with every
domino used once. Ask for only some of it, some squares covered and some dominoes placed (every
other square and domino at most once): when even that cannot be done, the board has no solution,
and those squares and dominoes are the reason, a *core*. :func:`unsatisfiable` finds one with
CryptoMiniSat, which names the squares and dominoes its proof used, and shrinks it until none can
be left out (:func:`~dominosa_lab.solvers.engine.unsat.failing_items`). Asking for dominoes as
well as squares keeps the counting of the dominoes (the squares are twice the dominoes), which
a set of squares alone, every domino at most once, loses. On boards with two numbers exchanged
the cores are large, and the smallest of six found in different orders is little smaller than
the first (``benchmarks/results/reasons.md``).

**A core from weights.** When the board has no fractional cover (every board with two numbers
exchanged that ``benchmarks/results/reasons.md`` measured), weights on its squares and
dominoes show it, and the squares and dominoes of positive weight are a core (:func:`weighed`,
:func:`~dominosa_lab.solvers.engine.unsat.weighed_items`): found in ``weigh_rounds`` linear
programmes, where CryptoMiniSat's proof of a board of N = 60 may not end in minutes, but not
shrunk. A domino asked for brings the squares of its placements into the reason, so asking for it
costs their number, a square 1.

**The shrinking's time is bounded by the proof's.** It may take ``shrink_proofs`` times the
proof's time plus ``shrink_seconds`` (:data:`~dominosa_lab.solvers.fast.settings.SETTINGS`,
:func:`shrink_budget`); when that runs out, the set found so far is returned, not minimal.
"""

from __future__ import annotations

import numpy as np

from dominosa_lab.core.puzzle import Puzzle
from dominosa_lab.core.search import Search, SearchStopped
from dominosa_lab.solvers.engine.state import CoverModel
from dominosa_lab.solvers.engine.unsat import failing_items, weighed_items
from dominosa_lab.solvers.fast.dominosa import DominosaCover
from dominosa_lab.solvers.fast.settings import SETTINGS

__all__ = ["shrink_budget", "unsatisfiable", "weighed"]


def shrink_budget(proof: float, time_limit: float | None) -> float | None:
    """The seconds a reason found by a proof of ``proof`` seconds may be shrunk for:
    ``shrink_proofs`` times the proof plus ``shrink_seconds`` (:data:`SETTINGS`), within what
    ``time_limit`` leaves (None: no limit, until minimal).

    Examples
    --------
    >>> shrink_budget(0.5, 60.0), shrink_budget(0.5, 5.0), shrink_budget(0.5, 0.1)
    (12.5, 4.5, 0.0)
    >>> shrink_budget(0.5, None) is None
    True
    """
    if time_limit is None:
        return None
    return max(min(SETTINGS.shrink_proofs * proof + SETTINGS.shrink_seconds, time_limit - proof),
               0.0)


def unsatisfiable(puzzle: Puzzle, time_limit: float | None = 60.0, seed: int | None = None,
                  proof_limit: float | None = None) -> tuple[np.ndarray, np.ndarray, bool] | None:
    """Squares that cannot each be covered while dominoes are each placed, by the board's
    placements, no two overlapping or holding one domino: the squares (indices in reading
    order), the dominoes (indices in Tatham's order) and whether the set is minimal (without any
    one of them a choice exists).
    None when the whole board can be covered or ``time_limit`` ran out before that was decided.
    The set is shrunk (``seed``: its order, see
    :func:`~dominosa_lab.solvers.engine.unsat.failing_items`) for at most
    :func:`shrink_budget` of the proof's seconds; ``proof_limit`` bounds the proof itself more
    tightly than ``time_limit`` (None: not).

    Examples
    --------
    >>> from dominosa_lab import Puzzle
    >>> squares, dominoes, minimal = unsatisfiable(Puzzle([[0, 1, 0], [1, 0, 1]]))
    >>> squares.tolist(), dominoes.tolist(), minimal   # domino 0-0 (index 0) has no placement
    ([], [0], True)
    >>> unsatisfiable(Puzzle([[0, 0, 1], [0, 1, 1]])) is None    # it has a solution
    True
    """
    board = DominosaCover(puzzle)
    value = np.full(board.model.n_options, -1, np.int64)
    bound = min((t for t in (time_limit, proof_limit) if t is not None), default=None)
    found = failing_items(board.model, value, bound,
                          lambda proof: shrink_budget(proof, time_limit), seed)
    if found is None:
        return None
    items, minimal = found
    return (*_split(board, items), minimal)


def weighed(puzzle: Puzzle, time_limit: float | None = 60.0
            ) -> tuple[np.ndarray, np.ndarray] | None:
    """The squares (indices in reading order) and dominoes (indices in Tatham's order) of
    positive weight in weights that show the board has no fractional cover, a core (see the
    module); None when it has one, or ``time_limit`` ran out first.

    Examples
    --------
    >>> from dominosa_lab import Puzzle
    >>> squares, dominoes = weighed(Puzzle([[0, 1, 0], [1, 0, 1]]))
    >>> squares.tolist(), dominoes.tolist()    # domino 0-0 (index 0) has no placement
    ([], [0])
    >>> weighed(Puzzle([[0, 0, 1], [0, 1, 1]])) is None    # it has a solution
    True
    """
    board = DominosaCover(puzzle)
    value = np.full(board.model.n_options, -1, np.int64)
    try:
        items = weighed_items(board.model, value, Search(time_limit=time_limit),
                              _costs(board.model, board.values.shape[0]), SETTINGS.weigh_rounds)
    except SearchStopped:
        return None
    return None if items is None else _split(board, items)


def _costs(model: CoverModel, squares: int) -> np.ndarray:
    """Per item, what asking for it adds to a reason: a square itself, a domino the squares of
    its placements (each placement covers two squares and its domino)."""
    owner = np.repeat(np.arange(model.n_options), np.diff(model.option_start))
    is_square = model.option_items < squares
    domino = np.zeros(model.n_options, np.int64)
    domino[owner[~is_square]] = model.option_items[~is_square]
    held = np.unique(domino[owner[is_square]] * squares + model.option_items[is_square])
    cost = np.ones(model.n_items)
    cost[squares:] = np.maximum(np.bincount(held // squares, minlength=model.n_items)[squares:], 1)
    return cost


def _split(board: DominosaCover, items: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Items of ``board``'s model as squares (indices in reading order) and dominoes (indices in
    Tatham's order)."""
    n = board.values.shape[0]
    return items[items < n], items[items >= n] - n
