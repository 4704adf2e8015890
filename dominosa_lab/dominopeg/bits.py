"""DominoPeg's exact cover searched on integer bit sets, in pure Python (the ``"bits"`` engine).

The items are numbered as in :func:`dominosa_lab.dominopeg.exact.formulation`: the 24 piece
cells, then the 12 pieces, then the 35 circles. One integer holds the placements still
possible (bit ``j`` for ``PLACEMENTS[j]``), and per item a mask holds the placements using
it, so the placements left for an item are one AND and their number one ``bit_count``.
Putting placement ``j`` down clears, by one AND, every placement that shares a cell, the
piece or a pegged circle with it.

The search branches on the open item with the fewest placements left (the first such
in item order), like dancing links' ``mrv``. With all five empty circles given, every
other circle is an item that must be covered (the 30 pegs fill all circles but five),
so a circle that has lost all its placements is a dead end and one with a single
placement left forces it; with fewer holes the circles only forbid a second peg.
Nothing here is compiled, so a fresh process solves a board without loading numba.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

from dominosa_lab.core.bitset import bits
from dominosa_lab.core.search import Search
from dominosa_lab.dominopeg.model import (
    N_CELLS,
    N_CIRCLES,
    N_EMPTY,
    N_PIECES,
    PLACEMENTS,
    PegBoard,
    PegPlacement,
)

__all__ = ["CIRCLE_ITEM", "PIECE_ITEM", "covers", "item_name", "placement_items"]

#: The first piece item and the first circle item (cells are items 0-23).
PIECE_ITEM = N_CELLS
CIRCLE_ITEM = N_CELLS + N_PIECES
_N_ITEMS = CIRCLE_ITEM + N_CIRCLES


def placement_items(pl: PegPlacement) -> tuple[int, ...]:
    """The items a placement covers: its two cells, its piece and its pegged circles.

    Examples
    --------
    >>> placement_items(PLACEMENTS[0])
    (0, 1, 24, 36, 37)
    """
    return (*pl.cells, PIECE_ITEM + pl.piece, *(CIRCLE_ITEM + c for c in pl.pegs))


def item_name(item: int) -> str:
    """An item in words.

    Examples
    --------
    >>> item_name(0), item_name(24), item_name(70)
    ('cell 0', 'piece 0', 'circle 34')
    """
    if item < PIECE_ITEM:
        return f"cell {item}"
    if item < CIRCLE_ITEM:
        return f"piece {item - PIECE_ITEM}"
    return f"circle {item - CIRCLE_ITEM}"


@cache
def _masks() -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Per item the placements using it; per placement its items and the placements it
    rules out (those sharing an item with it, itself included)."""
    items = tuple(placement_items(pl) for pl in PLACEMENTS)
    using = [0] * _N_ITEMS
    for j, covered in enumerate(items):
        for x in covered:
            using[x] |= 1 << j
    clash = []
    for covered in items:
        mask = 0
        for x in covered:
            mask |= using[x]
        clash.append(mask)
    return tuple(using), items, tuple(clash)


def covers(
    board: PegBoard, search: Search, build: Callable[[list[int]], Any]
) -> Iterator[Any]:
    """Stream ``build(rows)`` for every exact cover of ``board`` (``rows``: indices into
    ``PLACEMENTS``), reporting every choice, placement and take-back to ``search``.

    Examples
    --------
    >>> search = Search()
    >>> first = next(covers(PegBoard([25, 26, 27, 32, 33]), search, len))
    >>> first, search.stats.solutions
    (12, 1)
    """
    using, items, clash = _masks()
    live = (1 << len(PLACEMENTS)) - 1
    for hole in board.holes:
        live &= ~using[CIRCLE_ITEM + hole]
    must = CIRCLE_ITEM + (N_CIRCLES if len(board.holes) == N_EMPTY else 0)
    holes = {CIRCLE_ITEM + h for h in board.holes}
    need = [x for x in range(must) if x not in holes]
    stack = [_branch(live, need, using, search)]
    rows: list[int] = []
    while stack:
        frame = stack[-1]
        live, need, options, i = frame
        if len(rows) == len(stack):  # take back the placement tried at this level
            search.remove(PLACEMENTS[rows.pop()])
        if i == len(options):
            stack.pop()
            continue
        frame[3] = i + 1
        j = options[i]
        search.place(PLACEMENTS[j])
        rows.append(j)
        if len(rows) == N_PIECES:
            solution = build(list(rows))
            search.found(solution)
            yield solution
        else:
            covered = items[j]
            left = [x for x in need if x not in covered]
            stack.append(_branch(live & ~clash[j], left, using, search))


def _branch(live: int, need: list[int], using: tuple[int, ...], search: Search) -> list:
    """A new level: the open item with the fewest placements left and those placements, as
    ``[live, need, options, next option to try]``; the choice is reported to ``search``."""
    best, fewest = need[0], len(PLACEMENTS) + 1
    for x in need:
        k = (live & using[x]).bit_count()
        if k < fewest:
            best, fewest = x, k
            if k <= 1:
                break
    search.choice(fewest)
    if not fewest and search.tracing:
        search.dead_end(f"{item_name(best)} has no placement left")
    return [live, need, bits(live & using[best]), 0]


