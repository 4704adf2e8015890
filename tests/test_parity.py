"""Darby's parity-checked random tiling."""

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominosa_lab import ArgumentError, PuzzleError
from dominosa_lab.boards.planted import random_puzzle
from dominosa_lab.tilings.parity import MAX_ATTEMPTS, MAX_BUILDS, parity_tiling

EIGHT_BY_SEVEN = [(r, c) for r in range(7) for c in range(8)]


def rectangle(rows, cols):
    return [(r, c) for r in range(rows) for c in range(cols)]


def open_groups(cells, covered):
    """Connected sets of uncovered cells, by networkx (an oracle independent of the module)."""
    free = set(cells) - covered
    graph = nx.Graph()
    graph.add_nodes_from(free)
    graph.add_edges_from((a, b) for a in free for b in [(a[0], a[1] + 1), (a[0] + 1, a[1])]
                         if b in free)
    return list(nx.connected_components(graph))


def replay(cells, placements):
    """The open groups after each placement of a build."""
    covered = set()
    for pl in placements:
        covered |= set(pl.cells)
        yield open_groups(cells, covered)


def boards_with_even_groups():
    """Rectangles, some with a pair of gaps of opposite colours."""
    return st.tuples(st.integers(2, 6), st.integers(2, 6), st.booleans()).filter(
        lambda t: t[0] * t[1] % 2 == 0).map(
        lambda t: [c for c in rectangle(t[0], t[1]) if not t[2] or c not in [(0, 0), (0, 1)]])


@settings(max_examples=60, deadline=None)
@given(cells=boards_with_even_groups(), seed=st.integers(0, 2**32 - 1))
def test_never_leaves_an_odd_open_group(cells, seed):
    tiling = parity_tiling(cells, np.random.default_rng(seed), max_builds=1)
    for groups in replay(cells, tiling.placements):
        assert all(len(g) % 2 == 0 for g in groups)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_the_balance_check_never_leaves_an_unbalanced_group(seed):
    tiling = parity_tiling(EIGHT_BY_SEVEN, np.random.default_rng(seed), check="balance",
                           max_builds=1)
    for groups in replay(EIGHT_BY_SEVEN, tiling.placements):
        assert all(2 * sum((r + c) % 2 for r, c in g) == len(g) for g in groups)


@settings(max_examples=30, deadline=None)
@given(cells=boards_with_even_groups(), seed=st.integers(0, 2**32 - 1))
def test_a_complete_tiling_covers_every_cell_once(cells, seed):
    tiling = parity_tiling(cells, np.random.default_rng(seed))
    if tiling.complete:
        covered = [c for pl in tiling.placements for c in pl.cells]
        assert sorted(covered) == sorted(cells)


@pytest.mark.parametrize("seed", [0, 1, 7])
def test_the_same_seed_gives_the_same_tiling_and_record(seed):
    a = parity_tiling(EIGHT_BY_SEVEN, np.random.default_rng(seed))
    b = parity_tiling(EIGHT_BY_SEVEN, np.random.default_rng(seed))
    assert a == b


def test_different_seeds_give_different_tilings():
    tilings = {tuple(parity_tiling(EIGHT_BY_SEVEN, np.random.default_rng(s)).placements)
               for s in range(5)}
    assert len(tilings) == 5


def test_builds_and_attempts_stay_within_darbys_bounds():
    for seed in range(20):
        tiling = parity_tiling(EIGHT_BY_SEVEN, np.random.default_rng(seed))
        assert 1 <= len(tiling.builds) <= MAX_BUILDS
        assert all(b.attempts <= MAX_ATTEMPTS for b in tiling.builds)
        assert tiling.dead_ends == len(tiling.builds) - tiling.complete


def test_every_attempt_is_accounted_for():
    for build in parity_tiling(EIGHT_BY_SEVEN, np.random.default_rng(3)).builds:
        assert build.attempts == build.placed + build.blocked + build.odd


def test_a_dead_end_build_is_recorded_and_rebuilt():
    tiling = parity_tiling(EIGHT_BY_SEVEN, np.random.default_rng(1))  # a seed with dead ends
    assert tiling.dead_ends >= 1 and tiling.complete
    assert all(b.attempts == MAX_ATTEMPTS and b.placed < 28 for b in tiling.builds[:-1])


