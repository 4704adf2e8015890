"""``docs/teaching.md`` states the sizes of the lesson's pictures and the length of its search:
each figure it states is the one the library draws, saves or counts."""

from __future__ import annotations

import base64
import io
import json
import re
from pathlib import Path

from PIL import Image

from dominosa_lab import Puzzle, solve
from dominosa_lab.draw import theme
from dominosa_lab.draw.stepper import stepper

ROOT = Path(__file__).resolve().parents[1]
GUIDE = " ".join((ROOT / "docs" / "teaching.md").read_text().split())
LESSON = ROOT / "notebooks" / "00_teaching_backtracking.ipynb"
FIGURES = ROOT / "figures"
#: The lesson's double-2 board (its section 1).
DOUBLE2 = Puzzle([[2, 0, 2, 2], [1, 0, 1, 2], [0, 1, 1, 0]])


def stated(pattern: str) -> int:
    """The one number the guide states where ``pattern`` (its group) matches."""
    found = re.findall(pattern, GUIDE)
    assert len(found) == 1, f"the guide should state {pattern!r} once, found {found}"
    return int(found[0].replace(",", ""))


def png_size(data: bytes) -> tuple[int, int]:
    """A PNG's width and height in pixels."""
    return Image.open(io.BytesIO(data)).size


def lesson_pictures() -> list[tuple[str, int]]:
    """The lesson's pictures as saved in the notebook: (the cell's first line, width)."""
    cells = json.loads(LESSON.read_text())["cells"]
    return [("".join(cell["source"]).splitlines()[0],
             png_size(base64.b64decode(output["data"]["image/png"]))[0])
            for cell in cells for output in cell.get("outputs", ())
            if "image/png" in output.get("data", {})]


def test_the_notebook_draws_at_the_dpi_the_guide_states():
    assert stated(r"draws at (\d+) dpi \(`INLINE_DPI`") == theme.INLINE_DPI


def test_the_widest_picture_of_the_lesson_is_the_row_scan_tree_at_the_width_stated():
    first_line, width = max(lesson_pictures(), key=lambda picture: picture[1])
    assert first_line.startswith("rowscan = solve(double2, method=\"rowscan\"")
    assert width == stated(r"at most ([\d,]+) pixels wide")


def test_the_stepper_picture_has_the_width_and_dpi_stated():
    widget = stepper(DOUBLE2, solve(DOUBLE2, method="rowscan", trace=True))
    assert widget.dpi == stated(r"The stepper's picture is [\d,]+ pixels wide \((\d+) dpi\)")
    assert png_size(widget.image.value)[0] == stated(r"The stepper's picture is ([\d,]+) pixels")


def test_the_slide_pictures_are_saved_at_the_dpi_stated():
    dpi = stated(r"_\*\.png` \((\d+) dpi\)")
    assert dpi == theme.DPI
    for path in FIGURES.glob("00_teaching_backtracking_*.png"):
        assert round(Image.open(path).info["dpi"][0]) == dpi, path.name


def test_the_animation_has_the_width_stated():
    with Image.open(FIGURES / "00_teaching_backtracking_rowscan.gif") as gif:
        assert gif.size[0] == stated(r"rowscan\.gif` \(([\d,]+) pixels wide\)")


def test_the_row_scan_search_has_as_many_steps_as_the_example_caption_says():
    steps = len(solve(DOUBLE2, method="rowscan", trace=True).trace)
    assert steps == stated(r"\"step \d+ of (\d+)\"")
    assert stated(r"\"step (\d+) of \d+\"") <= steps
