#!/bin/sh
# Copies the sources of MotionRecording, plus the one MotionDSP file it uses (OrderStatistic), into directory $1 with
# their `import MotionDSP` lines removed, so that swiftc can build them as one module (the recording probe and the
# fuzz target build MotionRecording that way, without SwiftPM and without FFTW/LAPACK).
set -eu
destination="$1"
root="$(dirname "$0")/.."
for file in "$root"/Sources/MotionRecording/*.swift "$root"/Sources/MotionDSP/OrderStatistic.swift; do
    grep -v '^import MotionDSP$' "$file" > "$destination/$(basename "$file")"
done
