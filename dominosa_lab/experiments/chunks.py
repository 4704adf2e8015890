"""The one seam of every sweep: chunks out to an executor, results back by chunk id.

A sweep is a list of :class:`Chunk`: an id, a payload for a worker and a size
(boards, runs: what the progress bar counts). :func:`run_chunks` sends
``fn(payload)`` for each to the executor (:mod:`~dominosa_lab.experiments.executors`),
shows a tqdm bar as results stream back in any order, and returns them as a
dict keyed by chunk id. That is what makes the work safe to distribute:

* a result is stored under its chunk's id, never added to a running total, so a
  chunk that runs twice (Dask re-running the tasks of a lost worker, or a
  restart) is counted once; merge the dict in id order and the outcome does
  not depend on the order of completion;
* with a :class:`ChunkStore`, each finished chunk is written at once and
  atomically (a temporary file renamed over the target), and a restarted sweep
  loads the chunks already written instead of sending them out again, so a run
  that was stopped loses only the chunks in flight; the store records the
  settings its results depend on and refuses to be reused under other ones.

Stored results go through JSON, and so do fresh ones when a store is used
(keys become strings, tuples lists), so a result is the same whether it was
computed now or read back.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import dataclass
from itertools import islice, pairwise
from pathlib import Path
from typing import Any, TypeVar

from tqdm import tqdm

from dominosa_lab.errors import ArgumentError
from dominosa_lab.experiments.executors import ExecutorChoice, Workers, open_executor

__all__ = ["Chunk", "ChunkStore", "batches", "run_chunks"]

T = TypeVar("T")
_ID = re.compile(r"^[A-Za-z0-9_.+-]+$")
_SETTINGS = "settings.json"


@dataclass(frozen=True)
class Chunk:
    """One piece of a sweep: ``id`` (unique, file-name safe), ``payload`` for ``fn``, ``size``."""

    id: str
    payload: Any
    size: int = 1


class ChunkStore:
    """The finished chunks of one sweep: ``folder/ID.json``, each written atomically.

    ``settings`` (JSON-ready) are whatever the chunk results depend on besides
    their ids (budgets, solver method). They are written once, as
    ``folder/settings.json``; a store opened again with other settings, or
    over chunks written without any, is refused, so a changed setting never
    reloads results computed under the old one.

    Raises
    ------
    ArgumentError
        When the folder holds chunks of other settings, or of unknown settings.

    Examples
    --------
    >>> import tempfile
    >>> store = ChunkStore(tempfile.mkdtemp(), settings={"max_nodes": 1000})
    >>> store.save("n3-a", {"k": [1, 2]})
    >>> store.load("n3-a"), store.load("n3-b"), sorted(store.ids())
    ({'k': [1, 2]}, None, ['n3-a'])
    >>> ChunkStore(store.folder, settings={"max_nodes": 2000})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dominosa_lab.errors.ArgumentError: the chunks in ... were computed with settings \
{'max_nodes': 1000}, not {'max_nodes': 2000}; delete that folder (or write to another --out)
    """

    def __init__(self, folder: str | Path, settings: Mapping[str, Any] | None = None) -> None:
        self.folder = Path(folder)
        self.settings = None if settings is None else json.loads(json.dumps(settings))
        if self.settings is not None:
            self._check_settings()

    def _check_settings(self) -> None:
        """Refuse a folder whose chunks were computed under other (or unrecorded) settings."""
        written = self.folder / _SETTINGS
        if written.is_file():
            old = json.loads(written.read_text())
            if old != self.settings:
                raise ArgumentError(
                    f"the chunks in {self.folder} were computed with settings {old}, not "
                    f"{self.settings}; delete that folder (or write to another --out)")
        elif self.ids():
            raise ArgumentError(
                f"the chunks in {self.folder} have no {_SETTINGS}, so their settings are "
                f"unknown; delete that folder (or write to another --out)")

    def path(self, chunk_id: str) -> Path:
        """Where the chunk's result is kept."""
        if f"{chunk_id}.json" == _SETTINGS:
            raise ArgumentError(f"chunk id {chunk_id!r} is the name of the store's settings file")
        return self.folder / f"{chunk_id}.json"

    def ids(self) -> set[str]:
        """The ids of the chunks written so far."""
        if not self.folder.is_dir():
            return set()
        return {p.stem for p in self.folder.glob("*.json") if p.name != _SETTINGS}

    def load(self, chunk_id: str) -> Any:
        """The stored result of a chunk, or None if it has not been written."""
        path = self.path(chunk_id)
        return json.loads(path.read_text()) if path.is_file() else None

    def save(self, chunk_id: str, result: Any) -> None:
        """Write a chunk's result (and the settings, first time): to a temporary file, renamed."""
        self.folder.mkdir(parents=True, exist_ok=True)
        if self.settings is not None and not (self.folder / _SETTINGS).is_file():
            _write(self.folder / _SETTINGS, self.settings)
        _write(self.path(chunk_id), result)


