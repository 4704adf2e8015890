"""The two trivial deductions: a domino, or a square, with one placement left.

Every finder in :mod:`dominosa_lab.logic` is a generator ``finder(state)`` of
:class:`~dominosa_lab.logic.step.Step` values. It reads the *live* state each
time it resumes, so a caller that applies every step before asking for the next
(the ladder does) sees each step built on the ones before it, as in one pass of
Tatham's solver; a caller that does not (Caviness's method collects every forced
location on one board) gets every step of the unchanged board.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from dominosa_lab.logic.state import State
from dominosa_lab.logic.step import Step
from dominosa_lab.logic.watch import Pass, dominoes_near, own_domino, squares_near

__all__ = ["domino_single_placement", "square_single_placement"]

LEVEL = "trivial"


def domino_single_placement(state: State) -> Iterator[Step]:
    """A domino with one placement left lies there; nothing else may cover its two squares.

    Sound: every domino of the set is used exactly once, so a domino with a single
    possible placement P is at P in every solution, and a placement sharing a square
    with P would cover that square twice. Yields a step for each such domino not yet
    placed, or whose placement still has active overlaps (dominoes in Tatham's order).
    """
    g = state.geometry
    items = Pass(state, "domino_single_placement", g.n_dominoes, dominoes_near, own_domino)
    for d, p in _alone(state, g.domino_mask, items):
        clash = state.active & g.overlap_mask[p]
        new = not state.placed >> p & 1
        if clash or new:
            items.fired(d)
            yield Step("domino_single_placement", LEVEL, g, _explain_domino,
                       placed=p if new else -1, ruled_out=clash, squares=g.pairs[p],
                       dominoes=(d,), reads=1 << p)


def square_single_placement(state: State) -> Iterator[Step]:
    """A square with one placement left is covered by it, so its domino goes nowhere else.

    Sound: every square is covered by exactly one domino, so a square S whose only
    active placement is P is covered by P in every solution; P's domino D is then
    used at P and each other placement of D would use it a second time. Yields a
    step for each such square whose placement is not yet placed (squares in
    reading order); the step rules out D's other placements (Tatham's rule; the
    overlaps of P go at the next :func:`domino_single_placement`).
    """
    g = state.geometry
    items = Pass(state, "square_single_placement", len(g.cells), squares_near)
    for square, p in _alone(state, g.cell_mask, items):
        if state.placed >> p & 1:
            continue
        items.fired(square)
        d = g.domino_of[p]
        yield Step("square_single_placement", LEVEL, g, _explain_square, placed=p,
                   ruled_out=state.active & g.domino_mask[d] & ~(1 << p), squares=(square,),
                   dominoes=(d,), reads=1 << p)


def _alone(state: State, masks: Sequence[int], owners: Pass) -> Iterator[tuple[int, int]]:
    """(owner, placement) for each of ``owners`` whose mask has exactly one active placement,
    reading the live state at each owner."""
    for owner in owners:
        live = state.active & masks[owner]
        if live and not live & (live - 1):
            yield owner, live.bit_length() - 1


def _explain_domino(step: Step) -> str:
    p = step.read_mask.bit_length() - 1
    a, b = step.square_indices
    head = f"{step.domino_text(step.domino_indices[0])} fits only at {step.placement_text(p)}"
    if not step.ruled_out_mask:
        return head + ": it goes there"
    return (f"{head}: it goes there, so no other domino can cover {step.cell_text(a)} "
            f"or {step.cell_text(b)}{step.outcome()}")


def _explain_square(step: Step) -> str:
    p = step.placed_index
    domino = step.domino_text(step.domino_indices[0])
    head = (f"square {step.cell_text(step.square_indices[0])} can only be covered by "
            f"{step.placement_text(p)}, so {domino} goes there")
    if not step.ruled_out_mask:
        return head
    return f"{head} and nowhere else{step.outcome()}"
