"""The hand-over: a search that has spent ``handover_conflicts`` conflicts without a solution asks
whether the board, with the options the engine has settled at level 0, has a fractional cover
(:mod:`~dominosa_lab.solvers.engine.relax`), and when it has, goes on in CryptoMiniSat
(``pycryptosat``), on the model the engine's level 0 leaves.

The engine is fastest where its deductions and its belief guide carry the search (planted and
shuffled boards, proofs of uniqueness: a few hundred conflicts at most); a search that runs long
without a solution is most likely a board with none. Such a board has, in every measured case, no
fractional cover either, which the relaxation shows in one linear programme where clause learning
needs minutes at N = 60 and more (``benchmarks/results/proofs.md``). Where a fractional cover
exists, the rest is a plain clause-learning race, which a SAT solver runs faster per conflict
(CaDiCaL in ``benchmarks/results/proofs_ideas.md``). CryptoMiniSat is the one asked: it publishes
stable releases, which python-sat (CaDiCaL) does not, and it is about as fast as CaDiCaL 1.9.5 on
the boards handed over (``benchmarks/results/handover.md``). So after the budget the options the
engine has settled at level 0 (by its deductions, and the facts its learned clauses led to) are
kept, and the rest goes over as clauses over the open options (variable ``q + 1`` for option ``q``):
for each item not yet covered at most one of its open options, and for a primary one at least one.
The learned clauses stay behind. Each model is checked as an exact cover before it is yielded; after
it, a clause that rules out its open options asks for the next.

Counting: the handed-over part adds no nodes, backtracks or choices (neither the linear programme
nor CryptoMiniSat's decisions are placements on the board); the counters are the engine's up to the
hand-over, with everything it placed taken back, and the handed-over work shows in the seconds only.
A node budget counts the engine's placements, so a search with ``max_nodes`` is never handed over; a
time limit stops the linear programme at the deadline and CryptoMiniSat between two slices of
``sat_slice`` conflicts (both in :data:`~dominosa_lab.solvers.engine.settings.SETTINGS`).
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from dominosa_lab.core.search import Search
from dominosa_lab.solvers.engine.relax import fractional_cover_exists
from dominosa_lab.solvers.engine.search import CoverSearch
from dominosa_lab.solvers.engine.settings import SETTINGS
from dominosa_lab.solvers.engine.state import CoverModel

__all__ = ["covers_with_hand_over", "exact_one_clauses", "hand_over_after", "solved"]


def exact_one_clauses(model: CoverModel, value: np.ndarray, guard: int | None = None
                      ) -> list[list[int]]:
    """Clauses over the open options of ``value`` (-1 open, 0 false, 1 true; variable ``q + 1``):
    per item covered by no true option, at most one open option (pairwise), and for a primary
    item at least one; with ``guard``, that clause of item ``i`` holds only when variable
    ``guard + i`` is true (assumed true, the item is asked for; left out, it may stay uncovered).

    Examples
    --------
    >>> from dominosa_lab.solvers.engine.state import cover_model
    >>> model = cover_model([0, 2, 3, 4], [0, 1, 0, 1], [True, True])  # {0, 1}, {0}, {1}
    >>> exact_one_clauses(model, np.array([-1, -1, -1]))
    [[1, 2], [-1, -2], [1, 3], [-1, -3]]
    >>> exact_one_clauses(model, np.array([0, 1, -1]))
    [[3]]
    >>> exact_one_clauses(model, np.array([0, 1, -1]), guard=4)   # item 1 asked by variable 5
    [[-5, 3]]
    """
    clauses: list[list[int]] = []
    for i in range(model.n_items):
        options = model.item_options[model.item_start[i]:model.item_start[i + 1]]
        states = value[options]
        if (states == 1).any():
            continue
        open_ = [int(q) + 1 for q in options[states == -1]]
        if model.primary[i]:
            clauses.append(open_ if guard is None else [-(guard + i), *open_])
        clauses += [[-a, -b] for j, a in enumerate(open_) for b in open_[j + 1:]]
    return clauses


def hand_over_after(search: Search, conflicts: int | None = None) -> int | None:
    """The conflicts without a solution after which an engine reporting to ``search`` hands
    over: ``conflicts``, by default ``handover_conflicts`` (:data:`SETTINGS`); None, never,
    under a node budget (the SAT solver's steps are not the engine's nodes)."""
    if search.max_nodes is not None:
        return None
    return SETTINGS.handover_conflicts if conflicts is None else conflicts


def covers_with_hand_over(engine: CoverSearch,
                          conflicts: int | None = None) -> Iterator[np.ndarray]:
    """Yield each solution (the array of its options) of an engine at level 0: the engine's
    own, or after ``conflicts`` (default ``handover_conflicts``, :data:`SETTINGS`) conflicts
    without one CryptoMiniSat's (see the module).

    Examples
    --------
    >>> from dominosa_lab import Puzzle
    >>> from dominosa_lab.core.search import Search
    >>> from dominosa_lab.solvers.fast.dominosa import DominosaCover
    >>> board = DominosaCover(Puzzle([[0, 0, 1], [0, 1, 1]]))
    >>> engine = board.engine(Search())
    >>> engine.start(), sorted(c.tolist() for c in covers_with_hand_over(engine, conflicts=0))
    (True, [[0, 1, 2], [0, 4, 6], [2, 3, 5]])
    """
    engine.hand_over_at = hand_over_after(engine.search, conflicts)
    yield from engine.covers()
    value = engine.handed_over
    if value is None or not fractional_cover_exists(engine.model, engine.search, value,
                                                    whole=True):
        return
    from pycryptosat import Solver

    fixed = np.flatnonzero(value == 1)
    open_ = np.flatnonzero(value == -1)
    sat = Solver()
    sat.add_clauses(exact_one_clauses(engine.model, value))
    while (assignment := solved(sat, engine.search)) is not None:
        true = np.zeros(value.shape[0] + 1, bool)
        true[1:len(assignment)] = assignment[1:]
        chosen = open_[true[open_ + 1]]
        cover = np.sort(np.concatenate((fixed, chosen)))
        _check(engine.model, cover)
        yield cover
        if not chosen.size:  # level 0 had placed every option: the one cover
            return
        sat.add_clause([-int(q) - 1 for q in chosen])


def solved(sat, search: Search, assumptions: list[int] | None = None
           ) -> tuple[bool | None, ...] | None:
    """CryptoMiniSat's model under ``assumptions`` (each variable's value, at its index; None at
    0) or None when it has none, in slices of ``sat_slice`` conflicts (:data:`SETTINGS`) with
    ``search``'s clock read between (:class:`~dominosa_lab.core.search.SearchStopped` when the
    time is up).

    Examples
    --------
    >>> from pycryptosat import Solver
    >>> sat = Solver()
    >>> sat.add_clauses([[-3, 1], [-4, -1]])
    >>> solved(sat, Search(), [3])[1], solved(sat, Search(), [3, 4])
    (True, None)
    """
    while True:
        answer, assignment = sat.solve(assumptions or [], confl_limit=SETTINGS.sat_slice)
        if answer is not None:
            return assignment if answer else None
        search.check_time()


def _check(model: CoverModel, cover: np.ndarray) -> None:
    """Raise RuntimeError unless ``cover`` covers every primary item once and no item twice."""
    count = np.bincount(np.concatenate([model.items_of(int(q)) for q in cover]),
                        minlength=model.n_items)
    if (count > 1).any() or (count[model.primary == 1] != 1).any():
        raise RuntimeError("CryptoMiniSat's model is not an exact cover of the engine's model")
