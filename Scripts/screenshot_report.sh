#!/usr/bin/env bash
# Renders a season report in headless Chromium to PNG, to look at what a browser really draws.
#
#   Scripts/screenshot_report.sh [PAGE.html] [OUT.png]
#
# Without PAGE, simulates six sessions (baseball and softball, 7 to 22 swings) into a temporary folder, builds
# `swing-metrics`, writes `report --season` over them and renders that page. Installs Chromium with apt-get when
# no chromium/chromium-browser/google-chrome is on PATH (sudo only when not root). The page must render without
# network access: the browser runs with networking disabled by a proxy that goes nowhere.
# OUT defaults to $TMPDIR/season-report.png (/tmp without TMPDIR). Window: 1000 × 2600 CSS pixels (the whole page).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
page="${1:-}"
out="${2:-${TMPDIR:-/tmp}/season-report.png}"

browser=""
for candidate in chromium chromium-browser google-chrome; do
    if command -v "$candidate" >/dev/null 2>&1; then browser="$candidate"; break; fi
done
if [ -z "$browser" ]; then
    echo "screenshot_report: installing chromium" >&2
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq chromium >/dev/null
    browser=chromium
fi

if [ -z "$page" ]; then
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
    (cd "$root" && swift build --product swing-metrics >/dev/null)
    cli="$(cd "$root" && swift build --show-bin-path)/swing-metrics"
    for seed in 1 2 3 4 5 6; do
        sport=baseball
        if [ "$seed" -gt 4 ]; then sport=softball; fi
        "$cli" simulate "$work/sessions/day-$seed" --seed "$seed" --sport "$sport" --swings $((4 + 3 * seed)) \
            --format native >/dev/null
    done
    "$cli" report --season "$work/sessions" -o "$work/season.html"
    page="$work/season.html"
fi

"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --proxy-server=127.0.0.1:9 \
    --window-size=1000,2600 --screenshot="$(realpath -m "$out")" "file://$(realpath "$page")" 2>/dev/null
echo "screenshot_report: wrote $out from $page" >&2
