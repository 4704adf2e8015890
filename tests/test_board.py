"""The board model: one numbering, tables that agree with each other, views that are
permutations, an exact cover with the board's solutions, size linear in the board."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominosa_lab import Puzzle, load, random_puzzle
from dominosa_lab.core import board
from dominosa_lab.core.board import VIEWS, BitSets, BoardModel, board_model, tatham_domino
from dominosa_lab.core.puzzle import Placement, bone_pile
from dominosa_lab.errors import ArgumentError
from dominosa_lab.logic.geometry import bits, geometry
from tests.strategies import _random_tiling, boards


def gapped_board(n: int, rng: random.Random) -> Puzzle:
    """A double-n board on an irregular shape: part of a random tiling of a larger rectangle."""
    rows, cols = n + 2, n + 3
    tiling = _random_tiling({(r, c) for r in range(rows) for c in range(cols)}, rng)
    kept = rng.sample(tiling, len(bone_pile(n)))
    grid: list[list[int | None]] = [[None] * cols for _ in range(rows)]
    for pl, (lo, hi) in zip(kept, rng.sample(bone_pile(n), len(kept)), strict=True):
        grid[pl.a[0]][pl.a[1]], grid[pl.b[0]][pl.b[1]] = lo, hi
    return Puzzle(grid, max_pip=n)


@st.composite
def any_board(draw) -> Puzzle:
    """A full or an irregular board of a small double-N set."""
    rng = draw(st.randoms(use_true_random=False))
    if draw(st.booleans()):
        return draw(boards(0, 3))[0]
    return gapped_board(draw(st.integers(0, 3)), rng)


def reference_solutions(puzzle: Puzzle) -> set[frozenset[Placement]]:
    """Every solution, by a plain search over the first free cell (independent of the model)."""
    free = set(puzzle.cells)
    used: set = set()
    placed: list[Placement] = []
    found: set[frozenset[Placement]] = set()

    def fill() -> None:
        if not free:
            found.add(frozenset(placed))
            return
        r, c = min(free)
        for other in ((r, c + 1), (r + 1, c)):
            pl = Placement((r, c), other) if other in free else None
            if pl is None or puzzle.domino_of(pl) in used:
                continue
            free.difference_update(pl.cells)
            used.add(puzzle.domino_of(pl))
            placed.append(pl)
            fill()
            placed.pop()
            used.discard(puzzle.domino_of(pl))
            free.update(pl.cells)

    fill()
    return found


@given(any_board())
@settings(max_examples=30, deadline=None)
def test_canonical_order_is_reading_order_with_the_horizontal_placement_first(puzzle):
    placements = board_model(puzzle).placements
    assert list(placements) == sorted(placements, key=lambda pl: (pl.a, not pl.horizontal))
    assert len(placements) == sum((r, c + 1) in puzzle.cells for r, c in puzzle.cells) + sum(
        (r + 1, c) in puzzle.cells for r, c in puzzle.cells)


@given(any_board())
@settings(max_examples=40, deadline=None)
def test_every_view_is_a_permutation_of_the_placements_and_dominoes(puzzle):
    m = board_model(puzzle)
    for name in VIEWS:
        v = m.view(name)
        assert sorted(v.order.tolist()) == list(range(m.n_placements))
        assert (v.rank[v.order] == np.arange(m.n_placements)).all()
        assert sorted(v.domino_order.tolist()) == list(range(m.n_dominoes))
        assert (v.domino_rank[v.domino_order] == np.arange(m.n_dominoes)).all()


@given(any_board())
@settings(max_examples=40, deadline=None)
def test_square_and_placement_tables_are_inverse(puzzle):
    m = board_model(puzzle)
    from_squares = {(s, int(p)) for s in range(m.n_squares) for p in m.square_options(s)}
    from_pairs = {(int(s), p) for p in range(m.n_placements) for s in m.pairs[p]}
    assert from_squares == from_pairs


@given(any_board())
@settings(max_examples=40, deadline=None)
def test_domino_tables_name_the_domino_each_placement_holds(puzzle):
    m = board_model(puzzle)
    for d in range(m.n_dominoes):
        for p in m.domino_options(d):
            assert puzzle.domino_of(m.placements[p]) == m.dominoes[d]
    assert m.domino_starts[-1] == m.n_placements


@given(any_board())
@settings(max_examples=30, deadline=None)
def test_bit_sets_hold_the_same_placements_as_the_arrays(puzzle):
    m = board_model(puzzle)
    for s in range(m.n_squares):
        assert m.square_mask[s] == sum(1 << int(p) for p in m.square_options(s))
    for d in range(m.n_dominoes):
        assert m.domino_mask[d] == sum(1 << int(p) for p in m.domino_options(d))


@given(any_board())
@settings(max_examples=30, deadline=None)
def test_neighbours_are_the_placements_sharing_a_square(puzzle):
    m = board_model(puzzle)
    for p, pl in enumerate(m.placements):
        sharing = [q for q, other in enumerate(m.placements)
                   if q != p and set(pl.cells) & set(other.cells)]
        assert m.neighbours(p).tolist() == sharing


@given(any_board(), st.sampled_from(sorted(VIEWS)))
@settings(max_examples=30, deadline=None)
def test_exact_cover_has_the_boards_solutions_in_every_view(puzzle, view):
    problem = board_model(puzzle).exact_cover(view)
    covers = {frozenset(problem.payloads[j] for j in rows) for rows in problem.solve()}
    assert covers == reference_solutions(puzzle)


@given(any_board(), st.sampled_from(sorted(VIEWS)))
@settings(max_examples=30, deadline=None)
def test_cover_arrays_are_the_exact_covers_arrays(puzzle, view):
    m = board_model(puzzle)
    built, direct = m.exact_cover(view).arrays, m.cover_arrays(view)
    for name in ("option_starts", "option_items", "item_starts", "item_options", "primary"):
        assert getattr(built, name).tolist() == getattr(direct, name).tolist()


def test_tatham_view_puts_vertical_placements_first_and_numbers_dominoes_by_high_end():
    m = board_model(load("mikefc-small"))
    v = m.view("tatham")
    horizontal = [m.placements[p].horizontal for p in v.order]
    assert horizontal == sorted(horizontal)
    assert [tatham_domino(*m.dominoes[d]) for d in v.domino_order] == list(range(m.n_dominoes))


def test_an_unknown_view_is_refused_by_name():
    with pytest.raises(ArgumentError, match="view must be one of"):
        board_model(load("mikefc-small")).view("spiral")


def test_the_model_is_cached_per_puzzle():
    p = load("mikefc-small")
    assert board_model(p) is board_model(p)


def test_model_size_grows_linearly_with_the_board():
    sizes = {n: BoardModel(random_puzzle(n, seed=0).puzzle).n_entries for n in (10, 20, 40)}
    squares = {n: (n + 1) * (n + 2) for n in sizes}
    per_square = [sizes[n] / squares[n] for n in sizes]
    assert max(per_square) < 15 and max(per_square) / min(per_square) < 1.1


@given(any_board())
@settings(max_examples=30, deadline=None)
def test_tatham_geometry_is_the_model_renumbered_by_its_view(puzzle):
    m, g = board_model(puzzle), geometry(puzzle)
    v = m.view("tatham")
    assert g.placements == tuple(m.placements[p] for p in v.order)
    for s in range(m.n_squares):
        assert bits(g.cell_mask[s]) == sorted(v.rank[m.square_options(s)].tolist())
    for d in range(m.n_dominoes):
        assert bits(g.domino_mask[v.domino_rank[d]]) == sorted(v.rank[m.domino_options(d)].tolist())
    for p in range(len(g.pairs)):
        assert bits(g.overlap_mask[p]) == sorted(v.rank[m.neighbours(v.order[p])].tolist())


def test_bit_sets_of_large_boards_are_built_when_read_and_hold_the_same_placements(monkeypatch):
    puzzle = load("mikefc-small")
    kept = BoardModel(puzzle)
    squares, dominoes = kept.square_mask, kept.domino_mask
    monkeypatch.setattr(board, "KEEP_BITS_MAX", 4)
    lazy = BoardModel(puzzle)
    assert isinstance(lazy.square_mask, BitSets) and isinstance(squares, tuple)
    assert list(lazy.square_mask) == list(squares)
    assert list(lazy.domino_mask) == list(dominoes)


def test_the_models_arrays_are_read_only():
    m = board_model(load("mikefc-small"))
    v = m.view("tatham")
    for array in (m.values, m.pairs, m.placement_domino, m.square_placements,
                  m.domino_placements, v.order, v.rank, v.domino_order):
        with pytest.raises(ValueError, match="read-only"):
            array[0] = 0
