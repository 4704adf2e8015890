"""The progress line of every long command: one line on stderr, rewritten in place about once a
second, with the wall time since the command started and what it is doing.

A thread redraws the line, so a command whose library call reports nothing still shows its time;
a search that reports its counters (``progress=line.search``) shows them too. There is no line
when stderr is not a terminal or with ``--quiet``, and none in the first second.
"""

from __future__ import annotations

import argparse
import io
import re
import shutil
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import TracebackType
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from dominosa_lab.core.search import SearchStats

__all__ = ["ProgressLine", "progress_line"]


class ProgressLine:
    """The progress line of a command that started at ``start`` (``time.perf_counter()``).

    Use it as a context: the line is drawn while the block runs, then erased; when the block
    ends in an exception (Ctrl-C) the line is ended instead, to show how far the work got.

    Examples
    --------
    >>> import io
    >>> with ProgressLine(time.perf_counter(), shown=False, stream=io.StringIO()) as line:
    ...     line.say("counting")
    >>> line.text
    'counting'
    """

    def __init__(self, start: float, *, shown: bool, text: str = "",
                 stream: TextIO | None = None, every: float = 1.0) -> None:
        self.start = start
        self.shown = shown
        self.stream = sys.stderr if stream is None else stream
        self.every = every
        self.text = text
        self.detail = ""
        self.note = ""
        self._on_screen = False
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._tick, daemon=True, name="progress line")

    def say(self, text: str) -> None:
        """What the command is doing, shown after the time from the next redraw on."""
        self.text, self.detail = text, ""

    def search(self, stats: SearchStats, seconds: float) -> None:
        """A search's progress callback: its counters, drawn at once."""
        self.say(f"{stats.nodes:,} nodes   {stats.backtracks:,} backtracks   "
                 f"{stats.solutions:,} solutions")
        self.draw()

    def draw(self) -> None:
        """Rewrite the line: the seconds since the command started, then the text."""
        if not self.shown:
            return
        detail = f"   {self.detail}" if self.detail else ""
        note = f"   ({self.note})" if self.note else ""
        line = f"  {time.perf_counter() - self.start:5.0f} s   {self.text}{detail}{note}"
        width = max(shutil.get_terminal_size().columns - 1, 20)
        with self._lock:
            self.stream.write(f"\r{line[:width]}\033[K")
            self.stream.flush()
            self._on_screen = True

    def clear(self) -> None:
        """Erase the line (before the command prints on the same screen)."""
        with self._lock:
            if self._on_screen:
                self.stream.write("\r\033[K")
                self.stream.flush()
                self._on_screen = False

    @contextmanager
    def capture_bars(self) -> Iterator[None]:
        """While the block runs, a progress bar that tqdm draws on stderr is shown as the detail
        of this line instead (or not at all, when the line is not shown); anything else written
        to stderr goes there, on a line of its own."""
        real = sys.stderr
        sys.stderr = _Bars(self, real)
        try:
            yield
        finally:
            sys.stderr = real

    def _tick(self) -> None:
        first = max(self.start + self.every - time.perf_counter(), 0.0)
        if self._stop.wait(first):
            return
        while True:
            self.draw()
            if self._stop.wait(self.every):
                return

    def __enter__(self) -> ProgressLine:
        if self.shown:
            self._thread.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()
        if kind is None:
            self.clear()
        elif self._on_screen:  # keep how far it got on the screen, ended before the message
            with self._lock:
                self.stream.write("\n")
                self.stream.flush()
                self._on_screen = False


class _Bars(io.TextIOBase):
    """A stand-in for stderr that turns tqdm's bars into the detail of a progress line."""

    #: The bar graphics between two ``|`` of a tqdm bar, dropped from the detail.
    GRAPHICS = re.compile(r"\|[^|]*\|")

    def __init__(self, line: ProgressLine, real: TextIO) -> None:
        super().__init__()
        self.line, self.real = line, real

    @property
    def encoding(self) -> str:
        """The encoding of the real stderr."""
        return getattr(self.real, "encoding", None) or "utf-8"

    def write(self, text: str) -> int:
        """A bar redrawn (text after a carriage return) becomes the line's detail; other text
        goes to the real stderr, after the line is erased."""
        if "\r" in text:
            bar = text.rsplit("\r", 1)[1]
            if bar.strip():
                self.line.detail = " ".join(self.GRAPHICS.sub(" ", bar).split())
                self.line.draw()
        elif text.strip():
            self.line.clear()
            self.real.write(text)
        return len(text)

    def flush(self) -> None:
        """Flush the real stderr."""
        self.real.flush()


def progress_line(args: argparse.Namespace, text: str = "") -> ProgressLine:
    """The progress line of the command ``args`` describe, saying ``text``: shown when stderr
    is a terminal and ``--quiet`` was not given."""
    return ProgressLine(args.start, shown=not args.quiet and sys.stderr.isatty(), text=text)
