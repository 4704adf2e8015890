"""Why a board has no solution, by deduction: the chain of steps that empties a square or domino.

The ladder (:func:`~dominosa_lab.logic.deduce.deduce`) runs until a square or a domino has no
placement left. Most of its steps are beside the point; :func:`relevant` keeps those the
conclusion rests on, walking back from the empty square or domino: a step counts when it ruled
out a placement the argument needs gone, and then every placement of the squares and dominoes it
read is needed gone too (what it read is only what it is because those were out). The region of
the :class:`~dominosa_lab.core.search.Refutation` is the squares those steps read.

:func:`uncovered` words the other kind of reason, found by search
(:func:`~dominosa_lab.solvers.explain.explain_no_solution`): squares that cannot each be covered
while some dominoes are each placed.
"""

from __future__ import annotations

from dominosa_lab.core.puzzle import PuzzleLike, as_puzzle
from dominosa_lab.core.search import Refutation
from dominosa_lab.logic.deduce import Deduced, deduce
from dominosa_lab.logic.geometry import Geometry, bits
from dominosa_lab.logic.state import State
from dominosa_lab.logic.step import Step, cell_text, domino_text, join, placement_text, squares_text

__all__ = ["contradiction", "read_squares", "refute", "relevant", "uncovered"]

#: What a core asks, by whether it has squares and dominoes: what to leave out, what cannot be done.
_ASKED = {(True, False): ("squares", "covers all"), (False, True): ("dominoes", "places all"),
         (True, True): ("squares or dominoes", "does both")}


def refute(puzzle: PuzzleLike | State, *, ladder_name: str = "lean") -> Refutation | None:
    """The deductions of ``ladder_name`` that leave a square or domino with no placement, cut to
    those the conclusion rests on; None when the ladder stops short of a contradiction.

    Examples
    --------
    >>> from dominosa_lab import Puzzle
    >>> r = refute(Puzzle([[0, 1, 0], [1, 0, 1]]))   # every neighbour pair is 0-1
    >>> r.kind, r.squares, r.dominoes, r.steps
    ('deduction', (), ((0, 0),), ())
    >>> r.text
    'domino 0-0 has no placement left: the board has no solution'
    """
    state = puzzle if isinstance(puzzle, State) else State(as_puzzle(puzzle))
    return contradiction(deduce(state, ladder_name=ladder_name, keep_steps=True))


def contradiction(found: Deduced) -> Refutation | None:
    """The refutation of a ladder's run (kept steps) that ended in a contradiction: of the
    squares and dominoes left with no placement, the one whose steps are fewest; its squares
    are those the steps read and the square left empty, or the squares of the empty domino's
    placements on the board."""
    if found.status != "contradiction":
        return None
    state = found.state
    g = state.geometry
    empty = [(g.cell_mask[s], {s}, set(), f"square {cell_text(g.cells[s])}")
             for s, mask in enumerate(g.cell_mask) if not state.active & mask]
    empty += [(mask, {s for p in bits(mask) for s in g.pairs[p]}, {d},
               f"domino {domino_text(g.dominoes[d])}")
              for d, mask in enumerate(g.domino_mask) if not state.active & mask]
    best = None
    for need, squares, dominoes, what in empty:
        kept = relevant(found.steps, need, g)
        for step in kept:
            squares.update(read_squares(step))
            dominoes.update(step.domino_indices)
        if best is None or (len(kept), len(squares)) < (len(best[0]), len(best[1])):
            best = kept, squares, dominoes, what
    kept, squares, dominoes, what = best
    return Refutation(tuple(g.cells[s] for s in sorted(squares)),
                      tuple(g.dominoes[d] for d in sorted(dominoes)),
                      tuple(step.text for step in kept),
                      f"{'so ' if kept else ''}{what} has no placement left: the board has no "
                      "solution")


