"""batchedmotion.dask.analyze on a real LocalCluster with two worker processes."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time

import pandas as pd
import pytest

import batchedmotion
from batchedmotion import dask as bmdask

from conftest import HANG_LIMIT_S, named_copy

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0")
    client = distributed.Client(cluster)
    yield client
    client.close()
    cluster.close()


def sorted_frames(recordings: pd.DataFrame, swings: pd.DataFrame):
    return (recordings.sort_values("recording", kind="stable").reset_index(drop=True),
            swings.sort_values(["recording", "swing"], kind="stable").reset_index(drop=True))


def assert_equal_to_one_run(output, paths, cli):
    """The Parquet datasets equal, row for row and dtype for dtype, one `swing-metrics analyze` over ``paths``."""
    expected = sorted_frames(*batchedmotion.analyze(paths, cli=cli))
    actual = bmdask.read(output)
    pd.testing.assert_frame_equal(actual[0], expected[0])
    pd.testing.assert_frame_equal(actual[1], expected[1])


def test_results_equal_one_analyze_run(client, cli, season, corrupt, tmp_path):
    paths = [*season, corrupt]
    summary = bmdask.analyze(paths, tmp_path / "out", client, shard_size=3, cli=cli, time_limit=30)
    assert (summary.recordings, summary.shards, summary.shards_run, summary.errors) == (7, 3, 3, 1)
    assert_equal_to_one_run(tmp_path / "out", paths, cli)
    assert sorted(os.listdir(tmp_path / "out" / "swings")) == sorted(os.listdir(tmp_path / "out" / "recordings"))
    assert len(os.listdir(tmp_path / "out" / "recordings")) == 3


def test_crashing_and_hanging_recordings_are_isolated(client, cli, season, make_fake_cli, tmp_path):
    crashing = named_copy(season[1], tmp_path, "crash-session")
    hanging = named_copy(season[2], tmp_path, "hang-session.npz" if season[2].endswith(".npz") else "hang-session")
    good = [season[0], season[3], season[4], season[5]]
    paths = [good[0], crashing, good[1], good[2], hanging, good[3]]
    summary = bmdask.analyze(paths, tmp_path / "out", client, shard_size=3, cli=make_fake_cli(),
                             time_limit=HANG_LIMIT_S)
    assert summary.errors == 2
    recordings, swings = bmdask.read(tmp_path / "out")
    by_path = recordings.set_index("recording")
    assert "SIGSEGV" in by_path.error[crashing] and f"time limit of {HANG_LIMIT_S} s" in by_path.error[hanging]
    expected = sorted_frames(*batchedmotion.analyze(good, cli=cli))
    ok = recordings[recordings.status == "ok"].reset_index(drop=True)
    pd.testing.assert_frame_equal(ok, expected[0])
    pd.testing.assert_frame_equal(swings, expected[1])


def test_a_worker_killed_mid_run_costs_nothing(client, cli, season, make_fake_cli, tmp_path):
    log = str(tmp_path / "invocations.jsonl")
    fake = make_fake_cli(log=log, delay=2.0)  # each shard takes ≥ 2 s, so the kill lands inside a task
    result = {}
    runner = threading.Thread(target=lambda: result.update(summary=bmdask.analyze(
        season, tmp_path / "out", client, shard_size=2, cli=fake, time_limit=30)))
    runner.start()
    deadline = time.monotonic() + 60
    while not os.path.exists(log) and time.monotonic() < deadline:
        time.sleep(0.05)
    busy = [address for address, keys in client.processing().items() if keys]
    assert busy, "no worker was running a shard"
    victim = client.run(os.getpid, workers=busy[:1])[busy[0]]
    os.kill(victim, signal.SIGKILL)
    runner.join(timeout=120)
    assert not runner.is_alive()
    assert result["summary"].shards_run == 3
    assert_equal_to_one_run(tmp_path / "out", season, cli)
    # The killed worker's shard really was interrupted and run again (its paths were given to the tool twice).
    invocations = [tuple(json.loads(line)) for line in open(log)]
    assert len(invocations) > len(set(invocations)) and set(invocations) == {
        tuple(season[i:i + 2]) for i in range(0, len(season), 2)}
    client.wait_for_workers(2, timeout=60)


DRIVER = """
import sys
from distributed import Client
from batchedmotion import dask as bmdask
paths, output, fake = sys.argv[1].split("\\n"), sys.argv[2], sys.argv[3]
bmdask.analyze(paths, output, Client(sys.argv[4]), shard_size=1, cli=fake, time_limit=30)
"""


def test_an_interrupted_run_resumes_without_redoing_work(client, cli, season, make_fake_cli, tmp_path):
    output, log = tmp_path / "out", str(tmp_path / "invocations.jsonl")
    fake = make_fake_cli(log=log, delay=1.0)
    # A driver process (as a user's script or notebook) is killed once two of its six shards are done.
    driver = subprocess.Popen([sys.executable, "-c", DRIVER, "\n".join(season), str(output), fake,
                               client.scheduler.address])
    deadline = time.monotonic() + 90
    while len(bmdask.done_shards(output)) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    driver.send_signal(signal.SIGKILL)
    driver.wait()
    # Shards already running when the driver died finish on their workers and are kept (their results are simply
    # unclaimed): wait until every shard the tool was started on is marked done.
    deadline = time.monotonic() + 60
    while len(bmdask.done_shards(output)) < len(set(open(log).read().splitlines())) and time.monotonic() < deadline:
        time.sleep(0.1)
    done = bmdask.done_shards(output)
    assert 2 <= len(done) < len(season)
    before = open(log).read().splitlines()

    summary = bmdask.analyze(season, output, client, shard_size=1, cli=fake, time_limit=30)

    assert (summary.shards_skipped, summary.shards_run) == (len(done), len(season) - len(done))
    rerun = [json.loads(line)[0] for line in open(log).read().splitlines()[len(before):]]
    finished = {path for path in season if bmdask.shard_id([path]) in done}
    assert sorted(rerun) == sorted(set(season) - finished)
    assert_equal_to_one_run(output, season, cli)
    again = bmdask.analyze(season, output, client, shard_size=1, cli=fake)
    assert (again.shards_skipped, again.shards_run) == (len(season), 0)


def test_the_same_shards_into_two_outputs_at_once_both_complete(client, cli, season, tmp_path):
    outputs = [tmp_path / "a", tmp_path / "b"]
    runs = [threading.Thread(target=bmdask.analyze, args=(season[:3], output, client),
                             kwargs={"shard_size": 3, "cli": cli}) for output in outputs]
    for run in runs:
        run.start()
    for run in runs:
        run.join(timeout=120)
    for output in outputs:
        assert_equal_to_one_run(output, season[:3], cli)
