"""``solve_naive``: the seed's Ruby depth-first search, reconstructed faithfully.

The Ruby ``Solver.solve`` walks its list of 70 pieces (seed order: base piece,
flip, rotation, duplicates dropped by ``uniq``); for each piece the board
``accepts?`` it is applied and the search recurses with every variant of that
base piece removed from the list; the first complete board is returned.
``accepts?`` looks only at the *first empty piece cell* (row-major): the piece
must stay on the board, its second cell must be free and each of its pegs must
land on an empty circle that is not a hole.

Here the same order and the same tests run on bitmasks (cells, circles and used
pieces in one integer), the pieces that fit a cell's neighbourhood are
remembered, and the recursion is an explicit stack. One *node* is
one piece put on the board, which is what the seed's table counts as "pieces
placed" (``Board#apply``): this reading reproduces its 4,461,278 and
2,397,106 exactly. The other countable events are tallied on request: Ruby's
``accepts?`` calls (``"tested"``), and ``Solver.solve`` calls are one more than
the nodes (the root call).
"""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping
from functools import reduce
from operator import or_

from dominosa_lab.core.search import Search, SearchResult, collect
from dominosa_lab.dominopeg.model import (
    N_CELLS,
    N_PIECES,
    ORIENTATIONS,
    PegBoard,
    PegPlacement,
    PegSolution,
    checked_board,
    placements_at,
)

__all__ = ["board_mask", "first_cell_fits", "iter_naive", "placement_mask", "solve_naive"]

_CIRCLE_SHIFT = N_CELLS
_PIECE_SHIFT = N_CELLS + 35
_CELLS = (1 << N_CELLS) - 1


def placement_mask(pl: PegPlacement) -> int:
    """One integer for a placement: its cells (bits 0-23), pegs (24-58) and piece (59-70)."""
    mask = 1 << (_PIECE_SHIFT + pl.piece)
    for cell in pl.cells:
        mask |= 1 << cell
    for circle in pl.pegs:
        mask |= 1 << (_CIRCLE_SHIFT + circle)
    return mask


#: Per first-empty cell: (mask, placement, index in ORIENTATIONS), in the seed's piece order.
_TABLE: tuple[tuple[tuple[int, PegPlacement, int], ...], ...] = tuple(
    tuple((placement_mask(pl), pl, ORIENTATIONS.index(pl.orientation)) for pl in placements_at(c))
    for c in range(N_CELLS)
)
_VARIANTS = [sum(o.piece == p for o in ORIENTATIONS) for p in range(N_PIECES)]
_PIECES = ((1 << N_PIECES) - 1) << _PIECE_SHIFT
#: Per cell: the cells and circles any placement there touches (its neighbourhood).
_LOCAL = [reduce(or_, (e[0] & ~_PIECES for e in entries), 0) for entries in _TABLE]
#: Per cell: neighbourhood occupancy -> the entries that fit it (pieces not yet checked).
_FITTING: list[dict[int, list]] = [{} for _ in range(N_CELLS)]


def solve_naive(
    board: PegBoard,
    limit: int | None = 1,
    *,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    trace: bool = False,
    tally: MutableMapping[str, int] | None = None,
) -> SearchResult:
    """Run the seed's Ruby search on ``board``; ``nodes`` counts the pieces placed.

    Parameters
    ----------
    board : PegBoard
        The holes.
    limit : int or None
        Stop after this many solutions (the Ruby program stops at the first).
    max_nodes, time_limit : optional
        The budget; when spent the result has ``status="stopped"``.
    trace : bool
        Record the search's events.
    tally : mutable mapping, optional
        Receives ``"tested"``: the number of Ruby ``accepts?`` calls, exact when the
        search ends at a solution (Ruby's early ``return``) or is exhausted.

    Returns
    -------
    SearchResult
        Solutions are :class:`PegSolution`; the counters follow the house rule.

    Examples
    --------
    >>> r = solve_naive(PegBoard([0, 7, 14, 21, 28]), max_nodes=1000)
    >>> r.status, r.stats.nodes
    ('stopped', 1000)
    """
    checked_board(board)
    search = Search(max_nodes=max_nodes, time_limit=time_limit, trace=trace)
    stream = iter_naive(board, search, tally)
    return collect(stream, search, limit=limit, method="naive")


def iter_naive(
    board: PegBoard, search: Search, tally: MutableMapping[str, int] | None = None
) -> Iterator[PegSolution]:
    """Stream the solutions in the Ruby search's order, reporting to ``search``."""
    occ = board_mask(board)
    frames: list[list] = []  # [fits at this node, index of the next fit to try]
    placed: list[tuple[int, PegPlacement, int]] = []
    tested = 0
    try:
        tested += _open(frames, occ, search)
        while frames:
            frame = frames[-1]
            if len(placed) == len(frames):  # take back the piece tried at this node
                mask, pl, _ = placed.pop()
                occ ^= mask
                search.remove(pl)
            fits, i = frame
            if i == len(fits):
                frames.pop()
                continue
            frame[1] = i + 1
            entry = fits[i]
            search.place(entry[1])
            occ |= entry[0]
            placed.append(entry)
            if len(placed) == N_PIECES:
                solution = PegSolution(board, tuple(e[1] for e in placed))
                search.found(solution)
                yield solution
            else:
                tested += _open(frames, occ, search)
    finally:
        if tally is not None:
            tally["tested"] = tested + _partial_tests(placed)


def board_mask(board: PegBoard) -> int:
    """The occupancy integer of an empty board: its holes marked as taken circles."""
    occ = 0
    for hole in board.holes:
        occ |= 1 << (_CIRCLE_SHIFT + hole)
    return occ


def first_cell_fits(occ: int) -> tuple[int, list[tuple[int, PegPlacement, int]]]:
    """The first empty cell of an occupancy and the entries (mask, placement, index) that fit."""
    cell = ((occ + 1) & ~occ).bit_length() - 1
    near = occ & _LOCAL[cell]
    fitting = _FITTING[cell].get(near)
    if fitting is None:  # at most a few thousand neighbourhoods, so remember each one
        fitting = _FITTING[cell][near] = [e for e in _TABLE[cell] if not near & e[0]]
    return cell, [entry for entry in fitting if not occ & entry[0]]


def _open(frames: list[list], occ: int, search: Search) -> int:
    """Open a node at the first empty cell; return Ruby's ``accepts?`` calls there if exhausted."""
    cell, fits = first_cell_fits(occ)
    search.choice(len(fits))
    if not fits and search.tracing:
        search.dead_end(f"no piece fits at cell {cell}")
    frames.append([fits, 0])
    return _variants_left(occ >> _PIECE_SHIFT)


def _variants_left(used: int) -> int:
    """The orientations of the pieces not in ``used`` (a bit per base piece): Ruby's tries."""
    return sum(n for p, n in enumerate(_VARIANTS) if not used >> p & 1)


def _partial_tests(placed: list[tuple[int, PegPlacement, int]]) -> int:
    """Correct the tally for the nodes still open: Ruby stopped after their current piece."""
    correction = 0
    used = 0
    for _, pl, index in placed:
        remaining = _variants_left(used)
        earlier_used = (p for p in range(pl.piece) if used >> p & 1)
        before = index - sum(_VARIANTS[p] for p in earlier_used)
        correction += before + 1 - remaining
        used |= 1 << pl.piece
    return correction
