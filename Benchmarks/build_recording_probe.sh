#!/bin/sh
# Builds .build/recording-probe from the MotionRecording sources (swiftc -O, one module; not part of `swift build`).
# MotionRecording's one MotionDSP dependency (OrderStatistic) is compiled into the same module
# (Scripts/recording_single_module_sources.sh).
set -eu
cd "$(dirname "$0")/.."
mkdir -p .build
sources=$(mktemp -d)
trap 'rm -rf "$sources"' EXIT
Scripts/recording_single_module_sources.sh "$sources"
swiftc -O -wmo -module-name RecordingProbe \
    "$sources"/*.swift Benchmarks/RecordingProbe/main.swift -o .build/recording-probe 2>&1 | grep -v warning || true
test -x .build/recording-probe && echo ".build/recording-probe"
