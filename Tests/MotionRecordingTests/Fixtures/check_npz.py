#!/usr/bin/env python3
"""Independent check that numpy opens a BatchedMotion native .npz (NativeFormat) as documented.

usage: check_npz.py FILE.npz [INTERCHANGE_DIR]

Loads with numpy.load (allow_pickle=False), checks names, dtypes, equal column lengths, batch ends, the metadata
JSON, and that every member's array data starts at a 64-byte boundary of the file. With INTERCHANGE_DIR, also checks
that the arrays equal the interchange CSVs parsed by numpy (float32 samples, float64 timestamps). Exit 0 when fine.
"""
import json
import os
import sys
import zipfile

import numpy as np

FLOAT32_COLUMNS = {
    "accelerometer": ["x", "y", "z"],
    "device_motion": ["attitude_w", "attitude_x", "attitude_y", "attitude_z", "gravity_x", "gravity_y", "gravity_z",
                      "user_acceleration_x", "user_acceleration_y", "user_acceleration_z", "rotation_rate_x",
                      "rotation_rate_y", "rotation_rate_z", "magnetic_field_x", "magnetic_field_y", "magnetic_field_z",
                      "heading"],
}


def main():
    path = sys.argv[1]
    npz = np.load(path, allow_pickle=False)
    names = set(npz.files)
    meta = json.loads(bytes(npz["metadata_json"]).decode("utf-8"))
    assert meta["format"] == "batchedmotion-native" and meta["version"] == 1, meta
    assert npz["metadata_json"].dtype == np.uint8
    for stream, columns in FLOAT32_COLUMNS.items():
        key = stream + "_timestamp"
        if key not in names:
            assert not any(n.startswith(stream + "_") for n in names), f"{stream} columns without timestamps"
            continue
        t = npz[key]
        assert t.dtype == np.dtype("<f8") and t.ndim == 1, (key, t.dtype)
        for column in columns:
            name = f"{stream}_{column}"
            if name in names:
                a = npz[name]
                assert a.dtype == np.dtype("<f4") and a.shape == t.shape, (name, a.dtype, a.shape)
        if stream + "_batch_ends" in names:
            ends = npz[stream + "_batch_ends"]
            assert ends.dtype == np.dtype("<i8") and np.all(np.diff(ends) > 0) and ends[-1] == len(t), ends
        print(f"{stream}: {len(t)} samples, {t[0] if len(t) else None} .. {t[-1] if len(t) else None} s")
    # Alignment of array data inside the file.
    with zipfile.ZipFile(path) as archive, open(path, "rb") as raw:
        for info in archive.infolist():
            assert info.compress_type == zipfile.ZIP_STORED, info.filename
            raw.seek(info.header_offset)
            header = raw.read(30)
            start = info.header_offset + 30 + int.from_bytes(header[26:28], "little") + int.from_bytes(header[28:30], "little")
            raw.seek(start)
            npy = raw.read(10)
            data_start = start + 10 + int.from_bytes(npy[8:10], "little")
            assert data_start % 64 == 0, (info.filename, data_start)
    # Memory-mapped access through numpy works too (uncompressed members).
    if len(sys.argv) > 2:
        directory = sys.argv[2]
        csv = os.path.join(directory, "accelerometer.csv")
        if os.path.exists(csv):
            table = np.loadtxt(csv, delimiter=",", skiprows=1, dtype=np.float64)
            assert np.array_equal(table[:, 0], npz["accelerometer_timestamp"])
            for i, axis in enumerate("xyz"):
                assert np.array_equal(table[:, i + 1].astype(np.float32), npz["accelerometer_" + axis]), axis
            print("accelerometer equals", csv)
        csv = os.path.join(directory, "device_motion.csv")
        if os.path.exists(csv):
            header = open(csv).readline().strip().split(",")
            table = np.genfromtxt(csv, delimiter=",", skip_header=1, dtype=np.float64)
            table = table.reshape(-1, len(header))
            assert np.array_equal(table[:, 0], npz["device_motion_timestamp"])
            for i, column in enumerate(header[1:]):
                name = "device_motion_" + column
                if name in names:
                    assert np.array_equal(table[:, i + 1].astype(np.float32), npz[name]), name
            print("device motion equals", csv)
    print("OK", path, sorted(names))


if __name__ == "__main__":
    main()
