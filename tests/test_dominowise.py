"""dominowise: Darby's domino-by-domino search in its three orders."""

import pytest

from dominosa_lab import ArgumentError, load, solve
from dominosa_lab.solvers.dominowise import ORDERS, static_order

REFERENCE = "dlx"


@pytest.mark.parametrize("order", ORDERS)
def test_solves_the_published_small_board(order):
    p = load("mikefc-small")
    result = solve(p, method="dominowise", order=order)
    assert result.status == "solved"
    assert result.solution == solve(p, method=REFERENCE).solution


def test_a_backtrack_free_solve_places_each_domino_once():
    p = load("mikefc-small")  # dynamic order meets only forced dominoes here
    result = solve(p, method="dominowise", order="mrv")
    assert result.stats.nodes == len(p.dominoes) and result.stats.backtracks == 0


def test_the_given_order_is_the_bone_pile():
    p = load("mikefc-large")
    assert static_order(p, "pile") == list(p.dominoes)


def test_the_fewest_order_sorts_by_initial_candidate_count_ties_as_given():
    p = load("mikefc-large")
    counts = {d: len(pls) for d, pls in p.candidates().items()}
    order = static_order(p, "fewest")
    assert sorted(order) == list(p.dominoes)
    assert order == sorted(p.dominoes, key=lambda d: (counts[d], d))


def test_the_dynamic_order_has_no_static_sequence():
    with pytest.raises(ArgumentError, match="static order"):
        static_order(load("mikefc-small"), "mrv")


def test_the_given_order_places_dominoes_in_the_bone_piles_order():
    p = load("mikefc-small")
    trace = solve(p, method="dominowise", order="pile", trace=True).trace
    first = [p.domino_of(e.item) for e in trace if e.kind == "place"][:3]
    assert first[0] == (0, 0) and all(d[0] == 0 for d in first)


