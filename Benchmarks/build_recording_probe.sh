#!/bin/sh
# Builds the recording probe (the `recording-probe` target: MotionRecording only, no FFTW/LAPACK) in release mode and
# copies it to .build/recording-probe, where Benchmarks/compare_import_with_numpy.py runs it.
set -eu
cd "$(dirname "$0")/.."
swift build -c release --product recording-probe 2>&1 | grep -v warning || true
bin="$(swift build -c release --show-bin-path)/recording-probe"
test -x "$bin"
mkdir -p .build
cp "$bin" .build/recording-probe
echo ".build/recording-probe"
