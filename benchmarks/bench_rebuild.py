"""What an edit of one kernel module costs in compiling, now that numba's cache is cleared module
by module (``dominosa_lab/solvers/fast/cache.py``), next to clearing all of it (as before).

Run: ``python benchmarks/bench_rebuild.py``. After a full warm-up, for each module measured
(``decide.py``, near the engine's leaves, and ``loop.py``, the search loop):

* (a) a comment line is appended to the module, then a fresh process refreshes the cache as
  importing the kernels does (the files it deletes are counted) and runs ``warm_up()``
  (its seconds, and the CPU and wall seconds of the whole process);
* (b) another comment line (an edit the stamps have not seen) is appended, a fresh process
  refreshes the cache (counted, not timed), and a fresh process runs the module's test file
  with pytest: the edit-compile-test loop (CPU and wall seconds of the process);
* (c) the same with the tests of the module's own kernels (``tests/test_kernel_*.py``), which
  compile only the kernels they call: the loop of an engineer working on that kernel;
* the module is restored (its bytes and times) and ``warm_up()`` recompiles what it needs.

The former behaviour, every cache file deleted at any edit, is measured the same way: every
file deleted, then ``warm_up()``, then each test file (every file deleted before each). The
processes run one after another on a machine that may be running other jobs: the CPU seconds
are the steadier figure. The tree is left as found (the script checks ``git status`` and the
module's bytes), its kernels compiled.

Writes ``benchmarks/results/rebuild.md``.
"""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this tree's dominosa_lab, as in the processes started
RESULTS = ROOT / "benchmarks" / "results"
FAST = ROOT / "dominosa_lab" / "solvers" / "fast"
#: The modules edited and the test file that exercises each: ``test_fast.py`` imports ``decide``
#: and runs searches that call its kernels (``test_beliefs.py`` runs none);
#: ``test_fast_entry.py`` runs searches through the driver's entry points into ``loop``.
MODULES = {"decide.py": "tests/test_fast.py", "loop.py": "tests/test_fast_entry.py"}
#: The tests of each module's own kernels, on hand-made states (``tests/test_kernel_*.py``).
OWN_TESTS = {"decide.py": "tests/test_kernel_decide.py", "loop.py": "tests/test_kernel_loop.py"}
#: A fresh process: refresh the cache, count what it deleted, compile every kernel.
WARM = ("import json, time; start = time.perf_counter(); "
        "from dominosa_lab.solvers.engine import cache; deleted = len(cache.refresh()); "
        "from dominosa_lab.solvers.fast.warm import warm_up; seconds = warm_up(); "
        "print(json.dumps({'deleted': deleted, 'warm_up': seconds}))")
#: A fresh process: refresh the cache and count what it deleted.
REFRESH = "from dominosa_lab.solvers.engine import cache; print(len(cache.refresh()))"


def environment(scratch: Path) -> dict[str, str]:
    """The processes' environment: this tree first on the path, no bytecode written, hypothesis'
    database in ``scratch`` (the tree is left as found)."""
    return {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1",
            "HYPOTHESIS_STORAGE_DIRECTORY": str(scratch)}


def run(args: list[str], env: dict[str, str], check: bool = True) -> tuple[float, float, str]:
    """CPU seconds (user + system, waited-for children included), wall seconds and output of one
    fresh process ``python args`` in the tree's root (which must succeed when ``check``)."""
    with tempfile.TemporaryFile("w+") as out:
        start = time.perf_counter()
        process = subprocess.Popen([sys.executable, *args], cwd=ROOT, env=env, stdout=out,
                                   stderr=subprocess.STDOUT, text=True)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        out.seek(0)
        text = out.read()
    if check and os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"python {' '.join(args)} failed:\n{text}")
    return usage.ru_utime + usage.ru_stime, wall, text


def cache_files() -> int:
    """How many of numba's cache files the package's cache folder holds."""
    from dominosa_lab.solvers.engine import cache

    return sum(map(len, cache.cache_files(cache.cache_dirs()[0]).values()))


def delete_all() -> int:
    """Delete every cache file of the package, as the former refresh did; returns how many."""
    from dominosa_lab.solvers.engine import cache

    deleted = 0
    for folder in cache.cache_dirs():
        for paths in cache.cache_files(folder).values():
            for path in paths:
                path.unlink()
            deleted += len(paths)
    return deleted


def warm(env: dict[str, str]) -> dict:
    """``warm_up()`` in a fresh process: files deleted, its seconds, the process' CPU and wall."""
    cpu, wall, text = run(["-c", WARM], env)
    return {**json.loads(text.strip().splitlines()[-1]), "cpu": cpu, "wall": wall}


def tests(file: str, env: dict[str, str]) -> dict:
    """A fresh process running the test file ``file``: its CPU and wall seconds and pytest's
    summary line."""
    cpu, wall, text = run(["-m", "pytest", "-q", "-p", "no:cacheprovider", file], env, False)
    return {"cpu": cpu, "wall": wall, "summary": text.strip().splitlines()[-1].strip("= ")}


def append(path: Path, line: str) -> None:
    """Append a comment line to the source ``path``."""
    with path.open("a") as f:
        f.write(f"# {line}\n")


