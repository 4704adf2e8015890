"""Tatham's set analysis without doubles, where he switches it off: numbers on more than 16 squares.

His hard level is set analysis without doubles (:func:`~dominosa_lab.logic.sets.set_analysis`):
a set U of squares showing v, no two of which an active v-v can join, whose
placements hold only as many dominoes as U has squares, uses those dominoes up. He
finds the sets by enumerating all 2**(N+2) subsets of v's squares and skips a
number shown more than 16 times, so at N >= 15 nothing is ever graded hard. This
module finds *every* such set in polynomial time, so the hard level exists at any N.

The sets, by matchings. Let D be the squares of v with an active v-v placement
and J the graph those placements make on D. A set U as above meets D in an
independent set of J, so it lies inside ``A = I + (squares of v outside D)`` for a
maximal independent set I of J; and every subset of such an A is a set whose
squares need different dominoes, so (on a board with a solution) every subset X
of A has at least ``|X|`` dominoes: Hall's condition, and A has a matching M into
the dominoes v-w (w = v standing for the double) covering every square. A subset
U of A is then *tight* (exactly ``|U|`` dominoes) exactly when every domino its
squares can hold is the partner of a square of U: when U is closed under "square
-> a domino it can hold -> that domino's partner" and none of those dominoes is
unmatched. The smallest tight set holding the partner x of a domino w is the set
``T(x)`` that x reaches that way, if it is tight at all; it is contained in every
tight set whose dominoes include w, so it rules out the most. One matching and
one pass over its strong components for each maximal independent set of J (a
handful: J has a few short paths of doubles).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import product

from dominosa_lab.core.graph import Matching, reach, strong_components
from dominosa_lab.logic.geometry import Geometry, bits, domino_index, union
from dominosa_lab.logic.sets import TATHAM_SET_LIMIT, held_numbers, plain_set_text
from dominosa_lab.logic.state import State
from dominosa_lab.logic.step import Step, squares_text

__all__ = ["wide_sets"]

LEVEL = "hard"


def wide_sets(state: State, limit: int = TATHAM_SET_LIMIT) -> Iterator[Step]:
    """Set analysis without doubles on numbers shown more than 16 times (Tatham's is off there).

    Sound, as Tatham's (:func:`~dominosa_lab.logic.sets.set_analysis`): k squares
    showing v, no two of which an active v-v can join, need k different dominoes;
    if their placements hold only k, each of those is used on them, and every
    placement of one of them covering none of the k squares is ruled out. At most N
    squares, as his; a set of one square is included (it concludes what
    ``square_single_domino`` does, so in a ladder it never adds anything, and every
    union of tight sets is covered). If some squares of v cannot get different dominoes at
    all, there is no solution and every placement at them is ruled out.

    Only numbers on more than ``limit`` squares are analysed (16: exactly where
    Tatham's enumeration is switched off), so on boards his analysis covers this
    one never fires and his grades stand. One step per set; a number whose
    placements have not changed since it last gave nothing is skipped.
    """
    g = state.geometry
    memo = state.scratch.setdefault("wide", {})
    for v, squares in state.scan(enumerate(g.number_cells)):
        seen = state.active & g.number_mask[v]
        if len(squares) <= limit or memo.get(v) == seen:
            continue
        fired = False
        for found, numbers, starved in _sets(g, state.active, v):
            ruled = state.active & _ruled_by(g, v, found, numbers, starved)
            if ruled:
                fired = True
                yield Step("wide_sets", LEVEL, g, _explain, ruled_out=ruled,
                           squares=tuple(squares[i] for i in found),
                           dominoes=tuple(domino_index(v, w) for w in bits(numbers)),
                           reads=state.active & g.squares_mask(squares[i] for i in found),
                           facts=(v, starved))
        if not fired:
            memo[v] = seen


def _sets(g: Geometry, active: int, v: int) -> tuple[tuple[tuple[int, ...], int, bool], ...]:
    """The smallest tight sets of v's squares (local indices, sorted), each once, with the
    numbers w of their dominoes (a bit each) and False; or one set of squares with too few
    dominoes, with its numbers and True (then the board has no solution)."""
    held, near = held_numbers(g, active, v)
    return _tight_sets(held, near, g.puzzle.max_pip + 1)


@lru_cache(maxsize=8192)
def _tight_sets(held: tuple[int, ...], near: tuple[int, ...],
                numbers: int) -> tuple[tuple[tuple[int, ...], int, bool], ...]:
    """:func:`_sets` of the squares whose numbers are ``held`` and whose doubles join them
    to ``near`` (the sets depend on nothing else, so boards that differ elsewhere, as the
    generator's swaps do, share them)."""
    joined = [bits(m) for m in near]
    k = len(held)
    plain = [i for i in range(k) if not joined[i]]
    found_sets: list[tuple[tuple[int, ...], int, bool]] = []
    done: set[tuple[int, ...]] = set()
    for choice in _maximal_independent_sets(joined):
        members = sorted(plain + list(choice))
        adj = [bits(held[i]) for i in members]
        matching = Matching(adj, numbers)
        if matching.unmatched:
            crowd = tuple(sorted(members[u] for u in matching.hall_violator()[0]))
            found_sets.append((crowd, union(held[i] for i in crowd), True))
            break
        for closed in _closed_sets(adj, matching):
            found = tuple(members[u] for u in bits(closed))
            if len(found) <= k - 2 and found not in done:
                done.add(found)
                found_sets.append((found, union(held[i] for i in found), False))
    return tuple(found_sets)


def _closed_sets(adj: list[list[int]], matching: Matching) -> Iterator[int]:
    """For each square x, the set T(x) it reaches by "square -> domino -> its partner" (a bit
    set of left vertices), when no domino reached is unmatched; one per strong component.

    Tarjan numbers the strong components so that every arc goes to a lower or equal
    number, so one pass in that order closes each component's set over its successors.
    """
    comp = strong_components(len(adj), matching.successors)
    n_comps = max(comp, default=-1) + 1
    closed = [0] * n_comps
    loose = [False] * n_comps
    for u, c in enumerate(comp):
        closed[c] |= 1 << u
    arcs: list[set[int]] = [set() for _ in range(n_comps)]
    for u, nbrs in enumerate(adj):
        for w in nbrs:
            x = matching.right[w]
            if x < 0:
                loose[comp[u]] = True
            elif comp[x] != comp[u]:
                arcs[comp[u]].add(comp[x])
    for c in range(n_comps):
        for d in sorted(arcs[c]):
            closed[c] |= closed[d]
            loose[c] = loose[c] or loose[d]
        if not loose[c]:
            yield closed[c]


def _maximal_independent_sets(joined: list[list[int]]) -> Iterator[tuple[int, ...]]:
    """Every maximal independent set of the graph ``joined`` (only its non-isolated vertices),
    as the product of those of its connected components, each found by brute force."""
    per_component = [_component_sets(comp, joined) for comp in _components(joined)]
    for parts in product(*per_component):
        yield tuple(i for part in parts for i in part)


def _components(joined: list[list[int]]) -> list[list[int]]:
    seen: set[int] = set()
    out = []
    for start in range(len(joined)):
        if start in seen or not joined[start]:
            continue
        comp = reach(start, lambda u: joined[u])
        seen.update(comp)
        out.append(sorted(comp))
    return out


def _component_sets(comp: list[int], joined: list[list[int]]) -> list[tuple[int, ...]]:
    where = {u: i for i, u in enumerate(comp)}
    nbr = [sum(1 << where[x] for x in joined[u]) for u in comp]
    full = (1 << len(comp)) - 1
    out = []
    for subset in range(1, full + 1):
        members = bits(subset)
        covered = subset
        for i in members:
            if nbr[i] & subset:
                break
            covered |= nbr[i]
        else:
            if covered == full:
                out.append(tuple(comp[i] for i in members))
    return out


def _ruled_by(g: Geometry, v: int, found: tuple[int, ...], numbers: int, starved: bool) -> int:
    """What a set rules out: for a tight set, the placements of its dominoes covering none of
    its squares; for a set with too few dominoes, every placement at it."""
    inside = g.squares_mask(g.number_cells[v][i] for i in found)
    if starved:
        return inside
    return union(g.domino_mask[domino_index(v, w)] for w in bits(numbers)) & ~inside


def _explain(step: Step) -> str:
    v, starved = step.facts
    if starved:
        where = squares_text(step.cell_text(s) for s in step.square_indices)
        held = ", ".join(step.domino_text(d) for d in step.domino_indices) or "nothing"
        return (f"{where} showing {v} can only hold {held}: fewer dominoes than squares, and no "
                f"domino covers two of them; there is no solution{step.outcome()}")
    return plain_set_text(step, v)
