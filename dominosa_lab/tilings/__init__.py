"""Domino tilings: exact counts, uniform and other samplers, Darby's parity builder, bias tests."""

from dominosa_lab.tilings.bias import chi_square_uniform, code_tiling, tiling_code
from dominosa_lab.tilings.count import (
    board_mask,
    count_tilings,
    iter_tilings,
    kasteleyn_count,
    schema_census,
)
from dominosa_lab.tilings.parity import parity_tiling
from dominosa_lab.tilings.sample import SAMPLERS, get_sampler

__all__ = [
    "SAMPLERS",
    "board_mask",
    "chi_square_uniform",
    "code_tiling",
    "count_tilings",
    "get_sampler",
    "iter_tilings",
    "kasteleyn_count",
    "parity_tiling",
    "schema_census",
    "tiling_code",
]
