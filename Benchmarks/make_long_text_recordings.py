#!/usr/bin/env python3
"""Writes the long text recordings that the peak-RSS figures of Benchmarks/README.md are measured on, from the
benchmark hour that PipelineBenchmarks caches (run `swift package benchmark --target PipelineBenchmarks --filter
OpenAndStream` once to write it: $TMPDIR/batchedmotion-pipeline-benchmarks/baseball-seed6-3600s-240swings-v1/csv).

    python3 Benchmarks/make_long_text_recordings.py OUT_DIR

OUT_DIR/csv-10h/              the hour's interchange CSV ten times over, each copy 3600 s later (10 h, 2.7 GB)
OUT_DIR/hour-column-mapped.csv the hour's accelerometer under a generic header (detected: time s, acceleration g)
OUT_DIR/hour-sensorlog.csv     an hour of SensorLog export at 100 Hz (360,000 rows of every SensorLog column, the
                               test fixture's first row as template; magnetic field 0 and heading -1 as a watch writes)
"""
import math
import os
import shutil
import sys
import tempfile

HOUR = os.path.join(tempfile.gettempdir(), "batchedmotion-pipeline-benchmarks",
                    "baseball-seed6-3600s-240swings-v1", "csv")
FIXTURE = os.path.join(os.path.dirname(__file__), "..", "Tests", "MotionRecordingTests", "Fixtures", "sensorlog",
                       "sensorlog-watch.csv")


def ten_hours(destination):
    os.makedirs(destination, exist_ok=True)
    shutil.copy(os.path.join(HOUR, "metadata.json"), destination)
    for name in ["accelerometer.csv", "device_motion.csv"]:
        with open(os.path.join(destination, name), "w") as out:
            for copy in range(10):
                with open(os.path.join(HOUR, name)) as source:
                    header = source.readline()
                    if copy == 0:
                        out.write(header)
                    offset = 3600.0 * copy
                    rows = []
                    for line in source:
                        time, rest = line.split(",", 1)
                        rows.append(repr(float(time) + offset) + "," + rest)
                        if len(rows) >= 100_000:
                            out.write("".join(rows))
                            rows = []
                    out.write("".join(rows))


def column_mapped(destination):
    with open(os.path.join(HOUR, "accelerometer.csv")) as source, open(destination, "w") as out:
        source.readline()
        out.write("# exported by a generic IMU logger\ntime,acc_x (g),acc_y (g),acc_z (g)\n")
        while chunk := source.read(1 << 24):
            out.write(chunk)


def sensorlog(destination):
    lines = open(FIXTURE).read().split("\n")
    header, template = lines[0].split(","), lines[1].split(",")
    field = {name: index for index, name in enumerate(header)}
    accelerometer = [field["accelerometerAcceleration%s(G)" % axis] for axis in "XYZ"]
    motion = [field[name] for name in [
        "motionQuaternionW(R)", "motionQuaternionX(R)", "motionQuaternionY(R)", "motionQuaternionZ(R)",
        "motionGravityX(G)", "motionGravityY(G)", "motionGravityZ(G)", "motionUserAccelerationX(G)",
        "motionUserAccelerationY(G)", "motionUserAccelerationZ(G)", "motionRotationRateX(rad/s)",
        "motionRotationRateY(rad/s)", "motionRotationRateZ(rad/s)"]]
    with open(destination, "w") as out:
        out.write(lines[0] + "\n")
        rows = []
        for row in range(360_000):
            fields = list(template)
            time, phase = 1820.5 + row / 100, row / 30
            fields[field["accelerometerTimestamp_sinceReboot(s)"]] = repr(time)
            fields[field["motionTimestamp_sinceReboot(s)"]] = repr(time - 0.005)
            for index, value in zip(accelerometer, [0.1 * math.sin(phase), 0.2 * math.cos(phase),
                                                    -1 + 0.05 * math.sin(2 * phase)]):
                fields[index] = repr(value)
            half = phase / 4
            values = [math.cos(half), math.sin(half) * 0.6, math.sin(half) * 0.8, 0, 0.1 * math.sin(phase), -0.1,
                      -0.99, 0.01, 0.02, -0.03, 1.5 * math.sin(phase), 0.5, -0.25]
            for index, value in zip(motion, values):
                fields[index] = repr(value)
            rows.append(",".join(fields))
            if len(rows) >= 20_000:
                out.write("\n".join(rows) + "\n")
                rows = []
        out.write("\n".join(rows) + "\n")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    column_mapped(os.path.join(out, "hour-column-mapped.csv"))
    sensorlog(os.path.join(out, "hour-sensorlog.csv"))
    ten_hours(os.path.join(out, "csv-10h"))
