"""The search loop (``loop``): after level 0, ``run`` to each cover in turn and to the end, or
to a budget, a deadline or a slice of conflicts spent.
``run`` compiles every kernel of the search; level 0 has tests of its own
(``test_kernel_level0.py``), which do not compile it.

:data:`HALVES` is two independent halves: items 0 and 1 with options 0 = {0, 1}, 2 = {0},
4 = {1}; items 2 and 3 with options 1 = {2, 3}, 3 = {2}, 5 = {3}. Its four covers: {0} or
{2, 4}, with {1} or {3, 5}. :data:`TRIANGLE` (options {0, 1}, {0, 2}, {1, 2}) has none: any
option leaves the third item to options sharing an item with it.
"""

from __future__ import annotations

import time

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominosa_lab.solvers.engine.decide import schedule_restarts
from dominosa_lab.solvers.engine.loop import run, start
from dominosa_lab.solvers.engine.propagate import propagate
from dominosa_lab.solvers.engine.settings import SETTINGS
from dominosa_lab.solvers.engine.state import (
    C_NONE,
    EXHAUSTED,
    NODE_LIMIT,
    R_CL,
    R_FACT,
    SOLUTION,
    TICK,
    CoverModel,
)
from tests.cover_states import clauses, counters, decide, model, state, store, trail, yes
from tests.strategies import cover_models, domino_grids
from tests.test_kernel_level0 import HALVES, NONE

TRIANGLE = model({0, 1}, {0, 2}, {1, 2})
FOREVER = float("inf")


def searching(m: CoverModel, learn: bool = True, restart_unit: int | None = None, **budget):
    """A state and clause store for ``m`` set up as the driver sets them up (restarts every
    ``restart_unit`` conflicts times Luby's sequence), after level 0: (state, clauses, start's
    conflict kind)."""
    s, g = state(m, learn=learn, minimize=True, target=True, restarts=learn, **budget), \
        clauses(m)
    schedule_restarts(s, SETTINGS.luby_unit if restart_unit is None else restart_unit)
    return s, g, start(m, s, g, NONE)


def step(m: CoverModel, s, g, deadline: float = FOREVER, slice_conflicts: int = 1 << 40):
    """One :func:`run`: (what happened, the clauses, grown or not)."""
    what, grown = run(m, s, g, deadline, slice_conflicts)
    return what, (g if grown is None else grown)


def every_cover(m: CoverModel, s, g, deadline: float = FOREVER) -> list[frozenset[int]]:
    """The covers ``run`` lists before it says EXHAUSTED."""
    found = []
    while True:
        what, g = step(m, s, g, deadline)
        if what == EXHAUSTED:
            return found
        assert what == SOLUTION
        found.append(frozenset(np.flatnonzero(s.value == 1).tolist()))


def exact_covers(m: CoverModel) -> set[frozenset[int]]:
    """Every exact cover of ``m`` by the definition, item by item: the first primary item not
    covered yet is covered by one of its options that covers no item covered already (options
    covering only secondary items are in no cover listed, as a search decides on primary
    items only)."""
    covered = np.zeros(m.n_items, bool)
    chosen: list[int] = []

    def extend():
        todo = np.flatnonzero((m.primary == 1) & ~covered)
        if todo.size == 0:
            yield frozenset(chosen)
            return
        for q in m.options_of(todo[0]).tolist():
            items = m.items_of(q)
            if covered[items].any():
                continue
            covered[items] = True
            chosen.append(q)
            yield from extend()
            chosen.pop()
            covered[items] = False

    return set(extend())


@pytest.mark.parametrize("learn", [True, False], ids=["learning", "depth first"])
def test_run_lists_every_cover_once_then_says_exhausted(learn):
    s, g, _ = searching(HALVES, learn)
    found = every_cover(HALVES, s, g)
    assert sorted(map(sorted, found)) == [[0, 1], [0, 3, 5], [1, 2, 4], [2, 3, 4, 5]]


@pytest.mark.parametrize("learn", [True, False], ids=["learning", "depth first"])
def test_after_the_last_cover_everything_is_taken_back_and_run_stays_exhausted(learn):
    s, g, _ = searching(HALVES, learn)
    every_cover(HALVES, s, g)
    assert (s.value == -1).all() and trail(s) == [] and counters(s).done == 1
    assert run(HALVES, s, g, FOREVER, 1 << 40)[0] == EXHAUSTED


def lists_exactly_the_exact_covers(m: CoverModel, learn: bool, restart_unit: int) -> None:
    s, g, kind = searching(m, learn, restart_unit)
    covers = exact_covers(m)
    if kind != C_NONE:
        assert covers == set()
        return
    found = every_cover(m, s, g)
    assert len(found) == len(set(found)) and set(found) == covers


@settings(max_examples=150, deadline=None)
@given(m=cover_models(max_items=6, max_options=10), learn=st.booleans(),
       restart_unit=st.sampled_from([1, 300]))
