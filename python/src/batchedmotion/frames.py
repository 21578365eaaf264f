"""`swings`, `recordings` and `analyze`: pandas DataFrames from one ``swing-metrics analyze`` run; `workout` and
`workouts` from one ``swing-metrics workout`` run."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence

import pandas as pd

from .cli import stream_analyze, stream_workout
from .discovery import discover
from .isolation import analyze_isolated
from .schema import recordings_table, swings_table, to_pandas
from .workout_schema import segments_table, workouts_table

Paths = str | os.PathLike[str] | Sequence[str | os.PathLike[str]]


def _objects(paths: Paths, cli, cli_args, jobs, time_limit) -> list[dict]:
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    if time_limit is None:
        return list(stream_analyze(list(paths), cli=cli, cli_args=cli_args, jobs=jobs))
    return analyze_isolated(discover(paths, absolute=False), cli=cli, cli_args=cli_args, time_limit=time_limit)


def analyze(paths: Paths, *, cli: str | os.PathLike[str] | None = None, cli_args: Iterable[str] = (),
            jobs: int | None = None, time_limit: float | None = None) -> tuple[pd.DataFrame, pd.DataFrame]:
    """``(recordings, swings)`` DataFrames from one run of ``swing-metrics analyze --format jsonl``.

    ``paths``: recording files, recording directories, directories to search or glob patterns (as the tool takes
    them). ``cli``: the executable (default ``$BATCHEDMOTION_CLI``, else ``swing-metrics`` on ``PATH``).
    ``cli_args``: further ``analyze`` options, e.g. ``["--sport", "golf"]``. ``jobs``: the tool's ``--jobs``
    (default: all cores). ``time_limit``: when given, s per recording, each recording is isolated (a crash or a hang
    becomes an error row; see `batchedmotion.isolation`) and the tool runs one recording at a time.

    Columns, types and units: ``batchedmotion.schema`` and python/README.md. Rows are in the tool's input order.
    """
    objects = _objects(paths, cli, cli_args, jobs, time_limit)
    return to_pandas(recordings_table(objects)), to_pandas(swings_table(objects))


def swings(paths: Paths, **options) -> pd.DataFrame:
    """One row per swing, with its recording's path (see `analyze` for the options)."""
    return analyze(paths, **options)[1]


def recordings(paths: Paths, **options) -> pd.DataFrame:
    """One row per recording: status ``"ok"``/``"error"``, error text, duration, data case, counts (see `analyze`)."""
    return analyze(paths, **options)[0]


def workout(paths: Paths, *, step_length_m: float | None = None, cli: str | os.PathLike[str] | None = None,
            cli_args: Iterable[str] = (), jobs: int | None = None) -> tuple[pd.DataFrame, pd.DataFrame]:
    """``(workouts, segments)`` DataFrames from one run of ``swing-metrics workout --format jsonl``.

    ``workouts``: one row per recording — activity totals, steps, cadence, distance, the swing gate's counts,
    elevation gain and loss, floors and dive depth (from pressure), and the device's own counts beside ours.
    ``segments``: one row per activity segment. ``step_length_m``: distance per step, m (the tool's
    ``--step-length``; without it distances are NaN). ``paths``, ``cli``, ``cli_args``, ``jobs``: as `analyze`.

    Columns, types and units: ``batchedmotion.workout_schema`` and python/README.md.
    """
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    args = [*cli_args] + (["--step-length", repr(float(step_length_m))] if step_length_m is not None else [])
    objects = list(stream_workout(list(paths), cli=cli, cli_args=args, jobs=jobs))
    return to_pandas(workouts_table(objects)), to_pandas(segments_table(objects))


def workouts(paths: Paths, **options) -> pd.DataFrame:
    """One row per recording of ``swing-metrics workout`` (see `workout` for the options)."""
    return workout(paths, **options)[0]