def test_running_out_of_builds_leaves_an_incomplete_tiling():
    tiling = parity_tiling(EIGHT_BY_SEVEN, np.random.default_rng(1), max_builds=1)
    assert not tiling.complete and tiling.dead_ends == 1


def test_the_naive_method_jams_with_no_move_left():
    builds = [parity_tiling(EIGHT_BY_SEVEN, np.random.default_rng(s), check="none",
                            max_builds=1).builds[0] for s in range(10)]
    jammed = [b for b in builds if not b.complete]
    assert jammed
    assert all(b.moves_left == 0 and b.odd == 0 for b in jammed)


@given(st.integers(0, 10_000), st.sampled_from(["open", "any"]))
@settings(max_examples=25, deadline=None)
def test_either_pick_never_leaves_an_odd_open_group(seed, pick):
    tiling = parity_tiling(EIGHT_BY_SEVEN, np.random.default_rng(seed), pick=pick)
    for groups in replay(EIGHT_BY_SEVEN, tiling.placements):
        assert all(len(g) % 2 == 0 for g in groups)


def test_drawing_any_cell_spends_attempts_on_covered_cells_so_fewer_dominoes_fit():
    def placed(pick):
        return [parity_tiling(EIGHT_BY_SEVEN, np.random.default_rng(s), check="none",
                              max_attempts=100, max_builds=1, pick=pick).builds[0].placed
                for s in range(40)]
    assert np.mean(placed("any")) < np.mean(placed("open"))


def test_an_attempt_on_a_covered_cell_is_refused_as_blocked():
    build = parity_tiling(EIGHT_BY_SEVEN, np.random.default_rng(5), check="none",
                          max_builds=1, pick="any").builds[0]
    assert build.attempts == build.placed + build.blocked and build.odd == 0


def test_an_unknown_pick_is_refused_naming_the_choices():
    with pytest.raises(ArgumentError, match="pick must be one of 'open', 'any'"):
        parity_tiling(EIGHT_BY_SEVEN, np.random.default_rng(0), pick="corner")


def test_a_board_with_an_odd_group_is_refused():
    with pytest.raises(PuzzleError, match="fails the parity check"):
        parity_tiling(rectangle(3, 3), np.random.default_rng(0))


def test_an_unknown_check_is_refused():
    with pytest.raises(PuzzleError, match="check must be one of"):
        parity_tiling(EIGHT_BY_SEVEN, np.random.default_rng(0), check="colour")


# --- through the generator's seam ------------------------------------------------------------


def test_random_puzzle_takes_the_parity_sampler_and_plants_a_valid_solution():
    puzzle, planted = random_puzzle(6, seed=4, tiling="parity")
    assert planted.is_valid(puzzle)
    assert puzzle.name == "random-n6-parity-s4"


def test_the_generators_tiling_is_the_replayed_parity_tiling_with_its_record():
    _, planted = random_puzzle(6, seed=4, tiling="parity")
    replay = parity_tiling(EIGHT_BY_SEVEN, np.random.default_rng(4))
    assert replay.complete
    assert planted.placements == tuple(sorted(replay.placements))


def test_when_every_build_dead_ends_the_generator_says_so():
    assert not parity_tiling(EIGHT_BY_SEVEN, np.random.default_rng(690)).complete
    with pytest.raises(PuzzleError, match="dead-ended in all 10 builds"):
        random_puzzle(6, seed=690, tiling="parity")


def test_puzzle_random_shows_its_key_and_regenerates_from_it():
    puzzle = random_puzzle(6, seed=12, tiling="parity").puzzle
    assert repr(puzzle) == "Puzzle('random-n6-parity-s12', N=6, shape=(7, 8))"
    assert random_puzzle(6, seed=12, tiling="parity").puzzle == puzzle
    assert random_puzzle(6, seed=13, tiling="parity").puzzle != puzzle


def test_puzzle_random_defaults_to_the_generators_default_tiling():
    assert random_puzzle(4, seed=2).puzzle == random_puzzle(4, seed=2).puzzle
