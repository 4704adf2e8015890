"""Fuzz of the library's surfaces: every input is answered or refused with a DominosaError.

Each test draws wild arguments (wrong types, huge and negative numbers, NaN, bytes, nested
lists) for one public surface; :func:`tests.fuzzing.answered` holds the law. Every search runs
on a small board with a node budget, so each example is bounded.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from dominosa_lab import (
    METHODS,
    Placement,
    Puzzle,
    Solution,
    count_solutions,
    explain_no_solution,
    find_slips,
    from_tatham,
    grade,
    hints,
    is_unique,
    iter_solutions,
    load,
    parse,
    random_puzzle,
    solve,
    to_tatham,
    unique_puzzle,
)
from dominosa_lab.boards import suspects
from dominosa_lab.core.options import ORDERS
from dominosa_lab.formats import (
    decode_text,
    from_data,
    from_json,
    parse_mask,
    parse_matrix,
    read_json,
    read_text_file,
    solution_from_matrix,
    to_box_text,
    to_json,
    to_matrix,
    to_text,
)
from dominosa_lab.formats.text import LARGE
from dominosa_lab.logic import LADDERS, LEVELS, State, deduce
from tests.fuzzing import ANYTHING, CELLS, FUZZ, answered

SMALL = load("mikefc-small")
BUDGET = {"max_nodes": 200, "time_limit": 5}

TEXT = st.one_of(
    st.text(alphabet="0123456789 .#\n[]:-dhe\ufeff", max_size=60),
    st.text(alphabet="0123 \n\r\t\x00\x0b\x85\u2028\u0660\U0001d7d8\xa0\u00b2#.", max_size=40),
    st.text(max_size=30),
    st.builds(lambda p: str(p), st.sampled_from([SMALL, load("tcg-n10")])),
)
ROWS = st.one_of(
    st.lists(st.lists(st.one_of(st.integers(-1, 5), st.none()), min_size=1, max_size=5),
             max_size=5),
    ANYTHING,
)


@FUZZ
@given(TEXT | ANYTHING, ANYTHING)
def test_text_boards_are_read_or_refused(text, max_pip):
    answered("parse", parse, text)
    answered("parse max_pip", parse, text, max_pip=max_pip)
    answered("parse_mask", parse_mask, text)
    answered("parse_matrix", parse_matrix, text)
    if isinstance(text, str) and text:
        answered("parse large", parse, text * (LARGE // len(text) + 1))


@FUZZ
@given(st.binary(max_size=40) | TEXT.map(lambda t: t.encode("utf-16", "surrogatepass")), ANYTHING)
def test_bytes_are_decoded_or_refused_and_paths_read_or_refused(data, path):
    text = answered("decode_text", decode_text, data)
    if text is not None:
        answered("parse decoded", parse, text)
    answered("read_text_file", read_text_file, path)
    with tempfile.TemporaryDirectory() as folder:
        file = Path(folder, "board.txt")
        file.write_bytes(data)
        answered("read_text_file bytes", read_text_file, file)


@FUZZ
@given(st.one_of(st.from_regex(r"\A\d{1,3}d?[tbhea]?:[0-9\[\]]{0,40}\Z"), TEXT, ANYTHING))
def test_tatham_ids_are_read_or_refused(game_id):
    puzzle = answered("from_tatham", from_tatham, game_id)
    if puzzle is not None:
        assert from_tatham(to_tatham(puzzle)) == puzzle


@FUZZ
@given(st.one_of(st.recursive(st.none() | st.integers() | st.text(max_size=4),
                              lambda x: st.lists(x, max_size=4)
                              | st.dictionaries(st.sampled_from(
                                  ["rows", "max_pip", "name", "solution", "format"]), x),
                              max_leaves=12).map(json.dumps),
                 TEXT, ANYTHING))
def test_json_puzzles_are_read_or_refused(text):
    read = answered("from_json", from_json, text)
    if read is not None:
        assert from_json(to_json(*read))[0] == read[0]
    data = answered("read_json", read_json, text)
    answered("from_data", from_data, data)


@FUZZ
@given(ROWS, ANYTHING, ANYTHING)
def test_puzzles_are_built_or_refused(rows, max_pip, name):
    answered("Puzzle", Puzzle, rows)
    answered("Puzzle max_pip", Puzzle, rows, max_pip=max_pip)
    answered("Puzzle name", Puzzle, rows, name=name)


@FUZZ
@given(CELLS, CELLS)
def test_cells_and_placements_are_asked_or_refused(a, b):
    answered("Placement", Placement, a, b)
    answered("Puzzle.value", SMALL.value, a)
    answered("Puzzle.index", SMALL.index, a)
    answered("Puzzle.neighbours", SMALL.neighbours, a)
    answered("Puzzle.domino_of", SMALL.domino_of, a)
    answered("to_box_text", to_box_text, SMALL, [a, b])
    answered("load", load, a)


@FUZZ
@given(st.sampled_from([*METHODS, None]) | ANYTHING,
       st.dictionaries(st.sampled_from(["limit", "max_nodes", "time_limit", "trace", "progress",
                                        "order", "seed", "trace_limit", "colour"]),
                       st.sampled_from([*ORDERS, None, 1, 0, 3]) | ANYTHING, max_size=3))
def test_solve_takes_or_refuses_every_option(method, options):
    options = {"max_nodes": 200, **options}
    if options.get("time_limit") is None or options["time_limit"] != options["time_limit"]:
        options["time_limit"] = 5
    result = answered("solve", solve, SMALL, method=method, **options)
    if result is not None:
        assert result.status in ("solved", "no_solution", "stopped")
    budget = {k: options[k] for k in ("max_nodes", "time_limit")}
    answered("count_solutions", count_solutions, SMALL, method=method, limit=options.get(
        "limit"), **budget)
    answered("is_unique", is_unique, SMALL, method=method, **budget)
    answered("bool(is_unique)", lambda: bool(is_unique(SMALL, method=method, **budget)))
    answered("iter_solutions", lambda: next(iter(iter_solutions(SMALL, method=method))))
    answered("iter_solutions options", lambda: next(iter(iter_solutions(SMALL, method=method,
                                                                        **options))))


@FUZZ
@given(ROWS)
def test_solve_takes_or_refuses_any_board(rows):
    answered("solve rows", solve, rows, **BUDGET)


@FUZZ
@given(st.sampled_from([*LEVELS, None]) | ANYTHING, st.sampled_from([*LADDERS]) | ANYTHING,
       ANYTHING, ANYTHING)
def test_reasoning_takes_or_refuses_its_options(level, ladder, limit, budget):
    answered("grade", grade, SMALL, max_level=level, max_nodes=200, time_limit=5)
    answered("grade budget", grade, SMALL, max_nodes=budget, time_limit=5)
    answered("hints", hints, SMALL, limit=limit, ladder_name=ladder, max_level=level,
             max_nodes=200, time_limit=5)
    answered("deduce", deduce, SMALL, ladder_name=ladder, max_level=level)


@FUZZ
@given(st.lists(CELLS, max_size=3), st.integers(-5, 40) | ANYTHING, CELLS)
def test_a_logic_state_takes_or_refuses_moves(placed, index, cell):
    state = answered("State", State, SMALL, placed=[answered("Placement", Placement, *c)
                                                    if isinstance(c, tuple) else c
                                                    for c in placed])
    state = state or State(SMALL)
    answered("State.place", state.place, index)
    answered("State.cover", state.cover, index)
    answered("State.cell_candidates", state.cell_candidates, cell)
    answered("State.domino_candidates", state.domino_candidates, cell)
    answered("State bad puzzle", State, cell)


@FUZZ
@given(st.integers(-2, 6) | ANYTHING, st.integers(-1, 10**6) | ANYTHING,
       st.tuples(st.integers(-1, 12), st.integers(-1, 12)) | ANYTHING,
       st.sampled_from(["uniform", "flips", "stripes"]) | ANYTHING)
def test_random_puzzles_are_made_or_refused(n, seed, shape, tiling):
    made = answered("random_puzzle", random_puzzle, n, seed=seed, shape=shape, tiling=tiling)
    if made is not None:
        assert made.solution.is_valid(made.puzzle)
    answered("random_puzzle n", random_puzzle, n, seed=0)
    answered("random_puzzle generator", random_puzzle, n, seed=np.random.default_rng(0),
             shape=shape)
    answered("unique_puzzle", unique_puzzle, n, seed=seed, shape=shape, grade=tiling,
             max_nodes=300, time_limit=2)
    answered("explain_no_solution", explain_no_solution, shape, time_limit=seed)
    answered("find_slips", find_slips, shape, time_limit=seed)
    answered("find_slips among", find_slips, SMALL, among=shape, time_limit=5)
    answered("suspects", suspects, SMALL, n)


@FUZZ
@given(ANYTHING | st.just(SMALL), st.lists(CELLS, max_size=3) | ANYTHING)
def test_writers_take_a_puzzle_and_its_placements_or_refuse(puzzle, placements):
    answered("to_tatham", to_tatham, puzzle)
    answered("to_text", to_text, puzzle)
    answered("to_json", to_json, puzzle)
    answered("to_json solution", to_json, SMALL, placements)
    answered("to_box_text puzzle", to_box_text, puzzle)
    answered("to_box_text placements", to_box_text, SMALL, placements)
    answered("Solution", Solution, puzzle, placements)
    answered("Solution placements", Solution, SMALL, placements)
    answered("to_matrix", to_matrix, puzzle)
    answered("solution_from_matrix", solution_from_matrix, SMALL, placements)
