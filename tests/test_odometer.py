"""odometer: the generalized odometer, increment at the first conflict."""

import math

import pytest
from hypothesis import given, settings

from dominosa_lab import ArgumentError, Puzzle, Search, load, solve
from dominosa_lab.solvers import odometer
from tests.strategies import boards

M9 = load("caviness-m9")


def test_digits_are_sorted_by_increasing_options_and_the_first_four_are_fixed():
    od = odometer.Odometer(M9)
    assert od.maxima[:4] == (1, 1, 1, 1) and od.maxima[4] == 2
    assert list(od.maxima) == sorted(od.maxima)


def test_exactly_one_m9_reading_solves_it():
    run = odometer.run(M9)
    assert len(run.solving) == 1 and run.result.status == "solved"
    places = [p[d - 1] for p, d in zip(odometer.Odometer(M9).places, run.solving[0],
                                       strict=True)]
    assert sorted(places) == list(solve(M9, method="human").solution.placements)


@settings(max_examples=25, deadline=None)
@given(boards(max_n=4))
def test_every_reading_is_a_conflict_or_a_solution(board):
    od = odometer.Odometer(board[0])
    search = Search(trace=True)
    sols = list(od.solutions(search))
    dead = sum(e.kind == "dead_end" for e in search.events)
    assert od.readings == dead + len(sols) and sols


@settings(max_examples=25, deadline=None)
@given(boards(max_n=3))
def test_without_the_jump_every_combination_is_a_reading(board):
    puzzle, _ = board
    od = odometer.Odometer(puzzle, "pile")
    for _ in od.turn(Search(), jump=False):
        pass
    assert od.readings == math.prod(od.maxima)


def test_an_explicit_order_must_list_every_domino():
    with pytest.raises(ArgumentError, match="each of the 28 dominoes"):
        odometer.Odometer(M9, order=[(0, 0), (0, 1)])
    with pytest.raises(ArgumentError, match="order must be one of 'fewest', 'pile'"):
        solve(M9, method="odometer", order="best")


def test_an_explicit_order_finds_the_same_solution():
    order = list(reversed(M9.dominoes))
    explicit = next(odometer.Odometer(M9, order=order).solutions(Search()))
    assert explicit == solve(M9, method="odometer").solution


def test_a_piece_without_a_place_ends_the_run_at_once():
    result = solve(Puzzle([[0, 1, 0], [1, 0, 1]]), method="odometer", trace=True)
    assert result.status == "no_solution" and result.stats.nodes == 0
    assert [(e.kind, e.options) for e in result.trace] == [("choice", 0), ("dead_end", 0)]
    assert result.trace[1].text == "piece 0-0 has no place on the board"


def test_readings_count_each_run_afresh():
    od = odometer.Odometer(load("mikefc-small"))
    first = list(od.turn(Search()))
    readings = od.readings
    assert list(od.turn(Search())) == first and od.readings == readings
