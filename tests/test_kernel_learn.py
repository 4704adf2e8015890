"""Clause learning (``learn``): first-UIP analysis of a conflict worked out by hand, the
minimisation of the learned clause, the jump back and the assertion, the clause store with its
two watches, and the halving of the store by LBD (``reduce``).

:data:`CHAIN` is the conflict most tests read. Items: P = 0, J = 1, Q = 2, I = 3, R = 4 and
S = 5. Options::

    0 = {P}      1 = {P, J}      2 = {Q}      3 = {Q, I}      4 = {I, R}
    5 = {J, R}   6 = {J, R}      7 = {S}      8 = {S}

Decisions: option 0 at level 1 (so option 1 is false: P is covered), option 7 at level 2 (item
S, apart from the rest), option 2 at level 3. Then option 3 is false (Q is covered), item I
is left with option 4 alone (true), which makes options 5 and 6 false (R is covered): item J
has no option left, the conflict (``C_ALO`` at J). Trail: 0 1 | 7 8 | 2 3 4 5 6.

By hand, from J's options 1, 5, 6: option 1 is false at level 1 (into the clause as "1 is
true"); options 5 and 6 were made false at level 3 by option 4, which is the only option of
level 3 left to explain: the first unique implication point. The learned clause is "4 is
false or 1 is true" (4 true leaves J to option 1), which asserts at level 1, the level of
its other literal, with literals at two levels (LBD 2); level 2 played no part and is jumped
over.
"""

from __future__ import annotations

import numpy as np

from dominosa_lab.solvers.engine.assign import backjump, make_false, make_true
from dominosa_lab.solvers.engine.learn import analyze, learn, reduce
from dominosa_lab.solvers.engine.propagate import propagate
from dominosa_lab.solvers.engine.state import (
    C_ALO,
    R_CL,
    R_FACT,
    Conflict,
)
from tests.cover_states import clauses, counters, decide, model, no, state, store, trail, yes

CHAIN = model({0}, {0, 1}, {2}, {2, 3}, {3, 4}, {1, 4}, {1, 4}, {5}, {5})
#: The clause learned from :data:`CHAIN`'s conflict: "4 is false or 1 is true", the UIP first.
CHAIN_CLAUSE = [no(4), yes(1)]


def chain_conflict(decisions=(0, 7, 2), **flags):
    """:data:`CHAIN` at its conflict, after ``decisions`` (one a level): (state, clauses,
    conflict)."""
    s, g = state(CHAIN, **flags), clauses(CHAIN)
    for q in decisions:
        decide(CHAIN, s, q)
        conflict = propagate(CHAIN, s, g)
    assert conflict == Conflict(C_ALO, at=1, option=0)
    return s, g, conflict


def test_analysis_learns_the_first_uip_clause_and_the_level_it_asserts_at():
    s, g, conflict = chain_conflict()
    assert trail(s) == [0, 1, 7, 8, 2, 3, 4, 5, 6]
    n, level, lbd = analyze(CHAIN, s, g, conflict)
    assert s.learnt[:n].tolist() == CHAIN_CLAUSE
    assert (level, lbd) == (1, 2)


def test_the_clause_asserts_at_the_highest_level_of_its_other_literals():
    # option 7 first, then option 0: option 1 is false at level 2, and the clause asserts there
    s, g, conflict = chain_conflict(decisions=(7, 0, 2))
    n, level, _ = analyze(CHAIN, s, g, conflict)
    assert s.learnt[:n].tolist() == CHAIN_CLAUSE and level == 2
    learn(CHAIN, s, g, conflict)
    assert counters(s).level == 2 and trail(s) == [7, 8, 0, 1, 4]


def test_analysis_bumps_the_options_it_reads_and_clears_its_marks():
    # it reads J's options 1, 5 and 6, then option 4 (their reason); not options 2 and 3,
    # behind the UIP, nor the levels' other options
    s, g, conflict = chain_conflict()
    analyze(CHAIN, s, g, conflict)
    assert np.flatnonzero(s.activity).tolist() == [1, 4, 5, 6]
    assert not s.mark.any()
    assert s.increments.tolist() == [(1 / 0.95, 1 / 0.999)]


