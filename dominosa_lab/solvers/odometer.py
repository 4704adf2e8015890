"""``odometer``: Caviness's generalized odometer over the dominoes' possible places.

One digit per domino; digit ``i`` says which of domino ``i``'s places is
tried, from 1 to that domino's number of places (its own maximum). The
dominoes are sorted by increasing number of places, so the forced pieces come
first with maximum 1. All digits start at 1. Each *reading* (a setting of all
digits) is checked from the left: the odometer is incremented not at the
right end but at the first digit whose place overlaps an earlier domino's (at
the right end only when nothing overlaps, i.e. the reading is a solution). A
digit incremented past its maximum rolls over to 1 and carries into the digit
on its left; the run ends when the first digit rolls over.

The digits right of the first conflict are always still 1 (every increment
happens at or left of the previous one's position until a reading gets past
it), so jumping at the first conflict skips exactly the readings that share
the overlapping prefix, and no solution is missed: the odometer is a
depth-first search with the dominoes as levels, written as counting.

Reported to the :class:`~dominosa_lab.core.search.Search`: the digits whose places
do not overlap (the checked prefix of a reading) are the pieces on the board,
``place``d when a reading gets past them and ``remove``d when they are
incremented or rolled over; ``choice(k)`` when a digit starts at 1 (it will
try its ``k`` places); ``dead_end`` for each overlapping reading. The same
machine without the jump (always increment at the right end, check whole
readings) is the brute-force ``collision`` method.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from dominosa_lab.core.board import board_model
from dominosa_lab.core.options import check_choice
from dominosa_lab.core.puzzle import Domino, Placement, Puzzle, Solution
from dominosa_lab.core.search import Search, SearchResult, collect
from dominosa_lab.errors import ArgumentError

__all__ = ["ORDERS", "Odometer", "OdometerRun", "ordered_candidates", "run", "solve"]

ORDERS = ("fewest", "pile")


def ordered_candidates(
    puzzle: Puzzle, order: str | Sequence[Domino] = "fewest"
) -> tuple[tuple[Domino, ...], tuple[tuple[Placement, ...], ...]]:
    """The dominoes in ``order`` with each one's possible places.

    ``order`` is ``"fewest"`` (increasing number of places, ties in pile
    order: the odometer's), ``"pile"`` (00, 01, 02, ...: the article's
    brute-force listing) or an explicit sequence of all the dominoes.

    Examples
    --------
    >>> from dominosa_lab import Puzzle, load
    >>> dominoes, places = ordered_candidates(load("caviness-m9"))
    >>> dominoes[:4], [len(p) for p in places[:4]]
    (((0, 1), (0, 5), (3, 4), (4, 5)), [1, 1, 1, 1])
    """
    model = board_model(puzzle)
    candidates = {model.dominoes[d]: [model.placements[p] for p in model.domino_options(d)]
                  for d in range(model.n_dominoes)}
    if order == "pile":
        dominoes = list(candidates)
    elif order == "fewest":
        dominoes = sorted(candidates, key=lambda d: len(candidates[d]))
    elif isinstance(order, str) or not isinstance(order, Sequence):
        check_choice("order", order, ORDERS, "the odometer (or give a sequence of dominoes)")
    else:
        dominoes = [tuple(d) for d in order]
        if sorted(dominoes) != sorted(candidates):
            raise ArgumentError(f"order must list each of the {len(candidates)} dominoes "
                              f"0-0 .. {puzzle.max_pip}-{puzzle.max_pip} exactly once")
    return tuple(dominoes), tuple(tuple(candidates[d]) for d in dominoes)


class Odometer:
    """The generalized odometer of one puzzle (see the module docstring).

    Parameters
    ----------
    puzzle : Puzzle
        The board.
    order : str or sequence of dominoes
        The digits' order (see :func:`ordered_candidates`); the article's is ``"fewest"``.

    Examples
    --------
    >>> from dominosa_lab import Puzzle, load
    >>> from dominosa_lab.core.search import Search
    >>> od = Odometer(load("caviness-m9"))
    >>> od.maxima[:6]
    (1, 1, 1, 1, 2, 2)
    >>> [od.reading() for c in od.turn(Search()) if c == len(od.maxima)]  # doctest: +ELLIPSIS
    [(1, 1, 1, 1, ...)]
    """

    def __init__(self, puzzle: Puzzle, order: str | Sequence[Domino] = "fewest") -> None:
        self.puzzle = puzzle
        self.dominoes, self.places = ordered_candidates(puzzle, order)
        self.maxima = tuple(len(p) for p in self.places)
        bit = {cell: 1 << i for i, cell in enumerate(puzzle.cells)}
        self._masks = [[bit[pl.a] | bit[pl.b] for pl in places] for places in self.places]
        self.digits = [0] * len(self.places)
        self.readings = 0

    def reading(self) -> tuple[int, ...]:
        """The current reading, digits counted from 1 as in the article."""
        return tuple(d + 1 for d in self.digits)

    def placements(self) -> list[Placement]:
        """The places the current reading picks, one per domino."""
        return [places[d] for places, d in zip(self.places, self.digits, strict=True)]

    def turn(self, search: Search, jump: bool = True) -> Iterator[int]:
        """Run through the readings, yielding for each the index of its first conflicting digit.

        A yield equal to the number of digits means no conflict: a solution.
        With ``jump=False`` every reading is checked whole and the odometer
        always advances at the right end (the brute force). :attr:`readings`
        counts the readings checked.
        """
        n = len(self.places)
        empty = [d for d, k in zip(self.dominoes, self.maxima, strict=True) if k == 0]
        if empty:
            search.choice(0)
            search.dead_end(f"piece {empty[0][0]}-{empty[0][1]} has no place on the board")
            return
        digits, masks, places = self.digits, self._masks, self.places
        digits[:] = [0] * n
        self.readings = 0
        covered = [0] * (n + 1)  # covered[j]: cells under digits 0..j-1
        clash = [n] * (n + 1)  # clash[j]: first overlapping digit among 0..j-1 (n if none)
        placed = 0
        while True:
            self.readings += 1
            j = placed
            while j < n:
                if digits[j] == 0:
                    search.choice(self.maxima[j])
                mask = masks[j][digits[j]]
                overlap = covered[j] & mask
                if overlap and jump:
                    break
                search.place(places[j][digits[j]])
                covered[j + 1] = covered[j] | mask
                clash[j + 1] = j if overlap and clash[j] == n else clash[j]
                j += 1
            placed = j
            first = j if j < n else clash[n]
            if first < n and search.tracing:
                search.dead_end(self._overlap_text(first))
            yield first
            i = min(first, n - 1) if jump else n - 1
            placed = self._unplace(search, placed, i)
            digits[i] += 1
            while digits[i] == self.maxima[i]:
                digits[i] = 0
                i -= 1
                if i < 0:
                    return
                placed = self._unplace(search, placed, i)
                digits[i] += 1

    def _unplace(self, search: Search, placed: int, i: int) -> int:
        """Take the digits from ``i`` on off the board; the new number placed."""
        while placed > i:
            placed -= 1
            search.remove(self.places[placed][self.digits[placed]])
        return placed

    def _overlap_text(self, j: int) -> str:
        lo, hi = self.dominoes[j]
        return f"piece {lo}-{hi} at {self.places[j][self.digits[j]]} overlaps an earlier piece"

    def solutions(self, search: Search, jump: bool = True) -> Iterator[Solution]:
        """The solving readings as Solutions, reported to ``search``."""
        n = len(self.places)
        for first in self.turn(search, jump):
            if first == n:
                solution = Solution(self.puzzle, self.placements())
                search.found(solution)
                yield solution


@dataclass(frozen=True)
class OdometerRun:
    """A whole odometer run: the digits, the readings checked, the solving readings."""

    dominoes: tuple[Domino, ...]
    maxima: tuple[int, ...]
    readings: int
    solving: tuple[tuple[int, ...], ...]
    result: SearchResult


def run(
    puzzle: Puzzle,
    order: str | Sequence[Domino] = "fewest",
    max_nodes: int | None = None,
    time_limit: float | None = None,
) -> OdometerRun:
    """Turn the odometer to the end (or the budget) and count its readings.

    Examples
    --------
    >>> from dominosa_lab import Puzzle, load
    >>> r = run(load("caviness-m9"))
    >>> len(r.solving), r.result.status, r.readings > r.result.stats.nodes > 28
    (1, 'solved', True)
    """
    odometer = Odometer(puzzle, order)
    search = Search(max_nodes=max_nodes, time_limit=time_limit)
    solving: list[tuple[int, ...]] = []

    def stream() -> Iterator[Solution]:
        for solution in odometer.solutions(search):
            solving.append(odometer.reading())
            yield solution

    result = collect(stream(), search, limit=None, method="odometer", settings={"order": order})
    return OdometerRun(odometer.dominoes, odometer.maxima, odometer.readings,
                       tuple(solving), result)


def solve(puzzle: Puzzle, search: Search, order: str = "fewest") -> Iterator[Solution]:
    """Yield every solution in odometer order, reporting to ``search``.

    Examples
    --------
    >>> from dominosa_lab import Puzzle, load, solve
    >>> r = solve(load("mikefc-small"), method="odometer", limit=None)
    >>> r.status, len(r.solutions)
    ('solved', 1)
    """
    return Odometer(puzzle, order).solutions(search)
