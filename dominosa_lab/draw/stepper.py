"""Step through a traced search: the board and the search tree at any step.

:func:`stepper` is the interactive control for Jupyter; :func:`draw_search_step`
draws one step on given axes (for pages, slides and the stepper itself). Both
are built from the trace alone (:func:`dominosa_lab.trace.tree.replay`), so every
method that reports to :class:`~dominosa_lab.core.search.Search` can be stepped.

A class predicts before it clicks, but not 65 times: ``stops`` mark a few steps
where playing pauses and the counters ask for a prediction, and the *next stop*
button jumps there. :func:`turning_points` picks the usual ones: just before the
first dead end (and the backtrack that follows it), the first change of the first
move, and the solution.

The play button only *asks* for steps: each of its ticks moves the kernel one step
on from the step shown, and a tick that arrives while the stepper holds at a stop
(or at the end) is dropped until the play button is pressed again. However long a
picture takes to draw, playing never passes a stop.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

import networkx as nx
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from dominosa_lab.core.extras import missing_extra

try:
    import ipywidgets as widgets
except ImportError as error:
    raise missing_extra("notebooks", error) from None

from dominosa_lab.core.options import check_type
from dominosa_lab.core.puzzle import Placement, Puzzle
from dominosa_lab.core.search import SearchResult
from dominosa_lab.draw.animate import NEW_COLOR
from dominosa_lab.draw.board import draw_puzzle, outline
from dominosa_lab.draw.tree import draw_search_tree
from dominosa_lab.errors import TraceError
from dominosa_lab.trace.tree import (
    Snapshot,
    describe_event,
    placement_label,
    replay,
    search_tree,
    wrap_caption,
)

__all__ = [
    "CAPTION_WIDTH",
    "DPI",
    "FONTSIZE",
    "MERGE_STEPS",
    "Stepper",
    "choice_options",
    "draw_search_step",
    "step_caption",
    "stepper",
    "turning_points",
]

FONTSIZE = 11.0  # points: move labels, legend; titles 2 more (readable on a projector)
DPI = 100  # the stepper's picture: a 10-inch figure is 1000 pixels wide
CAPTION_WIDTH = 28  # characters per line of the caption over the board (after the step)
PREDICT = "predict the next move, then press ▶ to play on (or next ▶ for one step)"
COUNTERS = ("<small><i>nodes</i>: placements tried so far &middot; <i>backtracks</i>: pieces "
            "taken back because they led nowhere &middot; <i>depth</i>: dominoes on the board "
            "now &middot; <i>solutions</i>: solutions found</small>")
OPTION_COLOR = "#e69f00"  # the options at a choice: orange, told from blue by colour-blind eyes
#: Steps within which a moment shares the stop of the one before it (:func:`turning_points`).
MERGE_STEPS = 2
PLAY_TICKS = 10**9  # the play button's counter: it ticks, the stepper moves one step a tick


class Stepper(widgets.VBox):
    """A play button, step buttons and a slider over a trace; the picture follows the slider.

    Use :func:`stepper` to make one. ``frames`` holds the replayed trace;
    ``step`` (settable) is the slider position and ``frame`` the search's state there;
    ``stops`` the steps where playing pauses for a prediction.
    """

    def __init__(
        self,
        puzzle: Puzzle,
        result: SearchResult,
        *,
        tree: bool = True,
        max_nodes: int = 300,
        interval: int = 500,
        figsize: tuple[float, float] | None = None,
        fontsize: float = FONTSIZE,
        dpi: int = DPI,
        stops: Sequence[int] = (),
    ) -> None:
        if result.trace is None:
            raise TraceError("result has no trace to step through; solve it again with "
                             "trace=True")
        self.puzzle = puzzle
        self.frames: list[Snapshot] = list(replay(result.trace))
        self.options = choice_options(self.frames)
        self.tree = search_tree(result, puzzle) if tree else None
        self.max_nodes = max_nodes
        self.fontsize = fontsize
        self.dpi = dpi
        last = len(self.frames) - 1
        self.stops = _checked_stops(stops, last)
        self.holding = False  # at a stop or the end: play's ticks are dropped until ▶ again
        self.play = widgets.Play(min=0, max=PLAY_TICKS, step=1, interval=interval,
                                 show_repeat=False)
        self.play.observe(lambda _: self._tick(), names="value")
        self.play.observe(lambda change: self._played(change["new"]), names="playing")
        self.slider = widgets.IntSlider(min=0, max=last, description="step",
                                        layout=widgets.Layout(width="50%"))
        self.back_button = widgets.Button(description="◀ back", layout=widgets.Layout(width="80px"))
        self.next_button = widgets.Button(description="next ▶", layout=widgets.Layout(width="80px"))
        self.stop_button = widgets.Button(description="next stop ⏭",
                                          layout=widgets.Layout(width="100px"),
                                          disabled=not self.stops)
        self.back_button.on_click(lambda _: self._move(-1))
        self.next_button.on_click(lambda _: self._move(+1))
        self.stop_button.on_click(lambda _: self._to_next_stop())
        self.counters = widgets.HTML()
        self.legend = widgets.HTML(COUNTERS)
        self.image = widgets.Image(format="png")
        self.figure = Figure(figsize=figsize or ((10, 4.2) if tree else (4, 3.5)),
                             layout="constrained")
        if tree:
            self.board_ax, self.tree_ax = self.figure.subplots(
                1, 2, gridspec_kw={"width_ratios": [1, 2.4]})
        else:
            self.board_ax, self.tree_ax = self.figure.subplots(), None
        self.slider.observe(lambda change: self._show(change["new"]), names="value")
        controls = widgets.HBox([self.play, self.back_button, self.next_button,
                                 *([self.stop_button] if self.stops else []), self.slider])
        super().__init__([controls, self.counters, self.image, self.legend])
        self._show(0)

    @property
    def step(self) -> int:
        """The step shown: how many trace events have been applied."""
        return self.slider.value

    @step.setter
    def step(self, value: int) -> None:
        self.slider.value = max(0, min(len(self.frames) - 1, value))

    @property
    def frame(self) -> Snapshot:
        """The search's state at the step shown."""
        return self.frames[self.step]

    def _move(self, delta: int) -> None:
        self.step = self.step + delta

    def _to_next_stop(self) -> None:
        """Jump to the first stop after the step shown (or to the end)."""
        self.step = next((s for s in self.stops if s > self.step), len(self.frames) - 1)

    def _played(self, playing: bool) -> None:
        """▶ pressed: play on from a stop (from the start, at the end); ⏸: hold."""
        if not playing:
            return
        self.holding = False
        if self.step == len(self.frames) - 1:
            self.step = 0

    def _tick(self) -> None:
        """One tick of the play button: one step on, then hold at a stop or at the end."""
        if self.holding or not self.play.playing:
            return
        self.step = self.step + 1
        if self.step in self.stops or self.step == len(self.frames) - 1:
            self.holding = True
            self.play.playing = False

    def _show(self, step: int) -> None:
        frame = self.frames[step]
        stop = (f"<br><b>stop {self.stops.index(step) + 1} of {len(self.stops)}: {PREDICT}</b>"
                if step in self.stops else "")
        self.counters.value = (
            f"<b>step {step} of {len(self.frames) - 1}</b> &middot; nodes {frame.nodes} "
            f"&middot; backtracks {frame.backtracks} &middot; depth {frame.depth} "
            f"&middot; solutions {frame.solutions}<br>"
            f"{step_caption(frame, self.puzzle, self.options.get(step, ()))}{stop}"
        )
        self.board_ax.clear()
        if self.tree_ax is not None:
            self.tree_ax.clear()
        draw_search_step(self.puzzle, frame, self.board_ax, self.tree, self.tree_ax,
                         max_nodes=self.max_nodes, fontsize=self.fontsize,
                         options=self.options.get(step, ()))
        buffer = io.BytesIO()
        self.figure.savefig(buffer, format="png", dpi=self.dpi)
        self.image.value = buffer.getvalue()


