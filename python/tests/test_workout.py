"""batchedmotion.workout / workouts against the tool's own ``workout`` JSONL, value for value, on a recording with
a barometer and the device's pedometer (conftest.head_and_pressure) and one without."""

from __future__ import annotations

import json
import math
import subprocess

import pandas as pd

import batchedmotion
from batchedmotion.workout_schema import SEGMENT_COLUMNS, WORKOUT_COLUMNS, segments_table, workout_row
from conftest import CLIMB_M, DESCENT_M, DEVICE_TOTALS

STEP_LENGTH_M = 0.75

#: Number and integer keys of a workout object (and of its `device` object) → column.
NUMBERS = {"duration": "duration_s", "cadence": "cadence_steps_s", "distance": "distance_m",
           "elevationGain": "elevation_gain_m", "elevationLoss": "elevation_loss_m", "maxDepth": "max_depth_m"}
INTEGERS = {"steps": "steps", "swings": "swing_count", "floorsAscended": "floors_ascended",
            "floorsDescended": "floors_descended"}
DEVICE_NUMBERS = {"stepsDifferencePercent": "device_steps_difference_percent", "distance": "device_distance_m",
                  "distanceDifference": "device_distance_difference_m",
                  "distanceDifferencePercent": "device_distance_difference_percent",
                  "activityAgreement": "device_activity_agreement",
                  "activityComparedTime": "device_activity_compared_time_s"}
DEVICE_INTEGERS = {"steps": "device_steps", "stepsDifference": "device_steps_difference",
                   "floorsAscended": "device_floors_ascended", "floorsDescended": "device_floors_descended",
                   "floorsAscendedDifference": "device_floors_ascended_difference",
                   "floorsDescendedDifference": "device_floors_descended_difference"}


def workout_jsonl(cli: str, paths: list[str]) -> list[dict]:
    run = subprocess.run([cli, "workout", "--format", "jsonl", "--step-length", str(STEP_LENGTH_M), "--", *paths],
                         capture_output=True, text=True)
    assert run.returncode in (0, 1), run.stderr
    return [json.loads(line) for line in run.stdout.splitlines()]


def same_number(actual, wanted) -> bool:
    return (math.isnan(actual) and wanted is None) or actual == wanted


def same_integer(actual, wanted) -> bool:
    return (pd.isna(actual) and wanted is None) or (not pd.isna(actual) and int(actual) == wanted)


def test_workout_columns_equal_the_tools_json(cli, head_and_pressure, season, corrupt):
    paths = [head_and_pressure, season[0], corrupt]
    objects = workout_jsonl(cli, paths)
    workouts, segments = batchedmotion.workout(paths, step_length_m=STEP_LENGTH_M)
    assert list(workouts.recording) == paths and list(workouts.status) == ["ok", "ok", "error"]
    for row, obj in zip(workouts.itertuples(index=False), objects):
        for key, column in NUMBERS.items():
            assert same_number(getattr(row, column), obj[key]), (row.recording, column)
        for key, column in INTEGERS.items():
            assert same_integer(getattr(row, column), obj[key]), (row.recording, column)
        device = obj["device"] or {}
        for key, column in DEVICE_NUMBERS.items():
            assert same_number(getattr(row, column), device.get(key)), (row.recording, column)
        for key, column in DEVICE_INTEGERS.items():
            assert same_integer(getattr(row, column), device.get(key)), (row.recording, column)
        assert row.segment_count == len(obj["segments"]) and row.submersion_count == len(obj["submersions"])
        assert json.loads(row.submersions_json) == obj["submersions"]
        assert json.loads(row.swings_left_out_json) == obj["swingsLeftOut"]
        assert json.loads(row.issues_json) == obj["issues"] and row.issue_count == len(obj["issues"])
        assert pd.isna(row.extra_json)
    expected = [(obj["recording"], number, segment) for obj in objects
                for number, segment in enumerate(obj["segments"], start=1)]
    assert len(segments) == len(expected) > 2
    for row, (recording, number, segment) in zip(segments.itertuples(index=False), expected):
        assert (row.recording, row.segment, row.activity) == (recording, number, segment["activity"])
        for key, column in [("start", "start_s"), ("end", "end_s"), ("confidence", "confidence"), ("steps", "steps"),
                            ("cadence", "cadence_steps_s"), ("elevationGain", "elevation_gain_m"),
                            ("elevationLoss", "elevation_loss_m"), ("maxDepth", "max_depth_m")]:
            assert same_number(getattr(row, column), segment[key]), (recording, number, column)
        for key, column in [("floorsAscended", "floors_ascended"), ("floorsDescended", "floors_descended")]:
            assert same_integer(getattr(row, column), segment[key]), (recording, number, column)


