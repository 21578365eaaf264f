"""Running ``swing-metrics analyze`` over many recordings so that one bad recording never costs the others.

The tool isolates what it can see itself: a recording it cannot read is an error line (exit status 1), and with
``--time-limit`` a recording that takes longer than the limit — a stalled network file system, a FIFO, a
pathological file — is an error line "time limit of N s exceeded" while the tool goes on with the next one. What it
cannot see is its own death: a recording that crashes it (a signal) ends the process, and a hang outside the
analysis (in the operating system, or in a test double) blocks it.

`analyze_isolated` therefore runs the tool with ``--jobs 1 --time-limit T --format jsonl``: one recording at a time,
in input order, each result line flushed as soon as it is done. The recording in flight at any moment is the first
one without a result line. A Python-side watchdog covers the rest: when the tool crashes, or no line arrives within
``T`` plus a grace period (measured from the previous line, or from the start), the process group is killed, the
recording in flight becomes an error row with the reason, and the tool is restarted on the recordings after it.
Each restart removes at least one recording, so the loop ends; its cost is one process start per crash or hang.
"""

from __future__ import annotations

import json
import os
import selectors
import signal
import subprocess
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .cli import EXIT_USAGE, analyze_command, find_cli

#: Extra time the watchdog gives the tool beyond its own ``--time-limit`` before killing it, s: the tool reports a
#: recording past the limit itself within a batch (≈ 1 s of data) of the limit; the watchdog only catches what it
#: cannot (a crash, a hang outside the analysis), so it waits a little longer rather than race the tool.
WATCHDOG_GRACE_S = 5.0


def watchdog_limit(time_limit: float) -> float:
    """How long the watchdog waits for the next result line, s, for a per-recording ``time_limit``."""
    return time_limit + max(WATCHDOG_GRACE_S, 0.25 * time_limit)


@dataclass
class RunStats:
    """What `analyze_isolated` did: tool processes started and why some ended early, and their wall time, s.

    ``timeouts`` counts recordings past the time limit, whether the tool reported them (``tool_timeouts``, no
    restart needed) or the watchdog had to kill the tool.
    """

    processes: int = 0
    crashes: int = 0
    timeouts: int = 0
    tool_timeouts: int = 0
    process_seconds: float = 0.0
    events: list[str] = field(default_factory=list)


@dataclass
class _Attempt:
    objects: list[dict]
    status: int | None  # exit status (negative: signal); None when we killed it for the time limit
    stderr: str


