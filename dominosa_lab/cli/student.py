"""``dominosa-lab student``: the lesson's student's edition, cut from the lesson itself."""

from __future__ import annotations

import argparse

from dominosa_lab.cli import flags

__all__ = ["EXAMPLES", "HELP", "build", "run"]

HELP = "the lesson's student's edition: notebook, exercise sheet, answer key"
EXAMPLES: tuple[tuple[str, str], ...] = ()
LESSON = "notebooks/00_teaching_backtracking.ipynb"


def build(p: argparse.ArgumentParser) -> None:
    """The flags of ``student``."""
    p.description = ("Cut the student's edition from the lesson by its cell tags: the notebook "
                     "without answers, a printable exercise sheet and a separate answer key "
                     f"(PDF), written into a folder. Run it from the checkout (the lesson is "
                     f"{LESSON}).")
    flags.add(p, "--out", "the folder to write, made if missing; default: student",
              default="student")
    p.add_argument("--lesson", default=LESSON, metavar="NOTEBOOK",
                   help=f"the lesson (default: {LESSON})")
    p.add_argument("--paper", default="a4", type=flags.choice(("a4", "letter")),
                   metavar="PAPER", help="a4 or letter (default: a4)")


def run(args: argparse.Namespace) -> int:
    """Write the three files and name them."""
    from dominosa_lab.draw.student import write_student_edition

    for path in write_student_edition(args.lesson, args.out, paper=args.paper):
        print(f"wrote {path}")
    return 0
