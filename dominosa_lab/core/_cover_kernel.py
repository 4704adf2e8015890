"""The compiled kernels of :mod:`dominosa_lab.core.cover` (numba; see that module first).

Everything here works on three tuples of numpy arrays built by ``cover.py``:

``m`` (the model, read only)
    ``ost, oit`` options -> items (CSR), ``ist, iop`` items -> options (CSR),
    ``prim`` (1 for a primary item), ``rule`` (per item: the item class through
    which the blocked-option rule reads it, or -1 for none), ``klass`` (per item),
    ``one`` (per class and option: the item of that class the option covers, -1 none;
    a row of -2 for a class some option covers twice), ``tab`` (the rule's table,
    :func:`rule_table`: which options the rule could rule out through each item; empty
    on small models).
``s`` (the search state, changed in place)
    ``v8`` int8 rows per option: value (-1 open, 0 false, 1 true), reason kind, target
    phase; ``o64`` int64 rows per option: level, reason a, reason b, trail,
    solutions-found-when-placed, mark; ``act`` activities; ``it`` int64 rows per item:
    options not false, covering option; ``tlim`` trail start of each level; ``sc`` the
    scalars (indices below); ``fl`` float scalars; ``scr`` scratch rows; ``hist``
    choices by number of options; ``ev`` the event log (kind, value pairs).
``g`` (the growing arrays, returned by every kernel that may grow them)
    clause literals, clause table (start, length, LBD, deleted), clause activities,
    watch literal and next watch of each watch slot, the head of each literal's
    watch list.

A literal is ``2 * option + 1`` for "the option is false" and ``2 * option`` for
"it is true".

The kernels of propagation and branching allocate nothing and are compiled without
numba's runtime (``_bare``: ``_nrt=False``): with it, every array they take out of a
tuple is reference-counted by a called, atomic increment and decrement, a fifth of
the time of a large search (docs/architecture.md). A kernel that allocates (or grows ``g``)
keeps the runtime; numba refuses to compile an allocation without it.
"""

import time

import numpy as np
from numba import njit, objmode

# option reasons
R_DEC, R_BIN, R_ALO, R_CL, R_BLK, R_FACT = 0, 1, 2, 3, 4, 5
# conflict kinds (also the value of a dead-end event)
C_NONE, C_BIN, C_ALO, C_CL, C_BLK, C_STOP, C_KILL = 0, 1, 2, 3, 4, 5, 6
# events: (kind, value) pairs
E_CHOICE, E_PLACE, E_REMOVE, E_DEAD, E_SOLUTION, E_RESTART = 0, 1, 2, 3, 4, 5
# what a run returns
SOLUTION, EXHAUSTED, NODE_LIMIT, TICK = 0, 1, 2, 3
# flags
F_TRACE, F_RESTARTS, F_TARGET, F_MINIMIZE, F_LEARN = 1, 2, 4, 8, 16

#: The decorator of the kernels that allocate nothing: compiled without numba's runtime
#: (see the module docstring).
_bare = njit(cache=True, _nrt=False)

# scalar slots
(TN, QH, NLEV, NTRUE, UNCOV, NODES, BTRACK, DEC, CONFL, RESTARTS, NSOL, NC, LN, NLIVE,
 REDUCE_AT, RESTART_I, RBUDGET, CSINCE, MAXDEPTH, BEST, EN, AFTER, MAXN, FLAGS, LUBY,
 STAMP, SILENT, CAUSE, RULEMAX, DONE) = range(30)
N_SCALARS = 32
# option rows
VAL, RT, TGT = 0, 1, 2
LVL, RA, RB, TRAIL, FSOL, MARK = 0, 1, 2, 3, 4, 5
# item rows
NF, COVER = 0, 1
# scratch rows
BUF, LEARNT, MARKED, BUF2, STACK, LVSTAMP = 0, 1, 2, 3, 4, 5


@njit(cache=True)
def now():
    """Wall-clock seconds (perf_counter), readable inside a kernel."""
    with objmode(t="float64"):
        t = time.perf_counter()
    return t


