"""animate: a trace replayed into frames, drawn and written as a GIF."""

import pytest
from matplotlib.animation import AbstractMovieWriter
from PIL import Image

from dominosa_lab import Puzzle, load, solve
from dominosa_lab.draw.animate import animate, frames, save_gif
from dominosa_lab.trace.tree import describe_event

SMALL = load("mikefc-small")
M9 = load("caviness-m9")
DOUBLE_2 = Puzzle([[2, 0, 2, 2], [1, 0, 1, 2], [0, 1, 1, 0]])


def test_the_last_frame_shows_the_solution():
    result = solve(SMALL, method="rowscan", trace=True)
    last = frames(result.trace)[-1]
    assert last.solved and sorted(last.placed) == list(result.solution.placements)


def test_backtracks_remove_and_dead_ends_flash():
    fs = frames(solve(SMALL, method="rowscan", trace=True).trace)
    removals = [f for f in fs if f.removed is not None]
    assert removals and all(f.removed not in f.placed for f in removals)
    assert any(f.caption.endswith("(backtrack)") for f in removals)
    assert any(f.dead_end for f in fs)


def test_placements_appear_one_per_frame_with_the_reason_as_caption():
    fs = frames(solve(M9, method="human", trace=True).trace)
    assert [len(f.placed) for f in fs[:28]] == list(range(1, 29))
    assert fs[0].caption == "forced piece 0-1" and fs[0].added is not None


def test_thinning_keeps_the_final_state_and_any_flash():
    trace = solve(M9, method="rowscan", trace=True).trace
    full, thin = frames(trace), frames(trace, max_frames=10)
    assert len(thin) <= 10 and thin[-1] == full[-1]
    assert any(f.dead_end for f in thin) == any(f.dead_end for f in full)


def test_an_animation_renders_to_html_for_notebooks():
    anim = animate(SMALL, solve(SMALL, method="human", trace=True), pips=True)
    assert "<script" in anim.to_jshtml()


def test_a_gif_is_written(tmp_path):
    anim = animate(SMALL, solve(SMALL, method="rowscan", trace=True), max_frames=4)
    path = save_gif(anim, tmp_path / "figures" / "small.gif")
    assert path.read_bytes()[:6] == b"GIF89a"


def test_a_result_without_trace_is_refused():
    with pytest.raises(ValueError, match="trace=True"):
        animate(SMALL, solve(SMALL, method="rowscan"))


def test_captions_use_the_steppers_words_and_name_the_dominoes():
    fs = frames(solve(SMALL, method="rowscan", trace=True).trace, puzzle=SMALL)
    first = next(f for f in fs if f.added is not None)
    assert first.caption == describe_event(first.state.event, SMALL)
    assert first.caption.startswith("placed ") and ("→" in first.caption or "↓" in first.caption)



class TitleBoxes(AbstractMovieWriter):
    """A movie writer that keeps, for every frame, the title's box and the picture's box."""

    def setup(self, fig, outfile, dpi=None):
        super().setup(fig, outfile, dpi)
        self.boxes = []

    def grab_frame(self, **savefig_kwargs):
        self.boxes.append((self.fig.axes[0].title.get_window_extent(), self.fig.bbox))

    def finish(self):
        pass


@pytest.mark.parametrize("board", [DOUBLE_2, M9])
def test_a_gif_is_wide_enough_for_a_projector(tmp_path, board):
    anim = animate(board, solve(board, method="rowscan", trace=True), max_frames=3)
    with Image.open(save_gif(anim, tmp_path / "board.gif")) as gif:
        assert gif.width >= 600


@pytest.mark.parametrize("method", ["rowscan", "human"])
def test_every_title_fits_inside_the_picture(tmp_path, method):
    result = solve(DOUBLE_2, method=method, trace=True)
    writer = TitleBoxes()
    animate(DOUBLE_2, result).save(tmp_path / "unused.gif", writer=writer)
    assert len(writer.boxes) == len(frames(result.trace))
    for title, picture in writer.boxes:
        assert picture.x0 <= title.x0 and title.x1 <= picture.x1 and title.y1 <= picture.y1
