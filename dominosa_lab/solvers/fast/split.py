"""The compiled steps of exact counting (:mod:`~dominosa_lab.solvers.fast.count`): split the open
options of a component into the components they form, pick the item to branch on, assume or
refute an option and propagate, and take a level back.

Two open options are in one component when they cover a common item (squares and dominoes joined
by open placements, on a Dominosa board); items whose options are all closed join nothing. After a
step, propagation can only have touched the component the step was in: every deduction it makes
(an item's other options false, an item's last option true, the blocked-option rule) reads options
that share an item with the one that changed. With ``hall`` set (Dominosa boards: ``values``,
``pairs``, ``max_pip`` of a :class:`~dominosa_lab.solvers.fast.dominosa.DominosaCover`), every
step is followed by the Hall-set rule to a fixed point, as at level 0.
"""

import numpy as np

from dominosa_lab.solvers.fast.assign import (
    backjump,
    choice,
    dead_end,
    make_false,
    make_true,
    new_level,
)
from dominosa_lab.solvers.fast.dominosa import hall_fixed_point
from dominosa_lab.solvers.fast.jit import kernel
from dominosa_lab.solvers.fast.learn import add_clause
from dominosa_lab.solvers.fast.propagate import propagate
from dominosa_lab.solvers.fast.state import (
    C_CL,
    C_NONE,
    C_STOP,
    LEVEL,
    R_DEC,
    R_FACT,
    SOLUTIONS,
)

__all__ = ["assume", "fewest", "force", "open_level", "refute", "retract", "some_false", "split"]


@kernel
def _root(parent, x):
    """The representative of option x (path halving)."""
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


@kernel
def _join(m, out, seen, parent):
    """Union the options of ``out`` that share an item (``seen``: per item, an option seen there
    or -1; left all -1 again)."""
    for q in out:
        for j in range(m.option_start[q], m.option_start[q + 1]):
            i = m.option_items[j]
            o = seen[i]
            if o < 0:
                seen[i] = q
                continue
            a, b = _root(parent, o), _root(parent, q)
            if a != b:
                parent[max(a, b)] = min(a, b)
    for q in out:
        for j in range(m.option_start[q], m.option_start[q + 1]):
            seen[m.option_items[j]] = -1


@kernel
def split(m, s, options, seen, parent):
    """The open options among ``options``, grouped by component: (options, starts), component
    ``c`` being ``options[starts[c]:starts[c + 1]]``, each in increasing order (its canonical
    key). ``seen`` (per item, all -1) and ``parent`` (per option) are scratch rows."""
    out = options[s.value[options] == -1]
    for q in out:
        parent[q] = q
    _join(m, out, seen, parent)
    n = s.value.shape[0]
    keys = np.empty(out.shape[0], np.int64)
    for t in range(out.shape[0]):
        keys[t] = _root(parent, out[t]) * n + out[t]
    keys.sort()
    starts = np.empty(out.shape[0] + 1, np.int64)
    c, last = 0, -1
    for t in range(keys.shape[0]):
        out[t] = keys[t] % n
        if keys[t] // n != last:
            starts[c] = t
            c += 1
            last = keys[t] // n
    starts[c] = out.shape[0]
    return out, starts[:c + 1]


@kernel
def fewest(m, s, options):
    """The open options of the primary item with fewest options left among the items of
    ``options`` (the first such item met; covered items are not skipped, so ``options`` are open
    options after propagation, as the counter passes them); the first option alone when they
    cover no primary item (it is then in a cover or not)."""
    best, least = -1, 1 << 62
    for q in options:
        for j in range(m.option_start[q], m.option_start[q + 1]):
            i = m.option_items[j]
            if m.primary[i] == 1 and s.left[i] < least:
                best, least = i, s.left[i]
    if best < 0:
        return options[:1]
    row = m.item_options[m.item_start[best]:m.item_start[best + 1]]
    return row[s.value[row] == -1]


@kernel
def _deduce(m, s, g, values, pairs, max_pip, hall):
    """Propagation, then (``hall``) the Hall-set rule and propagation to a fixed point; a
    conflict is counted as a dead end. Returns the conflict kind."""
    kind, _, _ = propagate(m, s, g)
    if hall and kind == C_NONE:
        kind = hall_fixed_point(m, s, g, values, pairs, max_pip)
    if kind != C_NONE and kind != C_STOP:
        dead_end(s, kind)
    return kind


@kernel
def assume(m, s, g, q, k, values, pairs, max_pip, hall):
    """A new level with option q true, a choice among k, and its consequences: the conflict
    kind (C_STOP: the node budget is spent)."""
    new_level(s)
    choice(s, k)
    if not make_true(m, s, q, R_DEC, -1):
        return C_STOP
    return _deduce(m, s, g, values, pairs, max_pip, hall)


@kernel
def refute(m, s, g, q, values, pairs, max_pip, hall):
    """Option q false at the current level (every cover with it is counted), and its
    consequences: the conflict kind."""
    make_false(m, s, q, R_FACT, -1, 0)
    return _deduce(m, s, g, values, pairs, max_pip, hall)


@kernel
def force(m, s, g, options, values, pairs, max_pip, hall):
    """Every open option of ``options`` true at a new level (each is in every cover left: a
    deduction, not a choice), and their consequences: the conflict kind."""
    new_level(s)
    for q in options:
        if s.value[q] == -1 and not make_true(m, s, q, R_FACT, -1):
            return C_STOP
    return _deduce(m, s, g, values, pairs, max_pip, hall)


@kernel
def some_false(m, s, g, options):
    """At level 0 of a clause-learning search: the clause "some option of ``options`` is
    false" (a cover other than one holding them all), over those still open, kept for good (its
    LBD 0 is never reduced); a single open one is made false. Returns (conflict kind, clauses):
    C_CL when every option of ``options`` is true already, C_NONE when one is false already."""
    lits = np.empty(options.shape[0], np.int64)
    n = 0
    for q in options:
        if s.value[q] == 0:
            return C_NONE, g
        if s.value[q] == -1:
            lits[n] = 2 * q + 1
            n += 1
    if n == 0:
        return C_CL, g
    if n == 1:
        make_false(m, s, lits[0] >> 1, R_FACT, -1, 0)
        kind, _, _ = propagate(m, s, g)
        return kind, g
    _, g = add_clause(s, g, lits, n, 0)
    return C_NONE, g


@kernel
def open_level(s):
    """Open a decision level; returns its number."""
    new_level(s)
    return s.scalars[LEVEL]


@kernel
def retract(m, s, level, found):
    """Take back every value above ``level``; with ``found`` (covers were counted below) the
    placements taken back are not backtracks."""
    if found:
        s.scalars[SOLUTIONS] += 1
    backjump(m, s, level)
