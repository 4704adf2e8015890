"""Why a board has no solution: the refutation a person can check, by deduction or by a core."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dominosa_lab as dl
from dominosa_lab.boards import random_cell_swap
from dominosa_lab.core.exact_cover import ExactCover
from dominosa_lab.core.search import Search, SearchStopped
from dominosa_lab.logic import State
from dominosa_lab.logic.deduce import deduce
from dominosa_lab.logic.geometry import geometry
from dominosa_lab.logic.refute import refute, uncovered
from dominosa_lab.solvers.engine.relax import fractional_cover_exists
from dominosa_lab.solvers.engine.unsat import failing_items, weighed_items
from dominosa_lab.solvers.fast.dominosa import DominosaCover
from dominosa_lab.solvers.fast.prove import unsatisfiable, weighed

NO_DOUBLE_ZERO = dl.Puzzle([[0, 1, 0], [1, 0, 1]])  # every neighbour pair is 0-1


def covers_region(puzzle: dl.Puzzle, region: set, alive: set | None = None,
                  placed: set = frozenset()) -> bool:
    """Dancing links, independent of the engine: can the squares of ``region`` each be covered
    while the dominoes of ``placed`` are each placed, by placements of ``alive`` (default: all),
    without overlap or a domino twice?"""
    g = geometry(puzzle)
    asked = sorted(region) + [("domino", d) for d in sorted(placed)]
    others = [c for c in g.cells if c not in region]
    others += [("domino", d) for d in g.dominoes if d not in placed]
    index = {item: i for i, item in enumerate(asked + others)}
    options = []
    for p, pl in enumerate(g.placements):
        domino = ("domino", g.dominoes[g.domino_of[p]])
        if alive is not None and p not in alive:
            continue
        if any(c in region for c in pl.cells) or domino[1] in placed:
            options.append([index[c] for c in pl.cells] + [index[domino]])
    problem = ExactCover(len(asked), len(index) - len(asked), options)
    return next(iter(problem.solve()), None) is not None


def unsolvable_swaps(n: int, count: int) -> list[dl.Puzzle]:
    """The first ``count`` boards with two squares exchanged that have no solution."""
    found, seed = [], 0
    while len(found) < count:
        board = random_cell_swap(dl.random_puzzle(n, seed=seed).puzzle, np.random.default_rng(seed))
        if dl.solve(board).status == "no_solution":
            found.append(board)
        seed += 1
    return found


def test_a_domino_with_no_placement_at_all_is_the_whole_reason():
    why = refute(NO_DOUBLE_ZERO)
    assert (why.kind, why.dominoes, why.steps) == ("deduction", ((0, 0),), ())
    assert why.text == "domino 0-0 has no placement left: the board has no solution"


def test_a_solvable_board_has_no_refutation():
    assert dl.explain_no_solution(dl.load("mikefc-small")) is None
    assert dl.solve(dl.load("mikefc-small")).refutation is None


def test_solve_carries_the_refutation_of_a_board_without_solution():
    result = dl.solve(NO_DOUBLE_ZERO)
    assert result.status == "no_solution"
    assert result.refutation == dl.explain_no_solution(NO_DOUBLE_ZERO)


def test_a_stopped_search_has_no_refutation():
    board = unsolvable_swaps(20, 1)[0]
    assert dl.solve(board, max_nodes=1).refutation is None


@pytest.mark.parametrize("board", unsolvable_swaps(6, 4), ids=lambda b: b.name)
def test_the_kept_steps_alone_empty_the_square_or_domino_named(board):
    why = refute(board)
    found = deduce(board, ladder_name="lean", keep_steps=True)
    replay = State(board)
    for step in found.steps:
        if step.text in why.steps:
            replay.apply(step)
    assert replay.contradiction() is not None
    assert set(why.steps) <= {step.text for step in found.steps}


def core(puzzle: dl.Puzzle, found) -> tuple[set, set]:
    """The squares (cells) and dominoes of ``found``, a result of ``unsatisfiable``."""
    g = geometry(puzzle)
    return ({g.cells[s] for s in found[0].tolist()}, {g.dominoes[d] for d in found[1].tolist()})


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(3, 6), st.integers(0, 10_000))
def test_a_core_cannot_be_covered_and_placed_and_is_minimal(n, seed):
    board = random_cell_swap(dl.random_puzzle(n, seed=seed).puzzle, np.random.default_rng(seed))
    found = unsatisfiable(board, time_limit=None)
    assert (found is None) == (dl.solve(board).status == "solved")
    if found is None:
        return
    cells, dominoes = core(board, found)
    assert found[2] and not covers_region(board, cells, placed=dominoes)
    assert all(covers_region(board, cells - {c}, placed=dominoes) for c in cells)
    assert all(covers_region(board, cells, placed=dominoes - {d}) for d in dominoes)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(3, 7), st.integers(0, 10_000))
def test_every_reason_given_names_squares_and_dominoes_that_cannot_go_together(n, seed):
    board = random_cell_swap(dl.random_puzzle(n, seed=seed).puzzle, np.random.default_rng(seed))
    why = dl.explain_no_solution(board, time_limit=None)
    assert (why is None) == (dl.solve(board).status == "solved")
    if why is not None and why.kind in ("region", "core"):  # asking more cannot be done either
        assert not covers_region(board, set(why.squares), placed=set(why.dominoes))


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(4, 9), st.integers(0, 10_000))
def test_the_squares_and_dominoes_of_positive_weight_cannot_go_together(n, seed):
    board = random_cell_swap(dl.random_puzzle(n, seed=seed).puzzle, np.random.default_rng(seed))
    found = weighed(board, time_limit=None)
    model = DominosaCover(board).model
    assert (found is None) == fractional_cover_exists(model, Search(), whole=True)
    if found is not None:
        cells, dominoes = core(board, found)
        assert not covers_region(board, cells, placed=dominoes)


def test_a_board_with_a_solution_has_no_weighed_core():
    assert weighed(dl.load("mikefc-small"), time_limit=None) is None


def test_weights_ask_for_fewer_squares_when_dominoes_cost_more():
    board = unsolvable_swaps(10, 3)[-1]
    cover = DominosaCover(board)
    every = np.full(cover.model.n_options, -1)
    n = len(board.cells)
    plain = weighed_items(cover.model, every, Search())
    dear = np.where(np.arange(cover.model.n_items) < n, 1.0, 100.0)
    costly = weighed_items(cover.model, every, Search(), dear)
    assert plain is not None and costly is not None
    assert (costly >= n).sum() < (plain >= n).sum()


def test_weighing_out_of_time_stops_the_search():
    board = unsolvable_swaps(20, 1)[0]
    model = DominosaCover(board).model
    with pytest.raises(SearchStopped):
        weighed_items(model, np.full(model.n_options, -1), Search(time_limit=0.0))


def test_a_shrinking_out_of_time_keeps_the_set_and_says_it_is_not_minimal():
    board = unsolvable_swaps(6, 1)[0]
    model = DominosaCover(board).model
    every = np.full(model.n_options, -1)
    unshrunk, minimal = failing_items(model, every, shrink_seconds=lambda proof: 0.0)
    shrunk, _ = failing_items(model, every)
    n = len(board.cells)
    cells, dominoes = core(board, (unshrunk[unshrunk < n], unshrunk[unshrunk >= n] - n))
    assert not minimal and not covers_region(board, cells, placed=dominoes)
    assert set(shrunk) <= set(unshrunk)


def test_a_core_of_squares_alone_is_a_region_that_lists_the_placements_on_it():
    why = uncovered(geometry(NO_DOUBLE_ZERO), [3, 5])
    assert why.kind == "region" and why.squares == ((1, 0), (1, 2))
    assert "(0,0)-(1,0) (0-1)" in why.text and "without any one of the squares" in why.text


def test_a_core_with_dominoes_names_them_and_the_squares_of_their_placements():
    board = dl.Puzzle([[0, 1, 0], [1, 1, 0]])    # 1-1 lies at (1,0)-(1,1) or (0,1)-(1,1)
    g = geometry(board)
    why = uncovered(g, [0], True, [g.dominoes.index((1, 1))])
    assert why.kind == "core" and (1, 1) in why.dominoes
    assert set(why.squares) == {(0, 0), (1, 0), (1, 1), (0, 1)}
    assert "while domino 1-1 is placed" in why.text and "squares or dominoes" in why.text


def test_the_solve_command_prints_why_there_is_no_solution(tmp_path, capsys):
    from dominosa_lab.cli import main

    path = tmp_path / "board.txt"
    path.write_text("0 1 0\n1 0 1\n")
    assert main(["solve", str(path)]) == 0
    out = capsys.readouterr().out
    assert "status: no_solution" in out
    assert "1. domino 0-0 has no placement left: the board has no solution" in out


def test_the_solve_command_gives_the_reason_in_json(tmp_path, capsys):
    import json

    from dominosa_lab.cli import main

    path = tmp_path / "board.txt"
    path.write_text("0 1 0\n1 0 1\n")
    assert main(["solve", str(path), "--json"]) == 0
    why = json.loads(capsys.readouterr().out)["refutation"]
    assert why["kind"] == "deduction" and why["dominoes"] == [[0, 0]]
    assert why["text"] == "domino 0-0 has no placement left: the board has no solution"


def test_the_draw_command_draws_a_board_without_solution(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    from dominosa_lab.cli import main

    board, out = tmp_path / "board.txt", tmp_path / "why.png"
    board.write_text("0 1 0\n1 0 1\n")
    assert main(["draw", str(board), "-o", str(out)]) == 0
    assert out.stat().st_size > 0 and "no_solution" in capsys.readouterr().out


def test_a_drawn_reason_frames_the_marked_squares():
    pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt

    from dominosa_lab.draw.refutation import draw_refutation

    plain = draw_refutation(NO_DOUBLE_ZERO, refute(NO_DOUBLE_ZERO))
    framed = draw_refutation(NO_DOUBLE_ZERO, refute(NO_DOUBLE_ZERO), marked=[(0, 0), (1, 2)])
    assert len(framed.patches) == len(plain.patches) + 2
    plt.close("all")


def test_a_core_of_dominoes_alone_says_they_cannot_all_be_placed():
    g = geometry(NO_DOUBLE_ZERO)
    why = uncovered(g, [], True, [g.dominoes.index((0, 0))])
    assert why.text.startswith("Domino 0-0 cannot be placed: none is on them")
    assert "no choice among them places all" in why.text
    assert "without any one of the dominoes" in why.text
