"""The reference client against a real ``swing-metrics serve``: the swings streamed live equal the swings
``swing-metrics analyze --format json`` gives for the stored recording (interchange CSV and native .npz).

Needs the built CLI: ``BATCHEDMOTION_CLI`` (set by ``make python-test``) or ``SWING_METRICS`` names it, else
``.build/debug/swing-metrics`` (``swift build``) or the release build in ``.build-cli``; the tests skip when none
exists.
"""

import json
import os
import subprocess
import sys
import tempfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from batchedmotion.live import LiveError, batches, encode_batch, read_recording, stream  # noqa: E402

SAMPLE = os.path.join(ROOT, "Datasets", "sample")
TOKEN = "python-test-token-0123456789"


def _binary():
    candidates = [os.environ.get("BATCHEDMOTION_CLI"), os.environ.get("SWING_METRICS"), os.path.join(ROOT, ".build", "debug", "swing-metrics"),
                  os.path.join(ROOT, ".build-cli", "release", "swing-metrics")]
    for candidate in candidates:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


BINARY = _binary()
needs_cli = pytest.mark.skipif(BINARY is None, reason="swing-metrics is not built (swift build)")


@pytest.fixture(scope="module")
def server():
    with tempfile.TemporaryDirectory() as scratch:
        tokens = os.path.join(scratch, "tokens.txt")
        with open(tokens, "w") as f:
            f.write(f"# test\n{TOKEN}\n")
        process = subprocess.Popen([BINARY, "serve", "--port", "0", "--tokens", tokens],
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            line = process.stdout.readline().strip()
            assert line.startswith("listening on 127.0.0.1:"), line
            yield f"ws://{line.removeprefix('listening on ')}/v1/live"
        finally:
            process.terminate()
            process.wait(timeout=30)


def _offline(path):
    out = subprocess.run([BINARY, "analyze", path, "--format", "json"], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)["swings"]


@needs_cli
def test_interchange_directory_streams_the_offline_swings(server):
    swings = stream(SAMPLE, server, TOKEN)
    offline = _offline(SAMPLE)
    assert len(offline) >= 5
    assert swings == offline  # exact: the same numbers, parsed from the same shortest round-trip text


@needs_cli
def test_native_npz_at_ten_times_real_time(server):
    with tempfile.TemporaryDirectory() as scratch:
        npz = os.path.join(scratch, "sample.npz")
        subprocess.run([BINARY, "convert", SAMPLE, npz], check=True, capture_output=True)
        head = read_recording(npz)
        assert head.accelerometer.batch_ends is None  # whole-second batches, cut by the client
        swings = stream(npz, server, TOKEN, speed=50.0)
        assert swings == _offline(npz)


@needs_cli
def test_wrong_token_is_refused(server):
    with pytest.raises(LiveError) as error:
        stream(SAMPLE, server, "not-the-token-0123456789")
    assert error.value.code == 400  # hummingbird-websocket answers every refused upgrade with 400


def test_binary_frame_layout():
    recording = read_recording(SAMPLE)
    plan = batches(recording)
    stream_id, s, start, end = next(b for b in plan if b[0] == 0)
    frame = encode_batch(7, stream_id, s, start, end)
    assert frame[:4] == b"BM\x01\x00"
    assert int.from_bytes(frame[4:12], "little") == 7
    assert int.from_bytes(frame[12:16], "little") == end - start
    assert len(frame) == 24 + (end - start) * (8 + 3 * 4)
    # Delivery order: by each batch's last timestamp.
    last = [float(s.timestamps[e - 1]) for _, s, _, e in plan]
    assert last == sorted(last)
