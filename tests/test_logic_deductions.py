"""The deductions: each on a board where it is the next step, and the laws they obey.

The small examples are boards of Simon Tatham's sample (``tests/data``) at the moment his
ladder first uses the deduction; cells are (row, col).
"""

import random
from functools import partial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominosa_lab import Placement, from_tatham, solve
from dominosa_lab.logic import (
    DEDUCTIONS,
    State,
    deduce,
    hall_sets,
    ladder,
    run,
    set_analysis,
    tiling,
    wide_sets,
)
from tests.samples import BEYOND, TATHAM_SAMPLE
from tests.strategies import planted_board


def first_step(game_id: str, name: str, ladder_name: str = "tatham"):
    """The first step named ``name`` that rules something out, on the way the ladder solves."""
    state = State(from_tatham(game_id))
    return next(s for s in run(state, ladder(ladder_name)) if s.name == name and s.count)


def pl(a, b) -> Placement:
    return Placement(a, b)


# --- each deduction where it first fires ----------------------------------------------------


def test_domino_must_overlap_rules_out_what_crosses_every_place_of_a_domino():
    step = first_step("3:00033121123313202210", "domino_must_overlap")
    assert step.dominoes == ((0, 0),) and step.ruled_out == (pl((0, 1), (1, 1)),)
    assert step.text.startswith("0-0 fits only at (0,0)-(0,1) and (0,1)-(0,2); both cover (0,1)")


def test_local_duplicate_rules_out_a_placement_forcing_a_second_copy_next_door():
    step = first_step("3:32233113002012130120", "local_duplicate")
    assert step.ruled_out == (pl((0, 0), (0, 1)),) and step.dominoes == ((2, 3),)
    assert "square (0,2) could only take another 2-3" in step.text


def test_local_duplicate_2_rules_out_a_placement_forcing_two_copies_apart():
    step = first_step("3:23021030211113032230", "local_duplicate_2")
    assert step.ruled_out == (pl((1, 0), (2, 0)),) and set(step.cells) == {(0, 0), (3, 0)}


def test_parity_rules_out_every_even_even_bridge_of_one_snapshot():
    step = first_step("3:32233113002012130120", "parity")
    assert set(step.ruled_out) == {pl((0, 1), (0, 2)), pl((1, 1), (2, 1)), pl((1, 2), (1, 3)),
                                   pl((1, 4), (2, 4))}
    assert step.count == 4  # Tatham counts parity per placement


def test_set_analysis_uses_up_the_dominoes_of_a_tight_set_of_squares():
    step = first_step("3:23021030211113032230", "set_analysis")
    assert set(step.cells) == {(0, 4), (2, 1)} and step.dominoes == ((1, 1), (1, 2))


EXTREME = "6:13426004156616604462233262440300525512351342063315415510"


def test_set_analysis_with_one_domino_short_makes_the_double_join_two_squares():
    step = first_step(EXTREME, "set_analysis_doubles_nminus1")
    assert set(step.cells) == {(2, 5), (2, 6), (3, 5), (4, 6), (5, 6), (5, 7)}
    assert len(step.dominoes) == 5 and step.level == "extreme"


def test_set_analysis_with_as_many_dominoes_keeps_the_double_near_the_set():
    step = first_step(EXTREME, "set_analysis_doubles_equal")
    assert step.ruled_out == (pl((6, 4), (6, 5)),)  # a 5-5 touching none of the five squares


def test_a_forcing_chain_holding_a_domino_twice_is_not_used():
    step = first_step("3:00033121123313202210", "forcing_chain_duplicate")
    assert len(step.ruled_out) == 7 and "hold 1-2 twice" in step.text


def test_a_forcing_chain_that_would_starve_a_square_is_not_used():
    step = first_step("3:33001022330112221130", "forcing_chain_square")
    assert step.cells[0] == (0, 2) and len(step.ruled_out) == 5


def test_a_domino_in_both_complementary_chains_goes_nowhere_else():
    step = first_step("3:10332323101201310022", "forcing_chain_complementary")
    assert step.dominoes == ((2, 3),) and len(step.ruled_out) == 2


# --- beyond Tatham ------------------------------------------------------------------------


@pytest.mark.parametrize("n", sorted(BEYOND))
def test_our_deductions_finish_boards_tathams_ladder_cannot(n):
    puzzle = from_tatham(BEYOND[n])
    assert deduce(puzzle, ladder_name="tatham").status == "stuck"
    ours = deduce(puzzle, ladder_name="full")
    assert ours.status == "solved" and ours.level == "deep"
    assert ours.counts["tiling"] > 0
    assert len(solve(puzzle, method="dlx", limit=2).solutions) == 1


def test_set_analysis_without_doubles_is_hard_where_tathams_is_switched_off():
    puzzle = from_tatham(BEYOND[15])  # 17 squares per number: his set analysis skips them all
    state = State(puzzle)
    assert not list(set_analysis(state, doubles=True))
    steps = [s for s in run(state, ladder("full")) if s.name == "wide_sets"]
    assert steps and all(s.level == "hard" and len(s.cells) <= 15 for s in steps)
    assert steps[0].text.endswith("so those dominoes are all used there and go nowhere else "
                                  "(rules out (11,7)-(12,7) and (13,2)-(14,2))")


def test_wide_sets_leaves_numbers_on_at_most_16_squares_to_tatham():
    state = State(from_tatham(EXTREME))
    assert not list(wide_sets(state))
    assert list(wide_sets(state, limit=0))


