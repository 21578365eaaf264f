"""Scale-out on dask.distributed: a season of recordings analysed on a cluster into Parquet, resumable.

`analyze` expands the inputs into single recordings, cuts them into shards of ``shard_size`` (many recordings per
task, so the tool's process start is paid once per shard), and runs each shard on a worker through
`batchedmotion.isolation.analyze_isolated` (a recording that crashes the tool or hangs past ``time_limit`` becomes an
error row; the shard's other recordings keep their results). Each finished shard is written as one Parquet file in
``output/recordings/`` and one in ``output/swings/`` (temporary hidden name, then an atomic rename), and only then
marked done in ``output/_shards/<id>.json``. The shard id is a hash of the shard's paths, so a second call with the
same inputs and ``shard_size`` skips every shard already marked done, and a shard that runs twice (a worker lost
mid-run and its task retried, or two overlapping calls) writes the same files again: tasks are idempotent.

Paths are made absolute; on a cluster they must name the same files on every worker (shared storage), and the
workers need ``swing-metrics`` (``cli=``, ``$BATCHEDMOTION_CLI`` or ``PATH`` on the worker).
"""

from __future__ import annotations

import hashlib
import json
import os
import time
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from .discovery import discover
from .isolation import RunStats, analyze_isolated
from .schema import RECORDING_SCHEMA, SWING_SCHEMA, recordings_table, swings_table, to_pandas

RECORDINGS_DIR, SWINGS_DIR, SHARDS_DIR = "recordings", "swings", "_shards"


def shard_id(paths: Sequence[str]) -> str:
    """Content-independent id of a shard: the first 20 hex digits of SHA-256 over its paths, one per line."""
    return hashlib.sha256("\n".join(paths).encode()).hexdigest()[:20]


def make_shards(paths: Sequence[str], shard_size: int) -> list[tuple[str, list[str]]]:
    """``(id, paths)`` of consecutive runs of ``shard_size`` recordings, in input order."""
    if shard_size < 1:
        raise ValueError(f"shard_size must be at least 1 (got {shard_size})")
    chunks = [list(paths[i:i + shard_size]) for i in range(0, len(paths), shard_size)]
    return [(shard_id(chunk), chunk) for chunk in chunks]


def _write_atomically(table: pa.Table, path: str) -> None:
    directory, name = os.path.split(path)
    temporary = os.path.join(directory, f".{name}.{uuid.uuid4().hex}.tmp")  # hidden: Parquet readers skip it
    pq.write_table(table, temporary)
    os.replace(temporary, path)


def run_shard(identifier: str, paths: list[str], output: str, cli: str | None, cli_args: list[str],
              time_limit: float | None) -> dict:
    """One task: analyse a shard, write its two Parquet files, then its done-marker; returns the marker's content.

    Safe to run any number of times for the same shard (files are replaced whole, by rename).
    """
    started = time.monotonic()
    stats = RunStats()
    objects = analyze_isolated(paths, cli=cli, cli_args=cli_args, time_limit=time_limit, stats=stats)
    recordings = recordings_table(objects)
    _write_atomically(recordings, os.path.join(output, RECORDINGS_DIR, f"part-{identifier}.parquet"))
    _write_atomically(swings_table(objects), os.path.join(output, SWINGS_DIR, f"part-{identifier}.parquet"))
    marker = {
        "shard": identifier, "recordings": len(paths),
        "errors": int(sum(status == "error" for status in recordings.column("status").to_pylist())),
        "processes": stats.processes, "crashes": stats.crashes, "timeouts": stats.timeouts,
        "process_seconds": round(stats.process_seconds, 6), "task_seconds": round(time.monotonic() - started, 6),
        "host": os.uname().nodename, "events": stats.events,
    }
    marker_path = os.path.join(output, SHARDS_DIR, f"{identifier}.json")
    temporary = f"{marker_path}.{uuid.uuid4().hex}.tmp"
    with open(temporary, "w") as file:
        json.dump(marker, file)
    os.replace(temporary, marker_path)
    return marker


@dataclass
class AnalyzeSummary:
    """What one `analyze` call did. ``shard_records`` are the done-markers of the shards run by this call."""

    output: str
    recordings: int
    shards: int
    shards_skipped: int
    shards_run: int
    errors: int
    wall_seconds: float
    shard_records: list[dict] = field(default_factory=list)


