"""batchedmotion.analyze / swings / recordings against the tool's own JSONL, value for value."""

from __future__ import annotations

import json
import math
import os
import subprocess
import zipfile

import pandas as pd
import pytest

import batchedmotion
from batchedmotion.schema import RECORDING_COLUMNS, SWING_COLUMNS
from batchedmotion.workout_schema import SEGMENT_COLUMNS, WORKOUT_COLUMNS


def cli_jsonl(cli: str, paths: list[str], options: tuple[str, ...] = ()) -> list[dict]:
    run = subprocess.run([cli, "analyze", "--format", "jsonl", *options, "--", *paths], capture_output=True,
                         text=True)
    assert run.returncode in (0, 1), run.stderr
    return [json.loads(line) for line in run.stdout.splitlines()]


def as_float(value) -> float:
    return math.nan if value is None else float(value)


def test_swings_carry_the_tools_numbers_exactly(cli, season):
    objects = cli_jsonl(cli, season)
    swings = batchedmotion.swings(season)
    expected = [(obj["recording"], number, swing) for obj in objects
                for number, swing in enumerate(obj["swings"], start=1)]
    assert len(swings) == len(expected) > 20
    for row, (recording, number, swing) in zip(swings.itertuples(index=False), expected):
        assert (row.recording, row.swing) == (recording, number)
        for column, key in [("start_s", "start"), ("impact_s", "impact"), ("time_to_contact_s", "timeToContact"),
                            ("peak_rotation_rate_rad_s", "peakRotationRate"), ("impact_peak_g", "impactPeak"),
                            ("impact_dominant_frequency_hz", "impactDominantFrequency")]:
            actual, wanted = getattr(row, column), as_float(swing[key])
            assert actual == wanted or (math.isnan(actual) and math.isnan(wanted)), (column, actual, wanted)
        assert (None if pd.isna(row.contact) else bool(row.contact)) == swing["contact"]
        normal = swing["swingPlaneNormal"] or [None] * 3
        assert [row.swing_plane_normal_x, row.swing_plane_normal_y, row.swing_plane_normal_z] == \
            [as_float(value) for value in normal] or normal == [None] * 3


#: Head-motion keys of a swing (docs/architecture.md §5.5) and their columns.
HEAD_COLUMNS = {"headRotation": "head_rotation_deg", "headPeakRate": "head_peak_rate_deg_s",
                "headRotationBeforeImpact": "head_rotation_before_impact_deg"}


def test_head_motion_is_typed_columns_equal_to_the_tools_json(cli, head_and_pressure, season):
    paths = [head_and_pressure, season[0]]
    objects = cli_jsonl(cli, paths)
    recordings, swings = batchedmotion.analyze(paths)
    head, plain = swings[swings.recording == head_and_pressure], swings[swings.recording == season[0]]
    assert len(head) == len(objects[0]["swings"]) >= 4 and len(plain) == len(objects[1]["swings"]) > 0
    for row, swing in zip(head.itertuples(index=False), objects[0]["swings"]):
        for key, column in HEAD_COLUMNS.items():
            actual, wanted = getattr(row, column), as_float(swing[key])
            assert actual == wanted or (math.isnan(actual) and math.isnan(wanted)), (column, actual, wanted)
        assert (None if pd.isna(row.head_still) else bool(row.head_still)) == swing["headStill"]
        assert row.extra_json is None or pd.isna(row.extra_json)
    measured = head[head.head_rotation_deg.notna()]
    assert len(measured) >= 3  # the hits; a miss has no head measures
    assert (measured.head_rotation_deg.between(0, 180)).all() and (measured.head_peak_rate_deg_s > 0).all()
    assert list(measured.head_still) == list(measured.head_rotation_deg <= 5)
    # Without a headphone stream every head value is missing, never 0.
    assert plain.head_rotation_deg.isna().all() and plain.head_peak_rate_deg_s.isna().all()
    assert plain.head_still.isna().all() and plain.head_rotation_before_impact_deg.isna().all()
    assert swings.head_still.dtype == "boolean" and swings.head_rotation_deg.dtype == "float64"
    assert list(recordings.device_motion_source) == [obj["deviceMotionSource"] for obj in objects] == \
        ["recorded", "recorded"]
    assert recordings.extra_json.isna().all()


