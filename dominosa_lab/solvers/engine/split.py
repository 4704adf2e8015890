"""The compiled steps of exact counting (:mod:`~dominosa_lab.solvers.engine.count`): split the open
options of a component into the components they form, pick the item to branch on, assume or
refute an option and propagate, and take a level back.

Two open options are in one component when they cover a common item (squares and dominoes joined
by open placements, on a Dominosa board); items whose options are all closed join nothing. After a
step, propagation can only have touched the component the step was in: every deduction it makes
(an item's other options false, an item's last option true, the blocked-option rule) reads options
that share an item with the one that changed.

A step is its move (:func:`placed`, :func:`refuted`, :func:`forced`), then its consequences, then
a conflict counted (:func:`settled`). :func:`assume`, :func:`refute` and :func:`force` take
propagation for the consequences (the counter's :data:`~dominosa_lab.solvers.engine.count.PLAIN`
steps); a user with deductions of its own composes the same moves with them (Dominosa's Hall sets:
:mod:`~dominosa_lab.solvers.fast.count`).
"""

import numpy as np

from dominosa_lab.solvers.engine.assign import (
    backjump,
    choice,
    dead_end,
    make_false,
    make_true,
    new_level,
)
from dominosa_lab.solvers.engine.jit import bare, kernel
from dominosa_lab.solvers.engine.learn import add_clause
from dominosa_lab.solvers.engine.propagate import propagate
from dominosa_lab.solvers.engine.state import (
    C_CL,
    C_NONE,
    C_STOP,
    R_DEC,
    R_FACT,
)

__all__ = ["assume", "fewest", "force", "forced", "open_level", "placed", "refute", "refuted",
           "retract", "settled", "some_false", "split"]


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


@bare
def settled(s, kind):
    """A step's consequences ended in ``kind``: a conflict is counted as a dead end. Returns
    ``kind``."""
    if kind != C_NONE and kind != C_STOP:
        dead_end(s, kind)
    return kind


@bare
def placed(m, s, q, k):
    """A new level with option q true, a choice among k: False when the node budget is spent."""
    new_level(s)
    choice(s, k)
    return make_true(m, s, q, R_DEC, -1)


@bare
def refuted(m, s, q):
    """Option q false at the current level (every cover with it is counted)."""
    make_false(m, s, q, R_FACT, -1)


@bare
def forced(m, s, options):
    """Every open option of ``options`` true at a new level (each is in every cover left: a
    deduction, not a choice): False when the node budget is spent."""
    new_level(s)
    for q in options:  # noqa: SIM110 (a loop compiles to a loop)
        if s.value[q] == -1 and not make_true(m, s, q, R_FACT, -1):
            return False
    return True


@bare
def _propagated(m, s, g):
    return settled(s, propagate(m, s, g).kind)


@bare
def assume(m, s, g, q, k):
    """:func:`placed`, then propagation: the conflict kind (C_STOP: the node budget is spent)."""
    return _propagated(m, s, g) if placed(m, s, q, k) else C_STOP


@bare
def refute(m, s, g, q):
    """:func:`refuted`, then propagation: the conflict kind."""
    refuted(m, s, q)
    return _propagated(m, s, g)


@bare
def force(m, s, g, options):
    """:func:`forced`, then propagation: the conflict kind."""
    return _propagated(m, s, g) if forced(m, s, options) else C_STOP


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
        make_false(m, s, lits[0] >> 1, R_FACT, -1)
        return propagate(m, s, g).kind, g
    _, g = add_clause(s, g, lits, n, 0)
    return C_NONE, g


@kernel
def open_level(s):
    """Open a decision level; returns its number."""
    new_level(s)
    return s.counters[0].level


@kernel
def retract(m, s, level, found):
    """Take back every value above ``level``; with ``found`` (covers were counted below) the
    placements taken back are not backtracks."""
    if found:
        s.counters[0].solutions += 1
    backjump(m, s, level)
