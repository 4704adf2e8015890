"""The seam of every sweep: executors, chunks out, results back by id, restarts, lost workers."""

import os
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pandas as pd
import pytest

from dominosa_lab import ArgumentError
from dominosa_lab.experiments.chunks import Chunk, ChunkStore, batches, run_chunks
from dominosa_lab.experiments.executors import open_executor
from dominosa_lab.experiments.sweep import random_boards, run_sweep

CHUNKS = [Chunk(f"c{i}", (i * 10, i * 10 + 10), 10) for i in range(6)]
TOTAL = sum(range(60))


def _sum(bounds):
    return sum(range(*bounds))


def _recorded_sum(payload):
    """Sum a range and leave a file naming the chunk, so a test sees which chunks ran."""
    folder, chunk_id, bounds, fail = payload
    (Path(folder) / f"{chunk_id}-{uuid.uuid4().hex}").touch()
    if fail:
        raise RuntimeError(f"chunk {chunk_id} failed")
    return sum(range(*bounds))


def _die_once(payload):
    """Kill the worker process the first time the victim chunk runs, then sum."""
    marker, is_victim, bounds = payload
    if is_victim and not os.path.exists(marker):
        Path(marker).touch()
        os._exit(1)
    return sum(range(*bounds))


def _recorded(tmp_path, fail=()):
    calls = tmp_path / "calls"
    calls.mkdir(parents=True, exist_ok=True)
    return calls, [Chunk(c.id, (str(calls), c.id, c.payload, c.id in fail), c.size)
                   for c in CHUNKS]


def _ran(calls):
    return sorted(p.name.split("-")[0] for p in calls.iterdir())


@pytest.mark.parametrize("executor", ["serial", "processes", "dask", "client", "threads"])
def test_every_executor_returns_each_chunk_result_under_its_id(executor, dask_client):
    if executor == "client":
        executor = dask_client
    elif executor == "threads":
        executor = ThreadPoolExecutor(2)
    results = run_chunks(_sum, CHUNKS, executor, progress=False)
    assert results == {c.id: _sum(c.payload) for c in CHUNKS}


def test_a_sweep_on_a_dask_cluster_gives_the_table_of_a_serial_run(dask_client):
    boards = random_boards([2, 3], [1, 2, 3])
    serial = run_sweep(boards, methods="rowscan", executor="serial", progress=False, limit=None)
    dask = run_sweep(boards, methods="rowscan", executor=dask_client, progress=False, limit=None)
    pd.testing.assert_frame_equal(serial.drop(columns="seconds"), dask.drop(columns="seconds"))


def test_a_scheduler_address_reaches_the_running_cluster_and_leaves_it_open(dask_client):
    address = dask_client.scheduler.address
    with open_executor("dask", scheduler=address) as workers:
        assert workers.kind == "dask" and workers.count == 2
        assert workers.executor.submit(_sum, (0, 4)).result() == 6
    assert dask_client.submit(_sum, (0, 5)).result() == 10


def test_a_restarted_run_skips_the_chunks_it_already_wrote(tmp_path, dask_client):
    _, failing = _recorded(tmp_path / "first run", fail={"c3"})
    store = ChunkStore(tmp_path / "store")
    with pytest.raises(RuntimeError, match="chunk c3 failed"):
        run_chunks(_recorded_sum, failing, dask_client, store=store, progress=False)
    written = store.ids()
    assert "c3" not in written
    # a chunk of the first run still on a worker when c3 failed records into its own folder
    calls, chunks = _recorded(tmp_path / "second run")
    results = run_chunks(_recorded_sum, chunks, dask_client, store=store, progress=False)
    assert _ran(calls) == sorted({c.id for c in CHUNKS} - written)
    assert sum(results.values()) == TOTAL


def test_after_a_failed_chunk_only_the_chunks_already_submitted_have_run(tmp_path):
    calls, chunks = _recorded(tmp_path, fail={"c2"})
    with pytest.raises(RuntimeError, match="chunk c2 failed"):
        run_chunks(_recorded_sum, chunks, "serial", store=tmp_path / "s", progress=False)
    assert _ran(calls) == ["c0", "c1", "c2", "c3"]
    assert ChunkStore(tmp_path / "s").ids() == {"c0", "c1"}


def test_a_finished_store_is_read_back_without_running_anything(tmp_path):
    calls, chunks = _recorded(tmp_path)
    first = run_chunks(_recorded_sum, chunks, "serial", store=tmp_path / "s", progress=False)
    again = run_chunks(_recorded_sum, chunks, "serial", store=tmp_path / "s", progress=False)
    assert again == first and len(_ran(calls)) == len(CHUNKS)


def test_a_chunk_whose_worker_dies_is_retried_and_counted_once(tmp_path, dask_client):
    marker = tmp_path / "killed"
    chunks = [Chunk(c.id, (str(marker), c.id == "c2", c.payload), c.size) for c in CHUNKS]
    results = run_chunks(_die_once, chunks, dask_client, store=tmp_path / "s", progress=False)
    assert marker.exists()  # a worker really died running c2
    assert sorted(results) == [c.id for c in CHUNKS]
    assert sum(results.values()) == TOTAL
    assert sorted(ChunkStore(tmp_path / "s").ids()) == [c.id for c in CHUNKS]


def test_stored_results_are_the_results_of_a_fresh_run(tmp_path):
    fresh = run_chunks(_sum, CHUNKS, "serial", progress=False)
    stored = run_chunks(_sum, CHUNKS, "serial", store=tmp_path, progress=False)
    assert stored == fresh == {c.id: ChunkStore(tmp_path).load(c.id) for c in CHUNKS}


def test_chunk_ids_must_be_unique_and_safe_file_names():
    with pytest.raises(ArgumentError, match="appears twice"):
        run_chunks(_sum, [CHUNKS[0], CHUNKS[0]], "serial", progress=False)
    with pytest.raises(ArgumentError, match="letters, digits"):
        run_chunks(_sum, [Chunk("../up", (0, 1))], "serial", progress=False)


def test_unknown_executors_and_misplaced_schedulers_are_refused():
    with pytest.raises(ArgumentError, match="executor must be one of"), open_executor("cluster"):
        pass
    with (pytest.raises(ArgumentError, match="needs the dask executor"),
          open_executor("serial", scheduler="tcp://127.0.0.1:8786")):
        pass


def test_batches_cover_the_items_in_order_with_a_few_per_worker():
    parts = batches(list(range(103)), workers=2)
    assert [x for part in parts for x in part] == list(range(103))
    assert len(parts) == 8 and max(map(len, parts)) - min(map(len, parts)) <= 1
    assert batches([1, 2], workers=8) == [[1], [2]]


def test_a_store_reused_with_other_settings_is_refused(tmp_path):
    run_chunks(_sum, CHUNKS, "serial", store=ChunkStore(tmp_path, {"max_nodes": 10}),
               progress=False)
    assert ChunkStore(tmp_path, {"max_nodes": 10}).ids() == {c.id for c in CHUNKS}
    with pytest.raises(ArgumentError, match=f"{tmp_path}.*delete that folder"):
        ChunkStore(tmp_path, {"max_nodes": 20})


def test_chunks_stored_without_settings_are_refused_by_a_store_with_settings(tmp_path):
    run_chunks(_sum, CHUNKS, "serial", store=tmp_path, progress=False)
    with pytest.raises(ArgumentError, match="settings are unknown"):
        ChunkStore(tmp_path, {"max_nodes": 10})
