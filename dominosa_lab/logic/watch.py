"""Passes that test only what changed since the last pass: the same steps, found sooner.

A pass of a local deduction tests items (squares, dominoes or placements) in order against
the live state, and whether an item fires depends only on the active and placed bits of a
few placements around it (its *support*). :class:`Pass` remembers, per state and deduction,
the state at the end of the last pass that ran to its end and the items that fired in it;
the next pass tests those and the items whose support changed since, in the same order,
and as the pass goes on it reads the changes its own steps make. An item it skips has the
support it had when it last failed, or has lost only placements that cannot make it fire (a
deduction that says which, ``ahead``, is read for the ladder's forward moves), so it fails
again: the pass yields exactly the steps of a full scan. With no pass remembered, or many
changes, it tests every item, and leaves the changes its own steps make to the next pass.

On a ladder the cheap rungs run again after every step of a dearer one, and at N = 100 one
full scan of the dominoes or squares reads thousands of bit sets of 20,000 bits; a pass that
tests what changed reads tens.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Iterator

from dominosa_lab.logic.geometry import Geometry, bits
from dominosa_lab.logic.state import SCAN_EVERY, State

__all__ = ["FULL_SCAN_BELOW", "Pass", "dominoes_near", "own_domino", "placements_near",
           "squares_near", "squares_sharing_domino"]

#: A pass tests every item when fewer than this many items per changed placement would be
#: skipped (reading the changes then costs about what a full scan does).
FULL_SCAN_BELOW = 8

Touched = Callable[[Geometry, int], Iterable[int]]


class Pass:
    """The items of one pass of deduction ``key`` over ``size`` items, lowest first, that may
    fire on the live state; ``touched(geometry, p)`` are the items whose support holds
    placement ``p``. Call :meth:`fired` on each item that fired, so the next pass tests it
    again. ``ahead(geometry, p)``, when given, are the fewer items that may start to fire when
    ``p`` is ruled out or placed, the way a ladder moves (by default ``touched``); a search
    that restores a state moves back, and then ``touched`` are read.

    Examples
    --------
    >>> from dominosa_lab.boards import random_puzzle
    >>> state = State(random_puzzle(6, seed=0).puzzle)
    >>> len(list(Pass(state, "demo", 56, squares_near)))
    56
    >>> state.rule_out(1 << 0)
    >>> list(Pass(state, "demo", 56, squares_near))
    [0, 8]
    """

    def __init__(self, state: State, key: str, size: int, touched: Touched,
                 ahead: Touched | None = None) -> None:
        self.state, self.key, self.size, self.touched = state, key, size, touched
        self.ahead = ahead or touched
        last = state.scratch.pop(key, None)  # a pass left unfinished leaves nothing behind
        self.seen = (state.active, state.placed)
        self.later: set[int] = set()
        self.todo: list[int] | None = None  # None: every item
        if last is not None:
            active, placed, fired = last
            changed = (active ^ state.active) | (placed ^ state.placed)
            if changed.bit_count() * FULL_SCAN_BELOW < size:
                self.todo = sorted(fired.union(self._touched(active, placed)))
                self.queued = set(self.todo)

    def fired(self, item: int) -> None:
        """Test ``item`` again at the next pass."""
        self.later.add(item)

    def __iter__(self) -> Iterator[int]:
        """The items, reading the caller's clock every :data:`~dominosa_lab.logic.state.SCAN_EVERY`
        of them as :meth:`State.scan` does."""
        return self._every() if self.todo is None else self._changed()

    def _every(self) -> Iterator[int]:
        """Every item. The next pass reads the changes since this one began: those its own
        steps made after an item was tested are among them, and testing more items than
        changed yields the same steps."""
        state, check, begun = self.state, self.state.check, self.seen
        for first in range(0, self.size, SCAN_EVERY):
            if check is not None:
                check()
            yield from range(first, min(first + SCAN_EVERY, self.size))
        state.scratch[self.key] = (*begun, self.later)

    def _changed(self) -> Iterator[int]:
        """The items queued, and those whose support changes as the pass goes on."""
        state, current, tested, check = self.state, -1, 0, self.state.check
        todo = self.todo
        while True:
            if state.active is not self.seen[0] or state.placed is not self.seen[1]:
                self._catch_up(current)
            if not todo:
                break
            current = heapq.heappop(todo)
            if check is not None and tested % SCAN_EVERY == 0:
                check()
            tested += 1
            yield current
        state.scratch[self.key] = (state.active, state.placed, self.later)

    def _catch_up(self, current: int) -> None:
        """Queue (this pass, or the next) the items whose support changed since last read."""
        state = self.state
        active, placed = self.seen
        self.seen = (state.active, state.placed)
        if active == state.active and placed == state.placed:
            return
        for item in self._touched(active, placed):
            if item <= current:
                self.later.add(item)
            elif item not in self.queued:
                self.queued.add(item)
                heapq.heappush(self.todo, item)

    def _touched(self, active: int, placed: int) -> set[int]:
        """The items whose support changed from ``active`` and ``placed`` to the live state."""
        state = self.state
        g, now_active, now_placed = state.geometry, state.active, state.placed
        back = (now_active & ~active) | (placed & ~now_placed)
        items = {item for p in bits(back) for item in self.touched(g, p)} if back else set()
        forward = (active & ~now_active) | (now_placed & ~placed)
        items.update(item for p in bits(forward) for item in self.ahead(g, p))
        return items


def squares_near(g: Geometry, p: int) -> tuple[int, int]:
    """The squares whose placements include ``p``: its two."""
    return g.pairs[p]


def squares_sharing_domino(g: Geometry, p: int) -> Iterator[int]:
    """The squares of ``p`` and of every placement of ``p``'s domino."""
    pairs = g.pairs
    yield from pairs[p]
    for q in g.domino_placements[g.domino_of[p]]:
        yield from pairs[q]


def dominoes_near(g: Geometry, p: int) -> list[int]:
    """The dominoes with a placement sharing a square with ``p`` (``p``'s own included)."""
    covering, domino_of = g.covering, g.domino_of
    return [domino_of[q] for square in g.pairs[p] for q in covering[square]]


def own_domino(g: Geometry, p: int) -> tuple[int]:
    """The domino of ``p``."""
    return (g.domino_of[p],)


def placements_near(g: Geometry, p: int) -> tuple[int, ...]:
    """The placements covering a square of ``p`` or a square next to one."""
    return g.near[p]
