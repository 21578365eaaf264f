#!/usr/bin/env bash
# Installs what BatchedMotion needs to build, only when it is missing:
#   libfftw3-dev (fftw3 + fftw3f), liblapack-dev, libblas-dev, pkg-config.
# Uses sudo only when not root. Safe to run repeatedly; does nothing when all is present.
set -euo pipefail

need=()
have_pc() { command -v pkg-config >/dev/null 2>&1 && pkg-config --exists "$1" 2>/dev/null; }
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
{ have_pc fftw3 && have_pc fftw3f; } || need+=(libfftw3-dev)
have_pc lapack || have_pkg liblapack-dev || need+=(liblapack-dev)
have_pkg libblas-dev || have_pc blas || need+=(libblas-dev)

if ((${#need[@]})); then
    echo "bootstrap: installing ${need[*]}" >&2
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
