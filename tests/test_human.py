"""human: Caviness's forced locations, forced pieces and frontier of boards."""

import pytest
from hypothesis import HealthCheck, assume, given, settings

from dominosa_lab import ArgumentError, Puzzle, load, solve
from dominosa_lab.solvers import human
from tests.strategies import boards

M9 = load("caviness-m9")
UNSOLVABLE = Puzzle([[0, 1, 0], [1, 0, 1]])  # every adjacent pair is 0-1: 0-0 has no place


def test_m9_starts_with_four_forced_pieces_and_no_forced_location():
    first = next(human.steps(M9))
    assert first.kind == "forced piece"
    assert [m.domino for m in first.moves] == [(0, 1), (0, 5), (3, 4), (4, 5)]


def test_m9_is_solved_with_the_pieces_it_needs_and_no_more():
    result = solve(M9, method="human", limit=None)
    assert result.status == "solved" and len(result.solutions) == 1
    assert result.stats.nodes == 28 and result.stats.backtracks == 0


def test_the_geometric_reading_makes_m9_branch_as_the_article_says():
    sizes = human.frontier_sizes(M9, locations="geometric")
    assert max(sizes) > 1 and sizes[-1] == 1
    assert solve(M9, method="human", locations="geometric", limit=None).solutions == \
        solve(M9, method="human", limit=None).solutions


def test_each_step_says_why_it_placed_each_piece():
    for step in human.steps(M9):
        for move in step.moves:
            assert move.reason.startswith(("forced location at", "forced piece", "branch on"))
        assert str(step).startswith(f"iteration {step.iteration}, board 1/1")


def test_a_step_reports_its_iteration_board_and_frontier():
    steps = list(human.steps(M9, locations="geometric"))
    branch = next(s for s in steps if s.kind == "branch")
    assert branch.decision.reason.startswith("branch on ")
    assert len(branch.children) == len(branch.moves) > 1
    later = [s for s in steps if s.iteration == branch.iteration + 1]
    assert all(s.frontier == len(later) for s in later)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(boards(max_n=4))  # few random boards have one solution: most are filtered out
def test_steps_never_force_a_domino_outside_the_unique_solution(board):
    # A branch tries every place on copies, so wrong copies exist; but a forced
    # step on a board holding only pieces of the solution places only more of them.
    puzzle, _ = board
    unique = solve(puzzle, method="rowscan", limit=2)
    assume(len(unique.solutions) == 1)
    answer = set(unique.solution.placements)
    for rule in human.LOCATION_RULES:
        solved = []
        for step in human.steps(puzzle, locations=rule):
            if set(step.board.placed) <= answer and step.kind.startswith("forced"):
                assert {m.placement for m in step.moves} <= answer
            if step.kind == "solved":
                solved.append(set(step.board.placed))
        assert solved == [answer]


@settings(max_examples=40, deadline=None)
@given(boards(max_n=4))
def test_the_depth_first_walk_places_what_the_frontier_places(board):
    puzzle, _ = board
    for rule in human.LOCATION_RULES:
        placed = sum(len(s.moves) for s in human.steps(puzzle, locations=rule))
        result = solve(puzzle, method="human", limit=None, locations=rule)
        assert result.stats.nodes == placed


def test_trace_notes_give_the_reason_before_each_placement():
    result = solve(M9, method="human", trace=True)
    kinds = [e.kind for e in result.trace]
    assert kinds[:3] == ["choice", "note", "place"] and result.trace[1].text == "forced piece 0-1"


def test_each_forced_piece_is_a_choice_of_one_made_in_its_own_state():
    trace = solve(M9, method="human", trace=True).trace
    forced = [(e.node, e.options) for e in trace[:3 * 28] if e.kind == "choice"]
    assert forced == [(node, 1) for node in range(28)]


def test_an_unknown_location_rule_is_refused():
    with pytest.raises(ArgumentError, match="locations must be one of 'available', 'geometric'"):
        solve(M9, method="human", locations="strict")
