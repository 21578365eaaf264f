"""Columns, types and units of the two ``workout`` tables, and their construction from ``workout --format jsonl``
objects (the contract: docs/architecture.md §5.4).

``workouts`` has one row per recording: the activity totals, the pressure measures (elevation, floors, dive depth),
and the device's own counts beside ours as flat ``device_*`` columns. ``segments`` has one row per activity segment.
Naming, null handling and ``extra_json`` follow `batchedmotion.schema`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

import pyarrow as pa

from .schema import NULLABLE_INT, extra_json, schema_of

#: One row per recording: (column, type, JSON source, meaning). A source ``"a.b"`` is key ``b`` of object ``a``;
#: ``"#k"`` the length of array ``k``; ``"json:k"`` array ``k`` as JSON text; ``"-"`` computed. In python/README.md.
WORKOUT_COLUMNS: list[tuple[str, pa.DataType | str, str, str]] = [
    ("recording", pa.string(), "recording", "the input path, as given to the tool"),
    ("status", pa.string(), "-", '"ok", or "error" when the recording could not be read or analysed'),
    ("error", pa.string(), "error", "why (names file, line and problem); null when ok"),
    ("duration_s", pa.float64(), "duration", "first to last sample the workout analysis read, s; NaN on error"),
    ("data_case", pa.string(), "dataCase", "the workout analysis's data (full, accelerometerOnly, …); null on error"),
    ("swing_data_case", pa.string(), "swingDataCase", "the swing analysis's data case; null on error"),
    ("segment_count", pa.int64(), "#segments", "activity segments (the segments table)"),
    ("steps", NULLABLE_INT, "steps",
     "steps in walking and running segments (as CMPedometer.numberOfSteps); <NA> on error"),
    ("cadence_steps_s", pa.float64(), "cadence", "steps ÷ seconds of walking and running, steps/s; NaN without gait"),
    ("distance_m", pa.float64(), "distance", "steps × the step length, m; NaN without --step-length"),
    ("swing_count", NULLABLE_INT, "swings", "swings kept by the swing gate; <NA> on error"),
    ("swings_left_out_count", pa.int64(), "#swingsLeftOut", "swings inside swimming, running or cycling segments"),
    ("swings_left_out_json", pa.string(), "json:swingsLeftOut",
     "those swings, a JSON array of {start, impact, activity, reason}"),
    ("issue_count", pa.int64(), "#issues", "data-hygiene findings, repairs and missing streams"),
    ("issues_json", pa.string(), "json:issues", "those, a JSON array of {kind, file, line, column, message}"),
    ("elevation_gain_m", pa.float64(), "elevationGain",
     "altitude climbed (pressure), weather drift left out, 1 m dead band, m; NaN without pressure"),
    ("elevation_loss_m", pa.float64(), "elevationLoss", "altitude descended, the same way, m; NaN without pressure"),
    ("floors_ascended", NULLABLE_INT, "floorsAscended",
     "floors climbed while walking or running, 3 m a floor; <NA> without pressure"),
    ("floors_descended", NULLABLE_INT, "floorsDescended", "floors descended, the same way; <NA> without pressure"),
    ("max_depth_m", pa.float64(), "maxDepth", "greatest depth under water, m; NaN when never submerged"),
    ("submersion_count", pa.int64(), "#submersions", "stretches under water"),
    ("submersions_json", pa.string(), "json:submersions",
     "those, a JSON array of {start, end, maxDepth, maxDepthTime, surfacePressure, deepestZone} (s, s, m, s, kPa)"),
    ("device_steps", NULLABLE_INT, "device.steps", "the device's own step count (CMPedometer); <NA> without it"),
    ("device_steps_difference", NULLABLE_INT, "device.stepsDifference", "steps − device_steps"),
    ("device_steps_difference_percent", pa.float64(), "device.stepsDifferencePercent",
     "that difference in % of device_steps; NaN when device_steps is 0"),
    ("device_distance_m", pa.float64(), "device.distance", "the device's own distance, m"),
    ("device_distance_difference_m", pa.float64(), "device.distanceDifference", "distance_m − device_distance_m, m"),
    ("device_distance_difference_percent", pa.float64(), "device.distanceDifferencePercent",
     "that difference in % of device_distance_m"),
    ("device_floors_ascended", NULLABLE_INT, "device.floorsAscended", "the device's own floors climbed"),
    ("device_floors_descended", NULLABLE_INT, "device.floorsDescended", "the device's own floors descended"),
    ("device_floors_ascended_difference", NULLABLE_INT, "device.floorsAscendedDifference",
     "floors_ascended − device_floors_ascended"),
    ("device_floors_descended_difference", NULLABLE_INT, "device.floorsDescendedDifference",
     "floors_descended − device_floors_descended"),
    ("device_activity_agreement", pa.float64(), "device.activityAgreement",
     "share of device_activity_compared_time_s where the device's activity agrees with the segments, 0…1"),
    ("device_activity_compared_time_s", pa.float64(), "device.activityComparedTime",
     "time where both sides name a comparable activity, s"),
    ("extra_json", pa.string(), "-",
     "top-level (and device) keys unknown to this version, as a JSON object; null when none"),
]

#: One row per activity segment, in time order within each recording.
SEGMENT_COLUMNS: list[tuple[str, pa.DataType | str, str, str]] = [
    ("recording", pa.string(), "-", "the recording's input path (joins workouts.recording)"),
    ("segment", pa.int64(), "-", "1-based number of the segment within its recording"),
    ("start_s", pa.float64(), "start", "start, s on the recording's clock"),
    ("end_s", pa.float64(), "end", "end (exclusive), s"),
    ("activity", pa.string(), "activity", "stationary, walking, running, cycling, swimming, swingSport or unknown"),
    ("confidence", pa.float64(), "confidence", "rule confidence of the segment, 0…1"),
    ("steps", pa.float64(), "steps", "steps counted in the segment (not rounded; 0 outside walking and running)"),
    ("cadence_steps_s", pa.float64(), "cadence", "mean step frequency, steps/s; NaN outside walking and running"),
    ("elevation_gain_m", pa.float64(), "elevationGain", "altitude climbed within the segment, m; NaN without pressure"),
    ("elevation_loss_m", pa.float64(), "elevationLoss", "altitude descended within the segment, m"),
    ("floors_ascended", NULLABLE_INT, "floorsAscended", "floors climbed within the segment; <NA> without pressure"),
    ("floors_descended", NULLABLE_INT, "floorsDescended", "floors descended within the segment"),
    ("max_depth_m", pa.float64(), "maxDepth", "greatest depth of the dives peaking in the segment, m; else NaN"),
    ("extra_json", pa.string(), "-", "segment keys unknown to this version, as a JSON object; null when none"),
]

WORKOUT_SCHEMA = schema_of(WORKOUT_COLUMNS)
SEGMENT_SCHEMA = schema_of(SEGMENT_COLUMNS)


def _source_keys(columns) -> tuple[set[str], set[str]]:
    """(top-level keys, ``device`` keys) that the columns read."""
    top, device = set(), set()
    for _, _, source, _ in columns:
        if source == "-":
            continue
        key = source.split(":")[-1].lstrip("#")
        if key.startswith("device."):
            device.add(key.removeprefix("device."))
            top.add("device")
        else:
            top.add(key)
    return top, device


_KNOWN_WORKOUT_KEYS, _KNOWN_DEVICE_KEYS = _source_keys(WORKOUT_COLUMNS)
_KNOWN_WORKOUT_KEYS |= {"segments"}
_KNOWN_SEGMENT_KEYS, _ = _source_keys(SEGMENT_COLUMNS)


def _value(obj: dict, source: str):
    if source.startswith("#"):
        return len(obj.get(source[1:]) or [])
    if source.startswith("json:"):
        return json.dumps(obj.get(source[5:]) or [], allow_nan=False)
    outer, _, inner = source.partition(".")
    return (obj.get(outer) or {}).get(inner) if inner else obj.get(outer)


def workout_row(obj: dict) -> dict:
    """The workouts-table row of one ``workout`` JSON object."""
    row = {name: _value(obj, source) for name, _, source, _ in WORKOUT_COLUMNS if source != "-"}
    row["status"] = "error" if obj.get("error") is not None else "ok"
    row["extra_json"] = extra_json(obj, _KNOWN_WORKOUT_KEYS, {"device": _KNOWN_DEVICE_KEYS})
    return row


def workouts_table(objects: Iterable[dict]) -> pa.Table:
    """Arrow table (`WORKOUT_SCHEMA`) of ``workout`` JSON objects, one row each, in order."""
    return pa.Table.from_pylist([workout_row(obj) for obj in objects], schema=WORKOUT_SCHEMA)


def segments_table(objects: Iterable[dict]) -> pa.Table:
    """Arrow table (`SEGMENT_SCHEMA`) of all activity segments of ``workout`` JSON objects, in order."""
    rows = []
    for obj in objects:
        for number, segment in enumerate(obj.get("segments") or [], start=1):
            row = {name: segment.get(source) for name, _, source, _ in SEGMENT_COLUMNS if source != "-"}
            row.update(recording=obj["recording"], segment=number,
                       extra_json=extra_json(segment, _KNOWN_SEGMENT_KEYS))
            rows.append(row)
    return pa.Table.from_pylist(rows, schema=SEGMENT_SCHEMA)
