"""How long a reader takes to refuse a large input: each bad input at 1 MB and 4 MB, so that the
time is seen to grow with the size (linear: about 4 times) and held against 0.5 s at 4 MB.

Run: ``python benchmarks/bench_large_inputs.py [--repeats R]`` (the best of R runs each).
Writes ``benchmarks/results/large_inputs.md``.
"""

from __future__ import annotations

import argparse
import platform
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
TARGET = 0.5  # seconds to refuse 4 MB
MB = 1_000_000


def inputs(size: int) -> dict[str, tuple[str, str]]:
    """Each bad input of about ``size`` characters by label: (reader, text)."""
    half = size // 2
    return {
        "one line of zeros": ("parse", "0 " * half),
        "two zeros a line": ("parse", "0 1\n" * (size // 4)),
        "CRLF lines": ("parse", "0 1\r\n" * (size // 5)),
        "commented lines": ("parse", "0 1 # x\n" * (size // 8)),
        "blank lines": ("parse", "\n" * size),
        "no-break spaces": ("parse", "0\u00a0" * half),
        "a line separator at the end": ("parse", "0 1\n" * (size // 4) + "\u2028"),
        "Tatham digits, too many": ("from_tatham", "3:" + "0" * size),
        "Tatham brackets, too many": ("from_tatham", "3:" + "[1]" * (size // 3)),
        "JSON nested lists": ("from_json", "[" * size),
        "JSON one long row": ("from_json", '{"max_pip": 1, "rows": [[' + "0," * half + "0]]}"),
        "a matrix of bad lines": ("parse_matrix", "00 1 1\n" * (size // 7)),
        "a UTF-16 file of zeros": ("read_text_file + parse", "0 " * (size // 4)),
    }


def reader(name: str, folder: Path) -> Callable[[str], object]:
    """The reader called ``name``; the file one writes its text as UTF-16 first."""
    from dominosa_lab import from_tatham, parse
    from dominosa_lab.formats import from_json, parse_matrix, read_text_file

    if name == "read_text_file + parse":
        def from_file(text: str) -> object:
            path = folder / "board.txt"
            path.write_bytes(text.encode("utf-16"))
            return parse(read_text_file(path))
        return from_file
    return {"parse": parse, "from_tatham": from_tatham,
            "from_json": from_json, "parse_matrix": parse_matrix}[name]


def refusal(call: Callable[[str], object], text: str, repeats: int) -> tuple[float, str]:
    """The best time of ``repeats`` refusals of ``text``, and the message's start."""
    from dominosa_lab import DominosaError

    best, message = float("inf"), "accepted"
    for _ in range(repeats):
        start = time.perf_counter()
        try:
            call(text)
        except DominosaError as err:
            message = str(err)[:70]
        best = min(best, time.perf_counter() - start)
    return best, message


def main() -> None:
    """Measure, print and write the report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        small, large = inputs(MB), inputs(4 * MB)
        for label, (name, text) in large.items():
            call = reader(name, Path(folder))
            t1, _ = refusal(call, small[label][1], args.repeats)
            t4, message = refusal(call, text, args.repeats)
            rows.append((label, name, len(text), t1, t4, message))
            print(f"{label:<30} {t1:7.3f} s {t4:7.3f} s  {message}", flush=True)
    held = sum(t4 <= TARGET for *_, t4, _ in rows)
    lines = [
        "# Large inputs refused",
        "",
        f"`python benchmarks/bench_large_inputs.py` on {platform.machine()}, Python "
        f"{platform.python_version()}, {time.strftime('%Y-%m-%d')}; best of {args.repeats}, on a "
        "machine shared with other work.",
        "",
        f"{held} of {len(rows)} inputs of 4 MB refused within {TARGET} s; the slowest took "
        f"{max(r[4] for r in rows):.3f} s.",
        "",
        "| input | reader | characters | 1 MB (s) | 4 MB (s) | ratio | message |",
        "|---|---|---:|---:|---:|---:|---|",
    ]
    for label, name, size, t1, t4, message in rows:
        lines.append(f"| {label} | `{name}` | {size:,} | {t1:.3f} | {t4:.3f} | "
                     f"{t4 / t1 if t1 else float('nan'):.1f} | {message.replace('|', '/')} |")
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "large_inputs.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