def draw_search_step(
    puzzle: Puzzle,
    frame: Snapshot,
    board_ax: Axes,
    tree: nx.DiGraph | None = None,
    tree_ax: Axes | None = None,
    *,
    max_nodes: int = 300,
    legend: bool = True,
    fontsize: float = FONTSIZE,
    options: Sequence[Placement] = (),
) -> None:
    """Draw the search at one step: the board with its rows and columns numbered (newest piece
    in blue, the options of a choice dashed orange) and the tree so far.

    Parameters
    ----------
    puzzle : Puzzle
        The board that was solved.
    frame : Snapshot
        The step, from :func:`~dominosa_lab.trace.tree.replay` (or ``Stepper.frames``).
    board_ax : matplotlib Axes
        Where the board goes.
    tree, tree_ax : optional
        The run's :func:`~dominosa_lab.trace.tree.search_tree` and where to draw it as it
        stood at this step, the current state ringed.
    max_nodes, legend, fontsize
        Passed to :func:`~dominosa_lab.draw.tree.draw_search_tree`; the board's title is
        ``fontsize`` + 2 points, as the tree's.
    options : sequence of Placement
        At a choice, its options (:func:`choice_options`): outlined dashed and named in the
        caption.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> from dominosa_lab import Puzzle, solve
    >>> from dominosa_lab.trace.tree import replay
    >>> p = Puzzle([[0, 0, 1], [1, 1, 0]])
    >>> frame = list(replay(solve(p, method="rowscan", trace=True).trace))[4]
    >>> fig, (a, b) = plt.subplots(1, 2)
    >>> draw_search_step(p, frame, a)
    >>> a.get_title().splitlines()
    ['step 4', 'placed 01↓ on (0, 2)-(1, 2)']
    """
    draw_puzzle(puzzle, frame.placements, ax=board_ax, coordinates=True)
    caption = wrap_caption(step_caption(frame, puzzle, options), CAPTION_WIDTH)
    board_ax.set_title(f"step {frame.step}\n{caption}", fontsize=fontsize + 2)
    event = frame.event
    if event is not None and event.kind == "place" and isinstance(event.item, Placement):
        outline(board_ax, puzzle, event.item, NEW_COLOR)
    for option in options:
        outline(board_ax, puzzle, option, OPTION_COLOR, linestyle="dashed")
    if tree is not None and tree_ax is not None:
        draw_search_tree(tree, tree_ax, max_nodes=max_nodes, current=frame.node,
                         step=frame.step, legend=legend, fontsize=fontsize,
                         title=f"search tree after {frame.nodes} nodes")


