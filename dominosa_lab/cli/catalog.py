"""``dominosa-lab catalog``: the published puzzles that ship with dominosa-lab."""

from __future__ import annotations

import argparse

from dominosa_lab.cli import flags
from dominosa_lab.cli.output import print_json_lines, tatham_id

__all__ = ["EXAMPLES", "HELP", "build", "run"]

HELP = "list the published puzzles"
EXAMPLES = (
    ("catalog", "name, N, shape and title of each"),
    ("catalog --json", "one line of JSON per puzzle, with its source and Tatham id"),
)


def build(p: argparse.ArgumentParser) -> None:
    """The flags of ``catalog``."""
    p.description = ("List the published puzzles that ship with dominosa-lab: name, N, "
                     "shape and title. Any command takes a name as its puzzle.")
    flags.add(p, "--json")


def run(args: argparse.Namespace) -> int:
    """Print one line per puzzle (or one line of JSON per puzzle)."""
    from dominosa_lab.formats import catalog

    records = []
    for name in catalog.names():
        puzzle = catalog.load(name)
        records.append({"name": name, "n": puzzle.max_pip, "rows": puzzle.shape[0],
                        "cols": puzzle.shape[1], "tatham_id": tatham_id(puzzle),
                        **catalog.describe(name)})
    if args.json:
        print_json_lines(records)
        return 0
    for record in records:
        shape = f"{record['rows']}x{record['cols']}"
        print(f"{record['name']:<14} N={record['n']:<3} {shape:<6} "
              f"{record.get('title', '')}")
    return 0