def test_recordings_count_swings_contacts_and_errors(cli, season, corrupt):
    paths = [season[0], corrupt, *season[1:]]
    objects = cli_jsonl(cli, paths)
    table = batchedmotion.recordings(paths)
    assert list(table.recording) == paths
    assert list(table.status) == ["ok", "error"] + ["ok"] * (len(season) - 1)
    bad = table.iloc[1]
    assert bad.error.startswith(corrupt) and "line 1" in bad.error
    assert math.isnan(bad.duration_s) and bad.swing_count == 0 and pd.isna(bad.data_case)
    for row, obj in zip(table.itertuples(index=False), objects):
        if obj.get("error"):
            continue
        assert row.duration_s == obj["duration"] and row.data_case == obj["dataCase"]
        assert row.swing_count == len(obj["swings"])
        assert row.contact_count == sum(swing["contact"] is True for swing in obj["swings"])
        assert json.loads(row.issues_json) == obj["issues"] and row.issue_count == len(obj["issues"])
    assert table.contact_count.sum() > 0


def test_gate_left_out_swings_are_typed_columns_equal_to_the_tools_json(cli, season, corrupt):
    paths = [season[0], corrupt, season[1]]
    objects = cli_jsonl(cli, paths, ("--gate",))
    gated = batchedmotion.recordings(paths, cli_args=["--gate"])
    assert list(gated.status) == ["ok", "error", "ok"]
    for row, obj in zip(gated.itertuples(index=False), objects):
        if obj.get("error"):  # no analysis, no gate: missing, as without --gate
            assert pd.isna(row.swings_left_out_count) and pd.isna(row.swings_left_out_json)
            continue
        assert row.swings_left_out_count == len(obj["swingsLeftOut"])
        assert json.loads(row.swings_left_out_json) == obj["swingsLeftOut"]
        assert row.swing_count == len(obj["swings"])
    assert gated.extra_json.isna().all()
    assert gated.swings_left_out_count.dtype == "Int64"
    # Without --gate the tool writes no swingsLeftOut key: missing, not 0.
    plain = batchedmotion.recordings(paths)
    assert plain.swings_left_out_count.isna().all() and plain.swings_left_out_json.isna().all()
    assert plain.swings_left_out_count.dtype == "Int64"


def test_left_out_swings_are_counted_and_kept_as_json():
    from batchedmotion.schema import recording_row, recordings_table, to_pandas
    left_out = [{"start": 120.0, "impact": 120.25, "activity": "swimming",
                 "reason": "inside a swimming segment (110.0–130.0 s)"},
                {"start": 131.5, "impact": None, "activity": "running",
                 "reason": "inside a running segment (131.0–140.0 s)"}]
    obj = {"recording": "r", "duration": 30.0, "swings": [{"start": 101.0, "contact": True}], "issues": [],
           "dataCase": "full", "swingsLeftOut": left_out}
    row = recording_row(obj)
    assert row["swings_left_out_count"] == 2 and row["swing_count"] == 1 and row["extra_json"] is None
    assert json.loads(row["swings_left_out_json"]) == left_out
    frame = to_pandas(recordings_table([obj, {**obj, "swingsLeftOut": []}, {"recording": "s", "swings": []}]))
    assert list(frame.swings_left_out_count.astype(object).where(frame.swings_left_out_count.notna(), None)) == \
        [2, 0, None]
    assert list(frame.swings_left_out_json.isna()) == [False, False, True] and frame.swings_left_out_json[1] == "[]"


def test_dtypes_are_the_documented_ones(season):
    recordings, swings = batchedmotion.analyze(season[:2])
    assert list(recordings.columns) == [name for name, *_ in RECORDING_COLUMNS]
    assert list(swings.columns) == [name for name, *_ in SWING_COLUMNS]
    assert recordings.duration_s.dtype == "float64" and recordings.swing_count.dtype == "int64"
    assert swings.contact.dtype == "boolean" and swings.impact_s.dtype == "float64"
    assert swings.swing.dtype == "int64"
    readme = open(os.path.join(os.path.dirname(__file__), "..", "README.md")).read()
    for title, columns in (("recordings", RECORDING_COLUMNS), ("swings", SWING_COLUMNS),
                           ("workouts", WORKOUT_COLUMNS), ("segments", SEGMENT_COLUMNS)):
        table = readme.split(f"\n`{title}` — ", 1)[1].split("\n\n", 2)[1]
        documented = [line.split("`")[1] for line in table.splitlines()[2:]]
        assert documented == [name for name, *_ in columns], f"python/README.md's {title} table"


