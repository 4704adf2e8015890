"""The basic deductions that look at one square, one domino or one placement and its neighbours.

Tatham's basic level: a square whose placements all hold one domino; a domino
whose placements all overlap another placement; and the two forms of the local
duplicate (a placement that would force some square to take a second copy of a
domino). See :mod:`~dominosa_lab.logic.trivial` for how finders are driven.
"""

from __future__ import annotations

from collections.abc import Iterator

from dominosa_lab.logic.geometry import Geometry, bits
from dominosa_lab.logic.state import State
from dominosa_lab.logic.step import Step, join
from dominosa_lab.logic.watch import (
    Pass,
    dominoes_near,
    own_domino,
    placements_near,
    squares_near,
    squares_sharing_domino,
)

__all__ = ["domino_must_overlap", "local_duplicate", "local_duplicate_2", "square_single_domino"]

LEVEL = "basic"


def square_single_domino(state: State) -> Iterator[Step]:
    """A square whose placements (two or more) all hold one domino uses up that domino.

    Sound: the square is covered in every solution, and whichever of its placements
    covers it holds domino D; so D is used at this square and each placement of D
    that does not cover the square would use it a second time.
    """
    g = state.geometry
    items = Pass(state, "square_single_domino", len(g.cells), squares_sharing_domino,
                 squares_near)
    for square in items:
        mask = g.cell_mask[square]
        live = state.active & mask
        if not live & (live - 1):
            continue
        d = g.domino_of[live.bit_length() - 1]
        if live & ~g.domino_mask[d]:
            continue
        elsewhere = state.active & g.domino_mask[d] & ~mask
        if elsewhere:
            items.fired(square)
            yield Step("square_single_domino", LEVEL, g, _explain_square_domino,
                       ruled_out=elsewhere, squares=(square,), dominoes=(d,), reads=live)


def domino_must_overlap(state: State) -> Iterator[Step]:
    """A placement that overlaps every placement left for some domino cannot be used.

    Sound: domino D (two or more placements left) lies on one of them in every
    solution, and a placement overlapping all of them would share a square with it.
    Typical cases: D's placements all cover one square, so nothing else can use it;
    or D's two placements are parallel in a 2x2 block, so the two placements across
    them die. Counted per placement ruled out, as Tatham counts it.
    """
    g = state.geometry
    items = Pass(state, "domino_must_overlap", g.n_dominoes, dominoes_near, own_domino)
    for d in items:
        live = state.active & g.domino_mask[d]
        if not live & (live - 1):
            continue
        common = state.active
        for p in bits(live):
            common &= g.overlap_mask[p]
        if common:
            items.fired(d)
            squares = tuple(sorted({s for p in bits(live) for s in g.pairs[p]}))
            yield Step("domino_must_overlap", LEVEL, g, _explain_must_overlap, ruled_out=common,
                       squares=squares, dominoes=(d,), reads=live, per_placement=True)