def _error_object(path: str, reason: str) -> dict:
    return {"recording": path, "duration": None, "swings": [], "issues": [], "error": f"{path}: {reason}"}


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _run_once(command: list[str], watchdog: float | None) -> _Attempt:
    """One tool process over the paths at the end of ``command``: its result lines and how it ended. Killed when
    no line arrives within ``watchdog`` seconds of the previous one (or of the start)."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                               start_new_session=True)
    os.set_blocking(process.stdout.fileno(), False)
    os.set_blocking(process.stderr.fileno(), False)
    selector = selectors.DefaultSelector()
    selector.register(process.stdout, selectors.EVENT_READ, "out")
    selector.register(process.stderr, selectors.EVENT_READ, "err")
    out, err, timed_out = bytearray(), bytearray(), False
    last_line = time.monotonic()
    open_streams = 2
    try:
        while open_streams:
            timeout = None if watchdog is None else max(0.0, last_line + watchdog - time.monotonic())
            events = selector.select(timeout)
            if not events and watchdog is not None and time.monotonic() >= last_line + watchdog:
                timed_out = True
                break
            for key, _ in events:
                try:
                    chunk = os.read(key.fd, 1 << 16)
                except BlockingIOError:
                    continue
                if not chunk:
                    selector.unregister(key.fileobj)
                    open_streams -= 1
                elif key.data == "out":
                    if b"\n" in chunk:
                        last_line = time.monotonic()
                    out += chunk
                else:
                    err += chunk
    finally:
        selector.close()
        if process.poll() is None and (timed_out or open_streams):
            os.killpg(process.pid, signal.SIGKILL)
        process.stdout.close()
        process.stderr.close()
        status = process.wait()
    lines = bytes(out).split(b"\n")
    objects = [json.loads(line) for line in lines[:-1]]  # the last piece is empty or a cut-off line
    messages = "\n".join(line for line in bytes(err).decode("utf-8", "replace").splitlines() if line.strip())
    return _Attempt(objects, None if timed_out else status, messages.strip())


def analyze_isolated(paths: Sequence[str], *, cli: str | os.PathLike[str] | None = None,
                     cli_args: Iterable[str] = (), time_limit: float | None = 60.0,
                     stats: RunStats | None = None) -> list[dict]:
    """One ``analyze`` JSON object per path, in order, whatever the individual recordings do to the tool.

    ``paths`` must each be one recording (see `batchedmotion.discovery.discover`). ``time_limit`` is the longest a
    single recording may take, s, or None for no limit: passed to the tool as ``--time-limit`` (its error line
    then says "time limit of N s exceeded"), and enforced by the watchdog after a grace period (`watchdog_limit`;
    process start included for the first recording). A recording that crashes the tool or outlives the watchdog
    gets an object with ``"error"`` saying so; the tool's own per-recording errors pass through unchanged.
    ``stats``, when given, is filled in with what happened.
    """
    executable = find_cli(cli)
    stats = stats if stats is not None else RunStats()
    cli_args = list(cli_args)
    results: dict[int, dict] = {}
    pending = list(range(len(paths)))
    alone = False  # after a usage error: one recording per process, so each gets its own message
    while pending:
        batch = pending[:1] if alone else pending
        limit_args = [] if time_limit is None else ["--time-limit", f"{time_limit:g}"]
        command = analyze_command(executable, [paths[i] for i in batch], [*cli_args, *limit_args], jobs=1)
        started = time.monotonic()
        attempt = _run_once(command, None if time_limit is None else watchdog_limit(time_limit))
        stats.processes += 1
        stats.process_seconds += time.monotonic() - started
        received = attempt.objects[:len(batch)]
        for index, obj in zip(batch, received):
            results[index] = obj
        done = len(received)
        reported = sum(1 for obj in received if str(obj.get("error", "")).endswith(" s exceeded")
                       and "time limit of " in str(obj.get("error", "")))
        stats.timeouts += reported
        stats.tool_timeouts += reported
        if done == len(batch):
            # Every result arrived (whatever happened to the process afterwards).
            pending = [i for i in pending if i not in results]
            continue
        if attempt.status == EXIT_USAGE and done == 0:
            if len(batch) == 1:
                results[batch[0]] = _error_object(paths[batch[0]], f"refused by swing-metrics: {attempt.stderr}")
            alone = True
            pending = [i for i in pending if i not in results]
            continue
        # Results are flushed per recording in input order: the first one without a result was in flight.
        culprit = batch[done]
        if attempt.status is None:
            stats.timeouts += 1
            reason = (f"no result within the time limit of {time_limit:g} s per recording (swing-metrics did not "
                      "report it itself); swing-metrics was stopped (SIGKILL)")
        elif attempt.status < 0:
            stats.crashes += 1
            reason = f"swing-metrics was killed by {_signal_name(-attempt.status)} while analysing this recording"
        else:
            stats.crashes += 1
            reason = f"swing-metrics exited with status {attempt.status} without a result for this recording"
        if attempt.stderr:
            reason += f" (standard error: {attempt.stderr[-500:]})"
        stats.events.append(f"{paths[culprit]}: {reason}")
        results[culprit] = _error_object(paths[culprit], reason)
        pending = [i for i in pending if i not in results]
    return [results[i] for i in range(len(paths))]