def step_caption(frame: Snapshot, puzzle: Puzzle, options: Sequence[Placement] = ()) -> str:
    """What the step did, in words; a choice names the options tried from it.

    Examples
    --------
    >>> from dominosa_lab import Puzzle, solve
    >>> from dominosa_lab.trace.tree import replay
    >>> p = Puzzle([[0, 0, 1], [1, 1, 0]])
    >>> frames = list(replay(solve(p, method="rowscan", limit=None, trace=True).trace))
    >>> step_caption(frames[1], p, choice_options(frames)[1])
    'a choice among 2 options: 00→ or 01↓ (dashed)'
    """
    text = describe_event(frame.event, puzzle)
    event = frame.event
    if event is None or event.kind != "choice" or event.options < 2 or not options:
        return text
    names = " or ".join(placement_label(puzzle, pl) for pl in options)
    untried = event.options - len(options)
    never = f", {untried} never tried" if untried > 0 else ""
    return f"a choice among {event.options} options: {names}{never} (dashed)"


def choice_options(frames: Sequence[Snapshot]) -> dict[int, tuple[Placement, ...]]:
    """For each step that is a choice among two options or more, the placements tried from it.

    They are the pieces the search places one level deeper before it leaves the choice's
    state (backs out of it, makes another choice there, or stops); an option the search never
    tried (it stopped at a solution first) is not among them.

    Examples
    --------
    >>> from dominosa_lab import Puzzle, solve
    >>> from dominosa_lab.trace.tree import replay
    >>> frames = list(replay(solve(Puzzle([[0, 0, 1], [1, 1, 0]]), method="rowscan",
    ...                            limit=None, trace=True).trace))
    >>> choice_options(frames)[1]
    (Placement((0, 0), (0, 1)), Placement((0, 0), (1, 0)))
    """
    out: dict[int, tuple[Placement, ...]] = {}
    for k, frame in enumerate(frames):
        event = frame.event
        if event is not None and event.kind == "choice" and event.options > 1:
            out[frame.step] = _tried_from(frames[k + 1:], frame.depth)
    return out


def _tried_from(later: Sequence[Snapshot], depth: int) -> tuple[Placement, ...]:
    """The pieces placed at ``depth`` + 1 in ``later`` until the search leaves ``depth``."""
    tried: list[Placement] = []
    for frame in later:
        event = frame.event
        if event.depth < depth or (event.kind == "choice" and event.depth == depth):
            break
        if event.kind == "place" and event.depth == depth + 1 and isinstance(event.item,
                                                                              Placement):
            tried.append(event.item)
    return tuple(tried)


