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

Most sets T(x) rule nothing out, and those are dropped where they are found. A
tight set rules something out exactly when a square of v outside it holds one of
its numbers other than v, or it holds v and an active double joins two squares
outside it. Call *parts* the sets of v's squares linked by sharing numbers other
than v (and, within A, by v). A set T(x) lies inside the part of x, and when it is
the whole part it shares no number other than v with a square outside; so when
every T(x) is its part (every part meeting the squares that reach no unmatched
domino lies among them and is one strong component), only the part holding v can
rule anything out, and the order of the pass is moot. The parts holding no v are
the same for every A, and so are their sets T(x): they are checked once, and after
the first A bring nothing new. The pass in Tarjan's order runs only where some
T(x) that may be new is not its part (then one rules something out), so that the
sets come in the same order.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
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
    """The smallest tight sets of v's squares that rule something out (local indices, sorted),
    each once, with the numbers w of their dominoes (a bit each) and False; or one set of
    squares with too few dominoes, with its numbers and True (then the board has no solution)."""
    held, near = held_numbers(g, active, v)
    return _tight_sets(held, near, g.puzzle.max_pip + 1, v)


@lru_cache(maxsize=8192)
def _tight_sets(held: tuple[int, ...], near: tuple[int, ...], numbers: int,
                v: int) -> tuple[tuple[tuple[int, ...], int, bool], ...]:
    """:func:`_sets` of the squares whose numbers are ``held`` and whose doubles join them
    to ``near`` (the sets depend on nothing else, so boards that differ elsewhere, as the
    generator's swaps do, share them)."""
    squares = _Squares(held, near, numbers, v)
    settled = squares.settled()  # None: the squares apart have no matching covering them
    undoubled = sum(1 << i for i, m in enumerate(near) if not m)
    core = None if settled is None else squares.match(undoubled & squares.joined)
    found_sets: list[tuple[tuple[int, ...], int, bool]] = []
    done: set[int] = set()
    for choice in _choices(near):
        members = undoubled | choice
        matched = None if core is None else squares.match(choice, core)
        if matched is None:
            crowd = _crowd(held, members, numbers)
            found_sets.append((crowd, union(held[i] for i in crowd), True))
            break
        for found in _new_sets(squares, members, matched if settled else None, done):
            done.add(found)
            found_sets.append((tuple(bits(found)), squares.numbers_of(found), False))
        settled = True  # the sets T(x) apart are the same in every A: now all in ``done``
    return tuple(found_sets)


@lru_cache(maxsize=1024)
def _choices(near: tuple[int, ...]) -> tuple[int, ...]:
    """The maximal independent sets of the doubles ``near`` (only squares with one), as bit
    sets, in the order of :func:`_maximal_independent_sets`."""
    return tuple(union(1 << i for i in choice)
                 for choice in _maximal_independent_sets([bits(m) for m in near]))


def _new_sets(squares: _Squares, members: int, matched: _Matched | None,
              done: set[int]) -> list[int]:
    """The sets T(x) of one maximal independent set that rule something out and are not in
    ``done``, in the order of :func:`_closed_sets`: from the parts when every T(x) is one
    (then at most one can rule something out), else (or without ``matched``, the matching
    of the joined squares) by :func:`_closed_sets`."""
    candidates = None if matched is None else squares.joined_closures(members, matched)
    if candidates is None:
        candidates = _ordered_closures(squares.held, members, squares.numbers)
    return squares.firing(candidates, done)


def _ordered_closures(held: tuple[int, ...], members: int, numbers: int) -> Iterator[int]:
    """The sets T(x) of the squares ``members`` (a bit set of local indices, with a matching
    covering them all), in the order :func:`_closed_sets` gives them."""
    local = bits(members)
    adj = [bits(held[i]) for i in local]
    for closed in _closed_sets(adj, Matching(adj, numbers)):
        yield union(1 << local[u] for u in bits(closed))


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


def _crowd(held: tuple[int, ...], members: int, numbers: int) -> tuple[int, ...]:
    """Squares of ``members`` with too few dominoes (local indices, sorted), as
    :meth:`~dominosa_lab.core.graph.Matching.hall_violator` finds them."""
    local = bits(members)
    matching = Matching([bits(held[i]) for i in local], numbers)
    return tuple(sorted(local[u] for u in matching.hall_violator()[0]))


#: A matching: per square its number, per number its square (-1 if none), the numbers matched.
_Matched = tuple[list[int], list[int], int]


