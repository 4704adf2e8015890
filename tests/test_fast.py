"""The fast default method: its compiled engine, its compiled deductions and how it counts."""

from __future__ import annotations

import itertools
import json
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominosa_lab import (
    Puzzle,
    count_solutions,
    from_tatham,
    is_unique,
    load,
    random_puzzle,
    solve,
)
from dominosa_lab.core.search import Search
from dominosa_lab.errors import ExactCoverError
from dominosa_lab.logic import State, run
from dominosa_lab.logic.geometry import geometry
from dominosa_lab.solvers import DEFAULT_METHOD, fast
from dominosa_lab.solvers.engine import decide, rule
from dominosa_lab.solvers.engine.search import CoverSearch
from dominosa_lab.solvers.engine.settings import SETTINGS
from dominosa_lab.solvers.engine.state import CoverModel, class_items, cover_model
from dominosa_lab.solvers.fast import first_solution_counts, is_compiled
from dominosa_lab.solvers.fast.dominosa import DominosaCover, fixed_point, root_deductions
from dominosa_lab.solvers.fast.mirror import deduced, mirrored_rungs
from tests.strategies import planted_board

SAMPLE = [json.loads(line) for line in
          (Path(__file__).parent / "data" / "tatham-sample.jsonl").read_text().splitlines()]


def python_fixed_point(puzzle: Puzzle) -> int:
    state = State(puzzle)
    for _ in run(state, mirrored_rungs()):
        pass
    return state.active


def test_fast_is_the_default_method():
    assert DEFAULT_METHOD == "fast" and solve(load("mikefc-small")).method == "fast"


def test_count_and_uniqueness_use_the_default_method():
    assert count_solutions(load("tcg-n10")) == 16 and is_unique(load("mikefc-small"))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(2, 9))
def test_the_compiled_deductions_stop_where_the_python_ladder_of_the_same_rules_stops(seed, n):
    puzzle = planted_board(n, random.Random(seed))[0]
    assert fixed_point(puzzle) == python_fixed_point(puzzle)


@pytest.mark.parametrize("entry", SAMPLE[::4], ids=lambda e: e["game_id"][:12])
def test_the_compiled_deductions_agree_with_the_python_ladder_on_tathams_boards(entry):
    puzzle = from_tatham(entry["game_id"])
    assert fixed_point(puzzle) == python_fixed_point(puzzle)


def search_counters(board: DominosaCover, limit: int) -> tuple:
    engine = board.engine(Search())
    root_deductions(engine, board, probe=False)
    covers = [c.tolist() for c in itertools.islice(engine.covers(), limit)]
    return covers, engine.counters


def test_the_builder_gives_each_placement_its_domino_as_the_generic_table_does():
    model = DominosaCover(random_puzzle(7, seed=3).puzzle).model
    assert np.array_equal(model.one, class_items(model.option_start, model.option_items,
                                                 model.klass))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(2, 12), limit=st.sampled_from([1, 3]))
def test_the_rule_read_through_the_one_item_table_deduces_what_the_option_lists_do(
        seed, n, limit):
    puzzle = planted_board(n, random.Random(seed))[0]
    generic = DominosaCover(puzzle)
    generic.model.one[:] = -2
    assert search_counters(DominosaCover(puzzle), limit) == search_counters(generic, limit)


def rule_entries(model: CoverModel, table: np.ndarray) -> dict[int, set]:
    """The rule's table read back: per item, its (option, bit set) entries."""
    base = model.n_items + 1
    return {i: {(int(table[base + 2 * t + 1]), int(table[base + 2 * t]))
                for t in range(table[i], table[i + 1])}
            for i in range(model.n_items)}


def sharing_entries(model: CoverModel, item: int) -> set:
    """By the definition: each option outside ``item`` that shares an item of the class the
    rule reads ``item`` through with two or more of its options, with the bit set of those
    options (for a domino: placements sharing a square; for a square: placements of a
    domino that two of its placements hold)."""
    own = model.options_of(item).tolist()
    through = {o: {int(x) for x in model.items_of(o) if model.klass[x] == model.rule[item]}
               for o in range(model.n_options)}
    entries = set()
    for q in set(range(model.n_options)) - set(own):
        bits = sum(1 << k for k, o in enumerate(own) if through[o] & through[q])
        if bits & (bits - 1):
            entries.add((q, bits))
    return entries


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(2, 9))
def test_the_rule_table_lists_the_options_sharing_an_item_with_two_of_an_items(seed, n):
    model = DominosaCover(planted_board(n, random.Random(seed))[0]).model
    entries = rule_entries(model, rule.rule_table(model, force=True))
    assert all(entries[i] == sharing_entries(model, i) for i in range(model.n_items))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(2, 12), limit=st.sampled_from([1, 3]))
