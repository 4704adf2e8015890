"""Grades: Tatham's levels on his boards, ours beyond them, verdicts on unfinished boards."""

import subprocess
import sys
from pathlib import Path

import pytest

from dominosa_lab import ArgumentError, Puzzle, from_tatham, grade, load, random_puzzle
from dominosa_lab.logic import GRADES, LEVELS
from dominosa_lab.logic import grade as grade_by_reasoning
from dominosa_lab.solvers.grading import ENGINE_FROM
from tests.samples import BEYOND, TATHAM_SAMPLE


@pytest.mark.parametrize("record", TATHAM_SAMPLE, ids=lambda r: r["game_id"][:14])
def test_tathams_boards_get_his_grade_and_his_deduction_counts(record):
    result = grade(from_tatham(record["game_id"]))
    assert result.level == record["difficulty"]
    assert result.counts == record["deductions"]
    assert result.solutions == 1 and result.by_deduction


def test_the_sample_holds_ten_boards_of_each_grade_and_size():
    cells = {(r["n"], r["difficulty"]) for r in TATHAM_SAMPLE}
    assert len(TATHAM_SAMPLE) == 80 and cells == {(n, g) for n in (3, 6) for g in LEVELS[:4]}


@pytest.mark.parametrize("n", sorted(BEYOND))
def test_a_board_only_our_deductions_finish_is_graded_deep(n):
    result = grade(from_tatham(BEYOND[n]))
    assert result.level == "deep"
    assert result.counts.get("hall_sets", 0) + result.counts.get("tiling", 0) > 0


def test_a_board_with_several_solutions_is_ambiguous():
    result = grade(load("tcg-n10"))
    assert result.level == "ambiguous" and result.solutions == 2 and not result.by_deduction


def test_a_unique_board_beyond_the_level_allowed_needs_a_guess():
    result = grade(from_tatham("3:00033121123313202210"), max_level="hard")  # an extreme board
    assert result.level == "needs a guess" and result.solutions == 1


def test_a_board_without_solution_says_so_and_why():
    result = grade(Puzzle([[0, 1, 0], [1, 0, 1]]))
    assert result.level == "no solution" and result.solutions == 0
    assert result.status == "no_solution" and result.reason


def test_a_spent_budget_leaves_uniqueness_open_and_says_stopped():
    result = grade(load("tcg-n10"), max_nodes=0)
    assert result.level == "needs a guess" and result.solutions is None
    assert result.status == "stopped" and "node budget" in result.reason


def test_the_search_after_the_deductions_reports_its_counters():
    result = grade(load("tcg-n10"))
    assert result.status == "solved" and result.stats.nodes > 0


def test_a_searcher_given_decides_the_verdict_after_the_deductions():
    def none_found(puzzle, search):
        yield from ()

    result = grade_by_reasoning(load("tcg-n10"), searcher=none_found)
    assert result.level == "no solution" and result.solutions == 0


def test_a_large_board_the_deductions_leave_open_is_searched_by_the_default_method():
    board = random_puzzle(40, seed=11).puzzle
    assert len(board.placements()) >= ENGINE_FROM
    result = grade(board, time_limit=60)
    assert result.level == "ambiguous" and result.solutions == 2 and result.status == "solved"


def test_a_small_board_the_deductions_leave_open_is_searched_without_loading_the_kernels():
    code = ("import sys, dominosa_lab as dl; g = dl.grade(dl.load('tcg-n10')); "
            "print(g.level, 'numba' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, cwd=Path(__file__).parents[1])
    assert done.stdout.split() == ["ambiguous", "False"]


def test_plain_rows_are_graded_as_their_puzzle():
    rows = [[3, 2, 2, 1, 1], [0, 3, 0, 2, 2], [0, 3, 2, 1, 3], [1, 0, 1, 0, 3]]
    assert grade(rows) == grade(Puzzle(rows))


def test_every_verdict_is_a_grade():
    assert GRADES[:5] == LEVELS and {"needs a guess", "ambiguous", "no solution"} <= set(GRADES)


def test_a_grade_prints_its_level_then_its_counts_in_ladder_order():
    text = str(grade(from_tatham("3:00033121123313202210")))
    assert text.splitlines()[0] == "extreme"
    assert text.index("domino_single_placement") < text.index("forcing_chain_duplicate")


@pytest.mark.parametrize(("puzzle", "kwargs", "message"), [
    ("3:00033121123313202210", {}, "puzzle must be a Puzzle or rows of numbers, got str"),
    (load("mikefc-small"), {"max_level": "medium"},
     "max_level must be one of 'trivial', 'basic', 'hard'"),
    (load("mikefc-small"), {"max_nodes": -1}, "max_nodes must be an integer >= 0 or None"),
    (load("mikefc-small"), {"time_limit": "soon"}, "time_limit must be a non-negative number"),
])
def test_bad_arguments_are_named(puzzle, kwargs, message):
    with pytest.raises(ArgumentError, match=message):
        grade(puzzle, **kwargs)
