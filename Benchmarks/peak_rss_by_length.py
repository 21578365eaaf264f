#!/usr/bin/env python3
"""Peak resident memory of swing-metrics commands on the same synthetic recordings at several lengths: whether memory
stays flat in a recording's length. No thresholds; compare the rows of one run.

    python3 Benchmarks/peak_rss_by_length.py BINARY WORKDIR [--hours 1 10] [--commands analyze workout report]

Inputs (written into WORKDIR once, reused after), per length N h:
- raw-Nh.csv    a generic CSV of accelerometer + gyroscope, no device motion (make_raw_imu_csv.py): fused when
                analysed; spilled on opening from 32 MiB (about 1.5 h) on
- phone-Nh/     an iPhone Sensor Logger export (make_sensor_logger_export.py --layout phone): device motion from
                Gravity + Gyroscope, so no fusion, beside a raw gyroscope
- watch-Nh.npz  a watch export converted to the native format (device motion, no gyroscope): the control
Each command runs under `/usr/bin/time -v` (its "Maximum resident set size"), output discarded. Linux.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def inputs(binary, workdir, hours):
    paths = []
    raw = os.path.join(workdir, f"raw-{hours}h.csv")
    if not os.path.exists(raw):
        subprocess.run([sys.executable, os.path.join(HERE, "make_raw_imu_csv.py"), raw, "--hours", str(hours)], check=True)
    phone = os.path.join(workdir, f"phone-{hours}h")
    if not os.path.exists(phone):
        subprocess.run([sys.executable, os.path.join(HERE, "make_sensor_logger_export.py"), phone, "--hours", str(hours),
                        "--layout", "phone"], check=True)
    native = os.path.join(workdir, f"watch-{hours}h.npz")
    if not os.path.exists(native):
        watch = os.path.join(workdir, f"watch-{hours}h")
        subprocess.run([sys.executable, os.path.join(HERE, "make_sensor_logger_export.py"), watch, "--hours", str(hours)],
                       check=True)
        subprocess.run([binary, "convert", watch, native], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return [raw, phone, native]


def arguments(command, path, scratch):
    name = os.path.basename(path)
    return {
        "analyze": ["analyze", path, "--format", "json"],
        "workout": ["workout", path, "--format", "json"],
        "report": ["report", path, "-o", os.path.join(scratch, name + ".html")],
        "inspect": ["inspect", path],
        "convert": ["convert", path, os.path.join(scratch, name + ".converted.npz")],
        "fuse": ["fuse", path, "-o", os.path.join(scratch, name + "-fused")],
    }[command]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("workdir")
    parser.add_argument("--hours", type=int, nargs="+", default=[1, 10])
    parser.add_argument("--commands", nargs="+", default=["analyze", "workout", "report"])
    args = parser.parse_args()
    os.makedirs(args.workdir, exist_ok=True)
    print("input\tcommand\texit\tpeak RSS (MB)\twall")
    for hours in args.hours:
        for path in inputs(args.binary, args.workdir, hours):
            for command in args.commands:
                with tempfile.TemporaryDirectory() as scratch:
                    run = subprocess.run(["/usr/bin/time", "-v", args.binary] + arguments(command, path, scratch),
                                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
                rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", run.stderr).group(1))
                wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", run.stderr).group(1)
                print(f"{os.path.basename(path)}\t{command}\t{run.returncode}\t{rss / 1024:.1f}\t{wall}", flush=True)


if __name__ == "__main__":
    main()