class _Squares:
    """One number's squares as bit sets of local indices: what each holds (``held``), the
    squares its doubles join it to (``near``), per number the squares holding it, and the
    parts (squares linked by sharing numbers other than v) holding v, ``joined``."""

    def __init__(self, held: tuple[int, ...], near: tuple[int, ...], numbers: int,
                 v: int) -> None:
        self.held, self.near, self.numbers, self.v = held, near, numbers, v
        self.small = len(held) - 2
        self.holding = holding = [0] * numbers
        for i, m in enumerate(held):
            while m:
                low = m & -m
                m ^= low
                holding[low.bit_length() - 1] |= 1 << i
        self.joined_parts = self.parts(holding[v])
        self.joined = union(self.joined_parts)
        self.joined_numbers = self.numbers_of(self.joined)

    def parts(self, squares: int) -> list[int]:
        """The parts meeting ``squares``: the sets of squares linked by sharing a number other
        than v."""
        held, holding = self.held, self.holding
        out = []
        while squares:
            part = new = squares & -squares
            unseen = ~(1 << self.v)
            while new:
                low = new & -new
                new ^= low
                numbers = held[low.bit_length() - 1] & unseen
                unseen &= ~numbers
                while numbers:
                    w = numbers & -numbers
                    numbers ^= w
                    found = holding[w.bit_length() - 1] & ~part
                    part |= found
                    new |= found
            out.append(part)
            squares &= ~part
        return out

    def settled(self) -> bool | None:
        """Whether no set T(x) of the squares apart (outside ``joined``, so the same in every
        maximal independent set) rules anything out: True, False when one might; None when
        they have no matching covering them all."""
        apart = ((1 << len(self.held)) - 1) & ~self.joined
        matched = self.match(apart)
        if matched is None:
            return None
        mate, owner, taken = matched
        tight = apart & ~self.loose(apart, mate, self.numbers_of(apart) & ~taken)
        return all(not part & ~tight and self.strong(part, mate, owner, apart)
                   for part in self.parts(tight))

    def joined_closures(self, members: int, matched: _Matched) -> list[int] | None:
        """When every set T(x) of the joined squares of ``members`` (matched as given) is the
        part of x, linked also by v within ``members``: those that may rule something out (at
        most the part holding v, as the others share no number with a square outside); else
        None."""
        mate, owner, taken = matched
        members &= self.joined
        tight = members & ~self.loose(members, mate, self.joined_numbers & ~taken)
        if not tight:
            return []
        linked = self.holding[self.v] & members
        merged = union(part for part in self.joined_parts if part & linked)
        if tight & ~merged or merged & ~tight or not self.strong(merged, mate, owner, members):
            return None
        return [merged]

    def numbers_of(self, found: int) -> int:
        """The numbers the squares ``found`` hold (a bit each)."""
        held = self.held
        out = 0
        while found:
            low = found & -found
            found ^= low
            out |= held[low.bit_length() - 1]
        return out

    def match(self, members: int, start: _Matched | None = None) -> _Matched | None:
        """A matching covering every square of ``members``, and those ``start`` (left as it is)
        covers: per square its number (-1 if none), per number its square (-1 if none), the
        numbers matched; None if there is none."""
        held = self.held
        if start is None:
            mate, owner, taken = [-1] * len(held), [-1] * self.numbers, 0
        else:
            mate, owner, taken = start[0][:], start[1][:], start[2]
        todo = members
        while todo:
            low = todo & -todo
            todo ^= low
            u = low.bit_length() - 1
            free = held[u] & ~taken
            if free:
                w = (free & -free).bit_length() - 1
                mate[u], owner[w] = w, u
            else:
                w = _augment(u, held, mate, owner, taken)
                if w < 0:
                    return None
            taken |= 1 << w
        return mate, owner, taken

    def loose(self, members: int, mate: list[int], todo: int) -> int:
        """The squares of ``members`` that reach a number of ``todo`` (unmatched) by "square ->
        number -> the square matched to it"."""
        holding = self.holding
        out = 0
        while todo:
            low = todo & -todo
            todo ^= low
            new = holding[low.bit_length() - 1] & members & ~out
            out |= new
            while new:
                u = new & -new
                new ^= u
                todo |= 1 << mate[u.bit_length() - 1]
        return out

    def strong(self, part: int, mate: list[int], owner: list[int], members: int) -> bool:
        """Whether the squares ``part`` (closed, all matched within) are one strong component
        of the digraph "square -> number -> the square matched to it"."""
        if part & (part - 1) == 0:
            return True
        held, holding = self.held, self.holding
        first = (part & -part).bit_length() - 1
        ahead = todo = held[first]
        while todo:  # the numbers reached from the first square
            low = todo & -todo
            todo ^= low
            new = held[owner[low.bit_length() - 1]] & ~ahead
            ahead |= new
            todo |= new
        behind = todo = 1 << first
        while todo:  # the squares reaching it
            low = todo & -todo
            todo ^= low
            new = holding[mate[low.bit_length() - 1]] & members & ~behind
            behind |= new
            todo |= new
        return ahead.bit_count() == part.bit_count() and behind == part

    def firing(self, closures: Iterable[int], done: set[int]) -> list[int]:
        """Of some sets T(x), those of at most k - 2 squares, not in ``done``, that rule something
        out (see :meth:`fires`), in their order."""
        return [t for t in closures
                if t not in done and t.bit_count() <= self.small and self.fires(t)]

    def fires(self, found: int) -> bool:
        """Whether a tight set rules something out: a square outside it holds one of its numbers
        other than v, or it holds v and an active double joins two squares outside it."""
        numbers = self.numbers_of(found)
        v_bit = 1 << self.v
        if any(self.holding[w] & ~found for w in bits(numbers & ~v_bit)):
            return True
        return bool(numbers & v_bit) and any(
            self.near[i] & ~found for i in bits(self.holding[self.v] & ~found))


def _augment(root: int, held: tuple[int, ...], mate: list[int], owner: list[int],
             taken: int) -> int:
    """Match square ``root`` along an augmenting path (Kuhn's, depth-first over bit sets); the
    number newly matched (not in ``taken``), or -1 if there is no such path."""
    seen = held[root]
    stack = [(root, -1, seen)]  # (square, the number it was reached by, numbers to try)
    while stack:
        u, via, todo = stack[-1]
        free = todo & ~taken
        if free:
            w = got = (free & -free).bit_length() - 1
            for x, was, _ in reversed(stack):
                mate[x], owner[w], w = w, x, was
            return got
        if not todo:
            stack.pop()
            continue
        w = (todo & -todo).bit_length() - 1
        stack[-1] = (u, via, todo & (todo - 1))
        x = owner[w]
        new = held[x] & ~seen
        seen |= new
        stack.append((x, w, new))
    return -1


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
