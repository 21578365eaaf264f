#!/bin/sh
# Fuzzes the live server's frame decoder (LiveProtocol: binary batch frames, JSON messages) with libFuzzer.
#   Fuzz/run_live_frames.sh [RUNS] [extra libFuzzer flags…]   (default 200000 runs; 0 = unlimited, until stopped)
# Builds the `live-frame-fuzz` product with SwiftPM's fuzzer and address sanitizers in .build-fuzz, seeds the corpus
# with valid frames and messages (Fuzz/make_live_seeds.py: accelerometer and device-motion frames of every column
# group, announce / batch / end JSON), and runs. Crashes go to .build-fuzz/artifacts/. Not part of swift test.
set -eu
cd "$(dirname "$0")/.."
RUNS="${1:-200000}"
[ $# -gt 0 ] && shift
[ "$RUNS" = 0 ] && RUNS=-1
swift build -c release --sanitize=fuzzer --sanitize=address -Xswiftc -DLIBFUZZER --product live-frame-fuzz \
    --scratch-path .build-fuzz
BIN=.build-fuzz/release/live-frame-fuzz
mkdir -p .build-fuzz/corpus .build-fuzz/artifacts
python3 Fuzz/make_live_seeds.py .build-fuzz/corpus
export SWIFT_BACKTRACE=enable=no
exec "$BIN" .build-fuzz/corpus -runs="$RUNS" -max_len=262144 -timeout=10 -rss_limit_mb=4096 \
    -artifact_prefix=.build-fuzz/artifacts/ "$@"
