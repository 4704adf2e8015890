"""The placement state: which placements are still possible, and which are known to be used.

A placement is *active* until a deduction rules it out, and *placed* once it is
known to be part of the solution. Both sets are bit sets (Python ints, see
:mod:`~dominosa_lab.logic.geometry`), so the whole state is two integers:
:meth:`State.save` returns them and :meth:`State.restore` puts them back, which
is all the undo a search needs. Per square and per domino the state answers
"which placements are left" with one ``&``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

from dominosa_lab.core.options import check_fits
from dominosa_lab.core.puzzle import (
    Cell,
    Domino,
    Placement,
    Puzzle,
    as_cell,
    as_domino,
    as_placement,
    as_puzzle,
    is_int,
)
from dominosa_lab.errors import PuzzleError
from dominosa_lab.logic.geometry import Geometry, bits, domino_index, geometry
from dominosa_lab.logic.step import cell_text, domino_text

__all__ = ["SCAN_EVERY", "Saved", "State"]

T = TypeVar("T")
#: Items of a deduction's pass between two readings of the caller's clock (:meth:`State.scan`).
SCAN_EVERY = 64

#: What :meth:`State.save` returns: the active and the placed bit sets.
Saved = tuple[int, int]


class State:
    """Active and placed placements of one puzzle, with cheap save and restore.

    Parameters
    ----------
    puzzle : Puzzle or Geometry
        The board (its :class:`Geometry` is built once and cached).
    placed : iterable of Placement, optional
        Placements to :meth:`place` at the start.
    covered : iterable of Placement, optional
        Placements whose cells to :meth:`cover` at the start (their dominoes stay free).

    Examples
    --------
    >>> from dominosa_lab import Puzzle, Placement
    >>> state = State(Puzzle([[0, 0, 1], [1, 1, 0]]))
    >>> len(state.cell_candidates((0, 0)))
    2
    >>> saved = state.save()
    >>> state.place(Placement((0, 0), (0, 1)))
    >>> state.cell_candidates((1, 0)), state.is_solved()
    ((Placement((1, 0), (1, 1)),), False)
    >>> state.restore(saved); len(state.cell_candidates((1, 0)))
    2
    """

    __slots__ = ("active", "check", "geometry", "placed", "scratch")

    def __init__(self, puzzle: Puzzle | Geometry, placed: Iterable[Placement] = (),
                 covered: Iterable[Placement] = ()) -> None:
        if not isinstance(puzzle, Geometry):
            puzzle = as_puzzle(puzzle)
            check_fits("puzzle", len(puzzle.cells), pairs=True)
            puzzle = geometry(puzzle)
        self.geometry = puzzle
        self.active = self.geometry.full
        self.placed = 0
        #: Caches a deduction may keep between calls (never needed for correctness).
        self.scratch: dict = {}
        #: The caller's clock, read by :meth:`scan` (it raises to stop the run), or None.
        self.check: Callable[[], None] | None = None
        for pl in placed:
            self.place(pl)
        for pl in covered:
            self.cover(pl)

    @property
    def puzzle(self) -> Puzzle:
        """The board."""
        return self.geometry.puzzle

    def scan(self, items: Iterable[T]) -> Iterator[T]:
        """``items`` one by one, reading the caller's clock (:attr:`check`) every
        :data:`SCAN_EVERY`: a deduction's pass over a large board stops in time (one pass at
        N = 150 takes up to 0.7 s).

        Examples
        --------
        >>> from dominosa_lab import Puzzle
        >>> state = State(Puzzle([[0, 0, 1], [1, 1, 0]]))
        >>> def stop():
        ...     raise TimeoutError
        >>> state.check = stop
        >>> next(state.scan(range(3)))
        Traceback (most recent call last):
        ...
        TimeoutError
        """
        check = self.check
        if check is None:
            yield from items
            return
        for k, item in enumerate(items):
            if k % SCAN_EVERY == 0:
                check()
            yield item

    # --- undo -------------------------------------------------------------------------------

    def save(self) -> Saved:
        """The state as a value that :meth:`restore` takes back."""
        return (self.active, self.placed)

    def restore(self, saved: Saved) -> None:
        """Go back to a state returned by :meth:`save`."""
        self.active, self.placed = saved

    # --- changes ------------------------------------------------------------------------------

    def rule_out(self, mask: int) -> None:
        """Rule out the placements of a bit set."""
        self.active &= ~mask

    def apply(self, step) -> None:
        """Carry out a :class:`~dominosa_lab.logic.step.Step`: rule out, and place, what it says."""
        self.active &= ~step.ruled_out_mask
        if step.placed_index >= 0:
            self.placed |= 1 << step.placed_index

    def place(self, placement: Placement | int) -> None:
        """Put a domino on ``placement``: nothing else covers its cells or holds its domino.

        A placement ruled out before stays ruled out, so placing it leaves a
        contradiction (see :meth:`contradiction`).
        """
        p = self._index(placement)
        g = self.geometry
        bit = 1 << p
        self.placed |= bit & self.active
        self.active &= ~(g.overlap_mask[p] | (g.domino_mask[g.domino_of[p]] & ~bit))

    def cover(self, placement: Placement | int) -> None:
        """Rule out what overlaps ``placement`` but leave its domino's other places open.

        The board of a method that lets a domino be laid twice, and checks the bone
        pile itself (Caviness's "geometric" reading), is built with this.
        """
        p = self._index(placement)
        self.placed |= (1 << p) & self.active
        self.active &= ~self.geometry.overlap_mask[p]

    def _index(self, placement: Placement | int) -> int:
        if is_int(placement):
            n = len(self.geometry.placements)
            if not 0 <= placement < n:
                raise PuzzleError(f"placement index {placement} is not one of this board's "
                                  f"0..{n - 1}")
            return int(placement)
        placement = as_placement(placement)
        try:
            return self.geometry.placement_of(placement)
        except KeyError:
            raise PuzzleError(f"{placement} is not a placement of this board") from None

    # --- questions ----------------------------------------------------------------------------

    def cell_candidates(self, cell: Cell) -> tuple[Placement, ...]:
        """The active placements covering ``cell``."""
        square = self._square(cell)
        return self.geometry.placements_in(self.active & self.geometry.cell_mask[square])

    def domino_candidates(self, domino: Domino) -> tuple[Placement, ...]:
        """The active placements holding ``domino``."""
        g = self.geometry
        lo, hi = as_domino(domino, g.puzzle.max_pip)
        return g.placements_in(self.active & g.domino_mask[domino_index(lo, hi)])

    def placements(self) -> tuple[Placement, ...]:
        """The placements known to be in the solution, in index order."""
        return self.geometry.placements_in(self.placed)

    def is_solved(self) -> bool:
        """Whether every domino is placed and nothing else is active."""
        return self.placed == self.active and self.active.bit_count() == self.geometry.n_dominoes

    def empty_cells(self) -> list[Cell]:
        """The cells no active placement covers, in reading order."""
        g, active = self.geometry, self.active
        return [g.cells[s] for s, mask in enumerate(g.cell_mask) if not active & mask]

    def empty_dominoes(self) -> list[Domino]:
        """The dominoes no active placement holds, in Tatham's order."""
        g, active = self.geometry, self.active
        return [g.dominoes[d] for d, mask in enumerate(g.domino_mask) if not active & mask]

    def contradiction(self) -> str | None:
        """Why no solution extends this state (a square or domino with no place left), or None."""
        for cell in self.empty_cells():
            return f"square {cell_text(cell)} has no placement left"
        for domino in self.empty_dominoes():
            return f"domino {domino_text(domino)} has no placement left"
        return None

    def broken_by(self, mask: int) -> bool:
        """Whether ruling out ``mask`` emptied a square or domino (only those it touched)."""
        g, active = self.geometry, self.active
        for p in bits(mask):
            a, b = g.pairs[p]
            if not (active & g.cell_mask[a] and active & g.cell_mask[b]
                    and active & g.domino_mask[g.domino_of[p]]):
                return True
        return False

    def _square(self, cell: Cell) -> int:
        cell = as_cell(cell)
        try:
            return self.geometry.cell_index[cell]
        except KeyError:
            raise PuzzleError(f"cell {cell!r} is not on the board") from None

    def __repr__(self) -> str:
        return (f"State({self.puzzle!r}, {self.active.bit_count()} active, "
                f"{self.placed.bit_count()} placed)")
