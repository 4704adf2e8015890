"""The logic method: deductions to a fixed point, guesses only when stuck, the house's counting."""

import pytest

from dominosa_lab import ArgumentError, from_tatham, load, solve
from tests.samples import TATHAM_SAMPLE


@pytest.mark.parametrize("record", TATHAM_SAMPLE[::4], ids=lambda r: r["game_id"][:14])
def test_tathams_boards_are_solved_without_a_guess(record):
    puzzle = from_tatham(record["game_id"])
    result = solve(puzzle, method="logic", limit=None)
    assert len(result.solutions) == 1 and result.stats.choices == 0
    assert result.stats.nodes == len(puzzle.dominoes) and result.stats.backtracks == 0
    assert sorted([list(map(list, pl.cells)) for pl in result.solution]) == \
        sorted(record["solution"])


def test_every_ladder_can_drive_the_search():
    puzzle = load("tcg-n10")
    counts = {name: len(solve(puzzle, method="logic", ladder=name, limit=None).solutions)
              for name in ("tatham", "full", "lean")}
    assert counts == {"tatham": 16, "full": 16, "lean": 16}


def test_an_unknown_ladder_is_refused():
    with pytest.raises(ArgumentError, match="ladder must be one of 'tatham', 'full', 'lean'"):
        solve(load("tcg-n10"), method="logic", ladder="steep")


def test_the_trace_says_why_each_domino_was_placed_and_when_it_guessed():
    notes = [e.text for e in solve(load("tcg-n10"), method="logic", trace=True).trace
             if e.kind == "note"]
    assert any("fits only at" in text for text in notes)
    assert any(text.startswith("no deduction applies: guess") for text in notes)
