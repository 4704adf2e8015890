"""Clause learning: first-UIP conflict analysis with recursive minimisation, the clause store
with two watched literals, and deletion by LBD.

The reasons of propagation's steps are rebuilt here when a conflict is read (:func:`_reason`):
a binary step (two options of one item), an item's last option (its other options, all false),
a learned clause, a rule (its row's own, :func:`~dominosa_lab.solvers.engine.rules.reason_of`).
The analysis allocates nothing and is compiled without numba's runtime
(:data:`~dominosa_lab.solvers.engine.jit.bare`); the store that grows keeps it.
"""

import numpy as np

from dominosa_lab.solvers.engine.assign import backjump, make_false, make_true
from dominosa_lab.solvers.engine.decide import restart_level
from dominosa_lab.solvers.engine.jit import bare, kernel
from dominosa_lab.solvers.engine.rules import clause_of, reason_of
from dominosa_lab.solvers.engine.settings import SETTINGS
from dominosa_lab.solvers.engine.state import (
    C_ALO,
    C_BIN,
    C_CL,
    F_MINIMIZE,
    R_ALO,
    R_BIN,
    R_CL,
    R_DEC,
    R_FACT,
    Clauses,
)

__all__ = ["add_clause", "analyze", "learn", "reduce"]


@bare
def _reason(m, s, g, u, buf):
    """The other options of the clause that forced u (all false or, for R_BIN, true)."""
    n = 0
    t = s.reason[u]
    if t == R_BIN:
        buf[0] = s.reason_at[u]
        n = 1
    elif t == R_ALO:
        i = s.reason_at[u]
        for j in range(m.item_start[i], m.item_start[i + 1]):
            if m.item_options[j] != u:
                buf[n] = m.item_options[j]
                n += 1
    elif t == R_CL:
        c = s.reason_at[u]
        for j in range(g.start[c], g.start[c] + g.length[c]):
            q = g.literals[j] >> 1
            if q != u:
                buf[n] = q
                n += 1
    else:
        n = reason_of(m, s, u, buf)
    return n


@bare
def _conflict_options(m, s, g, conflict, buf):
    """The options of the clause that is false at a conflict."""
    kind, a = conflict.kind, conflict.at
    n = 0
    if kind == C_BIN:
        buf[0] = a
        buf[1] = conflict.option
        n = 2
    elif kind == C_ALO:
        for j in range(m.item_start[a], m.item_start[a + 1]):
            buf[n] = m.item_options[j]
            n += 1
    elif kind == C_CL:
        for j in range(g.start[a], g.start[a] + g.length[a]):
            buf[n] = g.literals[j] >> 1
            n += 1
        g.activity[a] += s.increments[0].clause
    else:
        n = clause_of(m, s, conflict, buf)
    return n


@bare
def _redundant(m, s, g, u, abst, nmark):
    """MiniSat's recursive test: is u implied by the other literals of the learned clause?
    Returns (redundant, marks now)."""
    stack, buf2, marked, mark, level = s.stack, s.buffer2, s.marked, s.mark, s.level
    sp = 1
    stack[0] = u
    top = nmark
    while sp > 0:
        sp -= 1
        n = _reason(m, s, g, stack[sp], buf2)
        for t in range(n):
            r = buf2[t]
            if mark[r] != 0 or level[r] == 0:
                continue
            if s.reason[r] != R_DEC and (abst & (1 << (level[r] & 63))) != 0:
                mark[r] = 2
                marked[nmark] = r
                nmark += 1
                stack[sp] = r
                sp += 1
            else:
                for k in range(top, nmark):
                    mark[marked[k]] = 0
                return False, top
    return True, nmark


@bare
def _bump(s, u):
    act, inc = s.activity, s.increments[0]
    act[u] += inc.option
    if act[u] > SETTINGS.activity_limit:
        for w in range(act.shape[0]):
            act[w] *= 1.0 / SETTINGS.activity_limit
        inc.option *= 1.0 / SETTINGS.activity_limit


