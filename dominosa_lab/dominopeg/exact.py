"""``solve``: DominoPeg as exact cover on the one dancing-links engine.

Items: the 24 piece cells and the 12 pieces are primary (each covered exactly
once); the 35 circles are secondary (at most one peg each), and the holes are
covered before the search starts, so no peg can land on them. Options: every
on-board placement (piece x orientation x position), covering its two cells,
its piece and its pegged circles. A board with more than five holes is refused
by counting before any search.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

import numpy as np

from dominosa_lab.core.exact_cover import ExactCover
from dominosa_lab.core.search import Search, SearchResult, collect
from dominosa_lab.dominopeg.model import (
    N_CELLS,
    N_CIRCLES,
    N_PIECES,
    PLACEMENTS,
    PegBoard,
    PegSolution,
)

__all__ = ["formulation", "iter_solutions", "solve"]

_PIECE_ITEM = N_CELLS
_CIRCLE_ITEM = N_CELLS + N_PIECES


@cache
def formulation() -> ExactCover:
    """The exact-cover problem of the empty board (holes are pre-covered per solve).

    Examples
    --------
    >>> ec = formulation()
    >>> ec.n_primary, ec.n_secondary, ec.n_options
    (36, 35, 1330)
    """
    options = [
        (*pl.cells, _PIECE_ITEM + pl.piece, *(_CIRCLE_ITEM + c for c in pl.pegs))
        for pl in PLACEMENTS
    ]
    names = [f"cell {c}" for c in range(N_CELLS)]
    names += [f"piece {p}" for p in range(N_PIECES)]
    names += [f"circle {c}" for c in range(N_CIRCLES)]
    return ExactCover(N_CELLS + N_PIECES, N_CIRCLES, options, names=names, payloads=PLACEMENTS)


def iter_solutions(
    board: PegBoard,
    search: Search,
    order: str = "mrv",
    seed: int | np.random.Generator | None = None,
) -> Iterator[PegSolution]:
    """Stream the solutions of ``board`` found by the engine, reporting to ``search``."""
    if board.impossible:
        search.note(board.impossible)
        return iter(())

    def build(rows: list[int]) -> PegSolution:
        return PegSolution(board, tuple(PLACEMENTS[j] for j in rows))

    holes = [_CIRCLE_ITEM + h for h in board.holes]
    return formulation().solve(search, order=order, seed=seed, covered=holes, build=build)


def solve(
    board: PegBoard,
    limit: int | None = 1,
    *,
    order: str = "mrv",
    seed: int | np.random.Generator | None = None,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    trace: bool = False,
) -> SearchResult:
    """Solve a DominoPeg board by exact cover.

    Parameters
    ----------
    board : PegBoard
        The holes.
    limit : int or None
        Stop after this many solutions; ``None`` finds them all.
    order : {"mrv", "first", "random"}
        The engine's item order; ``seed`` drives ``"random"``.
    max_nodes, time_limit : optional
        The budget; when spent the result has ``status="stopped"``.
    trace : bool
        Record the search's events.

    Returns
    -------
    SearchResult
        Same type and counters as the Dominosa solvers; ``reason`` explains a
        board refused by counting.

    Examples
    --------
    >>> r = solve(PegBoard([25, 26, 27, 32, 33]))
    >>> r.status, r.solution.is_valid(), r.solution.empty
    ('solved', True, (25, 26, 27, 32, 33))
    >>> solve(PegBoard([26, 27, 32, 33, 34]), limit=None).status  # exhaustive: none
    'no_solution'
    >>> solve(PegBoard([25, 26, 27, 32, 33, 34])).reason
    '6 circles must stay empty, but 12 pieces put 30 pegs into 35 circles, leaving exactly 5 empty'
    """
    search = Search(max_nodes=max_nodes, time_limit=time_limit, trace=trace)
    stream = iter_solutions(board, search, order=order, seed=seed)
    options = {"order": order} if seed is None else {"order": order, "seed": seed}
    result = collect(stream, search, limit=limit, method="exact-cover", options=options)
    if board.impossible:
        result.reason = board.impossible
    return result
