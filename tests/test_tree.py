"""Search trees built from traces: one state per placement, outcomes, layout, drawing."""

import functools
import itertools
import random

import matplotlib.pyplot as plt
import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st
from matplotlib.collections import LineCollection, PathCollection
from matplotlib.colors import to_rgba

from dominosa_lab import METHODS, Placement, Puzzle, load, solve
from dominosa_lab.core.search import Event
from dominosa_lab.draw.tree import draw_search_tree
from dominosa_lab.errors import TraceError
from dominosa_lab.trace.tree import (
    OUTCOMES,
    ROOT,
    collapse_tree,
    describe_event,
    outcome_counts,
    replay,
    search_tree,
    tidy_layout,
    untried_options,
)
from tests.strategies import planted_board

DOUBLE_1 = Puzzle([[0, 0, 1], [1, 1, 0]])
DOUBLE_2 = Puzzle([[1, 1, 0, 1], [2, 0, 2, 2], [0, 0, 2, 1]])  # TCG homework, figure 7
SMALL = load("mikefc-small")
BOARDS = {"double-1": DOUBLE_1, "double-2": DOUBLE_2, "mikefc-small": SMALL,
          "planted-3": planted_board(3, random.Random(7))[0]}
BUDGET = 5_000  # keeps brute-force methods bounded; a stopped run must still count right


@functools.cache
def run(puzzle, method="rowscan", limit=None):
    """A traced run within the budget (cached: several tests read the same run)."""
    return solve(puzzle, method=method, limit=limit, trace=True, max_nodes=BUDGET)


def finished_run(board, method):
    """A run of ``method`` over all of ``board``'s search space (skipped if out of budget)."""
    result = run(BOARDS[board], method)
    if result.status == "stopped":
        pytest.skip(f"{method} spent its budget of {BUDGET} nodes on {board}")
    return result


def states(tree):
    """The search states of a tree: every node but the summaries of untried options."""
    return {n for n, o in tree.nodes(data="outcome") if o != "unexplored"}


def with_outcome(tree, *outcomes):
    """The nodes of ``tree`` with one of ``outcomes``."""
    return {n for n, o in tree.nodes(data="outcome") if o in outcomes}


def reported(result, kind):
    """The states at which the trace reports ``kind``, found by replaying it."""
    return {f.node for f in replay(result.trace) if f.event and f.event.kind == kind}


@pytest.mark.parametrize("board", sorted(BOARDS))
@pytest.mark.parametrize("method", sorted(METHODS))
@pytest.mark.parametrize("limit", [1, None])
def test_tree_has_one_state_per_placement_tried(method, board, limit):
    result = run(BOARDS[board], method, limit=limit)
    tree = search_tree(result)
    assert len(states(tree)) - 1 == result.stats.nodes
    assert nx.is_arborescence(tree)


@pytest.mark.parametrize("board", sorted(BOARDS))
@pytest.mark.parametrize("method", sorted(METHODS))
def test_leaves_are_exactly_the_reported_dead_ends_and_solutions(method, board):
    result = finished_run(board, method)
    tree = search_tree(result)
    leaves = {n for n in tree if tree.out_degree(n) == 0}
    assert leaves == with_outcome(tree, "dead_end", "solution")
    assert leaves <= reported(result, "dead_end") | reported(result, "solution")


@pytest.mark.parametrize("board", sorted(BOARDS))
@pytest.mark.parametrize("method", sorted(METHODS))
def test_leaves_of_an_unfinished_run_add_open_states_and_untried_options(method, board):
    tree = search_tree(run(BOARDS[board], method, limit=1))
    leaves = {n for n in tree if tree.out_degree(n) == 0}
    open_leaves = leaves & with_outcome(tree, "stopped")
    assert leaves == with_outcome(tree, "dead_end", "solution", "unexplored") | open_leaves


#: Methods that never come back to a state they left (so each state has one choice).
DEPTH_FIRST = sorted(name for name, info in METHODS.items() if not info.revisits)