def done_shards(output: str) -> set[str]:
    """Ids of the shards marked done under ``output``."""
    try:
        names = os.listdir(os.path.join(output, SHARDS_DIR))
    except FileNotFoundError:
        return set()
    return {name[:-5] for name in names if name.endswith(".json")}


def analyze(paths: str | os.PathLike[str] | Iterable[str | os.PathLike[str]], output: str | os.PathLike[str],
            client=None, *, shard_size: int = 100, time_limit: float | None = 60.0, cli: str | None = None,
            cli_args: Iterable[str] = (), retries: int = 2) -> AnalyzeSummary:
    """Analyse every recording under ``paths`` on a Dask cluster into Parquet under ``output``; resumable.

    ``paths``: recording files, recording directories, directories to search, glob patterns (the tool's rules,
    `batchedmotion.discovery`). ``output``: directory receiving ``recordings/`` and ``swings/`` (Parquet datasets,
    one file per shard; read them with `read`) and ``_shards/`` (done-markers). ``client``: a
    ``distributed.Client``; None starts a LocalCluster (one single-threaded worker process per core) for this call
    and closes it after. ``shard_size``: recordings per task. ``time_limit``: longest one recording may take, s, or
    None. ``cli``: the ``swing-metrics`` executable as the workers see it (default: their ``$BATCHEDMOTION_CLI``,
    else ``PATH``). ``cli_args``: further ``analyze`` options. ``retries``: extra attempts per shard task when a
    worker fails (a lost worker is retried by the scheduler as well).

    Returns an `AnalyzeSummary`; raises when a shard task still fails after its retries (the shards finished so far
    stay written and marked, so calling again resumes).
    """
    from distributed import Client, LocalCluster, as_completed

    started = time.monotonic()
    output = os.path.abspath(os.fspath(output))
    for folder in (RECORDINGS_DIR, SWINGS_DIR, SHARDS_DIR):
        os.makedirs(os.path.join(output, folder), exist_ok=True)
    recordings = discover(paths)
    shards = make_shards(recordings, shard_size)
    done = done_shards(output)
    todo = [(identifier, chunk) for identifier, chunk in shards if identifier not in done]
    summary = AnalyzeSummary(output, len(recordings), len(shards), len(shards) - len(todo), 0, 0, 0.0)
    own_cluster = None
    if client is None and todo:
        own_cluster = LocalCluster(n_workers=os.cpu_count() or 1, threads_per_worker=1, processes=True,
                                   dashboard_address=":0")
        client = Client(own_cluster)
    # Task keys name the output as well as the shard: Dask merges tasks with equal keys, and the same shard sent to
    # two output directories at once must run twice.
    destination = hashlib.sha256(output.encode()).hexdigest()[:8]
    try:
        futures = [client.submit(run_shard, identifier, chunk, output, cli, list(cli_args), time_limit,
                                 key=f"batchedmotion-shard-{destination}-{identifier}", retries=retries)
                   for identifier, chunk in todo]
        for future in as_completed(futures):
            record = future.result()
            summary.shards_run += 1
            summary.errors += record["errors"]
            summary.shard_records.append(record)
    finally:
        if own_cluster is not None:
            client.close()
            own_cluster.close()
    summary.wall_seconds = time.monotonic() - started
    return summary


def read(output: str | os.PathLike[str]) -> tuple[pd.DataFrame, pd.DataFrame]:
    """``(recordings, swings)`` DataFrames of an `analyze` output directory, sorted by recording (and swing);
    the same columns and dtypes as `batchedmotion.analyze`."""
    output = os.fspath(output)
    frames = []
    for folder, schema, keys in ((RECORDINGS_DIR, RECORDING_SCHEMA, ["recording"]),
                                 (SWINGS_DIR, SWING_SCHEMA, ["recording", "swing"])):
        directory = os.path.join(output, folder)
        files = sorted(name for name in os.listdir(directory) if name.endswith(".parquet")
                       and not name.startswith("."))
        tables = [pq.read_table(os.path.join(directory, name), schema=schema) for name in files]
        table = pa.concat_tables(tables) if tables else schema.empty_table()
        frames.append(to_pandas(table.sort_by([(key, "ascending") for key in keys])))
    return frames[0], frames[1]