def test_run_lists_exactly_the_exact_covers(m, learn, restart_unit):
    # each once, with or without learning, restarting after every conflict or seldom
    lists_exactly_the_exact_covers(m, learn, restart_unit)


@settings(max_examples=60, deadline=None)
@given(m=domino_grids(), learn=st.booleans(), restart_unit=st.sampled_from([1, 300]))
def test_run_lists_exactly_the_domino_tilings_of_a_grid(m, learn, restart_unit):
    # grids with squares taken out: many covers, or none after conflicts and restarts
    lists_exactly_the_exact_covers(m, learn, restart_unit)


def test_a_search_restarting_after_every_conflict_still_refutes_a_grid_of_odd_size():
    # 25 squares: no tiling; learned clauses of two literals or more send it back to level 0
    m = model(*[{5 * r + c, 5 * r + c + 1} for r in range(5) for c in range(4)],
              *[{5 * r + c, 5 * r + c + 5} for r in range(4) for c in range(5)])
    s, g, _ = searching(m, restart_unit=1)
    assert every_cover(m, s, g) == []
    assert counters(s).restarts > 0


#: The conflict of ``test_kernel_learn``: options 0 = {0}, 1 = {0, 1}, 2 = {2}, 3 = {2, 3},
#: 4 = {3, 4}, 5 and 6 = {1, 4}, 7 and 8 = {5}. Decisions 0, 7 and 2 (levels 1-3) leave item 1
#: without an option; its first-UIP clause, "4 is false or 1 is true", asserts at level 1.
CHAIN = model({0}, {0, 1}, {2}, {2, 3}, {3, 4}, {1, 4}, {1, 4}, {5}, {5})


def chain_conflict(learn: bool):
    """The search at :data:`CHAIN`'s conflict, then one run that stops after it: the state."""
    s, g, _ = searching(CHAIN, learn)
    for q in (0, 7, 2):
        decide(CHAIN, s, q)
        propagate(CHAIN, s, g)
    assert run(CHAIN, s, g, FOREVER, 1)[0] == TICK
    return s


def test_without_learning_a_conflict_makes_the_last_decision_false_one_level_up():
    s = chain_conflict(learn=False)
    assert counters(s).level == 2 and trail(s) == [0, 1, 7, 8, 2]
    assert (s.value[2], s.reason[2], s.level[2]) == (0, R_FACT, 2)
    assert counters(s).n_clauses == 0


def test_with_learning_a_conflict_jumps_back_to_its_learned_clause_level():
    s = chain_conflict(learn=True)
    assert counters(s).level == 1 and trail(s)[:3] == [0, 1, 4]
    assert (s.value[4], s.reason[4], s.level[4]) == (0, R_CL, 1)
    assert counters(s).n_clauses == 1


def test_a_node_budget_spent_gives_node_limit_at_the_budget():
    s, g, _ = searching(HALVES, max_nodes=1)
    what, _ = run(HALVES, s, g, FOREVER, 1 << 40)
    assert what == NODE_LIMIT and counters(s).nodes == 1


def test_a_deadline_passed_gives_tick_at_once_with_nothing_done():
    s, g, _ = searching(HALVES)
    what, _ = run(HALVES, s, g, time.perf_counter() - 1.0, 1 << 40)
    assert what == TICK
    assert (counters(s).nodes, counters(s).trail_len, counters(s).level) == (0, 0, 0)


def test_a_slice_of_conflicts_spent_gives_tick_and_the_next_run_goes_on_from_there():
    # option 0 first: the triangle's conflict at level 1, learned; then at level 0, the end
    s, g, kind = searching(TRIANGLE)
    assert kind == C_NONE
    what, g = step(TRIANGLE, s, g, FOREVER, 1)
    assert what == TICK and counters(s).conflicts == 1
    assert run(TRIANGLE, s, g, FOREVER, 1)[0] == EXHAUSTED and counters(s).conflicts == 2


def test_run_hands_back_no_store_while_it_has_room():
    s, g, _ = searching(HALVES)
    assert run(HALVES, s, g, FOREVER, 1 << 40) == (SOLUTION, None)


def test_run_hands_back_the_store_when_it_grew():
    # room for one clause, taken by item 0's own ("option 0 or 2 is true"): the clause that
    # keeps the first cover {0, 1} out, over its two decisions, grows the store
    s, g = state(HALVES, minimize=True, target=True), clauses(HALVES, room=1)
    _, g = store(s, g, [yes(0), yes(2)])
    start(HALVES, s, g, NONE)
    assert run(HALVES, s, g, FOREVER, 1 << 40) == (SOLUTION, None)
    what, grown = run(HALVES, s, g, FOREVER, 1 << 40)
    assert what == SOLUTION and grown is not None and grown.start.shape[0] > 1
    assert grown.literals[:2].tolist() == [yes(0), yes(2)]
