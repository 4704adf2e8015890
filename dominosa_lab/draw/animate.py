"""A traced search as a matplotlib animation: placements appear, dead ends flash, backtracks go.

:func:`frames` turns the replay of a trace (``solve(..., trace=True).trace``,
replayed by :func:`dominosa_lab.trace.tree.replay`) into pictures with captions
(:func:`dominosa_lab.trace.tree.describe_event`); :func:`animate` draws them with
:func:`~dominosa_lab.draw.board.draw_puzzle`, the newest piece in blue, a piece taken
back in dashed red, a dead end as a red frame, a solution in green. In a
notebook show ``HTML(animate(...).to_jshtml())``; :func:`save_gif` writes a GIF
with matplotlib's pillow writer.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import matplotlib.pyplot as plt
from matplotlib.animation import FuncAnimation, PillowWriter
from matplotlib.axes import Axes
from matplotlib.patches import Rectangle

from dominosa_lab.core.options import check_count, check_flag, check_items, check_path, check_type
from dominosa_lab.core.puzzle import Placement, Puzzle
from dominosa_lab.core.search import Event, SearchResult
from dominosa_lab.draw.board import OUTLINE_COLOR, check_axes, draw_puzzle, outline
from dominosa_lab.errors import ArgumentError, TraceError
from dominosa_lab.trace.tree import Snapshot, describe_event, replay, wrap_caption

__all__ = [
    "MIN_WIDTH",
    "NEW_COLOR",
    "REMOVED_COLOR",
    "SOLVED_COLOR",
    "TITLE_LINES",
    "TITLE_SIZE",
    "Frame",
    "animate",
    "frames",
    "save_gif",
]

NEW_COLOR = "#1f5fbf"
REMOVED_COLOR = "#c0392b"
SOLVED_COLOR = "#2e8b57"
#: Inches: a new figure is at least 640 pixels wide at the default dpi.
MIN_WIDTH = 6.4
TITLE_SIZE = 12.0  # points: the frame counter, then the caption wrapped to the width
#: Lines of room kept above the board: the counter and two lines of caption.
TITLE_LINES = 3
CELL = 0.8  # inches per cell of a new figure (less on boards wider than 12 cells)


@dataclass(frozen=True)
class Frame:
    """One picture of an animation: the search after its last event, and how to caption it.

    ``state`` is the search as :func:`~dominosa_lab.trace.tree.replay` gives it after
    the last event shown; ``dead_end`` and ``solved`` tell whether any event
    shown in this picture was a dead end or a solution.
    """

    state: Snapshot
    caption: str
    dead_end: bool = False
    solved: bool = False

    @property
    def placed(self) -> tuple[Placement, ...]:
        """The pieces on the board."""
        return self.state.placements

    @property
    def added(self) -> Placement | None:
        """The piece just placed, if the last event placed one."""
        return self._item_of("place")

    @property
    def removed(self) -> Placement | None:
        """The piece just taken back, if the last event took one back."""
        return self._item_of("remove")

    def _item_of(self, kind: str) -> Placement | None:
        event = self.state.event
        return event.item if event is not None and event.kind == kind else None


def frames(events: list[Event], max_frames: int | None = None, *,
           puzzle: Puzzle | None = None) -> list[Frame]:
    """Replay ``events`` into one frame per event (notes become the next frame's caption).

    ``choice`` events change nothing on the board and get no frame. Captions
    are :func:`~dominosa_lab.trace.tree.describe_event`'s (naming dominoes when
    ``puzzle`` is given), except that a placement is captioned with the
    method's note explaining it. With ``max_frames``, consecutive events are
    merged so that at most that many frames remain (the last always shows the
    final state; a merged frame flashes if any of its events was a dead end).

    Examples
    --------
    >>> from dominosa_lab import Puzzle, load, solve
    >>> r = solve(load("mikefc-small"), method="rowscan", trace=True)
    >>> fs = frames(r.trace)
    >>> len(fs[-1].placed), fs[-1].solved, sum(f.dead_end for f in fs) > 0
    (10, True, True)
    """
    events = [check_type("an event", e, Event, "an Event")
              for e in check_items("events", events, "a list of Event (a solve's trace)")]
    max_frames = check_count("max_frames", max_frames, minimum=1)
    check_type("puzzle", puzzle, (Puzzle, type(None)), "a Puzzle or None")
    out: list[Frame] = []
    note = ""
    for state in replay(events):
        event = state.event
        if event is None:
            continue
        if event.kind == "choice":  # the board does not change until an option is placed
            continue
        if event.kind == "note":
            note = event.text
            continue
        caption = note if note and event.kind == "place" else describe_event(event, puzzle)
        note = ""
        out.append(Frame(state, caption, event.kind == "dead_end", event.kind == "solution"))
    return _thin(out, max_frames)


def _thin(out: list[Frame], max_frames: int | None) -> list[Frame]:
    """Merge runs of frames so at most ``max_frames`` remain."""
    if max_frames is None or len(out) <= max_frames:
        return out
    if max_frames < 1:
        raise ArgumentError(f"max_frames must be an integer >= 1 or None, got {max_frames!r}")
    size = -(-len(out) // max_frames)
    merged = []
    for start in range(0, len(out), size):
        run = out[start:start + size]
        merged.append(Frame(run[-1].state, run[-1].caption, any(f.dead_end for f in run),
                            any(f.solved for f in run)))
    return merged


def animate(
    puzzle: Puzzle,
    result: SearchResult,
    *,
    pips: bool = False,
    interval: int = 250,
    max_frames: int | None = 300,
    dpi: int = 100,
    ax: Axes | None = None,
) -> FuncAnimation:
    """Animate a traced solve of ``puzzle``.

    Parameters
    ----------
    puzzle : Puzzle
        The board that was solved.
    result : SearchResult
        A result of ``solve(puzzle, ..., trace=True)``.
    pips : bool
        Draw placed dominoes with pips (see :func:`~dominosa_lab.draw.board.draw_puzzle`).
    interval : int
        Milliseconds per frame.
    max_frames : int or None
        Merge events so the animation has at most this many frames.
    dpi : int
        Resolution of a new figure (frames are embedded at this size by ``to_jshtml``);
        the theme's inline resolution by default.
    ax : matplotlib Axes, optional
        Where to draw; when omitted, a new figure at least :data:`MIN_WIDTH` wide,
        with room above the board for a title of :data:`TITLE_LINES` lines.

    Returns
    -------
    matplotlib.animation.FuncAnimation
        Call ``.to_jshtml()`` in a notebook, or pass it to :func:`save_gif`.

    Examples
    --------
    >>> from dominosa_lab import Puzzle, load, solve
    >>> p = load("mikefc-small")
    >>> anim = animate(p, solve(p, method="human", trace=True))
    >>> "<script" in anim.to_jshtml()
    True
    """
    check_type("puzzle", puzzle, Puzzle, "a Puzzle")
    check_type("result", result, SearchResult, "a SearchResult (solve with trace=True)")
    check_flag("pips", pips)
    check_count("interval", interval, minimum=1, allow_none=False)
    check_count("dpi", dpi, minimum=1, maximum=2400, allow_none=False)
    check_axes(ax)
    if result.trace is None:
        raise TraceError("result has no trace to animate: solve with trace=True")
    shown = frames(result.trace, max_frames, puzzle=puzzle)
    if not shown:
        raise TraceError("result.trace has no events to animate")
    ax = ax if ax is not None else _new_axes(puzzle, dpi)
    label = f"{result.method}: " if result.method else ""
    last = len(result.trace)  # frames are numbered by step, as the stepper counts them
    # Wrap captions to the figure: DejaVu Sans averages under 0.62 em per character.
    per_line = max(20, int(ax.figure.get_figwidth() * 72 / (0.62 * TITLE_SIZE)))

    def draw(i: int) -> list:
        frame = shown[i]
        ax.clear()
        draw_puzzle(puzzle, frame.placed, ax=ax, pips=pips,
                    outline_color=SOLVED_COLOR if frame.solved else OUTLINE_COLOR)
        if frame.added is not None and not frame.solved:
            outline(ax, puzzle, frame.added, NEW_COLOR)
        if frame.removed is not None:
            outline(ax, puzzle, frame.removed, REMOVED_COLOR, linestyle="dashed")
        if frame.dead_end:
            _flash(ax, puzzle)
        ax.set_title(f"{label}step {frame.state.step} of {last}\n"
                     f"{wrap_caption(frame.caption, per_line)}",
                     fontsize=TITLE_SIZE)
        return []

    fig = ax.figure
    animation = FuncAnimation(fig, draw, frames=len(shown), interval=interval, blit=False)
    plt.close(fig)
    return animation


def _new_axes(puzzle: Puzzle, dpi: int) -> Axes:
    """A figure for the board, at least :data:`MIN_WIDTH` wide, the title's room above it."""
    n_rows, n_cols = puzzle.shape
    cell = min(CELL, 9.6 / n_cols)
    board = cell * n_rows + 0.2
    title = TITLE_LINES * 1.25 * TITLE_SIZE / 72
    fig = plt.figure(figsize=(max(MIN_WIDTH, cell * n_cols + 0.4), board + title + 0.15),
                     dpi=dpi)
    return fig.add_axes((0.0, 0.0, 1.0, board / (board + title + 0.15)))


def _flash(ax: Axes, puzzle: Puzzle) -> None:
    """A red frame around the board: this state is a dead end."""
    n_rows, n_cols = puzzle.shape
    ax.add_patch(Rectangle((-0.55, -0.55), n_cols + 0.1, n_rows + 0.1, fill=False,
                           edgecolor=REMOVED_COLOR, linewidth=4))


def save_gif(animation: FuncAnimation, path: str | Path, fps: int = 4) -> Path:
    """Write ``animation`` as a GIF (pillow writer); returns the path.

    Examples
    --------
    >>> import tempfile
    >>> from dominosa_lab import Puzzle, load, solve
    >>> p = load("mikefc-small")
    >>> anim = animate(p, solve(p, method="rowscan", trace=True), max_frames=5)
    >>> with tempfile.TemporaryDirectory() as d:
    ...     save_gif(anim, Path(d) / "x.gif").stat().st_size > 0
    True
    """
    check_type("animation", animation, FuncAnimation, "an animation (see animate)")
    path = check_path("path", path)
    check_count("fps", fps, minimum=1, allow_none=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    animation.save(path, writer=PillowWriter(fps=fps))
    return path
