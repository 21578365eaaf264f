#!/usr/bin/env python3
"""Structure-aware seeds for Fuzz/run.sh: zip archives and npz files the readers accept (and a few they must refuse
cleanly), each prefixed with the selector byte that routes it to its reader in Fuzz/FuzzEntry.swift
(5 = npz, 7 = zip). Needs numpy. Usage: python3 Fuzz/make_seeds.py CORPUS_DIR"""
import io
import json
import os
import sys
import zipfile

import numpy as np

out = sys.argv[1]
os.makedirs(out, exist_ok=True)


def write(name, selector, payload):
    with open(os.path.join(out, name), "wb") as f:
        f.write(bytes([selector]) + payload)


def npz(compressed=False, **arrays):
    buf = io.BytesIO()
    (np.savez_compressed if compressed else np.savez)(buf, **arrays)
    return buf.getvalue()


n = 64
t = np.arange(n) / 800.0
meta = np.frombuffer(json.dumps({"format": "batchedmotion-native", "version": 1, "metadata": {}}).encode(), np.uint8)
acc = dict(accelerometer_timestamp=t, accelerometer_x=np.zeros(n, np.float32),
           accelerometer_y=np.zeros(n, np.float32), accelerometer_z=-np.ones(n, np.float32),
           accelerometer_batch_ends=np.array([32, n], np.int64))
dm_t = np.arange(n // 4) / 200.0
dm = {f"device_motion_{k}": np.zeros(n // 4, np.float32) for k in
      ["user_acceleration_x", "user_acceleration_y", "user_acceleration_z", "rotation_rate_x", "rotation_rate_y",
       "rotation_rate_z", "attitude_w", "attitude_x", "attitude_y", "attitude_z"]}
dm["device_motion_timestamp"] = dm_t
dm["device_motion_batch_ends"] = np.array([n // 4], np.int64)
write("seed-5-written.npz", 5, npz(**acc, metadata_json=meta))
write("seed-5-both.npz", 5, npz(**acc, **dm, metadata_json=meta))
write("seed-5-compressed.npz", 5, npz(True, **acc, **dm, metadata_json=meta))
write("seed-5-no-metadata.npz", 5, npz(**acc))
write("seed-5-float64.npz", 5, npz(**{k: v.astype(np.float64) if v.dtype == np.float32 else v for k, v in acc.items()}))
write("seed-5-bigendian.npz", 5, npz(**{k: v.astype(v.dtype.newbyteorder(">")) for k, v in acc.items()}))
write("seed-5-foreign.npz", 5, npz(something=np.arange(10)))
acc_nan = dict(acc)
acc_nan["accelerometer_x"] = acc["accelerometer_x"].copy()
acc_nan["accelerometer_x"][5] = np.nan
write("seed-5-nan.npz", 5, npz(**acc_nan))
write("seed-5-ms.npz", 5, npz(**dict(acc, accelerometer_timestamp=t * 1000)))

basic = "Tests/MotionRecordingTests/Fixtures/interchange/basic"
for method, tag in [(zipfile.ZIP_STORED, "stored"), (zipfile.ZIP_DEFLATED, "deflated")]:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", method) as z:
        for name in sorted(os.listdir(basic)):
            with open(os.path.join(basic, name), "rb") as f:
                z.writestr("rec/" + name, f.read()[:8000])
    write(f"seed-7-interchange-{tag}.zip", 7, buf.getvalue())
buf = io.BytesIO()
with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("a.npz", npz(**acc))
write("seed-7-npz-in-zip.zip", 7, buf.getvalue())
# A small bomb: 64 KiB of zeros per member; the reader must stay within its inflate ceiling.
buf = io.BytesIO()
with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("accelerometer.csv", b"\0" * 65536)
write("seed-7-bomb.zip", 7, buf.getvalue())
