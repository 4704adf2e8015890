"""Tatham's set analysis over the squares of one number, with and without the double.

For a number v, take a set U of squares showing v and the set of dominoes they
can still hold. If U can hold only as many dominoes as it has squares, those
dominoes are all used up on U. Tatham finds the sets U by enumerating every
subset of the N+2 squares of v (in increasing order of a bit mask, each square
used in at most one reported set per number, the squares' domino sets read once
per number) and skips a number shown on more than 16 squares, so for N >= 15
this deduction never fires. :mod:`~dominosa_lab.logic.hall` finds the same
conclusions with matchings in polynomial time, at any N.

The enumeration here is his, vectorised: the union of the domino sets of all
2**k subsets is built by doubling (subset ``s + 2**i`` adds square ``i`` to
subset ``s``) with numpy, and only the subsets that pass his size tests are
visited one by one, in his order.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

import numpy as np

from dominosa_lab.logic.geometry import Geometry, bits, domino_index
from dominosa_lab.logic.state import State
from dominosa_lab.logic.step import Step, join, squares_text

__all__ = ["TATHAM_SET_LIMIT", "held_numbers", "plain_set_text", "set_analysis"]

#: Tatham skips a number shown on more squares than this.
TATHAM_SET_LIMIT = 16

_PLAIN = "set_analysis"
_NMINUS1 = "set_analysis_doubles_nminus1"
_EQUAL = "set_analysis_doubles_equal"
_KINDS = (None, _PLAIN, _NMINUS1, _EQUAL)
_BYTE_COUNTS = np.array([bin(i).count("1") for i in range(1 << 16)], dtype=np.int16)


def set_analysis(state: State, doubles: bool = False,
                 limit: int | None = TATHAM_SET_LIMIT) -> Iterator[Step]:
    """Squares of one number that can only hold as many dominoes as they are use them all up.

    Sound (plain case, ``set_analysis``): let U be k squares showing v, no two of
    which an active double v-v can join, whose placements hold only k dominoes
    between them. No domino covers two squares of U, so U needs k different
    dominoes, all of them from those k: each is used on U, and every placement of
    them covering no square of U is ruled out.

    With ``doubles`` (Tatham's extreme pass) two more cases, when an active v-v
    joins two squares of U: with only k-1 dominoes (``..._nminus1``) some domino
    must cover two squares of U, which only v-v can, so v-v joins two of them, the
    other k-2 squares use up the other k-2 dominoes, and everything else of those
    dominoes (and every v-v placement not inside U) is ruled out; with k dominoes
    (``..._equal``), if v-v covered no square of U its k squares would have only
    k-1 dominoes, so every v-v placement covering none of U is ruled out.

    ``limit`` is Tatham's cut-off (a number on more squares is skipped); ``None``
    lifts it, at a cost of 2**k subsets per number.
    """
    g = state.geometry
    level = "extreme" if doubles else "hard"
    for v, squares in state.scan(enumerate(g.number_cells)):
        if limit is not None and len(squares) > limit:
            continue
        local = {s: i for i, s in enumerate(squares)}
        subsets, unions, kinds = _candidates(*held_numbers(g, state.active, v), doubles)
        done = 0
        i = 0
        while i < len(subsets):
            subset, dominoes, kind = int(subsets[i]), int(unions[i]), _KINDS[kinds[i]]
            i += 1
            before = done
            if kind != _EQUAL:
                done |= subset
            ruled = _ruled_out(state, v, local, subset, dominoes, kind)
            if ruled:
                done |= subset
                yield Step(kind, level, g, _explain, ruled_out=ruled,
                           squares=tuple(squares[j] for j in bits(subset)),
                           dominoes=tuple(domino_index(v, w) for w in bits(dominoes)),
                           reads=state.active & g.squares_mask(squares[j] for j in bits(subset)),
                           facts=(v,))
            if done != before:  # drop the later subsets that meet a square now done
                keep = (subsets[i:] & done) == 0
                subsets, unions, kinds = subsets[i:][keep], unions[i:][keep], kinds[i:][keep]
                i = 0


def held_numbers(g: Geometry, active: int, v: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per square of v (in ``g.number_cells[v]`` order): the numbers w of the dominoes v-w
    its ``active`` placements give it (a bit each, v itself for a double), and the squares of v
    an active double joins it to (a bit each, local indices)."""
    squares = g.number_cells[v]
    covering, pairs, values = g.covering, g.pairs, g.values
    held = []
    joined = []
    for s in squares:
        numbers = near = 0
        for p in covering[s]:  # a bit test per placement: no bit set as wide as the board
            if active >> p & 1:
                a, b = pairs[p]
                t = b if a == s else a
                numbers |= 1 << values[t]
                if values[t] == v:
                    near |= 1 << squares.index(t)
        held.append(numbers)
        joined.append(near)
    return tuple(held), tuple(joined)


@lru_cache(maxsize=4096)
def _candidates(held: tuple[int, ...], joined: tuple[int, ...],
                doubles: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every subset passing Tatham's size tests, in increasing order, with its dominoes (the
    other numbers, a bit each) and its kind (an index into ``_KINDS``)."""
    k = len(held)
    size = 1 << k
    union = np.zeros(size, dtype=np.int64)
    near = np.zeros(size, dtype=np.int64)
    count = np.zeros(size, dtype=np.int16)
    for i in range(k):
        half = 1 << i
        union[half:2 * half] = union[:half] | held[i]
        near[half:2 * half] = near[:half] | joined[i]
        count[half:2 * half] = count[:half] + 1
    m = _popcount(union)
    paired = (near & np.arange(size)) != 0
    kinds = np.where(~paired & (m == count), 1, 0)
    if doubles:
        kinds = np.where(paired & (m == count - 1), 2, kinds)
        kinds = np.where(paired & (m == count), 3, kinds)
    kinds = np.where((m >= 2) & (m <= k - 2), kinds, 0)
    chosen = np.flatnonzero(kinds)
    return chosen, union[chosen], kinds[chosen]


def _popcount(values: np.ndarray) -> np.ndarray:
    out = np.zeros(values.shape, dtype=np.int16)
    while values.any():
        out += _BYTE_COUNTS[values & 0xFFFF]
        values = values >> 16
    return out


def _ruled_out(state: State, v: int, local, subset: int, dominoes: int, kind: str) -> int:
    """The placements of ``dominoes`` (other numbers, one bit each) that the set rules out."""
    g = state.geometry
    need_double = 2 if kind == _NMINUS1 else 1
    ruled = 0
    for w in bits(dominoes):
        for p in bits(state.active & g.domino_mask[domino_index(v, w)]):
            used = sum(1 for s in g.pairs[p] if g.values[s] == v and subset >> local[s] & 1)
            if (used < need_double) if w == v else (used == 0 and kind != _EQUAL):
                ruled |= 1 << p
    return ruled


def _head(step: Step, v: int) -> str:
    squares = squares_text(step.cell_text(s) for s in step.square_indices)
    dominoes = join(step.domino_text(d) for d in step.domino_indices)
    return f"{squares} showing {v} can only hold {dominoes}"


def plain_set_text(step: Step, v: int) -> str:
    """The sentence of a set without the double: its squares, its dominoes, what it rules out."""
    if len(step.square_indices) == 1:
        return f"{_head(step, v)}, so it is used there and goes nowhere else{step.outcome()}"
    return (f"{_head(step, v)}, one domino each and as many dominoes as squares; so those "
            f"dominoes are all used there and go nowhere else{step.outcome()}")


def _explain(step: Step) -> str:
    (v,) = step.facts
    if step.name == _PLAIN:
        return plain_set_text(step, v)
    head = _head(step, v)
    k, m = len(step.square_indices), len(step.domino_indices)
    if step.name == _NMINUS1:
        return (f"{head}: {m} dominoes for {k} squares, so {v}-{v} must join two of them and "
                f"the others use up the rest; none of them goes elsewhere{step.outcome()}")
    return (f"{head}; if {v}-{v} covered none of them, {k} squares would have only {m - 1} "
            f"dominoes, so {v}-{v} must cover one of them{step.outcome()}")
