"""``solve``: DominoPeg as exact cover, on integer bit sets in pure Python (the default), on
the compiled engine (:mod:`~dominosa_lab.solvers.engine`) or on DLX.

Items: the 24 piece cells and the 12 pieces are primary (each covered exactly
once); the 35 circles are secondary (at most one peg each), and no peg may land
on a hole. Options: every on-board placement (piece x orientation x position),
covering its two cells, its piece and its pegged circles. A board with more than
five holes is refused by counting before any search.

When all five empty circles are given, ``"bits"`` and ``"fast"`` make every other circle
primary (the 30 pegs fill all circles but five, so each of them must get one: an unpegged
circle with one placement left forces it, with none it is a dead end; this cut the nodes
of the two solvable published patterns on the compiled engine from 19,400 and 13,063 to
4,020 and 6,135). Three engines:

* ``"bits"`` (the default), :mod:`~dominosa_lab.dominopeg.bits`: the placements left in one
  integer, branching on the item with fewest; it loads nothing compiled, so a fresh
  process solves the published boards in less time than numba takes to load
  (``benchmarks/results/startup.md``), and it is as quick as the compiled engine once that
  is loaded, to a first solution and through all of them (``benchmarks/results/dominopeg.md``);
* ``"fast"``, the compiled engine, with the placements through a hole ruled out at the start,
  searching depth first without clause learning (measured: with twelve pieces of about a
  hundred placements each, learned clauses grow long and cost more than they save; the
  blocked-option rule, read through cells or pieces, also cost more than it saved);
* ``"dlx"``, the dancing-links engine with the holes pre-covered, in any of its item orders.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import TYPE_CHECKING

import numpy as np

from dominosa_lab.core.exact_cover import ExactCover
from dominosa_lab.core.options import check_choice, keywords_after_first
from dominosa_lab.core.search import Search, SearchResult, collect
from dominosa_lab.dominopeg.bits import CIRCLE_ITEM, covers, item_name, placement_items
from dominosa_lab.dominopeg.model import (
    N_CELLS,
    N_CIRCLES,
    N_EMPTY,
    N_PIECES,
    PLACEMENTS,
    PegBoard,
    PegSolution,
    checked_board,
)

if TYPE_CHECKING:
    from dominosa_lab.solvers.engine.state import CoverModel

__all__ = ["ENGINES", "compiled_formulation", "formulation", "iter_solutions", "solve"]

#: The engines ``solve`` can run on, the default first.
ENGINES = ("bits", "fast", "dlx")


@cache
def formulation() -> ExactCover:
    """The exact-cover problem of the empty board (holes are pre-covered per solve).

    Examples
    --------
    >>> ec = formulation()
    >>> ec.n_primary, ec.n_secondary, ec.n_options
    (36, 35, 1330)
    """
    options = [placement_items(pl) for pl in PLACEMENTS]
    names = [item_name(x) for x in range(N_CELLS + N_PIECES + N_CIRCLES)]
    return ExactCover(N_CELLS + N_PIECES, N_CIRCLES, options, names=names, payloads=PLACEMENTS)


@cache
def compiled_formulation() -> CoverModel:
    """The same problem as :func:`formulation`, as the compiled engine's model (loading the
    compiled engine's modules on first use).

    Examples
    --------
    >>> m = compiled_formulation()
    >>> m.n_items, m.n_options, int(m.primary.sum())
    (71, 1330, 36)
    """
    from dominosa_lab.solvers.engine.state import from_exact_cover

    return from_exact_cover(formulation())


def iter_solutions(
    board: PegBoard,
    search: Search,
    order: str = "mrv",
    seed: int | np.random.Generator | None = None,
    engine: str = "bits",
) -> Iterator[PegSolution]:
    """Stream the solutions of ``board`` found by ``engine``, reporting to ``search``
    (``order`` and ``seed`` are DLX's)."""
    check_choice("engine", engine, ENGINES)
    if board.impossible:
        search.note(board.impossible)
        return iter(())

    def build(rows) -> PegSolution:
        return PegSolution(board, tuple(PLACEMENTS[j] for j in rows))

    if engine == "dlx":
        holes = [CIRCLE_ITEM + h for h in board.holes]
        return formulation().solve(search, order=order, seed=seed, covered=holes, build=build)
    if engine == "fast":
        return _fast(board, search, build)
    return covers(board, search, build)


def _fast(board: PegBoard, search: Search, build) -> Iterator[PegSolution]:
    """The compiled engine's solutions (its kernels imported here: loading them is not free)."""
    from dominosa_lab.solvers.engine.search import CoverSearch
    from dominosa_lab.solvers.engine.warm import ensure_compiled

    holes = set(board.holes)
    dead = [j for j, pl in enumerate(PLACEMENTS) if holes.intersection(pl.pegs)]
    search.set_aside(ensure_compiled())
    engine = CoverSearch(_model(board), search, PLACEMENTS.__getitem__, dead, learn=False)
    engine.start()
    for cover in engine.covers():
        solution = build(cover.tolist())
        search.found(solution)
        yield solution


def _model(board: PegBoard) -> CoverModel:
    """The compiled model of ``board``: with all five empty circles given, the other circles
    are primary (each must hold a peg); with fewer, every circle stays at most once."""
    model = compiled_formulation()
    if len(board.holes) < N_EMPTY:
        return model
    primary = np.ones_like(model.primary)
    primary[[CIRCLE_ITEM + h for h in board.holes]] = 0
    return model._replace(primary=primary)


@keywords_after_first
def solve(
    board: PegBoard,
    *,
    limit: int | None = 1,
    order: str = "mrv",
    seed: int | np.random.Generator | None = None,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    trace: bool = False,
    engine: str = "bits",
) -> SearchResult:
    """Solve a DominoPeg board by exact cover.

    Parameters
    ----------
    board : PegBoard
        The holes.
    limit : int or None
        Stop after this many solutions; ``None`` finds them all.
    order : {"mrv", "pile", "random"}
        DLX's item order; ``seed`` drives ``"random"`` (both used by ``engine="dlx"`` only).
    max_nodes, time_limit : optional
        The budget; when spent the result has ``status="stopped"``.
    trace : bool
        Record the search's events.
    engine : {"bits", "fast", "dlx"}
        Exact cover on integer bit sets in pure Python (:mod:`~dominosa_lab.dominopeg.bits`:
        nothing to load, the quickest from a fresh process), the compiled engine of
        :mod:`dominosa_lab.solvers.engine` run depth first (no learning: cheaper on these
        small boards), or dancing links.

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
    checked_board(board)
    search = Search(max_nodes=max_nodes, time_limit=time_limit, trace=trace)
    stream = iter_solutions(board, search, order=order, seed=seed, engine=engine)
    settings = {"engine": engine}
    if engine == "dlx":
        settings |= {"order": order} if seed is None else {"order": order, "seed": seed}
    result = collect(stream, search, limit=limit, method="exact-cover", settings=settings)
    if board.impossible:
        result.reason = board.impossible
    return result
