"""Solving by method name: solve, iter_solutions, count_solutions and is_unique.

All four take the puzzle first (a Puzzle or its rows) and every other argument by
keyword; all take the same budget (``max_nodes`` placements, ``time_limit``
seconds) and report a spent budget the same way: ``status="stopped"`` with the
counters so far, never an exception.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from dominosa_lab.core.options import check_callable, check_count, check_flag, keywords_after_first
from dominosa_lab.core.puzzle import Puzzle, PuzzleLike, Solution, as_puzzle
from dominosa_lab.core.search import (
    DEFAULT_TRACE_LIMIT,
    Progress,
    Search,
    SearchResult,
    SearchStats,
    SearchStopped,
    Status,
    collect,
)
from dominosa_lab.errors import ArgumentError, UndecidedError
from dominosa_lab.solvers.registry import DEFAULT_METHOD, MethodInfo, checked_settings, method_info

__all__ = ["SolutionCount", "Uniqueness", "count_solutions", "is_unique", "iter_solutions",
           "solve"]


@keywords_after_first
def iter_solutions(
    puzzle: PuzzleLike,
    *,
    method: str | None = None,
    search: Search | None = None,
    **settings: Any,
) -> Iterator[Solution]:
    """Stream the solutions of ``puzzle`` found by ``method`` (lazily, one at a time).

    Examples
    --------
    >>> from dominosa_lab import load
    >>> next(iter_solutions(load("mikefc-small"), method="rowscan")).is_valid()
    True
    >>> iter_solutions(load("mikefc-small"), limit=0)
    Traceback (most recent call last):
    ...
    dominosa_lab.errors.ArgumentError: iter_solutions takes no 'limit': it streams every \
