"""The search loop: level 0 (:func:`start`, :func:`kill`, :func:`probe`), then propagate, learn
or backtrack, decide, until a solution, the end, the budget or a tick (:func:`run`).

``run``'s steps (:func:`_conflict`, :func:`_block`, :func:`_decide`, :func:`_backtrack`) are
inlined into it, and ``run`` is the one kernel the driver calls: numba links every kernel a kernel
calls into it and optimises the whole again, so each kernel between the driver and the search's
steps would compile the search once more (``benchmarks/results/rebuild.md``).
"""

from dominosa_lab.solvers.engine.assign import (
    backjump,
    choice,
    dead_end,
    event,
    make_false,
    make_true,
    new_level,
)
from dominosa_lab.solvers.engine.decide import choose, update_target
from dominosa_lab.solvers.engine.jit import bare, clock_pace, inline, kernel, now
from dominosa_lab.solvers.engine.learn import add_clause, learn
from dominosa_lab.solvers.engine.propagate import propagate
from dominosa_lab.solvers.engine.rules import at_start
from dominosa_lab.solvers.engine.settings import SETTINGS
from dominosa_lab.solvers.engine.state import (
    C_ALO,
    C_KILL,
    C_NONE,
    C_STOP,
    E_SOLUTION,
    EXHAUSTED,
    F_LEARN,
    NODE_LIMIT,
    R_ALO,
    R_CL,
    R_DEC,
    R_FACT,
    SOLUTION,
    TICK,
)

__all__ = ["finish", "kill", "probe", "run", "start"]


@inline
def _backtrack(m, s):
    """Without learning: the last decision is false one level up (chronological, as DPLL)."""
    level = s.counters[0].level
    d = s.trail[s.level_start[level]]
    backjump(m, s, level - 1)
    make_false(m, s, d, R_FACT, -1)


@inline
def _block(m, s, g):
    """After a solution: a clause over the decisions excludes exactly it. False when none."""
    nlev = s.counters[0].level
    if nlev == 0:
        return False, g
    learnt = s.learnt
    for k in range(nlev):
        learnt[k] = 2 * s.trail[s.level_start[nlev - k]] + 1
    backjump(m, s, nlev - 1)
    u = learnt[0] >> 1
    if nlev == 1:
        make_false(m, s, u, R_FACT, -1)
    else:
        c, g = add_clause(s, g, learnt, nlev, 0)
        make_false(m, s, u, R_CL, c)
    return True, g


@bare
def finish(m, s):
    """End of the search: take every placement back (logged, counted) and mark it done."""
    backjump(m, s, 0)
    s.level_start[1] = 0
    backjump(m, s, 0)
    s.counters[0].done = 1


@inline
def _conflict(m, s, g, conflict):
    """A conflict: counted, then learned from or backtracked; returns (what, clauses), what
    -1 to go on."""
    counters = s.counters[0]
    counters.conflicts += 1
    counters.since_restart += 1
    dead_end(s, conflict.kind)
    if counters.level == 0:
        finish(m, s)
        return EXHAUSTED, g
    if (counters.flags & F_LEARN) == 0:
        _backtrack(m, s)
        return -1, g
    ok, g = learn(m, s, g, conflict)
    return (-1 if ok else NODE_LIMIT), g


@inline
def _decide(m, s):
    """A decision, counted as a choice; False when the node budget is spent."""
    update_target(s)
    q, k = choose(m, s)
    s.counters[0].decisions += 1
    new_level(s)
    choice(s, k)
    return make_true(m, s, q, R_DEC, -1)


@kernel
def run(m, s, g, deadline, slice_conflicts):
    """Search on to the next solution: (what happened, the clauses when their store grew, else
    None; handing a record of arrays back to Python costs a call as much as taking three in).

    What happened: SOLUTION (the cover is on the board), EXHAUSTED (no solution left; everything
    taken back), NODE_LIMIT (the node budget is spent), TICK (``slice_conflicts`` conflicts, the
    deadline passed, or the event log is half full: call again to go on).
    """
    what, grown = _search(m, s, g, deadline, slice_conflicts)
    same = grown.literals.shape[0] == g.literals.shape[0] \
        and grown.start.shape[0] == g.start.shape[0]
    return what, (None if same else grown)


