"""Where the solutions of a board differ: the blocks of cells they lay in different ways.

Take every solution of a board. The placements common to all of them are
*fixed*; the other cells fall into *blocks*: two cells are in one block when some
solution puts a domino across them. Each solution lays each block in one of a
few ways (its *layouts*), and is the fixed placements plus one layout per block.

So the number of solutions is at most the product of the numbers of layouts, and
equals it exactly when every combination of layouts is a solution: then the
blocks are *independent*, and the count is explained as a product (the TCG
homework's board ``tcg-n10`` has four independent blocks of two layouts each:
2^4 = 16 solutions).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from math import prod

from dominosa_lab.core.graph import reach
from dominosa_lab.core.puzzle import Cell, Placement, Solution
from dominosa_lab.errors import ArgumentError

__all__ = ["Block", "SolutionBlocks", "solution_blocks"]


@dataclass(frozen=True)
class Block:
    """Cells that the solutions cover in different ways, and each distinct way (layout)."""

    cells: frozenset[Cell]
    layouts: tuple[frozenset[Placement], ...]


@dataclass(frozen=True)
class SolutionBlocks:
    """The fixed placements and the blocks of a set of solutions (see the module docstring)."""

    fixed: frozenset[Placement]
    blocks: tuple[Block, ...]
    solutions: int

    @property
    def combinations(self) -> int:
        """The product of the numbers of layouts: an upper bound on the number of solutions."""
        return prod(len(block.layouts) for block in self.blocks)

    @property
    def independent(self) -> bool:
        """True when every combination of layouts is a solution (the count is the product)."""
        return self.combinations == self.solutions


def solution_blocks(solutions: Iterable[Solution]) -> SolutionBlocks:
    """Split distinct solutions of one board into fixed placements and blocks of layouts.

    Parameters
    ----------
    solutions : iterable of Solution
        Solutions of the same board (duplicates are counted once).

    Returns
    -------
    SolutionBlocks
        ``fixed``, ``blocks`` (largest first, then by first cell), ``solutions``
        (how many distinct ones were given), ``combinations`` and ``independent``.

    Raises
    ------
    ArgumentError
        When no solution is given, or the solutions belong to different boards.

    Examples
    --------
    >>> from dominosa_lab import load, solve
    >>> every = solve(load("tcg-n10"), limit=None).solutions
    >>> blocks = solution_blocks(every)
    >>> [(len(b.cells), len(b.layouts)) for b in blocks.blocks], blocks.combinations
    ([(4, 2), (4, 2), (4, 2), (4, 2)], 16)
    >>> blocks.independent
    True
    """
    distinct = {frozenset(s.placements): s.puzzle for s in solutions}
    if not distinct:
        raise ArgumentError("solution_blocks needs at least one solution, got none")
    if len(set(distinct.values())) > 1:
        raise ArgumentError("solution_blocks needs solutions of one board, got several boards")
    layouts = list(distinct)
    fixed = frozenset.intersection(*layouts)
    joined: dict[Cell, list[Cell]] = {}
    for pl in frozenset.union(*layouts) - fixed:
        joined.setdefault(pl.a, []).append(pl.b)
        joined.setdefault(pl.b, []).append(pl.a)
    groups: list[set[Cell]] = []
    for cell in joined:
        if not any(cell in group for group in groups):
            groups.append(set(reach(cell, joined.__getitem__)))
    blocks = [
        Block(frozenset(cells), tuple(sorted(
            {frozenset(pl for pl in layout if pl.a in cells) for layout in layouts},
            key=sorted)))
        for cells in groups
    ]
    blocks.sort(key=lambda b: (-len(b.cells), min(b.cells)))
    return SolutionBlocks(fixed, tuple(blocks), len(layouts))
