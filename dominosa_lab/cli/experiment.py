"""``dominosa-lab experiment``: run named experiments, each writing ``OUT/NAME.csv``."""

from __future__ import annotations

import argparse
import re
import time
from contextlib import nullcontext
from pathlib import Path

from dominosa_lab.cli import flags
from dominosa_lab.cli.exits import first_line
from dominosa_lab.cli.output import print_json, writable_folder
from dominosa_lab.cli.parser import typed
from dominosa_lab.cli.progress import progress_line
from dominosa_lab.errors import ArgumentError

__all__ = ["EXAMPLES", "HELP", "SCHEDULER", "build", "run"]

HELP = "run named experiments, each writing a CSV"
EXAMPLES = (
    ("experiment darby-naive -o results-darby", "Darby's naive generator, into a folder"),
)

#: A Dask scheduler's address: PROTOCOL://HOST:PORT (``tcp://`` when no protocol is given).
SCHEDULER = re.compile(r"(?:(?:tcp|tls|ws|wss|ucx|inproc)://)?(?:[\w.-]+|\[[0-9a-fA-F:]+\]):"
                       r"(?P<port>[0-9]{1,5})")


def build(p: argparse.ArgumentParser) -> None:
    """The flags of ``experiment``, and the experiments in its description."""
    from dominosa_lab.experiments import EXPERIMENTS
    from dominosa_lab.experiments.executors import EXECUTORS

    width = max(map(len, EXPERIMENTS))
    p.description = (
        "Run named experiments ('all': every one); each writes OUT/NAME.csv. The "
        "experiments:\n\n" + "\n".join(f"  {name:<{width}}  {first_line(run.__doc__)}"
                                        for name, run in EXPERIMENTS.items()))
    p.add_argument("names", nargs="+", metavar="NAME",
                   help="experiments listed above, or 'all' for every one")
    flags.add(p, "--out", "the folder of the CSVs; default: results", default="results")
    p.add_argument("--executor", type=flags.choice(EXECUTORS), metavar="EXECUTOR",
                   help=f"where a sweep runs: {', '.join(EXECUTORS)} (default: processes, or "
                   "dask with --scheduler)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="a running Dask scheduler, e.g. tcp://10.0.0.5:8786 (implies dask)")
    flags.add(p, "--json")


def run(args: argparse.Namespace) -> int:
    """Check the names, the executor and the folder; then run each experiment in turn."""
    from dominosa_lab.experiments import EXPERIMENTS, IN_PROCESS
    from dominosa_lab.experiments.executors import open_executor

    names = _names(args.names, EXPERIMENTS)
    sweeps = {name for name in names if name not in IN_PROCESS}
    _check_executor(args, bool(sweeps), names[0])
    out = writable_folder(typed(args, "out", "--out"), args.out)
    pool = open_executor(args.executor, args.scheduler) if sweeps else nullcontext()
    try:
        with progress_line(args) as line, line.capture_bars(), pool as workers:
            for k, name in enumerate(names, 1):
                line.say(f"experiment {name} ({k} of {len(names)})")
                start = time.perf_counter()
                path = EXPERIMENTS[name](out, workers if name in sweeps else None)
                line.clear()
                _said(args, name, path, time.perf_counter() - start)
    except KeyboardInterrupt:
        _quiet_workers()
        raise
    return 0


def _said(args: argparse.Namespace, name: str, path: Path, seconds: float) -> None:
    """Say that an experiment wrote its table, and in how long."""
    if args.json:
        print_json({"experiment": name, "wrote": str(path), "seconds": round(seconds, 3)})
    else:
        print(f"wrote {path} in {seconds:.0f} s", flush=True)


def _quiet_workers() -> None:
    """Silence Dask's logs while a Ctrl-C tears a cluster down (the workers of a cluster made
    here ignore Ctrl-C: see :func:`~dominosa_lab.experiments.executors.open_executor`)."""
    import logging

    for name in ["distributed", *logging.root.manager.loggerDict]:
        if name.startswith(("distributed", "tornado", "asyncio")):
            logging.getLogger(name).setLevel(logging.CRITICAL + 1)


def _names(given: list[str], known: dict) -> list[str]:
    """The experiments asked for ('all': every one); an unknown name is refused."""
    names = list(known) if given == ["all"] else given
    unknown = [name for name in names if name not in known]
    if unknown:
        raise ArgumentError(f"no experiment {unknown[0]!r}; known: all, "
                            f"{', '.join(sorted(known))}")
    return names


def _check_executor(args: argparse.Namespace, sweeps: bool, first: str) -> None:
    """Refuse an executor for experiments that run in this process, and a scheduler whose
    address is not one."""
    if (args.executor or args.scheduler) and not sweeps:
        raise ArgumentError(f"experiment {first} runs in this process; it takes no "
                            "--executor or --scheduler")
    address = None if args.scheduler is None else SCHEDULER.fullmatch(args.scheduler)
    if args.scheduler is not None and not (address and int(address["port"]) < 2**16):
        raise ArgumentError(f"--scheduler {args.scheduler[:80]!r} is not the address of a Dask "
                            "scheduler: PROTOCOL://HOST:PORT, e.g. tcp://10.0.0.5:8786")
    if args.scheduler is not None and args.executor not in (None, "dask"):
        raise ArgumentError(f"--scheduler is the address of a Dask scheduler; --executor "
                            f"{args.executor} runs no Dask")
