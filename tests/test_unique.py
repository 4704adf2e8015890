"""Unique puzzles of a chosen grade: one solution, exactly the grade asked, the same from a seed."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from dominosa_lab import (
    ArgumentError,
    Puzzle,
    PuzzleError,
    count_solutions,
    grade,
    solve,
    unique_puzzle,
)
from dominosa_lab.boards import random_puzzle, unique
from dominosa_lab.boards.below import BELOW_GRADE, below_grade_score
from dominosa_lab.boards.extreme import LARGE_REGION, extreme_score
from dominosa_lab.boards.singles import more_singles
from dominosa_lab.boards.unique import GOALS, HARDEST_ON_SMALL_BOARDS
from dominosa_lab.core.puzzle import Solution
from dominosa_lab.core.search import SearchStats
from dominosa_lab.logic import LEVELS, Deduced, State, deduce, geometry
from dominosa_lab.solvers import SolutionCount


def _check(made, wanted: str) -> None:
    """The board made has one solution (by dancing links), the one reported, and the grade."""
    assert made.status == "found" and made.reason == "" and made.closest == 0
    assert grade(made.puzzle).level == made.grade.level == wanted
    assert count_solutions(made.puzzle, limit=2, method="dlx") == 1
    assert solve(made.puzzle, method="dlx").solution.placements == made.solution.placements


@pytest.mark.parametrize("wanted", GOALS)
def test_every_grade_is_made_with_one_solution_and_exactly_that_grade(wanted):
    _check(unique_puzzle(6, grade=wanted, seed=1), wanted)


def test_hard_exists_where_tathams_set_analysis_is_switched_off():
    made = unique_puzzle(15, grade="hard", seed=2)
    _check(made, "hard")
    assert made.grade.counts["wide_sets"] > 0
    assert deduce(made.puzzle, ladder_name="tatham", max_level="hard").status == "stuck"


def test_a_board_with_gaps_gets_its_grade_too():
    mask = np.ones((5, 7), dtype=bool)
    mask[0, 6] = mask[4, :2] = mask[4, 5:] = False  # 30 cells: the double-4 set
    made = unique_puzzle(4, grade="hard", seed=3, shape=mask)
    _check(made, "hard")
    assert made.puzzle.has_gaps and made.puzzle.name.startswith("unique-n4-5x7gaps")


def test_the_same_seed_gives_the_same_puzzle_whatever_the_time_limit():
    first = unique_puzzle(9, grade="extreme", seed=4)
    again = unique_puzzle(9, grade="extreme", seed=4, time_limit=None)
    assert first.puzzle == again.puzzle and first.boards == again.boards
    assert first.puzzle.name == "unique-n9-extreme-s4"


def test_different_seeds_give_different_puzzles():
    one, two = (unique_puzzle(8, grade="basic", seed=seed) for seed in (1, 2))
    assert one.puzzle != two.puzzle


def test_a_spent_budget_reports_how_far_the_run_got():
    made = unique_puzzle(12, grade="extreme", seed=0, max_nodes=3)
    assert made.status == "stopped" and made.puzzle is None and made.boards == 3
    assert made.closest > 0
    assert made.reason.startswith("no unique extreme board: max_nodes=3 reached; 3 boards graded")
    assert f"the closest left {made.closest} placements open" in made.reason
    assert made.stats.nodes == made.boards


def test_the_grade_and_the_budget_are_keywords():
    with pytest.raises(ArgumentError, match=r"takes n by position and grade, seed, .* by keyword"):
        unique_puzzle(3, "basic")


def test_a_spent_time_limit_stops_the_run():
    made = unique_puzzle(12, grade="hard", seed=0, time_limit=0)
    assert made.status == "stopped" and "the time limit of 0 s ran out" in made.reason


def test_needs_a_guess_reports_the_solutions_of_the_closest_board():
    made = unique_puzzle(6, grade="needs a guess", seed=0, max_nodes=1)
    assert made.status == "stopped" and made.closest >= 1
    assert made.reason.endswith(f"the closest had {made.closest + 1} solutions")


def _boards(n: int):
    """Every full double-n board, its numbers relabelled to first appear in order 0, 1, ..."""
    width, height = n + 2, n + 1

    def extend(seq, counts, top):
        if len(seq) == width * height:
            yield seq
            return
        for v in range(min(top + 2, n + 1)):
            if counts[v] < n + 2:
                counts[v] += 1
                yield from extend([*seq, v], counts, max(top, v))
                counts[v] -= 1

    for seq in extend([], [0] * (n + 1), -1):
        yield Puzzle([seq[r * width:(r + 1) * width] for r in range(height)], max_pip=n)


@pytest.mark.parametrize("n", sorted(HARDEST_ON_SMALL_BOARDS))
def test_the_hardest_grade_of_a_small_board_is_the_one_refused_above(n):
    hardest = -1
    for puzzle in _boards(n):
        deduced = deduce(puzzle, ladder_name="full")
        if deduced.status == "solved":
            hardest = max(hardest, LEVELS.index(deduced.level))
        elif deduced.status == "stuck":  # not finished: never unique ('needs a guess')
            assert count_solutions(puzzle, limit=2, method="dlx") != 1
    assert LEVELS[hardest] == HARDEST_ON_SMALL_BOARDS[n]


@pytest.mark.parametrize(("n", "wanted"), [(0, "basic"), (1, "basic"), (2, "hard"),
                                           (2, "needs a guess")])
def test_a_grade_no_board_of_that_size_has_is_refused(n, wanted):
    with pytest.raises(ArgumentError, match=f"no unique double-{n} board is {wanted}"):
        unique_puzzle(n, grade=wanted)


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"grade": "medium"}, ArgumentError, "grade must be one of 'trivial'"),
        ({"grade": "ambiguous"}, ArgumentError, "has several solutions"),
        ({"seed": -1}, ArgumentError, "seed must be an integer >= 0"),
        ({"time_limit": "soon"}, ArgumentError, "time_limit must be a non-negative number"),
        ({"max_nodes": 0}, ArgumentError, "max_nodes must be an integer >= 1"),
        ({"shape": (4, 6)}, PuzzleError, "covers 20 cells"),
        ({"shape": [[True] * 5] * 3 + [[False, True, True, True, True]] + [[True] + [False] * 4]},
         PuzzleError, "has no domino tiling"),
    ],
)
def test_bad_arguments_are_refused_with_the_reason(kwargs, error, words):
    with pytest.raises(error, match=words):
        unique_puzzle(3, **kwargs)


def test_n_must_be_a_count():
    with pytest.raises(ArgumentError, match="n must be an integer >= 0"):
        unique_puzzle(-1)


def test_a_finished_board_is_counted_again_by_the_compiled_engine(monkeypatch):
    asked = []

    def two_solutions(puzzle, **settings):
        asked.append(settings["method"])
        return SolutionCount(2, "solved", SearchStats())

    monkeypatch.setattr(unique, "count_solutions", two_solutions)
    with pytest.raises(RuntimeError, match="a deduction is unsound"):
        unique_puzzle(6, grade="basic", seed=1)
    assert asked == ["fast"]


def _singles(puzzle) -> int:
    """How many dominoes fit in one place only on ``puzzle``."""
    g = geometry(puzzle)
    return sum(mask.bit_count() == 1 for mask in g.domino_mask)


@pytest.mark.parametrize("seed", range(4))
def test_more_singles_keeps_the_solution_and_never_lowers_the_single_placement_dominoes(seed):
    board = random_puzzle(10, seed=seed)
    start = Solution(board.puzzle, board.solution)
    made = more_singles(start, np.random.default_rng(seed), 60)
    assert made.is_valid() and made.placements == start.placements
    assert _singles(made.puzzle) >= _singles(start.puzzle)


_STATE = State(Puzzle([[0, 0, 1], [1, 1, 0]]))


@given(st.integers(1, 400), st.integers(1, 400))
def test_for_extreme_a_stuck_board_with_an_extreme_step_ranks_before_any_without(open_, other):
    fired, plain = (Deduced("stuck", level, {}, _STATE) for level in ("extreme", "hard"))
    assert extreme_score(fired, open_, 400) == open_
    assert extreme_score(fired, open_, 400) < extreme_score(plain, other, 400)


@given(st.integers(101, 400), st.integers(101, 400))
def test_for_extreme_a_board_with_no_extreme_step_and_a_large_region_ranks_by_its_open(a, b):
    plain = Deduced("stuck", "hard", {}, _STATE)
    assert LARGE_REGION * 400 == 100
    assert (extreme_score(plain, a, 400) < extreme_score(plain, b, 400)) == (a < b)


@given(st.integers(1, 100))
def test_for_extreme_a_small_region_with_no_extreme_step_is_never_kept(open_):
    assert extreme_score(Deduced("stuck", "basic", {}, _STATE), open_, 400) == float("inf")


@given(st.integers(0, 10**6), st.integers(0, 10**6), st.sampled_from(("basic", "hard")))
def test_a_large_stuck_board_with_a_step_of_its_grade_ranks_before_any_without(open_, other,
                                                                                 wanted):
    fired = Deduced("stuck", wanted, {}, _STATE)
    plain = Deduced("stuck", LEVELS[LEVELS.index(wanted) - 1], {}, _STATE)
    assert below_grade_score(fired, open_, wanted) == open_
    assert below_grade_score(plain, other, wanted) == BELOW_GRADE + other
    assert below_grade_score(fired, open_, wanted) < below_grade_score(plain, other, wanted)


def test_a_large_climb_stalled_below_its_grade_plants_anew_and_finds_the_grade():
    # N = 40 seed 7: no board of the first plant has a basic step; the climb holds its last open
    # block (a second solution) from the 7th board, and every repair of it is too easy. Without
    # PATIENCE the climb had not finished after 300 boards; it plants anew and finishes.
    made = unique_puzzle(40, grade="basic", seed=7, time_limit=None, max_nodes=300)
    assert made.status == "found" and made.restarts == 1
    assert made.grade.level == grade(made.puzzle).level == "basic"
    assert count_solutions(made.puzzle, limit=2) == 1


def test_an_extreme_climb_that_keeps_a_large_region_plants_anew_after_its_patience(monkeypatch):
    # Each climb grades its plant and EXTREME_PATIENCE swaps, none of them a board with an
    # extreme step and a small region open: 10 boards make three climbs and the start of a fourth.
    monkeypatch.setattr(unique, "EXTREME_PATIENCE", 2)
    made = unique_puzzle(15, grade="extreme", seed=0, time_limit=None, max_nodes=10)
    assert (made.status, made.boards, made.restarts) == ("stopped", 10, 3)
