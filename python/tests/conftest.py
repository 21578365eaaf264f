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
# SIGSEGV on a path containing "crash" and sleeps forever on one containing "hang". Like the real tool it buffers
# its standard output until the end (so a crash loses earlier results) and draws "\\ranalysing BAR i/n" on standard
# error when that is a terminal. Every invocation is logged (its paths, one line) to LOG.
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
out, failed = [], 0
for done, path in enumerate(paths, start=1):
    if "crash" in os.path.basename(path):
        signal.signal(signal.SIGSEGV, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGSEGV)
    if "hang" in os.path.basename(path):
        time.sleep(3600)
    result = subprocess.run([REAL, "analyze", "--format", "jsonl", "--no-progress", "--", path],
                            capture_output=True, text=True)
    failed += result.returncode != 0
    out.append(result.stdout)
    if os.isatty(2) and len(paths) > 1:
        sys.stderr.write("\\ranalysing ###--- %d/%d" % (done, len(paths)))
        sys.stderr.flush()
sys.stdout.write("".join(out))
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
