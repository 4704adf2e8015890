"""Random tilings: every sampler tiles the board; the exact ones are uniform."""

from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominosa_lab.errors import PuzzleError
from dominosa_lab.tilings import board_mask, count_tilings
from dominosa_lab.tilings.sample import (
    SAMPLERS,
    checked_tiling,
    flip_tiling,
    temperley_tiling,
    transfer_tiling,
    uniform_tiling,
)

# A 4 x 5 board with two holes that still has tilings (and no 2x2-free corner tricks).
HOLED = board_mask([
    [1, 1, 1, 1, 1],
    [1, None, 1, 1, 1],
    [1, 1, 1, None, 1],
    [1, 1, 1, 1, 1],
])

# Chi-square critical values at p = 0.001 for the degrees of freedom used below.
CHI2_999 = {9: 27.88, 10: 29.59}


def _chi_square(sampler, mask, draws_per_tiling, seed):
    """Pearson's statistic of the sampler's draws against the uniform distribution."""
    total = count_tilings(mask)
    rng = np.random.default_rng(seed)
    counts = Counter(tuple(sorted(sampler(mask, rng))) for _ in range(total * draws_per_tiling))
    observed = np.array(list(counts.values()) + [0] * (total - len(counts)))
    return len(counts), total, float(((observed - draws_per_tiling) ** 2).sum() / draws_per_tiling)


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(["uniform", "transfer", "flips"]),
    st.sampled_from([(2, 2), (3, 4), (4, 3), (5, 6), (6, 6), (1, 8)]),
    st.integers(0, 2**32),
)
def test_every_sampler_tiles_the_board(name, shape, seed):
    mask = board_mask(shape)
    checked_tiling(mask, SAMPLERS[name](mask, np.random.default_rng(seed)))


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 12), st.integers(1, 12), st.integers(0, 2**32))
def test_temperley_tiles_every_odd_by_even_rectangle(k, cols, seed):
    shape = (2 * k - 1, 2 * cols) if seed % 2 else (2 * cols, 2 * k - 1)
    mask = board_mask(shape)
    checked_tiling(mask, temperley_tiling(mask, np.random.default_rng(seed)))


def test_temperley_is_uniform_on_the_11_tilings_of_3x4():
    seen, total, chi2 = _chi_square(temperley_tiling, board_mask((3, 4)), 300, seed=1)
    assert seen == total == 11
    assert chi2 < CHI2_999[10]


def test_transfer_matrix_is_uniform_on_a_board_with_holes():
    seen, total, chi2 = _chi_square(transfer_tiling, HOLED, 300, seed=2)
    assert seen == total == 10
    assert chi2 < CHI2_999[9]


def test_uniform_uses_temperley_on_odd_by_even_rectangles_and_the_transfer_matrix_otherwise():
    for mask, exact in [(board_mask((5, 6)), temperley_tiling), (HOLED, transfer_tiling)]:
        a = uniform_tiling(mask, np.random.default_rng(7))
        b = exact(mask, np.random.default_rng(7))
        assert sorted(a) == sorted(b)


def test_flips_stay_on_the_board_with_holes():
    checked_tiling(HOLED, flip_tiling(HOLED, np.random.default_rng(0), sweeps=50))


def test_flips_with_no_sweeps_return_the_matching_start():
    mask = board_mask((4, 4))
    a = flip_tiling(mask, np.random.default_rng(0), sweeps=0)
    b = flip_tiling(mask, np.random.default_rng(99), sweeps=0)
    assert sorted(a) == sorted(b)


def test_flips_move_away_from_the_start():
    mask = board_mask((6, 6))
    start = sorted(flip_tiling(mask, np.random.default_rng(0), sweeps=0))
    assert sorted(flip_tiling(mask, np.random.default_rng(0), sweeps=5)) != start


def test_temperley_refuses_boards_outside_its_bijection():
    with pytest.raises(PuzzleError, match="one odd side"):
        temperley_tiling(board_mask((4, 4)), np.random.default_rng(0))
    with pytest.raises(PuzzleError, match="with gaps"):
        temperley_tiling(board_mask([[1, 1, 1], [1, 1, None]]), np.random.default_rng(0))


def test_transfer_refuses_wide_boards_and_points_to_flips():
    wide = np.ones((18, 18), dtype=bool)
    with pytest.raises(PuzzleError, match="tiling='flips'"):
        transfer_tiling(wide, np.random.default_rng(0))


@pytest.mark.parametrize("sampler", [transfer_tiling, flip_tiling])
def test_samplers_say_when_a_board_has_no_tiling(sampler):
    mask = board_mask([[1, 1, None], [1, 1, 1], [None, 1, None]])
    with pytest.raises(PuzzleError, match="no domino tiling"):
        sampler(mask, np.random.default_rng(0))
