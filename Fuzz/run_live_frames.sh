#!/bin/sh
# Fuzzes the live server's frame decoder (LiveProtocol: binary batch frames, JSON messages) with libFuzzer.
#   Fuzz/run_live_frames.sh [RUNS] [extra libFuzzer flags…]   (default 200000 runs; 0 = unlimited, until stopped)
# Builds .build/fuzz-live-frames with -sanitize=fuzzer,address (coverage feedback and AddressSanitizer) straight
# from the real targets' sources, checks that every decoder object carries libFuzzer's coverage counters (else it
# stops rather than fuzz blind), seeds the corpus with valid frames and messages (Fuzz/make_live_seeds.py:
# accelerometer and device-motion frames of every column group, announce / batch / end JSON) and with the inputs
# that once failed (Fuzz/live-regressions/), and runs. Crashes go to .build/fuzz-live-artifacts/. Not part of
# swift test.
#
# Built with swiftc, like Fuzz/run.sh, not with `swift build --sanitize=fuzzer --sanitize=address`: swiftc keeps only
# the last `-sanitize=` option when compiling (it joins them only when linking), so SwiftPM's two options gave Swift
# objects with AddressSanitizer but no coverage counters, and libFuzzer mutated blind. One comma-joined option here.
# libFuzzer's own -runs flag: -1 is unlimited, 0 only replays the corpus; RUNS=0 here is translated to -runs=-1.
set -eu
cd "$(dirname "$0")/.."
RUNS="${1:-200000}"
[ $# -gt 0 ] && shift
[ "$RUNS" = 0 ] && RUNS=-1
M=.build/fuzz-live-modules
rm -rf "$M" && mkdir -p "$M/CVectorMath" .build/fuzz-live-corpus .build/fuzz-live-artifacts
# CVectorMath is header-only; SwiftPM would generate this module map for its include folder.
printf 'module CVectorMath {\n    header "%s"\n    export *\n}\n' "$PWD/Sources/CVectorMath/include/CVectorMath.h" \
    > "$M/CVectorMath/module.modulemap"
SWIFTC="swiftc -sanitize=fuzzer,address -O -wmo -parse-as-library -swift-version 6 -package-name BatchedMotion -I $M
    -Xcc -fmodule-map-file=$M/CVectorMath/module.modulemap -Xcc -fmodule-map-file=Sources/CFFTW/module.modulemap
    -Xcc -fmodule-map-file=Sources/CLAPACK/module.modulemap"
# LiveProtocol and the targets it depends on, in dependency order: each one object (whole-module) in a static
# library, with its module.
for target in MemoryPages MotionDSP MotionRecording SwingAnalysis LiveProtocol; do
    # shellcheck disable=SC2046,SC2086
    $SWIFTC -module-name "$target" -emit-module -emit-module-path "$M/$target.swiftmodule" -c -o "$M/$target.o" \
        $(find "Sources/$target" -name '*.swift' | sort)
    ar rcs "$M/lib$target.a" "$M/$target.o"
done
# shellcheck disable=SC2086
$SWIFTC -module-name LiveFrameFuzz -DLIBFUZZER -L "$M" -lLiveProtocol -lSwingAnalysis -lMotionRecording -lMotionDSP \
    -lMemoryPages -lfftw3 -lfftw3f -llapack -lblas Fuzz/LiveFrames/LiveFrameFuzz.swift -o .build/fuzz-live-frames
# The decoder's objects must carry libFuzzer's inline 8-bit coverage counters (section __sancov_cntrs); the binary
# alone would not prove it.
for object in "$M"/*.o; do
    if ! readelf -S "$object" | grep -q __sancov_cntrs; then
        echo "run_live_frames.sh: $object has no coverage instrumentation (no __sancov_cntrs section);" \
            "libFuzzer would mutate blind — not fuzzing" >&2
        exit 1
    fi
done
python3 Fuzz/make_live_seeds.py .build/fuzz-live-corpus
cp Fuzz/live-regressions/* .build/fuzz-live-corpus/
export SWIFT_BACKTRACE=enable=no
exec .build/fuzz-live-frames .build/fuzz-live-corpus -runs="$RUNS" -max_len=262144 -timeout=10 -rss_limit_mb=4096 \
    -artifact_prefix=.build/fuzz-live-artifacts/ "$@"
