#!/usr/bin/env bash
# Renders `swing-metrics report` of a recording in headless Chromium and writes a PNG of the page, to check the
# report's SVG (session timeline, altitude with pressure, swing traces, head motion) the way a browser draws it.
#
#   Scripts/screenshot_timeline.sh [RECORDING] [OUT.png]
#
# RECORDING defaults to Datasets/sample; OUT.png to report.png. Needs chromium (`apt-get install -y chromium`)
# and the built swing-metrics (`swift build`); SWING_METRICS overrides its path, REPORT_ARGS adds report options
# (e.g. REPORT_ARGS="--sport tennis").
set -euo pipefail
# Paths given relative to the caller's directory stay valid after the cd to the repository.
recording="$(realpath "${1:-$(dirname "$0")/../Datasets/sample}")"
png="$(realpath -m "${2:-report.png}")"
cd "$(dirname "$0")/.."
binary="${SWING_METRICS:-$(swift build --show-bin-path)/swing-metrics}"
browser="$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)"
if [[ -z "$browser" ]]; then
    echo "screenshot_report.sh: no chromium found (apt-get install -y chromium)" >&2
    exit 1
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# shellcheck disable=SC2086  # REPORT_ARGS is a list of options
"$binary" report "$recording" -o "$work/report.html" ${REPORT_ARGS:-}
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --screenshot="$work/shot.png" \
    --window-size=1200,2000 "file://$work/report.html" 2>/dev/null
mv "$work/shot.png" "$png"
echo "wrote $png"
