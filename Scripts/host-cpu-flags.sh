#!/usr/bin/env bash
# Prints the swift build flags that tune a build for this machine's processor, or nothing.
#
# On x86-64 with Haswell's instruction set (AVX2, FMA, BMI1/2, F16C, MOVBE, LZCNT — any x86-64 server or laptop
# processor since about 2015): `-Xswiftc -target-cpu -Xswiftc haswell`. Four-lane Double arithmetic then takes one
# instruction instead of two (the SOS high-pass is most of the gain). Results do not change: Swift never fuses
# a·b + c into one FMA, so every operation rounds as before (`analyze` output is byte-identical; see README
# "Performance"). The binary then needs such a processor; `make build CPU_FLAGS=` builds a portable one.
# Elsewhere (older x86-64, arm64, no /proc/cpuinfo) it prints nothing: the default target.
set -euo pipefail

[ "$(uname -m)" = "x86_64" ] && [ -r /proc/cpuinfo ] || exit 0
flags=" $(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2) "
for feature in avx avx2 fma bmi1 bmi2 f16c movbe abm popcnt sse4_2; do
    case "$flags" in *" $feature "*) ;; *) exit 0 ;; esac
done
echo "-Xswiftc -target-cpu -Xswiftc haswell"
