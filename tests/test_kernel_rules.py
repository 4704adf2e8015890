"""The table of the engine's kinds of step (``engine/rules.py``): every row complete (a code of
its own, a name, a sentence, and for a rule its five kernels taking their arguments), and the
kernels that dispatch over the rules' rows.

A rule added is a row: these tests fail when the row lacks what the engine reads from it.
"""

from __future__ import annotations

import inspect

import numpy as np
import pytest
from numba.core.dispatcher import Dispatcher

from dominosa_lab.core.search import Search
from dominosa_lab.solvers.engine.assign import make_false
from dominosa_lab.solvers.engine.rules import (
    BLOCKED,
    CORE,
    KINDS,
    RULES,
    SENTENCES,
    Kind,
    Rule,
    clause_of,
    fire,
    reason_of,
)
from dominosa_lab.solvers.engine.search import CoverSearch
from dominosa_lab.solvers.engine.state import (
    C_ALO,
    C_BIN,
    C_CL,
    C_KILL,
    C_NONE,
    C_STOP,
    NO_CONFLICT,
    R_FACT,
    Conflict,
)
from tests.cover_states import model, state

#: Each kernel of a rule's row and how many arguments the engine calls it with.
ARGUMENTS = {"fires": 3, "apply": 4, "reason": 4, "conflict": 4, "start": 3}
#: The conflicts of the engine's core.
CORE_CONFLICTS = (C_BIN, C_ALO, C_CL, C_KILL)

#: Item 0 (read through item 1's class) has options 0 = {0, 1} and 1 = {0, 1, 3}, both on item 1;
#: option 2 = {1, 2}, the only option of item 2, is on item 1 but not item 0.
CLASH = model({0, 1}, {0, 1, 3}, {1, 2}, {3}, klass=[0, 1, 0, 0], rule=[1, -1, -1, -1])
rows = pytest.mark.parametrize("row", RULES, ids=[row.name for row in RULES])


def test_the_core_rows_are_kinds_and_the_rules_rows_are_rules():
    assert all(type(row) is Kind for row in CORE)
    assert all(type(row) is Rule for row in RULES)
    assert KINDS == CORE + RULES


def test_every_kind_has_a_code_of_its_own_that_a_reason_holds():
    codes = [row.code for row in KINDS]
    assert all(type(code) is int and 0 <= code <= np.iinfo(np.int8).max for code in codes)
    assert len(set(codes)) == len(codes)


def test_every_kind_has_a_name_of_its_own():
    names = [row.name for row in KINDS]
    assert all(isinstance(name, str) and name for name in names)
    assert len(set(names)) == len(names)


def test_every_kernel_field_of_a_rule_is_listed_with_its_arguments():
    assert Rule._fields == ("code", "name", "sentence", *ARGUMENTS)


@rows
def test_a_rule_conflict_is_neither_no_conflict_nor_the_budget_spent(row):
    assert row.code not in (C_NONE, C_STOP)


@rows
def test_a_rule_has_a_sentence_for_its_dead_end(row):
    assert isinstance(row.sentence, str) and row.sentence
    assert SENTENCES[row.code] == row.sentence


@rows
@pytest.mark.parametrize("field", ARGUMENTS)
def test_a_rule_kernel_is_compiled_and_takes_the_arguments_it_is_called_with(row, field):
    kernel = getattr(row, field)
    assert isinstance(kernel, Dispatcher)
    assert len(inspect.signature(kernel.py_func).parameters) == ARGUMENTS[field]


@pytest.mark.parametrize("code", CORE_CONFLICTS)
def test_every_conflict_of_the_core_has_a_sentence(code):
    assert SENTENCES[code]


def test_fire_returns_the_conflict_of_the_rule_that_rules_out_a_true_option():
    s = state(CLASH)
    s.value[2] = 1
    assert fire(CLASH, s, 0) == Conflict(BLOCKED.code, at=0, option=2)


def test_a_rule_reason_is_rebuilt_by_its_row():
    # with option 2 = {0, 3} false, item 0 is left with options 0 and 1, both on item 1: the
    # rule makes option 3 = {1, 2} false, because option 2, the one option of item 0 sharing no
    # item with it, is false
    m = model({0, 1}, {0, 1, 3}, {0, 3}, {1, 2}, {2}, {3}, klass=[0, 1, 0, 0],
              rule=[1, -1, -1, -1])
    s, buf = state(m), np.zeros(8, np.int64)
    make_false(m, s, 2, R_FACT, -1)
    assert fire(m, s, 0) == NO_CONFLICT
    assert (s.value[3], s.reason[3]) == (0, BLOCKED.code)
    assert buf[:reason_of(m, s, 3, buf)].tolist() == [2]


def test_no_row_rebuilds_the_clause_of_a_core_conflict():
    s, buf = state(CLASH), np.zeros(8, np.int64)
    assert [clause_of(CLASH, s, Conflict(code, 0, 0), buf) for code in CORE_CONFLICTS] == \
        [0, 0, 0, 0]


def test_a_trace_says_a_rule_dead_end_in_its_row_sentence():
    search = Search(trace=True)
    assert not CoverSearch(CLASH, search, int).start()
    assert [e.text for e in search.events if e.kind == "dead_end"] == [BLOCKED.sentence]
