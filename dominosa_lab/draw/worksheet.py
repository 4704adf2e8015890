"""Printable pages: puzzle books and class sets of unique puzzles, with the answers at the end.

A *book* puts as many puzzles on a page as leave every cell at least :data:`DRAW_CELL`
wide (room to draw the outlines with a pencil); a *class set* gives each puzzle a page of
its own with a line for the student's name and the dominoes to tick off. Each puzzle is
numbered, with its grade, and the Simon Tatham game id that opens it in his Dominosa (a board
not his full rectangle has none). The answers follow on pages of their own, smaller, each with its
dominoes outlined, or go to a file of their own (the answer key). Pages are A4 or US Letter
(:data:`PAPERS`); a PDF holds them all, or one PNG or SVG is written per page. The boards are
drawn by :func:`~dominosa_lab.draw.board.draw_puzzle`, the rest of the page in the one theme.

Everything on a page is laid out before it is drawn, from the board's shape and N alone: the
dominoes to tick in a font that fits the width (wrapped at :data:`TICK_POINTS_MIN`), the game id
wrapped to the slot, the board in what is left. :func:`check_fits` refuses a size the paper
cannot hold before any puzzle is made. Students' pages carry no page count (a class set's page
is one student's); answer pages are numbered.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from os import PathLike
from pathlib import Path

import matplotlib
from matplotlib.backends.backend_pdf import PdfPages
from matplotlib.figure import Figure

from dominosa_lab.boards.unique import Generated
from dominosa_lab.core.options import check_choice
from dominosa_lab.core.puzzle import Puzzle
from dominosa_lab.draw.board import draw_puzzle
from dominosa_lab.draw.theme import DPI, GREY20, STYLE
from dominosa_lab.errors import ArgumentError, PuzzleError
from dominosa_lab.formats import to_tatham

__all__ = [
    "ANSWER_CELL",
    "DRAW_CELL",
    "GRIDS",
    "LARGEST_CELL",
    "MARGIN",
    "PAGE_FORMATS",
    "PAPERS",
    "SMALLEST_CELL",
    "TICK_POINTS_MIN",
    "check_fits",
    "check_output",
    "tatham_id",
    "tick_lines",
    "worksheet_pages",
    "write_worksheets",
]

#: Page sizes in inches (width, height), portrait.
PAPERS = {"a4": (210 / 25.4, 297 / 25.4), "letter": (8.5, 11.0)}
#: The files :func:`write_worksheets` writes, by suffix: one PDF, or one picture per page.
PAGE_FORMATS = (".pdf", ".png", ".svg")
MARGIN = 0.6  #: inches of paper left blank round every page
DRAW_CELL = 0.36  #: the smallest cell of a puzzle sharing a page, in inches (9 mm)
SMALLEST_CELL = 0.24  #: the smallest cell of a puzzle alone on its page (6 mm, graph paper's 5)
ANSWER_CELL = 0.17  #: the smallest cell of an answer, in inches (4.3 mm)
LARGEST_CELL = 0.85  #: the largest cell of a class-set puzzle, in inches (22 mm)
#: The ways to share a page among puzzles (rows, columns), fewest first.
GRIDS = ((1, 1), (2, 1), (2, 2), (3, 2), (4, 2), (4, 3), (5, 3), (5, 4), (6, 4))

TICK_POINTS_MIN = 8.0  #: the smallest font of the dominoes to tick; below it rows wrap
_HEADER = 0.75  # inches at the top of a page for its title and the rules
_FOOTER = 0.3  # inches at the bottom for the page number
_CAPTION = 0.3  # inches above a board for its number and grade
_ID_LINE = 0.14  # inches per line of game id below a board
_ID_POINTS = 6.5  # the game id's font size: a double-6 id fits on one line of a half page
_SANS = 0.56  # DejaVu Sans's widest average character width in prose, in ems
_MONO = 0.62  # a monospace character's width, in ems (DejaVu Sans Mono's 0.602, rounded up)
_GUTTER = 0.3  # inches between two columns of boards
_TICK_POINTS = 12.5  # the dominoes to tick, when a row of them fits the width at this size
_TICK_SPACING = 1.4  # lines of the dominoes to tick, in font sizes
_NAME_LINES = 0.72  # inches of the name line and "Tick each domino" above the dominoes
_PRINT_STYLE = {**STYLE, "savefig.bbox": "standard", "pdf.fonttype": 42, "svg.fonttype": "path",
                "svg.hashsalt": "dominosa-lab"}


def write_worksheets(
    puzzles: Sequence[Generated],
    path: str | PathLike,
    *,
    paper: str = "a4",
    class_set: bool = False,
    title: str | None = None,
    answers: str | PathLike | None = None,
) -> list[Path]:
    """Write puzzle pages, then answer pages, to a PDF or to one PNG or SVG per page.

    Parameters
    ----------
    puzzles : sequence of Generated
        Unique puzzles with their solutions and grades, e.g.
        :func:`~dominosa_lab.boards.distinct.distinct_puzzles`'s ``puzzles``.
    path : str or path
        A ``.pdf`` file holds every page; for ``.png`` or ``.svg`` the pages are written
        beside it as ``STEM-01.png``, ``STEM-02.png``, ...
    paper : str
        ``a4`` or ``letter``.
    class_set : bool
        One puzzle per page, with a line for a name and the dominoes to tick off;
        otherwise as many per page as leave room to draw.
    title : str, optional
        The heading of every page (default: what the puzzles are).
    answers : str or path, optional
        Write the answer pages to this file (the answer key, as ``path`` is named) instead
        of after the puzzles.

    Returns
    -------
    list of Path
        The files written.

    Raises
    ------
    ArgumentError
        For no puzzles, an unknown paper or suffix, a folder that does not exist, or a
        board too large to print with cells to draw on.

    Examples
    --------
    >>> import tempfile
    >>> from dominosa_lab.boards.distinct import distinct_puzzles
    >>> book = distinct_puzzles(4, 5, grade="basic", seed=1).puzzles
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     written = write_worksheets(book, Path(folder) / "book.pdf")
    ...     [p.name for p in written]
    ['book.pdf']
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     [p.name for p in write_worksheets(book[:2], Path(folder) / "class.png",
    ...                                       class_set=True)]
    ['class-01.png', 'class-02.png', 'class-03.png']
    """
    out = check_output(path)
    key = None if answers is None else check_output(answers, "answers")
    heading = title or _title(puzzles, class_set)
    with _print_style():
        pages = worksheet_pages(puzzles, paper=paper, class_set=class_set, title=title)
        if key is None:
            return _write(pages, out, heading)
        students = len(pages) - _key_pages(puzzles, paper, class_set)
        return (_write(pages[:students], out, heading)
                + _write(pages[students:], key, f"{heading}: answers"))


def worksheet_pages(
    puzzles: Sequence[Generated],
    *,
    paper: str = "a4",
    class_set: bool = False,
    title: str | None = None,
) -> list[Figure]:
    """The pages of :func:`write_worksheets` as figures the size of the paper (made without
    pyplot: nothing to close).

    Examples
    --------
    >>> from dominosa_lab.boards.distinct import distinct_puzzles
    >>> pages = worksheet_pages(distinct_puzzles(3, 6).puzzles, paper="letter")
    >>> len(pages), [float(x) for x in pages[0].get_size_inches()]  # 6 puzzles, then answers
    (2, [8.5, 11.0])
    """
    check_choice("paper", paper, tuple(PAPERS))
    if not puzzles:
        raise ArgumentError("puzzles: no puzzle to print")
    shape, n = _largest(puzzles), max(g.puzzle.max_pip for g in puzzles)
    grid, answers = _layout(shape, n, paper, class_set)
    heading = title or _title(puzzles, class_set)
    numbered = list(enumerate(puzzles, 1))
    sheets = [(chunk, False) for chunk in _chunks(numbered, grid)]
    keys = list(_chunks(numbered, answers))
    sheets += [(chunk, True) for chunk in keys]
    return [_page(chunk, PAPERS[paper], grid if not answer else answers, answer, class_set,
                  f"{heading}: answers" if answer else heading,
                  _footer(answer, class_set, k, len(sheets) - len(keys), len(keys)))
            for k, (chunk, answer) in enumerate(sheets, 1)]


def check_fits(shape: tuple[int, int], n: int, paper: str = "a4",
               class_set: bool = False) -> None:
    """Refuse (ArgumentError) a board of ``shape`` (rows, columns) from the double-``n`` set
    that the paper cannot print with cells to draw on: known before any puzzle is made.

    Examples
    --------
    >>> check_fits((15, 16), 14, "letter", class_set=True)
    >>> try:
    ...     check_fits((31, 32), 30)
    ... except ArgumentError as err:
    ...     print(str(err).split(", less")[0])
    puzzles: a board of 31 x 32 cells prints on a4 with cells of 4.5 mm
    """
    check_choice("paper", paper, tuple(PAPERS))
    _layout(shape, n, paper, class_set)


def check_output(path: str | PathLike, name: str = "path",
                 formats: Sequence[str] = PAGE_FORMATS) -> Path:
    """``path`` as a Path if it names a file of ``formats`` (suffixes) in a folder that exists;
    else an ArgumentError that names the argument ``name``.

    Examples
    --------
    >>> check_output("book.pdf").suffix
    '.pdf'
    >>> check_output("book.doc", "-o")
    Traceback (most recent call last):
    ...
    dominosa_lab.errors.ArgumentError: -o must name a .pdf, .png, .svg file, got 'book.doc'
    """
    out = Path(path)
    if out.suffix.lower() not in formats:
        raise ArgumentError(f"{name} must name a {', '.join(formats)} file, got {str(out)!r}")
    if not out.parent.is_dir():
        raise ArgumentError(f"{name} {str(out)!r}: no folder {str(out.parent)!r}")
    return out


def tatham_id(puzzle: Puzzle) -> str | None:
    """The puzzle's Simon Tatham game id, or None for a board his Dominosa cannot show.

    Examples
    --------
    >>> from dominosa_lab import Puzzle
    >>> tatham_id(Puzzle([[0, 0, 1], [1, 1, 0]])), tatham_id(Puzzle([[0, 0], [1, 1], [0, 1]]))
    ('1:001110', None)
    """
    try:
        return to_tatham(puzzle)
    except PuzzleError:
        return None


# --- the layout --------------------------------------------------------------------------------

def _largest(puzzles: Sequence[Generated]) -> tuple[int, int]:
    """The rows and columns a slot must hold: the largest of the puzzles."""
    return (max(g.puzzle.shape[0] for g in puzzles), max(g.puzzle.shape[1] for g in puzzles))


def _layout(shape: tuple[int, int], n: int, paper: str,
            class_set: bool) -> tuple[tuple[int, int], tuple[int, int]]:
    """The grids of the puzzle pages and of the answer pages; ArgumentError if none fits."""
    size = PAPERS[paper]
    width, height = _area(size)
    if class_set:  # the name line and the dominoes to tick take room above the board
        room = (width, height + _FOOTER - _class_lines(n, width))
        grid = _grid(shape, n, room, DRAW_CELL, paper, ((1, 1),))
    else:
        grid = _grid(shape, n, (width, height), DRAW_CELL, paper)
    return grid, _grid(shape, n, (width, height), ANSWER_CELL, paper, answers=True)


def _area(size: tuple[float, float]) -> tuple[float, float]:
    """Width and height of a page inside its margins, header and footer."""
    return size[0] - 2 * MARGIN, size[1] - 2 * MARGIN - _HEADER - _FOOTER


def _cell(shape: tuple[int, int], n: int, room: tuple[float, float], grid: tuple[int, int],
          answers: bool = False) -> float:
    """The cell size, in inches, of a board of ``shape`` in one slot of ``grid`` in ``room``
    (the width and height the slots share), below its caption and above its game id."""
    slot_w = (room[0] - (grid[1] - 1) * _GUTTER) / grid[1]
    ids = 0 if answers else _id_line_count(shape, n, slot_w)
    slot_h = room[1] / grid[0] - _CAPTION - ids * _ID_LINE - 0.1
    return min(slot_w / (shape[1] + 0.4), slot_h / (shape[0] + 0.4))


def _grid(shape: tuple[int, int], n: int, room: tuple[float, float], smallest: float,
          paper: str, grids: tuple[tuple[int, int], ...] = GRIDS,
          answers: bool = False) -> tuple[int, int]:
    """The grid with the most slots whose boards keep cells of at least ``smallest`` inches."""
    fits = [grid for grid in grids if _cell(shape, n, room, grid, answers) >= smallest]
    if fits:
        return max(fits, key=lambda g: g[0] * g[1])
    alone = _cell(shape, n, room, (1, 1), answers)
    if alone < SMALLEST_CELL and not answers:  # answers are only looked at: any size will do
        raise ArgumentError(
            f"puzzles: a board of {shape[0]} x {shape[1]} cells prints on {paper} with cells of "
            f"{alone * 25.4:.1f} mm, less than the {SMALLEST_CELL * 25.4:.1f} mm needed to draw "
            "on; choose a smaller N")
    return (1, 1)


def _chunks(items: list, grid: tuple[int, int]) -> Iterator[list]:
    per_page = grid[0] * grid[1]
    for start in range(0, len(items), per_page):
        yield items[start:start + per_page]


# --- the pages ---------------------------------------------------------------------------------

def _footer(answer: bool, class_set: bool, number: int, students: int, keys: int) -> str:
    """The page's number: none on a class set's pages (each is one student's), no count on
    a book's, "answers, page k of n" on the answer key."""
    if answer:
        return f"answers, page {number - students} of {keys}"
    return "" if class_set else f"page {number}"


def _page(chunk: list[tuple[int, Generated]], size: tuple[float, float], grid: tuple[int, int],
          answer: bool, class_set: bool, heading: str, footer: str) -> Figure:
    """One page: heading, rules (on puzzle pages), the boards in ``grid``, the footer."""
    fig = Figure(figsize=size)
    width, height = size
    inches = fig.dpi_scale_trans
    fig.text(MARGIN, height - MARGIN, heading, transform=inches, fontsize=15,
             weight="bold", va="top", color=GREY20)
    if not answer:
        rules = textwrap.fill(_rules(chunk), int((width - 2 * MARGIN) * 72 / (_SANS * 9.5)))
        fig.text(MARGIN, height - MARGIN - 0.32, rules, transform=inches, fontsize=9.5,
                 va="top", color=GREY20)
    if footer:
        fig.text(width / 2, MARGIN, footer, transform=inches, fontsize=8, ha="center",
                 va="bottom", color=GREY20)
    area_w, area_h = _area(size)
    top = height - MARGIN - _HEADER
    if class_set and not answer:
        used = _student_lines(fig, chunk[0][1].puzzle, top, area_w)
        top, area_h = top - used, area_h + _FOOTER - used
    slot_w, slot_h = (area_w - (grid[1] - 1) * _GUTTER) / grid[1], area_h / grid[0]
    for k, (index, made) in enumerate(chunk):
        row, col = divmod(k, grid[1])
        x0, y0 = MARGIN + col * (slot_w + _GUTTER), top - (row + 1) * slot_h
        _slot(fig, (x0, y0, slot_w, slot_h), index, made, answer, class_set)
    return fig


def _student_lines(fig: Figure, puzzle: Puzzle, top: float, width: float) -> float:
    """Name and date lines, and the dominoes to tick off in rows by their smaller number;
    returns the height used."""
    inches = fig.dpi_scale_trans
    fig.text(MARGIN, top - 0.05, "Name " + "_" * 34 + "     Date " + "_" * 14, transform=inches,
             fontsize=12, va="top", color=GREY20)
    fig.text(MARGIN, top - 0.5, "Tick each domino as you find it:", transform=inches,
             fontsize=10, va="top", color=GREY20)
    points, lines = tick_lines(puzzle.max_pip, width)
    fig.text(MARGIN, top - _NAME_LINES, "\n".join(lines), transform=inches, fontsize=points,
             va="top", color=GREY20, linespacing=_TICK_SPACING, family="DejaVu Sans Mono")
    return _class_lines(puzzle.max_pip, width)


def _class_lines(n: int, width: float) -> float:
    """Inches that the name line and the double-n dominoes to tick take on a class-set page
    ``width`` inches wide inside its margins."""
    points, lines = tick_lines(n, width)
    return _NAME_LINES + len(lines) * points * _TICK_SPACING / 72 + 0.15


def tick_lines(n: int, width: float) -> tuple[float, list[str]]:
    """The dominoes of the double-``n`` set to tick off, a row per smaller number, and the font
    size (points) that fits the longest row in ``width`` inches; at :data:`TICK_POINTS_MIN`
    a row too long wraps.

    Examples
    --------
    >>> tick_lines(2, 7.0)
    (12.5, ['☐ 0-0  ☐ 0-1  ☐ 0-2', '☐ 1-1  ☐ 1-2', '☐ 2-2'])
    >>> points, lines = tick_lines(14, 7.0); points, len(lines), lines[1]
    (8.0, 16, '☐ 0-14')
    """
    rows = [[f"\u2610 {lo}-{hi}" for hi in range(lo, n + 1)] for lo in range(n + 1)]
    longest = max(len("  ".join(row)) for row in rows)
    points = max(TICK_POINTS_MIN, min(_TICK_POINTS, width * 72 / (_MONO * longest)))
    chars = int(width * 72 / (_MONO * points))
    return points, [line for row in rows for line in _wrap(row, chars)]


def _wrap(words: list[str], chars: int) -> list[str]:
    """``words`` joined by two spaces into lines of at most ``chars`` characters."""
    lines = [words[0]]
    for word in words[1:]:
        if len(lines[-1]) + 2 + len(word) <= chars:
            lines[-1] += "  " + word
        else:
            lines.append(word)
    return lines


def _slot(fig: Figure, box: tuple[float, float, float, float], index: int, made: Generated,
          answer: bool, class_set: bool) -> None:
    """One board in its slot: caption above, board, game id below."""
    x0, y0, w, h = box
    puzzle = made.puzzle
    id_lines = [] if answer else _id_lines(puzzle, w)
    board_top = y0 + h - _CAPTION
    room = board_top - (y0 + 0.1 + _ID_LINE * len(id_lines))
    cell = min(w / (puzzle.shape[1] + 0.2), room / (puzzle.shape[0] + 0.2))
    if class_set and not answer:
        cell = min(cell, LARGEST_CELL)
    board_w, board_h = cell * (puzzle.shape[1] + 0.2), cell * (puzzle.shape[0] + 0.2)
    left = x0 + (w - board_w) / 2 if class_set and not answer else x0
    inches = fig.dpi_scale_trans
    fig.text(left, board_top + 0.08, f"Puzzle {index}", transform=inches,
             fontsize=12 if not answer else 10, weight="bold", va="bottom", color=GREY20)
    if not answer:
        fig.text(left + 0.95, board_top + 0.08, f"{made.grade.level}, double-{puzzle.max_pip}",
                 transform=inches, fontsize=9, va="bottom", color=GREY20)
    page_w, page_h = fig.get_size_inches()
    ax = fig.add_axes((left / page_w, (board_top - board_h) / page_h, board_w / page_w,
                       board_h / page_h))
    draw_puzzle(puzzle, made.solution if answer else None, ax=ax,
                fontsize=max(6.0, cell * 72 * 0.42), linewidth=max(1.0, cell * 72 * 0.09))
    for k, line in enumerate(id_lines):  # from the slot's left: the id wraps to the slot
        fig.text(x0, board_top - board_h - 0.05 - k * _ID_LINE, line, transform=inches,
                 fontsize=_ID_POINTS, va="top", family="DejaVu Sans Mono", color=GREY20)


def _id_lines(puzzle: Puzzle, width: float) -> list[str]:
    """The game id under its label, wrapped to a slot ``width`` inches wide."""
    game_id = tatham_id(puzzle)
    if game_id is None:
        n = puzzle.max_pip
        return [f"no Tatham game id: his boards are full {n + 1} x {n + 2} rectangles"]
    return ["Tatham game id:", *textwrap.wrap(game_id, width=_id_chars(width))]


def _id_chars(width: float) -> int:
    """Characters of game id a line ``width`` inches wide holds."""
    return int(width * 72 / (_MONO * _ID_POINTS))


def _id_line_count(shape: tuple[int, int], n: int, width: float) -> int:
    """The lines :func:`_id_lines` writes for any board of ``shape`` from the double-``n``
    set: a full rectangle's id has one character a number below 10 and four (``[12]``)
    above, and each number is on n + 2 squares."""
    if tuple(shape) != (n + 1, n + 2):
        return 1
    length = len(f"{n}:") + (n + 1) * (n + 2) + 3 * max(0, n - 9) * (n + 2)
    return 1 + -(-length // _id_chars(width))


def _rules(chunk: list[tuple[int, Generated]]) -> str:
    sets = sorted({made.puzzle.max_pip for _, made in chunk})
    last = f"{sets[0]}-{sets[0]}" if len(sets) == 1 else "N-N of the puzzle's set"
    return ("Draw a line round pairs of squares side by side, so that the whole grid is cut into "
            f"dominoes and each pair of numbers from 0-0 to {last} appears exactly once. "
            "A game id opens the puzzle in Simon Tatham's Dominosa.")


def _title(puzzles: Sequence[Generated], class_set: bool) -> str:
    """What the puzzles are: their count (in a book), sets and grades."""
    sets = sorted({g.puzzle.max_pip for g in puzzles})
    grades = sorted({g.grade.level for g in puzzles})
    count = "" if class_set else f"{len(puzzles)} puzzle{'s' * (len(puzzles) != 1)}, "
    return f"Dominosa: {count}double-{'/'.join(map(str, sets))}, {', '.join(grades)}"


# --- the files ---------------------------------------------------------------------------------

@contextmanager
def _print_style() -> Iterator[None]:
    """The theme, with pages saved whole, text kept as text in a PDF, and no dates in files."""
    with matplotlib.rc_context(_PRINT_STYLE):
        yield


def _write(pages: list[Figure], out: Path, title: str) -> list[Path]:
    """``pages`` to one PDF, or to one PNG or SVG each beside ``out``."""
    suffix = out.suffix.lower()
    if suffix == ".pdf":
        return [_write_pdf(pages, out, title)]
    return [_write_page(fig, out.with_name(f"{out.stem}-{k:02d}{suffix}"))
            for k, fig in enumerate(pages, 1)]


def _key_pages(puzzles: Sequence[Generated], paper: str, class_set: bool) -> int:
    """How many pages the answers to ``puzzles`` take (the last of :func:`worksheet_pages`)."""
    n = max(g.puzzle.max_pip for g in puzzles)
    rows, cols = _layout(_largest(puzzles), n, paper, class_set)[1]
    return -(-len(puzzles) // (rows * cols))


def _write_pdf(pages: list[Figure], out: Path, title: str) -> Path:
    metadata = {"Title": title, "Creator": "dominosa-lab", "CreationDate": None}
    with PdfPages(out, metadata=metadata) as pdf:
        for fig in pages:
            pdf.savefig(fig)
    return out


def _write_page(fig: Figure, out: Path) -> Path:
    metadata = {"Date": None} if out.suffix.lower() == ".svg" else None
    fig.savefig(out, dpi=DPI, metadata=metadata)
    return out
