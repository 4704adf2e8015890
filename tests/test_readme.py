"""The README runs as written: every command of its shell blocks, and every example of each
command's ``--help``, is run in a fresh folder and checked for its exit status and what it
prints; what they write is ignored by git; a ``make`` line names a target of the Makefile."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from dominosa_lab.cli import COMMANDS, command

ROOT = Path(__file__).parents[1]
README = ROOT / "README.md"
CONSOLE = Path(sys.executable).parent / "dominosa-lab"
PREFIX = ".venv/bin/dominosa-lab "

#: Each command of the README and of the help's examples (``dominosa-lab`` left out), and a
#: piece of what it prints on standard output.
PRINTS = {
    "catalog": "mikefc-small   N=3   4x5",
    "catalog --json": '{"name":"caviness-m9","n":6,',
    "solve mikefc-large": "status: solved\nmethod: fast   1 solution",
    "solve 3:02113312013003232012 --all": "method: dlx   1 solution\n",
    "solve tcg-n10 --all --show 2": "16 solutions (2 shown; --show K for more)",
    "solve 3:02113312013003232012 --method dlx --json": '"status":"solved","reason":"","method"'
                                                        ':"dlx","count":1,',
    "solve - --all --show 3 --json < board.txt": '"status":"solved","reason":"","method":"dlx",'
                                                 '"count":10,',
    "count tcg-n10": "16 solutions\nstatus: solved\n",
    "count tcg-n10 --json": '"count":16,"status":"solved","exact":true',
    "count tcg-n10 --limit 3 --json": '"count":3,"status":"solved","exact":true,"limit":3',
    "count mikefc-large --method dlx": "1 solution\nstatus: solved\nmethod: dlx",
    "hint 3:00033121123313202210 --steps 3": "[basic] domino_must_overlap: 0-0 fits only at",
    "hint mikefc-large --max-level basic --json": '"status":"open","reason":"","steps":[{"level"'
                                                  ':"trivial",',
    "grade 3:00033121123313202210": "extreme\n",
    "grade tcg-n10 --max-level Basic --json": '"level":"ambiguous"',
    "generate 7 --grade hard --seed 7": "grade: hard",
    "generate 6 --grade hard --seed 7": "grade: hard",
    "generate 5 --seed 2 --solution -o made.svg": "wrote made.svg",
    "draw mikefc-large -o board.png": "wrote board.png; status: solved",
    "draw mikefc-small --puzzle-only -o puzzle.svg": "wrote puzzle.svg\n",
    "print 3 --class 28 -o class.pdf": "wrote class.pdf: 28 unique basic double-3 puzzles",
    "print 5 --count 4 --grade hard -o book.pdf": "wrote book.pdf: 4 unique hard double-5",
    "pages 3 --class 28 -o class.html": "wrote class.html: 28 unique basic double-3 puzzles",
    "pages 3 --class 4 -o class.html": "wrote class.html: 4 unique basic double-3 puzzles",
    "pages 3 --class 2 --stepper mikefc-small --method rowscan -o class.html":
        "and a rowscan search of 16 nodes to step through",
    "experiment darby-naive -o results-darby": "wrote results-darby/darby-naive.csv in ",
    r"printf '2 0 1 1\n2 2 0 1\n2 1 0 0\n' > board.txt": "",
}


#: The examples that run for minutes (every experiment does): run with DOMINOSA_LAB_SLOW=1.
MINUTES = {"experiment darby-naive -o results-darby"}
SLOW = pytest.mark.skipif(not os.environ.get("DOMINOSA_LAB_SLOW"),
                          reason="runs for minutes; DOMINOSA_LAB_SLOW=1 runs it")


def _without_comment(line: str) -> str:
    """A shell line without its comment: from a ``#`` outside quotes that starts a word."""
    quote = ""
    for i, char in enumerate(line):
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].strip()
    return line.strip()


def readme_lines() -> list[str]:
    """The lines of the README's ``sh`` blocks, comments left out."""
    blocks = re.findall(r"```sh\n(.*?)```", README.read_text(), flags=re.S)
    return [_without_comment(line) for block in blocks for line in block.splitlines()
            if line.strip()]


def help_examples() -> list[str]:
    """The examples of every command's help, ``dominosa-lab`` left out."""
    return [line for name in COMMANDS for line, _ in command(name).EXAMPLES]


def _key(line: str) -> str:
    return line.removeprefix(PREFIX)


RUN = [line for line in readme_lines() if not line.startswith("make ")]
MAKE = [line for line in readme_lines() if line.startswith("make ")]


def _folder(tmp_path: Path) -> Path:
    """A fresh folder where ``.venv/bin/dominosa-lab`` is the installed command, as in a
    checkout."""
    (tmp_path / ".venv" / "bin").mkdir(parents=True)
    (tmp_path / ".venv" / "bin" / "dominosa-lab").symlink_to(CONSOLE)
    return tmp_path


def _files(folder: Path) -> set[str]:
    return {str(path.relative_to(folder)) for path in folder.rglob("*")
            if path.is_file() and ".venv" not in path.parts}


def _unignored(names: set[str]) -> list[str]:
    """Those of ``names`` (relative to a checkout's root) that git would not ignore."""
    done = subprocess.run(["git", "check-ignore", "--no-index", "--stdin"], cwd=ROOT,
                          input="\n".join(names), capture_output=True, text=True)
    return sorted(names - set(done.stdout.splitlines()))


def _failure(line: str, folder: Path) -> str | None:
    """Run ``line`` in ``folder`` as bash would; what is wrong with what it did, if anything:
    its exit status, its stderr, what it prints, a file it wrote that git would not ignore."""
    before = _files(folder)
    done = subprocess.run(["bash", "-c", line], cwd=folder, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=300)
    if (done.returncode, done.stderr) != (0, ""):
        return f"{line}: exit status {done.returncode}, stderr {done.stderr[-500:]!r}"
    if PRINTS[_key(line)] not in done.stdout:
        return f"{line}: printed {done.stdout[:500]!r}, not {PRINTS[_key(line)]!r}"
    kept = _unignored(_files(folder) - before)
    return f"{line}: wrote {kept}, which git does not ignore" if kept else None


def test_every_command_of_the_readme_and_of_the_examples_has_what_it_prints():
    lines = {_key(line) for line in RUN} | set(help_examples())
    assert lines == set(PRINTS)


def test_the_commands_of_the_readme_run_as_written_one_after_another(tmp_path):
    folder = _folder(tmp_path)
    failures = [failure for line in RUN if (failure := _failure(line, folder))]
    assert failures == []


#: The examples of the help that are not in the README, those that run for minutes marked so.
EXAMPLES = [pytest.param(line, marks=[SLOW] if line in MINUTES else [])
            for line in dict.fromkeys(help_examples()) if line not in map(_key, RUN)]


@pytest.mark.parametrize("line", EXAMPLES)
def test_an_example_of_a_command_s_help_runs_as_written(line, tmp_path):
    assert _failure(f"{PREFIX}{line}", _folder(tmp_path)) is None


@pytest.mark.parametrize("line", MAKE)
def test_a_make_line_of_the_readme_names_a_target_of_the_makefile(line):
    target = line.split()[1]
    assert re.search(rf"^{re.escape(target)}:", (ROOT / "Makefile").read_text(), flags=re.M)
