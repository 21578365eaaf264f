"""Benchmark: batchedmotion.dask.analyze on a 2-worker LocalCluster against one `swing-metrics analyze --jobs 2`.

Both analyse the same 2,000 one-minute native (.npz) recordings from disk (page cache warm): the reference run
writes its JSONL to a file, and the Dask run writes its Parquet datasets. The script reports the wall time of each
(the median of --repeats alternating runs; the cluster is started beforehand and its start-up is reported
separately), the Dask run's overhead in percent, the same in CPU time (user + system of the reference process,
against the driver, the scheduler, the workers and the tool processes they ran: a figure a busy machine does not
distort the way it distorts wall time), recordings per second, and the share of the workers' time spent
starting tool processes. That share is the processes started × the median wall time of `swing-metrics --help`,
divided by (2 workers × the Dask wall time).

The recordings are --distinct simulations (`swing-metrics simulate --duration 60 --format native-npz`, seeds
1..distinct), each copied until there are --count files.

    .venv/bin/python python/benchmarks/dask_overhead.py --cli .build-cli/x86_64-unknown-linux-gnu/release/swing-metrics
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time

import psutil
from distributed import Client, LocalCluster

import batchedmotion
from batchedmotion import dask as bmdask


def make_recordings(cli: str, folder: str, count: int, distinct: int) -> list[str]:
    sources = os.path.join(folder, "sources")
    season = os.path.join(folder, "season")
    paths = [os.path.join(season, f"rec-{i:05d}.npz") for i in range(count)]
    if all(os.path.exists(p) for p in paths):
        return paths
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(season)
    for seed in range(1, distinct + 1):
        subprocess.run([cli, "simulate", os.path.join(sources, str(seed)), "--seed", str(seed), "--swings", "8",
                        "--duration", "60", "--format", "native-npz"], check=True, capture_output=True)
    for i, path in enumerate(paths):
        shutil.copyfile(os.path.join(sources, str(i % distinct + 1), "recording.npz"), path)
    return paths


def reference_run(cli: str, season: str, output: str) -> tuple[float, float]:
    """Wall time and CPU time (user + system), s, of one `analyze --jobs 2` over the season."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    run = subprocess.run([cli, "analyze", "--jobs", "2", "--format", "jsonl", "--no-progress", "--output", output,
                          season], capture_output=True)
    elapsed = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if run.returncode != 0:
        sys.exit(f"reference run failed: {run.stderr.decode()}")
    return elapsed, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _cpu_seconds() -> float:
    """This process's CPU time with that of its reaped children (the tool processes a worker ran), s."""
    times = psutil.Process().cpu_times()
    return times.user + times.system + times.children_user + times.children_system


def cluster_cpu_seconds(client: Client) -> float:
    """CPU time of the driver, the scheduler and every worker (with their tool processes), s."""
    return (_cpu_seconds() + client.run_on_scheduler(_cpu_seconds)
            + sum(client.run(_cpu_seconds).values()))


def process_start_seconds(cli: str, runs: int = 30) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run([cli, "--help"], capture_output=True, check=True)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cli", default=None, help="swing-metrics (default: $BATCHEDMOTION_CLI, else PATH)")
    parser.add_argument("--folder", default="/tmp/batchedmotion-benchmark", help="where the recordings go")
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--distinct", type=int, default=50)
    parser.add_argument("--shard-size", type=int, default=100)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    cli = batchedmotion.find_cli(args.cli)
    paths = make_recordings(cli, args.folder, args.count, args.distinct)
    season = os.path.dirname(paths[0])
    reference_jsonl = os.path.join(args.folder, "reference.jsonl")
    reference_run(cli, season, reference_jsonl)  # warm the page cache

    started = time.perf_counter()
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0")
    client = Client(cluster)
    cluster_start = time.perf_counter() - started

    reference, dask_runs, reference_cpu, dask_cpu, summaries = [], [], [], [], []
    for repeat in range(args.repeats):
        wall, cpu = reference_run(cli, season, reference_jsonl)
        reference.append(wall)
        reference_cpu.append(cpu)
        output = os.path.join(args.folder, f"out-{repeat}")
        shutil.rmtree(output, ignore_errors=True)
        cpu_before = cluster_cpu_seconds(client)
        started = time.perf_counter()
        summary = bmdask.analyze([season], output, client, shard_size=args.shard_size, cli=cli, time_limit=60)
        dask_runs.append(time.perf_counter() - started)
        dask_cpu.append(cluster_cpu_seconds(client) - cpu_before)
        summaries.append(summary)
    client.close()
    cluster.close()

    summary = summaries[-1]
    recordings, swings = bmdask.read(summary.output)
    with open(reference_jsonl) as file:
        expected_swings = sum(len(json.loads(line)["swings"]) for line in file)
    assert len(recordings) == args.count and (recordings.status == "ok").all()
    assert len(swings) == expected_swings, (len(swings), expected_swings)

    start = process_start_seconds(cli)
    processes = sum(record["processes"] for record in summary.shard_records)
    ref, dsk = statistics.median(reference), statistics.median(dask_runs)
    result = {
        "recordings": args.count, "shard_size": args.shard_size, "shards": summary.shards,
        "reference_seconds": [round(t, 3) for t in reference], "dask_seconds": [round(t, 3) for t in dask_runs],
        "reference_median_s": round(ref, 3), "dask_median_s": round(dsk, 3),
        "overhead_percent": round(100 * (dsk / ref - 1), 1),
        "reference_cpu_s": [round(t, 3) for t in reference_cpu], "dask_cpu_s": [round(t, 3) for t in dask_cpu],
        "cpu_overhead_percent": round(100 * (statistics.median(dask_cpu) / statistics.median(reference_cpu) - 1), 1),
        "reference_recordings_per_s": round(args.count / ref, 1), "dask_recordings_per_s": round(args.count / dsk, 1),
        "cluster_start_s": round(cluster_start, 3), "process_start_s": round(start, 4), "processes": processes,
        "process_start_share_percent": round(100 * processes * start / (2 * dsk), 2),
        "swings": len(swings), "cpu_count": os.cpu_count(), "load_average_1min": round(os.getloadavg()[0], 2),
    }
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