@inline
def _search(m, s, g, deadline, slice_conflicts):
    """:func:`run`'s loop: (what happened, the clauses)."""
    counters = s.counters[0]
    half = s.events.shape[0] // 2
    if counters.done == 1:
        return EXHAUSTED, g
    if counters.after_solution == 1:
        counters.after_solution = 0
        ok, g = _block(m, s, g)
        if not ok:
            finish(m, s)
            return EXHAUSTED, g
    stop_at = counters.conflicts + slice_conflicts
    every, since, last = 1, 0, now()
    while True:
        if counters.n_events > half:
            return TICK, g
        since += 1
        if since >= every:  # the clock, read more seldom while steps are quick
            t = now()
            if t > deadline:
                return TICK, g
            every, since, last = clock_pace(every, t - last, SETTINGS.clock_every), 0, t
        conflict = propagate(m, s, g)
        if conflict.kind == C_STOP:
            return NODE_LIMIT, g
        if conflict.kind != C_NONE:
            what, g = _conflict(m, s, g, conflict)
            if what >= 0:
                return what, g
            if counters.conflicts >= stop_at:
                return TICK, g
            continue
        if counters.uncovered == 0:
            counters.solutions += 1
            counters.after_solution = 1
            event(s, E_SOLUTION, counters.solutions)
            return SOLUTION, g
        if not _decide(m, s):
            return NODE_LIMIT, g


@bare
def kill(m, s, g, options):
    """Make ``options`` false at level 0 (deductions found outside the kernel); propagate.

    Returns the conflict kind."""
    for q in options:
        if s.value[q] == 1:
            return C_KILL
        if s.value[q] == -1:
            make_false(m, s, q, R_FACT, -1)
    return propagate(m, s, g).kind


@bare
def _binary(m, s, p, c):
    """Whether option p covers a primary item of class c with exactly two options left."""
    for j in range(m.option_start[p], m.option_start[p + 1]):
        i = m.option_items[j]
        if m.primary[i] == 1 and m.klass[i] == c and s.left[i] == 2:
            return True
    return False


@bare
def _fails(m, s, g, p, stamp):
    """Whether making option p true at a trial level leads by propagation to a conflict (the
    trial is reasoning, not search: it places no node and logs nothing). When it does not, p
    and every option its trial made true get ``stamp`` in ``s.mark``: propagation only adds
    facts, so the trial of such an option makes true a part of what p's did and cannot fail
    either while level 0 stays as it is."""
    s.counters[0].silent = 1
    new_level(s)
    make_true(m, s, p, R_DEC, -1)
    kind = propagate(m, s, g).kind
    if kind == C_NONE:
        for k in range(s.level_start[1], s.counters[0].trail_len):
            if s.value[s.trail[k]] == 1:
                s.mark[s.trail[k]] = stamp
    backjump(m, s, 0)
    s.counters[0].silent = 0
    return kind != C_NONE


@bare
def probe(m, s, g, c):
    """Failed-option probing at level 0, to a fixed point: (conflict kind, options ruled out).

    An option of a primary item of class c with two options left whose choice leads by
    propagation to a conflict is false (its item then takes the other). An option known not to
    fail since level 0 last changed (its ``s.mark`` is the current stamp, see :func:`_fails`) is
    not tried again: the options ruled out, and their order, are those of trying every one.
    ``s.mark`` (conflict analysis's, all 0 outside it) is all 0 again at the end.
    """
    ruled, stamp = 0, 1
    changed = True
    kind = C_NONE
    while changed and kind == C_NONE:
        changed = False
        for p in range(s.value.shape[0]):
            if s.value[p] != -1 or s.mark[p] == stamp or not _binary(m, s, p, c) \
                    or not _fails(m, s, g, p, stamp):
                continue
            ruled += 1
            changed = True
            stamp += 1
            make_false(m, s, p, R_FACT, -1)
            kind = propagate(m, s, g).kind
            if kind != C_NONE:
                break
    s.mark[:] = 0
    return kind, ruled


@bare
def _single_options(m, s):
    """Every uncovered primary item with one option left takes it; returns the conflict kind
    (an item with none: C_ALO)."""
    for i in range(m.primary.shape[0]):
        if m.primary[i] == 0 or s.cover[i] >= 0:
            continue
        if s.left[i] == 0:
            return C_ALO
        if s.left[i] == 1:
            for j in range(m.item_start[i], m.item_start[i + 1]):
                if s.value[m.item_options[j]] == -1:
                    if not make_true(m, s, m.item_options[j], R_ALO, i):
                        return C_STOP
                    break
    return C_NONE


@bare
def start(m, s, g, dead):
    """Level 0 before any search: ``dead`` options false, items with one option taken, each
    rule's level-0 pass (:func:`~dominosa_lab.solvers.engine.rules.at_start`), then
    propagation. Returns the conflict kind."""
    for q in dead:
        if s.value[q] == -1:
            make_false(m, s, q, R_FACT, -1)
    kind = _single_options(m, s)
    if kind != C_NONE:
        return kind
    kind = at_start(m, s)
    if kind != C_NONE:
        return kind
    return propagate(m, s, g).kind