#: Minimisation. Items: P = 0, J = 1, R = 2, T = 3. Options: 0 = {P}, 1 = {P, J}, 2 = {J},
#: 3 = {J, R}, 4 = {J, T}, 5 = {R, T}; and a clause stored beforehand, "1 is true or 2 is
#: false". Option 0 decided at level 1 makes option 1 false, and the clause then option 2;
#: option 5 decided at level 2 makes options 3 and 4 false: item J has no option left. Its
#: options 1 and 2 are false at level 1, options 3 and 4 at level 2 by option 5, the UIP: the
#: clause learned is "5 is false or 1 is true or 2 is true". Option 2 is false only because
#: option 1 is (the stored clause): "2 is true" is implied by the others, and minimisation drops
#: it.
MINI = model({0}, {0, 1}, {1}, {1, 2}, {1, 3}, {2, 3})


def mini_clause(minimize: bool) -> tuple[list[int], int, int]:
    """The clause learned from :data:`MINI`'s conflict, its level and its LBD."""
    s, g = state(MINI, minimize=minimize), clauses(MINI)
    _, g = store(s, g, [yes(1), no(2)])
    decide(MINI, s, 0)
    propagate(MINI, s, g)
    decide(MINI, s, 5)
    n, level, lbd = analyze(MINI, s, g, propagate(MINI, s, g))
    return s.learnt[:n].tolist(), level, lbd


def test_without_minimisation_every_literal_below_the_uip_level_is_kept():
    assert mini_clause(minimize=False) == ([no(5), yes(1), yes(2)], 1, 2)


def test_minimisation_drops_a_literal_implied_by_the_other_literals():
    assert mini_clause(minimize=True) == ([no(5), yes(1)], 1, 2)


def test_learn_jumps_back_to_the_clauses_level_and_asserts_its_first_literal_there():
    s, g, conflict = chain_conflict()
    ok, g = learn(CHAIN, s, g, conflict)
    assert ok and counters(s).level == 1
    assert trail(s) == [0, 1, 4]  # level 2 taken back with level 3
    assert (s.value[4], s.reason[4], s.reason_at[4], s.level[4]) == (0, R_CL, 0, 1)


def test_learn_stores_the_clause_with_its_lbd_and_watches_its_first_two_literals():
    s, g, conflict = chain_conflict()
    _, g = learn(CHAIN, s, g, conflict)
    assert (counters(s).n_clauses, counters(s).live_clauses, counters(s).n_literals) == (1, 1, 2)
    assert g.literals[g.start[0]:g.start[0] + g.length[0]].tolist() == CHAIN_CLAUSE
    assert (g.lbd[0], g.deleted[0]) == (2, 0)
    assert g.activity[0] == s.increments["clause"][0]  # as active as a clause just used
    assert g.watch_literal[:2].tolist() == CHAIN_CLAUSE
    assert (g.watch_head[no(4)], g.watch_head[yes(1)]) == (0, 1)


def test_the_learned_clause_propagates_from_then_on():
    # back at level 0, option 1 false: the clause makes option 4 false
    s, g, conflict = chain_conflict()
    _, g = learn(CHAIN, s, g, conflict)
    backjump(CHAIN, s, 0)
    make_false(CHAIN, s, 1, R_FACT, -1)
    propagate(CHAIN, s, g)
    assert (s.value[4], s.reason[4], s.reason_at[4]) == (0, R_CL, 0)


def test_a_conflict_whose_clause_is_one_literal_is_learned_as_a_fact_at_level_zero():
    # option 0 true at level 0: option 1, false there, is left out; the clause is "4 is false"
    s, g = state(CHAIN), clauses(CHAIN)
    make_true(CHAIN, s, 0, R_FACT, -1)
    propagate(CHAIN, s, g)
    decide(CHAIN, s, 2)
    conflict = propagate(CHAIN, s, g)
    ok, g = learn(CHAIN, s, g, conflict)
    assert ok and counters(s).level == 0 and counters(s).n_clauses == 0
    assert (s.value[4], s.reason[4], s.level[4]) == (0, R_FACT, 0)