def uncovered(g: Geometry, region: list[int], minimal: bool = True,
              placed: list[int] | tuple[int, ...] = ()) -> Refutation:
    """The refutation of a region (square indices of the board of ``g``) that the board's
    placements cannot cover with different dominoes while the dominoes ``placed`` (indices) are
    each placed too: its squares are the region's and those of the dominoes' placements, its
    sentence lists the placements on them (``minimal``: and says that without any one square
    or domino some choice exists). Its kind is ``"region"``, or ``"core"`` when dominoes are to
    be placed.

    Examples
    --------
    >>> from dominosa_lab import Puzzle
    >>> from dominosa_lab.logic.geometry import geometry
    >>> why = uncovered(geometry(Puzzle([[0, 1, 0], [1, 0, 1]])), [3, 5])
    >>> why.kind, why.squares    # both squares of the bottom corners need 0-1
    ('region', ((1, 0), (1, 2)))
    """
    placed = tuple(int(d) for d in placed)
    need = 0
    for s in region:
        need |= g.cell_mask[s]
    for d in placed:
        need |= g.domino_mask[d]
    left = bits(need)
    asked_for = set(placed)
    squares = sorted({*region, *(s for p in left if g.domino_of[p] in asked_for
                                 for s in g.pairs[p])})
    placements = [f"{placement_text(g.placements[p])} ({domino_text(g.dominoes[g.domino_of[p]])})"
                  for p in left]
    asked, does = _ASKED[bool(region), bool(placed)]
    on = f"the placements on them are {join(placements)}" if placements else "none is on them"
    text = (f"{_demand(g, region, placed)}: {on}, "
            f"and no choice among them {does} without two "
            "overlapping or holding the same domino"
            + (f", while without any one of the {asked} some choice does" if minimal else "")
            + "; the board has no solution")
    return Refutation(tuple(g.cells[s] for s in squares),
                      tuple(sorted({g.dominoes[g.domino_of[p]] for p in left}
                                   | {g.dominoes[d] for d in placed})),
                      (), text[0].upper() + text[1:], "core" if placed else "region")


def _demand(g: Geometry, region: list[int], placed: list[int] | tuple[int, ...]) -> str:
    """What a region reason asks: its squares each covered by a different domino, and its
    dominoes each placed."""
    covered = f"{squares_text([cell_text(g.cells[s]) for s in region])} cannot each be " \
              "covered by a different domino"
    names = [domino_text(g.dominoes[d]) for d in placed]
    many = len(names) > 1
    dominoes = f"the {len(names)} dominoes {join(names)}" if many else f"domino {join(names)}"
    if not placed:
        return covered
    if not region:
        return f"{dominoes} cannot {'each ' if many else ''}be placed"
    return f"{covered} while {dominoes} {'are each' if many else 'is'} placed"


def relevant(steps: list[Step], need: int, g: Geometry) -> list[Step]:
    """The steps, in order, that a conclusion needing the placements of ``need`` (a bit set)
    ruled out rests on (see the module text).

    Examples
    --------
    >>> from dominosa_lab import Puzzle
    >>> from dominosa_lab import from_tatham
    >>> d = deduce(from_tatham("3:00033121123313202210"), ladder_name="lean", keep_steps=True)
    >>> g = d.state.geometry
    >>> [s.name for s in relevant(d.steps, g.cell_mask[0], g)][:2]
    ['domino_must_overlap', 'domino_must_overlap']
    """
    kept = []
    for step in reversed(steps):
        if not step.ruled_out_mask & need:
            continue
        kept.append(step)
        for s in read_squares(step):
            need |= g.cell_mask[s]
        for d in step.domino_indices:
            need |= g.domino_mask[d]
    return kept[::-1]


def read_squares(step: Step) -> tuple[int, ...]:
    """The squares a step read: those it names, else those of the placements it read."""
    if step.square_indices or step.domino_indices:
        return step.square_indices
    g = step.geometry
    return tuple(sorted({s for p in bits(step.read_mask) for s in g.pairs[p]}))

