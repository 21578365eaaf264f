#!/bin/sh
# Fuzzes the MotionRecording readers (CSV, raw dump, SensorLog, named-column CSV, npz, zip/inflate) with libFuzzer.
#   Fuzz/run.sh [RUNS] [extra libFuzzer flags…]      (default 200000 runs; 0 = unlimited, until stopped)
# Builds .build/fuzz-recording with -sanitize=fuzzer,address, seeds the corpus from the test fixtures (one copy per
# reader, selected by the first byte) and from structure-aware zip and npz seeds (Fuzz/make_seeds.py: stored and
# deflated members, compressed npz, every dtype the reader accepts, a zip bomb), and runs. Inputs up to 1 MiB
# (-max_len) so that zip and npz structures with real members are reachable. Crashes are written to
# .build/fuzz-artifacts/. Not part of swift test.
# libFuzzer's own -runs flag: -1 is unlimited, 0 only replays the corpus; RUNS=0 here is translated to -runs=-1.
set -eu
cd "$(dirname "$0")/.."
RUNS="${1:-200000}"
[ $# -gt 0 ] && shift
[ "$RUNS" = 0 ] && RUNS=-1
mkdir -p .build/fuzz-corpus .build/fuzz-artifacts
# The real targets' sources: MemoryPages (MotionRecording's one dependency) as a module of its own, then the
# MotionRecording sources and the entry point as one module (the entry point reaches the readers' internal
# byte-level entry points).
mkdir -p .build/fuzz-modules
swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name MemoryPages -emit-module \
    -emit-module-path .build/fuzz-modules/MemoryPages.swiftmodule -emit-library -static \
    -o .build/fuzz-modules/libMemoryPages.a Sources/MemoryPages/*.swift
# shellcheck disable=SC2046
swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name FuzzRecording -package-name BatchedMotion -I .build/fuzz-modules \
    -L .build/fuzz-modules -lMemoryPages \
    $(find Sources/MotionRecording -name '*.swift' | sort) Fuzz/FuzzEntry.swift -o .build/fuzz-recording
seed() { # selector-byte file
    out=".build/fuzz-corpus/seed-$1-$(basename "$2" | tr -c 'A-Za-z0-9.\n' '_')"
    [ -f "$out" ] && return 0
    printf "\\$(printf '%03o' "$1")" > "$out"
    head -c 20000 "$2" >> "$out"
}
F=Tests/MotionRecordingTests/Fixtures
seed 0 $F/interchange/basic/accelerometer.csv
seed 1 $F/interchange/basic/device_motion.csv
seed 2 $F/raw/tiny-accelerometer.csv
seed 2 $F/raw/tiny-rotation.csv
seed 3 $F/sensorlog/sensorlog-watch.csv
# Spreadsheet saves of the accelerometer file (readers 0 and 3 rewrite them first): semicolons with decimal commas,
# every field quoted, UTF-16 with a byte-order mark.
spreadsheet=.build/fuzz-modules/spreadsheet
mkdir -p "$spreadsheet"
head -c 20000 $F/interchange/basic/accelerometer.csv | tr ',.' ';,' > "$spreadsheet/semicolons.csv"
head -c 20000 $F/interchange/basic/accelerometer.csv | sed 's/[^,]*/"&"/g' > "$spreadsheet/quoted.csv"
{ printf '\377\376'; head -c 10000 $F/interchange/basic/accelerometer.csv | iconv -f UTF-8 -t UTF-16LE; } > "$spreadsheet/utf16.csv"
for file in "$spreadsheet"/*.csv; do seed 0 "$file"; done
seed 4 $F/sensor-logger/plain/WatchAccelerometerUncalibrated.csv
seed 5 $F/native/numpy-written.npz
seed 7 $F/sensor-logger/plain-export.zip
seed 7 $F/malformed/not-sensor-logger.zip
for f in $F/malformed/*/accelerometer.csv; do seed 0 "$f"; done
cp Fuzz/regressions/* .build/fuzz-corpus/ 2>/dev/null || true
python3 Fuzz/make_seeds.py .build/fuzz-corpus
export SWIFT_BACKTRACE=enable=no
exec .build/fuzz-recording .build/fuzz-corpus -runs="$RUNS" -max_len=1048576 -timeout=10 -rss_limit_mb=4096 \
    -artifact_prefix=.build/fuzz-artifacts/ "$@"