def _checked_stops(stops: Sequence[int], last: int) -> list[int]:
    """``stops`` sorted, each checked to be a step of the trace (0 to ``last``)."""
    for stop in stops:
        if not isinstance(stop, int) or not 0 <= stop <= last:
            raise TraceError(f"stops: {stop!r} is not a step of this trace (0 to {last})")
    return sorted(set(stops))


def turning_points(frames: Sequence[Snapshot]) -> list[int]:
    """The steps just before the moments a class should predict, in order.

    Just before the first dead end, the first backtrack, the first placement that
    replaces the search's first move (a new branch at the top of the tree), and the
    first solution; a moment the search never reaches is left out, and a moment that
    follows the one before it within :data:`MERGE_STEPS` steps shares its stop (a class
    predicts a dead end and the backtrack after it at once).

    Parameters
    ----------
    frames : sequence of Snapshot
        A replayed trace (:func:`~dominosa_lab.trace.tree.replay`, ``Stepper.frames``).

    Returns
    -------
    list of int
        Step numbers, each one less than the step of its moment.

    Examples
    --------
    >>> from dominosa_lab import Puzzle, solve
    >>> from dominosa_lab.trace.tree import replay
    >>> run = solve(Puzzle([[2, 0, 2, 2], [1, 0, 1, 2], [0, 1, 1, 0]]), method="rowscan",
    ...             trace=True)
    >>> turning_points(list(replay(run.trace)))
    [9, 36, 64]
    """
    def first(test) -> int | None:
        return next((f.step - 1 for f in frames if f.event is not None and test(f)), None)

    moments = [
        first(lambda f: f.event.kind == "dead_end"),
        first(lambda f: f.event.kind == "remove"),
        first(lambda f: f.event.kind == "place" and f.depth == 1 and f.nodes > 1),
        first(lambda f: f.event.kind == "solution"),
    ]
    merged: list[int] = []
    for moment in sorted({m for m in moments if m is not None}):
        if not merged or moment - merged[-1] > MERGE_STEPS:
            merged.append(moment)
    return merged


def stepper(puzzle: Puzzle, result: SearchResult, **settings) -> Stepper:
    """A widget that steps through a traced search: the board and the tree at every step.

    Parameters
    ----------
    puzzle : Puzzle
        The board that was solved.
    result : SearchResult
        Its run with ``trace=True`` (any method).
    **settings
        ``tree=False`` to show the board alone; ``max_nodes`` to summarise big
        trees (see :func:`~dominosa_lab.draw.tree.draw_search_tree`); ``interval``
        (ms per step when playing); ``figsize``; ``fontsize`` of the labels, legend
        and titles (sized for a projector: 11 points in a 10-inch picture 1000 pixels
        wide); ``dpi`` of the picture; ``stops``, steps where playing pauses and the
        counters ask for a prediction (e.g. :func:`turning_points`), reached with the
        *next stop* button. Playing never passes a stop: ▶ plays on from it.

    Returns
    -------
    Stepper
        An ``ipywidgets.VBox``: display it in a notebook, or drive it from code
        through ``step``, ``next_button.click()`` and ``back_button.click()``.

    Examples
    --------
    >>> from dominosa_lab import Puzzle, solve
    >>> p = Puzzle([[0, 0, 1], [1, 1, 0]])
    >>> s = stepper(p, solve(p, method="rowscan", trace=True))
    >>> s.step = 5; s.next_button.click()
    >>> s.step, len(s.frame.placements), s.frame.nodes
    (6, 3, 3)
    >>> s = stepper(p, solve(p, method="rowscan", trace=True), stops=[2, 4])
    >>> s.stop_button.click(); s.step, "stop 1 of 2" in s.counters.value
    (2, True)
    >>> s.play.playing = True; s.play.value += 1; s.play.value += 1  # ticks: one step, a stop
    >>> s.step, s.play.playing
    (4, False)
    """
    check_type("puzzle", puzzle, Puzzle, "a Puzzle")
    check_type("result", result, SearchResult, "a SearchResult (solve with trace=True)")
    return Stepper(puzzle, result, **settings)