def test_pressure_and_device_counts_are_the_simulated_ones(head_and_pressure, season):
    workouts = batchedmotion.workouts([head_and_pressure, season[0]], step_length_m=STEP_LENGTH_M)
    lift, plain = workouts.iloc[0], workouts.iloc[1]
    # A lift ride up 12 m and down 6 m at 1 m/s: the gain and loss within 1.5 m, no floors (nobody walked them),
    # never under water.
    assert abs(lift.elevation_gain_m - CLIMB_M) < 1.5 and abs(lift.elevation_loss_m - DESCENT_M) < 1.5
    assert lift.floors_ascended == 0 and lift.floors_descended == 0
    assert math.isnan(lift.max_depth_m) and lift.submersion_count == 0
    steps, distance, up, down = DEVICE_TOTALS
    assert (lift.device_steps, lift.device_distance_m) == (steps, distance)
    assert (lift.device_floors_ascended, lift.device_floors_descended) == (up, down)
    assert lift.device_steps_difference == lift.steps - steps
    assert lift.device_floors_ascended_difference == lift.floors_ascended - up
    assert lift.device_distance_difference_m == lift.distance_m - distance
    # Without a barometer or pedometer: missing, never 0.
    assert math.isnan(plain.elevation_gain_m) and math.isnan(plain.elevation_loss_m)
    assert pd.isna(plain.floors_ascended) and pd.isna(plain.device_steps) and math.isnan(plain.device_distance_m)
    assert plain.steps >= 0 and plain.swing_count > 0 and plain.data_case == "full"


def test_workout_dtypes_and_an_error_row(corrupt, season):
    workouts, segments = batchedmotion.workout([corrupt, season[0]])
    assert list(workouts.columns) == [name for name, *_ in WORKOUT_COLUMNS]
    assert list(segments.columns) == [name for name, *_ in SEGMENT_COLUMNS]
    for column in ("steps", "swing_count", "floors_ascended", "device_steps", "device_floors_descended_difference"):
        assert workouts[column].dtype == "Int64", column
    assert workouts.segment_count.dtype == "int64" and workouts.elevation_gain_m.dtype == "float64"
    assert segments.floors_ascended.dtype == "Int64" and segments.steps.dtype == "float64"
    bad = workouts.iloc[0]
    assert bad.status == "error" and bad.error.startswith(corrupt) and "line 1" in bad.error
    assert pd.isna(bad.steps) and pd.isna(bad.swing_count) and bad.segment_count == 0
    assert math.isnan(workouts.iloc[1].distance_m)  # no step length given
    assert set(segments.recording) == {season[0]}


def test_unknown_workout_keys_are_kept_not_dropped():
    obj = {"recording": "r", "duration": 2.0, "segments": [{"start": 0, "end": 2, "activity": "walking",
                                                            "steps": 3, "heartRate": 120}],
           "steps": 3, "issues": [], "device": {"steps": 4, "heartbeats": 9}, "vo2max": 50}
    assert json.loads(workout_row(obj)["extra_json"]) == {"device": {"heartbeats": 9}, "vo2max": 50}
    assert workout_row(obj)["device_steps"] == 4
    assert json.loads(segments_table([obj]).to_pylist()[0]["extra_json"]) == {"heartRate": 120}