def edited(module: str, env: dict[str, str]) -> dict:
    """(a) and (b) for one module, restored after (bytes and times), then compiled again."""
    path = FAST / module
    text, stat = path.read_bytes(), path.stat()
    try:
        append(path, "an edit measured by bench_rebuild (a)")
        a = warm(env)
        append(path, "an edit measured by bench_rebuild (b)")
        deleted = int(run(["-c", REFRESH], env)[2].strip().splitlines()[-1])
        b = {**tests(MODULES[module], env), "deleted": deleted}
        append(path, "an edit measured by bench_rebuild (c)")
        deleted = int(run(["-c", REFRESH], env)[2].strip().splitlines()[-1])
        c = {**tests(OWN_TESTS[module], env), "deleted": deleted}
    finally:
        path.write_bytes(text)
        os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    return {"a": a, "b": b, "c": c, "restored": warm(env)}


def former(env: dict[str, str]) -> dict:
    """(a) and (b) with every cache file deleted, as the former refresh did at any edit."""
    deleted = delete_all()
    figures = {"a": {**warm(env), "deleted": deleted}}
    for file in dict.fromkeys(MODULES.values()):
        deleted = delete_all()
        figures[file] = {**tests(file, env), "deleted": deleted}
    figures["restored"] = warm(env)
    return figures


def git_status() -> str:
    """``git status --porcelain`` of the library (the files the script edits and restores; an
    edit elsewhere while it runs is not its own)."""
    return subprocess.run(["git", "status", "--porcelain", "--", "dominosa_lab"], cwd=ROOT,
                          capture_output=True, text=True, check=True).stdout


def report(total: int, first: dict, figures: dict, old: dict) -> list[str]:
    """The results as markdown lines."""
    import numba

    rows = ["| module edited | what runs in a fresh process | cache files deleted (of "
            f"{total}) | seconds: warm_up() / process CPU / process wall | tests |",
            "|---|---|---|---|---|"]
    for module, f in figures.items():
        a, b = f["a"], f["b"]
        rows.append(f"| `{module}` | (a) `warm_up()` | {a['deleted']} | {a['warm_up']:.1f} / "
                    f"{a['cpu']:.1f} / {a['wall']:.1f} | |")
        rows.append(f"| `{module}` | (b) `pytest {MODULES[module]}` | {b['deleted']} | - / "
                    f"{b['cpu']:.1f} / {b['wall']:.1f} | {b['summary']} |")
        c = f["c"]
        rows.append(f"| `{module}` | (c) `pytest {OWN_TESTS[module]}` | {c['deleted']} | - / "
                    f"{c['cpu']:.1f} / {c['wall']:.1f} | {c['summary']} |")
    a = old["a"]
    rows.append(f"| any, formerly | (a) `warm_up()` | {a['deleted']} | {a['warm_up']:.1f} / "
                f"{a['cpu']:.1f} / {a['wall']:.1f} | |")
    for file in dict.fromkeys(MODULES.values()):
        b = old[file]
        rows.append(f"| any, formerly | (b) `pytest {file}` | {b['deleted']} | - / "
                    f"{b['cpu']:.1f} / {b['wall']:.1f} | {b['summary']} |")
    return ["# Rebuild: what an edit of one kernel module costs in compiling", "",
            f"Python {platform.python_version()}, numba {numba.__version__}, {os.cpu_count()} "
            f"cores shared with other jobs (load average {os.getloadavg()[0]:.1f} at the end). "
            "Each edit appends a comment line to the module, after a full warm-up "
            f"(`warm_up()` took {first['warm_up']:.1f} s at the start). "
            "(a): a fresh process refreshes numba's cache as importing the kernels does and runs "
            "`warm_up()`; (b): after a second edit, a fresh process refreshes the cache (not "
            "timed), then a fresh process runs the module's test file, so the kernels the tests "
            "call are compiled on the way; (c): the same with the tests of the module's own "
            "kernels. *Formerly*: every cache file deleted, as at any edit "
            "before the stamps were kept module by module. CPU is user + system time of the "
            "process and of the processes it waited for; a busy machine lengthens the wall time "
            "more.", "", *rows, "",
            "Each module restored, `warm_up()` recompiled "
            + ", ".join(f"`{m}`'s {f['restored']['deleted']} files in "
                        f"{f['restored']['warm_up']:.1f} s" for m, f in figures.items())
            + f"; formerly, what the last tests left uncompiled in "
            f"{old['restored']['warm_up']:.1f} s."]


def main() -> None:
    """Measure, restore, check the tree is as found, and write the table."""
    status = git_status()
    with tempfile.TemporaryDirectory() as scratch:
        env = environment(Path(scratch))
        first = warm(env)
        total = cache_files()
        figures = {}
        for module in MODULES:
            figures[module] = edited(module, env)
            print(module, json.dumps(figures[module]), file=sys.stderr, flush=True)
        old = former(env)
        print("formerly", json.dumps(old), file=sys.stderr, flush=True)
    if git_status() != status:
        raise RuntimeError(f"the tree changed:\n{git_status()}")
    lines = report(total, first, figures, old)
    print("\n".join(lines))
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "rebuild.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
