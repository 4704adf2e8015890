"""What an edit of one kernel module costs in compiling, now that numba's cache is cleared module
by module (``dominosa_lab/solvers/engine/cache.py`` for the engine's kernels,
``dominosa_lab/solvers/fast/sources.py`` for those of its Dominosa user), next to clearing all of
it (as before).

Run: ``python benchmarks/bench_rebuild.py``. After a full warm-up, for each engine module measured
(``decide.py``, near the engine's leaves, and ``loop.py``, the search loop):

* (a) a comment line is appended to the module, then a fresh process refreshes both caches as
  importing the kernels does (the files each deletes are counted: the engine's, then the
  user's) and runs ``warm_up()`` (its seconds, and the CPU and wall seconds of the whole
  process);
* (b) another comment line (an edit the stamps have not seen) is appended, a fresh process
  refreshes both caches (counted, not timed), and a fresh process runs the module's test file
  with pytest: the edit-compile-test loop (CPU and wall seconds of the process);
* (c) the same with the tests of the module's own kernels (``tests/test_kernel_*.py``), which
  compile only the kernels they call: the loop of an engineer working on that kernel;
* the module is restored (its bytes and times) and ``warm_up()`` recompiles what it needs.

The former behaviour, every cache file of both packages deleted at any edit, is measured the same
way: every file deleted, then ``warm_up()``, then each test file (every file deleted before
each). The processes run one after another on a machine that may be running other jobs: the CPU
seconds are the steadier figure. The tree is left as found (the script checks ``git status`` and
the module's bytes), its kernels compiled.

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
SOLVERS = ROOT / "dominosa_lab" / "solvers"
#: The folder of the engine's modules, which are the ones edited.
ENGINE = SOLVERS / "engine"
#: The packages whose kernels numba caches: the engine and its Dominosa user.
PACKAGES = (ENGINE, SOLVERS / "fast")
#: The modules edited and the test file that exercises each: ``test_fast.py`` imports ``decide``
#: and runs searches that call its kernels (``test_beliefs.py`` runs none);
#: ``test_fast_entry.py`` runs searches through the driver's entry points into ``loop``.
MODULES = {"decide.py": "tests/test_fast.py", "loop.py": "tests/test_fast_entry.py"}
#: The tests of each module's own kernels, on hand-made states (``tests/test_kernel_*.py``):
#: ``loop``'s in two files, level 0 (which does not compile ``run``) and the search loop.
OWN_TESTS = {"decide.py": ("tests/test_kernel_decide.py",),
             "loop.py": ("tests/test_kernel_level0.py", "tests/test_kernel_loop.py")}
#: Run in a fresh process: :func:`refreshed`, as importing the kernels does.
_REFRESHED = f"import sys; sys.path.insert(0, {str(ROOT / 'benchmarks')!r}); " \
    "from bench_rebuild import refreshed; deleted = refreshed(); "
#: A fresh process: refresh both caches, count what each deleted, compile every kernel.
WARM = (_REFRESHED + "import json; from dominosa_lab.solvers.fast.warm import warm_up; "
        "seconds = warm_up(); print(json.dumps({'deleted': deleted, 'warm_up': seconds}))")
#: A fresh process: refresh both caches and count what each deleted.
REFRESH = _REFRESHED + "import json; print(json.dumps(deleted))"


def refreshed() -> list[int]:
    """Refresh the engine's cache, then the Dominosa user's, as importing their kernels does;
    returns how many files each deleted. Importing the user's ``sources`` refreshes its cache
    already, so its count is the files gone from its folders across that import and
    ``cache.refresh(sources.SOURCES)``."""
    from dominosa_lab.solvers.engine import cache

    engine = len(cache.refresh())
    before = set(_paths(PACKAGES[1]))
    from dominosa_lab.solvers.fast import sources

    cache.refresh(sources.SOURCES)
    return [engine, len(before - set(_paths(PACKAGES[1])))]


def _paths(package: Path) -> list[Path]:
    """numba's cache files of the package in folder ``package``."""
    from dominosa_lab.solvers.engine import cache

    return [path for folder in cache.cache_dirs(package) if folder.is_dir()
            for paths in cache.cache_files(folder).values() for path in paths]


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


