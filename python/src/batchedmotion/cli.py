"""Finding the ``swing-metrics`` executable and streaming ``analyze`` or ``workout --format jsonl`` from it.

The tool writes one JSON object per recording and per line, in input order, as the recordings are analysed (the
line format is documented in ``docs/python.md``). This module runs it once over all inputs and yields the objects
as the lines arrive; `batchedmotion.isolation` adds crash and hang isolation on top (``analyze`` only).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import threading
from collections.abc import Iterable, Iterator, Sequence

from .errors import BatchedMotionError

#: Environment variable naming the ``swing-metrics`` executable (checked after an explicit ``cli=`` argument and
#: before ``PATH``).
CLI_ENV = "BATCHEDMOTION_CLI"

#: ``analyze`` exit statuses: every input analysed; some input failed (its line carries ``"error"``); usage error.
EXIT_OK, EXIT_SOME_FAILED, EXIT_USAGE = 0, 1, 64


def find_cli(cli: str | os.PathLike[str] | None = None) -> str:
    """The ``swing-metrics`` executable to run: ``cli`` if given, else ``$BATCHEDMOTION_CLI``, else ``PATH``.

    Raises `BatchedMotionError` when none of them names an executable file.
    """
    candidates = []
    if cli is not None:
        candidates.append(("cli argument", os.fspath(cli)))
    elif os.environ.get(CLI_ENV):
        candidates.append((f"${CLI_ENV}", os.environ[CLI_ENV]))
    else:
        found = shutil.which("swing-metrics")
        if found is None:
            raise BatchedMotionError(
                f"swing-metrics not found: not on PATH and ${CLI_ENV} is not set "
                "(build it with `make build`, then pass cli=..., set the variable or add it to PATH)")
        candidates.append(("PATH", found))
    source, path = candidates[0]
    resolved = shutil.which(path) if os.sep not in path else path
    if resolved is None or not os.path.isfile(resolved) or not os.access(resolved, os.X_OK):
        raise BatchedMotionError(f"swing-metrics from {source}: {path}: not an executable file")
    return os.path.abspath(resolved)


def jsonl_command(cli: str, command: str, paths: Sequence[str], cli_args: Iterable[str] = (), *,
                  jobs: int | None = None, progress: bool = False) -> list[str]:
    """The argument vector of ``swing-metrics COMMAND --format jsonl`` over ``paths`` (``command``: ``"analyze"``
    or ``"workout"``, which share inputs, ordering, output rules and exit statuses).

    ``cli_args`` go before the paths (e.g. ``["--sport", "golf"]``); ``--`` then ends the options, so a path that
    starts with ``-`` is still a path.
    """
    argv = [cli, command, "--format", "jsonl", *cli_args]
    if jobs is not None:
        argv += ["--jobs", str(jobs)]
    if not progress:
        argv.append("--no-progress")
    return argv + ["--", *map(os.fspath, paths)]


def analyze_command(cli: str, paths: Sequence[str], cli_args: Iterable[str] = (), *, jobs: int | None = None,
                    progress: bool = False) -> list[str]:
    """The argument vector of ``swing-metrics analyze --format jsonl`` over ``paths`` (see `jsonl_command`)."""
    return jsonl_command(cli, "analyze", paths, cli_args, jobs=jobs, progress=progress)


def stream_analyze(paths: Sequence[str | os.PathLike[str]], *, cli: str | os.PathLike[str] | None = None,
                   cli_args: Iterable[str] = (), jobs: int | None = None) -> Iterator[dict]:
    """Runs ``swing-metrics analyze --format jsonl`` once over ``paths`` and yields each recording's JSON object as
    its line arrives (input order; paths may be files, recording directories, directories searched recursively or
    glob patterns, exactly as the tool takes them).

    A recording the tool could not read is an object with an ``"error"`` member, not an exception. Raises
    `BatchedMotionError` when the tool refuses the command line (exit 64, e.g. a path that matches nothing) or
    ends abnormally (killed by a signal, or output cut short); for isolation of such failures per recording use
    `batchedmotion.dask.analyze` or `batchedmotion.isolation.analyze_isolated`.
    """
    return stream_jsonl("analyze", paths, cli=cli, cli_args=cli_args, jobs=jobs)


def stream_workout(paths: Sequence[str | os.PathLike[str]], *, cli: str | os.PathLike[str] | None = None,
                   cli_args: Iterable[str] = (), jobs: int | None = None) -> Iterator[dict]:
    """`stream_analyze` for ``swing-metrics workout --format jsonl``: one workout object per recording (activity
    segments, steps, elevation, floors, dive depth, the device's own counts), same inputs, order and errors."""
    return stream_jsonl("workout", paths, cli=cli, cli_args=cli_args, jobs=jobs)


def stream_jsonl(command: str, paths: Sequence[str | os.PathLike[str]], *, cli: str | os.PathLike[str] | None = None,
                 cli_args: Iterable[str] = (), jobs: int | None = None) -> Iterator[dict]:
    """Runs ``swing-metrics COMMAND --format jsonl`` once over ``paths`` and yields the objects as their lines
    arrive (see `stream_analyze` for the inputs and errors)."""
    if not paths:
        return
    executable = find_cli(cli)
    argv = jsonl_command(executable, command, [os.fspath(p) for p in paths], cli_args, jobs=jobs)
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    stderr_chunks: list[bytes] = []
    # Standard error is drained on a thread so that a chatty tool never blocks on a full pipe.
    drain = threading.Thread(target=lambda: stderr_chunks.append(process.stderr.read()), daemon=True)
    drain.start()
    finished = False
    try:
        for number, line in enumerate(process.stdout, start=1):
            try:
                yield json.loads(line)
            except json.JSONDecodeError as error:
                raise BatchedMotionError(
                    f"{executable} {command}: output line {number}: not JSON ({error.msg}): {line[:200]!r}") from None
        finished = True
    finally:
        if not finished:
            # The consumer stopped early (or a line was not JSON): do not leave the tool running.
            process.kill()
        process.stdout.close()
        status = process.wait()
        drain.join()
    stderr = b"".join(stderr_chunks).decode("utf-8", "replace").strip()
    if status not in (EXIT_OK, EXIT_SOME_FAILED):
        how = f"was killed by signal {-status}" if status < 0 else f"exited with status {status}"
        raise BatchedMotionError(f"{executable} {command} {how}: {stderr or '(nothing on standard error)'}")
