"""Bad arguments get a DominosaError naming the argument and what it wants, never a TypeError."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominosa_lab import (
    METHODS,
    ArgumentError,
    DominosaError,
    MethodError,
    Puzzle,
    SearchResult,
    count_solutions,
    is_unique,
    load,
    solve,
)

SMALL = load("mikefc-small")
ANYTHING = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 10**6), st.floats(allow_nan=True),
    st.text(max_size=5), st.lists(st.integers(), max_size=2), st.just(object()),
)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"time_limit": "a"}, "time_limit must be a non-negative number of seconds or None, "
                              "got 'a' (str)"),
        ({"time_limit": -1}, "time_limit must be a non-negative number"),
        ({"time_limit": math.nan}, "time_limit must be a non-negative number"),
        ({"limit": "a"}, "limit must be an integer >= 1 or None, got 'a' (str)"),
        ({"limit": 1.5}, "limit must be an integer >= 1 or None, got 1.5 (float)"),
        ({"limit": 0}, "limit must be an integer >= 1 or None, got 0 (int)"),
        ({"limit": True}, "limit must be an integer >= 1 or None, got True (bool)"),
        ({"max_nodes": "a"}, "max_nodes must be an integer >= 0 or None, got 'a' (str)"),
        ({"max_nodes": -1}, "max_nodes must be an integer >= 0 or None, got -1 (int)"),
        ({"order": 5}, "order must be one of 'mrv', 'pile', 'random' for method 'dlx', "
                       "got 5 (int)"),
        ({"order": "first"}, "order must be one of 'mrv', 'pile', 'random'"),
        ({"order": "random", "seed": -2}, "seed must be a non-negative integer"),
        ({"order": "random", "seed": "x"}, "seed must be a non-negative integer"),
    ],
)
def test_a_bad_argument_is_named_with_what_it_wants(kwargs, message):
    with pytest.raises(ArgumentError) as err:
        solve(SMALL, method="dlx", **kwargs)
    assert message in str(err.value)


def test_a_bad_method_name_lists_the_methods():
    with pytest.raises(MethodError, match="unknown method 5; choose one of"):
        solve(SMALL, method=5)


def test_text_in_place_of_a_puzzle_says_how_to_read_text():
    with pytest.raises(ArgumentError, match=r"dominosa_lab\.parse"):
        solve("3:02113312013003232012")


@settings(max_examples=300)
@given(method=st.sampled_from([None, *METHODS]), limit=ANYTHING, max_nodes=ANYTHING,
       time_limit=ANYTHING, order=ANYTHING)
def test_any_argument_gives_a_result_or_a_dominosa_error(method, limit, max_nodes, time_limit,
                                                          order):
    try:
        result = solve(SMALL, method=method, limit=limit, max_nodes=max_nodes,
                       time_limit=time_limit, order=order)
    except DominosaError as err:
        assert str(err)
    else:
        assert isinstance(result, SearchResult)


@settings(max_examples=200)
@given(limit=ANYTHING, max_nodes=ANYTHING, time_limit=ANYTHING)
def test_counting_takes_the_same_arguments_with_the_same_errors(limit, max_nodes, time_limit):
    for call in (lambda: count_solutions(SMALL, limit=limit, max_nodes=max_nodes,
                                         time_limit=time_limit),
                 lambda: is_unique(SMALL, max_nodes=max_nodes, time_limit=time_limit)):
        try:
            call()
        except DominosaError as err:
            assert str(err)


@settings(max_examples=200)
@given(rows=st.one_of(ANYTHING, st.lists(st.lists(ANYTHING, max_size=4), max_size=4)))
def test_any_board_gives_a_puzzle_or_a_dominosa_error(rows):
    try:
        Puzzle(rows)
    except DominosaError as err:
        assert str(err)