@pytest.mark.parametrize("board", sorted(BOARDS))
@pytest.mark.parametrize("method", DEPTH_FIRST)
def test_a_finished_run_tried_every_option_it_reported(method, board):
    # the k of each choice is the real option count: placed, or rejected by a check, all of them
    tree = search_tree(finished_run(board, method))
    assert [n for n in tree if untried_options(tree, n)] == []
    assert not with_outcome(tree, "unexplored") and tree.graph["untried"] == 0


@pytest.mark.parametrize("method", DEPTH_FIRST)
def test_each_state_reports_at_most_one_choice(method):
    result = run(DOUBLE_2, method)
    choices = [f.node for f in replay(result.trace) if f.event and f.event.kind == "choice"]
    assert len(choices) == len(set(choices))


@pytest.mark.parametrize("method", sorted(METHODS))
def test_stopping_at_the_first_of_several_solutions_leaves_options_untried(method):
    result = run(DOUBLE_2, method, limit=1)
    tree = search_tree(result)
    summaries = with_outcome(tree, "unexplored")
    assert summaries and tree.graph["complete"] is False
    assert all(tree.nodes[next(tree.predecessors(s))]["outcome"] == "path" for s in summaries)
    assert sum(tree.nodes[s]["count"] for s in summaries) == tree.graph["untried"] > 0
    assert outcome_counts(tree)["unexplored"] == len(summaries)


def test_the_untried_options_of_a_state_are_its_options_less_those_tried():
    tree = search_tree(solve(load("tcg-n10"), method="dlx", limit=1, trace=True))
    for summary in with_outcome(tree, "unexplored"):
        state = next(tree.predecessors(summary))
        tried = len(states(tree) & set(tree.successors(state)))
        assert tree.nodes[summary]["count"] == tree.nodes[state]["options"] - tried > 0
        assert tree.nodes[summary]["label"] == f"+{tree.nodes[summary]['count']} untried"


def test_a_run_out_of_budget_leaves_the_options_of_its_open_states_untried():
    result = solve(load("mikefc-large"), method="rowscan", trace=True, max_nodes=50)
    tree = search_tree(result)
    parents = {next(tree.predecessors(s)) for s in with_outcome(tree, "unexplored")}
    assert parents and parents <= with_outcome(tree, "stopped")


@pytest.mark.parametrize("board", sorted(BOARDS))
@pytest.mark.parametrize("method", sorted(METHODS))
def test_every_backtrack_is_a_leaf_or_an_internal_dead_end(method, board):
    result = run(BOARDS[board], method)
    tree = search_tree(result)
    failed = [n for n, o in tree.nodes(data="outcome")
              if o in ("dead_end", "internal_dead_end") and n]
    assert len(failed) == result.stats.backtracks


def test_outcome_counts_of_the_r_blog_board():
    # 41 placements: the 10 of the solution, 15 dead ends, 16 states whose branches all failed
    tree = search_tree(run(SMALL))
    assert outcome_counts(tree) == {"solution": 1, "path": 10, "dead_end": 15,
                                    "internal_dead_end": 16, "stopped": 0, "unexplored": 0}


def test_solutions_are_found_where_the_trace_says():
    result = run(DOUBLE_2)
    tree = search_tree(result)
    found = {n for n, o in tree.nodes(data="outcome") if o == "solution"}
    assert len(found) == len(result.solutions) == 4
    assert found == reported(result, "solution")


def test_the_way_to_a_solution_is_marked_path_up_to_the_root():
    tree = search_tree(run(SMALL, limit=1))
    (goal,) = [n for n, o in tree.nodes(data="outcome") if o == "solution"]
    way = nx.ancestors(tree, goal)
    assert way == {n for n, o in tree.nodes(data="outcome") if o == "path"}
    assert ROOT in way


def test_failed_inner_states_are_internal_dead_ends_and_failed_leaves_dead_ends():
    tree = search_tree(run(SMALL))
    for node, outcome in tree.nodes(data="outcome"):
        if outcome == "internal_dead_end":
            assert tree.out_degree(node) > 0
            assert all(tree.nodes[c]["outcome"] in ("internal_dead_end", "dead_end")
                       for c in tree.successors(node))