def test_the_rule_table_skips_only_tests_that_cannot_fire(seed, n, limit):
    puzzle = planted_board(n, random.Random(seed))[0]
    without = search_counters(DominosaCover(puzzle), limit)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(rule, "SETTINGS", SETTINGS._replace(rule_table_min=0))
        board = DominosaCover(puzzle)
        assert board.model.table.size > 0  # the model is made when first asked for
    assert search_counters(board, limit) == without


def test_a_small_model_has_no_rule_table_and_a_large_one_has():
    assert DominosaCover(random_puzzle(20, seed=0).puzzle).model.table.size == 0
    assert DominosaCover(random_puzzle(30, seed=0).puzzle).model.table.size > 0


def test_the_options_are_the_placements_in_tathams_order():
    puzzle = random_puzzle(7, seed=3).puzzle
    board = DominosaCover(puzzle)
    assert tuple(map(board.placement, range(board.model.n_options))) == geometry(puzzle).placements


def test_every_person_made_sample_board_is_solved_and_proved_unique_without_a_guess():
    for entry in SAMPLE:
        result = solve(from_tatham(entry["game_id"]), limit=2)
        assert (result.status, len(result.solutions), result.stats.choices) == ("solved", 1, 0)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(1, 8), limit=st.sampled_from([1, 2, None]))
def test_the_kernel_counts_what_the_replay_of_its_trace_counts(seed, n, limit):
    puzzle = planted_board(n, random.Random(seed))[0]
    quiet = solve(puzzle, method="fast", limit=limit, max_nodes=20_000)
    traced = solve(puzzle, method="fast", limit=limit, max_nodes=20_000, trace=True)
    assert quiet.stats.as_dict() | {"seconds": 0} == traced.stats.as_dict() | {"seconds": 0}
    assert quiet.solutions == traced.solutions and quiet.status == traced.status


def test_a_large_board_needs_decisions_and_counts_them_as_choices():
    result = solve(random_puzzle(30, seed=5).puzzle)
    stats = result.stats
    assert result.status == "solved" and result.solution.is_valid()
    assert stats.choices > 0 and stats.nodes == 496 + stats.backtracks


def test_the_time_limit_is_honoured_inside_the_search():
    board = random_puzzle(40, seed=2).puzzle
    solve(board)  # the kernels loaded before the clock starts
    result = solve(board, limit=None, time_limit=0.5)
    assert result.status == "stopped" and len(result.solutions) > 1
    assert "time limit of 0.5 s" in result.reason


DEAD_AT_LEVEL_ZERO = [[1, 0, 1], [0, 1, 0]]
DEAD_AFTER_A_DECISION = [[2, 0, 0, 2], [2, 2, 1, 1], [1, 0, 1, 0]]


@pytest.mark.parametrize("rows", [DEAD_AT_LEVEL_ZERO, DEAD_AFTER_A_DECISION],
                         ids=["dead at level 0", "dead after a decision"])
def test_a_board_without_solution_reports_each_dead_end_as_a_choice_among_none(rows):
    quiet = solve(Puzzle(rows), method="fast")
    traced = solve(Puzzle(rows), method="fast", trace=True)
    assert quiet.status == traced.status == "no_solution"
    assert quiet.stats.branching[0] == sum(e.kind == "dead_end" for e in traced.trace) >= 1
    assert quiet.stats.as_dict() | {"seconds": 0} == traced.stats.as_dict() | {"seconds": 0}


def test_first_solution_counts_reports_a_budget_spent_at_level_zero_as_stopped():
    counts = first_solution_counts(from_tatham(SAMPLE[-1]["game_id"]), max_nodes=3)
    assert counts["status"] == "stopped"


def test_a_node_budget_smaller_than_the_forced_placements_stops_at_it_exactly():
    result = solve(from_tatham(SAMPLE[-1]["game_id"]), max_nodes=3)
    assert result.status == "stopped" and result.stats.nodes == 3


