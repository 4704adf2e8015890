"""Numbers in a notebook's prose, checked against the outputs above them.

A notebook's markdown cells say what its code cells printed. This module finds every numeral in
the prose and looks for it among the numbers that the outputs above that cell show (text, tables,
rendered Markdown), so that a number typed by hand that no longer matches what the notebook
computed fails ``tests/test_prose.py``.

The rules, in the order they are applied:

* Code (backticks and fences), mathematics (``$...$``), link targets, HTML comments and the
  numbering of headings and lists are not prose and are skipped.
* A numeral that names rather than measures is skipped: a notebook (``notebook 07``), a table, page,
  section, step or exercise of a source (``Table 1``, ``p. 12``, ``E3``), a year, a version, a
  double-N set (``double-6``), a board shape (``7×8``) and the size asked for (``N = 6``,
  ``N = 60 and 100``, ``N ≤ 3``), and a setting's value (```handover_conflicts` = 1,000``).
* Every other numeral must equal a number shown by an output above it (or by the code cell right
  after it, which the sentence introduces; the first cell, the notebook's abstract, by any
  output), to the precision it is
  written with: ``1.5`` matches an output between 1.45 and 1.55, ``16`` matches 16 (or 15.5 to
  16.5), and after "about", "some", "nearly", "roughly" or "~" a round number matches at the
  precision of its last non-zero digit (``about 900`` matches 850 to 950). "thousand", "million",
  "billion" and "%" scale the numeral; a percentage also matches a fraction shown above.
  ``5.8·10^14`` (or ``10¹⁴``) is read as one number and ``2^41.1`` as the base-2 logarithm 41.1.

``python -m tests.prose notebooks/01_rowscan_backtracking.ipynb`` lists the numbers that match
nothing, with their sentence.
"""

from __future__ import annotations

import html
import json
import re
import sys
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path

__all__ = ["ProseNumber", "check_notebook", "matches", "numbers_in_output", "numbers_in_prose",
           "unmatched"]

_SKIPPED_SPANS = [
    re.compile(r"```.*?```", re.S),            # fenced code
    re.compile(r"`[^`\n]*`"),                   # code spans
    re.compile(r"\$\$.*?\$\$", re.S),          # display mathematics
    re.compile(r"\$[^$\n]+\$"),                 # inline mathematics
    re.compile(r"<!--.*?-->", re.S),            # comments
    re.compile(r"\]\([^)]*\)"),                 # link targets
    re.compile(r"<https?://[^>]*>|https?://\S+|\bdoi:\S+", re.I),  # addresses, DOIs
    re.compile(r"!\[[^\]]*\]"),                  # image alt text
    re.compile(r"^\s{0,3}#+\s*[\d.]*", re.M),   # heading numbers
    re.compile(r"^\s*\d+[.)]\s", re.M),         # numbered list items
]

