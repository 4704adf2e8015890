"""The blocked-option rule: an option that shares an item of class ``rule[i]`` with every option
left to a primary item ``i``, and is not one of them, is false (``i`` is covered by one of them).

It is generic; a problem says which classes it reads through. For Dominosa it is Tatham's two
basic deductions (:mod:`~dominosa_lab.solvers.fast.dominosa`). The rule's table (:func:`rule_table`)
lists, per item, the options the rule could ever rule out there, so that propagation skips the items
where it cannot fire (most of them). Its kernels are the fields of its row in
:data:`~dominosa_lab.solvers.engine.rules.RULES`: :func:`may_block`, :func:`blocked`,
:func:`blocked_why`, :func:`blocked_clash` and :func:`blocked_at_start`.
"""

import numpy as np

from dominosa_lab.solvers.engine.assign import make_false
from dominosa_lab.solvers.engine.jit import bare, kernel, leaf
from dominosa_lab.solvers.engine.settings import SETTINGS
from dominosa_lab.solvers.engine.state import C_NONE, NO_CONFLICT, Conflict

__all__ = ["blocked", "blocked_at_start", "blocked_clash", "blocked_option", "blocked_reason",
           "blocked_why", "has_table", "may_block", "may_fire", "rule_table", "share"]


@bare
def share(ost, oit, p, q):
    """Whether options p and q cover a common item."""
    for j in range(ost[p], ost[p + 1]):
        a = oit[j]
        for k in range(ost[q], ost[q + 1]):
            if oit[k] == a:
                return True
    return False


@bare
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


@bare
def _covers(ost, oit, q, i):
    for j in range(ost[q], ost[q + 1]):  # noqa: SIM110 (a loop compiles to a loop)
        if oit[j] == i:
            return True
    return False


@kernel
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


@kernel
def _table(ost, oit, ist, iop, prim, rule, klass):
    """:func:`rule_table`, compiled."""
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


def has_table(n_options: int) -> bool:
    """Whether :func:`rule_table` builds a table for a model of ``n_options`` options (from
    ``rule_table_min``, :data:`~dominosa_lab.solvers.engine.settings.SETTINGS`)."""
    return n_options >= SETTINGS.rule_table_min


def rule_table(model, force: bool = False) -> np.ndarray:
    """Per primary item read by the rule: the options that could be ruled out through it (those
    sharing an item of the class it is read through with two or more of its options) and, as a
    bit set, which of its options each shares such an item with. The rule fires only if some
    such option is not false and its bit set holds every option left; most items have no entry
    (for Dominosa, a domino whose placements lie apart, a square whose neighbours all hold
    different numbers). Built on models of at least ``rule_table_min`` options
    (:data:`~dominosa_lab.solvers.engine.settings.SETTINGS`; or when ``force``); else empty (the
    rule then tests every item in full).

    One array: the entry starts of the items (``item_start``'s length), then a (bit set, option)
    pair per entry. An item with more than 62 options gets one entry (all bits, option -1):
    test it in full.
    """
    if not (force or has_table(model.n_options)):
        return np.zeros(0, np.int64)
    return _table(model.option_start, model.option_items, model.item_start, model.item_options,
                  model.primary, model.rule, model.klass)


@bare
def may_fire(m, s, i):
    """Whether some option of item i's entries in the rule's table is not false and shares an
    item with every option left to i: the rule may fire there."""
    ist, iop, tab = m.item_start, m.item_options, m.table
    if tab.shape[0] == 0:  # no table: test in full
        return True
    if tab[i] == tab[i + 1]:
        return False
    left = 0
    for j in range(ist[i], ist[i + 1]):
        if s.value[iop[j]] == -1:
            left |= 1 << (j - ist[i])
    base = ist.shape[0]
    for t in range(tab[i], tab[i + 1]):
        q = tab[base + 2 * t + 1]
        if (left & ~tab[base + 2 * t]) == 0 and (q < 0 or s.value[q] != 0):
            return True
    return False


