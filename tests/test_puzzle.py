"""The model: Puzzle, Placement, Solution and their validation."""

import pytest
from hypothesis import given

from dominosa_lab import Placement, Puzzle, PuzzleError, Solution, load, solve
from dominosa_lab.formats import to_matrix
from tests.strategies import boards

SMALL = [[3, 2, 2, 1, 1], [0, 3, 0, 2, 2], [0, 3, 2, 1, 3], [1, 0, 1, 0, 3]]


def test_max_pip_is_inferred_from_the_largest_number():
    assert Puzzle(SMALL).max_pip == 3


def test_shape_cells_and_values_follow_the_rows():
    p = Puzzle(SMALL)
    assert p.shape == (4, 5)
    assert len(p.cells) == 20
    assert p.value((1, 3)) == 2


def test_bone_pile_is_the_complete_double_n_set_in_order():
    assert Puzzle(SMALL).dominoes[:5] == ((0, 0), (0, 1), (0, 2), (0, 3), (1, 1))
    assert len(Puzzle(SMALL).dominoes) == 10


def test_candidates_list_every_matching_adjacent_pair():
    cands = Puzzle(SMALL).candidates()
    assert Placement((0, 0), (0, 1)) in cands[(2, 3)]
    assert sum(len(v) for v in cands.values()) == 2 * 4 * 5 - 4 - 5


def test_gaps_are_not_cells():
    p = Puzzle([[0, 0, None], [1, 1, 0], [None, 1, None]], max_pip=1)
    assert (0, 2) not in p.cells and p.has_gaps
    with pytest.raises(PuzzleError, match=r"cell \(0, 2\) is not on the board"):
        p.value((0, 2))


def test_puzzle_is_immutable_and_hashable():
    p = Puzzle(SMALL)
    with pytest.raises(AttributeError):
        p._rows = ()
    assert hash(p) == hash(Puzzle(SMALL)) and p == Puzzle(SMALL)


@pytest.mark.parametrize(
    ("rows", "kwargs", "message"),
    [
        ([[0, 0, 1], [1, 1]], {}, r"ragged rows: row 1 has 2 entries, row 0 has 3"),
        ([[0, 0, 1], [1, "x", 0]], {}, r"row 1, column 1: 'x' is not an integer"),
        ([[0, 0, 1], [1, 1.5, 0]], {}, r"row 1, column 1: 1.5 is not an integer"),
        ([[0, 0, 1], [1, -1, 0]], {}, r"row 1, column 1: -1 is negative"),
        ([[0, 0, 1], [1, 2, 0]], {"max_pip": 1}, r"row 1, column 1: 2 exceeds max_pip 1"),
        ([[0, 0, 1], [1, None, 0]], {}, r"5 cells, an odd number"),
        ([[0, 0, 1, 1], [1, 1, 0, 0]], {}, r"double-1 set covers 6 cells .* the board has 8"),
        ([[0, 0, 0], [0, 1, 1]], {},
         r"0 occurs 4 times \(1 too many\), 1 occurs 2 times \(1 too few\)"),
        ([], {}, r"the board is empty"),
        ("0 1", {}, r"for text use dominosa_lab.parse"),
    ],
)
def test_bad_boards_raise_puzzle_error_naming_the_place(rows, kwargs, message):
    with pytest.raises(PuzzleError, match=message):
        Puzzle(rows, **kwargs)


def test_puzzle_error_is_a_value_error():
    assert issubclass(PuzzleError, ValueError)


def test_placement_is_normalised_top_left_first():
    assert Placement((1, 0), (0, 0)).cells == ((0, 0), (1, 0))
    assert not Placement((1, 0), (0, 0)).horizontal


def test_placement_rejects_cells_that_are_not_adjacent():
    with pytest.raises(PuzzleError, match="not edge-adjacent"):
        Placement((0, 0), (1, 1))


def test_solution_problems_name_the_overlap_the_repeat_and_the_gap():
    p = Puzzle([[0, 0, 1], [1, 1, 0]])
    bad = Solution(p, [Placement((0, 0), (0, 1)), Placement((0, 1), (1, 1))])
    problems = bad.problems()
    assert any("cell (0, 1) is covered by" in x for x in problems)
    assert any("cells uncovered" in x for x in problems)
    assert not bad.is_valid()


def test_solution_with_a_repeated_domino_is_invalid():
    p = Puzzle([[0, 0, 1], [1, 1, 0]])
    twice = Solution(p, [Placement((0, 0), (1, 0)), Placement((0, 1), (1, 1)),
                         Placement((0, 2), (1, 2))])
    assert any("domino (0, 1) is used at" in x for x in twice.problems())


def test_to_matrix_uses_dash_labels_from_double_ten():
    p = load("tcg-n10")
    matrix = to_matrix(solve(p, method="rowscan").solution)
    assert matrix.labels[0] == "0-0" and "9-10" in matrix.labels and len(matrix.labels) == 66


@given(boards())
def test_a_planted_solution_is_valid(board):
    puzzle, planted = board
    assert planted.is_valid(puzzle)


def test_puzzle_pickles_for_process_pools():
    import pickle

    p = load("mikefc-small")
    q = pickle.loads(pickle.dumps(p))
    assert q == p and q.name == "mikefc-small"
