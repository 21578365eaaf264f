"""Reference client for ``swing-metrics serve``: stream a stored recording to the live server, get its swings.

    from batchedmotion.live import stream
    swings = stream("session.npz", "ws://127.0.0.1:8080/v1/live", token, speed=None)

Self-contained: the standard library and numpy only (the WebSocket client, RFC 6455, is written out below). Reads
the package's native ``.npz`` recordings and interchange-CSV directories (``accelerometer.csv``,
``device_motion.csv``, ``metadata.json``). Batches are the recording's kept batch boundaries
(``*_batch_ends``) or whole seconds of its clock, sent in delivery order (by each batch's last timestamp,
accelerometer first on ties) as version-1 binary batch frames; the protocol is described in docs/live.md.

Each swing is the dict ``swing-metrics analyze --format json`` gives for it (same keys, same numbers).
"""

from __future__ import annotations

import base64
import json
import math
import os
import socket
import ssl
import struct
import time
import urllib.parse
import zipfile
from dataclasses import dataclass, field

import numpy as np

__all__ = ["stream", "read_recording", "batches", "encode_batch", "LiveError"]

# Device-motion column groups: (bit, interchange-CSV / native names, JSON-frame names), in frame order.
_DM_GROUPS = [
    (1, ["attitude_w", "attitude_x", "attitude_y", "attitude_z"]),
    (2, ["gravity_x", "gravity_y", "gravity_z"]),
    (4, ["user_acceleration_x", "user_acceleration_y", "user_acceleration_z"]),
    (8, ["rotation_rate_x", "rotation_rate_y", "rotation_rate_z"]),
    (16, ["magnetic_field_x", "magnetic_field_y", "magnetic_field_z"]),
    (32, ["heading"]),
]


class LiveError(Exception):
    """The server refused the session (close code and its message), or the recording cannot be read."""

    def __init__(self, message: str, code: int | None = None):
        super().__init__(message if code is None else f"{message} (close code {code})")
        self.code = code


# ---------------------------------------------------------------------------------------------------------------
# Reading recordings


@dataclass
class Stream:
    """One stream: float64 timestamps (s), float32 columns by name, batch ends (exclusive) or None."""

    timestamps: np.ndarray
    columns: dict[str, np.ndarray]
    batch_ends: np.ndarray | None = None


@dataclass
class RecordingData:
    accelerometer: Stream | None
    device_motion: Stream | None
    metadata: dict = field(default_factory=dict)


def read_recording(path: str | os.PathLike) -> RecordingData:
    """Reads a native ``.npz`` file or an interchange-CSV directory."""
    path = os.fspath(path)
    if os.path.isdir(path):
        return _read_interchange(path)
    if zipfile.is_zipfile(path):
        return _read_npz(path)
    raise LiveError(f"{path}: not a native .npz file or an interchange-CSV directory")


def _read_npz(path: str) -> RecordingData:
    with np.load(path) as npz:
        names = set(npz.files)
        metadata = {}
        if "metadata_json" in names:
            metadata = json.loads(bytes(npz["metadata_json"])).get("metadata", {})

        def stream(prefix: str, columns: list[str]) -> Stream | None:
            if f"{prefix}_timestamp" not in names:
                return None
            ends = npz[f"{prefix}_batch_ends"].astype(np.int64) if f"{prefix}_batch_ends" in names else None
            present = {c: npz[f"{prefix}_{c}"].astype(np.float32) for c in columns if f"{prefix}_{c}" in names}
            return Stream(npz[f"{prefix}_timestamp"].astype(np.float64), present, ends)

        dm_columns = [c for _, group in _DM_GROUPS for c in group]
        return RecordingData(stream("accelerometer", ["x", "y", "z"]), stream("device_motion", dm_columns), metadata)


def _read_csv(path: str) -> tuple[list[str], np.ndarray]:
    with open(path, encoding="utf-8") as f:
        header = [h.strip() for h in f.readline().strip().split(",")]
        # float64 first (timestamps need it); sample columns are rounded to float32 like the Swift reader.
        values = np.loadtxt(f, delimiter=",", dtype=np.float64, ndmin=2)
    if values.size and values.shape[1] != len(header):
        raise LiveError(f"{path}: {values.shape[1]} values per line for {len(header)} header fields")
    return header, values


