"""The solving methods, chosen by name through :data:`METHODS` and :func:`solve`.

A method is a generator function ``method(puzzle, search, **options)`` that
yields :class:`~dominosa_lab.puzzle.Solution` objects and reports every
placement to ``search`` (see :mod:`dominosa_lab.search` for the counting rule).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from dominosa_lab.puzzle import Puzzle, PuzzleError, Solution
from dominosa_lab.search import DEFAULT_TRACE_LIMIT, Search, SearchResult, collect
from dominosa_lab.solvers import collision, dlx, dominowise, human, odometer, rowscan

Method = Callable[..., Iterator[Solution]]

#: Every method by name; the notebooks loop over this.
METHODS: dict[str, Method] = {
    "rowscan": rowscan.solve,
    "dlx": dlx.solve,
    "human": human.solve,
    "collision": collision.solve,
    "odometer": odometer.solve,
    "dominowise": dominowise.solve,
}

DEFAULT_METHOD = "dlx"


def iter_solutions(
    puzzle: Puzzle | Sequence[Sequence[int | None]],
    method: str = DEFAULT_METHOD,
    search: Search | None = None,
    **options: Any,
) -> Iterator[Solution]:
    """Stream the solutions of ``puzzle`` found by ``method`` (lazily, one at a time)."""
    puzzle = puzzle if isinstance(puzzle, Puzzle) else Puzzle(puzzle)
    run = _method(method)
    _check_options(method, run, options)
    return run(puzzle, Search() if search is None else search, **options)


def solve(
    puzzle: Puzzle | Sequence[Sequence[int | None]],
    method: str = DEFAULT_METHOD,
    limit: int | None = 1,
    *,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    trace: bool = False,
    trace_limit: int = DEFAULT_TRACE_LIMIT,
    **options: Any,
) -> SearchResult:
    """Solve a Dominosa puzzle with the method of that name.

    Parameters
    ----------
    puzzle : Puzzle or rows of numbers
        The board.
    method : str
        A key of :data:`METHODS`.
    limit : int or None
        Stop after this many solutions; ``None`` finds them all.
    max_nodes, time_limit : optional
        The budget: placements tried, seconds. When hit, the result has
        ``status="stopped"`` and the counters so far.
    trace : bool
        Record the search's events in ``result.trace`` (at most ``trace_limit``).
    **options
        Passed to the method, e.g. ``order="mrv"`` or ``seed=1`` for ``dlx``;
        options left as ``None`` are not passed.

    Returns
    -------
    SearchResult
        ``status`` ("solved", "no_solution", "stopped"), ``solutions``, ``stats``, ``trace``.

    Examples
    --------
    >>> from dominosa_lab import Puzzle, solve
    >>> r = solve(Puzzle.load("mikefc-small"), method="rowscan")
    >>> r.status, r.solution.is_valid()
    ('solved', True)
    >>> solve(Puzzle.load("mikefc-large"), method="rowscan", max_nodes=10).status
    'stopped'
    """
    options = {k: v for k, v in options.items() if v is not None}
    search = Search(max_nodes=max_nodes, time_limit=time_limit, trace=trace,
                    trace_limit=trace_limit)
    stream = iter_solutions(puzzle, method, search, **options)
    return collect(stream, search, limit=limit, method=method, options=options)


def _method(name: str) -> Method:
    try:
        return METHODS[name]
    except (KeyError, TypeError):
        known = ", ".join(sorted(METHODS))
        raise PuzzleError(f"unknown method {name!r}; choose one of: {known}") from None


def _check_options(name: str, run: Method, options: dict[str, Any]) -> None:
    params = inspect.signature(run).parameters
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return
    accepted = list(params)[2:]
    for key in options:
        if key not in accepted:
            takes = ", ".join(accepted) or "no options"
            raise PuzzleError(f"method {name!r} has no option {key!r} (it takes: {takes})")
