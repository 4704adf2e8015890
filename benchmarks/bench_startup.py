"""What a command costs as a whole process, next to ``python -c "import numpy"``.

Run: ``python benchmarks/bench_startup.py [--repeats R]``. Each command runs as a fresh
process, as a shell would start it (the ``dominosa-lab`` console script is
``from dominosa_lab.cli import main; sys.exit(main())``), with this tree's ``dominosa_lab``
first on the path. ``import numba`` and a solve by dancing links (pure Python) tell the cost
of loading the compiled default method from the cost of the command around it. The commands
alternate, one round after another, after one round not
timed (numba's cache and the file cache warm); the CPU time of a process is its user + system
time from ``os.wait4``, the wall time is from start to exit. Each command's ratio to
``import numpy`` is taken round by round, so that a busy moment of the machine weighs on both.
A last run, not timed, records which of the heavy libraries each command loaded.

Writes ``benchmarks/results/startup.md``.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
CONSOLE = "import sys; from dominosa_lab.cli import main; sys.exit(main())"
#: Prepended to a command's code to print, at exit, the heavy libraries it loaded.
LOADED = ("import atexit, sys; atexit.register(lambda: print(' '.join(sorted({m.split('.')[0] "
          "for m in sys.modules} & {'numba', 'networkx', 'pandas', 'matplotlib', 'dask'})), "
          "file=sys.stderr)); ")
#: The random planted boards solved besides the catalog's (N, seed).
BOARDS = ((20, 1000), (60, 1000))
#: DominoPeg's three published hole patterns (``benchmarks/bench_dominopeg.py``), solved in turn.
DOMINOPEG = ("from dominosa_lab.dominopeg import PegBoard, solve\n"
             "for holes in ((0, 10, 20, 24, 28), (0, 7, 14, 21, 28), (25, 26, 27, 32, 33, 34)):\n"
             "    solve(PegBoard(holes))")


def commands(folder: Path) -> dict[str, tuple[str, list[str]]]:
    """Each command by its label: the code of ``python -c`` and its arguments."""
    from dominosa_lab import random_puzzle
    from dominosa_lab.formats import to_text

    runs = {
        'python -c "import numpy"': ("import numpy", []),
        'python -c "import numba"': ("import numba", []),
        'python -c "import dominosa_lab"': ("import dominosa_lab", []),
        "dominosa-lab --help": (CONSOLE, ["--help"]),
        "dominosa-lab catalog": (CONSOLE, ["catalog"]),
        "dominosa-lab solve mikefc-large": (CONSOLE, ["solve", "mikefc-large"]),
        "dominosa-lab solve mikefc-large --method dlx": (CONSOLE, ["solve", "mikefc-large",
                                                                   "--method", "dlx"]),
        **{f"dominosa-lab {command} mikefc-small": (CONSOLE, [command, "mikefc-small"])
           for command in ("count", "grade", "hint")},
        "DominoPeg's three published boards": (DOMINOPEG, []),
    }
    for n, seed in BOARDS:
        path = folder / f"planted-n{n}-s{seed}.txt"
        path.write_text(to_text(random_puzzle(n, seed=seed).puzzle))
        runs[f"dominosa-lab solve (N = {n}, planted, seed {seed})"] = (CONSOLE,
                                                                       ["solve", str(path)])
    return runs


def run(code: str, args: list[str]) -> tuple[float, float]:
    """CPU seconds (user + system) and wall seconds of one process ``python -c code args``."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-c", code, *args], cwd=ROOT, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise RuntimeError(f"python -c {code!r} {' '.join(args)} exited {process.returncode}")
    return usage.ru_utime + usage.ru_stime, wall


def loaded(code: str, args: list[str]) -> str:
    """The heavy libraries one process loaded (a run not timed)."""
    done = subprocess.run([sys.executable, "-c", LOADED + code, *args], cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True,
                          text=True, check=True)
    return done.stderr.strip().splitlines()[-1] if done.stderr.strip() else ""


def spread(values: list[float], digits: int) -> str:
    """``min / median / max`` of ``values``."""
    return " / ".join(f"{v:.{digits}f}" for v in (min(values), statistics.median(values),
                                                 max(values)))


def measure(runs: dict[str, tuple[str, list[str]]], repeats: int) -> dict[str, list]:
    """CPU and wall seconds of every command, ``repeats`` alternated rounds after a warm one."""
    times: dict[str, list] = {label: [] for label in runs}
    for round_ in range(repeats + 1):
        for label, (code, args) in runs.items():
            seconds = run(code, args)
            if round_:
                times[label].append(seconds)
        print(f"round {round_}/{repeats}", file=sys.stderr, flush=True)
    return times


def table(runs: dict[str, tuple[str, list[str]]], times: dict[str, list]) -> list[str]:
    """One row per command: CPU, wall, ratio to ``import numpy`` and the heavy libraries."""
    base = [cpu for cpu, _ in next(iter(times.values()))]
    rows = ["| command | CPU s (min / median / max) | wall s (min / median / max) "
            "| CPU / import numpy (min / median / max) | loads |", "|---|---|---|---|---|"]
    for label, (code, args) in runs.items():
        cpu = [c for c, _ in times[label]]
        wall = [w for _, w in times[label]]
        ratios = [c / b for c, b in zip(cpu, base, strict=True)]
        rows.append(f"| `{label}` | {spread(cpu, 3)} | {spread(wall, 3)} | {spread(ratios, 2)} "
                    f"| {loaded(code, args) or '-'} |")
    return rows


def main() -> None:
    """Measure, print and write the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7, help="timed rounds (default: 7)")
    repeats = parser.parse_args().repeats
    import numba
    import numpy

    with tempfile.TemporaryDirectory() as folder:
        runs = commands(Path(folder))
        rows = table(runs, measure(runs, repeats))
    lines = ["# Start-up: whole processes next to `import numpy`", "",
             f"{repeats} rounds, the commands alternated, after one round not timed; Python "
             f"{platform.python_version()}, numpy {numpy.__version__}, numba {numba.__version__}, "
             f"{os.cpu_count()} cores (load average {os.getloadavg()[0]:.1f} at the end). CPU is "
             "user + system time of the process; the ratio is taken round by round. `loads`: "
             "which of numba, networkx, pandas, matplotlib and dask the process imported. The "
             "planted boards are `random_puzzle(N, seed=seed)` written as text.", "", *rows]
    print("\n".join(rows))
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "startup.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
