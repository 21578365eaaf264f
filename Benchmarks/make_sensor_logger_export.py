#!/usr/bin/env python3
"""Writes a synthetic Apple Watch Sensor Logger export (the app's directory layout) of a given length, for the
peak-memory measurements of opening long exports (`recording-probe open-stream DIR`).

Files, as Sensor Logger 1.50 writes them for a watch with "Standardise Units & Frames" off:
- WristMotion.csv: time (ns since the epoch), seconds_elapsed (s), rotationRate{X,Y,Z} (rad/s), gravity{X,Y,Z} (g),
  acceleration{X,Y,Z} (user acceleration, g), quaternion{W,X,Y,Z}, pitch, roll, yaw (rad); 100 Hz.
- WatchAccelerometerUncalibrated.csv: time, seconds_elapsed, x, y, z (g); 100 Hz, 3 ms after the motion rows.
- Metadata.csv.

With `--layout phone`, an iPhone export instead (Sensor Logger 1.49+, columns time,seconds_elapsed,z,y,x as the app
writes them; the units of its UNITS.md): AccelerometerUncalibrated.csv (g), Gravity.csv (m/s²), Gyroscope.csv
(bias-corrected rad/s), GyroscopeUncalibrated.csv (rad/s with a bias of (0.01, −0.02, 0.005) rad/s) and Metadata.csv;
all 100 Hz on one clock. It opens as an accelerometer, device motion from Gravity + Gyroscope (rotation rate, so no
fusion) and a raw gyroscope: about 110 MB of text per hour.

The motion: the wrist tilting about x by a(t) = 0.3 sin(2π t / 10 s) rad, attitude q = (cos a/2, sin a/2, 0, 0),
gravity in the device frame (0, −sin a, −cos a) g (so q rotates it to (0, 0, −1)), rotation rate (da/dt, 0, 0),
and a 0.2 s swing of 3 g user acceleration and 8 rad/s every 10 s. The value fields repeat every 10 s (precomputed
once), the times run on: about 74 MB of text per hour.

Usage: make_sensor_logger_export.py OUTDIR --hours 1 [--layout watch|phone]
"""
import argparse
import math
import os

RATE_HZ = 100
PERIOD_ROWS = 10 * RATE_HZ
EPOCH_NS = 1_777_991_856_123_456_789
STANDARD_GRAVITY = 9.80665
GYROSCOPE_BIAS = (0.01, -0.02, 0.005)


def motion(index):
    """The model at row `index` (100 Hz): rotation rate (rad/s), gravity (g), user acceleration (g), attitude, tilt (rad)."""
    t = index / RATE_HZ
    w = 2 * math.pi / 10
    a = 0.3 * math.sin(w * t)
    rate_x = 0.3 * w * math.cos(w * t)
    swing = 1.0 if 500 <= index < 520 else 0.0  # 0.2 s swing once per period
    user = (3.0 * swing * math.sin(math.pi * (index - 500) / 20), 0.0, 0.0)
    rate = (rate_x + 8.0 * swing, 0.0, 0.0)
    gravity = (0.0, -math.sin(a), -math.cos(a))
    q = (math.cos(a / 2), math.sin(a / 2), 0.0, 0.0)
    return rate, gravity, user, q, a


def fmt(values):
    return ",".join(repr(float(f"{v:.9g}")) for v in values)


def motion_fields(index):
    """The watch files' value fields at row `index`: WristMotion's, WatchAccelerometerUncalibrated's."""
    rate, gravity, user, q, a = motion(index)
    wrist = rate + gravity + user + q + (0.0, a, 0.0)
    accelerometer = tuple(g + u for g, u in zip(gravity, user))
    return fmt(wrist), fmt(accelerometer)


def phone_fields(index):
    """The phone files' value fields at row `index` (z, y, x order): AccelerometerUncalibrated (g), Gravity (m/s²),
    Gyroscope (rad/s), GyroscopeUncalibrated (rad/s + bias)."""
    rate, gravity, user, _, _ = motion(index)
    accelerometer = tuple(g + u for g, u in zip(gravity, user))
    gravity_ms2 = tuple(STANDARD_GRAVITY * g for g in gravity)
    raw_rate = tuple(r + b for r, b in zip(rate, GYROSCOPE_BIAS))
    zyx = lambda values: fmt(tuple(reversed(values)))
    return zyx(accelerometer), zyx(gravity_ms2), zyx(rate), zyx(raw_rate)


def write_rows(outdir, files, header, table, rows, offset_ns):
    """Writes `rows` rows of each file in `files` (name → column header), the fields from `table` (a list per
    period row, one entry per file), each row's time `offset_ns` after the 100 Hz clock."""
    handles = [open(os.path.join(outdir, name), "w") for name in files]
    for handle, columns in zip(handles, files.values()):
        handle.write(header + columns + "\n")
    for start in range(0, rows, 100_000):
        lines = [[] for _ in handles]
        for index in range(start, min(rows, start + 100_000)):
            ns = EPOCH_NS + index * 10_000_000 + offset_ns
            prefix = f"{ns},{index / RATE_HZ + offset_ns / 1e9!r},"
            for out, fields in zip(lines, table[index % PERIOD_ROWS]):
                out.append(prefix + fields + "\n")
        for handle, out in zip(handles, lines):
            handle.write("".join(out))
    for handle in handles:
        handle.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir")
    parser.add_argument("--hours", type=float, default=1.0)
    parser.add_argument("--layout", choices=["watch", "phone"], default="watch")
    args = parser.parse_args()
    os.makedirs(args.outdir, exist_ok=True)
    rows = int(args.hours * 3600 * RATE_HZ)
    header = "time,seconds_elapsed,"
    if args.layout == "phone":
        table = [phone_fields(index) for index in range(PERIOD_ROWS)]
        files = {name: "z,y,x" for name in [
            "AccelerometerUncalibrated.csv", "Gravity.csv", "Gyroscope.csv", "GyroscopeUncalibrated.csv"]}
        write_rows(args.outdir, files, header, table, rows, 0)
        with open(os.path.join(args.outdir, "Metadata.csv"), "w") as metadata:
            metadata.write("version,device name,recording epoch time,platform,appVersion,sensors,sampleRateMs,standardisation\n")
            metadata.write(f'3,"iPhone 15",{EPOCH_NS // 1_000_000},ios,1.49.0,"AccelerometerUncalibrated|Gravity|Gyroscope|GyroscopeUncalibrated",10,false\n')
        return
    table = [motion_fields(index) for index in range(PERIOD_ROWS)]
    write_rows(args.outdir, {
        "WristMotion.csv": "rotationRateX,rotationRateY,rotationRateZ,gravityX,gravityY,gravityZ,accelerationX,"
                           "accelerationY,accelerationZ,quaternionW,quaternionX,quaternionY,quaternionZ,pitch,roll,yaw",
    }, header, [(w,) for w, _ in table], rows, 0)
    write_rows(args.outdir, {"WatchAccelerometerUncalibrated.csv": "x,y,z"}, header, [(a,) for _, a in table], rows,
               3_000_000)
    with open(os.path.join(args.outdir, "Metadata.csv"), "w") as metadata:
        metadata.write("version,device name,recording epoch time,platform,appVersion,sensors,sampleRateMs,standardisation\n")
        metadata.write(f'3,"Apple Watch Series 9",{EPOCH_NS // 1_000_000},ios,1.50.0,"WristMotion|WatchAccelerometerUncalibrated",10,false\n')


if __name__ == "__main__":
    main()
