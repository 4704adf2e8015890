"""A new search's records, made by compiled code: its state and an empty clause store.

Made here, a record reaches Python whole (numba hands back its arrays at once) and a kernel may
make one itself, as the first solution of a small board in one call does
(:mod:`~dominosa_lab.solvers.fast.first`). Made by numpy in Python, every array costs a call of
its own, and a record handed to a kernel is taken in array by array: on a small board, cold from
other processes' work, that is a large part of a first solve (``docs/engine.md``).

Examples
--------
>>> from dominosa_lab.solvers.engine.state import F_LEARN, cover_model
>>> m = cover_model([0, 2, 3, 4], [0, 1, 0, 1], [True, True])
>>> s = new_search_state(m, max_nodes=None, flags=F_LEARN, rule_max=None)
>>> s.value.tolist(), int(s.counters[0]["uncovered"]), s.left.tolist()
([-1, -1, -1], 2, [2, 2])
"""

from __future__ import annotations

import numpy as np
from numba import from_dtype

from dominosa_lab.solvers.engine.decide import schedule_restarts
from dominosa_lab.solvers.engine.jit import kernel
from dominosa_lab.solvers.engine.state import (
    COUNTERS,
    INCREMENTS,
    Clauses,
    CoverModel,
    SearchState,
)

__all__ = ["UNBOUNDED", "bound", "fresh_state", "new_clauses", "new_search_state",
           "search_records"]

#: A budget or bound that never binds (the counters are int64).
UNBOUNDED = 1 << 62
_COUNTERS, _INCREMENTS = from_dtype(COUNTERS), from_dtype(INCREMENTS)


@kernel
def fresh_state(item_start, primary, n_options, max_nodes, flags, rule_max, events):
    """The state at the start of a search over a model of ``n_options`` options whose items start
    at ``item_start`` (``primary``: 1 for an item covered exactly once): every option open,
    nothing counted, the budget and flags set; room for ``events`` logged integers."""
    p, n = n_options, item_start.shape[0] - 1
    left = (item_start[1:] - item_start[:-1]).astype(np.int64)
    counters = np.zeros(1, _COUNTERS)
    record = counters[0]
    record.uncovered = np.count_nonzero(primary)
    record.max_nodes = max_nodes
    record.flags = flags
    record.rule_max_left = rule_max
    increments = np.zeros(1, _INCREMENTS)
    increments[0].option = 1.0
    increments[0].clause = 1.0
    scratch = p + 8
    most = left.max() if n else 0
    i8, i64 = np.int8, np.int64
    return SearchState(value=np.full(p, -1, i8), reason=np.zeros(p, i8), target=np.zeros(p, i8),
                       level=np.zeros(p, i64), reason_at=np.zeros(p, i64),
                       found_at=np.zeros(p, i64),
                       mark=np.zeros(p, i64), activity=np.zeros(p), trail=np.zeros(p, i64),
                       level_start=np.zeros(p + 2, i64), left=left, cover=np.full(n, -1, i64),
                       counters=counters, increments=increments,
                       buffer=np.zeros(scratch, i64), learnt=np.zeros(scratch, i64),
                       marked=np.zeros(scratch, i64), buffer2=np.zeros(scratch, i64),
                       stack=np.zeros(scratch, i64), level_stamp=np.zeros(scratch, i64),
                       choices=np.zeros(most + 2, i64), events=np.empty(events, i64))


@kernel
def new_clauses(n_options):
    """No learned clause yet, with room for a few."""
    i64 = np.int64
    return Clauses(literals=np.empty(1 << 12, i64), start=np.zeros(256, i64),
                   length=np.zeros(256, i64), lbd=np.zeros(256, i64),
                   deleted=np.zeros(256, i64), activity=np.zeros(256),
                   watch_literal=np.empty(512, i64), watch_next=np.empty(512, i64),
                   watch_head=np.full(2 * n_options, -1, i64))


@kernel
def search_records(item_start, primary, n_options, max_nodes, flags, rule_max, events,
                   reduce_first, luby_unit):
    """The state and clause store a search driver starts from: :func:`fresh_state`, the store
    first halved at ``reduce_first`` live clauses, the first restart after ``luby_unit``
    conflicts."""
    s = fresh_state(item_start, primary, n_options, max_nodes, flags, rule_max, events)
    s.counters[0].reduce_at = reduce_first
    schedule_restarts(s, luby_unit)
    return s, new_clauses(n_options)


def new_search_state(model: CoverModel, *, max_nodes: int | None, flags: int,
                     rule_max: int | None, events: int = 2) -> SearchState:
    """:func:`fresh_state` of ``model``: no node budget and no bound on the rules when
    ``max_nodes`` and ``rule_max`` are None."""
    return fresh_state(model.item_start, model.primary, model.n_options, bound(max_nodes), flags,
                       bound(rule_max), events)


def bound(limit: int | None) -> int:
    """``limit`` as the kernels read a budget or bound: None (none) is :data:`UNBOUNDED`.

    Examples
    --------
    >>> bound(7), bound(None) == UNBOUNDED
    (7, True)
    """
    return UNBOUNDED if limit is None else limit