def test_a_restart_due_takes_the_search_to_level_zero_with_the_clause_stored_not_asserted():
    s, g, conflict = chain_conflict(restarts=True, restart_unit=300, restart_budget=300,
                                    restart_index=1, since_restart=300)
    ok, g = learn(CHAIN, s, g, conflict)
    assert ok and counters(s).level == 0 and trail(s) == []
    assert counters(s).n_clauses == 1 and counters(s).restarts == 1


def test_add_clause_grows_the_store_past_its_room_and_keeps_every_clause():
    # room for 256 clauses: 300 of three literals each, "option k, k + 1 or k + 2 is false"
    m = model(*[{0}] * 303)
    s, g = state(m), clauses(m)
    for k in range(300):
        c, g = store(s, g, [no(k), no(k + 1), no(k + 2)], lbd=3)
        assert c == k
    assert g.start.shape[0] > 256 and counters(s).n_clauses == 300
    assert all(g.literals[g.start[k]:g.start[k] + g.length[k]].tolist()
               == [no(k), no(k + 1), no(k + 2)] for k in range(300))
    watching = []  # the slots watching "option 1 false": clause 0's second, clause 1's first
    e = g.watch_head[no(1)]
    while e >= 0:
        watching.append(e)
        e = g.watch_next[e]
    assert sorted(watching) == [1, 2]


def stored(lbds, activities=None):
    """A store of clauses over options 0-7 of a model of one item, with the LBDs given (and
    activities, else each the clause bump): (state, clauses)."""
    m = model(*[{0}] * 8)
    s, g = state(m), clauses(m)
    for k, lbd in enumerate(lbds):
        _, g = store(s, g, [no(k), no(k + 1)], lbd=lbd)
        if activities is not None:
            g.activity[k] = activities[k]
    counters(s).live_clauses = len(lbds)
    return m, s, g


def test_reduce_deletes_the_half_of_the_clauses_with_the_highest_lbd():
    _, s, g = stored([3, 6, 4, 5])
    reduce(s, g)
    assert g.deleted[:4].tolist() == [0, 1, 0, 1]
    assert counters(s).live_clauses == 2


def test_reduce_deletes_half_of_an_odd_number_of_clauses_rounded_down():
    _, s, g = stored([3, 6, 4, 5, 7])
    reduce(s, g)
    assert g.deleted[:5].tolist() == [0, 1, 0, 0, 1]


def test_reduce_deletes_the_least_active_of_clauses_of_equal_lbd():
    _, s, g = stored([4, 4, 4, 4], activities=[3.0, 1.0, 4.0, 2.0])
    reduce(s, g)
    assert g.deleted[:4].tolist() == [0, 1, 0, 1]


def test_reduce_keeps_every_clause_of_lbd_two_or_less():
    # of the five clauses, only the two of LBD 3 are candidates: one goes
    _, s, g = stored([1, 2, 2, 3, 3], activities=[0.0, 0.0, 0.0, 2.0, 1.0])
    reduce(s, g)
    assert g.deleted[:5].tolist() == [0, 0, 0, 0, 1]


def test_reduce_keeps_a_clause_that_is_the_reason_of_a_value():
    # clause 0 ("0 or 1 is false", the worst LBD) made option 1 false: it stays
    m, s, g = stored([9, 4, 3])
    make_true(m, s, 0, R_FACT, -1)
    make_false(m, s, 1, R_CL, 0)
    reduce(s, g)
    assert g.deleted[:3].tolist() == [0, 1, 0]


def test_reduce_does_not_count_a_deleted_clause_again():
    _, s, g = stored([5, 5, 5, 5, 5], activities=[1.0, 2.0, 3.0, 4.0, 5.0])
    g.deleted[0] = 1
    counters(s).live_clauses = 4
    reduce(s, g)  # candidates 1-4: clauses 1 and 2 go
    assert g.deleted[:5].tolist() == [1, 1, 1, 0, 0]
    assert counters(s).live_clauses == 2