def test_unknown_keys_are_kept_not_dropped():
    from batchedmotion.schema import recording_row, swing_rows
    obj = {"recording": "r", "duration": 1.5, "swings": [{"start": 1.0, "contact": False, "peakRotationRate": 2.0,
                                                          "newMetric": 3}],
           "issues": [], "dataCase": "full", "workout": {"steps": 4}}
    assert json.loads(recording_row(obj)["extra_json"]) == {"workout": {"steps": 4}}
    assert json.loads(swing_rows(obj)[0]["extra_json"]) == {"newMetric": 3}


def test_a_path_matching_nothing_is_an_exception_naming_it(tmp_path):
    missing = str(tmp_path / "no-such-session")
    with pytest.raises(batchedmotion.BatchedMotionError, match="no-such-session"):
        batchedmotion.recordings([missing])


def test_the_tool_is_found_explicitly_then_by_variable_then_on_path(cli, monkeypatch, tmp_path):
    monkeypatch.setenv(batchedmotion.CLI_ENV, cli)
    assert batchedmotion.find_cli() == cli
    assert batchedmotion.find_cli(cli) == cli
    with pytest.raises(batchedmotion.BatchedMotionError, match="not an executable"):
        batchedmotion.find_cli(tmp_path / "nothing")
    monkeypatch.delenv(batchedmotion.CLI_ENV)
    monkeypatch.setenv("PATH", os.path.dirname(cli))
    assert batchedmotion.find_cli() == cli
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(batchedmotion.BatchedMotionError, match="not on PATH"):
        batchedmotion.find_cli()


def test_discovery_finds_what_the_tool_finds_in_the_same_order(cli, season, tmp_path):
    root = os.path.dirname(os.path.dirname(season[0]))
    # Notes are skipped by both; an empty .csv stays a recording (it fails alone, with its reason).
    (tmp_path / "notes.txt").write_text("not a recording, just notes: windy, 3 sets\n")
    (tmp_path / "empty.csv").write_text("")
    with zipfile.ZipFile(tmp_path / "photos.zip", "w") as archive:
        archive.writestr("IMG_0001.jpg", b"\xff\xd8\xff\xe0")
    expected = [obj["recording"] for obj in cli_jsonl(cli, [root, str(tmp_path), *season[:2]])]
    assert batchedmotion.discover([root, str(tmp_path), *season[:2]], absolute=False) == expected
    assert len(expected) == len(season) + 1
    assert not any(path.endswith(("notes.txt", "photos.zip")) for path in expected)


def test_non_recording_text_is_told_as_the_tool_tells_it(tmp_path):
    from batchedmotion.discovery import holds_number_row, is_non_recording_text
    assert holds_number_row("77349.026,0.27,-0.13,-0.95")
    assert holds_number_row("77349,026;0,27;-0,13;-0,95")
    assert holds_number_row("2026-04-11 17:02:12.123\t.5\t-.25\t+1")
    assert not holds_number_row("Serves felt good, backhand late, 3 sets.")
    (tmp_path / "notes.txt").write_text("Tuesday practice, windy.\n")
    (tmp_path / "empty.csv").write_text("")
    assert is_non_recording_text(str(tmp_path / "notes.txt"))
    assert not is_non_recording_text(str(tmp_path / "empty.csv"))


def test_non_recording_archives_are_told_as_the_tool_tells_them(tmp_path):
    from batchedmotion.discovery import is_non_recording_archive
    with zipfile.ZipFile(tmp_path / "photos.zip", "w") as archive:
        archive.writestr("holiday/IMG_0001.jpg", b"\xff\xd8")
    with zipfile.ZipFile(tmp_path / "model.npz", "w") as archive:
        archive.writestr("weights.npy", b"")
    with zipfile.ZipFile(tmp_path / "session.npz", "w") as archive:
        archive.writestr("accelerometer_timestamp.npy", b"")
    with zipfile.ZipFile(tmp_path / "export.zip", "w") as archive:
        archive.writestr("export/WristMotion.csv", "time\n")
    data = (tmp_path / "photos.zip").read_bytes()
    (tmp_path / "cut.zip").write_bytes(data[: len(data) // 2])
    assert is_non_recording_archive(str(tmp_path / "photos.zip"))
    assert is_non_recording_archive(str(tmp_path / "model.npz"))
    assert not is_non_recording_archive(str(tmp_path / "session.npz"))
    assert not is_non_recording_archive(str(tmp_path / "export.zip"))
    assert not is_non_recording_archive(str(tmp_path / "cut.zip"))