@bare
def _through_one(m, value, i, c):
    """:func:`blocked_option` when no option covers two items of class c: the options left to
    i all cover one item x of class c, and the other options of x are ruled out."""
    ist, iop, one = m.item_start, m.item_options, m.one
    x = -1
    for j in range(ist[i], ist[i + 1]):
        o = iop[j]
        if value[o] != -1:
            continue
        if one[c, o] < 0 or (x >= 0 and one[c, o] != x):
            return -1
        x = one[c, o]
    for k in range(ist[x], ist[x + 1]):
        q = iop[k]
        if value[q] != 0 and not _covers(m.option_start, m.option_items, q, i):
            return q
    return -1


@bare
def _shares_with_rest(m, value, i, first, q, c):
    """Whether q shares an item of class c with every option left to i but ``first``."""
    ist, iop = m.item_start, m.item_options
    for t in range(ist[i], ist[i + 1]):
        o = iop[t]
        if o != first and value[o] == -1 \
                and not _share_class(m.option_start, m.option_items, m.klass, o, q, c):
            return False
    return True


@bare
def blocked_option(m, value, i, c):
    """The first option (open or true) that the rule rules out at item i, read through class c;
    -1: none.

    Item i (primary, uncovered, two or more options left) is covered by one of its options
    left, so an option that shares an item of class c with every one of them, and is not one of
    them, is false. Propagation runs this test on every item that loses an option where the
    rule's table says it may fire (:func:`may_fire`).
    """
    if m.one[c, 0] != -2:
        return _through_one(m, value, i, c)
    ost, oit, ist, iop = m.option_start, m.option_items, m.item_start, m.item_options
    first = -1
    for j in range(ist[i], ist[i + 1]):
        if value[iop[j]] == -1:
            first = iop[j]
            break
    for j in range(ost[first], ost[first + 1]):
        x = oit[j]
        if m.klass[x] != c:
            continue
        for k in range(ist[x], ist[x + 1]):
            q = iop[k]
            if q == first or value[q] == 0 or _covers(ost, oit, q, i):
                continue
            if _shares_with_rest(m, value, i, first, q, c):
                return q
    return -1


@leaf
def may_block(m, s, i):
    """Whether the rule may rule out an option at item i (uncovered, primary, two or more
    options left): i is read through a class, has at most ``rule_max_left`` options left, and
    the table says it may (:func:`may_fire`): a small test, inlined where it is called."""
    return m.rule[i] >= 0 and s.left[i] <= s.counters[0].rule_max_left and may_fire(m, s, i)


@bare
def blocked(m, s, i, code):
    """The rule on item i: every option it rules out is made false, for reason ``code``;
    returns the conflict (``code``, i, q) when it rules out a true option q, else
    ``NO_CONFLICT``."""
    c = m.rule[i]
    q = blocked_option(m, s.value, i, c)
    while q >= 0:
        if s.value[q] == 1:
            return Conflict(code, i, q)
        make_false(m, s, q, code, i)
        q = blocked_option(m, s.value, i, c)
    return NO_CONFLICT


@bare
def blocked_at_start(m, s, code):
    """The rule on every uncovered primary item with two or more options left, at level 0;
    returns the conflict kind."""
    for i in range(m.primary.shape[0]):
        if m.primary[i] == 1 and s.cover[i] < 0 and s.left[i] >= 2 and may_block(m, s, i):
            kind = blocked(m, s, i, code).kind
            if kind != C_NONE:
                return kind
    return C_NONE


@bare
def blocked_reason(ost, oit, ist, iop, i, q, buf, n):
    """The options of item i sharing no item with q (false when the rule fired), into ``buf``
    from ``n``; returns the new end."""
    for j in range(ist[i], ist[i + 1]):
        o = iop[j]
        if not share(ost, oit, o, q):
            buf[n] = o
            n += 1
    return n


@bare
def blocked_why(m, s, u, buf):
    """The reason of option u, made false by the rule at item ``s.reason_at[u]``: the options
    of that item sharing no item with u (all false), into ``buf``; returns how many."""
    return blocked_reason(m.option_start, m.option_items, m.item_start, m.item_options,
                          s.reason_at[u], u, buf, 0)


@bare
def blocked_clash(m, s, conflict, buf):
    """The clause false when the rule rules out a true option at an item (``conflict.option``,
    ``conflict.at``): that option and the options of the item sharing no item with it, into
    ``buf``; returns how many."""
    q = conflict.option
    buf[0] = q
    return blocked_reason(m.option_start, m.option_items, m.item_start, m.item_options,
                          conflict.at, q, buf, 1)
