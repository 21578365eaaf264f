#!/bin/sh
# Onset accuracy per sport on two kinds of simulated session: every swing from rest (after a load that ends in a
# pause), and half the swings straight out of a load or backswing (--load-reversals 0.5, planes tilted up to 50°).
# Four sessions of 40 swings per sport and kind; even seeds on the right wrist with the crown on the left (the
# rotation along gravity flips sign). Prints `swing-metrics score`'s combined report for each sport and kind.
#
#   Scripts/score_load_reversals.sh [BINARY] [FOLDER]
#
# BINARY defaults to the release build (swift build -c release --product swing-metrics); FOLDER (default: a new
# temporary folder) receives the sessions and is removed at the end unless given.
set -eu
BIN=${1:-$(swift build -c release --show-bin-path)/swing-metrics}
if [ $# -ge 2 ]; then OUT=$2; KEEP=1; else OUT=$(mktemp -d); KEEP=0; fi
for sport in baseball softball tennis golf; do
  for kind in rest loads; do
    for seed in 1 2 3 4; do
      dir="$OUT/$sport-$kind-$seed"
      [ -d "$dir" ] && continue
      set -- --sport "$sport" --seed "$seed" --swings 40
      [ "$kind" = loads ] && set -- "$@" --load-reversals 0.5
      [ $((seed % 2)) -eq 0 ] && set -- "$@" --wrist right --crown left
      "$BIN" simulate "$dir" "$@" > /dev/null
    done
    echo "== $sport, $kind"
    "$BIN" score "$OUT/$sport-$kind-"* --sport "$sport" | sed -n '/^all /,$p'
  done
done
[ "$KEEP" = 1 ] || rm -rf "$OUT"
