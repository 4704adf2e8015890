"""Gary Darby's random domino tiling: random placements that never leave an odd open group.

Darby (seed 002) found that putting dominoes on random open cells with random
orientations jams after 20 or 21 of the 28 dominoes on an 8x7 board: the free
cells left are single squares with no free neighbour. His fix: an *open group*
is a connected set of free cells, every open group must be covered by whole
dominoes and so must have an even number of cells, so a placement that would
leave an odd open group is refused. Even groups can still be untileable, so one
build tries at most ``max_attempts`` placements ("TryToBuild ... up to 1000
times") and a tiling is attempted by at most ``max_builds`` builds
("MakeSolution ... up to 10 times").

One *attempt* picks a random cell and one of its four sides at random; it
is refused when the side is off the board or taken (``blocked``) or when it
would leave an open group that fails the ``check`` (``odd``). Darby writes
"random open cells"; his words fit two programs, so ``pick`` chooses:

* ``"open"``: the cell is drawn among the open cells (the default);
* ``"any"``: the cell is drawn among all cells of the board, and an attempt
  that draws a covered cell is refused as ``blocked``, so that the attempts
  run out sooner as the board fills.

The checks:

* ``"parity"``: every open group has an even number of cells (Darby's method);
* ``"none"``: no check, Darby's first, naive method, which jams;
* ``"balance"``: every open group has as many light as dark squares of the
  checkerboard colouring, a stronger necessary condition (each domino covers one
  of each) that Darby did not use; it shows where his dead ends come from.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from dominosa_lab.core.graph import reach
from dominosa_lab.core.options import check_choice
from dominosa_lab.core.puzzle import Cell, Placement
from dominosa_lab.errors import PuzzleError
from dominosa_lab.tilings.count import mask_cells

__all__ = [
    "CHECKS",
    "MAX_ATTEMPTS",
    "MAX_BUILDS",
    "PICKS",
    "BuildRecord",
    "ParityTiling",
    "build_rows",
    "parity_sampler",
    "parity_tiling",
]

MAX_ATTEMPTS = 1000  # Darby's TryToBuild loop
MAX_BUILDS = 10  # Darby's MakeSolution loop
CHECKS = ("parity", "none", "balance")
PICKS = ("open", "any")
_SIDES = ((0, 1), (1, 0), (0, -1), (-1, 0))


@dataclass
class BuildRecord:
    """What one build did: its attempts, why they were refused, and how far it got.

    ``moves_left`` counts, when the build ends, the placements the method would
    still accept: 0 means the build was truly stuck, more means it ran out of
    attempts while moves remained.
    """

    attempts: int = 0
    blocked: int = 0
    odd: int = 0
    placed: int = 0
    complete: bool = False
    moves_left: int = 0


@dataclass
class ParityTiling:
    """What :func:`parity_tiling` returns: the placements of the last build, and every build."""

    placements: list[Placement]
    builds: list[BuildRecord] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        """True when the last build covered every cell."""
        return bool(self.builds) and self.builds[-1].complete

    @property
    def attempts(self) -> int:
        """Placement attempts over all builds."""
        return sum(b.attempts for b in self.builds)

    @property
    def dead_ends(self) -> int:
        """Builds that ran out of attempts before covering the board."""
        return sum(not b.complete for b in self.builds)


def parity_tiling(
    cells: Iterable[Cell],
    rng: np.random.Generator,
    *,
    check: str = "parity",
    max_attempts: int = MAX_ATTEMPTS,
    max_builds: int = MAX_BUILDS,
    pick: str = "open",
) -> ParityTiling:
    """Tile ``cells`` with dominoes by Darby's method, recording every build.

    Parameters
    ----------
    cells : iterable of (row, col)
        The board (any shape; gaps are the cells left out).
    rng : numpy.random.Generator
        The only source of randomness.
    check : {"parity", "none", "balance"}
        Which open groups a placement may leave (see the module docstring).
    max_attempts, max_builds : int
        Darby's bounds: placement attempts per build, builds per tiling.
    pick : {"open", "any"}
        Where an attempt draws its cell: among the open cells, or among all cells.

    Returns
    -------
    ParityTiling
        ``placements`` (a complete tiling, or those of the last failed build),
        ``complete``, and one :class:`BuildRecord` per build.

    Examples
    --------
    >>> import numpy as np
    >>> cells = [(r, c) for r in range(7) for c in range(8)]
    >>> t = parity_tiling(cells, np.random.default_rng(1))
    >>> t.complete, len(t.placements), len(t.builds)
    (True, 28, 5)
    """
    if check not in CHECKS:
        raise PuzzleError(f"check must be one of {', '.join(CHECKS)}; got {check!r}")
    check_choice("pick", pick, PICKS)
    board = _Board(cells)
    if check != "none" and not all(_fits(g, check) for g in board.groups(board.cells)):
        raise PuzzleError(f"the board has an open group that fails the {check} check: no tiling")
    result = ParityTiling([])
    for _ in range(max_builds):
        record, placements = _build(_Board(board.cells), rng, check, max_attempts, pick)
        result.builds.append(record)
        result.placements = placements
        if record.complete:
            break
    return result


def build_rows(
    cells: Iterable[Cell], seeds: Iterable[int], check: str = "parity", **bounds: Any
) -> list[dict[str, Any]]:
    """One row per build of :func:`parity_tiling` with ``default_rng(seed)`` for each seed.

    A row holds ``seed``, ``build`` (1, 2, ...), ``check`` and the
    :class:`BuildRecord` fields; ``bounds`` are ``max_attempts`` / ``max_builds`` /
    ``pick``.

    Examples
    --------
    >>> rows = build_rows([(r, c) for r in range(7) for c in range(8)], [1])
    >>> [(row["build"], row["complete"]) for row in rows][-2:]
    [(4, False), (5, True)]
    """
    cells = list(cells)
    return [
        {"seed": seed, "build": i, "check": check, **asdict(record)}
        for seed in seeds
        for i, record in enumerate(
            parity_tiling(cells, np.random.default_rng(seed), check=check, **bounds).builds,
            start=1)
    ]


def parity_sampler(mask: np.ndarray, rng: np.random.Generator) -> list[Placement]:
    """The ``parity`` sampler of :mod:`dominosa_lab.tilings.sample`: Darby's method and bounds.

    ``parity_tiling(cells, numpy.random.default_rng(seed))`` replays the same
    builds with their records, since :func:`~dominosa_lab.boards.planted.random_puzzle`
    hands the sampler a fresh generator from its seed.

    Raises
    ------
    PuzzleError
        When all of Darby's builds dead-end (likely on large boards; use another seed
        or the ``uniform`` sampler).

    Examples
    --------
    >>> from dominosa_lab.boards.planted import random_puzzle
    >>> p, s = random_puzzle(6, seed=1, tiling="parity")
    >>> p.name, s.is_valid()
    ('random-n6-parity-s1', True)
    """
    tiling = parity_tiling(mask_cells(mask), rng)
    if not tiling.complete:
        raise PuzzleError(
            f"Darby's parity method dead-ended in all {len(tiling.builds)} builds of "
            f"{mask.shape[0]}x{mask.shape[1]} (at most {tiling.builds[-1].attempts} attempts "
            "each); try another seed or tiling='uniform'"
        )
    return tiling.placements


def _build(
    board: _Board, rng: np.random.Generator, check: str, max_attempts: int, pick: str
) -> tuple[BuildRecord, list[Placement]]:
    """Darby's TryToBuild: random placements until the board is covered or attempts run out."""
    record = BuildRecord()
    placements: list[Placement] = []
    while board.open and record.attempts < max_attempts:
        record.attempts += 1
        pool = board.open if pick == "open" else board.cells
        a = pool[int(rng.integers(len(pool)))]
        dr, dc = _SIDES[int(rng.integers(4))]
        b = (a[0] + dr, a[1] + dc)
        if a not in board.free or b not in board.free:
            record.blocked += 1
            continue
        if not board.accepts(a, b, check):
            record.odd += 1
            continue
        board.take(a, b)
        placements.append(Placement(a, b))
    record.placed = len(placements)
    record.complete = not board.open
    record.moves_left = sum(board.accepts(a, b, check) for a, b in board.free_pairs())
    return record, placements


