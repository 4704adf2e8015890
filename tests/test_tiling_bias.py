"""Sampling tilings, coding them, and testing them against uniform."""

import pytest

from dominosa_lab import Placement, PuzzleError
from dominosa_lab.tilings import count_tilings
from dominosa_lab.tilings.bias import (
    all_codes,
    chi_square_uniform,
    code_counts,
    code_tiling,
    flippable_squares,
    horizontal_share,
    sample_codes,
    tiling_code,
)


def test_a_code_names_each_cells_partner():
    code = tiling_code([Placement((0, 0), (1, 0)), Placement((0, 1), (1, 1))], (2, 2))
    assert code == "DDUU"


def test_a_gap_is_a_dot():
    assert tiling_code([Placement((0, 0), (0, 1))], (2, 2)) == "RL.."


def test_all_codes_lists_every_tiling_once():
    codes = all_codes((4, 5))
    assert len(codes) == len(set(codes)) == count_tilings((4, 5)) == 95


def test_horizontal_share_counts_dominoes_not_cells():
    assert horizontal_share("RLRL") == 1.0
    assert horizontal_share("DDUU") == 0.0
    assert horizontal_share("RL..") == 1.0


@pytest.mark.parametrize("sampler", ["uniform", "parity"])
def test_sampled_codes_are_tilings_of_the_board_and_seeded(sampler):
    codes = sample_codes((4, 5), sampler, range(30))
    assert set(codes.values()) <= set(all_codes((4, 5)))
    assert codes == sample_codes((4, 5), sampler, range(30))


def test_an_unknown_sampler_is_refused():
    with pytest.raises(PuzzleError, match="unknown tiling sampler"):
        sample_codes((2, 2), "fair", [0])


def test_code_counts_include_tilings_never_seen():
    assert code_counts(["RLRL"], ["RLRL", "DDUU"]) == {"RLRL": 1, "DDUU": 0}


def test_code_counts_refuse_a_code_outside_the_enumeration():
    with pytest.raises(PuzzleError, match="not in the enumeration"):
        code_counts(["RLRL", "XXXX"], ["RLRL"])


def test_chi_square_has_k_minus_one_degrees_of_freedom_and_the_pearson_statistic():
    result = chi_square_uniform([10, 20, 30])
    assert result.dof == 2
    assert result.statistic == pytest.approx(((10 - 20) ** 2 + 0 + (30 - 20) ** 2) / 20)


def test_chi_square_rejects_a_lopsided_sample_and_accepts_an_even_one():
    assert chi_square_uniform([300, 100, 100, 100]).p_value < 0.001
    assert chi_square_uniform([101, 99, 100, 100]).p_value > 0.5


def test_chi_square_is_seeded():
    assert chi_square_uniform([5, 9, 4], seed=3) == chi_square_uniform([5, 9, 4], seed=3)


def test_chi_square_needs_two_categories_and_data():
    with pytest.raises(PuzzleError, match="at least two categories"):
        chi_square_uniform([7])
    with pytest.raises(PuzzleError, match="at least two categories"):
        chi_square_uniform([0, 0])


def test_a_seed_on_which_the_sampler_fails_is_left_out():
    codes = sample_codes((7, 8), "parity", [689, 690, 691])  # 690: all ten builds dead-end
    assert sorted(codes) == [689, 691]


def test_flippable_squares_count_parallel_pairs_in_2x2_squares():
    assert flippable_squares("RLRL", (2, 2)) == 1
    assert flippable_squares("DDUU", (2, 2)) == 1
    assert flippable_squares("RLDRLU", (2, 3)) == 1
    assert flippable_squares("DRLURL", (2, 3)) == 1
    assert flippable_squares("DDDUUU", (2, 3)) == 2


def test_decoding_a_code_gives_back_the_tiling():
    for code in all_codes((4, 5)):
        assert tiling_code(code_tiling(code, (4, 5)), (4, 5)) == code


def test_a_sampler_failure_other_than_a_parity_dead_end_is_raised():
    with pytest.raises(PuzzleError):
        sample_codes([[True] * 3], "uniform", range(3))
