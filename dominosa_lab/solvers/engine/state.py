"""The engine's records and their constants: the model (read only), the search state (changed in
place) and the learned clauses (grown), as named tuples of numpy arrays.

numba compiles a named tuple's field access to the same code as a plain tuple's item access, so
the kernels read ``s.value[q]`` and ``m.item_options[j]`` at no cost. This module imports no
numba: the model is built by plain numpy, a search's state and clause store by compiled code
(:mod:`~dominosa_lab.solvers.engine.fresh`).

A literal is ``2 * option + 1`` for "the option is false" and ``2 * option`` for "it is true".

Examples
--------
>>> m = cover_model([0, 2, 3, 4], [0, 1, 0, 1], [True, True])
>>> m.n_options, m.n_items, m.options_of(1).tolist()
(3, 2, [0, 2])
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from dominosa_lab.core.exact_cover import ExactCover
from dominosa_lab.errors import ExactCoverError

__all__ = [
    "COUNTERS",
    "INCREMENTS",
    "NO_CONFLICT",
    "Clauses",
    "Conflict",
    "CoverModel",
    "SearchState",
    "class_items",
    "cover_model",
    "from_exact_cover",
]

# why an option got its value (SearchState.reason); a rule's code is in its row (engine.rules)
R_DEC, R_BIN, R_ALO, R_CL, R_FACT = 0, 1, 2, 3, 5
# conflict kinds (also the value of a dead-end event); a rule's conflict is its code
C_NONE, C_BIN, C_ALO, C_CL, C_STOP, C_KILL = 0, 1, 2, 3, 5, 6
# events: (kind, value) pairs in SearchState.events
E_CHOICE, E_PLACE, E_REMOVE, E_DEAD, E_SOLUTION, E_RESTART = 0, 1, 2, 3, 4, 5
# what a run of the search returns
SOLUTION, EXHAUSTED, NODE_LIMIT, TICK = 0, 1, 2, 3
# flags (the bits of the counter ``flags``)
F_TRACE, F_RESTARTS, F_TARGET, F_MINIMIZE, F_LEARN = 1, 2, 4, 8, 16

#: The counters, budget and flags of a search: the record of ``SearchState.counters``, one int64
#: field each (the kernels read ``s.counters[0].level``: numba passes the record by reference).
COUNTERS = np.dtype([(name, np.int64) for name in (
    "trail_len",  # options on the trail
    "queue_head",  # where propagation reads the trail next
    "level",  # the decision level
    "n_true",  # options true
    "uncovered",  # primary items not covered
    "nodes",  # options made true (the house rule's nodes)
    "backtracks",  # placements taken back with no solution found since they were made
    "decisions",
    "conflicts",
    "restarts",
    "solutions",
    "n_clauses",  # learned clauses stored (deleted ones too)
    "n_literals",  # their literals
    "live_clauses",  # learned clauses not deleted
    "reduce_at",  # the live clauses at which the store is halved next
    "restart_index",  # the term of Luby's sequence that set the restart budget
    "restart_budget",  # the conflicts between the last restart and the next
    "since_restart",  # conflicts since the last restart
    "max_depth",  # the most options true at once
    "best",  # options true in the target phase (the longest conflict-free assignment)
    "n_events",  # integers logged in SearchState.events
    "after_solution",  # 1: a solution was returned; the next run excludes it first
    "max_nodes",  # the node budget
    "flags",  # the F_ bits
    "restart_unit",  # conflicts of Luby's unit
    "stamp",  # the last stamp of SearchState.level_stamp (a clause's LBD)
    "silent",  # 1: probing; nothing counted or logged
    "rule_max_left",  # the rules read items with at most this many options left
    "done",  # 1: the search is over
)], align=True)
#: The activity bumps of ``SearchState.increments``: of an option, of a clause.
INCREMENTS = np.dtype([("option", np.float64), ("clause", np.float64)], align=True)


class Conflict(NamedTuple):
    """A conflict as propagation finds it, by ``kind``: an option true that a step finds false
    (``C_BIN``: ``at`` the option made true, ``option`` another true option of one of its items;
    a rule's code: ``at`` the item the rule fired at, ``option`` the true option it rules out),
    an item with no option left (``C_ALO``: ``at`` the item), a learned clause with every
    literal false (``C_CL``: ``at`` the clause); ``C_NONE``, none (:data:`NO_CONFLICT`);
    ``C_STOP``, the node budget is spent. Fields a kind does not name are 0. numba compiles it
    as a tuple of three integers."""

    kind: int
    at: int
    option: int


#: No conflict.
NO_CONFLICT = Conflict(C_NONE, 0, 0)


class CoverModel(NamedTuple):
    """An exact-cover problem as arrays (CSR both ways), read only by the kernels.

    Option ``o`` covers ``option_items[option_start[o]:option_start[o + 1]]``; item ``i`` is
    covered by ``item_options[item_start[i]:item_start[i + 1]]``; ``primary[i]`` is 1 for an item
    covered exactly once (0: at most once). ``klass`` is each item's class and ``rule`` the class
    through which the blocked-option rule reads it (-1: not at all); ``one`` (:func:`class_items`)
    per class and option the one item of that class the option covers; ``table`` the rule's table
    (``rule.rule_table``; empty on small models). Build one with :func:`cover_model`.
    """

    option_start: np.ndarray
    option_items: np.ndarray
    item_start: np.ndarray
    item_options: np.ndarray
    primary: np.ndarray
    rule: np.ndarray
    klass: np.ndarray
    one: np.ndarray
    table: np.ndarray

    @property
    def n_options(self) -> int:
        """How many options."""
        return self.option_start.shape[0] - 1

    @property
    def n_items(self) -> int:
        """How many items."""
        return self.primary.shape[0]

    def options_of(self, item: int) -> np.ndarray:
        """The options covering ``item``."""
        return self.item_options[self.item_start[item]:self.item_start[item + 1]]

    def items_of(self, option: int) -> np.ndarray:
        """The items ``option`` covers."""
        return self.option_items[self.option_start[option]:self.option_start[option + 1]]


class SearchState(NamedTuple):
    """The search state, changed in place by the kernels (not the deductions' board state,
    :class:`~dominosa_lab.logic.State`).

    Per option: ``value`` (-1 open, 0 false, 1 true), ``reason`` (a kind's code), ``target`` (1 in
    the target phase), ``level`` (decision level of the value), ``reason_at`` (the reason's item,
    option or clause, as :class:`Conflict`'s ``at``), ``found_at`` (solutions found when made
    true), ``mark`` (conflict analysis), ``activity``; ``trail`` (options in the order they got a
    value) and ``level_start`` (where each level starts on it). Per item: ``left`` (options not
    false) and ``cover`` (the true option, -1 none). ``counters`` (one record of :data:`COUNTERS`:
    the counters, the budget, the flags) and ``increments`` (one of :data:`INCREMENTS`), each an
    array of length 1; the scratch rows of conflict analysis (``buffer``, ``learnt``, ``marked``,
    ``buffer2``, ``stack``, ``level_stamp``), ``choices`` (choices made by number of options) and
    ``events`` (the trace's log of (kind, value) pairs).
    """

    value: np.ndarray
    reason: np.ndarray
    target: np.ndarray
    level: np.ndarray
    reason_at: np.ndarray
    found_at: np.ndarray
    mark: np.ndarray
    activity: np.ndarray
    trail: np.ndarray
    level_start: np.ndarray
    left: np.ndarray
    cover: np.ndarray
    counters: np.ndarray
    increments: np.ndarray
    buffer: np.ndarray
    learnt: np.ndarray
    marked: np.ndarray
    buffer2: np.ndarray
    stack: np.ndarray
    level_stamp: np.ndarray
    choices: np.ndarray
    events: np.ndarray


class Clauses(NamedTuple):
    """The learned clauses: their literals end to end and, per clause, ``start``, ``length``,
    ``lbd``, ``deleted`` and ``activity``; two watches per clause (slot ``2c + w``: its
    ``watch_literal`` and the ``watch_next`` slot watching the same literal) and the first slot
    watching each literal (``watch_head``). Kernels that add a clause return the record grown."""

    literals: np.ndarray
    start: np.ndarray
    length: np.ndarray
    lbd: np.ndarray
    deleted: np.ndarray
    activity: np.ndarray
    watch_literal: np.ndarray
    watch_next: np.ndarray
    watch_head: np.ndarray


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


def cover_model(starts, items, primary, klass=None, rule=None, *,
                table: np.ndarray | None = None) -> CoverModel:
    """A checked :class:`CoverModel` from option lists: ``starts`` / ``items`` (option ``o``
    covers ``items[starts[o]:starts[o + 1]]``, distinct items), ``primary`` per item, and
    optionally ``klass`` and ``rule`` per item (default: one class, no rule) and the rule's
    ``table`` (default: none, the rule then tests every item in full).

    Raises
    ------
    ExactCoverError
        If the starts do not rise from 0 to the number of entries, an option is empty or an
        item is out of range.

    Examples
    --------
    >>> m = cover_model([0, 2, 3, 4], [0, 1, 0, 1], [True, True])
    >>> m.n_options, m.n_items, m.options_of(0).tolist()
    (3, 2, [0, 1])
    """
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
    owner = np.repeat(np.arange(ost.shape[0] - 1, dtype=np.int64), np.diff(ost))
    ist = np.concatenate(([0], np.cumsum(np.bincount(oit, minlength=n_items)))).astype(np.int64)
    klass = np.zeros(n_items, np.int64) if klass is None else np.asarray(klass, np.int64)
    rule = np.full(n_items, -1, np.int64) if rule is None else np.asarray(rule, np.int64)
    return CoverModel(option_start=ost, option_items=oit, item_start=ist,
                      item_options=owner[np.argsort(oit, kind="stable")], primary=prim,
                      rule=rule, klass=klass, one=class_items(ost, oit, klass),
                      table=np.zeros(0, np.int64) if table is None else table)


def from_exact_cover(problem: ExactCover, primary=None) -> CoverModel:
    """The engine's model of an :class:`~dominosa_lab.core.exact_cover.ExactCover` (its options
    in order, its primary items primary unless ``primary`` says per item otherwise).

    Examples
    --------
    >>> from dominosa_lab.core.exact_cover import ExactCover
    >>> m = from_exact_cover(ExactCover(2, 1, [[0, 2], [1, 2], [0], [1]]))
    >>> m.n_options, m.primary.tolist(), m.items_of(1).tolist()
    (4, [1, 1, 0], [1, 2])
    """
    arrays = problem.arrays
    return cover_model(arrays.option_starts, arrays.option_items,
                       arrays.primary if primary is None else primary)