def _write(path: Path, value: Any) -> None:
    """Write ``value`` as JSON to a temporary file, then rename it over ``path``."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    temporary.write_text(json.dumps(value))
    os.replace(temporary, path)


def batches(items: Sequence[T], workers: int, per_worker: int = 4) -> list[Sequence[T]]:
    """Split ``items`` into about ``per_worker`` chunks per worker, of near-equal sizes.

    A few chunks per worker keep every worker busy to the end while the
    scheduler handles a few tasks, not one per item.

    Examples
    --------
    >>> [list(b) for b in batches(range(10), workers=2, per_worker=2)]
    [[0, 1, 2], [3, 4, 5], [6, 7], [8, 9]]
    """
    count = max(1, min(len(items), workers * per_worker))
    size, extra = divmod(len(items), count)
    bounds = [i * size + min(i, extra) for i in range(count + 1)]
    return [items[a:b] for a, b in pairwise(bounds) if b > a]


def run_chunks(
    fn: Callable[[Any], Any],
    chunks: Iterable[Chunk],
    executor: ExecutorChoice | Workers = None,
    *,
    store: ChunkStore | str | Path | None = None,
    progress: bool = True,
    desc: str = "chunks",
    unit: str = "chunk",
) -> dict[str, Any]:
    """Every chunk's result ``fn(payload)``, keyed by chunk id.

    Chunks already in ``store`` are read back without running ``fn``; each new
    result is stored as soon as it arrives. ``fn`` must be picklable (a
    module-level function) for the process and Dask executors. If a chunk
    raises, the chunks not started are cancelled and the error is raised here;
    the chunks finished before it stay stored.

    Raises
    ------
    ArgumentError
        For two chunks with one id, or an id that is not a safe file name.

    Examples
    --------
    >>> chunks = [Chunk(f"c{i}", range(i * 10, i * 10 + 10), 10) for i in range(3)]
    >>> results = run_chunks(sum, chunks, "serial", progress=False)
    >>> results["c2"], sum(results[k] for k in sorted(results))
    (245, 435)
    """
    chunks = list(chunks)
    _check_ids(chunks)
    store = ChunkStore(store) if isinstance(store, (str, Path)) else store
    done = store.ids() if store is not None else set()
    results = {c.id: store.load(c.id) for c in chunks if c.id in done}
    todo = [c for c in chunks if c.id not in done]
    total = sum(c.size for c in chunks)
    with tqdm(total=total, initial=total - sum(c.size for c in todo), desc=desc, unit=unit,
              disable=not progress) as bar:
        if todo:
            with open_executor(executor) as workers:
                for chunk, result in _stream(fn, todo, workers):
                    if store is not None:
                        result = json.loads(json.dumps(result))
                        store.save(chunk.id, result)
                    bar.update(chunk.size)
                    results[chunk.id] = result
    return results


def _check_ids(chunks: list[Chunk]) -> None:
    seen: set[str] = set()
    for chunk in chunks:
        if not _ID.match(chunk.id):
            raise ArgumentError(f"chunk id {chunk.id!r} must be letters, digits and _.+- only")
        if chunk.id in seen:
            raise ArgumentError(f"chunk id {chunk.id!r} appears twice")
        seen.add(chunk.id)


def _stream(
    fn: Callable[[Any], Any], chunks: list[Chunk], workers: Workers
) -> Iterator[tuple[Chunk, Any]]:
    """Yield ``(chunk, result)`` as each finishes, with at most two chunks per worker submitted
    and not finished (so a serial run reports each chunk as it ends, and a large sweep does not
    queue all its tasks at once). Chunks finished together are taken in the order they were
    submitted (``wait`` returns a set), so a serial run stops at its first failing chunk."""
    waiting = iter(chunks)
    futures: dict[Future, Chunk] = {}

    def submit(count: int) -> None:
        for chunk in islice(waiting, count):
            futures[workers.executor.submit(fn, chunk.payload)] = chunk

    try:
        submit(2 * workers.count)
        while futures:
            finished, _ = wait(futures, return_when=FIRST_COMPLETED)
            for future in [f for f in futures if f in finished]:
                yield futures.pop(future), future.result()
                submit(1)
    finally:
        for future in futures:
            future.cancel()