@bare
def _first_uip(m, s, g, conflict):
    """Walk the trail back from the conflict to the first unique implication point: the learned
    literals in ``s.learnt[:n]`` (the UIP's first); returns (n, marks)."""
    buf, learnt, marked, mark, level, trail = \
        s.buffer, s.learnt, s.marked, s.mark, s.level, s.trail
    nlev = s.counters[0].level
    n = _conflict_options(m, s, g, conflict, buf)
    nl, nmark, pathc = 1, 0, 0
    idx = s.counters[0].trail_len - 1
    p = -1
    while True:
        for k in range(n):
            u = buf[k]
            if mark[u] == 0 and level[u] > 0:
                mark[u] = 1
                marked[nmark] = u
                nmark += 1
                _bump(s, u)
                if level[u] >= nlev:
                    pathc += 1
                else:
                    learnt[nl] = 2 * u + (1 if s.value[u] == 1 else 0)
                    nl += 1
        while mark[trail[idx]] == 0:
            idx -= 1
        p = trail[idx]
        idx -= 1
        mark[p] = 0
        pathc -= 1
        if pathc == 0:
            break
        if s.reason[p] == R_CL:
            g.activity[s.reason_at[p]] += s.increments[0].clause
        n = _reason(m, s, g, p, buf)
    learnt[0] = 2 * p + (1 if s.value[p] == 1 else 0)
    return nl, nmark


@bare
def _minimize(m, s, g, nl, nmark):
    """Drop the learned literals implied by the others; returns (n, marks)."""
    learnt, level = s.learnt, s.level
    abst = 0
    for k in range(1, nl):
        abst |= 1 << (level[learnt[k] >> 1] & 63)
    j = 1
    for k in range(1, nl):
        u = learnt[k] >> 1
        keep = True
        if s.reason[u] != R_DEC:
            red, nmark = _redundant(m, s, g, u, abst, nmark)
            keep = not red
        if keep:
            learnt[j] = learnt[k]
            j += 1
    return j, nmark


@bare
def _jump_level_and_lbd(s, nl):
    """The level to jump back to (the highest below the UIP's, its literal moved second) and
    the clause's LBD (how many levels its literals span)."""
    learnt, level, lvstamp, counters = s.learnt, s.level, s.level_stamp, s.counters[0]
    bt = 0
    bi = -1
    for k in range(1, nl):
        lv = level[learnt[k] >> 1]
        if lv > bt:
            bt = lv
            bi = k
    if bi > 1:
        learnt[1], learnt[bi] = learnt[bi], learnt[1]
    counters.stamp += 1
    lbd = 0
    for k in range(nl):
        lv = level[learnt[k] >> 1]
        if lvstamp[lv] != counters.stamp:
            lvstamp[lv] = counters.stamp
            lbd += 1
    return bt, lbd


@bare
def analyze(m, s, g, conflict):
    """First-UIP learning: the learned literals in ``s.learnt[:n]``; returns (n, level, lbd)."""
    nl, nmark = _first_uip(m, s, g, conflict)
    if (s.counters[0].flags & F_MINIMIZE) != 0:
        nl, nmark = _minimize(m, s, g, nl, nmark)
    for k in range(nmark):
        s.mark[s.marked[k]] = 0
    bt, lbd = _jump_level_and_lbd(s, nl)
    s.increments[0].option /= SETTINGS.option_decay
    s.increments[0].clause /= SETTINGS.clause_decay
    return nl, bt, lbd


