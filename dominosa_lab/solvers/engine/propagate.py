"""Unit propagation to a fixed point, with the exactly-one constraints read off the item lists.

A true option makes every other option of its items false; a primary item left with one option
not false makes it true, with none it is a conflict; the rules
(:mod:`~dominosa_lab.solvers.engine.rules`) run on every primary item that lost an option; learned
clauses are watched (two literals each). The reasons of these steps are not stored as clauses:
conflict analysis rebuilds them (:mod:`~dominosa_lab.solvers.engine.learn`).
"""

from dominosa_lab.solvers.engine.assign import make_false, make_true
from dominosa_lab.solvers.engine.jit import bare
from dominosa_lab.solvers.engine.rules import fire
from dominosa_lab.solvers.engine.state import (
    C_ALO,
    C_BIN,
    C_CL,
    C_NONE,
    C_STOP,
    NO_CONFLICT,
    R_ALO,
    R_BIN,
    R_CL,
    Conflict,
)

__all__ = ["propagate"]


@bare
def _after_true(m, s, v):
    """Option v is true: every other option of its items is false (two true: a conflict)."""
    for j in range(m.option_start[v], m.option_start[v + 1]):
        i = m.option_items[j]
        for k in range(m.item_start[i], m.item_start[i + 1]):
            q = m.item_options[k]
            if q == v:
                continue
            if s.value[q] == 1:
                return Conflict(C_BIN, v, q)
            if s.value[q] == -1:
                make_false(m, s, q, R_BIN, v)
    return NO_CONFLICT


@bare
def _last_option(m, s, i):
    """Item i has one option not false: it is made true (C_STOP: the node budget is spent)."""
    for k in range(m.item_start[i], m.item_start[i + 1]):
        q = m.item_options[k]
        if s.value[q] == -1:
            return C_NONE if make_true(m, s, q, R_ALO, i) else C_STOP
    return C_NONE


@bare
def _after_false(m, s, v):
    """Option v is false: each uncovered primary item of v with one option left takes it, with
    none is a conflict, with two or more left is read by the rules."""
    for j in range(m.option_start[v], m.option_start[v + 1]):
        i = m.option_items[j]
        if m.primary[i] == 0 or s.cover[i] >= 0:
            continue
        n = s.left[i]
        if n == 0:
            return Conflict(C_ALO, i, 0)
        if n == 1:
            if _last_option(m, s, i) == C_STOP:
                return Conflict(C_STOP, 0, 0)
        else:
            conflict = fire(m, s, i)
            if conflict.kind != C_NONE:
                return conflict
    return NO_CONFLICT


@bare
def _satisfied_or_moved(g, s, f, e, o):
    """The clause of watch slot e (watching literal f, now false; the other watch o): True when
    o is true or the watch moved to another literal not false (then unlinked from f's list by
    the caller and linked to the new literal's here)."""
    ov = s.value[o >> 1]
    if ov != -1 and ov == 1 - (o & 1):
        return True, False
    c = e >> 1
    for j in range(g.start[c], g.start[c] + g.length[c]):
        lit = g.literals[j]
        if lit in (f, o):
            continue
        lv = s.value[lit >> 1]
        if lv == -1 or lv == 1 - (lit & 1):
            g.watch_literal[e] = lit
            g.watch_next[e] = g.watch_head[lit]
            g.watch_head[lit] = e
            return True, True
    return False, False


@bare
def _watched(m, s, g, f):
    """The learned clauses watching literal f (now false): each moves its watch, or is unit
    (its other watch is implied) or false (a conflict)."""
    e = g.watch_head[f]
    prev = -1
    while e >= 0:
        nxt = g.watch_next[e]
        c = e >> 1
        done, moved = (True, True) if g.deleted[c] == 1 else \
            _satisfied_or_moved(g, s, f, e, g.watch_literal[e ^ 1])
        if moved:  # deleted or watching elsewhere now: unlink
            if prev < 0:
                g.watch_head[f] = nxt
            else:
                g.watch_next[prev] = nxt
            e = nxt
            continue
        prev = e
        e = nxt
        if done:
            continue
        o = g.watch_literal[prev ^ 1]
        if s.value[o >> 1] != -1:
            return Conflict(C_CL, c, 0)
        if (o & 1) == 0:
            if not make_true(m, s, o >> 1, R_CL, c):
                return Conflict(C_STOP, 0, 0)
        else:
            make_false(m, s, o >> 1, R_CL, c)
    return NO_CONFLICT


@bare
def propagate(m, s, g):
    """Unit propagation to a fixed point: the :class:`~dominosa_lab.solvers.engine.state.Conflict`
    it ends with (``C_STOP``: the node budget ran out)."""
    counters = s.counters[0]
    while counters.queue_head < counters.trail_len:
        v = s.trail[counters.queue_head]
        counters.queue_head += 1
        if s.value[v] == 1:
            conflict = _after_true(m, s, v)
            f = 2 * v + 1
        else:
            conflict = _after_false(m, s, v)
            f = 2 * v
        if conflict.kind != C_NONE:
            return conflict
        conflict = _watched(m, s, g, f)
        if conflict.kind != C_NONE:
            return conflict
    return NO_CONFLICT