@njit(cache=True)
def luby(i):
    """The i-th term (from 1) of Luby's sequence 1, 1, 2, 1, 1, 2, 4, ..."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while i != (1 << k) - 1:
        i = i - (1 << (k - 1)) + 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1
    return 1 << (k - 1)


# --------------------------------------------------------------------------- events


@_bare
def _event(s, kind, value):
    """Log one event when tracing (the log has room: :func:`run` returns before it fills)."""
    sc = s[5]
    if (sc[FLAGS] & F_TRACE) != 0 and sc[SILENT] == 0:
        ev = s[9]
        ev[sc[EN]] = kind
        ev[sc[EN] + 1] = value
        sc[EN] += 2


@_bare
def dead_end(s, kind):
    """Count a dead end as a choice among 0 options and log it with its kind."""
    _choice(s, 0)
    _event(s, E_DEAD, kind)


@_bare
def _choice(s, k):
    """Count (and log) a choice among k options."""
    if s[5][SILENT] != 0:
        return
    hist = s[8]
    hist[min(k, hist.shape[0] - 1)] += 1
    _event(s, E_CHOICE, k)


# --------------------------------------------------------------------------- assignments


@_bare
def _true(m, s, q, why, a):
    """Make option q true at the current level; False when the node budget is spent."""
    ost, oit, prim = m[0], m[1], m[4]
    v8, o64, it, sc = s[0], s[1], s[3], s[5]
    silent = sc[SILENT] != 0
    if not silent:
        if sc[NODES] >= sc[MAXN]:
            sc[CAUSE] = C_STOP
            return False
        if why != R_DEC:
            _choice(s, 1)
        sc[NODES] += 1
        _event(s, E_PLACE, q)
    v8[VAL, q] = 1
    v8[RT, q] = why
    o64[LVL, q] = sc[NLEV]
    o64[RA, q] = a
    o64[FSOL, q] = sc[NSOL]
    o64[TRAIL, sc[TN]] = q
    sc[TN] += 1
    sc[NTRUE] += 1
    if sc[NTRUE] > sc[MAXDEPTH] and not silent:
        sc[MAXDEPTH] = sc[NTRUE]
    for j in range(ost[q], ost[q + 1]):
        i = oit[j]
        it[COVER, i] = q
        if prim[i] == 1:
            sc[UNCOV] -= 1
    return True


@_bare
def _false(m, s, q, why, a, b):
    """Make option q false at the current level."""
    ost, oit = m[0], m[1]
    v8, o64, it, sc = s[0], s[1], s[3], s[5]
    v8[VAL, q] = 0
    v8[RT, q] = why
    o64[LVL, q] = sc[NLEV]
    o64[RA, q] = a
    o64[RB, q] = b
    o64[TRAIL, sc[TN]] = q
    sc[TN] += 1
    for j in range(ost[q], ost[q + 1]):
        it[NF, oit[j]] -= 1


@_bare
def backjump(m, s, level):
    """Undo every assignment above ``level`` (placements taken back are logged and counted)."""
    ost, oit, prim = m[0], m[1], m[4]
    v8, o64, it, tlim, sc = s[0], s[1], s[3], s[4], s[5]
    stop = tlim[level + 1]
    silent = sc[SILENT] != 0
    while sc[TN] > stop:
        q = o64[TRAIL, sc[TN] - 1]
        if v8[VAL, q] == 1:
            for j in range(ost[q], ost[q + 1]):
                i = oit[j]
                it[COVER, i] = -1
                if prim[i] == 1:
                    sc[UNCOV] += 1
            sc[NTRUE] -= 1
            if not silent:
                if o64[FSOL, q] == sc[NSOL]:
                    sc[BTRACK] += 1
                _event(s, E_REMOVE, q)
        else:
            for j in range(ost[q], ost[q + 1]):
                it[NF, oit[j]] += 1
        v8[VAL, q] = -1
        sc[TN] -= 1
    sc[QH] = min(sc[QH], sc[TN])
    sc[NLEV] = level


@_bare
def new_level(s):
    """Open a decision level at the end of the trail."""
    sc = s[5]
    sc[NLEV] += 1
    s[4][sc[NLEV]] = sc[TN]


# --------------------------------------------------------------------------- propagation


@_bare
def _share(ost, oit, p, q):
    """Whether options p and q cover a common item."""
    for j in range(ost[p], ost[p + 1]):
        a = oit[j]
        for k in range(ost[q], ost[q + 1]):
            if oit[k] == a:
                return True
    return False


@_bare
def _share_class(ost, oit, klass, p, q, c):
    """Whether options p and q cover a common item of class c."""
    for j in range(ost[p], ost[p + 1]):
        a = oit[j]
        if klass[a] != c:
            continue
        for k in range(ost[q], ost[q + 1]):
            if oit[k] == a:
                return True
    return False


@_bare
def _covers(ost, oit, q, i):
    for j in range(ost[q], ost[q + 1]):  # noqa: SIM110 (a loop compiles to a loop)
        if oit[j] == i:
            return True
    return False


@njit(cache=True)
def _suspects(ost, oit, ist, iop, klass, i, c, bits, seen):
    """The options outside item i that share an item of class c with two or more of i's
    options, each with the bit set of those options (by place in i's list) in ``bits``;
    returns how many, listed at the front of ``seen`` (``bits`` is left zero elsewhere)."""
    for j in range(ist[i], ist[i + 1]):
        bits[iop[j]] = -1  # i's own options: not outside
    n = 0
    for j in range(ist[i], ist[i + 1]):
        o = iop[j]
        for k in range(ost[o], ost[o + 1]):
            x = oit[k]
            if klass[x] != c:
                continue
            for t in range(ist[x], ist[x + 1]):
                q = iop[t]
                if bits[q] < 0:
                    continue
                if bits[q] == 0:
                    seen[n] = q
                    n += 1
                bits[q] |= 1 << (j - ist[i])
    for j in range(ist[i], ist[i + 1]):
        bits[iop[j]] = 0
    kept = 0
    for t in range(n):
        q = seen[t]
        b = bits[q]
        if b & (b - 1) != 0:
            seen[kept] = q
            kept += 1
        else:
            bits[q] = 0
    return kept


@njit(cache=True)
def rule_table(ost, oit, ist, iop, prim, rule, klass):
    """Per primary item read by the blocked-option rule: the options that could be ruled
    out through it (those sharing an item of the class it is read through with two or more
    of its options) and, as a bit set, which of its options each shares such an item
    with. The rule fires only if some such option is not false and its bit set holds
    every option left; most items have no entry (for Dominosa, a domino whose
    placements lie apart, a square whose neighbours all hold different numbers).

    One array: the entry starts of the items (``ist``'s length), then a (bit set, option)
    pair per entry. An item with more than 62 options gets one entry (all bits, option
    -1): test it in full.
    """
    n_items, n_opts = prim.shape[0], ost.shape[0] - 1
    bits = np.zeros(n_opts, np.int64)
    seen = np.empty(n_opts, np.int64)
    tab = np.empty(n_items + 1 + 32, np.int64)
    tab[0] = 0
    end = n_items + 1
    for i in range(n_items):
        c = rule[i]
        n = 0
        if prim[i] == 1 and c >= 0:
            if ist[i + 1] - ist[i] > 62:
                seen[0] = -1
                n = 1
            else:
                n = _suspects(ost, oit, ist, iop, klass, i, c, bits, seen)
        while end + 2 * n > tab.shape[0]:
            tab = np.concatenate((tab, tab))
        for t in range(n):
            q = seen[t]
            tab[end] = -1 if q < 0 else bits[q]
            tab[end + 1] = q
            end += 2
            if q >= 0:
                bits[q] = 0
        tab[i + 1] = tab[i] + n
    return tab[:end].copy()


@_bare
def _suspect(ist, iop, tab, v8, i):
    """Whether some option of item i's entries in the rule's table (:func:`rule_table`) is
    not false and shares an item with every option left to i: the rule may fire there."""
    if tab.shape[0] == 0:  # no table: test in full
        return True
    if tab[i] == tab[i + 1]:
        return False
    left = 0
    for j in range(ist[i], ist[i + 1]):
        if v8[VAL, iop[j]] == -1:
            left |= 1 << (j - ist[i])
    base = ist.shape[0]
    for t in range(tab[i], tab[i + 1]):
        q = tab[base + 2 * t + 1]
        if (left & ~tab[base + 2 * t]) == 0 and (q < 0 or v8[VAL, q] != 0):
            return True
    return False


@_bare
def _blocked_option(ost, oit, ist, iop, klass, one, v8, i, c):
    """The first option (open or true) that the blocked-option rule rules out at item i,
    read through class c; -1: none.

    Item i (primary, uncovered, two or more options left) is covered by one of its
    options left, so an option that shares an item of class c with every one of them,
    and is not one of them, is false. When no option covers two items of class c, that
    takes the options left to i all covering one item x of class c (the others of x are
    ruled out). This test runs on every item that loses an option, so it takes the
    model's arrays one by one (reading them out of the tuples is not free); its callers
    read the rule's table first (:func:`_suspect`) and run it only where the rule may fire.
    """
    if one[c, 0] != -2:
        x = -1
        for j in range(ist[i], ist[i + 1]):
            o = iop[j]
            if v8[VAL, o] != -1:
                continue
            if one[c, o] < 0 or (x >= 0 and one[c, o] != x):
                return -1
            x = one[c, o]
        for k in range(ist[x], ist[x + 1]):
            q = iop[k]
            if v8[VAL, q] != 0 and not _covers(ost, oit, q, i):
                return q
        return -1
    first = -1
    for j in range(ist[i], ist[i + 1]):
        if v8[VAL, iop[j]] == -1:
            first = iop[j]
            break
    for j in range(ost[first], ost[first + 1]):
        x = oit[j]
        if klass[x] != c:
            continue
        for k in range(ist[x], ist[x + 1]):
            q = iop[k]
            if q == first or v8[VAL, q] == 0 or _covers(ost, oit, q, i):
                continue
            every = True
            for t in range(ist[i], ist[i + 1]):
                o = iop[t]
                if o != first and v8[VAL, o] == -1 and not _share_class(ost, oit, klass, o, q, c):
                    every = False
                    break
            if every:
                return q
    return -1


@_bare
def _blocked(m, s, i):
    """The blocked-option rule on item i (see :func:`_blocked_option`): every option it
    rules out is made false; returns (conflict kind, option) (C_NONE: none)."""
    ost, oit, ist, iop, rule, klass, one = m[0], m[1], m[2], m[3], m[5], m[6], m[7]
    v8 = s[0]
    q = _blocked_option(ost, oit, ist, iop, klass, one, v8, i, rule[i])
    while q >= 0:
        if v8[VAL, q] == 1:
            return C_BLK, q
        _false(m, s, q, R_BLK, i, q)
        q = _blocked_option(ost, oit, ist, iop, klass, one, v8, i, rule[i])
    return C_NONE, -1


@_bare
def propagate(m, s, g):
    """Unit propagation to a fixed point: (conflict kind, a, b).

    A true option makes every other option of its items false; a primary item left
    with one option not false makes it true, with none is a conflict; the blocked-
    option rule runs on every primary item that lost an option; learned clauses are
    watched. ``C_STOP``: the node budget ran out.
    """
    ost, oit, ist, iop, prim, rule, klass, one, tab = m
    v8, o64, it, sc = s[0], s[1], s[3], s[5]
    lits, cm, wlit, wnext, head = g[0], g[1], g[3], g[4], g[5]
    while sc[QH] < sc[TN]:
        v = o64[TRAIL, sc[QH]]
        sc[QH] += 1
        if v8[VAL, v] == 1:
            for j in range(ost[v], ost[v + 1]):
                i = oit[j]
                for k in range(ist[i], ist[i + 1]):
                    q = iop[k]
                    if q == v:
                        continue
                    if v8[VAL, q] == 1:
                        return C_BIN, v, q
                    if v8[VAL, q] == -1:
                        _false(m, s, q, R_BIN, v, 0)
            f = 2 * v + 1
        else:
            for j in range(ost[v], ost[v + 1]):
                i = oit[j]
                if prim[i] == 0 or it[COVER, i] >= 0:
                    continue
                n = it[NF, i]
                if n == 0:
                    return C_ALO, i, 0
                if n == 1:
                    for k in range(ist[i], ist[i + 1]):
                        q = iop[k]
                        if v8[VAL, q] == -1:
                            ok = _true(m, s, q, R_ALO, i)
                            if not ok:
                                return C_STOP, 0, 0
                            break
                elif rule[i] >= 0 and n <= sc[RULEMAX] and _suspect(ist, iop, tab, v8, i) \
                        and _blocked_option(ost, oit, ist, iop, klass, one, v8, i,
                                            rule[i]) >= 0:
                    kind, q = _blocked(m, s, i)
                    if kind != C_NONE:
                        return kind, i, q
            f = 2 * v
        # learned clauses watching literal f (now false)
        e = head[f]
        prev = -1
        while e >= 0:
            nxt = wnext[e]
            c = e >> 1
            if cm[3, c] == 1:  # deleted: unlink
                if prev < 0:
                    head[f] = nxt
                else:
                    wnext[prev] = nxt
                e = nxt
                continue
            o = wlit[e ^ 1]
            ov = v8[VAL, o >> 1]
            if ov != -1 and ov == 1 - (o & 1):  # the other watch is true
                prev = e
                e = nxt
                continue
            found = -1
            for j in range(cm[0, c], cm[0, c] + cm[1, c]):
                lit = lits[j]
                if lit in (f, o):
                    continue
                lv = v8[VAL, lit >> 1]
                if lv == -1 or lv == 1 - (lit & 1):
                    found = lit
                    break
            if found >= 0:
                if prev < 0:
                    head[f] = nxt
                else:
                    wnext[prev] = nxt
                wlit[e] = found
                wnext[e] = head[found]
                head[found] = e
                e = nxt
                continue
            prev = e
            if ov != -1:
                return C_CL, c, 0
            u = o >> 1
            if (o & 1) == 0:
                ok = _true(m, s, u, R_CL, c)
                if not ok:
                    return C_STOP, 0, 0
            else:
                _false(m, s, u, R_CL, c, 0)
            e = nxt
    return C_NONE, 0, 0


# --------------------------------------------------------------------------- reasons


@njit(cache=True)
def _reason(ost, oit, ist, iop, v8, o64, lits, cm, u, buf):
    """The other options of the clause that forced u (all false or, for R_BIN, true).

    Conflict analysis calls it for every option it reads, so it takes the arrays one
    by one (reading them out of the tuples is not free)."""
    n = 0
    t = v8[RT, u]
    if t == R_BIN:
        buf[0] = o64[RA, u]
        n = 1
    elif t == R_ALO:
        i = o64[RA, u]
        for j in range(ist[i], ist[i + 1]):
            if iop[j] != u:
                buf[n] = iop[j]
                n += 1
    elif t == R_CL:
        c = o64[RA, u]
        for j in range(cm[0, c], cm[0, c] + cm[1, c]):
            q = lits[j] >> 1
            if q != u:
                buf[n] = q
                n += 1
    elif t == R_BLK:
        n = _blocked_reason(ost, oit, ist, iop, o64[RA, u], u, buf, 0)
    return n


@njit(cache=True)
def _blocked_reason(ost, oit, ist, iop, i, q, buf, n):
    """The options of item i sharing no item with q (false when the rule fired)."""
    for j in range(ist[i], ist[i + 1]):
        o = iop[j]
        if not _share(ost, oit, o, q):
            buf[n] = o
            n += 1
    return n


@njit(cache=True)
def _conflict_options(m, s, g, kind, a, b, buf):
    """The options of the clause that is false at a conflict."""
    ist, iop = m[2], m[3]
    lits, cm, cact = g[0], g[1], g[2]
    n = 0
    if kind == C_BIN:
        buf[0] = a
        buf[1] = b
        n = 2
    elif kind == C_ALO:
        for j in range(ist[a], ist[a + 1]):
            buf[n] = iop[j]
            n += 1
    elif kind == C_CL:
        for j in range(cm[0, a], cm[0, a] + cm[1, a]):
            buf[n] = lits[j] >> 1
            n += 1
        cact[a] += s[6][1]
    elif kind == C_BLK:
        buf[0] = b
        n = _blocked_reason(m[0], m[1], ist, iop, a, b, buf, 1)
    return n


@njit(cache=True)
def _redundant(ost, oit, ist, iop, v8, o64, lits, cm, scr, u, abst, nmark):
    """MiniSat's recursive test: is u implied by the other literals of the learned clause?"""
    stack, buf2, marked = scr[STACK], scr[BUF2], scr[MARKED]
    sp = 1
    stack[0] = u
    top = nmark
    while sp > 0:
        sp -= 1
        w = stack[sp]
        n = _reason(ost, oit, ist, iop, v8, o64, lits, cm, w, buf2)
        for t in range(n):
            r = buf2[t]
            if o64[MARK, r] != 0 or o64[LVL, r] == 0:
                continue
            if v8[RT, r] != R_DEC and (abst & (1 << (o64[LVL, r] & 63))) != 0:
                o64[MARK, r] = 2
                marked[nmark] = r
                nmark += 1
                stack[sp] = r
                sp += 1
            else:
                for k in range(top, nmark):
                    o64[MARK, marked[k]] = 0
                return False, top
    return True, nmark


@njit(cache=True)
def _bump(s, u):
    act, fl = s[2], s[6]
    act[u] += fl[0]
    if act[u] > 1e100:
        for w in range(act.shape[0]):
            act[w] *= 1e-100
        fl[0] *= 1e-100


@njit(cache=True)
def analyze(m, s, g, kind, a, b):
    """First-UIP learning: the learned literals in scr[LEARNT][:n]; returns (n, level, lbd)."""
    ost, oit, ist, iop = m[0], m[1], m[2], m[3]
    v8, o64, sc, fl, scr = s[0], s[1], s[5], s[6], s[7]
    lits, cm, cact = g[0], g[1], g[2]
    buf, learnt, marked, lvstamp = scr[BUF], scr[LEARNT], scr[MARKED], scr[LVSTAMP]
    nlev = sc[NLEV]
    n = _conflict_options(m, s, g, kind, a, b, buf)
    nl = 1
    nmark = 0
    pathc = 0
    idx = sc[TN] - 1
    p = -1
    while True:
        for k in range(n):
            u = buf[k]
            if o64[MARK, u] == 0 and o64[LVL, u] > 0:
                o64[MARK, u] = 1
                marked[nmark] = u
                nmark += 1
                _bump(s, u)
                if o64[LVL, u] >= nlev:
                    pathc += 1
                else:
                    learnt[nl] = 2 * u + (1 if v8[VAL, u] == 1 else 0)
                    nl += 1
        while o64[MARK, o64[TRAIL, idx]] == 0:
            idx -= 1
        p = o64[TRAIL, idx]
        idx -= 1
        o64[MARK, p] = 0
        pathc -= 1
        if pathc == 0:
            break
        if v8[RT, p] == R_CL:
            cact[o64[RA, p]] += fl[1]
        n = _reason(ost, oit, ist, iop, v8, o64, lits, cm, p, buf)
    learnt[0] = 2 * p + (1 if v8[VAL, p] == 1 else 0)
    if (sc[FLAGS] & F_MINIMIZE) != 0:
        abst = 0
        for k in range(1, nl):
            abst |= 1 << (o64[LVL, learnt[k] >> 1] & 63)
        j = 1
        for k in range(1, nl):
            u = learnt[k] >> 1
            keep = True
            if v8[RT, u] != R_DEC:
                red, nmark = _redundant(ost, oit, ist, iop, v8, o64, lits, cm, scr, u,
                                        abst, nmark)
                keep = not red
            if keep:
                learnt[j] = learnt[k]
                j += 1
        nl = j
    for k in range(nmark):
        o64[MARK, marked[k]] = 0
    bt = 0
    bi = -1
    for k in range(1, nl):
        lv = o64[LVL, learnt[k] >> 1]
        if lv > bt:
            bt = lv
            bi = k
    if bi > 1:
        learnt[1], learnt[bi] = learnt[bi], learnt[1]
    sc[STAMP] += 1
    lbd = 0
    for k in range(nl):
        lv = o64[LVL, learnt[k] >> 1]
        if lvstamp[lv] != sc[STAMP]:
            lvstamp[lv] = sc[STAMP]
            lbd += 1
    fl[0] /= 0.95
    fl[1] /= 0.999
    return nl, bt, lbd


# --------------------------------------------------------------------------- clauses


@njit(cache=True)
def add_clause(s, g, learnt, n, lbd):
    """Store a clause of n >= 2 literals, watching its first two; returns (index, g)."""
    lits, cm, cact, wlit, wnext, head = g[0], g[1], g[2], g[3], g[4], g[5]
    sc = s[5]
    c = sc[NC]
    if c >= cm.shape[1]:
        cap = 2 * cm.shape[1]
        grown = np.zeros((4, cap), np.int64)
        grown[:, :c] = cm[:, :c]
        cm = grown
        cact = np.concatenate((cact, np.zeros(cap - c, np.float64)))
        wlit = np.concatenate((wlit, np.empty(2 * cap - 2 * c, np.int64)))
        wnext = np.concatenate((wnext, np.empty(2 * cap - 2 * c, np.int64)))
    if sc[LN] + n > lits.shape[0]:
        lits = np.concatenate((lits, np.empty(lits.shape[0] + n, np.int64)))
    sc[NC] += 1
    cm[0, c] = sc[LN]
    cm[1, c] = n
    cm[2, c] = lbd
    cm[3, c] = 0
    cact[c] = s[6][1]
    for k in range(n):
        lits[sc[LN] + k] = learnt[k]
    sc[LN] += n
    for w in range(2):
        wlit[2 * c + w] = learnt[w]
        wnext[2 * c + w] = head[learnt[w]]
        head[learnt[w]] = 2 * c + w
    return c, (lits, cm, cact, wlit, wnext, head)


@njit(cache=True)
def _reduce(s, g):
    """Delete half of the learned clauses of LBD above 2 that are not reasons, worst first."""
    v8, o64, sc, fl = s[0], s[1], s[5], s[6]
    cm, cact, wlit = g[1], g[2], g[3]
    nc = sc[NC]
    cand = np.empty(nc, np.int64)
    n = 0
    for c in range(nc):
        if cm[3, c] != 0 or cm[2, c] <= 2:
            continue
        locked = False
        for w in range(2):
            u = wlit[2 * c + w] >> 1
            if v8[VAL, u] != -1 and v8[RT, u] == R_CL and o64[RA, u] == c:
                locked = True
        if not locked:
            cand[n] = c
            n += 1
    key = np.empty(n, np.float64)
    for k in range(n):
        key[k] = -cm[2, cand[k]] * 1e6 + min(cact[cand[k]] / fl[1], 1e5)
    order = np.argsort(key)
    for k in range(n // 2):
        cm[3, cand[order[k]]] = 1
        sc[NLIVE] -= 1


# --------------------------------------------------------------------------- search


@_bare
def _decide(m, s):
    """The branching item (fewest options left; ties: most active when learning, else the
    first) and its option (most active, the target's first)."""
    ist, iop, prim = m[2], m[3], m[4]
    v8, act, it, sc = s[0], s[2], s[3], s[5]
    learn = (sc[FLAGS] & F_LEARN) != 0
    best = -1
    bestn = 1 << 40
    besta = -1.0
    for i in range(prim.shape[0]):
        if prim[i] == 0 or it[COVER, i] >= 0:
            continue
        n = it[NF, i]
        if n > bestn or (n == bestn and not learn):
            continue
        a = 0.0
        if learn:
            for j in range(ist[i], ist[i + 1]):
                q = iop[j]
                if v8[VAL, q] == -1:
                    a += act[q]
        if n < bestn or a > besta:
            best = i
            bestn = n
            besta = a
    target = (sc[FLAGS] & F_TARGET) != 0
    q_best = -1
    besta = -1.0
    for j in range(ist[best], ist[best + 1]):
        q = iop[j]
        if v8[VAL, q] == -1:
            a = act[q] + (1e200 if target and v8[TGT, q] == 1 else 0.0)
            if a > besta:
                besta = a
                q_best = q
    return q_best, bestn


@njit(cache=True)
def _learn(m, s, g, kind, a, b):
    """Analyse a conflict above level 0, learn, jump back; returns (ok, g).

    The learned clause is asserted at its level, unless a restart is due: then the
    search goes back to level 0 first (a unit clause is asserted there either way).
    """
    sc, scr = s[5], s[7]
    learnt = scr[LEARNT]
    n, bt, lbd = analyze(m, s, g, kind, a, b)
    restart = ((sc[FLAGS] & F_RESTARTS) != 0 and sc[CSINCE] >= sc[RBUDGET] and bt > 0)
    if restart:
        _event(s, E_RESTART, 0)
        sc[RESTARTS] += 1
        sc[RESTART_I] += 1
        sc[RBUDGET] = sc[LUBY] * luby(sc[RESTART_I])
        sc[CSINCE] = 0
        bt = 0
    backjump(m, s, bt)
    c = -1
    if n > 1:
        c, g = add_clause(s, g, learnt, n, lbd)
        sc[NLIVE] += 1
        if restart:
            return True, g
    u = learnt[0] >> 1
    why = R_FACT if n == 1 else R_CL
    if (learnt[0] & 1) == 0:
        return _true(m, s, u, why, c), g
    _false(m, s, u, why, c, 0)
    return True, g


@njit(cache=True)
def _backtrack(m, s):
    """Without learning: the last decision is false one level up (chronological, as DPLL)."""
    o64, tlim, sc = s[1], s[4], s[5]
    level = sc[NLEV]
    d = o64[TRAIL, tlim[level]]
    backjump(m, s, level - 1)
    _false(m, s, d, R_FACT, -1, 0)


@njit(cache=True)
def _block(m, s, g):
    """After a solution: a clause over the decisions excludes exactly it. False when none."""
    o64, tlim, sc, scr = s[1], s[4], s[5], s[7]
    nlev = sc[NLEV]
    if nlev == 0:
        return False, g
    learnt = scr[LEARNT]
    for k in range(nlev):
        learnt[k] = 2 * o64[TRAIL, tlim[nlev - k]] + 1
    backjump(m, s, nlev - 1)
    u = learnt[0] >> 1
    if nlev == 1:
        _false(m, s, u, R_FACT, -1, 0)
    else:
        c, g = add_clause(s, g, learnt, nlev, 0)
        _false(m, s, u, R_CL, c, 0)
    return True, g


@njit(cache=True)
def finish(m, s):
    """End of the search: take every placement back (logged, counted) and mark it done."""
    backjump(m, s, 0)
    s[4][1] = 0
    backjump(m, s, 0)
    s[5][DONE] = 1


@njit(cache=True)
def run(m, s, g, deadline, slice_conflicts):
    """Search on to the next solution: (what happened, g).

    SOLUTION (the cover is on the board), EXHAUSTED (no solution left; everything
    taken back), NODE_LIMIT (the node budget is spent), TICK (``slice_conflicts``
    conflicts, the deadline passed, or the event log is half full: call again to go on).
    """
    v8, sc = s[0], s[5]
    half = s[9].shape[0] // 2
    if sc[DONE] == 1:
        return EXHAUSTED, g
    if sc[AFTER] == 1:
        sc[AFTER] = 0
        ok, g = _block(m, s, g)
        if not ok:
            finish(m, s)
            return EXHAUSTED, g
    stop_at = sc[CONFL] + slice_conflicts
    while True:
        if sc[EN] > half:
            return TICK, g
        kind, a, b = propagate(m, s, g)
        if kind == C_STOP:
            return NODE_LIMIT, g
        if kind != C_NONE:
            sc[CONFL] += 1
            sc[CSINCE] += 1
            dead_end(s, kind)
            if sc[NLEV] == 0:
                finish(m, s)
                return EXHAUSTED, g
            if (sc[FLAGS] & F_LEARN) != 0:
                ok, g = _learn(m, s, g, kind, a, b)
                if not ok:
                    return NODE_LIMIT, g
                if sc[NLIVE] >= sc[REDUCE_AT]:
                    sc[REDUCE_AT] += 300
                    _reduce(s, g)
            else:
                _backtrack(m, s)
            if sc[CONFL] >= stop_at or ((sc[CONFL] & 63) == 0 and now() > deadline):
                return TICK, g
            continue
        if sc[UNCOV] == 0:
            sc[NSOL] += 1
            sc[AFTER] = 1
            _event(s, E_SOLUTION, sc[NSOL])
            return SOLUTION, g
        if (sc[FLAGS] & F_TARGET) != 0 and sc[NTRUE] > sc[BEST]:
            sc[BEST] = sc[NTRUE]
            for q in range(v8.shape[1]):
                v8[TGT, q] = 1 if v8[VAL, q] == 1 else 0
        q, k = _decide(m, s)
        sc[DEC] += 1
        new_level(s)
        _choice(s, k)
        if not _true(m, s, q, R_DEC, -1):
            return NODE_LIMIT, g


@njit(cache=True)
def kill(m, s, g, options):
    """Make ``options`` false at level 0 (deductions found outside the kernel); propagate.

    Returns the conflict kind."""
    v8 = s[0]
    for q in options:
        if v8[VAL, q] == 1:
            return C_KILL
        if v8[VAL, q] == -1:
            _false(m, s, q, R_FACT, -1, 0)
    kind, _, _ = propagate(m, s, g)
    return kind


@njit(cache=True)
def _binary(m, s, p, c):
    """Whether option p covers a primary item of class c with exactly two options left."""
    ost, oit, prim, klass = m[0], m[1], m[4], m[6]
    it = s[3]
    for j in range(ost[p], ost[p + 1]):
        i = oit[j]
        if prim[i] == 1 and klass[i] == c and it[NF, i] == 2:
            return True
    return False


@njit(cache=True)
def probe(m, s, g, c):
    """Failed-option probing at level 0, to a fixed point: (conflict kind, options ruled out).

    An option of a primary item of class c with two options left whose choice leads
    by propagation to a conflict is false (its item then takes the other). The trial
    propagation is reasoning, not search: it places no node and logs nothing.
    """
    v8, sc = s[0], s[5]
    ruled = 0
    changed = True
    while changed:
        changed = False
        for p in range(v8.shape[1]):
            if v8[VAL, p] != -1 or not _binary(m, s, p, c):
                continue
            sc[SILENT] = 1
            new_level(s)
            _true(m, s, p, R_DEC, -1)
            kind, _, _ = propagate(m, s, g)
            backjump(m, s, 0)
            sc[SILENT] = 0
            if kind == C_NONE:
                continue
            ruled += 1
            changed = True
            _false(m, s, p, R_FACT, -1, 0)
            kind, _, _ = propagate(m, s, g)
            if kind != C_NONE:
                return kind, ruled
    return C_NONE, ruled


@njit(cache=True)
def start(m, s, g, dead):
    """Level 0 before any search: ``dead`` options false, items with one option taken, the
    blocked-option rule on every item, then propagation. Returns the conflict kind."""
    ist, iop, prim, rule, tab = m[2], m[3], m[4], m[5], m[8]
    v8, it, sc = s[0], s[3], s[5]
    for q in dead:
        if v8[VAL, q] == -1:
            _false(m, s, q, R_FACT, -1, 0)
    for i in range(prim.shape[0]):
        if prim[i] == 0 or it[COVER, i] >= 0:
            continue
        if it[NF, i] == 0:
            return C_ALO
        if it[NF, i] == 1:
            for j in range(ist[i], ist[i + 1]):
                if v8[VAL, iop[j]] == -1:
                    if not _true(m, s, iop[j], R_ALO, i):
                        return C_STOP
                    break
    for i in range(prim.shape[0]):
        if prim[i] == 1 and it[COVER, i] < 0 and 2 <= it[NF, i] <= sc[RULEMAX] \
                and rule[i] >= 0 and _suspect(ist, iop, tab, v8, i):
            kind, q = _blocked(m, s, i)
            if kind != C_NONE:
                return kind
    kind, _, _ = propagate(m, s, g)
    return kind