solution; take the first k with itertools.islice, or call solve(puzzle, limit=k)
    """
    puzzle = as_puzzle(puzzle)
    info = method_info(method)
    misplaced = sorted(settings.keys() & _NOT_STREAMED)
    if misplaced:
        key = misplaced[0]
        raise ArgumentError(f"iter_solutions takes no {key!r}: {_NOT_STREAMED[key]}")
    settings = checked_settings(info, settings)
    return _started(info, puzzle, Search() if search is None else search, settings)


def _started(info: MethodInfo, puzzle: Puzzle, search: Search, settings: dict[str, Any]
             ) -> Iterator[Solution]:
    """The method's solutions, its setting up done at the first one asked for, after a look at
    the clock (so that a time limit of 0 stops before any work)."""
    search.check_time()
    yield from info.function(puzzle, search, **settings)


#: What :func:`iter_solutions` is sometimes given as if it were :func:`solve`, and what to do.
_NOT_STREAMED = {
    "limit": "it streams every solution; take the first k with itertools.islice, or call "
             "solve(puzzle, limit=k)",
    "max_nodes": "give it search=Search(max_nodes=...), or call solve",
    "time_limit": "give it search=Search(time_limit=...), or call solve",
}


@keywords_after_first
def solve(
    puzzle: PuzzleLike,
    *,
    method: str | None = None,
    limit: int | None = 1,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    trace: bool = False,
    trace_limit: int = DEFAULT_TRACE_LIMIT,
    progress: Progress | None = None,
    **settings: Any,
) -> SearchResult:
    """Solve a Dominosa puzzle with the method of that name.

    Parameters
    ----------
    puzzle : Puzzle or rows of numbers
        The board.
    method : str, optional
        A key of :data:`~dominosa_lab.solvers.registry.METHODS`; ``None`` is the default method.
    limit : int or None
        Stop after this many solutions; ``None`` finds them all.
    max_nodes, time_limit : optional
        The budget: placements tried, seconds. When hit, the result has
        ``status="stopped"`` and the counters so far.
    trace : bool
        Record the search's events in ``result.trace`` (at most ``trace_limit``).
    progress : callable, optional
        ``progress(stats, seconds)`` about once a second while the search runs.
    **settings
        The method's settings, e.g. ``order="mrv"`` or ``seed=1`` for ``dlx``;
        settings left as ``None`` are not passed.

    Returns
    -------
    SearchResult
        ``status`` ("solved", "no_solution", "stopped"), ``solutions``, ``stats``, ``trace``.

    Raises
    ------
    DominosaError
        For a board that is not well formed, an unknown method, a setting the
        method does not take, or an argument of the wrong type or range.

    Examples
    --------
    >>> from dominosa_lab import load, solve
    >>> r = solve(load("mikefc-small"), method="rowscan")
    >>> r.status, r.solution.is_valid()
    ('solved', True)
    >>> solve(load("mikefc-large"), method="rowscan", max_nodes=10).status
    'stopped'
    """
    info = method_info(method)
    limit = check_count("limit", limit, minimum=1)
    check_flag("trace", trace)
    check_callable("progress", progress, "a function progress(stats, seconds)")
    search = Search(max_nodes=max_nodes, time_limit=time_limit, trace=trace,
                    trace_limit=trace_limit, progress=progress, wanted=limit)
    settings = {k: v for k, v in settings.items() if v is not None}
    stream = iter_solutions(puzzle, method=info.name, search=search, **settings)
    return collect(stream, search, limit=limit, method=info.name, settings=settings)


class SolutionCount(int):
    """A number of solutions that knows whether it is exact.

    It is the int of solutions found; ``status`` says what that means:
    ``"solved"`` or ``"no_solution"`` (exact, or exactly ``limit`` when the
    count reached it), ``"stopped"`` (the budget ran out: a lower bound).
    ``stats`` are the search's counters, ``reason`` why it stopped.

    Examples
    --------
    >>> c = SolutionCount(3, "stopped", SearchStats(), "node budget of 10 exhausted")
    >>> c + 1, c.status, c.exact
    (4, 'stopped', False)
    """

    status: Status
    stats: SearchStats
    reason: str

    def __new__(cls, value: int, status: Status, stats: SearchStats,
                reason: str = "") -> SolutionCount:
        count = super().__new__(cls, value)
        count.status, count.stats, count.reason = status, stats, reason
        return count

    @property
    def exact(self) -> bool:
        """False when the budget stopped the count (the value is then a lower bound)."""
        return self.status != "stopped"

    def __repr__(self) -> str:
        return f"SolutionCount({int(self)}, status={self.status!r})"


@keywords_after_first
def count_solutions(
    puzzle: PuzzleLike,
    *,
    limit: int | None = None,
    method: str | None = None,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    **settings: Any,
) -> SolutionCount:
    """The number of solutions of ``puzzle``, counting no further than ``limit``.

    Solutions are counted, not kept. With no ``limit`` and the default method (no
    settings), they are not even listed: the board is split into independent
    components after the engine's deductions and the count is the product of theirs
    (:func:`~dominosa_lab.solvers.fast.count.count_puzzle`; ``stats.nodes`` are then the
    placements made by assumption or deduction inside components, ``stats.solutions``
    the count); a small board that deduction alone finishes before the kernels are loaded is
    counted as :func:`solve` finds it (:func:`~dominosa_lab.solvers.fast.deduced_count`).
    Otherwise the solutions of ``method`` are enumerated up to ``limit``.
    The budget works as in :func:`solve`: when it runs out the count so far comes back
    with ``status="stopped"`` (0 for a count by components, which adds up nothing before
    it ends).

    Examples
    --------
    >>> from dominosa_lab import load
    >>> count_solutions(load("tcg-n10"))
    SolutionCount(16, status='solved')
    >>> count_solutions(load("tcg-n10"), limit=2) == 2
    True
    >>> count_solutions(load("tcg-n10"), max_nodes=20).status
    'stopped'
    """
    info = method_info(method)
    limit = check_count("limit", limit, minimum=1)
    search = Search(max_nodes=max_nodes, time_limit=time_limit, wanted=limit)
    if limit is None and info.name == DEFAULT_METHOD and not settings:
        return _by_components(as_puzzle(puzzle), search)
    stream = _counted(iter_solutions(puzzle, method=info.name, search=search, **settings), limit)
    result = collect(stream, search, limit=None, method=info.name)
    return SolutionCount(len(result.solutions), result.status, result.stats, result.reason)


def _by_components(puzzle: Puzzle, search: Search) -> SolutionCount:
    """The exact count of :func:`~dominosa_lab.solvers.fast.count.count_puzzle`, or 0 and
    ``stopped`` when the budget runs out first."""
    from dominosa_lab.solvers.fast import deduced_count

    try:
        search.check_time()  # a time limit of 0 stops before the kernels are loaded
        count = deduced_count(puzzle, search)
        if count is None:
            count = _engine_count(puzzle, search)
    except SearchStopped as stop:
        search.finish()
        return SolutionCount(0, "stopped", search.stats, stop.reason)
    search.finish()
    return SolutionCount(count, "solved" if count else "no_solution", search.stats)


def _engine_count(puzzle: Puzzle, search: Search) -> int:
    """:func:`~dominosa_lab.solvers.fast.count.count_puzzle`'s count, its kernels loaded first
    (their loading set aside)."""
    from dominosa_lab.solvers.fast.count import count_puzzle
    from dominosa_lab.solvers.fast.warm import ensure_compiled

    search.set_aside(ensure_compiled())
    return count_puzzle(puzzle, search).count


def _counted(solutions: Iterator[Solution], limit: int | None) -> Iterator[None]:
    """One ``None`` per solution (so none is kept), at most ``limit`` of them."""
    for count, _ in enumerate(solutions, start=1):
        yield None
        if count == limit:
            return


class Uniqueness:
    """Whether a puzzle has exactly one solution, with the status of the search that says so.

    ``unique`` is True, False, or None when the budget ran out before a second
    solution was found or the first was proved the only one (``status="stopped"``);
    ``count`` is the :class:`SolutionCount` (up to 2) it was decided by, with its
    ``status``, ``stats`` and ``reason``. ``bool()`` of it is ``unique`` when decided and
    raises :class:`~dominosa_lab.errors.UndecidedError` when not, so that ``if is_unique(p):``
    cannot read "not known" as "not unique".

    Examples
    --------
    >>> u = Uniqueness(SolutionCount(1, "stopped", SearchStats(), "node budget of 5 exhausted"))
    >>> u.unique, u.status
    (None, 'stopped')
    >>> bool(u)
    Traceback (most recent call last):
    ...
    dominosa_lab.errors.UndecidedError: uniqueness is undecided: node budget of 5 exhausted \
