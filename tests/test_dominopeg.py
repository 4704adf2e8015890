"""DominoPeg: the seed's pieces, the board, the three solvers, symmetry and the census."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from dominosa_lab import PuzzleError
from dominosa_lab.dominopeg import (
    BASE_PIECES,
    ORIENTATIONS,
    PLACEMENTS,
    SYMMETRIES,
    PegBoard,
    PegPlacement,
    PegSolution,
    canonical,
    count_up_to_symmetry,
    map_solution,
    orbit,
    solve,
    solve_naive,
)
from dominosa_lab.dominopeg.hole_census import (
    _mirror_tb,
    census_chunks,
    finish_chunk,
    orbit_table,
    tally,
)
from dominosa_lab.dominopeg.symmetry import map_circle, map_placement
from dominosa_lab.experiments.chunks import Chunk, run_chunks

CENSUS = Path(__file__).resolve().parents[1] / "results" / "dominopeg_census.csv"
UNSOLVABLE = (0, 1, 7, 8, 14)  # both searches exhaust it in about a second
TWENTY_TWO = (2, 3, 10, 11, 12)  # 22 solutions; the seed's search exhausts it in ~470k placements
QUICK_FIRST = (3, 6, 19, 23, 28)  # the seed's search finds a solution within 5,000 placements
holes_strategy = st.lists(st.integers(0, 34), min_size=0, max_size=6, unique=True)


def test_the_seed_pieces_have_70_distinct_orientations():
    assert len(ORIENTATIONS) == 70
    assert len({(o.spots, o.horizontal) for o in ORIENTATIONS}) == 70


def test_orientations_keep_the_seed_order_piece_then_flip_then_rotation():
    keys = [(o.piece, o.flip, o.rotation) for o in ORIENTATIONS]
    assert keys == sorted(keys)


def test_every_orientation_keeps_its_piece_peg_count():
    for o in ORIENTATIONS:
        assert len(o.spots) == len(BASE_PIECES[o.piece][1])
        assert set(o.spots) <= set(o.footprint)


def test_pieces_carry_30_pegs_so_five_circles_stay_empty():
    assert sum(len(spots) for _, spots in BASE_PIECES) == 30


def test_a_placement_covers_two_adjacent_cells_and_the_six_circles_at_their_corners():
    for pl in PLACEMENTS:
        a, b = pl.cells
        assert b - a in (1, 6)
        corners = {c + c // 6 + d for c in pl.cells for d in (0, 1, 7, 8)}
        assert set(pl.circles) == corners


def test_every_symmetry_maps_a_placement_to_a_placement_of_the_same_piece():
    for pl in PLACEMENTS:
        for name in SYMMETRIES:
            image = map_placement(pl, name)
            assert image.piece == pl.piece and image.on_board
            assert sorted(image.pegs) == sorted(map_circle(p, name) for p in pl.pegs)


@pytest.mark.parametrize("holes, message", [
    ([35], "outside 0-34"),
    ([-1], "outside 0-34"),
    ([3, 3], "repeats circle 3"),
    ([1.5], "not an integer"),
    ([True], "not an integer"),
    (["4"], "not an integer"),
])
def test_bad_holes_are_refused_naming_the_entry(holes, message):
    with pytest.raises(PuzzleError, match=message):
        PegBoard(holes)


def test_more_than_five_holes_is_refused_by_counting_without_search():
    result = solve(PegBoard([25, 26, 27, 32, 33, 34]), limit=None)
    assert result.status == "no_solution"
    assert result.stats.nodes == 0
    assert "30 pegs" in result.reason and "exactly 5 empty" in result.reason


def test_five_holes_or_fewer_pass_the_counting_check():
    assert PegBoard([25, 26, 27, 32, 33]).impossible is None
    assert PegBoard([]).impossible is None


def test_naive_first_solution_is_valid_and_leaves_the_holes_empty():
    result = solve_naive(PegBoard(QUICK_FIRST))
    assert result.status == "solved"
    assert result.solution.is_valid()
    assert result.solution.empty == QUICK_FIRST


def test_naive_stops_at_its_budget_with_counters():
    result = solve_naive(PegBoard([25, 26, 27, 32, 33, 34]), max_nodes=500)
    assert result.status == "stopped"
    assert result.stats.nodes == 500


def test_naive_tallies_one_test_per_remaining_piece_at_an_exhausted_node():
    tally: Counter = Counter()
    result = solve_naive(PegBoard(UNSOLVABLE), limit=None, tally=tally)
    opened = sum(result.stats.branching.values())
    assert result.status == "no_solution"
    assert opened <= tally["tested"] <= 70 * opened


def test_naive_and_exact_cover_agree_on_an_unsolvable_pattern():
    assert solve_naive(PegBoard(UNSOLVABLE), limit=None).status == "no_solution"
    assert solve(PegBoard(UNSOLVABLE), limit=None).status == "no_solution"


def test_naive_and_exact_cover_find_the_same_solutions():
    naive = solve_naive(PegBoard(TWENTY_TWO), limit=None)
    exact = solve(PegBoard(TWENTY_TWO), limit=None)
    assert naive.status == exact.status == "solved"
    assert {s.placements for s in naive.solutions} == {s.placements for s in exact.solutions}
    assert len(exact.solutions) == 22
    assert all(s.is_valid() for s in exact.solutions)


def test_the_default_engine_and_dlx_find_the_same_solutions_of_a_five_hole_pattern():
    default = solve(PegBoard(TWENTY_TWO), limit=None)
    dlx = solve(PegBoard(TWENTY_TWO), limit=None, engine="dlx")
    assert {s.placements for s in default.solutions} == {s.placements for s in dlx.solutions}


def test_exact_cover_solutions_are_valid_and_distinct_with_fewer_holes():
    result = solve(PegBoard([25, 26, 27, 32]), limit=5)
    assert len({s.placements for s in result.solutions}) == 5
    for s in result.solutions:
        assert s.is_valid()
        assert {25, 26, 27, 32} <= set(s.empty) and len(s.empty) == 5


def test_exact_cover_orders_find_valid_solutions_of_the_board_without_holes():
    for order, seed in (("mrv", None), ("pile", None), ("random", 3)):
        result = solve(PegBoard([]), order=order, seed=seed, max_nodes=200_000)
        assert result.solution.is_valid()
        assert len(result.solution.empty) == 5


def test_an_invalid_board_lists_its_problems():
    pl = PLACEMENTS[0]
    problems = PegSolution(PegBoard([pl.pegs[0]]), (pl, pl)).problems()
    text = " ".join(problems)
    assert "not each of the 12 once" in text
    assert "covered twice" in text
    assert "holes holding a peg" in text
    assert "cells not covered" in text


def test_a_placement_hanging_off_the_board_is_not_on_board():
    horizontal = next(o for o in ORIENTATIONS if o.horizontal)
    assert not PegPlacement(5, horizontal).on_board
    assert not PegBoard().fits(PegPlacement(5, horizontal))


@given(holes_strategy)
def test_canonical_is_the_same_for_every_image(holes):
    for name in SYMMETRIES:
        assert canonical([map_circle(h, name) for h in holes]) == canonical(holes)


@given(holes_strategy)
def test_orbits_have_one_two_or_four_patterns(holes):
    assert len(orbit(holes)) in (1, 2, 4)


def test_mirrored_solutions_are_solutions_of_the_mirrored_board_and_count_once():
    solution = solve(PegBoard([25, 26, 27, 32, 33])).solution
    images = [map_solution(solution, name) for name in SYMMETRIES]
    assert all(s.is_valid() for s in images)
    assert len({s.board.holes for s in images}) == 4
    assert count_up_to_symmetry(images) == 1


def test_the_top_bottom_mirror_of_a_bit_mask_matches_the_circle_map():
    import numpy as np

    for circle in range(35):
        image = _mirror_tb(np.array([1 << circle], dtype=np.int64))[0]
        assert image == 1 << map_circle(circle, "mirror top-bottom")


def test_orbit_table_covers_every_pattern_once():
    import numpy as np

    rows = orbit_table(np.zeros(324_632, dtype=np.int64))
    assert sum(size for _, size, _ in rows) == 324_632


@pytest.fixture(scope="module")
def census_table() -> pd.DataFrame:
    if not CENSUS.is_file():
        pytest.skip(f"{CENSUS} missing; run `dominosa-lab experiment dominopeg-census`")
    return pd.read_csv(CENSUS)


def test_census_has_one_row_per_orbit_and_covers_all_patterns(census_table):
    assert census_table["patterns"].sum() == 324_632
    assert census_table["holes"].is_unique
    holes = [tuple(map(int, h.split())) for h in census_table["holes"].head(500)]
    assert all(canonical(h) == h for h in holes)


def test_no_solution_is_its_own_mirror_image_so_classes_divide_evenly(census_table):
    assert ((census_table["solutions"] * census_table["patterns"]) % 4 == 0).all()


@pytest.mark.parametrize("holes", [
    (26, 27, 32, 33, 34),
    (25, 26, 32, 33, 34),
    (25, 26, 27, 32, 33),
    (0, 1, 7, 8, 14),
])
def test_census_agrees_with_an_exhaustive_exact_cover_count(census_table, holes):
    row = census_table[census_table["holes"] == " ".join(map(str, canonical(holes)))]
    exact = solve(PegBoard(holes), limit=None)
    assert int(row["solutions"].iloc[0]) == len(exact.solutions)


def test_census_agrees_with_the_seed_search_on_a_22_solution_pattern(census_table):
    row = census_table[census_table["holes"] == " ".join(map(str, canonical(TWENTY_TWO)))]
    assert int(row["solutions"].iloc[0]) == 22


def test_census_chunks_sent_to_a_dask_cluster_add_up_as_in_one_process(dask_client):
    chunks = {f"pegs-{c.pegs}": c for c in census_chunks()[-6:]}  # the smallest six
    here = tally((c, finish_chunk((c.keys, c.counts))) for c in chunks.values())
    work = [Chunk(name, (c.keys, c.counts), len(c.keys)) for name, c in chunks.items()]
    there = run_chunks(finish_chunk, work, dask_client, progress=False)
    assert np.array_equal(tally((chunks[name], there[name]) for name in chunks), here)
    assert here.sum() > 0
