"""The exact census: every arrangement of the double-N numbers and its number of solutions."""

import math
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest

import dominosa_lab as dl
from dominosa_lab.experiments.census import (
    arrangements,
    census,
    census_chunk,
    census_chunks,
    chunk_arrangements,
    merge_census,
)
from dominosa_lab.tilings.count import iter_tilings


def _completions(n, prefix):
    """Every canonical arrangement starting with ``prefix`` (numbers in first-appearance order)."""
    cells, board = (n + 1) * (n + 2), list(prefix)

    def extend():
        if len(board) == cells:
            yield tuple(board)
            return
        for v in range(min(max(board, default=-1) + 1, n) + 1):
            if board.count(v) < n + 2:
                board.append(v)
                yield from extend()
                board.pop()

    yield from extend()


def _solutions(n, boards):
    """Solutions of each board (rows: row-major numbers), tiling by tiling, in numpy."""
    width = n + 2
    pairs = np.array([[(r1 * width + c1, r2 * width + c2) for (r1, c1), (r2, c2)
                       in (pl.cells for pl in tiling)] for tiling in iter_tilings((n + 1, width))])
    grid = np.array(boards)
    a, b = grid[:, pairs[..., 0]], grid[:, pairs[..., 1]]
    dominoes = np.sort(np.minimum(a, b) * (n + 1) + np.maximum(a, b), axis=2)
    return (np.diff(dominoes, axis=2) != 0).all(axis=2).sum(axis=1)


def _brute_census(n, prefix=()):
    k = _solutions(n, list(_completions(n, prefix)))
    return {int(j): int(a) * math.factorial(n + 1) for j, a in Counter(k.tolist()).items()}


@pytest.mark.parametrize("n", [1, 2])
def test_census_equals_checking_every_arrangement_against_every_tiling(n):
    assert census(n, "serial", progress=False).counts == dict(sorted(_brute_census(n).items()))


def test_an_n3_chunk_equals_checking_each_of_its_arrangements():
    prefix = (0, 0, 0, 1, 1, 2, 0, 1, 2, 1, 2, 2)
    result = census_chunk((3, prefix))
    assert result["counts"] == _brute_census(3, prefix)
    assert sum(result["counts"].values()) == chunk_arrangements(3, prefix)


@pytest.mark.parametrize("n", [1, 2])
def test_the_example_board_has_the_largest_count_by_the_default_solver(n):
    result = census(n, "serial", progress=False)
    assert dl.count_solutions(result.example) == result.max_k == max(result.counts)
    assert result.at_max == result.counts[result.max_k]


@pytest.mark.parametrize("n", [1, 2, 3])
def test_chunks_partition_the_arrangements(n):
    assert sum(c.size for c in census_chunks(n)) == arrangements(n)
    assert sum(c.size for c in census_chunks(n, depth=4)) == arrangements(n)


def test_chunk_results_merge_to_the_undivided_census():
    whole = census(2, "serial", depth=0, progress=False)
    parts = merge_census(2, {c.id: census_chunk(c.payload) for c in census_chunks(2, depth=5)})
    assert replace(parts, nodes=0) == replace(whole, nodes=0)  # prefixes are filled per chunk


def test_the_census_is_the_same_on_a_dask_cluster_and_after_a_restart(dask_client, tmp_path):
    serial = census(2, "serial", depth=3, progress=False)
    assert census(2, dask_client, depth=3, store=tmp_path, progress=False) == serial
    assert census(2, "serial", depth=3, store=tmp_path, progress=False) == serial


def test_totals_meet_their_closed_forms_and_planted_fractions_sum_to_one():
    result = census(2, "serial", progress=False)
    result.check()
    assert result.solutions == 63_360
    assert sum(result.fraction(k, planted=True) for k in result.counts) == 1
    assert result.fraction(1, planted=True) == Fraction(result.counts[1], 63_360)


def test_boards_beyond_n3_and_non_canonical_prefixes_are_refused():
    with pytest.raises(dl.ArgumentError, match="0 <= n <= 3"):
        census(4, "serial", progress=False)
    with pytest.raises(dl.ArgumentError, match="not canonical"):
        census_chunk((2, (1, 0)))




def test_a_chunk_without_any_tiling_merged_first_leaves_the_maximum_to_the_others():
    results = {c.id: census_chunk(c.payload) for c in census_chunks(2, depth=8)}
    dead = min(results)
    assert results[dead]["max_k"] < 0  # the first chunk in id order has no tiling
    live = min(i for i, r in results.items() if r["max_k"] >= 0)
    merged = merge_census(2, {dead: results[dead], live: results[live]})
    assert (merged.max_k, merged.at_max) == (results[live]["max_k"], results[live]["at_max"])
    assert [v for row in merged.example.rows for v in row] == results[live]["example"]
