"""The class page's data and file: the reasoning and the search it carries, and the page itself.

The browser drives the page in ``tests/test_pages_browser.py``; here the data it reads is
held to the laws the page relies on: a hint never places a domino outside a solution nor
rules one of its dominoes out, every placement of a board the ladder solves is decided by a
step, a stop is where the search met a dead end, a backtrack or a solution (or its end),
never right after another stop, and the file needs nothing outside itself.
"""

from __future__ import annotations

import json
import re
from itertools import pairwise

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dominosa_lab import Puzzle, load, solve
from dominosa_lab.cli import main
from dominosa_lab.errors import ArgumentError, MethodError
from dominosa_lab.pages import (
    play_puzzle,
    render_page,
    search_steps,
    stepper_record,
    write_class_pages,
)
from dominosa_lab.pages.search import STOP_KINDS
from dominosa_lab.trace.tree import replay
from tests.strategies import boards

LESSON = Puzzle([[2, 0, 2, 2], [1, 0, 1, 2], [0, 1, 1, 0]])
TRACED = ("rowscan", "human", "dlx", "odometer")


def _data(html: str) -> dict:
    blob = re.search(r'<script type="application/json" id="page-data">(.*?)</script>', html, re.S)
    return json.loads(blob.group(1).replace("<\\/", "</"))


# --- the play board's reasoning -------------------------------------------------------------

@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(min_n=1, max_n=3))
def test_no_step_places_a_domino_outside_a_solution_or_rules_one_of_its_dominoes_out(board):
    puzzle, solution = board
    record = play_puzzle(puzzle, solution)
    answer = {tuple(pl) for pl in record["solution"]}
    for step in record["steps"]:
        assert step["placed"] is None or tuple(step["placed"]) in answer
        assert not answer & {tuple(pl) for pl in step["ruled"]}


def test_every_placement_of_a_board_the_ladder_solves_is_decided_by_a_step():
    puzzle = load("mikefc-small")
    record = play_puzzle(puzzle, solve(puzzle).solution)
    every = {f"{pl.a[0]},{pl.a[1]},{pl.b[0]},{pl.b[1]}"
             for pls in puzzle.candidates().values() for pl in pls}
    assert set(record["decided"]) == every


def test_a_placement_is_decided_by_the_step_that_placed_or_ruled_it_out():
    puzzle = load("mikefc-small")
    record = play_puzzle(puzzle, solve(puzzle).solution)
    for key, index in record["decided"].items():
        step = record["steps"][index]
        named = [step["placed"], *step["ruled"]]
        placed = {tuple(pl) for pl in record["solution"]}
        pl = tuple(map(int, key.split(",")))
        assert list(pl) in named or pl not in placed


def test_a_hint_that_places_a_domino_is_one_sentence_without_the_list_of_what_it_rules_out():
    record = play_puzzle(LESSON, solve(LESSON).solution)
    first = record["steps"][0]
    assert first["ruled"] and "rules out" not in first["text"]
    assert first["text"].endswith(".") and first["text"].count(". ") == 0


def test_the_trivial_deductions_carry_the_lessons_words():
    record = play_puzzle(LESSON, solve(LESSON).solution)
    assert {step["lead"] for step in record["steps"]} <= {"Forced piece", "Forced location"}
    assert record["steps"][0]["lead"] == "Forced piece"


def test_a_hint_highlights_the_squares_of_the_domino_it_places():
    record = play_puzzle(LESSON, solve(LESSON).solution)
    for step in record["steps"]:
        if step["placed"]:
            assert step["placed"][:2] in step["cells"] and step["placed"][2:] in step["cells"]


# --- the stepper's search -------------------------------------------------------------------

@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(min_n=1, max_n=2), st.sampled_from(TRACED))
def test_every_stop_is_a_dead_end_a_backtrack_a_solution_or_the_end_and_none_follows_another(
        board, method):
    puzzle, _ = board
    record = stepper_record(puzzle, search_steps(puzzle, method=method, max_nodes=300))
    frames, stops = record["frames"], record["stops"]
    last = len(frames) - 1
    assert stops and stops[-1] == last
    assert all(b > a + 1 for a, b in pairwise(stops))
    for stop in stops[:-1]:
        assert frames[stop]["kind"] in STOP_KINDS


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(min_n=1, max_n=2), st.sampled_from(TRACED))
def test_every_dead_end_backtrack_and_solution_is_a_stop_or_follows_one(board, method):
    puzzle, _ = board
    record = stepper_record(puzzle, search_steps(puzzle, method=method, max_nodes=300))
    stops = set(record["stops"])
    for k, frame in enumerate(record["frames"]):
        if frame["kind"] in ("dead_end", "solution"):
            assert any(k - j in stops for j in range(k + 1))
            reached = max(s for s in stops if s <= k)
            assert all(record["frames"][j]["kind"] in STOP_KINDS for j in range(reached, k + 1))


