"""Boards the tests read from ``tests/data``.

* ``tatham-sample.jsonl``: 80 boards of Simon Tatham's generator (N = 3 and 6, ten per grade)
  with his grade, his solution and how often each of his deductions fired (given to the project
  for calibration).
* ``beyond-tatham.jsonl``: unique boards made by this project (domino swaps of a planted
  solution until the ``full`` ladder finishes it) on which Tatham's ladder stops short; his own
  solver stops short on them too (checked with his program while building the logic layer).
"""

from __future__ import annotations

import json
from pathlib import Path

DATA = Path(__file__).parent / "data"


def _records(name: str) -> list[dict]:
    with (DATA / name).open() as lines:
        return [json.loads(line) for line in lines if line.strip()]


TATHAM_SAMPLE: list[dict] = _records("tatham-sample.jsonl")
BEYOND: dict[int, str] = {r["n"]: r["game_id"] for r in _records("beyond-tatham.jsonl")}
