#!/usr/bin/env python3
"""Writes a synthetic Apple Watch Sensor Logger export (the app's directory layout) of a given length, for the
peak-memory measurements of opening long exports (`recording-probe open-stream DIR`).

Files, as Sensor Logger 1.50 writes them for a watch with "Standardise Units & Frames" off:
- WristMotion.csv: time (ns since the epoch), seconds_elapsed (s), rotationRate{X,Y,Z} (rad/s), gravity{X,Y,Z} (g),
  acceleration{X,Y,Z} (user acceleration, g), quaternion{W,X,Y,Z}, pitch, roll, yaw (rad); 100 Hz.
- WatchAccelerometerUncalibrated.csv: time, seconds_elapsed, x, y, z (g); 100 Hz, 3 ms after the motion rows.
- Metadata.csv.

The motion: the wrist tilting about x by a(t) = 0.3 sin(2π t / 10 s) rad, attitude q = (cos a/2, sin a/2, 0, 0),
gravity in the device frame (0, −sin a, −cos a) g (so q rotates it to (0, 0, −1)), rotation rate (da/dt, 0, 0),
and a 0.2 s swing of 3 g user acceleration and 8 rad/s every 10 s. The value fields repeat every 10 s (precomputed
once), the times run on: about 74 MB of text per hour.

Usage: make_sensor_logger_export.py OUTDIR --hours 1
"""
import argparse
import math
import os

RATE_HZ = 100
PERIOD_ROWS = 10 * RATE_HZ
EPOCH_NS = 1_777_991_856_123_456_789


def motion_fields(index):
    t = index / RATE_HZ
    w = 2 * math.pi / 10
    a = 0.3 * math.sin(w * t)
    rate_x = 0.3 * w * math.cos(w * t)
    swing = 1.0 if 500 <= index < 520 else 0.0  # 0.2 s swing once per period
    user = (3.0 * swing * math.sin(math.pi * (index - 500) / 20), 0.0, 0.0)
    rate = (rate_x + 8.0 * swing, 0.0, 0.0)
    gravity = (0.0, -math.sin(a), -math.cos(a))
    q = (math.cos(a / 2), math.sin(a / 2), 0.0, 0.0)
    wrist = rate + gravity + user + q + (0.0, a, 0.0)
    accelerometer = tuple(g + u for g, u in zip(gravity, user))
    fmt = lambda values: ",".join(repr(float(f"{v:.9g}")) for v in values)
    return fmt(wrist), fmt(accelerometer)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir")
    parser.add_argument("--hours", type=float, default=1.0)
    args = parser.parse_args()
    os.makedirs(args.outdir, exist_ok=True)
    table = [motion_fields(index) for index in range(PERIOD_ROWS)]
    rows = int(args.hours * 3600 * RATE_HZ)
    header = "time,seconds_elapsed,"
    with open(os.path.join(args.outdir, "WristMotion.csv"), "w") as wrist, open(
        os.path.join(args.outdir, "WatchAccelerometerUncalibrated.csv"), "w"
    ) as accelerometer:
        wrist.write(header + "rotationRateX,rotationRateY,rotationRateZ,gravityX,gravityY,gravityZ,accelerationX,"
                    "accelerationY,accelerationZ,quaternionW,quaternionX,quaternionY,quaternionZ,pitch,roll,yaw\n")
        accelerometer.write(header + "x,y,z\n")
        for start in range(0, rows, 100_000):
            wrist_lines, accelerometer_lines = [], []
            for index in range(start, min(rows, start + 100_000)):
                ns = EPOCH_NS + index * 10_000_000
                elapsed = index / RATE_HZ
                w, a = table[index % PERIOD_ROWS]
                wrist_lines.append(f"{ns},{elapsed!r},{w}\n")
                accelerometer_lines.append(f"{ns + 3_000_000},{elapsed + 0.003!r},{a}\n")
            wrist.write("".join(wrist_lines))
            accelerometer.write("".join(accelerometer_lines))
    with open(os.path.join(args.outdir, "Metadata.csv"), "w") as metadata:
        metadata.write("version,device name,recording epoch time,platform,appVersion,sensors,sampleRateMs,standardisation\n")
        metadata.write(f'3,"Apple Watch Series 9",{EPOCH_NS // 1_000_000},ios,1.50.0,"WristMotion|WatchAccelerometerUncalibrated",10,false\n')


if __name__ == "__main__":
    main()
