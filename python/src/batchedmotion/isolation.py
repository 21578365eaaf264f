"""Running ``swing-metrics analyze`` over many recordings so that one bad recording never costs the others.

The tool isolates recordings it can *read* wrongly (an error line, exit status 1), but a recording that crashes it
(a signal) or makes it hang (a stalled network file system, a FIFO) ends or blocks the whole process — and the tool
buffers standard output (64 KiB), so a crash also loses the results it had computed but not yet written.

`analyze_isolated` therefore runs the tool with ``--jobs 1`` (one recording at a time, in input order) and watches
two things: the JSONL results on standard output, and the tool's progress bar, which it draws on standard error
when that is a terminal — here a pseudo-terminal — once per finished recording. The progress count says which
recording is in flight at any moment. When the tool crashes, or no recording finishes within ``time_limit``
seconds (measured from the previous one finishing, or from the start), the process group is killed, the in-flight
recording becomes an error row with the reason, and the tool is restarted on the recordings whose results were not
received (those it had finished but not yet written, and the rest). Each restart removes at least one recording, so
the loop ends; its cost is one process start plus the re-analysis of at most a buffer's worth of recordings.
"""

from __future__ import annotations

import json
import os
import pty
import re
import selectors
import signal
import subprocess
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .cli import EXIT_OK, EXIT_SOME_FAILED, EXIT_USAGE, analyze_command, find_cli

# The progress bar: "\ranalysing ████░░░ 3/50" (label, bar, finished/total), redrawn per finished recording.
_PROGRESS = re.compile(rb"\ranalysing \S* (\d+)/(\d+)")


@dataclass
class RunStats:
    """What `analyze_isolated` did: tool processes started and why some ended early, and their wall time, s."""

    processes: int = 0
    crashes: int = 0
    timeouts: int = 0
    process_seconds: float = 0.0
    events: list[str] = field(default_factory=list)


@dataclass
class _Attempt:
    objects: list[dict]
    finished: int  # recordings the progress bar reported finished
    status: int | None  # exit status (negative: signal); None when we killed it for the time limit
    stderr: str


def _error_object(path: str, reason: str) -> dict:
    return {"recording": path, "duration": None, "swings": [], "issues": [], "error": f"{path}: {reason}"}


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _run_once(command: list[str], time_limit: float | None) -> _Attempt:
    """One tool process over the paths at the end of ``command``: its results, progress and how it ended."""
    leader, follower = pty.openpty()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=follower, stdin=subprocess.DEVNULL,
                               start_new_session=True)
    os.close(follower)
    os.set_blocking(leader, False)
    selector = selectors.DefaultSelector()
    selector.register(process.stdout, selectors.EVENT_READ, "out")
    selector.register(leader, selectors.EVENT_READ, "err")
    out, err, finished, timed_out = bytearray(), bytearray(), 0, False
    last_progress = time.monotonic()
    open_streams = 2
    try:
        while open_streams:
            timeout = None if time_limit is None else max(0.0, last_progress + time_limit - time.monotonic())
            events = selector.select(timeout)
            if not events and time_limit is not None and time.monotonic() >= last_progress + time_limit:
                timed_out = True
                break
            for key, _ in events:
                try:
                    chunk = os.read(key.fd, 1 << 16)
                except BlockingIOError:
                    continue
                except OSError:  # EIO: the pseudo-terminal's other side closed (the tool ended)
                    chunk = b""
                if not chunk:
                    selector.unregister(key.fileobj)
                    open_streams -= 1
                elif key.data == "out":
                    out += chunk
                else:
                    err += chunk
                    counts = _PROGRESS.findall(err[-512:])
                    if counts and int(counts[-1][0]) > finished:
                        finished = int(counts[-1][0])
                        last_progress = time.monotonic()
    finally:
        selector.close()
        if process.poll() is None and (timed_out or open_streams):
            os.killpg(process.pid, signal.SIGKILL)
        process.stdout.close()
        os.close(leader)
        status = process.wait()
    lines = bytes(out).split(b"\n")
    objects = [json.loads(line) for line in lines[:-1]]  # the last piece is empty or a cut-off line
    text = bytes(err).replace(b"\r", b"\n").decode("utf-8", "replace")
    messages = "\n".join(line for line in text.splitlines()
                         if line.strip() and not line.startswith("analysing ") and not line.startswith("\x1b"))
    return _Attempt(objects, finished, None if timed_out else status, messages.strip())


def analyze_isolated(paths: Sequence[str], *, cli: str | os.PathLike[str] | None = None,
                     cli_args: Iterable[str] = (), time_limit: float | None = 60.0,
                     stats: RunStats | None = None) -> list[dict]:
    """One ``analyze`` JSON object per path, in order, whatever the individual recordings do to the tool.

    ``paths`` must each be one recording (see `batchedmotion.discovery.discover`). ``time_limit`` is the longest a
    single recording may take, s (process start included for the first), or None for no limit. A recording that
    crashes the tool or exceeds the limit gets an object with ``"error"`` saying so; the tool's own per-recording
    errors pass through unchanged. ``stats``, when given, is filled in with what happened.
    """
    executable = find_cli(cli)
    stats = stats if stats is not None else RunStats()
    cli_args = list(cli_args)
    results: dict[int, dict] = {}
    pending = list(range(len(paths)))
    alone = False  # after a usage error: one recording per process, so each gets its own message
    while pending:
        batch = pending[:1] if alone else pending
        command = analyze_command(executable, [paths[i] for i in batch], cli_args, jobs=1, progress=True)
        started = time.monotonic()
        attempt = _run_once(command, time_limit)
        stats.processes += 1
        stats.process_seconds += time.monotonic() - started
        received = attempt.objects[:len(batch)]
        for index, obj in zip(batch, received):
            results[index] = obj
        done = len(received)
        if attempt.status in (EXIT_OK, EXIT_SOME_FAILED) and done == len(batch):
            pending = [i for i in pending if i not in results]
            continue
        if attempt.status == EXIT_USAGE and done == 0:
            if len(batch) == 1:
                results[batch[0]] = _error_object(paths[batch[0]], f"refused by swing-metrics: {attempt.stderr}")
            alone = True
            pending = [i for i in pending if i not in results]
            continue
        culprit = max(done, attempt.finished)
        if attempt.status is None:
            stats.timeouts += 1
            reason = (f"no result within the time limit of {time_limit:g} s per recording; "
                      "swing-metrics was stopped (SIGKILL)")
        elif attempt.status < 0:
            stats.crashes += 1
            reason = f"swing-metrics was killed by {_signal_name(-attempt.status)} while analysing this recording"
        else:
            stats.crashes += 1
            reason = f"swing-metrics exited with status {attempt.status} without a result for this recording"
        if attempt.stderr:
            reason += f" (standard error: {attempt.stderr[-500:]})"
        if culprit < len(batch):
            stats.events.append(f"{paths[batch[culprit]]}: {reason}")
            results[batch[culprit]] = _error_object(paths[batch[culprit]], reason)
        else:
            # Every recording finished but the process died before writing them all: nothing to blame, so report
            # the lost ones rather than retrying forever.
            for index in batch[done:]:
                results[index] = _error_object(paths[index], reason + " after analysing it, before writing its result")
        pending = [i for i in pending if i not in results]
    return [results[i] for i in range(len(paths))]
