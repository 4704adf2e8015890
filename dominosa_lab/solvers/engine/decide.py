"""The branching heuristic, all of it: which item, which option, which phase, when to restart,
and which options a caller (belief propagation) prefers.

* **Item**: the uncovered primary item with fewest options left; ties go to the largest summed
  activity of its open options when learning, else to the first.
* **Option**: the most active open option of the item, an option of the target phase first.
* **Target phase**: the longest conflict-free assignment seen so far (:func:`update_target`), or
  for good the options a caller prefers (:func:`prefer`); on Dominosa boards of at least
  ``guide_min_placements`` placements (:data:`~dominosa_lab.solvers.engine.settings.SETTINGS`),
  the placements belief propagation believes in (:func:`guide`: on random boards nearly always
  right).
* **Restarts**: after a number of conflicts that follows Luby's sequence in units of
  ``luby_unit``, back to level 0 keeping the learned clauses (:func:`restart_level`).
"""

from __future__ import annotations

import numpy as np

from dominosa_lab.solvers.engine.assign import event
from dominosa_lab.solvers.engine.jit import bare
from dominosa_lab.solvers.engine.settings import SETTINGS
from dominosa_lab.solvers.engine.state import (
    E_RESTART,
    F_LEARN,
    F_RESTARTS,
    F_TARGET,
    SearchState,
)

__all__ = ["choose", "guide", "guides", "let_go", "luby", "prefer", "restart_level",
           "schedule_restarts", "update_target"]


@bare
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


@bare
def _item(m, s, learn):
    """The uncovered primary item with fewest options left (ties: see the module); returns
    (item, options left)."""
    best = -1
    bestn = 1 << 40
    besta = -1.0
    for i in range(m.primary.shape[0]):
        if m.primary[i] == 0 or s.cover[i] >= 0:
            continue
        n = s.left[i]
        if n > bestn or (n == bestn and not learn):
            continue
        a = 0.0
        if learn:
            for j in range(m.item_start[i], m.item_start[i + 1]):
                q = m.item_options[j]
                if s.value[q] == -1:
                    a += s.activity[q]
        if n < bestn or a > besta:
            best = i
            bestn = n
            besta = a
    return best, bestn


@bare
def choose(m, s):
    """The decision: (option to make true, options left to its item)."""
    flags = s.counters[0].flags
    item, n = _item(m, s, (flags & F_LEARN) != 0)
    target = (flags & F_TARGET) != 0
    best = -1
    besta = -1.0
    for j in range(m.item_start[item], m.item_start[item + 1]):
        q = m.item_options[j]
        if s.value[q] == -1:
            a = s.activity[q] + (1e200 if target and s.target[q] == 1 else 0.0)
            if a > besta:
                besta = a
                best = q
    return best, n


@bare
def update_target(s):
    """Before a decision: an assignment longer than any before becomes the target phase."""
    counters = s.counters[0]
    if (counters.flags & F_TARGET) != 0 and counters.n_true > counters.best:
        counters.best = counters.n_true
        for q in range(s.value.shape[0]):
            s.target[q] = 1 if s.value[q] == 1 else 0


@bare
def restart_level(s, level):
    """The level to jump back to after a conflict whose learned clause asserts at ``level``: 0
    when a restart is due (then counted, logged and the next one scheduled). Returns (restart,
    level)."""
    counters = s.counters[0]
    if (counters.flags & F_RESTARTS) == 0 or counters.since_restart < counters.restart_budget \
            or level <= 0:
        return False, level
    event(s, E_RESTART, 0)
    counters.restarts += 1
    counters.restart_index += 1
    counters.restart_budget = counters.restart_unit * luby(counters.restart_index)
    counters.since_restart = 0
    return True, 0


@bare
def schedule_restarts(s, unit):
    """The first restart after ``unit`` conflicts (the driver's ``luby_unit``, :data:`SETTINGS`),
    and the later ones in units of as many."""
    counters = s.counters[0]
    counters.restart_unit = unit
    counters.restart_budget = unit
    counters.restart_index = 1


def prefer(s: SearchState, options: np.ndarray) -> None:
    """Make ``options`` the target phase for good: a decision makes its item's preferred option
    true first (else the most active), and the target is no longer replaced by the longest
    conflict-free assignment seen."""
    s.target[:] = 0
    s.target[options] = 1
    s.counters["best"] = s.value.shape[0] + 1  # longer than any assignment: never replaced


def let_go(s: SearchState) -> None:
    """Drop a preferred target phase: the next conflict-free assignment longer than none (any)
    becomes the target, as before :func:`prefer`."""
    s.counters["best"] = 0


def guides(n_options: int) -> bool:
    """Whether :func:`guide` asks belief propagation on a model of ``n_options`` options (from
    ``guide_min_placements``, :data:`SETTINGS`)."""
    return n_options >= SETTINGS.guide_min_placements


def guide(engine, conflicts: int | None = None) -> None:
    """On a model of at least ``guide_min_placements`` options (:data:`SETTINGS`) with options
    left open: prefer (:func:`prefer`) those that belief propagation believes in
    (:func:`~dominosa_lab.solvers.engine.beliefs.log_odds` above 0), for good or for the next
    ``conflicts`` conflicts (:func:`let_go`). ``engine`` is a
    :class:`~dominosa_lab.solvers.engine.search.CoverSearch` at level 0."""
    from dominosa_lab.solvers.engine.beliefs import log_odds

    if not guides(engine.model.n_options):
        return
    state = engine.state()
    if (state == -1).any():
        deadline = engine.search.deadline
        odds = log_odds(engine.model, state, deadline=np.inf if deadline is None else deadline)
        engine.prefer(np.flatnonzero(odds > 0), conflicts)