def cache_files() -> list[int]:
    """How many of numba's cache files the folders of each package hold."""
    return [len(_paths(package)) for package in PACKAGES]


def both(counts: list[int]) -> str:
    """Counts of files by package, as the table writes them: the engine's + the user's."""
    return " + ".join(map(str, counts))


def delete_all() -> list[int]:
    """Delete every cache file of both packages, as the former refresh did; returns how many, by
    package."""
    deleted = []
    for package in PACKAGES:
        paths = _paths(package)
        for path in paths:
            path.unlink()
        deleted.append(len(paths))
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
    path = ENGINE / module
    text, stat = path.read_bytes(), path.stat()
    try:
        append(path, "an edit measured by bench_rebuild (a)")
        a = warm(env)
        append(path, "an edit measured by bench_rebuild (b)")
        deleted = json.loads(run(["-c", REFRESH], env)[2].strip().splitlines()[-1])
        b = {**tests(MODULES[module], env), "deleted": deleted}
        c = {}
        for file in OWN_TESTS[module]:
            append(path, f"an edit measured by bench_rebuild (c) {file}")
            deleted = json.loads(run(["-c", REFRESH], env)[2].strip().splitlines()[-1])
            c[file] = {**tests(file, env), "deleted": deleted}
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


def _row(edited: str, what: str, f: dict) -> str:
    """A row of the table: a process's files deleted, seconds and tests' summary."""
    warm_up = f"{f['warm_up']:.1f}" if "warm_up" in f else "-"
    return (f"| {edited} | {what} | {both(f['deleted'])} | {warm_up} / {f['cpu']:.1f} / "
            f"{f['wall']:.1f} | {f.get('summary', '')} |")


def report(total: list[int], first: dict, figures: dict, old: dict) -> list[str]:
    """The results as markdown lines."""
    import numba

    rows = ["| module edited | what runs in a fresh process | cache files deleted, engine + "
            f"Dominosa (of {both(total)}) | seconds: warm_up() / process CPU / process wall "
            "| tests |",
            "|---|---|---|---|---|"]
    for module, f in figures.items():
        rows.append(_row(f"`{module}`", "(a) `warm_up()`", f["a"]))
        rows.append(_row(f"`{module}`", f"(b) `pytest {MODULES[module]}`", f["b"]))
        rows.extend(_row(f"`{module}`", f"(c) `pytest {file}`", c) for file, c in f["c"].items())
    rows.append(_row("any, formerly", "(a) `warm_up()`", old["a"]))
    rows.extend(_row("any, formerly", f"(b) `pytest {file}`", old[file])
                for file in dict.fromkeys(MODULES.values()))
    return ["# Rebuild: what an edit of one kernel module costs in compiling", "",
            f"Python {platform.python_version()}, numba {numba.__version__}, {os.cpu_count()} "
            f"cores shared with other jobs (load average {os.getloadavg()[0]:.1f} at the end). "
            "Each edit appends a comment line to the module, after a full warm-up "
            f"(`warm_up()` took {first['warm_up']:.1f} s at the start). "
            "Each module edited is the engine's (`dominosa_lab/solvers/engine/`). "
            "(a): a fresh process refreshes numba's caches as importing the kernels does, the "
            "engine's then its Dominosa user's (`solvers/fast/`), and runs "
            "`warm_up()`; (b): after a second edit, a fresh process refreshes them (not "
            "timed), then a fresh process runs the module's test file, so the kernels the tests "
            "call are compiled on the way; (c): the same with the tests of the module's own "
            "kernels. *Formerly*: every cache file of both packages deleted, as at any edit "
            "before the stamps were kept module by module. CPU is user + system time of the "
            "process and of the processes it waited for; a busy machine lengthens the wall time "
            "more.", "", *rows, "",
            "Each module restored, `warm_up()` recompiled "
            + ", ".join(f"`{m}`'s {both(f['restored']['deleted'])} files in "
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
