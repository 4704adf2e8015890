"""solve(): choosing a method by name, passing its settings, reporting the result."""

import pytest

from dominosa_lab import (
    METHODS,
    ArgumentError,
    MethodError,
    Puzzle,
    UndecidedError,
    count_solutions,
    grade,
    hints,
    is_unique,
    iter_solutions,
    load,
    solve,
)


def test_an_unknown_method_lists_the_known_ones():
    with pytest.raises(MethodError, match=r"unknown method 'nope'; choose one of: .*rowscan"):
        solve(load("mikefc-small"), method="nope")


def test_an_unknown_setting_names_the_method_and_its_settings():
    with pytest.raises(MethodError, match="method 'rowscan' has no setting 'colour'"):
        solve(load("mikefc-small"), method="rowscan", colour="red")


def test_rows_are_accepted_in_place_of_a_puzzle():
    rows = [[3, 2, 2, 1, 1], [0, 3, 0, 2, 2], [0, 3, 2, 1, 3], [1, 0, 1, 0, 3]]
    assert solve(rows, method="rowscan").status == "solved"


def test_limit_none_finds_every_solution():
    result = solve(load("tcg-n10"), method="rowscan", limit=None, max_nodes=5_000_000)
    assert result.status == "solved" and len(result.solutions) == 16
    assert len(set(result.solutions)) == 16


def test_result_records_method_and_settings():
    result = solve(load("mikefc-small"), method="dlx", order="mrv")
    assert result.method == "dlx" and "dlx" in repr(result)
    assert result.settings == {"order": "mrv"}


def test_count_solutions_counts_all_or_up_to_the_limit():
    puzzle = load("tcg-n10")
    assert count_solutions(puzzle) == 16 and count_solutions(puzzle).exact
    assert count_solutions(puzzle, limit=3) == 3


@pytest.mark.parametrize("method", sorted(METHODS))
def test_count_solutions_works_with_every_method(method):
    assert count_solutions(Puzzle([[0, 0, 1], [0, 1, 1]]), method=method) == 3


def test_count_solutions_reports_a_spent_budget_as_stopped():
    count = count_solutions(load("tcg-n10"), max_nodes=50)
    assert count.status == "stopped" and not count.exact and count.stats.nodes == 50


def test_is_unique_tells_one_solution_from_several():
    assert is_unique(load("mikefc-small")).unique is True
    assert is_unique(load("tcg-n10")).unique is False
    assert is_unique(Puzzle([[1, 0, 1], [0, 1, 0]])).unique is False


def test_is_unique_is_truthy_only_for_a_unique_puzzle():
    assert is_unique(load("mikefc-small"))
    assert not is_unique(load("tcg-n10"))


def test_is_unique_is_undecided_and_stopped_when_the_budget_runs_out():
    verdict = is_unique(load("mikefc-large"), method="rowscan", max_nodes=5)
    assert verdict.unique is None
    assert verdict.status == "stopped" and verdict.stats.nodes == 5


def test_an_undecided_uniqueness_refuses_to_be_read_as_true_or_false():
    verdict = is_unique(load("mikefc-large"), method="rowscan", max_nodes=5)
    with pytest.raises(UndecidedError, match=r"uniqueness is undecided: node budget of 5 "
                                             r"exhausted before it was; read \.unique"):
        bool(verdict)


def test_an_uniqueness_is_no_number():
    assert not isinstance(is_unique(load("mikefc-small")), int)


def test_is_unique_knows_two_solutions_even_with_a_budget_left_unspent():
    assert is_unique(load("tcg-n10"), max_nodes=10**6).status == "solved"


@pytest.mark.parametrize(("key", "words"), [("limit", "itertools.islice"),
                                            ("max_nodes", r"search=Search\(max_nodes"),
                                            ("time_limit", r"search=Search\(time_limit")])
def test_iter_solutions_says_where_a_limit_or_budget_goes(key, words):
    with pytest.raises(ArgumentError, match=rf"iter_solutions takes no '{key}': .*{words}"):
        iter_solutions(load("mikefc-small"), **{key: 0})


@pytest.mark.parametrize("method", sorted(METHODS))
def test_a_time_limit_of_zero_stops_every_method_before_its_first_placement(method):
    for run in (solve, count_solutions, is_unique):
        answer = run(load("mikefc-small"), method=method, time_limit=0)
        assert answer.status == "stopped" and answer.stats.nodes == 0, run.__name__


@pytest.mark.parametrize("run", [count_solutions, is_unique, grade, hints])
def test_a_time_limit_of_zero_stops_every_budgeted_entry_point(run):
    assert run(load("mikefc-small"), time_limit=0).status == "stopped"
