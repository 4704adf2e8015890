"""Bad arguments get a DominosaError naming the argument and what it wants, never a TypeError."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominosa_lab import (
    METHODS,
    ArgumentError,
    DominosaError,
    FormatError,
    MethodError,
    Puzzle,
    PuzzleError,
    SearchResult,
    count_solutions,
    from_tatham,
    is_unique,
    load,
    parse,
    random_puzzle,
    solve,
    unique_puzzle,
)
from dominosa_lab.core.options import check_fits
from dominosa_lab.dominopeg import PegBoard, empty_frequency, orbit_table
from dominosa_lab.dominopeg.symmetry import map_circle, map_holes
from dominosa_lab.experiments.summary import mean_interval, median_interval
from dominosa_lab.experiments.sweep import run_sweep
from dominosa_lab.logic import State
from dominosa_lab.trace.play import PlayBoard

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


@pytest.mark.parametrize(
    ("call", "kind", "message"),
    [
        (lambda: solve(SMALL, progress=5), ArgumentError,
         "progress must be a function progress(stats, seconds) or None, got 5 (int)"),
        (lambda: solve(SMALL, trace="yes"), ArgumentError, "trace must be True or False"),
        (lambda: solve(SMALL, max_nodes=10**30), ArgumentError,
         "max_nodes must be at most 4,611,686,018,427,387,904"),
        (lambda: parse(5), ArgumentError, "text must be a str (the board as text), got 5 (int)"),
        (lambda: parse(b"0 0 1"), ArgumentError, "decode bytes first"),
        (lambda: from_tatham(None), ArgumentError, "game_id must be a str"),
        (lambda: from_tatham("9" * 5000 + ":0"), FormatError, "a number of 5000 digits"),
        (lambda: PegBoard(None), ArgumentError, "the holes must be a list of circle indices"),
        (lambda: State(SMALL).place(10**6), PuzzleError,
         "placement index 1000000 is not one of this board's 0..30"),
        (lambda: State(SMALL).place(-1), PuzzleError, "placement index -1"),
        (lambda: State(SMALL).domino_candidates("ab"), PuzzleError, "a domino is a pair of "
                                                                     "numbers"),
        (lambda: PlayBoard(SMALL).erase(None), PuzzleError, "a cell is a (row, col) pair"),
        (lambda: PlayBoard("3:0211"), ArgumentError, "puzzle must be a Puzzle"),
        (lambda: PlayBoard.load("saved\0.json"), ArgumentError, "path must be a file path"),
        (lambda: SMALL.value([]), PuzzleError, "a cell is a (row, col) pair, got []"),
        (lambda: random_puzzle(10**9, seed=1), ArgumentError, "n: a board of 1,000,000,003,000,000,"
                                                         "002 cells needs about"),
        (lambda: random_puzzle(3, seed=1, shape=(100_000, 100_000)), PuzzleError,
         "the board has 10,000,000,000"),
        (lambda: unique_puzzle(1000), ArgumentError, "to reason about"),
        (lambda: unique_puzzle(3, shape=(1, 20)), ArgumentError, "it has one domino tiling"),
        (lambda: run_sweep(5, methods="dlx"), ArgumentError, "puzzles must be a list of puzzles"),
        (lambda: run_sweep([SMALL], methods="dlx", settings=[5]), ArgumentError,
         "a set of settings must be a dict"),
        (lambda: mean_interval(None), ArgumentError, "values must be a list of numbers"),
        (lambda: map_holes([0], "rot90"), ArgumentError, "symmetry must be one of 'identity'"),
        (lambda: map_circle(35, "half turn"), PuzzleError, "circle #0 is circle 35, outside"),
        (lambda: orbit_table([1, 2]), ArgumentError, "counts must be census()'s 324,632"),
        (lambda: empty_frequency([(0, 1)]), ArgumentError, "an orbit_table row is (holes, "),
        (lambda: median_interval([1, "x"] * 5), ArgumentError, "values[1] must be a finite "
                                                               "number"),
    ],
)
def test_a_wrong_argument_anywhere_is_named_before_any_work(call, kind, message):
    with pytest.raises(kind) as err:
        call()
    assert message in str(err.value)


def test_a_time_limit_too_large_for_a_float_is_no_limit():
    assert solve(SMALL, time_limit=10**400).status == "solved"


@given(st.integers(0, 10**7))
def test_a_board_that_fits_in_memory_is_never_larger_than_one_that_does_not(cells):
    def fits(n):
        try:
            check_fits("n", n, pairs=True)
        except ArgumentError:
            return False
        return True

    assert fits(cells) or not fits(cells + 1)


def test_the_generator_s_budget_holds_before_its_first_board_is_graded():
    made = unique_puzzle(120, time_limit=0)
    assert made.status == "stopped" and made.boards == 0
    assert "time limit of 0 s ran out" in made.reason


def test_a_search_tree_of_something_not_a_result_names_the_argument():
    from dominosa_lab.trace.tree import search_tree

    with pytest.raises(ArgumentError, match="result must be a SearchResult"):
        search_tree(5, load("mikefc-small"))


def test_tilings_of_a_shape_too_large_for_memory_are_refused_before_any_allocation():
    from dominosa_lab.tilings import count_tilings

    with pytest.raises(ArgumentError, match="board: a board of 1,000,000,000,000 cells"):
        count_tilings((10**6, 10**6))
