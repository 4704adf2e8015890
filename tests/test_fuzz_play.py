"""Fuzz of the hand-solving board and its files, DominoPeg, and the drawing entry points:
every input is drawn, played, solved or refused with a DominosaError."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import matplotlib.pyplot as plt
from hypothesis import given
from hypothesis import strategies as st

from dominosa_lab import load, solve
from dominosa_lab.core.exact_cover import ExactCover
from dominosa_lab.dominopeg import ORIENTATIONS, PegBoard, PegPlacement
from dominosa_lab.dominopeg import solve as solve_peg
from dominosa_lab.draw import (
    animate,
    draw_domino_table,
    draw_dominosa_cover,
    draw_empty_heatmap,
    draw_exact_cover,
    draw_orientations,
    draw_peg,
    draw_puzzle,
    draw_puzzle_and_solution,
    draw_search_tree,
)
from dominosa_lab.draw.animate import frames
from dominosa_lab.draw.step import draw_step
from dominosa_lab.logic import hints
from dominosa_lab.trace.play import PlayBoard
from tests.fuzzing import ANYTHING, CELLS, FUZZ, FUZZ_SLOW, answered

SMALL = load("mikefc-small")
SOLVED = solve(SMALL, trace=True)
STEP = hints(SMALL).steps[0]
COVER = ExactCover(2, 0, [[0], [1], [0, 1]])
MOVES = st.lists(st.tuples(st.sampled_from(["draw", "erase", "undo", "outline_at", "hint",
                                            "apply_hints", "conflicts", "state"]),
                           CELLS, CELLS), max_size=8)


@FUZZ
@given(MOVES)
def test_a_play_board_takes_or_refuses_every_move(moves):
    board = PlayBoard(SMALL)
    for name, a, b in moves:
        method = getattr(board, name)
        args = {"draw": (a, b), "erase": (a,), "outline_at": (a,)}.get(name, ())
        answered(f"PlayBoard.{name}", method, *args)
    assert len({cell for pl in board.placements() for cell in pl.cells}) == \
        2 * len(board.placements())


SAVED = json.loads(json.dumps({"format": "dominosa-lab-play", "version": 1,
                               "puzzle": {"rows": [list(r) for r in SMALL.rows], "max_pip": 3},
                               "outlines": [[[0, 0], [0, 1]]]}))
JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=4),
                           lambda x: st.lists(x, max_size=3)
                           | st.dictionaries(st.text(max_size=4), x, max_size=3), max_leaves=8)


@FUZZ
@given(st.sampled_from(sorted(SAVED)), JSON_VALUES, st.binary(max_size=40))
def test_a_damaged_saved_game_is_refused_by_name(key, value, junk):
    with tempfile.TemporaryDirectory() as folder:
        good = Path(folder, "good.json")
        PlayBoard(SMALL).save(good)
        data = json.loads(good.read_text())
        data[key] = value
        damaged = Path(folder, "damaged.json")
        damaged.write_text(json.dumps(data))
        answered("PlayBoard.load damaged", PlayBoard.load, damaged)
        raw = Path(folder, "raw.json")
        raw.write_bytes(junk)
        answered("PlayBoard.load bytes", PlayBoard.load, raw)
        answered("PlayBoard.load path", PlayBoard.load, value)
        deep = Path(folder, "deep.json")
        deep.write_text(json.dumps(data).replace(json.dumps(value), _nested(value, junk)))
        answered("PlayBoard.load nested", PlayBoard.load, deep)
        answered("PlayBoard.save path", PlayBoard(SMALL).save, _inside(folder, value))
        for place in (folder, Path(folder, "missing", "game.json"), Path(good, "under.json")):
            answered("PlayBoard.save folder", PlayBoard(SMALL).save, place)
    answered("PlayBoard", PlayBoard, value)


def _inside(folder: str, value):
    """``value`` as a path inside ``folder`` when it is text (no separator left, so nothing is
    written elsewhere); anything else as it is, for the saver to refuse."""
    if isinstance(value, str):
        return Path(folder, value.replace("/", "_").replace("\\", "_") or ".")
    return value


def _nested(value, junk: bytes) -> str:
    """``value`` as JSON inside lists or objects nested as deep as the junk's bytes say."""
    depth = sum(junk) * 50
    opening, closing = ("[", "]") if len(junk) % 2 else ('{"a": ', "}")
    return opening * depth + json.dumps(value) + closing * depth


@FUZZ
@given(st.lists(st.integers(-2, 36), max_size=7) | ANYTHING, st.integers(-2, 30) | ANYTHING,
       ANYTHING)
def test_dominopeg_boards_are_built_solved_or_refused(holes, cell, option):
    board = answered("PegBoard", PegBoard, holes)
    answered("PegPlacement", PegPlacement, cell, ORIENTATIONS[0])
    answered("PegPlacement orientation", PegPlacement, 0, option)
    if board is not None:
        answered("dominopeg.solve", solve_peg, board, max_nodes=300, time_limit=5)
    answered("dominopeg.solve options", solve_peg, PegBoard([0]), option, max_nodes=300,
             time_limit=5)
    answered("dominopeg.solve board", solve_peg, holes, max_nodes=300)


@FUZZ_SLOW
@given(st.lists(CELLS, max_size=3) | ANYTHING, st.sampled_from(
    ["pips", "numbers", "coordinates", "title", "linewidth", "fontsize", "tile_color",
     "highlight", "ax"]), ANYTHING)
def test_drawing_takes_or_refuses_its_arguments(solution, option, value):
    try:
        answered("draw_puzzle", draw_puzzle, SMALL, solution)
        answered("draw_puzzle option", draw_puzzle, SMALL, **{option: value})
        answered("draw_puzzle puzzle", draw_puzzle, value)
        answered("draw_puzzle_and_solution", draw_puzzle_and_solution, SMALL, solution)
        answered("draw_domino_table", draw_domino_table, value)
        answered("draw_dominosa_cover", draw_dominosa_cover, value)
        answered("draw_search_tree", draw_search_tree, value)
        answered("draw_peg", draw_peg, value)
        answered("draw_peg solution", draw_peg, PegBoard(), solution)
        answered("animate", animate, SMALL, SOLVED, **{option: value} if option in (
            "pips", "ax") else {"max_frames": value})
        answered("frames", frames, value)
        answered("draw_step", draw_step, value)
        answered("draw_step placed", draw_step, STEP, solution)
        answered("draw_exact_cover", draw_exact_cover, value)
        answered("draw_exact_cover chosen", draw_exact_cover, COVER, solution)
        answered("draw_empty_heatmap", draw_empty_heatmap, value)
        answered("draw_orientations", draw_orientations, value)
    finally:
        plt.close("all")
