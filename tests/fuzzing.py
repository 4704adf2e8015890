"""The fuzz suite's shared parts: wild values, the one law (an input is answered or refused
with a DominosaError, never another exception), and the counts of a long run.

``DOMINOSA_FUZZ_EXAMPLES`` sets the examples per fuzz test (default 25, for CI). With
``DOMINOSA_FUZZ_REPORT=PATH`` (``make fuzz``) a crash is recorded instead of raised, and the
inputs tried and the crashes found are written to PATH as JSON when the run ends.
"""

from __future__ import annotations

import atexit
import json
import math
import os
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from dominosa_lab.errors import DominosaError

EXAMPLES = int(os.environ.get("DOMINOSA_FUZZ_EXAMPLES", "25"))
REPORT = os.environ.get("DOMINOSA_FUZZ_REPORT")

#: The settings of every fuzz test: bounded examples, no deadline (tests never time).
FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None,
                suppress_health_check=list(HealthCheck))
#: The same for a test whose examples cost a figure each: a twentieth of the examples.
FUZZ_SLOW = settings(FUZZ, max_examples=max(EXAMPLES // 20, 10))

#: How often a long run rewrites its report, in inputs.
REPORT_EVERY = 10_000

#: Inputs tried per surface, and crashes: (surface, exception type, first line) -> count.
TRIED: Counter[str] = Counter()
CRASHES: Counter[tuple[str, str, str]] = Counter()
EXAMPLE_OF: dict[tuple[str, str, str], str] = {}

SCALARS = st.one_of(
    st.none(), st.booleans(),
    st.integers(-3, 12), st.integers(), st.sampled_from([10**6, -(10**6), 2**63, 10**400]),
    st.floats(), st.sampled_from([math.nan, math.inf, -math.inf, 0.5, 1e308]),
    st.text(max_size=6), st.binary(max_size=4), st.just(object()),
)

#: Any value: scalars, and lists, tuples and dicts of them (two levels deep).
ANYTHING = st.recursive(
    SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.tuples(inner, inner),
                            st.dictionaries(st.text(max_size=3), inner, max_size=3)),
    max_leaves=8,
)

#: A cell-like value: mostly pairs of small ints, sometimes anything.
CELLS = st.one_of(st.tuples(st.integers(-2, 8), st.integers(-2, 8)), ANYTHING)


def answered(surface: str, call: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """``call(*args, **kwargs)``: its value, or None when it refused with a DominosaError.

    Any other exception fails the test (or, in a long run, is counted as a crash; the report is
    rewritten every :data:`REPORT_EVERY` inputs, so a run cut short still tells its counts).
    """
    TRIED[surface] += 1
    if REPORT is not None and TRIED.total() % REPORT_EVERY == 0:
        _write_report()
    try:
        return call(*args, **kwargs)
    except DominosaError:
        return None
    except Exception as err:
        if REPORT is None:
            raise
        key = (surface, type(err).__name__, str(err).splitlines()[0][:200] if str(err) else "")
        CRASHES[key] += 1
        EXAMPLE_OF.setdefault(key, repr((args, kwargs))[:500])
        return None


def _write_report() -> None:
    crashes = [{"surface": s, "type": t, "message": m, "count": n, "example": EXAMPLE_OF[s, t, m]}
               for (s, t, m), n in CRASHES.most_common()]
    with open(REPORT, "w", encoding="utf-8") as out:
        json.dump({"inputs": sum(TRIED.values()), "crashes": sum(CRASHES.values()),
                   "by_surface": dict(sorted(TRIED.items())), "crash_kinds": crashes}, out,
                  indent=1)


if REPORT is not None:
    atexit.register(_write_report)


def summary(out: str, *parts: str) -> int:
    """Merge the reports ``parts`` of runs side by side into ``out`` and print it
    (``python -m tests.fuzzing OUT PART... [--markdown PATH]``, which also writes the report as
    Markdown; OUT alone just prints); 1 if it found crashes."""
    found = merged([json.loads(Path(part).read_text(encoding="utf-8")) for part in parts]) \
        if parts else json.loads(Path(out).read_text(encoding="utf-8"))
    Path(out).write_text(json.dumps(found, indent=1), encoding="utf-8")
    print(f"{found['inputs']:,} inputs, {found['crashes']:,} crashes, "
          f"{len(found['by_surface'])} surfaces")
    for crash in found["crash_kinds"]:
        print(f"  {crash['count']} x {crash['surface']}: {crash['type']}: {crash['message']}\n"
              f"      e.g. {crash['example']}")
    return 1 if found["crashes"] else 0


def markdown(found: dict, commit: str) -> str:
    """A merged report as Markdown: the totals, then the inputs per surface."""
    lines = ["# Fuzzing", "",
             f"`make fuzz` at commit {commit}: {found['inputs']:,} inputs, {found['crashes']:,} "
             f"crashes (an exception other than a DominosaError), {len(found['by_surface'])} "
             "surfaces.", "", "| surface | inputs |", "|---|---:|"]
    lines += [f"| `{name}` | {count:,} |" for name, count in found["by_surface"].items()]
    lines += ["", *(f"- {c['count']} x {c['surface']}: {c['type']}: {c['message']}"
                    for c in found["crash_kinds"])]
    return "\n".join(lines).rstrip() + "\n"


def merged(reports: list[dict]) -> dict:
    """One report of several: inputs, crashes and inputs per surface added up, crash kinds
    listed together."""
    surfaces: Counter[str] = Counter()
    for report in reports:
        surfaces.update(report["by_surface"])
    return {"inputs": sum(r["inputs"] for r in reports),
            "crashes": sum(r["crashes"] for r in reports),
            "by_surface": dict(sorted(surfaces.items())),
            "crash_kinds": [kind for r in reports for kind in r["crash_kinds"]]}


if __name__ == "__main__":
    import subprocess
    import sys

    args = sys.argv[1:]
    table = None
    if "--markdown" in args:  # python -m tests.fuzzing OUT PART... --markdown PATH
        at = args.index("--markdown")
        table, args = args[at + 1], args[:at] + args[at + 2:]
    status = summary(*args)
    if table is not None:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                                text=True, check=False).stdout.strip() or "unknown"
        report = json.loads(Path(args[0]).read_text(encoding="utf-8"))
        Path(table).write_text(markdown(report, commit), encoding="utf-8")
    sys.exit(status)