def test_the_board_of_every_frame_is_the_replayed_search():
    result = search_steps(LESSON)
    record = stepper_record(LESSON, result)
    cells = [tuple(p["cells"]) for p in record["placements"]]
    for frame, snap in zip(record["frames"], replay(result.trace), strict=True):
        assert [cells[i] for i in frame["board"]] == [(*pl.a, *pl.b) for pl in snap.placements]
        assert (frame["nodes"], frame["backtracks"], frame["depth"]) == (
            snap.nodes, snap.backtracks, snap.depth)


def test_the_options_of_a_choice_are_the_placements_tried_below_it_in_order():
    record = stepper_record(LESSON, search_steps(LESSON))
    children: dict[int, list[int]] = {}
    for node in record["tree"]:
        if node["parent"] is not None:
            children.setdefault(node["parent"], []).append(node["item"])
    for state, options in record["options"].items():
        assert options["tried"] == children.get(int(state), [])
        assert len(options["tried"]) + options["untried"] <= options["count"]


def test_the_lessons_board_stops_at_its_dead_ends_and_its_solution():
    record = stepper_record(LESSON, search_steps(LESSON))
    kinds = [record["frames"][s]["kind"] for s in record["stops"]]
    assert kinds == ["dead_end"] * (len(kinds) - 1) + ["solution"]


def test_a_search_out_of_budget_ends_stopped_with_its_counters():
    record = stepper_record(load("mikefc-large"),
                            search_steps(load("mikefc-large"), max_nodes=30))
    assert record["status"] == "stopped" and record["frames"][-1]["nodes"] == 30
    assert record["stops"][-1] == len(record["frames"]) - 1


def test_a_method_the_registry_lacks_is_refused_by_name():
    with pytest.raises(MethodError, match="nosuch"):
        search_steps(LESSON, method="nosuch")


# --- the file -------------------------------------------------------------------------------

def test_the_page_needs_nothing_outside_itself():
    html = render_page({"play": None, "stepper": stepper_record(LESSON, search_steps(LESSON))},
                       "Dominosa")
    assert not re.search(r"<link|\ssrc=|@import|url\(|fetch\(|XMLHttpRequest", html)
    assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", html)


def test_text_in_the_data_cannot_end_the_script_that_holds_it():
    html = render_page({"play": None, "stepper": None, "note": "</script><b>"}, "a <b> title")
    assert _data(html)["note"] == "</script><b>"
    assert "<title>a &lt;b&gt; title</title>" in html


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    out = tmp_path_factory.mktemp("pages") / "class.html"
    return out, write_class_pages(out, n=2, grade="trivial", count=3, seed=1)


def test_write_class_pages_writes_one_puzzle_per_student_with_its_answer(written):
    out, pages = written
    data = _data(out.read_text(encoding="utf-8"))
    assert pages.status == "written" and pages.puzzles == 3
    assert [p["name"] for p in data["play"]["puzzles"]] == ["puzzle 1", "puzzle 2", "puzzle 3"]
    for record in data["play"]["puzzles"]:
        assert len(record["solution"]) == 6  # the double-2 set


def test_the_same_arguments_write_the_same_page(written, tmp_path):
    out, _ = written
    again = tmp_path / "again.html"
    write_class_pages(again, n=2, grade="trivial", count=3, seed=1)
    assert again.read_bytes() == out.read_bytes()


@pytest.mark.parametrize("path, problem", [("class.txt", "should end in .html"),
                                           ("no/such/folder/class.html", "does not exist")])
def test_a_page_path_that_cannot_be_written_is_refused_before_any_work(path, problem):
    with pytest.raises(ArgumentError, match=problem):
        write_class_pages(path, n=2, grade="trivial", count=1)


def test_the_pages_command_writes_the_file_and_says_what_is_in_it(tmp_path, capsys):
    out = tmp_path / "c.html"
    assert main(["pages", "2", "--grade", "trivial", "--class", "2", "-o", str(out)]) == 0
    said = capsys.readouterr().out
    assert out.is_file() and "2 unique trivial double-2 puzzles" in said and "rowscan" in said


@pytest.mark.parametrize("flags, named", [(["--class", "0"], "--class"),
                                          (["--grade", "easy"], "--grade"),
                                          (["--max-nodes", "0"], "--max-nodes"),
                                          (["-o", "c.pdf"], "-o"),
                                          (["--method", "nosuch"], "nosuch")])
def test_the_pages_command_names_a_bad_flag_in_one_line(flags, named, capsys, tmp_path):
    args = ["pages", "2", "--grade", "trivial", "-o", str(tmp_path / "c.html"), *flags]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert named in err and len(err.strip().splitlines()) == 1