_SUPERSCRIPT = re.compile("[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]+")
_SUPERSCRIPT_DIGITS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-")
_POWERS = [
    (re.compile(r"(\d)\s*[·×]\s*10\^?(-?\d+)"), r"\1e\2"),     # 5.8·10^14, 5.8·10¹⁴
    (re.compile(r"(?<![\w.])10\^(-?\d+)"), r"1e\1"),               # 10^18
    (re.compile(r"(?<![\w.])2\^\(?(-?\d+(?:\.\d+)?)\)?"), r"2^ \1"),  # 2^41.1: log2 41.1
]
_NUMERAL = re.compile(
    r"(?<![\w.,\-^])(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    r"(?:[eE](?P<exp>[+-]?\d+))?(?![\w^]|\.\d)")

_NAMING = re.compile(
    r"(?:\bnotebooks?|\btables?|\bfigures?|\bpages?|\bp\.|\bpp\.|\bsections?|§|\bsteps?|\bexercises?"
    r"|\bversions?|\bpython|\bchapter|\bitems?|\bclaims?|\bpart|\bstop|\bstops|\bseeds?|\bline"
    r"|\blines|\bpuzzle|\bcolumn|\bcolumns|\brow|\brows|\bblock|\bmethod)\s*(?:\d+\s*(?:,|and|or|to|-|–)\s*)*$",
    re.I)
_APPROXIMATE = re.compile(
    r"(?:\babout|\bsome|\bnearly|\broughly|\baround|\balmost|\bapproximately|~|≈)\s*$", re.I)
_CODE = "¤"                                         # what a code span is blanked with
_MONTH = ("(?:January|February|March|April|May|June|July|August|September|October|November"
          "|December)")
_SCALE = {"thousand": 3, "million": 6, "billion": 9, "trillion": 12}


@dataclass(frozen=True)
class ProseNumber:
    """One numeral of the prose: its value, the precision it is written with and its sentence."""

    text: str
    value: Decimal
    tolerance: Decimal
    percent: bool
    context: str


def _blank(text: str, pattern: re.Pattern[str], fill: str = " ") -> str:
    return pattern.sub(lambda m: fill * len(m.group(0)), text)


def _naming(before: str, after: str) -> bool:
    """Whether the numeral between ``before`` and ``after`` names rather than measures."""
    if _NAMING.search(before):
        return True
    if re.search(rf"{_CODE}\s*=\s*$|\bPEP\s*$", before):
        return True                                     # a setting's value, a standard's number
    if re.search(r"(?:double|triple)-$|[×x]\s*$|\b[Nn]\s*(?:=|≤|≥|<=?|>=?|up to|from)\s*"
                 r"(?:\d+\s*(?:,|and|or|to|-|–|\.\.)\s*)*$", before):
        return True
    if re.match(r"\s*[×x]\s*\d|\s*=\s*[a-z]|-based|(?:st|nd|rd|th)\b", after):
        return True
    return bool(re.search(rf"\b{_MONTH}\s*$", before) or re.match(rf"\s+{_MONTH}\b", after))


def numbers_in_prose(markdown: str) -> list[ProseNumber]:
    """The numerals of a markdown cell that measure something, with their precision."""
    text = _SUPERSCRIPT.sub(lambda m: "^" + m.group(0).translate(_SUPERSCRIPT_DIGITS), markdown)
    for power, written in _POWERS:
        text = power.sub(written, text)
    prose = text
    for pattern in _SKIPPED_SPANS:
        text = _blank(text, pattern, _CODE if pattern is _SKIPPED_SPANS[1] else " ")
    found = []
    for m in _NUMERAL.finditer(text):
        before, after = text[max(0, m.start() - 40):m.start()], text[m.end():m.end() + 20]
        raw = m.group("num")
        if re.fullmatch(r"(1[5-9]|20)\d\d", raw) and not m.group("exp"):
            continue                                    # a year
        if _naming(before, after):
            continue
        value = Decimal(raw.replace(",", ""))
        decimals = len(raw.split(".")[1]) if "." in raw else 0
        step = Decimal(1).scaleb(-decimals)
        if m.group("exp"):
            value = value.scaleb(int(m.group("exp")))
            step = step.scaleb(int(m.group("exp")))
        scale = re.match(r"\s*(thousand|million|billion|trillion)\b", after)
        if scale:
            value, step = value.scaleb(_SCALE[scale.group(1)]), step.scaleb(_SCALE[scale.group(1)])
        if _APPROXIMATE.search(before) and decimals == 0 and not m.group("exp"):
            digits = raw.replace(",", "")
            zeros = len(digits) - len(digits.rstrip("0"))
            step = max(step, Decimal(1).scaleb(zeros) * (step if scale else 1))
        percent = bool(re.match(r"\s*(%|per ?cent)", after))
        sentence = prose[max(0, m.start() - 60):m.end() + 30].replace("\n", " ")
        found.append(ProseNumber(raw, value, step / 2, percent, sentence))
    return found


_OUTPUT_NUMERAL = re.compile(r"(?<![\w.])-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][+-]?\d+)?")


def numbers_in_output(text: str) -> set[Decimal]:
    """Every number an output shows (thousands separators and exponents read)."""
    text = html.unescape(re.sub(r"<[^>]+>", " ", text))
    values = set()
    for m in _OUTPUT_NUMERAL.finditer(text):
        try:
            values.add(abs(Decimal(m.group(0).replace(",", ""))))
        except InvalidOperation:
            continue
    return values


def matches(number: ProseNumber, shown: set[Decimal]) -> bool:
    """Whether ``number`` is one of the values ``shown``, to the precision it is written with."""
    candidates = [number.value]
    if number.percent:
        candidates.append(number.value / 100)
    for value in candidates:
        tolerance = number.tolerance if value == number.value else number.tolerance / 100
        if any(abs(v - value) <= tolerance for v in shown):
            return True
    return False


def _output_text(output: dict) -> str:
    if "text" in output:
        return "".join(output["text"])
    data = output.get("data", {})
    return " ".join("".join(data[kind]) for kind in ("text/plain", "text/html", "text/markdown",
                                                      "text/latex") if kind in data)


def _shown(cell: dict) -> set[Decimal]:
    if cell["cell_type"] != "code":
        return set()
    return set().union(*(numbers_in_output(_output_text(o)) for o in cell.get("outputs", [])))


def unmatched(cells: list[dict]) -> list[tuple[int, ProseNumber]]:
    """The prose numbers that no output above their cell (or of the code cell after it) shows.

    The notebook's first cell, its abstract, announces what the cells below check: its numbers
    are looked for in every output of the notebook.
    """
    everything = set().union(*(_shown(cell) for cell in cells))
    shown: set[Decimal] = set()
    missing = []
    for index, cell in enumerate(cells):
        shown |= _shown(cell)
        if cell["cell_type"] == "markdown":
            following = next((c for c in cells[index + 1:] if c["cell_type"] == "code"), None)
            near = shown | (_shown(following) if following else set())
            if index == 0:
                near = everything
            missing += [(index, n) for n in numbers_in_prose("".join(cell["source"]))
                        if not matches(n, near)]
    return missing


def check_notebook(path: str | Path) -> list[tuple[int, ProseNumber]]:
    """:func:`unmatched` of the notebook at ``path``."""
    return unmatched(json.loads(Path(path).read_text(encoding="utf-8"))["cells"])


_CITED = re.compile(r"(?:benchmarks/)?results/[\w./-]+?\.(?:md|csv)|\b\d\d_[a-z_]+(?=`|\.ipynb|\b)")


def _cited_numbers(paragraph: str, root: Path) -> set[Decimal]:
    """The numbers shown by the files a paragraph cites: results files, and notebooks (their
    outputs) named by file stem (``08_speed``)."""
    shown: set[Decimal] = set()
    for name in set(_CITED.findall(paragraph)):
        if name[0].isdigit():
            for notebook in (root / "notebooks").glob(f"{name}.ipynb"):
                cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
                shown |= set().union(*(_shown(cell) for cell in cells))
            continue
        for path in (root / name, root / "benchmarks" / name):     # results/ of either
            if path.exists():
                shown |= numbers_in_output(path.read_text(encoding="utf-8"))
    return shown


def check_document(path: str | Path, root: str | Path = ".") -> list[tuple[int, ProseNumber]]:
    """The numbers of a markdown document that the evidence its paragraph cites does not show.

    A paragraph (text between blank lines, or a list item) that cites a results file
    (``benchmarks/results/peers.md``, ``results/tcg-table1.csv``) or a notebook by its file stem
    (``08_speed``, whose outputs are read) states only numbers that evidence shows; paragraphs
    that cite nothing (options, exit codes, the house rules) are not checked. Returns (line,
    number).
    """
    text = Path(path).read_text(encoding="utf-8")
    text = _blank(text, _SKIPPED_SPANS[0])
    missing = []
    line = 1
    for paragraph in re.split(r"(\n[ \t]*\n|\n(?=[ \t]*[*-] ))", text):
        if _CITED.search(paragraph):
            shown = _cited_numbers(paragraph, Path(root))
            missing += [(line, n) for n in numbers_in_prose(paragraph) if not matches(n, shown)]
        line += paragraph.count("\n")
    return missing


if __name__ == "__main__":
    for name in sys.argv[1:]:
        check = check_notebook if name.endswith(".ipynb") else check_document
        for index, number in check(name):
            where = "cell" if name.endswith(".ipynb") else "line"
            print(f"{name} {where} {index}: {number.text!r} in …{number.context}…")