@kernel
def _grown(g, n_clauses, n_literals, n):
    """The store with room for one more clause of n literals."""
    lits, start, length, lbd, deleted, act, wlit, wnext = g.literals, g.start, g.length, g.lbd, \
        g.deleted, g.activity, g.watch_literal, g.watch_next
    c = n_clauses
    if c >= start.shape[0]:
        more = start.shape[0]
        start = np.concatenate((start, np.zeros(more, np.int64)))
        length = np.concatenate((length, np.zeros(more, np.int64)))
        lbd = np.concatenate((lbd, np.zeros(more, np.int64)))
        deleted = np.concatenate((deleted, np.zeros(more, np.int64)))
        act = np.concatenate((act, np.zeros(more, np.float64)))
        wlit = np.concatenate((wlit, np.empty(2 * more, np.int64)))
        wnext = np.concatenate((wnext, np.empty(2 * more, np.int64)))
    if n_literals + n > lits.shape[0]:
        lits = np.concatenate((lits, np.empty(lits.shape[0] + n, np.int64)))
    return Clauses(literals=lits, start=start, length=length, lbd=lbd, deleted=deleted,
                   activity=act, watch_literal=wlit, watch_next=wnext,
                   watch_head=g.watch_head)


@kernel
def add_clause(s, g, learnt, n, lbd):
    """Store a clause of n >= 2 literals, watching its first two; returns (index, clauses)."""
    counters = s.counters[0]
    c = counters.n_clauses
    g = _grown(g, c, counters.n_literals, n)
    counters.n_clauses += 1
    g.start[c] = counters.n_literals
    g.length[c] = n
    g.lbd[c] = lbd
    g.deleted[c] = 0
    g.activity[c] = s.increments[0].clause
    for k in range(n):
        g.literals[counters.n_literals + k] = learnt[k]
    counters.n_literals += n
    for w in range(2):
        g.watch_literal[2 * c + w] = learnt[w]
        g.watch_next[2 * c + w] = g.watch_head[learnt[w]]
        g.watch_head[learnt[w]] = 2 * c + w
    return c, g


@kernel
def reduce(s, g):
    """Delete half of the learned clauses of LBD above ``keep_lbd`` (:data:`SETTINGS`) that are
    not reasons, worst first."""
    nc = s.counters[0].n_clauses
    cand = np.empty(nc, np.int64)
    n = 0
    for c in range(nc):
        if g.deleted[c] != 0 or g.lbd[c] <= SETTINGS.keep_lbd:
            continue
        locked = False
        for w in range(2):
            u = g.watch_literal[2 * c + w] >> 1
            if s.value[u] != -1 and s.reason[u] == R_CL and s.reason_at[u] == c:
                locked = True
        if not locked:
            cand[n] = c
            n += 1
    key = np.empty(n, np.float64)
    for k in range(n):
        key[k] = -g.lbd[cand[k]] * 1e6 + min(g.activity[cand[k]] / s.increments[0].clause,
                                              1e5)
    order = np.argsort(key)
    for k in range(n // 2):
        g.deleted[cand[order[k]]] = 1
        s.counters[0].live_clauses -= 1


@kernel
def learn(m, s, g, conflict):
    """Analyse a conflict above level 0, learn, jump back; returns (ok, clauses); not ok: the
    node budget is spent.

    The learned clause is asserted at its level, unless a restart is due: then the search goes
    back to level 0 first (a unit clause is asserted there either way). Then the store is
    halved when it has grown enough.
    """
    n, level, lbd = analyze(m, s, g, conflict)
    restart, level = restart_level(s, level)
    backjump(m, s, level)
    ok = True
    c = -1
    if n > 1:
        c, g = add_clause(s, g, s.learnt, n, lbd)
        s.counters[0].live_clauses += 1
    if n == 1 or not restart:
        ok = _assert(m, s, c, R_FACT if n == 1 else R_CL)
    if ok and s.counters[0].live_clauses >= s.counters[0].reduce_at:
        s.counters[0].reduce_at += SETTINGS.reduce_every
        reduce(s, g)
    return ok, g


@bare
def _assert(m, s, c, why):
    """The learned clause's first literal holds, because of ``why`` (clause c)."""
    lit = s.learnt[0]
    if (lit & 1) == 0:
        return make_true(m, s, lit >> 1, why, c)
    make_false(m, s, lit >> 1, why, c)
    return True
