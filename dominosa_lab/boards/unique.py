"""Puzzles with exactly one solution and a chosen grade: a planted solution, improved by swaps.

Simon Tatham's generator draws a whole new board until one passes (rejection
sampling, with a numbering that plants decoys for the hard grades). This one
keeps its board and repairs it, guided by the grader:

1. *Plant.* A random tiling of the board gets the double-N set in a random order,
   each domino turned at random (:func:`~dominosa_lab.boards.planted.plant`); from
   N = :data:`SCALE_FROM` on, and for ``extreme`` from N =
   :data:`~dominosa_lab.boards.extreme.EXTREME_FROM` on, then one Darby swap per two dominoes,
   each kept unless fewer dominoes fit in one place only
   (:func:`~dominosa_lab.boards.singles.more_singles`: no grading, and at large N the
   cheap deductions then start; at N = 60 the capped ladder leaves tens of placements open
   instead of thousands, at N = 20 capped at ``extreme`` a median of 23 instead of 447, graded
   in half the time, on 20 planted boards).
2. *Grade, capped.* The ``full`` ladder up to the grade wanted
   (:func:`~dominosa_lab.logic.deduce`) either finishes the board or stops with
   some placements still *open* besides the planted ones. The planted tiling is
   always a solution and every deduction is sound, so finishing means: unique,
   and no harder than the grade wanted; the board's grade is exactly the one
   wanted when the hardest step it took is of that level.
3. *Swap.* Exchange the numbers of two dominoes of the planted solution, each
   turned either way (Darby's swap, :func:`~dominosa_lab.boards.swaps.swap_dominoes`):
   the planted tiling stays a solution. One of the two lies under a random open
   placement, the other is anywhere; from N = :data:`SCALE_FROM` on, with many
   placements open, several such swaps
   (one per :data:`PER_SWAP` open, at most :data:`MAX_SWAPS`) before the next grading,
   since open placements come in separate small regions that one swap each repairs.
   The new board is kept when it leaves fewer placements open, kept with probability
   :data:`SIDEWAYS` when it leaves as many, never when the ladder finishes it below the
   grade wanted. For ``extreme`` from N = :data:`~dominosa_lab.boards.extreme.EXTREME_FROM`
   on, a stuck board is scored by :func:`~dominosa_lab.boards.extreme.extreme_score`
   instead: first whether an extreme step fired, then the placements open; for the other
   levels from N = :data:`SCALE_FROM` on, by
   :func:`~dominosa_lab.boards.below.below_grade_score`: first whether a step of the grade
   wanted fired, then the placements open (there the last open region is most often a
   second solution, and repairing it on a board no such step helped gives one too easy).
4. Repeat 2-3; after ``patience`` boards graded without a better score (for the levels
   below ``extreme`` from N = :data:`SCALE_FROM` on, :data:`PATIENCE`), plant anew; for
   ``extreme`` from N = :data:`~dominosa_lab.boards.extreme.EXTREME_FROM` on, also after
   :data:`EXTREME_PATIENCE` boards graded while the board kept still has a large region open.

A finished board is counted again by the compiled engine (``count_solutions(p, limit=2,
method="fast")``), whose code is not the ladder's. On an N = 60 board it proves uniqueness in
0.06 s; dancing links, with no deductions to guide it, had not in 280 s. For ``"needs a
guess"`` the ladder is not capped, a board it finishes is never kept, and a board it leaves
stuck is measured by its solutions (the ``logic`` search counts up to :data:`COUNT_LIMIT`)
instead of its open placements: a unique board no deduction finishes has a wide open region,
so fewer open placements is the wrong way there.

Everything random comes from ``numpy.random.default_rng(seed)`` and nothing depends
on timing or on the order of sets, so a seed gives the same puzzle on every
machine; the time limit only decides whether the run gets that far.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from dominosa_lab.boards.below import below_grade_score
from dominosa_lab.boards.extreme import EXTREME_FROM, extreme_score, large_region
from dominosa_lab.boards.planted import board_name, checked_board, plant
from dominosa_lab.boards.singles import more_singles
from dominosa_lab.boards.swaps import swap_dominoes
from dominosa_lab.core.options import check_choice, check_count, check_seconds, keywords_after_first
from dominosa_lab.core.puzzle import Puzzle, Solution
from dominosa_lab.core.search import Search, SearchStats, collect
from dominosa_lab.errors import ArgumentError, PuzzleError
from dominosa_lab.logic import LEVELS, Deduced, Geometry, Grade, deduce, geometry, solutions
from dominosa_lab.logic.geometry import bits
from dominosa_lab.solvers import count_solutions
from dominosa_lab.tilings.count import BoardShape, count_tilings
from dominosa_lab.tilings.sample import exact_sampler_takes, flip_tiling, uniform_tiling

__all__ = [
    "COUNT_LIMIT",
    "EXTREME_PATIENCE",
    "GOALS",
    "HARDEST_ON_SMALL_BOARDS",
    "MAX_SWAPS",
    "NARROW",
    "PATIENCE",
    "PER_SWAP",
    "SCALE_FROM",
    "SIDEWAYS",
    "SINGLE_SWAPS",
    "Generated",
    "unique_puzzle",
]

#: The grades :func:`unique_puzzle` makes: the levels, and unique boards no deduction finishes.
GOALS = (*LEVELS, "needs a guess")

#: The hardest grade of a unique full board of double-N, where it is below ``extreme``. Found
#: by grading every board (1 at N = 0, 20 at N = 1, 34,650 at N = 2; ``tests/test_unique.py``
#: grades them again); Tatham's generator caps these sizes the same way.
HARDEST_ON_SMALL_BOARDS = {0: "trivial", 1: "trivial", 2: "basic"}

#: How often a swap that leaves the board as far from the grade wanted is kept.
SIDEWAYS = 0.3

#: The smallest N whose boards are planted with more single-placement dominoes and repaired
#: several swaps per grading. Below it a plain plant and one swap per grading make every case
#: of ``benchmarks/results/unique.md`` (up to N = 30) in seconds, and the puzzles of the seeds
#: that the notebooks, the lesson and the tests name are made there.
SCALE_FROM = 40

#: Swaps per domino that :func:`~dominosa_lab.boards.singles.more_singles` tries on a board
#: planted: at N = 60 (seed 0) a half leaves the capped ``basic`` ladder 66 placements open
#: (4,667 with none) and still needs a ``basic`` step; one per domino leaves about as many,
#: all solved by ``trivial`` steps once repaired, so the grade is missed.
SINGLE_SWAPS = 0.5

#: Swaps tried on one board before it is graded again: one per this many placements left open.
PER_SWAP = 4

#: ... and at most this many (each swap of a batch may also undo another's progress).
MAX_SWAPS = 20

#: From N = :data:`SCALE_FROM` on, the default ``patience`` of the levels below ``extreme``:
#: boards graded without progress before a new board is planted (elsewhere, twice the
#: dominoes). A board graded there takes about a second at N = 100, and a climb that found no
#: step of the grade wanted by then seldom finds one (:mod:`~dominosa_lab.boards.below`).
PATIENCE = 20

#: For ``extreme`` from N = :data:`~dominosa_lab.boards.extreme.EXTREME_FROM` on: boards graded in
#: one climb, the board kept still with a large region open, before a new board is planted. Such
#: a region closes all at once, when one swap lets a forcing chain start it, and a climb that
#: has not found that swap by then seldom does: on tuning seeds 100-109 at N = 30, 3 climbs
#: stopped at a budget of 800 boards with it and 5 without it (at 600 or 800).
EXTREME_PATIENCE = 300

#: For ``needs a guess``: solutions counted per board, at most.
COUNT_LIMIT = 20

#: Shapes whose shorter side is at most this have their tilings counted before the run, so
#: that a grade the shape cannot have is refused at once.
NARROW = 8


@dataclass(frozen=True)
class Generated:
    """A unique puzzle of the grade asked for, or how far the generator got.

    Attributes
    ----------
    status : str
        ``found``, or ``stopped`` when ``time_limit`` or ``max_nodes`` ran out first.
    puzzle, solution : Puzzle, Solution or None
        The puzzle and its one solution (None when stopped).
    grade : Grade or None
        Its grade: ``grade.level`` is the grade asked for.
    wanted : str
        The grade asked for.
    boards : int
        Boards graded (every swap tried is one).
    restarts : int
        Boards planted anew after the first.
    seconds : float
        Time taken.
    closest : int
        How close the best board came (0 when found): for a level, the fewest placements the
        capped ladder left open besides the planted ones; for ``needs a guess``, the fewest
        solutions beyond one of a board the ladder could not finish.
    reason : str
        Why the run stopped (empty when found).
    """

    status: str
    puzzle: Puzzle | None
    solution: Solution | None
    grade: Grade | None
    wanted: str
    boards: int
    restarts: int
    seconds: float
    closest: int
    reason: str = ""

    @property
    def stats(self) -> SearchStats:
        """The counters as a search reports them: ``nodes`` = boards graded, ``seconds``."""
        return SearchStats(nodes=self.boards, seconds=self.seconds)


class _Stopped(Exception):
    """The budget ran out (the reason is the message)."""


@keywords_after_first
def unique_puzzle(
    n: int,
    *,
    grade: str = "basic",
    seed: int = 0,
    shape: BoardShape | None = None,
    max_nodes: int | None = None,
    time_limit: float | None = 60.0,
    patience: int | None = None,
) -> Generated:
    """A double-``n`` puzzle with exactly one solution whose grade is ``grade``.

    Parameters
    ----------
    n : int
        The double-n set: ``(n+1)(n+2)/2`` dominoes, numbers 0..n.
    grade : str
        One of :data:`GOALS`: ``trivial``, ``basic``, ``hard``, ``extreme`` (Tatham's levels;
        at N >= 15, where his set analysis is switched off, ``hard`` is set analysis
        without doubles by :func:`~dominosa_lab.logic.wide_sets`), ``deep`` (only our
        deductions finish it) or ``needs a guess`` (unique, but no deduction finishes it).
    seed : int
        Everything random is drawn from ``numpy.random.default_rng(seed)``.
    shape : optional
        The board, as :func:`~dominosa_lab.boards.random_puzzle` takes it (a mask, rows with
        ``None`` gaps, ``(rows, cols)``); by default the ``(n+1) x (n+2)`` rectangle.
    max_nodes : int, optional
        Boards to grade before the run stops (``status="stopped"``): the generator's
        nodes, a budget that does not depend on the machine.
    time_limit : float or None
        Seconds before the run stops (``status="stopped"``); None for no limit.
    patience : int, optional
        Boards graded without progress before a new board is planted (default: twice the
        dominoes; from N = :data:`SCALE_FROM` on, for the levels below ``extreme``,
        :data:`PATIENCE`).

    Returns
    -------
    Generated
        ``status="found"`` with the puzzle, its solution and its grade; or
        ``status="stopped"`` with how far the run got.

    Raises
    ------
    ArgumentError
        For a grade that is not one of :data:`GOALS`, one no board of this size has
        (:data:`HARDEST_ON_SMALL_BOARDS`), or a bad budget or seed.
    PuzzleError
        For a negative ``n`` or a board that does not fit the set or has no tiling.

    Examples
    --------
    >>> made = unique_puzzle(6, grade="hard", seed=1)
    >>> made.status, made.grade.level, made.puzzle.name
    ('found', 'hard', 'unique-n6-hard-s1')
    >>> from dominosa_lab import count_solutions
    >>> count_solutions(made.puzzle, limit=2, method="dlx")
    SolutionCount(1, status='solved')
    """
    start = time.perf_counter()  # first: the time limit counts everything below
    if grade in ("ambiguous", "no solution"):
        raise ArgumentError(f"a board graded {grade!r} has several solutions or none; "
                            f"unique_puzzle makes boards with one (grade: {', '.join(GOALS)})")
    check_choice("grade", grade, GOALS)
    seed = check_count("seed", seed, allow_none=False, maximum=None)
    time_limit = check_seconds("time_limit", time_limit)
    max_nodes = check_count("max_nodes", max_nodes, minimum=1)
    patience = check_count("patience", patience, minimum=1)
    mask = checked_board(n, shape, pairs=True)
    _check_possible(n, grade, mask)
    run = _Run(n, grade, mask, np.random.default_rng(seed), start, time_limit, max_nodes,
               patience)
    return run.generate(board_name("unique", n, seed, shape, mask, grade.replace(" ", "-")))


def _check_possible(n: int, grade: str, mask: np.ndarray) -> None:
    """Refuse a grade that no unique board of this size or shape has: the small full boards
    (see HARDEST_ON_SMALL_BOARDS), and a narrow shape with one tiling or none (a bipartite graph
    with one perfect matching has a square with one neighbour, Lovasz and Plummer, *Matching
    Theory*, 1986, so single-placement squares, a trivial deduction, finish every numbering)."""
    full = bool(mask.all()) and sorted(mask.shape) == [n + 1, n + 2]
    hardest = HARDEST_ON_SMALL_BOARDS.get(n) if full or n == 0 else None
    why = f"no unique double-{n} board is {grade}: grading all of them, the hardest is {hardest}"
    if hardest is None and min(mask.shape) <= NARROW:
        tilings = count_tilings(mask)
        if tilings == 0:
            raise PuzzleError(f"the board of shape {mask.shape[0]}x{mask.shape[1]} has no "
                              "domino tiling, so no puzzle")
        if tilings == 1:
            hardest = "trivial"
            why = (f"a board of {grade} grade cannot be laid on this shape: it has one domino "
                   "tiling, and single-placement squares (trivial) finish every numbering")
    if hardest is not None and GOALS.index(grade) > LEVELS.index(hardest):
        choices = ", ".join(GOALS[:LEVELS.index(hardest) + 1])
        raise ArgumentError(f"{why} (choose one of {choices})")


def _sampler(mask: np.ndarray):
    """The uniform sampler where it takes the board, else the flip chain (approximate)."""
    return uniform_tiling if exact_sampler_takes(mask) else flip_tiling


class _Run:
    """One generation: the budget, the counters and the climb."""

    def __init__(self, n: int, wanted: str, mask: np.ndarray, rng: np.random.Generator,
                 start: float, time_limit: float | None, max_nodes: int | None,
                 patience: int | None) -> None:
        self.n, self.wanted, self.mask, self.rng = n, wanted, mask, rng
        self.cap = wanted if wanted in LEVELS else None
        self.extreme = wanted == "extreme" and n >= EXTREME_FROM
        self.below = self.cap is not None and not self.extreme and n >= SCALE_FROM
        self.start = start
        self.deadline = None if time_limit is None else self.start + time_limit
        self.time_limit, self.max_nodes = time_limit, max_nodes
        self.patience = patience or (PATIENCE if self.below else (n + 1) * (n + 2))
        self.boards = self.restarts = 0
        self.closest = -1

    def generate(self, name: str) -> Generated:
        sampler = _sampler(self.mask)
        try:
            while True:
                self._clock()  # a time limit of 0 stops before the first board is drawn
                rows, tiling = plant(self.mask, self.n, self.rng, sampler)
                self._clock()
                start = Solution(Puzzle(rows, max_pip=self.n), tiling)
                if self.n >= SCALE_FROM or self.extreme:
                    start = more_singles(start, self.rng, int(len(tiling) * SINGLE_SWAPS))
                found = self._climb(start)
                if found is not None:
                    return self._found(found, name)
                self.restarts += 1
        except _Stopped as stop:
            return Generated("stopped", None, None, None, self.wanted, self.boards,
                             self.restarts, self._seconds(), self.closest, str(stop))

    def _climb(self, board: Solution) -> tuple[Solution, Grade] | None:
        """Swap dominoes of ``board`` until it is unique of the grade wanted, or patience ends."""
        g = geometry(board.puzzle)
        planted = g.mask_of(board.placements)
        spare = len(g.pairs) - len(board.placements)
        score, deduced = self._score(board, spare)
        idle = graded = 0
        while score and idle < self.patience and not self._barren(graded, score, spare):
            graded += 1
            open_ = deduced.state.active & ~planted
            other = self._swap(board, g, open_, open_.bit_count() if self.cap else score)
            new_score, new_deduced = self._score(other, spare)
            idle = 0 if new_score < score else idle + 1
            if new_score < score or (new_score == score and self.rng.random() < SIDEWAYS):
                board, score, deduced = other, new_score, new_deduced
        if score:
            return None
        return board, Grade(deduced.level if self.cap else self.wanted, deduced.counts, 1)

    def _barren(self, graded: int, score: float, spare: int) -> bool:
        """Whether an ``extreme`` climb has graded :data:`EXTREME_PATIENCE` boards and still
        keeps one with a large region open (:func:`~dominosa_lab.boards.extreme.large_region`
        of the ``spare`` placements outside the planted tiling; a board no extreme step helped
        scores more)."""
        return self.extreme and graded >= EXTREME_PATIENCE and large_region(score, spare)

    def _score(self, board: Solution, spare: int) -> tuple[float, Deduced]:
        """How far ``board`` (``spare`` placements outside its planted tiling, the same for
        every board of a run) is from the grade wanted: 0 when it is there; infinity when the
        ladder finishes it below that grade (too easy); else the placements the ladder leaves
        open besides the planted ones (for ``extreme`` at N >= ``EXTREME_FROM`` ranked by
        :func:`~dominosa_lab.boards.extreme.extreme_score`, for the other levels at N >=
        ``SCALE_FROM`` by :func:`~dominosa_lab.boards.below.below_grade_score`), or for
        ``needs a guess`` the solutions beyond one."""
        self._spend()
        deduced = deduce(board.puzzle, max_level=self.cap, check=self._clock)
        if deduced.status == "solved":
            return (0 if self.cap and deduced.level == self.cap else float("inf")), deduced
        score = (deduced.state.active.bit_count() - len(board.placements) if self.cap
                 else self._solutions(deduced) - 1)
        self.closest = score if self.closest < 0 else min(self.closest, score)
        if self.extreme:
            return extreme_score(deduced, score, spare), deduced
        if self.below:
            return below_grade_score(deduced, score, self.cap), deduced
        return score, deduced

    def _solutions(self, deduced: Deduced) -> int:
        """The solutions of a board the ladder left stuck, counted up to COUNT_LIMIT."""
        search = Search(time_limit=self._left())
        found = collect(solutions(deduced.state, search), search, limit=COUNT_LIMIT)
        if found.status == "stopped":
            raise _Stopped(self._why("the time limit ran out while counting solutions"))
        return len(found.solutions)

    def _swap(self, board: Solution, g: Geometry, open_: int, score: float) -> Solution:
        """Darby's swaps of dominoes under random open placements, each with any other domino,
        turned at random: from N = :data:`SCALE_FROM` on, one per :data:`PER_SWAP` placements
        open (``score``: the placements open, or for ``needs a guess`` the solutions beyond
        one), at least one and at most :data:`MAX_SWAPS`, no domino swapped twice; else one (a
        random domino when nothing is open). ``g`` is the geometry of a board of the climb (its
        placements are the shape's, the same for every board)."""
        placements = board.placements
        rng = self.rng
        choices = bits(open_)
        owner = {cell: k for k, pl in enumerate(placements) for cell in pl.cells}
        batch = choices and self.n >= SCALE_FROM
        swaps = max(1, min(MAX_SWAPS, int(score) // PER_SWAP)) if batch else 1
        used: set[int] = set()
        for _ in range(swaps):
            if choices:
                cell = g.placements[choices[int(rng.integers(len(choices)))]].cells[
                    int(rng.integers(2))]
                i = owner[cell]
            else:
                i = int(rng.integers(len(placements)))
            j = int(rng.integers(len(placements) - 1))
            j += j >= i
            flip = bool(rng.integers(2))
            if i == j or i in used or j in used:
                continue
            used.update((i, j))
            board = swap_dominoes(board, placements[i], placements[j], flip=flip)
        return board

    def _found(self, found: tuple[Solution, Grade], name: str) -> Generated:
        board, grade = found
        puzzle = Puzzle(board.puzzle.rows, max_pip=self.n, name=name)
        count = count_solutions(puzzle, limit=2, method="fast", time_limit=self._left())
        if count.status == "stopped":
            raise _Stopped(self._why("the time limit ran out while the compiled engine counted "
                                     "the solutions of the board found"))
        if count != 1:
            raise RuntimeError(f"the deductions finished {name} but the compiled engine counts "
                               f"{int(count)} solutions: a deduction is unsound")
        return Generated("found", puzzle, Solution(puzzle, board.placements), grade, self.wanted,
                         self.boards, self.restarts, self._seconds(), 0)

    # --- the budget ------------------------------------------------------------------------

    def _spend(self) -> None:
        if self.max_nodes is not None and self.boards >= self.max_nodes:
            raise _Stopped(self._why(f"max_nodes={self.max_nodes} reached"))
        self._clock()
        self.boards += 1

    def _clock(self) -> None:
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise _Stopped(self._why(f"the time limit of {self.time_limit:g} s ran out"))

    def _left(self) -> float | None:
        return None if self.deadline is None else max(0.0, self.deadline - time.perf_counter())

    def _seconds(self) -> float:
        return time.perf_counter() - self.start

    def _why(self, what: str) -> str:
        if self.closest < 0:
            closest = ""
        elif self.cap:
            closest = f"; the closest left {self.closest} placement{'s' * (self.closest != 1)} open"
        else:
            closest = f"; the closest had {self.closest + 1} solutions"
        return (f"no unique {self.wanted} board: {what}; {self.boards} "
                f"board{'s' * (self.boards != 1)} graded "
                f"({self.restarts} planted anew){closest}")