def _read_interchange(directory: str) -> RecordingData:
    accelerometer = device_motion = None
    a_path = os.path.join(directory, "accelerometer.csv")
    if os.path.exists(a_path):
        header, values = _read_csv(a_path)
        index = {name: i for i, name in enumerate(header)}
        accelerometer = Stream(
            values[:, index["timestamp"]].copy(),
            {axis: values[:, index[f"acceleration_{axis}"]].astype(np.float32) for axis in "xyz"},
        )
    d_path = os.path.join(directory, "device_motion.csv")
    if os.path.exists(d_path):
        header, values = _read_csv(d_path)
        index = {name: i for i, name in enumerate(header)}
        columns = {}
        for _, group in _DM_GROUPS:
            if all(c in index for c in group):
                for c in group:
                    columns[c] = values[:, index[c]].astype(np.float32)
        device_motion = Stream(values[:, index["timestamp"]].copy(), columns)
    metadata = {}
    m_path = os.path.join(directory, "metadata.json")
    if os.path.exists(m_path):
        with open(m_path, encoding="utf-8") as f:
            metadata = json.load(f)
    return RecordingData(accelerometer, device_motion, metadata)


# ---------------------------------------------------------------------------------------------------------------
# Batches and frames


def _batch_ends(s: Stream) -> np.ndarray:
    if s.batch_ends is not None:
        return s.batch_ends
    # A new batch starts where floor(timestamp) changes (whole seconds of the recording's clock).
    seconds = np.floor(s.timestamps)
    starts = np.nonzero(seconds[1:] != seconds[:-1])[0] + 1
    return np.append(starts, len(s.timestamps)).astype(np.int64)


def batches(recording: RecordingData) -> list[tuple[int, Stream, int, int]]:
    """The batches in delivery order: (stream id 0/1, stream, start, end), by last timestamp, accelerometer first."""
    keyed = []
    for stream_id, s in ((0, recording.accelerometer), (1, recording.device_motion)):
        if s is None or len(s.timestamps) == 0:
            continue
        if stream_id == 1 and "rotation_rate_x" not in s.columns:
            continue  # the analyzer does not read device motion without rotation rate
        start = 0
        for end in _batch_ends(s):
            end = int(end)
            if end > start:
                keyed.append((float(s.timestamps[end - 1]), stream_id, len(keyed), s, start, end))
                start = end
    keyed.sort(key=lambda k: (k[0], k[1], k[2]))
    return [(stream_id, s, start, end) for _, stream_id, _, s, start, end in keyed]


def encode_batch(sequence: int, stream_id: int, s: Stream, start: int, end: int) -> bytes:
    """A version-1 binary batch frame (docs/live.md): 24-byte header, float64 timestamps, float32 columns."""
    n = end - start
    if stream_id == 0:
        groups, names = 0, ["x", "y", "z"]
    else:
        groups, names = 0, []
        for bit, group in _DM_GROUPS:
            if all(c in s.columns for c in group):
                groups |= bit
                names += group
    header = struct.pack("<2sBBQIH6x", b"BM", 1, stream_id, sequence, n, groups)
    parts = [header, s.timestamps[start:end].astype("<f8").tobytes()]
    parts += [s.columns[c][start:end].astype("<f4").tobytes() for c in names]
    return b"".join(parts)


# ---------------------------------------------------------------------------------------------------------------
# A minimal WebSocket client (RFC 6455): text and binary messages, close, ping/pong; ws:// and wss://.


