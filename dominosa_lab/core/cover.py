"""The compiled exact-cover engine: conflict-driven clause learning over items and options.

The problem is the one of :mod:`~dominosa_lab.core.exact_cover` (primary items
covered exactly once, secondary items at most once), and the search is a CDCL
solver in which the exactly-one constraints are not clauses: a true option makes
every other option of its items false, and a primary item with one option left
takes it, both read straight off the item -> option lists, with the reasons of
these steps rebuilt only when a conflict is analysed. On top of that:

* the **blocked-option rule** (``rule``): an option that shares an item of class
  ``rule[i]`` with every option left to a primary item ``i``, and is not one of
  them, is false (``i`` is covered by one of them). It is generic; a problem says
  which classes it reads through. For Dominosa it is Tatham's two basic
  deductions (:func:`dominosa_lab.logic.local.domino_must_overlap` and
  :func:`~dominosa_lab.logic.local.square_single_domino`; see
  :mod:`dominosa_lab.logic.compiled`);
* learned clauses (first UIP, recursive minimisation, deletion by LBD), with two
  watched literals;
* branching on the uncovered primary item with fewest options left (ties: the
  largest summed activity), its most active option made true, preferring the
  options of the longest conflict-free assignment seen (target phase), or the
  options a caller prefers for good (:meth:`CoverSearch.prefer`);
* Luby restarts, and for every next solution a clause over the decisions that led
  to the last one (which excludes exactly it, everything else following by
  propagation).

Counting (the house rule, ``docs/architecture.md``): every option made true is a
node, a decision a choice among the options left to its item, a deduction a
choice among one, a conflict (at level 0 too) a dead end and a choice among none; an
option taken back (by a backjump, a restart or after a solution) is a backtrack when no
solution was found since it was made true. The
kernel keeps these counters itself; with ``trace=True`` it also logs every event,
and the events are replayed into the :class:`~dominosa_lab.core.search.Search`,
which then counts (the two agree: a test holds them to it). A search that learns
comes back to states it left and branches there again, so its tree can show a
state with several choices (``MethodInfo.revisits``).

The kernels are compiled by numba on first use and cached on disk
(:func:`cached` tells whether the cache is warm).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np

from dominosa_lab.core import _cover_kernel as K
from dominosa_lab.core.search import Search
from dominosa_lab.errors import ExactCoverError

__all__ = ["RULE_TABLE_MIN", "CoverModel", "CoverSearch", "cached", "class_items", "rule_table"]

#: Conflicts between two returns of the kernel (to read the clock and report progress).
SLICE = 2048
#: Models with fewer options test the blocked-option rule in full: there the table costs more
#: than it saves (``benchmarks/bench_rule_table.py``).
RULE_TABLE_MIN = 1500
#: Restarts follow Luby's sequence in units of this many conflicts.
LUBY_UNIT = 300
_DEAD_END = {
    K.C_BIN: "an item would be covered twice",
    K.C_ALO: "an item has no option left",
    K.C_CL: "a learned clause rules this state out",
    K.C_BLK: "an option clashes with every option left to an item",
    K.C_KILL: "a deduction at the start rules out an option already taken",
}


def cached(*kernels: Any) -> bool:
    """Whether numba's on-disk cache holds compiled code for every one of ``kernels`` (numba
    dispatchers, by default the engine's search kernel) for this source.

    Examples
    --------
    >>> isinstance(cached(), bool)
    True
    """
    for kernel in kernels or (K.run,):
        try:
            if not kernel._cache._cache_file._load_index():
                return False
        except (AttributeError, OSError):
            return False
    return True


def class_items(starts: np.ndarray, items: np.ndarray, klass: np.ndarray) -> np.ndarray:
    """Per item class ``c`` and option ``o``, the item of class ``c`` that ``o`` covers (-1:
    none); the row of a class that some option covers twice is -2 throughout (the
    blocked-option rule reads such a class through the option lists instead).

    Examples
    --------
    >>> class_items(np.array([0, 2, 3]), np.array([0, 1, 1]), np.array([0, 1])).tolist()
    [[0, -1], [1, 1]]
    >>> class_items(np.array([0, 2]), np.array([0, 1]), np.array([0, 0])).tolist()
    [[-2]]
    """
    n_options = starts.shape[0] - 1
    n_classes = int(klass.max()) + 1 if klass.size else 1
    owner = np.repeat(np.arange(n_options), np.diff(starts))
    one = np.full((n_classes, n_options), -1, np.int64)
    one[klass[items], owner] = items
    counts = np.bincount(owner * n_classes + klass[items], minlength=n_options * n_classes)
    one[counts.reshape(n_options, n_classes).max(axis=0, initial=0) > 1] = -2
    return one


def rule_table(ost: np.ndarray, oit: np.ndarray, ist: np.ndarray, iop: np.ndarray,
               prim: np.ndarray, rule: np.ndarray, klass: np.ndarray) -> np.ndarray:
    """The blocked-option rule's table (the kernel ``rule_table``: per item, the options that
    could be ruled out through it), on models of at least :data:`RULE_TABLE_MIN` options;
    on smaller ones an empty array (the rule then tests every item in full).

    Examples
    --------
    >>> m = CoverModel([0, 2, 3, 4], [0, 1, 0, 1], [True, True])
    >>> rule_table(*m.arrays[:7]).size
    0
    """
    if ost.shape[0] - 1 < RULE_TABLE_MIN:
        return np.zeros(0, np.int64)
    return K.rule_table(ost, oit, ist, iop, prim, rule, klass)


class CoverModel:
    """An exact-cover problem as arrays: options -> items, items -> options, item kinds.

    Parameters
    ----------
    starts, items : arrays of int
        Option ``o`` covers ``items[starts[o]:starts[o + 1]]`` (distinct items).
    primary : array of bool
        Per item: covered exactly once (True) or at most once (False).
    klass, rule : arrays of int, optional
        Per item its class, and the class through which the blocked-option rule reads
        it (-1: not at all; only primary items are read). By default no rule.

    The model also keeps ``one`` (:func:`class_items`: per class, the one item of it each
    option covers), through which the rule reads a class no option covers twice, and on
    large models the rule's table (:func:`rule_table`), through which it skips the items
    where it cannot fire.

    Examples
    --------
    >>> m = CoverModel([0, 2, 3, 4], [0, 1, 0, 1], [True, True])
    >>> m.n_options, m.n_items, m.item_options(0).tolist()
    (3, 2, [0, 1])
    """

    def __init__(self, starts: Sequence[int], items: Sequence[int], primary: Sequence[bool],
                 klass: Sequence[int] | None = None, rule: Sequence[int] | None = None) -> None:
        ost = np.ascontiguousarray(starts, dtype=np.int64)
        oit = np.ascontiguousarray(items, dtype=np.int64)
        prim = np.ascontiguousarray(primary, dtype=np.uint8)
        n_items = prim.shape[0]
        if ost.ndim != 1 or ost.shape[0] < 1 or ost[0] != 0 or ost[-1] != oit.shape[0] \
                or np.any(np.diff(ost) < 1):
            raise ExactCoverError("option starts must rise from 0 to the number of entries, "
                                  "each option covering at least one item")
        if oit.size and (oit.min() < 0 or oit.max() >= n_items):
            raise ExactCoverError(f"an option names an item outside 0..{n_items - 1}")
        lengths = np.diff(ost)
        owner = np.repeat(np.arange(lengths.shape[0], dtype=np.int64), lengths)
        order = np.argsort(oit, kind="stable")
        self.ist = np.concatenate(([0], np.cumsum(np.bincount(oit, minlength=n_items)))
                                  ).astype(np.int64)
        self.iop = owner[order]
        self.ost, self.oit, self.prim = ost, oit, prim
        self.klass = np.zeros(n_items, np.int64) if klass is None else np.asarray(klass, np.int64)
        self.rule = np.full(n_items, -1, np.int64) if rule is None else np.asarray(rule, np.int64)
        self.one = class_items(ost, oit, self.klass)
        self.arrays = (ost, oit, self.ist, self.iop, prim, self.rule, self.klass, self.one,
                       rule_table(ost, oit, self.ist, self.iop, prim, self.rule, self.klass))

    @classmethod
    def from_arrays(cls, ost: np.ndarray, oit: np.ndarray, ist: np.ndarray, iop: np.ndarray,
                    prim: np.ndarray, rule: np.ndarray, klass: np.ndarray,
                    one: np.ndarray) -> CoverModel:
        """A model from arrays already in the engine's layout (a compiled builder's output,
        ``one`` as :func:`class_items` gives it), unchecked."""
        model = cls.__new__(cls)
        model.ost, model.oit, model.ist, model.iop, model.prim = ost, oit, ist, iop, prim
        model.rule, model.klass, model.one = rule, klass, one
        model.arrays = (ost, oit, ist, iop, prim, rule, klass, one,
                        rule_table(ost, oit, ist, iop, prim, rule, klass))
        return model

    @property
    def n_options(self) -> int:
        """How many options."""
        return self.ost.shape[0] - 1

    @property
    def n_items(self) -> int:
        """How many items."""
        return self.prim.shape[0]

    def item_options(self, item: int) -> np.ndarray:
        """The options covering ``item``."""
        return self.iop[self.ist[item]:self.ist[item + 1]]


class CoverSearch:
    """One search over a :class:`CoverModel`, reporting to a :class:`Search`.

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
    """

    def __init__(self, model: CoverModel, search: Search, payload: Callable[[int], Any],
                 dead: Sequence[int] = (), learn: bool = True,
                 rule_max: int | None = None) -> None:
        self.model, self.search, self.payload = model, search, payload
        self.m = model.arrays
        p, n = model.n_options, model.n_items
        sc = np.zeros(K.N_SCALARS, np.int64)
        sc[K.UNCOV] = int(model.prim.sum())
        sc[K.MAXN] = search.max_nodes if search.max_nodes is not None else 1 << 62
        sc[K.FLAGS] = ((K.F_TRACE if search.tracing else 0) | K.F_TARGET | K.F_MINIMIZE
                       | (K.F_RESTARTS | K.F_LEARN if learn else 0))
        sc[K.LUBY] = LUBY_UNIT
        sc[K.RBUDGET] = LUBY_UNIT
        sc[K.RESTART_I] = 1
        sc[K.REDUCE_AT] = 2000
        sc[K.RULEMAX] = 1 << 62 if rule_max is None else rule_max
        v8 = np.zeros((3, p), np.int8)
        v8[K.VAL] = -1
        items = np.zeros((2, n), np.int64)
        items[K.NF] = np.diff(model.ist)
        items[K.COVER] = -1
        degree = int(items[K.NF].max()) if n else 0
        self.s = (v8, np.zeros((6, p), np.int64), np.zeros(p, np.float64), items,
                  np.zeros(p + 2, np.int64), sc, np.ones(2, np.float64),
                  np.zeros((6, p + 8), np.int64), np.zeros(degree + 2, np.int64),
                  np.empty(16 * (p + n) + 1024 if search.tracing else 2, np.int64))
        self.g = (np.empty(1 << 12, np.int64), np.zeros((4, 256), np.int64),
                  np.zeros(256, np.float64), np.empty(512, np.int64), np.empty(512, np.int64),
                  np.full(2 * p, -1, np.int64))
        self.dead = np.asarray(dead, dtype=np.int64)
        self.failed = False

    @property
    def counters(self) -> dict[str, int]:
        """The kernel's own counters: nodes, backtracks, max_depth, decisions, conflicts,
        restarts, learned (clauses), solutions."""
        sc = self.s[5]
        return {"nodes": int(sc[K.NODES]), "backtracks": int(sc[K.BTRACK]),
                "max_depth": int(sc[K.MAXDEPTH]), "decisions": int(sc[K.DEC]),
                "conflicts": int(sc[K.CONFL]), "restarts": int(sc[K.RESTARTS]),
                "learned": int(sc[K.NC]), "solutions": int(sc[K.NSOL])}

    @property
    def branching(self) -> Counter:
        """Choices made, by number of options (the kernel's count)."""
        hist = self.s[8]
        return Counter({k: int(c) for k, c in enumerate(hist) if c})

    def state(self) -> np.ndarray:
        """Per option: -1 open, 0 false, 1 true."""
        return self.s[0][K.VAL]

    def prefer(self, options: np.ndarray) -> None:
        """Make ``options`` the target phase for good: a decision makes its item's preferred
        option true first (else the most active), and the target is no longer replaced by the
        longest conflict-free assignment seen (the default target phase)."""
        v8, sc = self.s[0], self.s[5]
        v8[K.TGT] = 0
        v8[K.TGT, options] = 1
        sc[K.BEST] = self.model.n_options + 1  # longer than any assignment: never replaced

    def start(self) -> bool:
        """Level 0: dead options out, forced options in, propagation; False on a conflict."""
        return self.deduce(K.start, self.dead)

    def deduce(self, kernel: Callable[..., int], *args: Any) -> bool:
        """Level 0 by a caller's compiled deductions: ``kernel(m, s, g, *args)`` (numba; it may
        call this engine's kernels ``start``, with :attr:`dead`, ``kill`` and ``probe``) returns
        a conflict kind. False on a conflict."""
        return self._settle(kernel(self.m, self.s, self.g, *args))

    def covers(self) -> Iterator[np.ndarray]:
        """Yield each solution as the array of its options (true options), in turn."""
        search = self.search
        search.check_time()
        if self.failed:
            self._end()
            return
        deadline = search.deadline if search.deadline is not None else float("inf")
        while True:
            what, self.g = K.run(self.m, self.s, self.g, deadline, SLICE)
            self._report()
            if what == K.SOLUTION:
                yield np.flatnonzero(self.s[0][K.VAL] == 1)
                search.check_time()  # solutions may follow one another without a conflict
            elif what == K.EXHAUSTED:
                return
            elif what == K.NODE_LIMIT:
                search.check_nodes()
            else:
                search.check_time()

    def _settle(self, kind: int) -> bool:
        """After a level-0 step: report it; a conflict is a dead end, and there is no solution."""
        if kind not in (K.C_NONE, K.C_STOP):
            K.dead_end(self.s, kind)
        self._report()
        if kind == K.C_STOP:
            self.search.check_nodes()
        self.failed |= kind != K.C_NONE
        return not self.failed

    def _end(self) -> None:
        K.finish(self.m, self.s)
        self._report()

    def _report(self) -> None:
        """Replay the logged events into the search, or copy the kernel's counters to it."""
        search, sc = self.search, self.s[5]
        if not search.tracing:
            stats = search.stats
            stats.nodes, stats.backtracks = int(sc[K.NODES]), int(sc[K.BTRACK])
            stats.max_depth = int(sc[K.MAXDEPTH])
            stats.branching = self.branching
            return
        events = self.s[9][:sc[K.EN]].reshape(-1, 2)
        sc[K.EN] = 0
        for kind, value in events.tolist():
            if kind == K.E_CHOICE:
                search.choice(value)
            elif kind == K.E_PLACE:
                search.place(self.payload(value))
            elif kind == K.E_REMOVE:
                search.remove(self.payload(value))
            elif kind == K.E_DEAD:
                search.dead_end(_DEAD_END[value])
            elif kind == K.E_RESTART:
                search.note("restart: back to level 0, keeping the learned clauses")
