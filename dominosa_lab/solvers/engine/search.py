"""One search of the compiled engine over a :class:`~dominosa_lab.solvers.engine.state.CoverModel`,
reporting to a :class:`~dominosa_lab.core.search.Search` (the Python driver of
:mod:`~dominosa_lab.solvers.engine.loop`).

Counting (the house rule, ``docs/architecture.md``): every option made true is a node, a decision
a choice among the options left to its item, a deduction a choice among one, a conflict (at level
0 too) a dead end and a choice among none; an option taken back (by a backjump, a restart or after
a solution) is a backtrack when no solution was found since it was made true. The kernels keep
these counters themselves; with ``trace=True`` they also log every event, and the events are
replayed into the ``Search``, which then counts (the two agree: a test holds them to it). A search
that learns comes back to states it left and branches there again, so its tree can show a state
with several choices (``MethodInfo.revisits``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from typing import Any

import numpy as np

from dominosa_lab.core.search import Search, SearchStats
from dominosa_lab.solvers.engine import decide, loop
from dominosa_lab.solvers.engine.assign import dead_end
from dominosa_lab.solvers.engine.fresh import bound, new_clauses, new_search_state, search_records
from dominosa_lab.solvers.engine.jit import entry, signature
from dominosa_lab.solvers.engine.rules import SENTENCES
from dominosa_lab.solvers.engine.settings import SETTINGS
from dominosa_lab.solvers.engine.state import (
    C_NONE,
    C_STOP,
    E_CHOICE,
    E_DEAD,
    E_PLACE,
    E_REMOVE,
    E_RESTART,
    EXHAUSTED,
    F_LEARN,
    F_MINIMIZE,
    F_RESTARTS,
    F_TARGET,
    F_TRACE,
    NODE_LIMIT,
    SOLUTION,
    CoverModel,
    cover_model,
)

__all__ = ["CoverSearch", "report_counters", "search_flags"]

#: The counters of :attr:`CoverSearch.counters`, by their fields in the state's record.
_COUNTERS = {"nodes": "nodes", "backtracks": "backtracks", "max_depth": "max_depth",
             "decisions": "decisions", "conflicts": "conflicts", "restarts": "restarts",
             "learned": "n_clauses", "solutions": "solutions"}


@cache
def _state_and_clauses() -> tuple[bytes, ...]:
    """The :func:`~dominosa_lab.solvers.engine.jit.signature` of a new state and a new clauses
    record: the same for every model (their arrays' types are fixed), so found once."""
    model = cover_model([0, 1], [0], [True])
    state = new_search_state(model, max_nodes=None, flags=0, rule_max=None)
    return signature(state, new_clauses(1))


class CoverSearch:
    """One search over a :class:`~dominosa_lab.solvers.engine.state.CoverModel`, reporting to a
    :class:`Search`.

    Parameters
    ----------
    model : CoverModel
    search : Search
        Counters, budget and trace of the run.
    payload : callable
        ``payload(option)``: what a trace shows for an option (e.g. a Placement).
    dead : sequence of int
        Options false before the search starts (e.g. through a hole).
    learn : bool
        Clause learning with Luby restarts; without, a conflict makes the last decision
        false one level up (a depth-first search over binary choices, as DPLL), which
        is cheaper on problems whose items have many options and short refutations.
    rule_max : int, optional
        Read the blocked-option rule only on items with at most this many options left
        (a bound past which the rule cannot fire saves its cost; None: always).

    The search starts at level 0 (:meth:`start`, or a caller's own compiled deductions
    there through :meth:`deduce`) before :meth:`covers` streams the solutions.

    Examples
    --------
    >>> from dominosa_lab.solvers.engine.state import cover_model
    >>> engine = CoverSearch(cover_model([0, 2, 3, 4], [0, 1, 0, 1], [True, True]), Search(), int)
    >>> engine.start(), sorted(sorted(c.tolist()) for c in engine.covers())
    (True, [[0], [1, 2]])
    """

    def __init__(self, model: CoverModel, search: Search, payload: Callable[[int], Any],
                 dead: Sequence[int] = (), learn: bool = True,
                 rule_max: int | None = None) -> None:
        self.model, self.search, self.payload = model, search, payload
        flags = search_flags(search, learn)
        events = 16 * (model.n_options + model.n_items) + 1024 if search.tracing else 2
        #: The search's state, and its learned clauses (a
        #: :class:`~dominosa_lab.solvers.engine.state.Clauses` record).
        self.s, self.clauses = search_records(
            model.item_start, model.primary, model.n_options, bound(search.max_nodes), flags,
            bound(rule_max), events, SETTINGS.reduce_first, SETTINGS.luby_unit)
        self.dead = np.asarray(dead, dtype=np.int64)
        self.failed = False
        #: The conflict count at which a target phase preferred for a while is let go.
        self.let_go: int | None = None
        #: The conflicts without a solution after which :meth:`covers` stops and hands over.
        self.hand_over_at: int | None = None
        #: After a hand-over: the options' values at level 0 then (-1 open, 0 false, 1 true).
        self.handed_over: np.ndarray | None = None
        self._records = signature(model) + _state_and_clauses()

    @property
    def counters(self) -> dict[str, int]:
        """The kernel's own counters: nodes, backtracks, max_depth, decisions, conflicts,
        restarts, learned (clauses), solutions."""
        counters = self.s.counters[0]
        return {name: int(counters[field]) for name, field in _COUNTERS.items()}

    @property
    def branching(self) -> Counter:
        """Choices made, by number of options (the kernel's count)."""
        return _branching(self.s.choices)

    def state(self) -> np.ndarray:
        """Per option: -1 open, 0 false, 1 true."""
        return self.s.value

    def prefer(self, options: np.ndarray, conflicts: int | None = None) -> None:
        """Make ``options`` the target phase for good, or for the next ``conflicts`` conflicts
        (then the longest conflict-free assignment is the target again).

        See :func:`~dominosa_lab.solvers.engine.decide.prefer`.
        """
        decide.prefer(self.s, options)
        done = int(self.s.counters["conflicts"][0])
        self.let_go = None if conflicts is None else done + conflicts

    def start(self) -> bool:
        """Level 0: dead options out, forced options in, propagation; False on a conflict."""
        return self.deduce(loop.start, self.dead)

    def deduce(self, kernel: Callable[..., int], *args: Any) -> bool:
        """Level 0 by a caller's compiled deductions: ``kernel(m, s, g, *args)`` (numba; it may
        call :func:`~dominosa_lab.solvers.engine.loop.start`, with :attr:`dead`,
        :func:`~dominosa_lab.solvers.engine.loop.kill` and
        :func:`~dominosa_lab.solvers.engine.loop.probe`) returns a conflict kind. False on a
        conflict."""
        return self._settle(self._entry(kernel, *args)(self.model, self.s, self.clauses, *args))

    def covers(self) -> Iterator[np.ndarray]:
        """Yield each solution as the array of its options (true options), in turn."""
        search = self.search
        search.check_time()
        if self.failed:
            self._end()
            return
        deadline = search.deadline if search.deadline is not None else float("inf")
        run = self._entry(loop.run, deadline, SETTINGS.slice_conflicts)
        while not self._hands_over():
            what, grown = run(self.model, self.s, self.clauses, deadline, self._slice())
            if grown is not None:
                self.clauses = grown
            self._report()
            if what == SOLUTION:
                yield np.flatnonzero(self.s.value == 1)
                search.check_time()  # solutions may follow one another without a conflict
            elif what == EXHAUSTED:
                return
            elif what == NODE_LIMIT:
                search.check_nodes()
            else:
                search.check_time()

    def _slice(self) -> int:
        """The conflicts the kernel may take before it returns: ``slice_conflicts``
        (:data:`~dominosa_lab.solvers.engine.settings.SETTINGS`), or fewer to let
        a preferred target phase go (:meth:`prefer`) or hand over (:attr:`hand_over_at`) on
        time."""
        done = int(self.s.counters["conflicts"][0])
        if self.let_go is not None and done >= self.let_go:
            decide.let_go(self.s)
            self.let_go = None
        marks = [mark - done for mark in (self.let_go, self.hand_over_at)
                 if mark is not None and mark > done]
        return min([SETTINGS.slice_conflicts, *marks])

    def _hands_over(self) -> bool:
        """Whether the conflicts of :attr:`hand_over_at` are spent with no solution found: then
        the level-0 values are kept in :attr:`handed_over` and everything placed taken back."""
        counters = self.s.counters[0]
        if self.hand_over_at is None or counters["conflicts"] < self.hand_over_at \
                or counters["solutions"]:
            return False
        self.handed_over = np.where((self.s.value != -1) & (self.s.level == 0), self.s.value, -1)
        self._end()
        return True

    def _entry(self, kernel: Any, *args: Any) -> Callable[..., Any]:
        """``kernel``'s entry point for this engine's records followed by ``args``
        (:func:`~dominosa_lab.solvers.engine.jit.entry`)."""
        records = (self.model, self.s, self.clauses)
        return entry(kernel, self._records + signature(*args), (*records, *args))

    def _settle(self, kind: int) -> bool:
        """After a level-0 step: report it; a conflict is a dead end, and there is no solution."""
        if kind not in (C_NONE, C_STOP):
            dead_end(self.s, kind)
        self._report()
        if kind == C_STOP:
            self.search.check_nodes()
        self.failed |= kind != C_NONE
        return not self.failed

    def _end(self) -> None:
        loop.finish(self.model, self.s)
        self._report()

    def _report(self) -> None:
        """Replay the logged events into the search, or copy the kernel's counters to it."""
        search, counters = self.search, self.s.counters[0]
        if not search.tracing:
            report_counters(search.stats, self.s.counters, self.s.choices)
            return
        events = self.s.events[:counters["n_events"]].reshape(-1, 2)
        counters["n_events"] = 0
        for kind, value in events.tolist():
            if kind == E_CHOICE:
                search.choice(value)
            elif kind == E_PLACE:
                search.place(self.payload(value))
            elif kind == E_REMOVE:
                search.remove(self.payload(value))
            elif kind == E_DEAD:
                search.dead_end(SENTENCES[value])
            elif kind == E_RESTART:
                search.note("restart: back to level 0, keeping the learned clauses")


def search_flags(search: Search, learn: bool = True) -> int:
    """The kernels' flags of a search reporting to ``search``: traced or not, with clause
    learning and restarts or not (``learn``), with a target phase and minimised clauses."""
    return ((F_TRACE if search.tracing else 0) | F_TARGET | F_MINIMIZE
            | (F_RESTARTS | F_LEARN if learn else 0))


def report_counters(stats: SearchStats, counters: np.ndarray, choices: np.ndarray) -> None:
    """Copy a kernel's counters (a state's ``counters`` and ``choices``) to ``stats``: nodes,
    backtracks, the deepest level, the choices by number of options."""
    record = counters[0]
    stats.nodes, stats.backtracks = int(record["nodes"]), int(record["backtracks"])
    stats.max_depth = int(record["max_depth"])
    stats.branching = _branching(choices)


def _branching(choices: np.ndarray) -> Counter:
    """Choices made, by number of options, from a state's ``choices``."""
    return Counter({k: c for k, c in enumerate(choices.tolist()) if c})
