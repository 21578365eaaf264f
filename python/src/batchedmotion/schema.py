"""Columns, types and units of the two tables, and their construction from ``analyze --format jsonl`` objects.

Both tables are built as Arrow tables with a fixed schema (the same for every shard of a Dask run, so the Parquet
datasets always read back as one table) and converted to pandas in one place, so a DataFrame built in memory and
one read back from Parquet have identical dtypes.

Column names are the JSON keys in snake_case with the unit appended (``timeToContact`` → ``time_to_contact_s``).
JSON keys this version does not know (the contract adds keys, never renames them) are kept, per row, in
``extra_json``: a JSON object text, or null when there are none.

A column's Arrow type is a `pyarrow.DataType`, or `NULLABLE_INT` for an integer the JSON may give as ``null``
(pandas ``Int64``, ``<NA>`` where null, rather than a float column). `batchedmotion.workout_schema` builds the
``workout`` tables from the same pieces.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable

import pandas as pd
import pyarrow as pa

#: Column type of an integer that may be null: Arrow int64, pandas ``Int64`` (``<NA>``, never a float).
NULLABLE_INT = "Int64"
_PANDAS_DTYPE = b"batchedmotion.pandas_dtype"


def schema_of(columns: list[tuple]) -> pa.Schema:
    """The Arrow schema of a column list: `NULLABLE_INT` columns are int64 fields marked for pandas ``Int64``."""
    fields = []
    for name, kind, *_ in columns:
        if isinstance(kind, str) and kind == NULLABLE_INT:  # (a pyarrow type compares equal to its name)
            fields.append(pa.field(name, pa.int64(), metadata={_PANDAS_DTYPE: NULLABLE_INT.encode()}))
        else:
            fields.append(pa.field(name, kind))
    return pa.schema(fields)


#: One row per recording: (column, Arrow type, JSON source, meaning). Mirrored in python/README.md.
RECORDING_COLUMNS: list[tuple[str, pa.DataType | str, str, str]] = [
    ("recording", pa.string(), "recording", "the input path, as given to the tool"),
    ("status", pa.string(), "-", '"ok", or "error" when the recording could not be read or analysed'),
    ("error", pa.string(), "error",
     "why (names file, line and problem; or the crash / time-limit reason); null when ok"),
    ("duration_s", pa.float64(), "duration", "first to last timestamp over both streams, s; NaN on error"),
    ("data_case", pa.string(), "dataCase",
     "which data the analysis had (e.g. full, accelerometerOnly); null on error"),
    ("swing_count", pa.int64(), "swings", "number of swings found"),
    ("contact_count", pa.int64(), "swings", "number of swings with contact == true"),
    ("issue_count", pa.int64(), "issues", "number of data-hygiene findings and repairs"),
    ("issues_json", pa.string(), "issues",
     "the hygiene findings as a JSON array of {kind, file, line, column, message}"),
    ("device_motion_source", pa.string(), "deviceMotionSource",
     '"recorded", "fused" or "core-motion-gravity": where the analysed device motion came from; null without it'),
    ("swings_left_out_count", NULLABLE_INT, "swingsLeftOut",
     "swings the workout gate (analyze --gate) left out: inside swimming, running or cycling; <NA> without --gate"),
    ("swings_left_out_json", pa.string(), "swingsLeftOut",
     "those swings, a JSON array of {start, impact, activity, reason}; null without --gate"),
    ("extra_json", pa.string(), "-", "top-level keys unknown to this version, as a JSON object; null when none"),
]

#: One row per swing: (column, Arrow type, JSON key in the swing object, meaning with unit).
SWING_COLUMNS: list[tuple[str, pa.DataType, str, str]] = [
    ("recording", pa.string(), "-", "the recording's input path (joins recordings.recording)"),
    ("swing", pa.int64(), "-", "1-based number of the swing within its recording, in time order"),
    ("start_s", pa.float64(), "start", "estimated start of the swing's rotation, s on the recording's clock"),
    ("impact_s", pa.float64(), "impact",
     "onset of the contact transient, s on the recording's clock; NaN for a miss"),
    ("time_to_contact_s", pa.float64(), "timeToContact", "impact − start, s; NaN without impact or rotation data"),
    ("contact", pa.bool_(), "contact",
     "whether the swing made contact (pandas boolean; <NA> where no accelerometer covers it)"),
    ("peak_rotation_rate_rad_s", pa.float64(), "peakRotationRate",
     "peak |rotation along gravity| up to impact, rad/s"),
    ("accumulated_rotation_rad", pa.float64(), "accumulatedRotation",
     "∫ |rotation along gravity| dt from start to impact, rad"),
    ("duration_s", pa.float64(), "duration", "start to the end of the swing's rotation (follow-through included), s"),
    ("impact_peak_g", pa.float64(), "impactPeak", "peak high-passed |acceleration| of the contact transient, g"),
    ("impact_saturated", pa.bool_(), "impactSaturated",
     "whether an accelerometer axis clipped during contact (boolean; <NA> without impact)"),
    ("impact_dominant_frequency_hz", pa.float64(), "impactDominantFrequency",
     "dominant frequency of the contact transient, Hz"),
    ("impact_band_energy_g2", pa.float64(), "impactBandEnergy",
     "energy of the contact transient in the configured band, g²"),
    ("swing_plane_normal_x", pa.float64(), "swingPlaneNormal",
     "unit normal of the swing plane, device frame, x (dimensionless)"),
    ("swing_plane_normal_y", pa.float64(), "swingPlaneNormal", "… y"),
    ("swing_plane_normal_z", pa.float64(), "swingPlaneNormal", "… z"),
    ("head_rotation_deg", pa.float64(), "headRotation",
     "how far the head (AirPods attitude) turned from start to impact, deg (0…180); NaN without headphone motion, "
     "for a miss, or where the stream has a gap"),
    ("head_peak_rate_deg_s", pa.float64(), "headPeakRate",
     "peak |head rotation rate| from start to impact, deg/s; NaN as head_rotation_deg or without a rotation rate"),
    ("head_still", pa.bool_(), "headStill", "head_rotation_deg ≤ 5° (boolean; <NA> as head_rotation_deg)"),
    ("head_rotation_before_impact_deg", pa.float64(), "headRotationBeforeImpact",
     "head rotation over the last 0.1 s before impact, deg; NaN as head_rotation_deg"),
    ("extra_json", pa.string(), "-", "swing keys unknown to this version, as a JSON object; null when none"),
]

RECORDING_SCHEMA = schema_of(RECORDING_COLUMNS)
SWING_SCHEMA = schema_of(SWING_COLUMNS)

_KNOWN_RECORDING_KEYS = {"recording", "duration", "swings", "issues", "dataCase", "error", "deviceMotionSource",
                         "swingsLeftOut"}
_SCALAR_SWING_KEYS = {source: name for name, _, source, _ in SWING_COLUMNS
                      if source not in ("-", "swingPlaneNormal")}
_KNOWN_SWING_KEYS = set(_SCALAR_SWING_KEYS) | {"swingPlaneNormal"}


def snake_case(key: str) -> str:
    """``timeToContact`` → ``time_to_contact``."""
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", key).lower()


def extra_json(obj: dict, known: set[str], nested: dict[str, set[str]] | None = None) -> str | None:
    """The keys of ``obj`` not in ``known`` as a JSON object text (``None`` when there are none). ``nested`` names
    object-valued keys whose own unknown keys are kept too, e.g. ``{"device": {...}}``."""
    extra = {}
    if not obj.keys() <= known:  # all known is the usual case, checked without building anything
        extra = {key: value for key, value in obj.items() if key not in known}
    for key, inner_known in (nested or {}).items():
        inner = obj.get(key)
        if isinstance(inner, dict) and not inner.keys() <= inner_known:
            extra[key] = {k: v for k, v in inner.items() if k not in inner_known}
    return json.dumps(extra, sort_keys=True, allow_nan=False) if extra else None


def recording_row(obj: dict) -> dict:
    """The recordings-table row of one ``analyze`` JSON object."""
    swings = obj.get("swings") or []
    issues = obj.get("issues") or []
    error = obj.get("error")
    left_out = obj.get("swingsLeftOut")
    return {
        "recording": obj["recording"],
        "status": "error" if error is not None else "ok",
        "error": error,
        "duration_s": obj.get("duration"),
        "data_case": obj.get("dataCase"),
        "swing_count": len(swings),
        "contact_count": sum(1 for swing in swings if swing.get("contact") is True),
        "issue_count": len(issues),
        "issues_json": json.dumps(issues, allow_nan=False),
        "device_motion_source": obj.get("deviceMotionSource"),
        # Absent without --gate (the key is added only then): missing, not 0 or "[]".
        "swings_left_out_count": None if left_out is None else len(left_out),
        "swings_left_out_json": None if left_out is None else json.dumps(left_out, allow_nan=False),
        "extra_json": extra_json(obj, _KNOWN_RECORDING_KEYS),
    }


def swing_rows(obj: dict) -> list[dict]:
    """The swings-table rows of one ``analyze`` JSON object (none for a recording that failed)."""
    table = swings_table([obj])
    return table.to_pylist()


def recordings_table(objects: Iterable[dict]) -> pa.Table:
    """Arrow table (`RECORDING_SCHEMA`) of ``analyze`` JSON objects, one row each, in order."""
    return pa.Table.from_pylist([recording_row(obj) for obj in objects], schema=RECORDING_SCHEMA)


def swings_table(objects: Iterable[dict]) -> pa.Table:
    """Arrow table (`SWING_SCHEMA`) of all swings of ``analyze`` JSON objects, in order.

    Built column by column (one list comprehension per key): a season has about ten swings per recording, and
    row dictionaries cost more than the JSON parsing before them.
    """
    recording, number, swings = [], [], []
    for obj in objects:
        found = obj.get("swings") or []
        recording += [obj["recording"]] * len(found)
        number += range(1, len(found) + 1)
        swings += found
    columns = {"recording": recording, "swing": number}
    for key, column in _SCALAR_SWING_KEYS.items():
        columns[column] = [swing.get(key) for swing in swings]
    normals = [swing.get("swingPlaneNormal") or _NO_NORMAL for swing in swings]
    for axis, column in enumerate(("swing_plane_normal_x", "swing_plane_normal_y", "swing_plane_normal_z")):
        columns[column] = [normal[axis] for normal in normals]
    columns["extra_json"] = [extra_json(swing, _KNOWN_SWING_KEYS) for swing in swings]
    return pa.table([pa.array(columns[field.name], type=field.type) for field in SWING_SCHEMA], schema=SWING_SCHEMA)


_NO_NORMAL = (None, None, None)


def to_pandas(table: pa.Table) -> pd.DataFrame:
    """The one Arrow → pandas conversion: floats float64 (null → NaN), counts int64, integers that may be null
    (`NULLABLE_INT` fields) pandas ``Int64`` (null → <NA>), booleans pandas ``boolean`` (null → <NA>), text pandas'
    default string dtype (null → missing)."""
    frame = table.to_pandas(types_mapper={pa.bool_(): pd.BooleanDtype()}.get).reset_index(drop=True)
    for field in table.schema:
        if field.metadata and field.metadata.get(_PANDAS_DTYPE) == NULLABLE_INT.encode():
            # From the Arrow integers, not from the float column pandas made of them: exact beyond 2**53 too.
            frame[field.name] = pd.array(table.column(field.name).to_pylist(), dtype=NULLABLE_INT)
    return frame
