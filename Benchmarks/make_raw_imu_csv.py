#!/usr/bin/env python3
"""Writes a long raw-IMU recording as one generic CSV (accelerometer + gyroscope columns, no device motion), for the
peak-memory measurements of analysing a recording that must be fused (`swing-metrics analyze FILE`).

    python3 Benchmarks/make_raw_imu_csv.py OUT.csv --hours 1

Header `time,acc_x (g),acc_y (g),acc_z (g),gyro_x (rad/s),gyro_y (rad/s),gyro_z (rad/s)` (detected as a column-mapped
CSV: time in s, acceleration in g as specific force — +1 g face up, as generic loggers write it and as detection
assumes —, rotation rate in rad/s), 100 Hz. The motion is make_sensor_logger_export.py's (the
wrist tilting about x by 0.3 sin(2π t / 10 s) rad, a 0.2 s swing of 3 g and 8 rad/s every 10 s), the gyroscope
reading its rotation rate plus a bias of (0.01, −0.02, 0.005) rad/s: about 30 MB of text per hour.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_sensor_logger_export import GYROSCOPE_BIAS, PERIOD_ROWS, RATE_HZ, fmt, motion  # noqa: E402


def fields(index):
    rate, gravity, user, _, _ = motion(index)
    specific_force = tuple(-(g + u) for g, u in zip(gravity, user))  # the negated Core Motion reading
    return fmt(specific_force + tuple(r + b for r, b in zip(rate, GYROSCOPE_BIAS)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output")
    parser.add_argument("--hours", type=float, default=1.0)
    args = parser.parse_args()
    table = [fields(index) for index in range(PERIOD_ROWS)]
    rows = int(args.hours * 3600 * RATE_HZ)
    with open(args.output, "w") as out:
        out.write("time,acc_x (g),acc_y (g),acc_z (g),gyro_x (rad/s),gyro_y (rad/s),gyro_z (rad/s)\n")
        for start in range(0, rows, 100_000):
            out.write("".join(f"{index / RATE_HZ!r},{table[index % PERIOD_ROWS]}\n"
                              for index in range(start, min(rows, start + 100_000))))


if __name__ == "__main__":
    main()
