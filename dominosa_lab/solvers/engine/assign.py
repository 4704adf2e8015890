"""Assignments on the trail: an option made true or false, levels opened and undone, and the
counting of nodes, backtracks, choices and events (the house rule,
:mod:`~dominosa_lab.solvers.engine.search`)."""

from dominosa_lab.solvers.engine.jit import bare
from dominosa_lab.solvers.engine.state import (
    E_CHOICE,
    E_DEAD,
    E_PLACE,
    E_REMOVE,
    F_TRACE,
    R_DEC,
)

__all__ = ["backjump", "choice", "dead_end", "event", "make_false", "make_true", "new_level"]


@bare
def event(s, kind, value):
    """Log one event when tracing (the log has room: the search returns before it fills)."""
    counters = s.counters[0]
    if (counters.flags & F_TRACE) != 0 and counters.silent == 0:
        s.events[counters.n_events] = kind
        s.events[counters.n_events + 1] = value
        counters.n_events += 2


@bare
def choice(s, k):
    """Count (and log) a choice among k options."""
    if s.counters[0].silent != 0:
        return
    hist = s.choices
    hist[min(k, hist.shape[0] - 1)] += 1
    event(s, E_CHOICE, k)


@bare
def dead_end(s, kind):
    """Count a dead end as a choice among 0 options and log it with its kind."""
    choice(s, 0)
    event(s, E_DEAD, kind)


@bare
def _record(s, q, why, a):
    """Option q's value was set now, because of ``why`` (with ``a``): on the trail."""
    counters = s.counters[0]
    s.reason[q] = why
    s.level[q] = counters.level
    s.reason_at[q] = a
    s.trail[counters.trail_len] = q
    counters.trail_len += 1


@bare
def make_true(m, s, q, why, a):
    """Make option q true at the current level; False when the node budget is spent."""
    counters = s.counters[0]
    silent = counters.silent != 0
    if not silent:
        if counters.nodes >= counters.max_nodes:
            return False
        if why != R_DEC:
            choice(s, 1)
        counters.nodes += 1
        event(s, E_PLACE, q)
    s.value[q] = 1
    s.found_at[q] = counters.solutions
    _record(s, q, why, a)
    counters.n_true += 1
    if counters.n_true > counters.max_depth and not silent:
        counters.max_depth = counters.n_true
    for j in range(m.option_start[q], m.option_start[q + 1]):
        i = m.option_items[j]
        s.cover[i] = q
        if m.primary[i] == 1:
            counters.uncovered -= 1
    return True


@bare
def make_false(m, s, q, why, a):
    """Make option q false at the current level."""
    s.value[q] = 0
    _record(s, q, why, a)
    for j in range(m.option_start[q], m.option_start[q + 1]):
        s.left[m.option_items[j]] -= 1


@bare
def _undo(m, s, q):
    """Take option q's value back (a placement taken back is counted and logged)."""
    counters = s.counters[0]
    if s.value[q] == 1:
        for j in range(m.option_start[q], m.option_start[q + 1]):
            i = m.option_items[j]
            s.cover[i] = -1
            if m.primary[i] == 1:
                counters.uncovered += 1
        counters.n_true -= 1
        if counters.silent == 0:
            if s.found_at[q] == counters.solutions:
                counters.backtracks += 1
            event(s, E_REMOVE, q)
    else:
        for j in range(m.option_start[q], m.option_start[q + 1]):
            s.left[m.option_items[j]] += 1
    s.value[q] = -1


@bare
def backjump(m, s, level):
    """Undo every assignment made from the start of level ``level + 1`` on, and set the level to
    ``level``: for a ``level`` below the current one, every assignment above it. (At the current
    level or above, that start is left from an earlier level and says nothing;
    :func:`~dominosa_lab.solvers.engine.loop.finish` sets it to 0 to undo level 0 too.)"""
    counters = s.counters[0]
    stop = s.level_start[level + 1]
    while counters.trail_len > stop:
        _undo(m, s, s.trail[counters.trail_len - 1])
        counters.trail_len -= 1
    counters.queue_head = min(counters.queue_head, counters.trail_len)
    counters.level = level


@bare
def new_level(s):
    """Open a decision level at the end of the trail."""
    counters = s.counters[0]
    counters.level += 1
    s.level_start[counters.level] = counters.trail_len
