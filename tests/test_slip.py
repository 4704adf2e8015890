"""Where a typed board went wrong: the suspects belief propagation doubts, and the exchanges of
two of them that mend the board."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominosa_lab import ArgumentError, PuzzleError, random_puzzle, solve
from dominosa_lab.boards import find_slips, suspects, swap_cells
from dominosa_lab.boards.slip import FAR_SUSPECTS
from dominosa_lab.cli import main

PLANTED = random_puzzle(12, seed=6).puzzle
SLIP = ((6, 4), (7, 4))
TYPED = swap_cells(PLANTED, *SLIP)


def test_the_exchanged_squares_are_among_the_suspects():
    assert set(SLIP) <= set(suspects(TYPED))


def test_suspects_are_distinct_squares_of_the_board_as_many_as_asked():
    found = suspects(TYPED, 7)
    assert len(found) == len(set(found)) == 7
    assert set(found) <= set(TYPED.cells)


def test_fewer_than_one_suspect_is_refused():
    with pytest.raises(ArgumentError, match="count must be an integer >= 1, got 0"):
        suspects(TYPED, 0)


def test_a_square_off_the_board_is_named():
    with pytest.raises(PuzzleError, match=r"cell \(99, 0\) is not on the board"):
        find_slips(TYPED, among=[(6, 4), (99, 0)])


def test_the_exchange_made_is_among_the_slips_found():
    assert SLIP in [slip.cells for slip in find_slips(TYPED)]


def test_a_slip_names_the_numbers_the_typed_board_shows():
    slip = next(s for s in find_slips(TYPED) if s.cells == SLIP)
    assert slip.numbers == (TYPED.value(SLIP[0]), TYPED.value(SLIP[1]))
    assert str(slip) == f"the {slip.numbers[0]} at (6,4) and the {slip.numbers[1]} at (7,4)"


def test_two_squares_apart_are_exchanged_only_among_the_least_sure():
    doubted = suspects(TYPED)
    far = [s.cells for s in find_slips(TYPED, among=doubted)
           if abs(s.cells[0][0] - s.cells[1][0]) + abs(s.cells[0][1] - s.cells[1][1]) > 1]
    assert all(cell in doubted[:FAR_SUSPECTS] for cells in far for cell in cells)


def test_only_the_squares_given_are_exchanged():
    assert [slip.cells for slip in find_slips(TYPED, among=SLIP)] == [SLIP]
    assert find_slips(TYPED, among=[(0, 0)]) == ()


@settings(max_examples=15, deadline=None)
@given(n=st.integers(3, 9), seed=st.integers(0, 10**6), data=st.data())
def test_every_slip_is_an_exchange_whose_board_has_that_solution(n, seed, data):
    planted = random_puzzle(n, seed=seed).puzzle
    a = data.draw(st.sampled_from(planted.cells))
    b = data.draw(st.sampled_from([c for c in planted.cells if c != a]))
    typed = swap_cells(planted, a, b)
    for slip in find_slips(typed, time_limit=None):
        assert slip.solution.puzzle == swap_cells(typed, *slip.cells)
        assert slip.solution.is_valid()


def test_the_solve_command_prints_the_slips(tmp_path, capsys):
    assert main(["solve", _typed(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "slip? exchanging the numbers of any of these pairs gives a board with a solution" in out
    assert f"the {TYPED.value(SLIP[0])} at (6,4) and the {TYPED.value(SLIP[1])} at (7,4)" in out


def test_the_solve_command_gives_the_slips_in_json(tmp_path, capsys):
    assert main(["solve", _typed(tmp_path), "--json"]) == 0
    slips = json.loads(capsys.readouterr().out)["slips"]
    made = next(s for s in slips if s["cells"] == [list(SLIP[0]), list(SLIP[1])])
    assert made["numbers"] == [TYPED.value(SLIP[0]), TYPED.value(SLIP[1])]
    assert len(made["solution"]) == len(TYPED.dominoes)


def test_a_board_with_a_solution_gets_no_slips_in_json(tmp_path, capsys):
    path = tmp_path / "planted.txt"
    path.write_text("\n".join(" ".join(map(str, row)) for row in PLANTED.rows))
    assert solve(PLANTED).status == "solved"
    assert main(["solve", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["slips"] is None


def _typed(tmp_path) -> str:
    path = tmp_path / "typed.txt"
    path.write_text("\n".join(" ".join(map(str, row)) for row in TYPED.rows))
    return str(path)