def test_boards_with_gaps_are_solved():
    rows = [[0, 0, 1, None], [1, 1, 0, None]]
    assert count_solutions(Puzzle(rows)) == count_solutions(Puzzle(rows), method="dlx")


def test_the_engine_handles_secondary_items():
    # items 0, 1 primary, 2 secondary; option 0 = {0, 2}, 1 = {1, 2}, 2 = {0}, 3 = {1}
    model = cover_model([0, 2, 4, 5, 6], [0, 2, 1, 2, 0, 1], [True, True, False])
    engine = CoverSearch(model, Search(), int)
    assert engine.start()
    covers = sorted(sorted(c.tolist()) for c in engine.covers())
    assert covers == [[0, 3], [1, 2], [2, 3]]


def test_a_malformed_model_is_refused():
    with pytest.raises(ExactCoverError, match="outside"):
        cover_model([0, 1], [5], [True])
    with pytest.raises(ExactCoverError, match="at least one item"):
        cover_model([0, 0], [], [True])


def test_after_a_solve_the_kernels_are_stamped_compiled():
    solve(load("mikefc-small"))
    assert is_compiled()


def test_the_second_solution_keeps_the_first_out():
    found = solve(load("tcg-n10"), limit=None).solutions
    assert len({frozenset(s.placements) for s in found}) == len(found) == 16
    assert np.all([s.is_valid() for s in found])


@pytest.mark.parametrize("preferred", [[0], [1, 2]])
def test_a_preferred_cover_is_found_first(preferred):
    engine = CoverSearch(cover_model([0, 2, 3, 4], [0, 1, 0, 1], [True, True]), Search(), int)
    engine.start()
    engine.prefer(np.array(preferred))
    assert next(engine.covers()).tolist() == preferred


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(2, 8))
def test_the_beliefs_change_the_order_of_the_solutions_not_the_solutions(seed, n):
    puzzle = planted_board(n, random.Random(seed))[0]
    unguided = solve(puzzle, limit=None, max_nodes=200_000)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(decide, "SETTINGS", SETTINGS._replace(guide_min_placements=0))
        guided = solve(puzzle, limit=None, max_nodes=200_000)
    assert guided.status == unguided.status == "solved"
    assert set(guided.solutions) == set(unguided.solutions)


def test_a_board_below_the_size_searches_without_beliefs():
    board = random_puzzle(20, seed=1).puzzle
    assert DominosaCover(board).model.n_options < SETTINGS.guide_min_placements
    assert first_solution_counts(board) == first_solution_counts(board, guided=False)


def test_the_beliefs_solve_a_random_n60_board_without_a_conflict():
    board = random_puzzle(60, seed=1000).puzzle
    guided, unguided = first_solution_counts(board), first_solution_counts(board, guided=False)
    assert (guided["status"], guided["conflicts"], guided["nodes"]) == ("solved", 0, 1891)
    assert unguided["conflicts"] > 1000


@pytest.mark.parametrize("entry", SAMPLE[::3], ids=lambda e: e["game_id"][:12])
def test_a_board_the_mirrored_deductions_finish_is_counted_as_the_engine_counts_it(entry):
    puzzle = from_tatham(entry["game_id"])
    placed = deduced(puzzle)
    if placed is None:
        pytest.skip("the mirrored deductions stop short of this board without probing")
    by_deduction, compiled = Search(trace=True), Search(trace=True)
    found = list(fast._by_deduction(puzzle, by_deduction, placed))
    assert found == list(fast._compiled(puzzle, compiled))
    untimed = {"seconds": 0}
    assert by_deduction.stats.as_dict() | untimed == compiled.stats.as_dict() | untimed


def test_a_small_board_is_solved_without_loading_the_kernels_in_a_fresh_process():
    code = ("import sys, dominosa_lab as dl; r = dl.solve(dl.load('mikefc-large'), limit=2); "
            "print(r.status, len(r.solutions), r.stats.nodes, r.stats.choices, "
            "'numba' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, cwd=Path(__file__).parents[1])
    assert done.stdout.split() == ["solved", "1", "28", "0", "False"]


def test_a_belief_guide_let_go_at_once_searches_as_without_beliefs():
    board = random_puzzle(40, seed=7).puzzle
    assert first_solution_counts(board, guide_for=0) == first_solution_counts(board, guided=False)
