#!/usr/bin/env python3
"""Writes the iPhone Sensor Logger v3 fixtures (app 1.49+, Metadata.csv version 3) used by SensorLoggerTests.

The app's documented units (UNITS.md of the app's repository): Accelerometer (user acceleration on iOS), Gravity in
m/s² (g = 9.80665); AccelerometerUncalibrated in g on iOS unless "Standardise Units & Frames" is on; Gyroscope and
GyroscopeUncalibrated in rad/s; time in ns since the Unix epoch, seconds_elapsed in s since the recording started.
Stream files have the columns time,seconds_elapsed,z,y,x (that order), Orientation.csv
time,seconds_elapsed,qz,qy,qx,qw,roll,pitch,yaw.

Motion (100 Hz, 2 s, Core Motion signs): gravity (0.6, 0, -0.8) g; user acceleration 0.1·sin(2π·2·t) g on x;
rotation rate (0.5, -0.25, 1.0) rad/s; the uncalibrated gyroscope adds a bias of (0.01, -0.02, 0.005) rad/s.

    python3 make_iphone_v3.py    # rewrites iphone-v3/, iphone-v3-spreadsheet/, iphone-v3-raw/
"""
import math
import os

G = 9.80665
RATE = 100
COUNT = 200
START_NS = 1_777_991_856_000_000_000 + 123_456_789
GRAVITY = (0.6, 0.0, -0.8)
ROTATION = (0.5, -0.25, 1.0)
BIAS = (0.01, -0.02, 0.005)


def rows():
    for i in range(COUNT):
        t = i / RATE
        user = (0.1 * math.sin(2 * math.pi * 2 * t), 0.0, 0.0)
        yield i, t, user


def write(directory, name, header, values, spreadsheet=False):
    with open(os.path.join(directory, name), "w") as f:
        f.write(header + "\n")
        for i, t, fields in values:
            time = "1.78E+18" if spreadsheet else str(START_NS + i * 10_000_000)
            f.write(",".join([time, repr(round(t + 0.0001, 6))] + [repr(v) for v in fields]) + "\n")


def export(directory, spreadsheet=False, raw_only=False):
    os.makedirs(directory, exist_ok=True)
    for name in os.listdir(directory):
        os.remove(os.path.join(directory, name))
    sensors = "AccelerometerUncalibrated|GyroscopeUncalibrated" if raw_only else \
        "Accelerometer|AccelerometerUncalibrated|Gravity|Gyroscope|GyroscopeUncalibrated|Orientation"
    with open(os.path.join(directory, "Metadata.csv"), "w") as f:
        f.write("version,device name,recording epoch time,recording time,recording timezone,platform,appVersion,"
                "device id,sensors,sampleRateMs,standardisation\n")
        f.write(f'3,"iPhone 15",{START_NS // 1_000_000},2026-05-05_14-37-36,Europe/Berlin,ios,1.49.0,XYZ,'
                f'"{sensors}",10,false\n')
    header = "time,seconds_elapsed,z,y,x"

    def zyx(v):
        return (v[2], v[1], v[0])

    raw = [(i, t, zyx(tuple(GRAVITY[k] + u[k] for k in range(3)))) for i, t, u in rows()]
    write(directory, "AccelerometerUncalibrated.csv", header, raw, spreadsheet)
    write(directory, "GyroscopeUncalibrated.csv", header,
          [(i, t, zyx(tuple(ROTATION[k] + BIAS[k] for k in range(3)))) for i, t, _ in rows()], spreadsheet)
    if raw_only:
        return
    write(directory, "Accelerometer.csv", header, [(i, t, zyx(tuple(u[k] * G for k in range(3)))) for i, t, u in rows()],
          spreadsheet)
    write(directory, "Gravity.csv", header, [(i, t, zyx(tuple(GRAVITY[k] * G for k in range(3)))) for i, t, _ in rows()],
          spreadsheet)
    write(directory, "Gyroscope.csv", header, [(i, t, zyx(ROTATION)) for i, t, _ in rows()], spreadsheet)
    write(directory, "Orientation.csv", "time,seconds_elapsed,qz,qy,qx,qw,roll,pitch,yaw",
          [(i, t, (0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0)) for i, t, _ in rows()], spreadsheet)


here = os.path.dirname(os.path.abspath(__file__))
export(os.path.join(here, "iphone-v3"))
export(os.path.join(here, "iphone-v3-spreadsheet"), spreadsheet=True)
export(os.path.join(here, "iphone-v3-raw"), raw_only=True)
