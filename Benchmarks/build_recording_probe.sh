#!/bin/sh
# Builds .build/recording-probe from the MotionRecording sources (swiftc -O, one module; not part of `swift build`).
set -eu
cd "$(dirname "$0")/.."
mkdir -p .build
swiftc -O -wmo -module-name RecordingProbe \
    Sources/MotionRecording/*.swift Benchmarks/RecordingProbe/main.swift -o .build/recording-probe 2>&1 | grep -v warning || true
test -x .build/recording-probe && echo ".build/recording-probe"