def _fits(group: set[Cell], check: str) -> bool:
    """Whether an open group passes ``check`` ("none" passes everything)."""
    if check == "parity":
        return len(group) % 2 == 0
    if check == "balance":
        return 2 * sum((r + c) % 2 for r, c in group) == len(group)
    return True


class _Board:
    """The free cells of one build, with O(1) random choice and removal."""

    def __init__(self, cells: Iterable[Cell]) -> None:
        self.cells = tuple(tuple(c) for c in cells)
        self.open: list[Cell] = list(self.cells)
        self.free: dict[Cell, int] = {c: i for i, c in enumerate(self.open)}  # cell -> position

    def take(self, *cells: Cell) -> None:
        """Mark cells covered (swap-remove from the open list)."""
        for cell in cells:
            i = self.free.pop(cell)
            last = self.open.pop()
            if last != cell:
                self.open[i] = last
                self.free[last] = i

    def give_back(self, *cells: Cell) -> None:
        """Mark cells free again."""
        for cell in cells:
            self.free[cell] = len(self.open)
            self.open.append(cell)

    def accepts(self, a: Cell, b: Cell, check: str) -> bool:
        """Whether covering free ``a`` and ``b`` leaves only open groups that pass ``check``."""
        if check == "none":
            return True
        self.take(a, b)
        ok = all(_fits(g, check) for g in self.groups(self.free_neighbours(a, b)))
        self.give_back(a, b)
        return ok

    def free_neighbours(self, *cells: Cell) -> list[Cell]:
        """The free cells next to any of ``cells``."""
        return [(r + dr, c + dc) for r, c in cells for dr, dc in _SIDES
                if (r + dr, c + dc) in self.free]

    def free_pairs(self) -> list[tuple[Cell, Cell]]:
        """Every pair of adjacent free cells (right and down neighbours), in a fixed order."""
        return [(a, b) for a in sorted(self.free) for b in ((a[0], a[1] + 1), (a[0] + 1, a[1]))
                if b in self.free]

    def groups(self, starts: Iterable[Cell]) -> list[set[Cell]]:
        """The open groups (connected sets of free cells) containing the free ``starts``."""
        seen: set[Cell] = set()
        out = []
        for start in starts:
            if start in seen or start not in self.free:
                continue
            group = set(reach(start, self.free_neighbours))
            seen |= group
            out.append(group)
        return out
