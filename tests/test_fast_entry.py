"""The fast engine's call boundary: kernels called through their compiled entry points."""

from __future__ import annotations

from itertools import islice

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from numba import njit

from dominosa_lab import random_puzzle
from dominosa_lab.core.search import Search
from dominosa_lab.solvers.engine import search as driver
from dominosa_lab.solvers.engine.fresh import new_clauses, new_search_state
from dominosa_lab.solvers.engine.jit import entry, signature
from dominosa_lab.solvers.engine.settings import SETTINGS
from dominosa_lab.solvers.engine.state import cover_model
from dominosa_lab.solvers.fast.dominosa import DominosaCover, root_deductions


def test_numba_still_fingerprints_arguments_and_hands_out_entry_points():
    # jit.entry relies on numba's private compute_fingerprint and on Dispatcher.compile
    # returning the overload's entry point; this fails by name when numba changes either
    @njit
    def add(a, b):
        return a + b

    point = entry(add, signature(1, 2), (1, 2))
    assert point(2, 3) == 5 and point is add.overloads[next(iter(add.overloads))].entry_point


def test_an_entry_point_is_found_once_per_kind_of_arguments():
    @njit
    def total(a):
        return a.sum()

    ints, floats = np.arange(4), np.ones(3)
    point = entry(total, signature(ints), (ints,))
    assert entry(total, signature(np.arange(9)), (np.arange(9),)) is point
    assert entry(total, signature(floats), (floats,)) is not point
    assert entry(total, signature(floats), (floats,))(floats) == 3.0


@settings(max_examples=30, deadline=None)
@given(items=st.lists(st.lists(st.integers(0, 5), min_size=1, max_size=3, unique=True),
                      min_size=1, max_size=8),
       narrow=st.booleans(), events=st.integers(2, 100))
def test_every_new_search_state_and_clauses_record_has_the_types_the_driver_keeps(items, narrow,
                                                                                 events):
    starts = np.cumsum([0] + [len(option) for option in items])
    model = cover_model(starts, np.concatenate(items), [True] * 6)
    if narrow:  # a model built by hand with narrower integers
        model = model._replace(item_start=model.item_start.astype(np.int32))
    state = new_search_state(model, max_nodes=7, flags=1, rule_max=None, events=events)
    assert signature(state, new_clauses(len(items))) == driver._state_and_clauses()


def test_the_search_keeps_the_clauses_the_kernel_grew_between_its_returns(monkeypatch):
    board = DominosaCover(random_puzzle(35, seed=2).puzzle)

    def run() -> tuple[dict, list]:
        engine = board.engine(Search())
        root_deductions(engine, board, probe=False)
        covers = [c.tolist() for c in islice(engine.covers(), 3)]
        return {**engine.counters, "room": engine.clauses.start.shape[0]}, covers

    whole = run()
    one = SETTINGS._replace(slice_conflicts=1)  # back to Python after every conflict
    monkeypatch.setattr(driver, "SETTINGS", one)
    assert whole[0]["learned"] > new_clauses(1).start.shape[0] and run() == whole
