"""One calling convention: the puzzle first (a Puzzle or its rows), everything else by keyword,
one budget, and a spent budget is status="stopped" with the counters."""

import inspect

import pytest

from dominosa_lab import (
    ArgumentError,
    Puzzle,
    count_solutions,
    explain_no_solution,
    grade,
    hints,
    is_unique,
    iter_solutions,
    load,
    parse,
    random_puzzle,
    solve,
    unique_puzzle,
)
from dominosa_lab.boards import shuffled_puzzle
from dominosa_lab.core.search import Search
from dominosa_lab.dominopeg import solve as solve_peg
from dominosa_lab.experiments import run_sweep
from dominosa_lab.logic import deduce

ENTRY_POINTS = [solve, iter_solutions, count_solutions, is_unique, grade, hints, deduce,
                explain_no_solution, parse, unique_puzzle, random_puzzle, run_sweep,
                shuffled_puzzle, solve_peg]
BUDGETED = [solve, count_solutions, is_unique, grade, hints, unique_puzzle]
RESULTS = [solve, count_solutions, is_unique, grade, hints]


@pytest.mark.parametrize("call", ENTRY_POINTS, ids=lambda f: f.__name__)
def test_only_the_first_argument_is_positional(call):
    kinds = [p.kind for p in inspect.signature(call).parameters.values()]
    assert kinds[0] == inspect.Parameter.POSITIONAL_OR_KEYWORD
    assert set(kinds[1:]) <= {inspect.Parameter.KEYWORD_ONLY, inspect.Parameter.VAR_KEYWORD}


@pytest.mark.parametrize("call", ENTRY_POINTS, ids=lambda f: f.__name__)
def test_an_argument_after_the_first_given_by_position_is_refused_naming_the_keywords(call):
    parameters = inspect.signature(call).parameters.values()
    keywords = [p.name for p in parameters if p.kind is inspect.Parameter.KEYWORD_ONLY]
    with pytest.raises(ArgumentError, match=rf"^{call.__name__}\(\) takes \w+ by position and "
                       rf"{', '.join(keywords)} by keyword"):
        call(None, None)


@pytest.mark.parametrize("call", BUDGETED, ids=lambda f: f.__name__)
def test_every_budgeted_entry_point_takes_max_nodes_and_time_limit(call):
    assert {"max_nodes", "time_limit"} <= set(inspect.signature(call).parameters)


@pytest.mark.parametrize("call", RESULTS, ids=lambda f: f.__name__)
def test_every_entry_point_takes_plain_rows(call):
    rows = [[0, 0, 1], [1, 1, 0]]
    from_rows, from_puzzle = call(rows), call(Puzzle(rows))
    assert from_rows.status == from_puzzle.status != "stopped"
    assert from_rows.stats.nodes == from_puzzle.stats.nodes


@pytest.mark.parametrize(
    "call",
    [lambda p: solve(p, max_nodes=3, method="rowscan"), lambda p: count_solutions(p, max_nodes=3),
     lambda p: is_unique(p, max_nodes=3), lambda p: grade(p, max_level="trivial", max_nodes=3),
     lambda p: hints(p, limit=None, max_nodes=3)],
    ids=["solve", "count_solutions", "is_unique", "grade", "hints"],
)
def test_a_spent_budget_is_stopped_with_the_counters(call):
    result = call(load("tcg-n10"))
    assert result.status == "stopped" and result.stats.nodes == 3 and result.reason


def test_a_spent_generator_budget_is_stopped_with_the_counters():
    made = unique_puzzle(12, grade="extreme", seed=0, max_nodes=2)
    assert made.status == "stopped" and made.stats.nodes == 2 and made.reason


def test_a_puzzle_takes_its_rows_by_position_and_the_rest_by_keyword():
    rows = [[0, 0, 1], [1, 1, 0]]
    assert Puzzle(rows, max_pip=1, name="small").name == "small"
    with pytest.raises(TypeError):
        Puzzle(rows, 1)


def test_a_search_takes_its_budget_by_keyword_only():
    assert Search(max_nodes=3).max_nodes == 3
    with pytest.raises(TypeError):
        Search(3)
