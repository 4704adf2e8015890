"""Search bookkeeping shared by every method: counters, budget, trace.

Every solver receives a :class:`Search` and reports to it with four calls:

* :meth:`Search.choice` when it is about to branch among ``k`` options;
* :meth:`Search.place` each time it puts one piece on the board (one *node*);
* :meth:`Search.remove` each time it takes one back off;
* :meth:`Search.found` when the board is complete.

From these the search derives the counters of the house counting rule
(``nodes`` = placements tried, ``backtracks`` = placements undone whose subtree
held no solution, ``branching[k]`` = choices made among ``k`` options), keeps a
bounded trace when asked, and enforces the node and time budget by raising
:class:`SearchStopped`, which :func:`dominosa_lab.solve` turns into
``status="stopped"`` with the counters intact.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

from dominosa_lab.core.options import check_count, check_seconds
from dominosa_lab.core.puzzle import Cell, Domino

__all__ = [
    "CLOCK_GAP",
    "DEFAULT_TRACE_LIMIT",
    "Event",
    "Progress",
    "Refutation",
    "Search",
    "SearchResult",
    "SearchStats",
    "SearchStopped",
    "Status",
    "clock_pace",
    "collect",
]

EventKind = Literal["choice", "place", "remove", "dead_end", "solution", "note"]
Status = Literal["solved", "no_solution", "stopped"]

DEFAULT_TRACE_LIMIT = 100_000
#: The most placements between two readings of the wall clock; fewer when placements are slow, so
#: that the clock is read about every :data:`CLOCK_GAP` seconds (a time limit then holds to that).
_CLOCK_EVERY = 256
#: The seconds between two readings of the clock that a search aims at (:func:`clock_pace`).
CLOCK_GAP = 0.002


def clock_pace(every: int, gap: float, most: int) -> int:
    """The steps to the next reading of the clock, after ``every`` steps took ``gap`` seconds:
    twice as many when that was under :data:`CLOCK_GAP`, else half as many (from 1 to ``most``).
    The Python searches and the compiled ones (which compile this function) pace their clock so.

    Examples
    --------
    >>> [clock_pace(8, 1e-5, 64), clock_pace(8, 0.1, 64), clock_pace(64, 1e-5, 64)]
    [16, 4, 64]
    """
    if gap < CLOCK_GAP:
        return min(2 * every, most)
    return max(every // 2, 1)

#: A progress callback: called with the counters so far and the seconds elapsed.
Progress = Callable[["SearchStats", float], None]


class SearchStopped(Exception):
    """Raised inside a solver when the node or time budget is exhausted."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Event:
    """One step of a traced search.

    ``kind`` is ``choice``, ``place``, ``remove``, ``dead_end``, ``solution`` or ``note``;
    ``item`` is what was placed or removed (a Placement for Dominosa);
    ``depth`` is the number of pieces on the board after the event;
    ``node`` is the node counter at the time of the event;
    ``backtrack`` tells, for ``remove``, whether the removal was a backtrack;
    ``text`` explains a ``dead_end`` or ``note``;
    ``options`` is, for ``choice``, the number of options the search is about to
    branch among (the ``k`` of :meth:`Search.choice`; 0 for every other kind).
    """

    kind: EventKind
    item: Any = None
    depth: int = 0
    node: int = 0
    backtrack: bool = False
    text: str = ""
    options: int = 0


@dataclass
class SearchStats:
    """The counters every method reports (see the module docstring)."""

    nodes: int = 0
    backtracks: int = 0
    max_depth: int = 0
    solutions: int = 0
    seconds: float = 0.0
    branching: Counter = field(default_factory=Counter)

    @property
    def choices(self) -> int:
        """Number of choices made among more than one option."""
        return sum(count for k, count in self.branching.items() if k > 1)

    def as_dict(self) -> dict[str, Any]:
        """The counters as a flat dict (``branching`` as a plain dict)."""
        return {
            "nodes": self.nodes,
            "backtracks": self.backtracks,
            "max_depth": self.max_depth,
            "solutions": self.solutions,
            "seconds": self.seconds,
            "branching": dict(sorted(self.branching.items())),
        }


@dataclass(frozen=True)
class Refutation:
    """Why a board has no solution, in terms a person can check.

    Attributes
    ----------
    squares : tuple of Cell
        The region: squares that cannot all be covered, each by a different domino.
    dominoes : tuple of Domino
        Dominoes that cannot all be placed as well (the argument may need some).
    steps : tuple of str
        The deductions, in order, that rule out the placements the argument needs gone.
    text : str
        The argument's conclusion in one sentence.
    kind : str
        ``"deduction"`` (the steps end with a square or domino with no place left),
        ``"region"`` (an exhaustive search of the region's placements left finds no way
        to cover it; the sentence says whether a way appears without any one square) or
        ``"core"`` (a region and dominoes: no way to cover the one while placing each of the
        others; the squares are the region's and those of the dominoes' placements left).

    Examples
    --------
    >>> r = Refutation(((0, 0),), (), (), "square (0,0) has no placement left", "deduction")
    >>> print(r)
    square (0,0) has no placement left
    """

    squares: tuple[Cell, ...]
    dominoes: tuple[Domino, ...]
    steps: tuple[str, ...]
    text: str
    kind: Literal["deduction", "region", "core"] = "deduction"

    def __str__(self) -> str:
        return "\n".join([*self.steps, self.text])


