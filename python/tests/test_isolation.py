"""A recording that crashes or hangs the tool costs only its own row (batchedmotion.isolation)."""

from __future__ import annotations

import json
import time

import batchedmotion
from batchedmotion.isolation import RunStats, analyze_isolated

from conftest import HANG_LIMIT_S, named_copy


def test_results_equal_one_plain_run(cli, season, corrupt):
    paths = [*season, corrupt]
    stats = RunStats()
    isolated = analyze_isolated(paths, cli=cli, time_limit=30, stats=stats)
    assert isolated == list(batchedmotion.stream_analyze(paths, cli=cli))
    assert stats.processes == 1 and stats.crashes == stats.timeouts == 0
    assert "error" in isolated[-1] and all("error" not in obj for obj in isolated[:-1])


def test_a_crash_costs_only_the_crashing_recording(cli, season, make_fake_cli, tmp_path):
    crashing = named_copy(season[1], tmp_path, "crash-session")
    paths = [season[0], season[2], crashing, season[3], season[4]]
    log = str(tmp_path / "invocations.jsonl")
    stats = RunStats()
    results = analyze_isolated(paths, cli=make_fake_cli(log=log), time_limit=30, stats=stats)
    reference = list(batchedmotion.stream_analyze([p for p in paths if p != crashing], cli=cli))
    assert [obj for obj in results if obj["recording"] != crashing] == reference
    crash = results[2]
    assert crash["recording"] == crashing and "SIGSEGV" in crash["error"] and crash["swings"] == []
    assert stats.crashes == 1 and stats.processes == 2
    # Results are flushed per recording, so the restart runs only the two recordings after the crashing one:
    # nothing finished is redone, and the crashing one is never run again.
    invocations = [json.loads(line) for line in open(log)]
    assert invocations == [paths, [season[3], season[4]]]


def test_a_fifo_is_an_error_row_of_its_own(cli, season, fifo):
    # The tool never opens a FIFO (reading one would block): it is an error row at once, and the run goes on.
    paths = [season[0], fifo, season[1]]
    stats = RunStats()
    started = time.monotonic()
    results = analyze_isolated(paths, cli=cli, time_limit=HANG_LIMIT_S, stats=stats)
    elapsed = time.monotonic() - started
    assert results[1]["recording"] == fifo and "a FIFO (named pipe)" in results[1]["error"]
    assert [results[0], results[2]] == list(batchedmotion.stream_analyze([season[0], season[1]], cli=cli))
    # No watchdog kill, no restart, no time limit reached.
    assert stats.timeouts == stats.tool_timeouts == 0 and stats.processes == 1 and stats.crashes == 0
    assert elapsed < 4 * HANG_LIMIT_S


def test_a_hang_after_a_crash_and_the_tools_own_errors_together(cli, season, make_fake_cli, corrupt, tmp_path):
    hanging = named_copy(season[0], tmp_path, "hang-session.npz" if season[0].endswith(".npz") else "hang-session")
    crashing = named_copy(season[1], tmp_path, "crash-session")
    paths = [crashing, season[2], corrupt, hanging, season[3]]
    stats = RunStats()
    results = analyze_isolated(paths, cli=make_fake_cli(), time_limit=HANG_LIMIT_S, stats=stats)
    assert [obj["recording"] for obj in results] == paths
    assert "SIGSEGV" in results[0]["error"] and "time limit" in results[3]["error"]
    assert "unrecognised format" in results[2]["error"]
    assert [results[1], results[4]] == list(batchedmotion.stream_analyze([season[2], season[3]], cli=cli))
    assert (stats.crashes, stats.timeouts, stats.tool_timeouts) == (1, 1, 0), "the hang needed the watchdog"


def test_frames_with_a_time_limit_isolate_too(cli, season, fifo):
    recordings = batchedmotion.recordings([season[0], fifo], cli=cli, time_limit=HANG_LIMIT_S)
    assert list(recordings.status) == ["ok", "error"]
    assert "a FIFO (named pipe)" in recordings.error[1]
