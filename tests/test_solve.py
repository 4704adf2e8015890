"""solve(): choosing a method by name, passing options, reporting the result."""

import pytest

from dominosa_lab import METHODS, MethodError, load, solve


def test_every_registered_method_solves_the_small_puzzle():
    p = load("mikefc-small")
    for name in METHODS:
        result = solve(p, method=name)
        assert result.status == "solved" and result.solution.is_valid(p), name


def test_an_unknown_method_lists_the_known_ones():
    with pytest.raises(MethodError, match=r"unknown method 'nope'; choose one of: .*rowscan"):
        solve(load("mikefc-small"), method="nope")


def test_an_unknown_option_names_the_method_and_its_options():
    with pytest.raises(MethodError, match="method 'rowscan' has no option 'colour'"):
        solve(load("mikefc-small"), method="rowscan", colour="red")


def test_rows_are_accepted_in_place_of_a_puzzle():
    rows = [[3, 2, 2, 1, 1], [0, 3, 0, 2, 2], [0, 3, 2, 1, 3], [1, 0, 1, 0, 3]]
    assert solve(rows, method="rowscan").status == "solved"


def test_limit_none_finds_every_solution():
    result = solve(load("tcg-n10"), method="rowscan", limit=None, max_nodes=5_000_000)
    assert result.status == "solved" and len(result.solutions) == 16
    assert len(set(result.solutions)) == 16


def test_result_records_method_and_options():
    result = solve(load("mikefc-small"), method="rowscan")
    assert result.method == "rowscan" and "rowscan" in repr(result)
