"""BatchedMotion from Python: swing metrics of wrist-motion recordings as pandas DataFrames, at any scale.

The package drives the ``swing-metrics`` command-line tool (found through ``cli=``, ``$BATCHEDMOTION_CLI`` or
``PATH``) and reads its ``analyze --format jsonl`` output as it streams; it has no compiled code of its own.

    import batchedmotion
    swings = batchedmotion.swings(["sessions/"])           # one row per swing
    recs = batchedmotion.recordings(["sessions/"])         # one row per recording, status "ok" / "error"
    works = batchedmotion.workouts(["sessions/"])          # activities, steps, elevation, floors per recording

For a season on a cluster, `batchedmotion.dask.analyze` (needs the ``dask`` extra) writes Parquet datasets and
resumes where it stopped.
"""

from .cli import CLI_ENV, find_cli, stream_analyze, stream_workout
from .discovery import discover
from .errors import BatchedMotionError
from .frames import analyze, recordings, swings, workout, workouts
from .isolation import analyze_isolated

__all__ = ["CLI_ENV", "BatchedMotionError", "analyze", "analyze_isolated", "discover", "find_cli", "recordings",
           "stream_analyze", "stream_workout", "swings", "workout", "workouts"]
__version__ = "0.1.0"
