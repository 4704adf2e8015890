"""A stand-in for a terminal: a text stream that says it is one, so that the progress line
of a command is drawn into it."""

import io
from collections.abc import Iterator
from contextlib import contextmanager, redirect_stderr

__all__ = ["Terminal", "on_a_terminal"]


class Terminal(io.StringIO):
    """A StringIO that is a terminal, for the progress line's sake."""

    def isatty(self) -> bool:
        """Always: the progress line draws only on a terminal."""
        return True


@contextmanager
def on_a_terminal() -> Iterator[Terminal]:
    """Stderr as a terminal for the block (set in the test itself: pytest resets ``sys.stderr``
    between a fixture and the test)."""
    screen = Terminal()
    with redirect_stderr(screen):
        yield screen
