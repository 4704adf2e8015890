"""The two checks notebook 02 runs: the odometer with its digits reset, the planted estimates."""

from fractions import Fraction

import pytest

from dominosa_lab import load
from dominosa_lab.boards.planted import random_puzzle
from dominosa_lab.experiments.caviness import odometer_with_reset, planted_estimates
from dominosa_lab.experiments.census import census
from dominosa_lab.solvers import odometer


@pytest.mark.parametrize("puzzle", [load("caviness-m9"), load("mikefc-small"),
                                    *(random_puzzle(3, seed=seed).puzzle for seed in range(5))],
                         ids=lambda p: p.name)
@pytest.mark.parametrize("order", ["fewest", "pile"])
def test_resetting_the_digits_changes_no_reading(puzzle, order):
    run = odometer.run(puzzle, order)
    assert odometer_with_reset(puzzle, order) == (run.readings, run.solving)


def test_planted_estimates_are_near_the_exact_double_1_census():
    table = planted_estimates([1], range(400))
    exact = census(1)
    row = table.loc[1]
    assert row.boards == 400
    solvable = float(exact.fraction())
    unique = float(exact.fraction(1, planted=True))
    assert abs(row.solvable - solvable) < 4 * row.solvable_se
    assert abs(row.planted_unique - unique) < 4 * row.planted_unique_se
    assert exact.fraction() == Fraction(9, 10)
