"""Seeds for Fuzz/run_live_frames.sh: valid live-server messages, each prefixed by the selector byte the fuzz entry
point reads (even: binary batch frame, odd: text message). Usage: python3 Fuzz/make_live_seeds.py CORPUS_DIR"""

import json
import os
import struct
import sys

# Device-motion column groups in frame order: (bit, number of Float32 columns) — docs/live.md.
GROUPS = [(1, 4), (2, 3), (4, 3), (8, 3), (16, 3), (32, 1)]


def binary_frame(stream: int, sequence: int, n: int, groups: int) -> bytes:
    columns = 3 if stream == 0 else sum(count for bit, count in GROUPS if groups & bit)
    head = b"BM" + bytes([1, stream]) + struct.pack("<QIH", sequence, n, groups) + bytes(6)
    times = struct.pack(f"<{n}d", *[100.0 + i / 800.0 for i in range(n)])
    values = struct.pack(f"<{n * columns}f", *[((i * 7919) % 200 - 100) / 50.0 for i in range(n * columns)])
    return head + times + values


def main() -> None:
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    seeds = {
        "acc-8": b"\x00" + binary_frame(0, 0, 8, 0),
        "acc-1": b"\x00" + binary_frame(0, 5, 1, 0),
        "dm-core": b"\x00" + binary_frame(1, 1, 4, 15),
        "dm-all": b"\x00" + binary_frame(1, 2, 3, 63),
        "dm-rotation": b"\x00" + binary_frame(1, 3, 2, 8),
        "announce": b"\x01" + json.dumps({"type": "announce", "sport": "tennis", "streams": ["accelerometer",
                                          "deviceMotion"], "device": "watch"}).encode(),
        "announce-config": b"\x01" + json.dumps({"type": "announce", "configuration": {"preset": "golf"}}).encode(),
        "batch-acc": b"\x01" + json.dumps({"type": "batch", "stream": "accelerometer", "sequence": 0,
                                           "timestamps": [1.0, 1.00125], "x": [0.1, 0.2], "y": [0, 0],
                                           "z": [-1, -1]}).encode(),
        "batch-dm": b"\x01" + json.dumps({"type": "batch", "stream": "deviceMotion", "sequence": 1,
                                          "timestamps": [1.0], "rotationRateX": [0.5], "rotationRateY": [0],
                                          "rotationRateZ": [0], "gravityX": [0], "gravityY": [0],
                                          "gravityZ": [-1]}).encode(),
        "end": b"\x01" + b'{"type":"end"}',
    }
    for name, data in seeds.items():
        with open(os.path.join(out, f"seed-{name}"), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
