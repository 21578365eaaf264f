#!/usr/bin/env python3
"""Compare the swing start times of two `swing-metrics analyze --format json` outputs.

Usage:
    Scripts/compare_swing_starts.py BEFORE.json AFTER.json [--tolerance SECONDS]

Both files must list the same recordings with the same number of swings (an analyzer change that adds or drops a
swing is reported and fails). Prints the number of swings, the largest and the 95th-percentile |Δstart| in seconds,
and how many exceed the tolerance (default 1e-7 s); exits 1 when any does, or when any other swing field changed.
Used to check that the onset fit (HingeFit) gives the same starts as the direct 4×4 solve it replaced.
"""
import argparse
import json
import sys


def load(path):
    data = json.load(open(path))
    records = data if isinstance(data, list) else [data]
    return {record["recording"]: record["swings"] for record in records}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--tolerance", type=float, default=1e-7, help="largest allowed |Δstart|, s")
    arguments = parser.parse_args()
    before, after = load(arguments.before), load(arguments.after)
    failed = False
    if before.keys() != after.keys():
        print(f"recordings differ: {sorted(before.keys() ^ after.keys())}")
        return 1
    differences = []
    # Fields derived from the start may move with it; anything else must be unchanged.
    derived = {"start", "timeToContact", "duration", "accumulatedRotation"}
    for recording, swings in before.items():
        if len(swings) != len(after[recording]):
            print(f"{recording}: {len(swings)} swings before, {len(after[recording])} after")
            failed = True
            continue
        for old, new in zip(swings, after[recording]):
            differences.append(abs(old["start"] - new["start"]))
            for key in old.keys() | new.keys():
                if key not in derived and old.get(key) != new.get(key):
                    print(f"{recording}: swing at {old['start']}: {key} {old.get(key)} -> {new.get(key)}")
                    failed = True
    differences.sort()
    count = len(differences)
    largest = differences[-1] if count else 0.0
    p95 = differences[int(0.95 * (count - 1))] if count else 0.0
    over = sum(d > arguments.tolerance for d in differences)
    print(f"swings {count}, max |Δstart| {largest:.3g} s, p95 {p95:.3g} s, "
          f"> {arguments.tolerance:g} s: {over}, changed at all: {sum(d > 0 for d in differences)}")
    return 1 if failed or over else 0


if __name__ == "__main__":
    sys.exit(main())