def test_a_run_stopped_at_its_first_solution_is_not_complete():
    assert search_tree(run(SMALL, limit=1)).graph["complete"] is False
    assert search_tree(run(SMALL)).graph["complete"] is True


def test_an_outcome_is_decided_after_the_state_is_made():
    tree = search_tree(run(DOUBLE_2))
    for _, data in tree.nodes(data=True):
        assert data["decided"] >= data["step"]


def test_a_run_out_of_budget_leaves_its_open_branch_stopped():
    result = solve(load("mikefc-large"), method="rowscan", trace=True, max_nodes=50)
    tree = search_tree(result)
    stopped = with_outcome(tree, "stopped")
    assert result.status == "stopped"
    assert len(states(tree)) - 1 == 50
    assert stopped == set(list(replay(result.trace))[-1].path)


def test_the_method_reasons_for_dead_ends_are_kept():
    tree = search_tree(run(DOUBLE_1))
    reasons = {n: data["dead_ends"] for n, data in tree.nodes(data=True) if data["dead_ends"]}
    assert reasons == {4: ["no domino fits at (0, 1)"]}


def test_labels_name_the_domino_and_its_direction():
    tree = search_tree(run(DOUBLE_1), DOUBLE_1)
    assert [tree.nodes[n]["label"] for n in sorted(tree)] == ["", "00→", "01↓", "11→", "01↓"]


def test_an_untraced_run_has_no_tree():
    with pytest.raises(ValueError, match="trace=True"):
        search_tree(solve(SMALL, method="rowscan"))


# --- traces: cheap when off, bounded when on ----------------------------------------------


def test_trace_is_absent_unless_asked_for():
    assert solve(SMALL, method="rowscan").trace is None


def test_trace_is_capped_with_a_note_saying_so():
    result = solve(SMALL, method="rowscan", limit=None, trace=True, trace_limit=30)
    assert len(result.trace) == 31
    assert result.trace[-1].kind == "note"
    assert "truncated after 30 events" in result.trace[-1].text


def test_a_truncated_trace_gives_a_partial_tree_flagged_truncated():
    result = solve(SMALL, method="rowscan", limit=None, trace=True, trace_limit=30)
    tree = search_tree(result)
    assert tree.graph["truncated"] is True
    assert tree.number_of_nodes() - 1 < result.stats.nodes
    assert "truncated" in draw_search_tree(tree).get_title()
    plt.close("all")


# --- replay --------------------------------------------------------------------------------


def test_replay_gives_one_frame_per_event_plus_the_start():
    result = run(DOUBLE_2)
    frames = list(replay(result.trace))
    assert len(frames) == len(result.trace) + 1
    assert frames[0].placements == () and frames[0].event is None


def test_replay_shows_the_solution_on_the_board_when_it_is_found():
    result = run(SMALL, limit=1)
    (frame,) = [f for f in replay(result.trace) if f.event and f.event.kind == "solution"]
    assert set(frame.placements) == set(result.solution.placements)


def test_replay_counters_end_at_the_result_counters():
    result = run(DOUBLE_2)
    last = list(replay(result.trace))[-1]
    assert (last.nodes, last.backtracks, last.solutions, last.depth) == (
        result.stats.nodes, result.stats.backtracks, len(result.solutions), 0)


def test_replay_rejects_a_remove_from_an_empty_board():
    with pytest.raises(TraceError, match="trace event 0 removes a piece from an empty board"):
        list(replay([Event("remove", Placement((0, 0), (0, 1)))]))


def test_describe_event_says_what_happened():
    texts = [describe_event(f.event, DOUBLE_1) for f in replay(run(DOUBLE_1).trace)]
    assert texts[0] == "the empty board"
    assert "dead end: no domino fits at (0, 1)" in texts
    assert "solution found" in texts


# --- collapse and layout -------------------------------------------------------------------