def _neighbour_table(g: Geometry) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per placement P, per placement Q sharing a square with it: (Q, T), where T is the
    square of Q outside P (a table of the board's shape, linear in its size)."""
    table = g.shape_tables.get("local")
    if table is None:
        rows = []
        for p, (a, b) in enumerate(g.pairs):
            row = []
            for square in (a, b):
                for q in bits(g.cell_mask[square] & ~(1 << p)):
                    row.append((q, g.other(q, square)))
            rows.append(tuple(row))
        table = g.shape_tables["local"] = tuple(rows)
    return table


def local_duplicate(state: State) -> Iterator[Step]:
    """A placement that would leave a neighbouring square only copies of its own domino dies.

    Sound: if placement P (domino D) were used, every placement Q sharing a square
    with P would be impossible. If for some such Q the far square T of Q has no
    other placement except copies of D, then T would have to be covered by a second
    D (or not at all); so P is in no solution. Placements in Tatham's index order.
    """
    g = state.geometry
    table, cells = _neighbour_table(g), g.cell_mask
    items = Pass(state, "local_duplicate", len(g.pairs), placements_near)
    for p in items:
        active = state.active
        if not active >> p & 1:
            continue
        own = g.domino_mask[g.domino_of[p]]
        for q, far in table[p]:
            # T's active placements but Q (Q is active and covers T), all copies of P's domino
            if active >> q & 1 and (rest := (active & cells[far]) ^ (1 << q)) & own == rest:
                items.fired(p)
                yield Step("local_duplicate", LEVEL, g, _explain_duplicate, ruled_out=1 << p,
                           squares=(far, *_shared(g, p, q)), dominoes=(g.domino_of[p],),
                           reads=state.active & g.cell_mask[far], facts=(p, q, far))
                break


def local_duplicate_2(state: State) -> Iterator[Step]:
    """A placement that would force two separate squares to take the same domino dies.

    Sound: if placement P were used, two placements Qi, Qj sharing a square with it
    would be impossible. If the far square Ti of Qi can otherwise only hold domino E,
    and so can the far square Tj of Qj, and no placement joins Ti to Tj, then Ti and
    Tj would need two copies of E; so P is in no solution. Placements in Tatham's
    index order.
    """
    g = state.geometry
    table = _neighbour_table(g)
    items = Pass(state, "local_duplicate_2", len(g.pairs), placements_near)
    for p in items:
        active = state.active
        if not active >> p & 1:
            continue
        found = _duplicate_pair(g, active, table[p])
        if found is not None:
            items.fired(p)
            qi, ti, qj, tj, e = found
            yield Step("local_duplicate_2", LEVEL, g, _explain_duplicate_2, ruled_out=1 << p,
                       squares=(ti, tj), dominoes=(e,),
                       reads=active & (g.cell_mask[ti] | g.cell_mask[tj]),
                       facts=(p, qi, qj, ti, tj))


def _duplicate_pair(g: Geometry, active: int, row) -> tuple[int, int, int, int, int] | None:
    """The first (Qi, Ti, Qj, Tj, E) of :func:`local_duplicate_2` around one placement."""
    cells = g.cell_mask
    for i, (qi, ti) in enumerate(row):
        if not active >> qi & 1:
            continue
        left_i = (active & cells[ti]) ^ (1 << qi)
        if not left_i:
            continue
        e = g.domino_of[left_i.bit_length() - 1]
        copies = g.domino_mask[e]
        if left_i & copies != left_i:
            continue
        joining = cells[ti]
        for j, (qj, tj) in enumerate(row):
            if j == i or not active >> qj & 1:
                continue
            left_j = (active & cells[tj]) ^ (1 << qj)
            if left_j and left_j & copies == left_j and not left_j & joining:
                return qi, ti, qj, tj, e
    return None


def _shared(g: Geometry, p: int, q: int) -> tuple[int, ...]:
    return tuple(set(g.pairs[p]) & set(g.pairs[q]))


# --- words --------------------------------------------------------------------------------


def _explain_square_domino(step: Step) -> str:
    square = step.cell_text(step.square_indices[0])
    domino = step.domino_text(step.domino_indices[0])
    return (f"square {square} can only hold {domino} (at {step.placements_text(step.read_mask)}), "
            f"so {domino} is used there and nowhere else{step.outcome()}")


def _explain_must_overlap(step: Step) -> str:
    g = step.geometry
    domino = step.domino_text(step.domino_indices[0])
    places = bits(step.read_mask)
    head = f"{domino} fits only at {step.placements_text(step.read_mask)}"
    shared = set(g.pairs[places[0]]).intersection(*(g.pairs[p] for p in places[1:]))
    if shared:
        square = step.cell_text(shared.pop())
        every = "both cover" if len(places) == 2 else "all cover"
        return (f"{head}; {every} {square}, so no other domino can use {square}"
                f"{step.outcome()}")
    ruled = bits(step.ruled_out_mask)
    verb = "overlaps" if len(ruled) == 1 else "each overlap"
    return (f"{head}; {step.placements_text(step.ruled_out_mask)} {verb} every one of them, "
            f"so {'it' if len(ruled) == 1 else 'they'} cannot be used")


def _explain_duplicate(step: Step) -> str:
    p, q, far = step.facts
    domino = step.domino_text(step.domino_indices[0])
    square = step.cell_text(far)
    others = step.read_mask & ~(1 << q)
    if others:
        then = f"square {square} could only take another {domino} ({step.placements_text(others)})"
    else:
        then = f"square {square} could not be covered at all"
    return (f"if {step.placement_text(p)} held {domino}, {step.placement_text(q)} would be "
            f"impossible and {then}; so {step.placement_text(p)} is ruled out")


def _explain_duplicate_2(step: Step) -> str:
    p, qi, qj, ti, tj = step.facts
    domino = step.domino_text(step.domino_indices[0])
    blocked = join([step.placement_text(qi), step.placement_text(qj)])
    return (f"if {step.placement_text(p)} were used, {blocked} would be impossible, and "
            f"squares {step.cell_text(ti)} and {step.cell_text(tj)}, which no domino joins, "
            f"could both only take {domino}; so {step.placement_text(p)} is ruled out")
