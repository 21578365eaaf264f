#!/bin/sh
# Builds .build/recording-probe from the MotionRecording sources (swiftc -O, one module; not part of `swift build`).
# MotionRecording's one MotionDSP dependency (OrderStatistic) is compiled into the same module: the sources are
# copied with their `import MotionDSP` line removed.
set -eu
cd "$(dirname "$0")/.."
mkdir -p .build
sources=$(mktemp -d)
trap 'rm -rf "$sources"' EXIT
for file in Sources/MotionRecording/*.swift Sources/MotionDSP/OrderStatistic.swift; do
    grep -v '^import MotionDSP$' "$file" > "$sources/$(basename "$file")"
done
swiftc -O -wmo -module-name RecordingProbe \
    "$sources"/*.swift Benchmarks/RecordingProbe/main.swift -o .build/recording-probe 2>&1 | grep -v warning || true
test -x .build/recording-probe && echo ".build/recording-probe"