def test_collapse_keeps_the_way_to_the_solution_and_counts_what_it_hides():
    tree = search_tree(solve(load("mikefc-large"), method="rowscan", limit=None,
                             trace=True))
    small = collapse_tree(tree, max_nodes=120)
    assert len(small) <= 120
    assert len(small) + sum(small.graph["hidden"].values()) == len(tree)
    assert {n for n, o in tree.nodes(data="outcome") if o in ("path", "solution")} <= set(small)
    assert nx.is_arborescence(small)


def test_collapse_leaves_a_small_tree_alone():
    tree = search_tree(run(DOUBLE_2))
    assert collapse_tree(tree, max_nodes=300) is tree


@st.composite
def trees(draw):
    """Random rooted trees, children in the order they were added."""
    tree = nx.DiGraph()
    tree.add_node(0)
    for child in range(1, draw(st.integers(1, 60))):
        tree.add_edge(draw(st.integers(0, child - 1)), child)
    return tree


@given(trees())
def test_layout_keeps_each_level_in_order_and_apart(tree):
    pos = tidy_layout(tree)
    rank = {n: i for i, n in enumerate(nx.dfs_preorder_nodes(tree, 0))}
    levels = {}
    for node, (x, y) in pos.items():
        levels.setdefault(y, []).append((rank[node], x))
    for row in levels.values():
        xs = [x for _, x in sorted(row)]
        assert all(b - a >= 1 - 1e-9 for a, b in itertools.pairwise(xs))


@given(trees())
def test_layout_centres_each_parent_over_its_children(tree):
    pos = tidy_layout(tree)
    for node in tree:
        kids = list(tree.successors(node))
        if kids:
            assert pos[node][0] == pytest.approx((pos[kids[0]][0] + pos[kids[-1]][0]) / 2)
            assert all(pos[k][1] == pos[node][1] - 1 for k in kids)


@given(trees())
def test_layout_starts_at_zero(tree):
    assert min(x for x, _ in tidy_layout(tree).values()) == 0


def test_layout_of_a_very_deep_tree_needs_no_recursion():
    pos = tidy_layout(nx.path_graph(5000, create_using=nx.DiGraph))
    assert pos[4999] == (0.0, -4999)


# --- drawing -------------------------------------------------------------------------------


def markers(ax):
    """How many markers (scatter points) an axes holds."""
    return sum(len(c.get_offsets()) for c in ax.collections if isinstance(c, PathCollection))


def test_drawing_marks_every_state_once():
    tree = search_tree(run(SMALL))
    ax = draw_search_tree(tree)
    points = markers(ax)
    assert points == len(tree)
    plt.close("all")


def test_drawing_at_a_step_leaves_out_the_states_not_yet_visited():
    result = run(SMALL)
    frame = list(replay(result.trace))[20]
    ax = draw_search_tree(search_tree(result), step=frame.step, current=frame.node)
    points = markers(ax)
    assert points == frame.nodes + 1 + 1  # the states so far, the root, the ring
    plt.close("all")


def test_every_outcome_has_a_colour_and_a_name():
    from dominosa_lab.draw.tree import OUTCOME_COLORS, OUTCOME_NAMES

    assert set(OUTCOME_COLORS) == set(OUTCOME_NAMES) == set(OUTCOMES)


def test_untried_options_are_drawn_on_dotted_grey_edges_with_their_count():
    from dominosa_lab.draw.tree import OUTCOME_COLORS

    tree = search_tree(run(DOUBLE_2, limit=1), DOUBLE_2)
    counts = sorted(f"+{tree.nodes[s]['count']}" for s in with_outcome(tree, "unexplored"))
    ax = draw_search_tree(tree)
    dotted = [c for c in ax.collections
              if isinstance(c, LineCollection) and c.get_linestyle()[0][1] is not None]
    assert len(dotted) == 1 and len(dotted[0].get_segments()) == len(counts)
    assert dotted[0].get_color()[0] == pytest.approx(to_rgba(OUTCOME_COLORS["unexplored"]))
    assert sorted(t.get_text() for t in ax.texts if t.get_text().startswith("+")) == counts
    assert markers(ax) == len(tree)
    plt.close("all")
