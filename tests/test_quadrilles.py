"""quadrilles: double-6 boards of 2x2 blocks, every two numbers meeting."""

import pytest

from dominosa_lab import PuzzleError
from dominosa_lab.boards.quadrilles import DUDENEY_BLOCKS, quadrille_boards


def test_dudeneys_figure_has_14_blocks_on_56_cells():
    cells = {(r + a, c + b) for r, c in DUDENEY_BLOCKS for a in (0, 1) for b in (0, 1)}
    assert len(DUDENEY_BLOCKS) == 14 and len(cells) == 56


def test_every_candidate_is_made_of_equal_blocks_where_all_numbers_meet():
    board = next(quadrille_boards())
    for r, c in DUDENEY_BLOCKS:
        assert len({board.value((r + a, c + b)) for a in (0, 1) for b in (0, 1)}) == 1
    pairs = {board.domino_of(pl) for pl in board.placements()}
    every_pair = {(x, y) for x in range(7) for y in range(x + 1, 7)}
    assert {(x, y) for x, y in pairs if x != y} == every_pair


def test_a_block_count_other_than_14_is_refused():
    with pytest.raises(PuzzleError, match="14 blocks"):
        next(quadrille_boards(DUDENEY_BLOCKS[:12]))


def test_overlapping_blocks_are_refused():
    with pytest.raises(PuzzleError, match="overlap"):
        next(quadrille_boards(((0, 0), (0, 1), *DUDENEY_BLOCKS[2:])))
