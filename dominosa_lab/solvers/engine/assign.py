"""Assignments on the trail: an option made true or false, levels opened and undone, and the
counting of nodes, backtracks, choices and events (the house rule,
:mod:`~dominosa_lab.solvers.engine.search`)."""

from dominosa_lab.solvers.engine.jit import bare
from dominosa_lab.solvers.engine.state import (
    BACKTRACKS,
    E_CHOICE,
    E_DEAD,
    E_PLACE,
    E_REMOVE,
    F_TRACE,
    FLAGS,
    LEVEL,
    MAX_DEPTH,
    MAX_NODES,
    N_EVENTS,
    N_TRUE,
    NODES,
    QUEUE_HEAD,
    R_DEC,
    SILENT,
    SOLUTIONS,
    TRAIL_LEN,
    UNCOVERED,
)

__all__ = ["backjump", "choice", "dead_end", "event", "make_false", "make_true", "new_level"]


@bare
def event(s, kind, value):
    """Log one event when tracing (the log has room: the search returns before it fills)."""
    sc = s.scalars
    if (sc[FLAGS] & F_TRACE) != 0 and sc[SILENT] == 0:
        s.events[sc[N_EVENTS]] = kind
        s.events[sc[N_EVENTS] + 1] = value
        sc[N_EVENTS] += 2


@bare
def choice(s, k):
    """Count (and log) a choice among k options."""
    if s.scalars[SILENT] != 0:
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
    sc = s.scalars
    s.reason[q] = why
    s.level[q] = sc[LEVEL]
    s.reason_a[q] = a
    s.trail[sc[TRAIL_LEN]] = q
    sc[TRAIL_LEN] += 1


@bare
def make_true(m, s, q, why, a):
    """Make option q true at the current level; False when the node budget is spent."""
    sc = s.scalars
    silent = sc[SILENT] != 0
    if not silent:
        if sc[NODES] >= sc[MAX_NODES]:
            return False
        if why != R_DEC:
            choice(s, 1)
        sc[NODES] += 1
        event(s, E_PLACE, q)
    s.value[q] = 1
    s.found_at[q] = sc[SOLUTIONS]
    _record(s, q, why, a)
    sc[N_TRUE] += 1
    if sc[N_TRUE] > sc[MAX_DEPTH] and not silent:
        sc[MAX_DEPTH] = sc[N_TRUE]
    for j in range(m.option_start[q], m.option_start[q + 1]):
        i = m.option_items[j]
        s.cover[i] = q
        if m.primary[i] == 1:
            sc[UNCOVERED] -= 1
    return True


@bare
def make_false(m, s, q, why, a, b):
    """Make option q false at the current level."""
    s.value[q] = 0
    s.reason_b[q] = b
    _record(s, q, why, a)
    for j in range(m.option_start[q], m.option_start[q + 1]):
        s.left[m.option_items[j]] -= 1


@bare
def _undo(m, s, q):
    """Take option q's value back (a placement taken back is counted and logged)."""
    sc = s.scalars
    if s.value[q] == 1:
        for j in range(m.option_start[q], m.option_start[q + 1]):
            i = m.option_items[j]
            s.cover[i] = -1
            if m.primary[i] == 1:
                sc[UNCOVERED] += 1
        sc[N_TRUE] -= 1
        if sc[SILENT] == 0:
            if s.found_at[q] == sc[SOLUTIONS]:
                sc[BACKTRACKS] += 1
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
    sc = s.scalars
    stop = s.level_start[level + 1]
    while sc[TRAIL_LEN] > stop:
        _undo(m, s, s.trail[sc[TRAIL_LEN] - 1])
        sc[TRAIL_LEN] -= 1
    sc[QUEUE_HEAD] = min(sc[QUEUE_HEAD], sc[TRAIL_LEN])
    sc[LEVEL] = level


@bare
def new_level(s):
    """Open a decision level at the end of the trail."""
    sc = s.scalars
    sc[LEVEL] += 1
    s.level_start[sc[LEVEL]] = sc[TRAIL_LEN]
