"""``dominosa-lab reproduce``: execute the notebooks in place, regenerating ``figures/``."""

from __future__ import annotations

import argparse
import sys

from dominosa_lab.cli import flags
from dominosa_lab.cli.exits import EXIT_FAILED
from dominosa_lab.cli.output import print_json_lines

__all__ = ["EXAMPLES", "HELP", "build", "run"]

HELP = "execute the notebooks in place, regenerating figures/"
#: None: every run changes the notebooks of the checkout it runs in.
EXAMPLES = ()


def build(p: argparse.ArgumentParser) -> None:
    """The flags of ``reproduce``."""
    p.description = ("Execute notebooks top to bottom in a fresh kernel and save them in "
                     "place with their outputs, writing their figures to figures/ (run from "
                     "the repository root; needs the 'notebooks' extra). A bar per notebook "
                     "counts its cells on stderr, when stderr is a terminal.")
    p.add_argument("notebooks", nargs="*", metavar="NOTEBOOK",
                   help="notebooks to run (default: notebooks/*.ipynb)")
    flags.add(p, "--json")


def run(args: argparse.Namespace) -> int:
    """Run the notebooks and print the seconds each took."""
    from dominosa_lab.reproduce import NotebookFailed, reproduce

    try:
        times = reproduce(args.notebooks or None,
                          progress=not args.quiet and sys.stderr.isatty())
    except NotebookFailed as err:
        print(f"dominosa-lab: notebook failed: {err}", file=sys.stderr)
        return EXIT_FAILED
    if args.json:
        print_json_lines({"notebook": name, "seconds": round(seconds, 3)}
                         for name, seconds in times.items())
        return 0
    for name, seconds in times.items():
        print(f"{name}: {seconds:.1f} s")
    return 0
