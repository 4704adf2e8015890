"""Where a sweep's work runs: here, in a local process pool, or on a Dask cluster.

:func:`open_executor` turns a choice into a :class:`Workers`: a
``concurrent.futures.Executor`` and how many workers stand behind it. Every
sweep submits to that one interface, so the same code runs on a laptop and on
a cluster:

* ``"serial"``: in this process, one chunk after another (:class:`SerialExecutor`);
* ``"processes"`` (the default): a ``ProcessPoolExecutor`` with one worker per core;
* ``"dask"``: a ``dask.distributed`` cluster, through ``Client.get_executor()``:
  the scheduler at ``scheduler`` if given, else a ``LocalCluster`` made here
  (one single-threaded worker process per core);
* a ``dask.distributed.Client``, any other ``Executor``, or a :class:`Workers`
  already open: used as it is.

What this function makes it also closes; what it is given it leaves open. Dask
reschedules the tasks of a worker that dies (up to its ``allowed-failures``),
so a lost worker costs time, not results. Worker processes import the main
module again: a script that starts a pool needs an ``if __name__ == "__main__":`` guard.
"""

from __future__ import annotations

import logging
import os
import signal
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Literal

from dominosa_lab.errors import ArgumentError

__all__ = ["EXECUTORS", "ExecutorChoice", "SerialExecutor", "Workers", "open_executor"]

#: The executors chosen by name (``dominosa-lab experiment --executor``).
EXECUTORS = ("serial", "processes", "dask")

ExecutorChoice = Executor | Literal["serial", "processes", "dask"] | Any | None


class SerialExecutor(Executor):
    """An Executor that runs each call at once, in this process (for debugging and small runs)."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future:
        """Run ``fn(*args, **kwargs)`` now and return its finished Future."""
        future: Future = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as error:  # handed to the caller through the future
            future.set_exception(error)
        return future


@dataclass(frozen=True)
class Workers:
    """An executor and the number of workers that run its tasks side by side."""

    executor: Executor
    count: int
    kind: str


@contextmanager
def open_executor(
    choice: ExecutorChoice | Workers = None,
    scheduler: str | None = None,
    workers: int | None = None,
) -> Iterator[Workers]:
    """The executor of a sweep, open for the ``with`` block.

    Parameters
    ----------
    choice : "serial", "processes", "dask", a Client, an Executor, Workers or None
        Where the work runs; ``None`` means ``"dask"`` when a scheduler is
        given, else ``"processes"``.
    scheduler : str, optional
        The address of a running Dask scheduler (``tcp://host:8786``); implies Dask.
    workers : int, optional
        Processes of a pool or a ``LocalCluster`` made here; one per core by default.

    Raises
    ------
    ArgumentError
        For an unknown name, or a scheduler given with another executor.

    Examples
    --------
    >>> with open_executor("serial") as pool:
    ...     pool.kind, pool.count, pool.executor.submit(sum, [1, 2]).result()
    ('serial', 1, 3)
    """
    if isinstance(choice, Workers):
        yield choice
        return
    if scheduler is not None and choice not in (None, "dask"):
        raise ArgumentError(f"a scheduler address needs the dask executor, not {choice!r}")
    if choice is None:
        choice = "dask" if scheduler is not None else "processes"
    count = workers or os.cpu_count() or 1
    if choice == "serial":
        yield Workers(SerialExecutor(), 1, "serial")
    elif choice == "processes":
        with ProcessPoolExecutor(max_workers=count) as pool:
            yield Workers(pool, count, "processes")
    elif choice == "dask":
        with _dask_client(scheduler, count) as client:
            yield _from_client(client)
    elif isinstance(choice, Executor):
        yield Workers(choice, getattr(choice, "_max_workers", None) or count, "executor")
    elif _is_client(choice):
        yield _from_client(choice)
    else:
        raise ArgumentError(f"executor must be one of {', '.join(EXECUTORS)}, a Dask Client "
                            f"or a concurrent.futures.Executor, got {choice!r}")


@contextmanager
def _dask_client(scheduler: str | None, workers: int) -> Iterator[Any]:
    """A Client of the scheduler at ``scheduler``, or of a LocalCluster made (and closed) here."""
    from dask.distributed import Client, LocalCluster

    if scheduler is not None:
        with Client(scheduler) as client:
            yield client
        return
    with _ctrl_c_ignored():  # the worker processes inherit it
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                               dashboard_address=None, silence_logs=logging.ERROR)
    with cluster, Client(cluster) as client:
        yield client


@contextmanager
def _ctrl_c_ignored() -> Iterator[None]:
    """Ctrl-C ignored in this process for the block: the processes started in it inherit that, so
    that the process that made them alone takes a Ctrl-C and closes them (the nanny stops its
    worker) instead of every worker printing its own traceback."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _is_client(value: Any) -> bool:
    """Whether ``value`` is a ``dask.distributed.Client`` (without importing Dask otherwise)."""
    module = type(value).__module__ or ""
    if not module.startswith("distributed"):
        return False
    from dask.distributed import Client

    return isinstance(value, Client)


def _from_client(client: Any) -> Workers:
    """The Executor of a Dask Client; its worker count is the cluster's threads.

    Tasks get fresh keys (``pure=False``): with Dask's default keys, made from
    the function and its arguments, a chunk sent again right after a stopped
    run cancelled it would share that key and inherit the cancellation. Chunk
    results are kept apart by chunk id (:mod:`~dominosa_lab.experiments.chunks`),
    not by Dask keys.
    """
    threads = sum(client.nthreads().values())
    return Workers(client.get_executor(pure=False), max(threads, 1), "dask")
