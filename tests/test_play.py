"""PlayBoard: a person's outlines, Darby's tables, hints, the solution and saved games."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominosa_lab import (
    ArgumentError,
    MissingFileError,
    Placement,
    Puzzle,
    PuzzleError,
    load,
    solve,
)
from dominosa_lab.trace.play import SAVE_FORMAT, SAVE_VERSION, DominoTable, PlayBoard

SMALL = load("mikefc-small")  # 3 2 2 1 1 / 0 3 0 2 2 / 0 3 2 1 3 / 1 0 1 0 3
LARGE = load("mikefc-large")
UNIQUE = [SMALL, LARGE, load("caviness-m9")]


def unique_solution(puzzle):
    result = solve(puzzle, limit=2)
    assert len(result.solutions) == 1
    return result.solution


# --- drawing, erasing, undo -----------------------------------------------------------------


def test_draw_outlines_a_domino():
    board = PlayBoard(SMALL)
    assert board.draw((0, 1), (0, 0)) == Placement((0, 0), (0, 1))
    assert board.placements() == (Placement((0, 0), (0, 1)),)
    assert board.outline_at((0, 1)) == Placement((0, 0), (0, 1))


def test_draw_refuses_cells_that_are_not_adjacent():
    with pytest.raises(PuzzleError, match="not edge-adjacent"):
        PlayBoard(SMALL).draw((0, 0), (1, 1))


def test_draw_refuses_a_cell_off_the_board():
    with pytest.raises(PuzzleError, match=r"\(4, 0\) is not on the board"):
        PlayBoard(SMALL).draw((3, 0), (4, 0))


def test_draw_refuses_a_gap():
    gappy = Puzzle([[0, 0, None], [1, 1, 0], [None, 1, None]])
    with pytest.raises(PuzzleError, match=r"\(0, 2\) is not on the board"):
        PlayBoard(gappy).draw((0, 1), (0, 2))


def test_draw_refuses_a_used_cell_and_names_its_outline():
    board = PlayBoard(SMALL)
    board.draw((0, 0), (0, 1))
    with pytest.raises(PuzzleError, match=r"\(0, 1\) is already in the outline .*erase"):
        board.draw((0, 1), (0, 2))
    assert len(board.placements()) == 1


def test_draw_allows_the_same_domino_twice_and_counts_it():
    board = PlayBoard(SMALL)
    board.draw((0, 0), (0, 1))  # 2-3
    board.draw((1, 0), (1, 1))  # 0-3, not 2-3
    board.draw((0, 2), (0, 3))  # 1-2
    board.draw((1, 3), (1, 4))  # 2-2
    board.draw((2, 1), (2, 2))  # 2-3 again
    assert board.drawn_counts()[(2, 3)] == 2
    assert not board.is_solved()


def test_erase_removes_the_outline_covering_either_cell():
    board = PlayBoard(SMALL)
    board.draw((0, 0), (1, 0))
    assert board.erase((1, 0)) == Placement((0, 0), (1, 0))
    assert board.placements() == ()


def test_erase_refuses_a_free_cell():
    with pytest.raises(PuzzleError, match="not part of any outline"):
        PlayBoard(SMALL).erase((2, 2))


def test_erase_refuses_a_cell_off_the_board():
    with pytest.raises(PuzzleError, match="not on the board"):
        PlayBoard(SMALL).erase((9, 9))


def test_undo_takes_back_a_draw():
    board = PlayBoard(SMALL)
    board.draw((0, 0), (0, 1))
    board.undo()
    assert board.placements() == ()


def test_undo_takes_back_an_erase():
    board = PlayBoard(SMALL)
    board.draw((0, 0), (0, 1))
    board.erase((0, 0))
    board.undo()
    assert board.placements() == (Placement((0, 0), (0, 1)),)


def test_undo_takes_back_all_hints_applied_at_once():
    board = PlayBoard(LARGE)
    board.draw((0, 0), (0, 1))
    assert board.apply_hints()
    board.undo()
    assert board.placements() == (Placement((0, 0), (0, 1)),)


def test_undo_with_nothing_to_undo_is_refused():
    with pytest.raises(PuzzleError, match="nothing to undo"):
        PlayBoard(SMALL).undo()


def test_is_solved_when_the_outlines_are_a_solution():
    board = PlayBoard(SMALL)
    for pl in unique_solution(SMALL):
        assert not board.is_solved()
        board.draw(*pl.cells)
    assert board.is_solved()


# --- the two tables ---------------------------------------------------------------------


def test_drawn_counts_start_at_zero_for_every_domino():
    table = PlayBoard(LARGE).drawn_counts()
    assert set(table.values) == set(LARGE.dominoes)
    assert set(table.values.values()) == {0}
    assert table.marked == frozenset()


def test_place_counts_on_an_empty_board_are_the_candidate_counts():
    table = PlayBoard(LARGE).place_counts()
    assert table.values == {d: len(p) for d, p in LARGE.candidates().items()}


def test_place_counts_only_count_places_on_free_cells_and_mark_outlined_dominoes():
    board = PlayBoard(SMALL)
    board.draw((0, 0), (0, 1))
    taken = {(0, 0), (0, 1)}
    after = board.place_counts()
    assert after.values == {
        d: sum(not taken & set(pl.cells) for pl in pls) for d, pls in SMALL.candidates().items()
    }
    assert after.marked == frozenset({(2, 3)})


def test_domino_table_is_triangular_smaller_number_across():
    grid = PlayBoard(SMALL).drawn_counts().grid()
    assert [len(row) for row in grid] == [4, 4, 4, 4]
    assert all(grid[hi][lo] is None for hi in range(4) for lo in range(hi + 1, 4))
    assert all(grid[hi][lo] == 0 for hi in range(4) for lo in range(hi + 1))


def test_domino_table_looks_up_either_way_round():
    table = DominoTable("t", 1, {(0, 0): 5, (0, 1): 7, (1, 1): 0}, frozenset())
    assert table[(1, 0)] == table[(0, 1)] == 7


# --- hints --------------------------------------------------------------------------------


def test_hint_names_a_domino_with_one_place_and_why():
    hints = PlayBoard(LARGE).hint()
    assert any(h.reason.startswith("4-4 fits only at (3,5)-(3,6): it goes there") for h in hints)


def test_hint_names_a_cell_with_one_free_neighbour():
    board = PlayBoard(SMALL)
    board.draw((0, 1), (1, 1))  # the corner (0, 0) keeps only (1, 0)
    corner = [h for h in board.hint()
              if h.reason.startswith("square (0,0) can only be covered by (0,0)-(1,0)")]
    assert [h.placement for h in corner] == [Placement((0, 0), (1, 0))]


def test_hint_does_not_draw_anything():
    board = PlayBoard(LARGE)
    board.hint()
    assert board.placements() == ()


def test_apply_hints_solves_the_small_board_alone():
    board = PlayBoard(SMALL)
    board.apply_hints()
    assert board.is_solved()


def test_apply_hints_returns_nothing_and_adds_no_undo_step_when_stuck():
    board = PlayBoard(LARGE)
    board.apply_hints()
    assert board.apply_hints() == []
    board.undo()
    assert board.placements() == ()


@settings(max_examples=40, deadline=None)
@given(puzzle_index=st.integers(0, len(UNIQUE) - 1), data=st.data())
def test_hints_never_contradict_the_unique_solution(puzzle_index, data):
    puzzle = UNIQUE[puzzle_index]
    solution = set(unique_solution(puzzle))
    board = PlayBoard(puzzle)
    for pl in data.draw(st.lists(st.sampled_from(sorted(solution)), unique=True)):
        board.draw(*pl.cells)
    assert {h.placement for h in board.hint()} <= solution
    board.apply_hints()
    assert set(board.placements()) <= solution


def test_conflicts_are_empty_on_a_fresh_board():
    assert PlayBoard(LARGE).conflicts() == []


def test_conflicts_name_a_domino_outlined_twice():
    board = PlayBoard(SMALL)
    board.draw((0, 0), (0, 1))  # 2-3
    board.draw((2, 1), (2, 2))  # 2-3 again
    assert "domino 2-3 is outlined 2 times" in board.conflicts()


def test_conflicts_name_a_domino_with_no_place_left():
    board = PlayBoard(SMALL)  # 0-0 can only go at (1, 0)-(2, 0)
    board.draw((0, 0), (1, 0))
    assert "domino 0-0 has no place left" in board.conflicts()


def test_conflicts_name_a_cell_with_no_free_neighbour():
    board = PlayBoard(SMALL)
    board.draw((0, 1), (1, 1))
    board.draw((1, 0), (2, 0))
    assert board.conflicts() == ["cell (0, 0) has no free neighbour"]


def test_a_correct_partial_board_has_no_conflicts():
    board = PlayBoard(LARGE)
    for pl in unique_solution(LARGE).placements[::3]:
        board.draw(*pl.cells)
    assert board.conflicts() == []


# --- the solution ---------------------------------------------------------------------------


def test_show_solution_is_a_valid_solution():
    solution = PlayBoard(LARGE).show_solution()
    assert solution.is_valid(LARGE)
    assert solution == unique_solution(LARGE)


def test_show_solution_of_an_unsolvable_board_is_refused():
    unsolvable = Puzzle([[0, 1, 0], [1, 0, 1]])  # no two equal numbers are adjacent
    assert solve(unsolvable).status == "no_solution"
    with pytest.raises(PuzzleError, match="no solution"):
        PlayBoard(unsolvable).show_solution()


# --- saved games ------------------------------------------------------------------------------


def test_save_and_load_keep_the_puzzle_and_the_outlines(tmp_path):
    board = PlayBoard(LARGE)
    board.draw((0, 0), (0, 1))
    board.draw((6, 7), (5, 7))
    board.save(tmp_path / "game.json")
    again = PlayBoard.load(tmp_path / "game.json")
    assert again.puzzle == LARGE and again.puzzle.name == LARGE.name
    assert again.placements() == board.placements()


def test_a_saved_game_carries_its_format_and_version(tmp_path):
    PlayBoard(SMALL).save(tmp_path / "game.json")
    data = json.loads((tmp_path / "game.json").read_text())
    assert (data["format"], data["version"]) == (SAVE_FORMAT, SAVE_VERSION)


def saved(tmp_path, edit):
    board = PlayBoard(SMALL)
    board.draw((0, 0), (0, 1))
    path = tmp_path / "game.json"
    board.save(path)
    data = json.loads(path.read_text())
    edit(data)
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d.update(format="something else"), "not a dominosa-lab saved game"),
        (lambda d: d.update(version=SAVE_VERSION + 1), "version 2 is not one this code reads"),
        (lambda d: d.pop("outlines"), "lacks outlines"),
        (lambda d: d["puzzle"]["rows"][0].append(1), "bad puzzle: ragged rows"),
        (lambda d: d["puzzle"].pop("rows"), "bad puzzle"),
        (lambda d: d.update(outlines="none"), "'outlines' is not a list"),
        (lambda d: d["outlines"].append([[0, 1], [0, 2]]), r"outline 1 .*already in the outline"),
        (lambda d: d["outlines"].append([[2, 2], [3, 3]]), "outline 1 .*not edge-adjacent"),
        (lambda d: d["outlines"].append([[3, 4], [4, 4]]), r"outline 1 .*\(4, 4\) is not on"),
        (lambda d: d["outlines"].append([[3, 4]]), "outline 1 .*pair of cells"),
    ],
)
def test_loading_a_damaged_game_says_what_is_wrong(tmp_path, edit, message):
    with pytest.raises(PuzzleError, match=message):
        PlayBoard.load(saved(tmp_path, edit))


def test_loading_a_file_that_is_not_json_is_refused(tmp_path):
    path = tmp_path / "game.json"
    path.write_text('{"format": "dominosa-lab/play", "vers')
    with pytest.raises(PuzzleError, match="not JSON"):
        PlayBoard.load(path)


def test_loading_a_missing_file_is_refused(tmp_path):
    with pytest.raises(MissingFileError, match=r"saved game '.*nowhere.json' does not exist"):
        PlayBoard.load(tmp_path / "nowhere.json")


def test_loading_a_folder_is_refused_by_name(tmp_path):
    with pytest.raises(PuzzleError, match="is a folder, not a file"):
        PlayBoard.load(tmp_path)


@pytest.mark.parametrize(("text", "message"), [
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ('{"format": "dominosa-lab/play", "version": ' + "9" * 5000 + "}", "not JSON this reads"),
    ('{"format": "dominosa-lab/play", "version": ' + "9" * 4000 + "}",
     "version 9999.* is not one this code reads"),
    ('{"format": "dominosa-lab/play", "version": true}', "version True is not one"),
    ('{"format": "dominosa-lab/play", "version": 1, "outlines": [], "puzzle": '
     + "[" * 100_000 + "]" * 100_000 + "}", "nested too deeply"),
])
def test_loading_a_file_python_cannot_take_is_refused_by_name(tmp_path, text, message):
    path = tmp_path / "game.json"
    path.write_text(text)
    with pytest.raises(PuzzleError, match=message):
        PlayBoard.load(path)


def test_saving_to_a_folder_is_refused_by_name(tmp_path):
    with pytest.raises(ArgumentError, match="is a folder; give the name of a file"):
        PlayBoard(SMALL).save(tmp_path)


def test_saving_into_a_missing_folder_is_refused_by_name(tmp_path):
    with pytest.raises(ArgumentError, match=r"the folder '.*nowhere' does not exist"):
        PlayBoard(SMALL).save(tmp_path / "nowhere" / "game.json")


def test_saving_under_a_file_is_refused_by_name(tmp_path):
    (tmp_path / "file").write_text("")
    with pytest.raises(ArgumentError, match=r"the folder '.*file' is not a folder"):
        PlayBoard(SMALL).save(tmp_path / "file" / "game.json")