before it was; read .unique (None) or give a larger budget
    """

    __slots__ = ("count",)

    def __init__(self, count: SolutionCount) -> None:
        self.count = count

    @property
    def unique(self) -> bool | None:
        """True or False when decided; None when the budget ran out first."""
        if self.count == 2 or self.count.exact:
            return self.count == 1
        return None

    @property
    def status(self) -> Status:
        """``stopped`` when the budget ran out first; else as the count's."""
        return "stopped" if self.unique is None else self.count.status

    @property
    def stats(self) -> SearchStats:
        """The counters of the search that decided it."""
        return self.count.stats

    @property
    def reason(self) -> str:
        """Why the search stopped (empty when it did not)."""
        return self.count.reason

    def __bool__(self) -> bool:
        unique = self.unique
        if unique is None:
            raise UndecidedError(f"uniqueness is undecided: {self.reason} before it was; read "
                                 ".unique (None) or give a larger budget")
        return unique

    def __repr__(self) -> str:
        return f"Uniqueness({self.unique}, status={self.status!r})"


@keywords_after_first
def is_unique(
    puzzle: PuzzleLike,
    *,
    method: str | None = None,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    **settings: Any,
) -> Uniqueness:
    """Whether ``puzzle`` has exactly one solution, with the status of the search that says so.

    The search stops at the second solution. ``.unique`` is True or False when decided, and
    None (with ``.status`` ``"stopped"``) when the budget ran out first; ``bool()`` of the
    answer is ``.unique`` when decided and raises UndecidedError when not.

    Examples
    --------
    >>> from dominosa_lab import load
    >>> bool(is_unique(load("mikefc-small"))), bool(is_unique(load("tcg-n10")))
    (True, False)
    >>> is_unique(load("mikefc-large"), method="rowscan", max_nodes=5)
    Uniqueness(None, status='stopped')
    """
    return Uniqueness(count_solutions(puzzle, limit=2, method=method, max_nodes=max_nodes,
                                      time_limit=time_limit, **settings))