def test_set_analysis_by_matchings_works_where_tathams_is_switched_off():
    stuck = deduce(from_tatham(BEYOND[15]), ladder_name="tatham").state
    steps = list(hall_sets(stuck))
    assert steps and all(s.level == "deep" and len(s.cells) == 17 for s in steps)


def test_a_hall_step_says_what_each_place_of_the_double_leaves_short():
    step = first_step(BEYOND[8], "hall_sets", "full")
    assert step.text.startswith("if ") and "one domino too few" in step.text


def test_a_tiling_step_names_the_squares_that_would_stay_uncovered():
    step = first_step(BEYOND[8], "tiling", "full")
    assert "so one of them would stay uncovered" in step.text


def _before(step, state: State) -> State:
    """A fresh state as it was just before ``step`` (which only ruled out)."""
    fresh = State(state.puzzle)
    fresh.restore((state.active | step.ruled_out_mask, state.placed))
    return fresh


def _exhaust(finder, state: State) -> int:
    ruled = 0
    for step in finder(state):
        state.apply(step)
        ruled |= step.ruled_out_mask
    return ruled


@pytest.mark.parametrize(("name", "stronger"), [("parity", tiling), ("set_analysis", hall_sets),
                                                ("set_analysis", partial(wide_sets, limit=0)),
                                                ("set_analysis_doubles_nminus1", hall_sets),
                                                ("set_analysis_doubles_equal", hall_sets)])
def test_each_of_our_deductions_concludes_what_the_one_it_replaces_does(name, stronger):
    seen = 0
    for record in TATHAM_SAMPLE:
        state = State(from_tatham(record["game_id"]))
        for step in run(state, ladder("tatham")):
            if step.name == name and step.count:
                seen += 1
                assert step.ruled_out_mask & ~_exhaust(stronger, _before(step, state)) == 0
    assert seen


# --- laws -------------------------------------------------------------------------------------


def _all_solutions(puzzle):
    return [set(s.placements) for s in solve(puzzle, method="dlx", limit=None).solutions]


@settings(max_examples=60)
@given(seed=st.integers(0, 10**6), n=st.integers(1, 4), given_count=st.integers(0, 4))
def test_no_deduction_rules_out_a_placement_of_any_solution(seed, n, given_count):
    puzzle, planted = planted_board(n, random.Random(seed))
    placed = random.Random(seed).sample(list(planted.placements), min(given_count, len(planted)))
    state = State(puzzle, placed)
    for _ in run(state, ladder("full")):
        pass
    still = set(state.geometry.placements_in(state.active))
    for solution in _all_solutions(puzzle):
        if set(placed) <= solution:
            assert solution <= still


@settings(max_examples=60)
@given(seed=st.integers(0, 10**6), n=st.integers(1, 5))
def test_wide_sets_on_every_number_rules_out_no_placement_of_any_solution(seed, n):
    puzzle = planted_board(n, random.Random(seed))[0]
    state = State(puzzle)
    for _ in run(state, ladder("tatham", max_level="basic")):
        pass
    _exhaust(partial(wide_sets, limit=0), state)
    still = set(state.geometry.placements_in(state.active))
    assert all(solution <= still for solution in _all_solutions(puzzle))


@settings(max_examples=40)
@given(seed=st.integers(0, 10**6), n=st.integers(2, 5))
def test_every_ladder_reaches_the_same_verdict_on_solutions(seed, n):
    puzzle = planted_board(n, random.Random(seed))[0]
    solutions = _all_solutions(puzzle)
    for name in ("tatham", "full", "lean"):
        result = deduce(puzzle, ladder_name=name)
        if result.status == "solved":
            assert solutions == [set(result.solution.placements)]
        else:
            assert result.status == "stuck" and len(solutions) >= 1



def test_every_deduction_argues_its_soundness_and_has_a_one_line_summary():
    for deduction in DEDUCTIONS.values():
        finder = getattr(deduction.find, "func", deduction.find)
        assert "Sound" in finder.__doc__ and deduction.summary
    assert len({d.summary for d in DEDUCTIONS.values()}) == len(DEDUCTIONS)


def _tight_set_conclusions(state: State) -> int:
    """Every placement a set of one number's squares (no two joined by an active double, at
    most N of them) with as many dominoes as squares rules out: by trying every subset."""
    g = state.geometry
    ruled = 0
    for squares in g.number_cells:
        options = [state.active & g.cell_mask[s] for s in squares]
        for subset in range(1, 1 << len(squares)):
            chosen = [i for i in range(len(squares)) if subset >> i & 1]
            inside = 0
            for i in chosen:
                inside |= options[i]
            placements = [p for p in range(len(g.pairs)) if inside >> p & 1]
            if len(chosen) > len(squares) - 2 or any(
                    all(g.pairs[p][x] in {squares[i] for i in chosen} for x in (0, 1))
                    for p in placements):
                continue
            dominoes = {g.domino_of[p] for p in placements}
            if len(dominoes) == len(chosen):
                for d in dominoes:
                    ruled |= g.domino_mask[d] & state.active & ~inside
    return ruled


@settings(max_examples=80)
@given(seed=st.integers(0, 10**6), n=st.integers(2, 5))
def test_wide_sets_find_exactly_what_every_tight_set_of_squares_rules_out(seed, n):
    state = State(planted_board(n, random.Random(seed))[0])
    for _ in run(state, ladder("tatham", max_level="basic")):
        pass
    found = 0
    for step in wide_sets(state, limit=0):  # not applied: every step reads the same state
        found |= step.ruled_out_mask
    assert found == _tight_set_conclusions(state)