#: A method's way to explain a "no_solution" it proved: called when asked, with no argument (the
#: method's own time to look) or with ``time_limit`` (seconds, None for no limit).
Explain = Callable[..., "Refutation | None"]


@dataclass
class SearchResult:
    """What a solve returns: status, solutions, counters and (optionally) the trace.

    ``settings`` are the method's settings the solve was given (e.g. ``{"order": "mrv"}``);
    ``reason`` says why a search stopped; :attr:`refutation` why there is no solution.
    """

    status: Status
    solutions: list
    stats: SearchStats
    trace: list[Event] | None = None
    method: str = ""
    settings: dict[str, Any] = field(default_factory=dict)
    reason: str = ""
    explain: Explain | None = field(default=None, repr=False, compare=False)
    _refuted: list = field(default_factory=list, init=False, repr=False, compare=False)

    @property
    def solution(self):
        """The first solution, or ``None``."""
        return self.solutions[0] if self.solutions else None

    @property
    def refutation(self) -> Refutation | None:
        """Why there is no solution (a :class:`Refutation`), when the status is
        ``no_solution`` and the method can say; found on first use and kept."""
        if self.status != "no_solution" or self.explain is None:
            return None
        if not self._refuted:
            self._refuted.append(self.explain())
        return self._refuted[0]

    def __repr__(self) -> str:
        return (
            f"SearchResult(method={self.method!r}, status={self.status!r}, "
            f"solutions={len(self.solutions)}, nodes={self.stats.nodes}, "
            f"backtracks={self.stats.backtracks}, seconds={self.stats.seconds:.4f})"
        )