class _WebSocket:
    def __init__(self, url: str, headers: dict[str, str], timeout: float = 30.0):
        parts = urllib.parse.urlsplit(url)
        secure = parts.scheme == "wss"
        port = parts.port or (443 if secure else 80)
        sock = socket.create_connection((parts.hostname, port), timeout=timeout)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        if secure:
            sock = ssl.create_default_context().wrap_socket(sock, server_hostname=parts.hostname)
        self.sock = sock
        self.buffer = b""
        key = base64.b64encode(os.urandom(16)).decode()
        path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        lines = [f"GET {path} HTTP/1.1", f"Host: {parts.hostname}:{port}", "Upgrade: websocket",
                 "Connection: Upgrade", f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13"]
        lines += [f"{k}: {v}" for k, v in headers.items()]
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        while b"\r\n\r\n" not in self.buffer:
            chunk = sock.recv(4096)
            if not chunk:
                raise LiveError("connection closed during the WebSocket handshake")
            self.buffer += chunk
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        status = head.split(b"\r\n", 1)[0].decode(errors="replace")
        if " 101 " not in status + " ":
            code = int(status.split()[1]) if len(status.split()) > 1 and status.split()[1].isdigit() else None
            raise LiveError(f"upgrade refused: {status}", code)

    def _read(self, n: int) -> bytes:
        while len(self.buffer) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("connection closed")
            self.buffer += chunk
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def send(self, payload: bytes | str, opcode: int | None = None) -> None:
        if isinstance(payload, str):
            payload, opcode = payload.encode(), opcode or 1
        opcode = opcode or 2
        n = len(payload)
        if n < 126:
            header = struct.pack("!BB", 0x80 | opcode, 0x80 | n)
        elif n < 1 << 16:
            header = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, n)
        else:
            header = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, n)
        mask = os.urandom(4)
        masked = (np.frombuffer(payload, np.uint8) ^ np.resize(np.frombuffer(mask, np.uint8), n)).tobytes()
        self.sock.sendall(header + mask + masked)

    def receive(self) -> tuple[str, bytes | str | int]:
        """The next message: ("text", str), ("binary", bytes) or ("close", code)."""
        message, message_opcode = b"", None
        while True:
            b0, b1 = self._read(2)
            opcode, n = b0 & 0x0F, b1 & 0x7F
            if n == 126:
                n = struct.unpack("!H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack("!Q", self._read(8))[0]
            mask = self._read(4) if b1 & 0x80 else None
            payload = self._read(n)
            if mask:
                payload = (np.frombuffer(payload, np.uint8) ^ np.resize(np.frombuffer(mask, np.uint8), n)).tobytes()
            if opcode == 8:
                code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else 1005
                try:
                    self.send(payload[:2], opcode=8)
                except OSError:
                    pass
                return "close", code
            if opcode == 9:
                self.send(payload, opcode=10)
                continue
            if opcode == 10:
                continue
            if opcode in (1, 2):
                message_opcode = opcode
            message += payload
            if b0 & 0x80:
                return ("text", message.decode()) if message_opcode == 1 else ("binary", message)

    def close(self) -> None:
        try:
            self.sock.close()
        except OSError:
            pass


# ---------------------------------------------------------------------------------------------------------------
# Streaming


def stream(path, url: str, token: str, speed: float | None = None, *, sport: str | None = None,
           configuration: dict | None = None, record: bool = False, reconnects: int = 3) -> list[dict]:
    """Streams the recording at ``path`` to the live server at ``url`` (``ws://HOST:PORT/v1/live``) with the
    bearer ``token`` and returns the swings it sent, in order.

    ``speed``: ``None`` sends as fast as the server acknowledges; ``1.0`` at real time (each batch when the watch
    would have delivered it: at its last sample's time); ``10.0`` ten times faster. The sport defaults to the
    recording's metadata, else baseball. A dropped connection is resumed (up to ``reconnects`` times) from the last
    acknowledged batch, with no swing lost or repeated. Raises ``LiveError`` when the server refuses the session.
    """
    recording = read_recording(path)
    plan = batches(recording)
    streams = []
    if recording.accelerometer is not None and len(recording.accelerometer.timestamps):
        streams.append("accelerometer")
    if any(stream_id == 1 for stream_id, *_ in plan):
        streams.append("deviceMotion")
    announce = {"type": "announce", "version": 1, "streams": streams,
                "sport": sport or (recording.metadata.get("sport") or "baseball").lower(),
                "device": recording.metadata.get("device"), "record": record}
    if configuration is not None:
        announce["configuration"] = configuration
    headers = {"Authorization": f"Bearer {token}"}

    swings: list[dict] = []
    session = None
    next_sequence = 0
    started = time.monotonic()
    first_time = min((float(s.timestamps[end - 1]) for _, s, _, end in plan[:1]), default=0.0)
    attempts = 0
    while True:
        ws = _WebSocket(url, headers)
        try:
            message = dict(announce, session=session, swingsReceived=len(swings))
            ws.send(json.dumps(message))
            while True:
                kind, value = ws.receive()
                if kind == "close":
                    raise LiveError("closed before the session started", value)
                reply = json.loads(value)
                if reply["type"] == "error":
                    raise LiveError(reply["message"], reply["code"])
                if reply["type"] == "swing":
                    swings.append(reply["swing"])
                elif reply["type"] == "session":
                    session, next_sequence = reply["session"], reply["nextSequence"]
                    break
            for sequence in range(next_sequence, len(plan)):
                stream_id, s, start, end = plan[sequence]
                if speed:
                    due = started + (float(s.timestamps[end - 1]) - first_time) / speed
                    delay = due - time.monotonic()
                    if delay > 0:
                        time.sleep(delay)
                ws.send(encode_batch(sequence, stream_id, s, start, end))
                _read_until(ws, swings, lambda r: r["type"] == "ack" and r["sequence"] == sequence)
            ws.send(json.dumps({"type": "end"}))
            _read_until(ws, swings, lambda r: r["type"] == "summary")
            return swings
        except (ConnectionError, socket.timeout, OSError) as error:
            attempts += 1
            if session is None or attempts > reconnects:
                raise LiveError(f"connection lost: {error}") from error
        finally:
            ws.close()


def _read_until(ws: _WebSocket, swings: list[dict], done) -> dict:
    while True:
        kind, value = ws.receive()
        if kind == "close":
            raise LiveError("the server closed the session", value)
        if kind != "text":
            continue
        reply = json.loads(value)
        if reply["type"] == "error":
            raise LiveError(reply["message"], reply["code"])
        if reply["type"] == "swing":
            if reply["index"] == len(swings):
                swings.append(reply["swing"])
        if done(reply):
            return reply
