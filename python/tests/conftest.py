"""Shared fixtures: the real ``swing-metrics`` (from ``$BATCHEDMOTION_CLI`` or ``PATH``; ``make python-test`` sets
the variable to the binary the Swift build produced), recordings it simulates into a temporary folder, and a test
double of the tool that crashes or hangs on chosen recordings."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import textwrap

import pytest

import batchedmotion


#: Per-recording time limit in the hang tests, s: far above one short recording's analysis in the debug build on a
#: busy machine (≈ 0.5 s), and each hang costs this much wall time.
HANG_LIMIT_S = 8


@pytest.fixture(scope="session")
def cli() -> str:
    try:
        return batchedmotion.find_cli()
    except batchedmotion.BatchedMotionError as error:
        pytest.fail(f"these tests need the built tool: {error}")


#: (name, simulate options): short sessions of three sports in both formats; 40-65 s each.
SIMULATED = [
    ("baseball-1", ["--seed", "1", "--swings", "6", "--duration", "50", "--format", "native-npz"]),
    ("baseball-2", ["--seed", "2", "--swings", "4", "--duration", "45"]),
    ("golf-3", ["--sport", "golf", "--seed", "3", "--swings", "4", "--duration", "60", "--format", "native-npz"]),
    ("tennis-4", ["--sport", "tennis", "--seed", "4", "--swings", "5", "--duration", "50", "--format", "native-npz"]),
    ("softball-5", ["--sport", "softball", "--seed", "5", "--swings", "4", "--duration", "45"]),
    ("baseball-6", ["--seed", "6", "--swings", "8", "--duration", "65", "--format", "native-npz",
                    "--wrist", "right", "--handedness", "left"]),
]


@pytest.fixture(scope="session")
def season(cli, tmp_path_factory) -> list[str]:
    """Absolute paths of the simulated recordings (an .npz file or an interchange CSV directory each), sorted."""
    root = tmp_path_factory.mktemp("season")
    paths = []
    for name, options in SIMULATED:
        directory = root / name
        subprocess.run([cli, "simulate", str(directory), *options], check=True, capture_output=True)
        npz = directory / "recording.npz"
        paths.append(str(npz) if npz.exists() else str(directory))
    return sorted(paths)


#: The lift ride of `head_and_pressure`: up CLIMB_M over CLIMB_S, later down DESCENT_M over the same time, m and s.
CLIMB_M, DESCENT_M, CLIMB_S = 12.0, 6.0, 12.0
#: The device's own pedometer totals in `head_and_pressure`: steps, m, floors up, floors down.
DEVICE_TOTALS = (40, 30.0, 4, 2)


def pressure_kpa(altitude_m: float) -> float:
    """ISO 2533 standard atmosphere below 11 km: pressure at ``altitude_m`` above sea level, kPa."""
    return 101.325 * (1 - 0.0065 * altitude_m / 288.15) ** 5.25588


@pytest.fixture(scope="session")
def head_and_pressure(cli, tmp_path_factory) -> str:
    """An interchange recording with AirPods motion (``simulate --sport tennis --headphones``), to which a 10 Hz
    barometer (a lift ride up 12 m and down 6 m at 1 m/s, on the motion clock) and the device's pedometer (40
    steps, 30 m, 4 floors up, 2 down) are added: every head key and every workout pressure and device key is set.
    """
    directory = tmp_path_factory.mktemp("head-pressure") / "tennis-head"
    subprocess.run([cli, "simulate", str(directory), "--sport", "tennis", "--seed", "7", "--swings", "5",
                    "--duration", "60", "--headphones"], check=True, capture_output=True)
    with open(directory / "accelerometer.csv") as file:
        times = [float(line.split(",", 1)[0]) for line in file.readlines()[1:]]
    start, end = times[0], times[-1]
    climb_at, descent_at = start + 10, start + 35

    def altitude(t: float) -> float:
        up = CLIMB_M * min(max((t - climb_at) / CLIMB_S, 0), 1)
        down = DESCENT_M * min(max((t - descent_at) / (CLIMB_S * DESCENT_M / CLIMB_M), 0), 1)
        return 200 + up - down

    with open(directory / "pressure.csv", "w") as file:
        file.write("timestamp,pressure\n")
        for k in range(int((end - start) * 10) + 1):
            t = start + k / 10
            file.write(f"{t!r},{pressure_kpa(altitude(t))!r}\n")
    steps, distance, up, down = DEVICE_TOTALS
    with open(directory / "pedometer.csv", "w") as file:
        file.write("timestamp,steps,distance,floors_ascended,floors_descended\n")
        for k in range(11):
            share = k / 10
            file.write(f"{start + share * (end - start)!r},{round(steps * share)},{distance * share!r},"
                       f"{round(up * share)},{round(down * share)}\n")
    return str(directory)


@pytest.fixture()
def corrupt(tmp_path) -> str:
    """A .csv file no importer recognises (the tool reports it with an error line, exit status 1)."""
    path = tmp_path / "corrupt.csv"
    path.write_text("garbage,1,2\nmore garbage\n")
    return str(path)


@pytest.fixture()
def fifo(tmp_path) -> str:
    """A FIFO named like a recording: the real tool blocks opening it (no writer ever comes)."""
    path = tmp_path / "stalled-mount.csv"
    os.mkfifo(path)
    return str(path)


FAKE_CLI = '''\
#!{python}
# Test double of swing-metrics analyze: delegates each recording to the real tool, one at a time, but dies by
# SIGSEGV on a path containing "crash" and sleeps forever on one containing "hang" (a hang the real tool's
# --time-limit, accepted and ignored here, cannot see). Like the real tool with --format jsonl it writes and flushes
# each result line as soon as that recording is done. Every invocation is logged (its paths, one line) to LOG.
import json, os, signal, subprocess, sys, time
REAL, LOG, DELAY = {real!r}, {log!r}, {delay!r}
args = sys.argv[1:]
if args[:1] != ["analyze"]:
    os.execv(REAL, [REAL] + args)
paths = args[args.index("--") + 1:]
if LOG:
    with open(LOG, "a") as log:
        log.write(json.dumps(paths) + "\\n")
time.sleep(DELAY)
failed = 0
for path in paths:
    if "crash" in os.path.basename(path):
        signal.signal(signal.SIGSEGV, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGSEGV)
    if "hang" in os.path.basename(path):
        time.sleep(3600)
    result = subprocess.run([REAL, "analyze", "--format", "jsonl", "--no-progress", "--", path],
                            capture_output=True, text=True)
    failed += result.returncode != 0
    sys.stdout.write(result.stdout)
    sys.stdout.flush()
sys.exit(1 if failed else 0)
'''


@pytest.fixture(scope="session")
def make_fake_cli(cli, tmp_path_factory):
    """``make_fake_cli(log=None, delay=0.0)`` → path of a fresh test double (see FAKE_CLI)."""
    folder = tmp_path_factory.mktemp("fake-cli")
    count = iter(range(1_000_000))

    def make(log: str | None = None, delay: float = 0.0) -> str:
        path = folder / f"swing-metrics-{next(count)}"
        path.write_text(FAKE_CLI.format(python=sys.executable, real=cli, log=log, delay=delay))
        path.chmod(path.stat().st_mode | stat.S_IXUSR)
        return str(path)

    return make


def named_copy(source: str, folder, name: str) -> str:
    """A copy of recording ``source`` (file or directory) under ``folder`` with the file/directory name ``name``."""
    target = os.path.join(folder, name)
    if os.path.isdir(source):
        shutil.copytree(source, target)
    else:
        shutil.copyfile(source, target)
    return target