class Search:
    """Counters, budget and trace recorder for one solver run.

    Parameters
    ----------
    max_nodes : int, optional
        Stop (raise :class:`SearchStopped`) when this many placements have been tried.
    time_limit : float, optional
        Stop after this many seconds of wall time.
    trace : bool
        Record :class:`Event` objects in :attr:`events`.
    trace_limit : int
        At most this many events are kept; a final ``note`` says the trace was truncated.
    progress : callable, optional
        ``progress(stats, seconds)``, called about every ``progress_every`` seconds
        while the search runs (the command line prints it; the library never does).
    progress_every : float
        Seconds between two calls of ``progress``; the first call comes after that long.
    wanted : int, optional
        How many solutions the caller takes at most (``None``: all, or not known): a method may
        set up for no more (``fast`` finds a small board's first solution in one call only
        when one is wanted or the number is not known).

    Examples
    --------
    >>> s = Search(max_nodes=10)
    >>> s.choice(2); s.place("a"); s.remove("a"); s.stats.backtracks
    1
    """

    def __init__(
        self,
        *,
        max_nodes: int | None = None,
        time_limit: float | None = None,
        trace: bool = False,
        trace_limit: int = DEFAULT_TRACE_LIMIT,
        progress: Progress | None = None,
        progress_every: float = 1.0,
        wanted: int | None = None,
    ) -> None:
        self.max_nodes = check_count("max_nodes", max_nodes)
        self.wanted = check_count("wanted", wanted, minimum=1)
        self.time_limit = check_seconds("time_limit", time_limit)
        trace_limit = check_count("trace_limit", trace_limit, allow_none=False)
        self.stats = SearchStats()
        self.events: list[Event] | None = [] if trace else None
        self.trace_limit = trace_limit
        self.truncated = False
        self._start = time.perf_counter()
        self._deadline = None if time_limit is None else self._start + self.time_limit
        self._progress = progress
        self._progress_every = check_seconds("progress_every", progress_every)
        self._next_report = self._start + self._progress_every
        self._clocked = self._deadline is not None or progress is not None
        self._clock_at = 0  # the node count at which the clock is read next
        self._clock_every = 1  # placements between two readings, doubled while they are quick
        self._clock_read = self._start
        self._depth = 0
        self._found_at: list[int] = []  # solutions count when each open placement was made
        #: Set by a method that can explain a "no_solution" it proves (see SearchResult).
        self.explain: Explain | None = None

    @property
    def depth(self) -> int:
        """Number of pieces currently placed."""
        return self._depth

    @property
    def tracing(self) -> bool:
        """Whether events are being recorded."""
        return self.events is not None

    @property
    def deadline(self) -> float | None:
        """The ``time.perf_counter()`` reading at which the time budget runs out (or None)."""
        return self._deadline

    def elapsed(self) -> float:
        """Seconds since the search started, less any :meth:`set_aside`."""
        return time.perf_counter() - self._start

    def set_aside(self, seconds: float) -> None:
        """Charge ``seconds`` just spent on something other than the search (compiling a
        method's kernels, once per install) neither to the time limit nor to ``seconds``.

        Examples
        --------
        >>> s = Search(time_limit=1.0)
        >>> before = s.deadline
        >>> s.set_aside(2.5)
        >>> round(s.deadline - before, 6), s.elapsed() < 0
        (2.5, True)
        """
        self._start += seconds
        self._next_report += seconds
        if self._deadline is not None:
            self._deadline += seconds

    def choice(self, k: int) -> None:
        """Record a choice among ``k`` options (``k == 0`` is a dead end); traced as ``choice``."""
        self.stats.branching[k] += 1
        if self.events is not None:
            self._record("choice", None, options=k)

    def place(self, item: Any = None) -> None:
        """Record one placement tried; enforce the budget."""
        self.check_nodes()
        stats = self.stats
        if self._clocked and stats.nodes >= self._clock_at:  # the first placement included
            self._pace()
            self.check_time()
        stats.nodes += 1
        self._depth += 1
        self._found_at.append(stats.solutions)
        if self._depth > stats.max_depth:
            stats.max_depth = self._depth
        if self.events is not None:
            self._record("place", item)

    def remove(self, item: Any = None) -> None:
        """Record a placement taken back; it is a backtrack if its subtree found nothing."""
        self._depth -= 1
        backtrack = self._found_at.pop() == self.stats.solutions
        if backtrack:
            self.stats.backtracks += 1
        if self.events is not None:
            self._record("remove", item, backtrack=backtrack)

    def dead_end(self, text: str = "", item: Any = None) -> None:
        """Record (in the trace only) why the current state cannot be completed."""
        if self.events is not None:
            self._record("dead_end", item, text=text)

    def note(self, text: str, item: Any = None) -> None:
        """Record (in the trace only) a remark, e.g. why a move was forced."""
        if self.events is not None:
            self._record("note", item, text=text)

    def found(self, item: Any = None) -> None:
        """Record a complete solution."""
        self.stats.solutions += 1
        if self.events is not None:
            self._record("solution", item)

    def check_nodes(self) -> None:
        """Raise :class:`SearchStopped` if the node budget is spent (no room for one more)."""
        if self.max_nodes is not None and self.stats.nodes >= self.max_nodes:
            raise SearchStopped(f"node budget of {self.max_nodes} exhausted")

    def _pace(self) -> None:
        """Set when the clock is read next: twice as many placements on when the last ones took
        less than :data:`CLOCK_GAP`, half as many when they took more."""
        now = time.perf_counter()
        self._clock_every = clock_pace(self._clock_every, now - self._clock_read, _CLOCK_EVERY)
        self._clock_read = now
        self._clock_at = self.stats.nodes + self._clock_every

    def check_time(self) -> None:
        """Raise :class:`SearchStopped` if the time budget is spent; report progress when due."""
        now = time.perf_counter()
        if self._progress is not None and now >= self._next_report:
            self._next_report = now + self._progress_every
            self._progress(self.stats, now - self._start)
        if self._deadline is not None and now >= self._deadline:
            raise SearchStopped(f"time limit of {self.time_limit:g} s exhausted")

    def finish(self) -> None:
        """Freeze the elapsed time into the stats."""
        self.stats.seconds = self.elapsed()

    def _record(self, kind: EventKind, item: Any, backtrack: bool = False, text: str = "",
                options: int = 0) -> None:
        events = self.events
        if len(events) >= self.trace_limit:
            if not self.truncated:
                self.truncated = True
                events.append(
                    Event("note", None, self._depth, self.stats.nodes,
                          text=f"trace truncated after {self.trace_limit} events")
                )
            return
        events.append(Event(kind, item, self._depth, self.stats.nodes, backtrack, text, options))


def collect(
    solutions: Iterator[Any],
    search: Search,
    limit: int | None = 1,
    method: str = "",
    settings: dict[str, Any] | None = None,
) -> SearchResult:
    """Drain a solver's solution stream into a :class:`SearchResult`.

    Takes at most ``limit`` solutions (all when ``None``); a :class:`SearchStopped`
    raised by the budget ends the run with ``status="stopped"`` and the counters so far.

    Examples
    --------
    >>> def two(search):
    ...     for x in "ab":
    ...         search.place(x); search.found(x); yield x; search.remove(x)
    >>> s = Search()
    >>> collect(two(s), s, limit=None).solutions
    ['a', 'b']
    """
    limit = check_count("limit", limit, minimum=1)
    found: list[Any] = []
    status: Status = "no_solution"
    reason = ""
    try:
        search.check_time()  # a time limit of 0 stops before the method's first step
        for sol in solutions:
            found.append(sol)
            if limit is not None and len(found) >= limit:
                break
        status = "solved" if found else "no_solution"
    except SearchStopped as stop:
        status, reason = "stopped", stop.reason
    finally:
        close = getattr(solutions, "close", None)
        if close is not None:
            close()
    search.finish()
    return SearchResult(status, found, search.stats, search.events, method, settings or {}, reason,
                        search.explain)
