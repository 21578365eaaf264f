#!/usr/bin/env python3
"""Writes the scipy reference vectors for the MotionDSP filter tests (Butterworth design, sosfilt,
sosfiltfilt) into this folder. Run from anywhere: `python3 generate_filter_fixtures.py`.

Made with scipy 1.17.1 / numpy 2.4 (float64). The test signal is seeded and looks like an 800 Hz, 3-axis
accelerometer stream in g: gravity (-1 g on z), a sharp impact (decaying 150-400 Hz ringing, 20-40 g peak),
a step, a slow swing and white noise. It is rounded to float32 (the storage type of samples in BatchedMotion),
and every reference is computed in float64 from those float32-rounded values, so the Swift code is compared
against the same input it receives.
"""
import json
import os

import numpy as np
import scipy
from scipy import signal

HERE = os.path.dirname(os.path.abspath(__file__))
FS = 800.0


def digits(array, significant):
    """Nested lists of floats printed with `significant` digits (JSON stays small; 9 digits round-trip any
    float32 exactly, 13 keep references far below the tests' 1e-12 tolerances)."""
    return [[float(f"{v:.{significant}g}") for v in row] for row in np.asarray(array)]


def write(name, payload):
    path = os.path.join(HERE, name)
    with open(path, "w") as f:
        json.dump(payload, f, separators=(",", ":"))
    print(f"{name}: {os.path.getsize(path)} bytes")


def wn_of(case):
    return case[0] if len(case) == 1 else list(case)


def design_cases():
    bands = {
        "lowpass": [[5.0], [50.0], [350.0], [399.0]],
        "highpass": [[0.5], [20.0], [200.0]],
        # [100, 300], [50, 350], [150, 250] are symmetric about fs/4: mirrored poles have equal radii, and
        # scipy's pairing breaks those ties on the last bits of numpy's vectorised arithmetic.
        "bandpass": [[5.0, 30.0], [150.0, 390.0], [0.2, 399.5], [150.0, 250.0]],
        "bandstop": [[45.0, 55.0], [100.0, 300.0], [50.0, 350.0]],
    }
    cases = []
    for btype, cutoffs in bands.items():
        for cutoff in cutoffs:
            for order in range(1, 13):
                sos = signal.butter(order, wn_of(cutoff), btype, output="sos", fs=FS)
                cases.append({"order": order, "btype": btype, "cutoffs": cutoff, "fs": FS, "sos": sos.tolist()})
    # another sample rate (device motion runs at 200 Hz)
    for btype, cutoff in [("lowpass", [12.0]), ("highpass", [0.3]), ("bandpass", [0.5, 20.0]), ("bandstop", [49.0, 51.0]),
                           ("bandpass", [25.0, 75.0])]:
        for order in (2, 4, 7):
            sos = signal.butter(order, wn_of(cutoff), btype, output="sos", fs=200.0)
            cases.append({"order": order, "btype": btype, "cutoffs": cutoff, "fs": 200.0, "sos": sos.tolist()})
    return cases


def test_signal(n, seed):
    rng = np.random.default_rng(seed)
    t = np.arange(n) / FS
    x = np.zeros((n, 3))
    x[:, 2] = -1.0  # gravity
    x += 0.3 * np.sin(2 * np.pi * 1.5 * t)[:, None] * np.array([1.0, 0.6, -0.4])  # slow swing
    onset = int(0.6 * FS)
    tau = t[onset:] - t[onset]
    freqs = [230.0, 310.0, 170.0]
    peaks = [34.0, 22.0, 27.0]
    for axis in range(3):
        ring = peaks[axis] * np.exp(-tau / 0.012) * np.sin(2 * np.pi * freqs[axis] * tau + 0.3 * axis)
        ring += 0.5 * peaks[axis] * np.exp(-tau / 0.006) * np.sin(2 * np.pi * 390.0 * tau)
        x[onset:, axis] += ring
    step = int(1.3 * FS)
    x[step:, 0] += 0.8
    x[step:, 1] -= 0.5
    x += 0.02 * rng.standard_normal((n, 3))
    return x.astype(np.float32)


FILTERS = [
    {"name": "highpass4_20Hz", "order": 4, "btype": "highpass", "cutoffs": [20.0]},
    {"name": "lowpass5_30Hz", "order": 5, "btype": "lowpass", "cutoffs": [30.0]},
    {"name": "bandpass3_100_350Hz", "order": 3, "btype": "bandpass", "cutoffs": [100.0, 350.0]},
    {"name": "bandstop2_45_55Hz", "order": 2, "btype": "bandstop", "cutoffs": [45.0, 55.0]},
]


def main():
    write("butter_sos.json", {"scipy": scipy.__version__, "cases": design_cases()})

    x32 = test_signal(1200, seed=20261121)
    x = x32.astype(np.float64)
    sosfilt_cases = []
    sosfiltfilt_cases = []
    for spec in FILTERS:
        sos = signal.butter(spec["order"], wn_of(spec["cutoffs"]), spec["btype"], output="sos", fs=FS)
        zi = signal.sosfilt_zi(sos)  # (sections, 2)
        y = signal.sosfilt(sos, x, axis=0)
        y_zi = np.empty_like(x)
        for axis in range(3):
            y_zi[:, axis], _ = signal.sosfilt(sos, x[:, axis], zi=zi * x[0, axis])
        sosfilt_cases.append({**spec, "sos": sos.tolist(), "zi": zi.tolist(),
                              "output": digits(y, 13), "output_steady_start": digits(y_zi, 13)})
        yy = signal.sosfiltfilt(sos, x, axis=0)
        ntaps = 2 * len(sos) + 1 - min(int((sos[:, 2] == 0).sum()), int((sos[:, 5] == 0).sum()))
        padlen = 3 * ntaps
        short = x[: padlen + 1]
        yy_short = signal.sosfiltfilt(sos, short, axis=0)
        sosfiltfilt_cases.append({**spec, "sos": sos.tolist(), "padlen": padlen,
                                  "output": digits(yy, 13), "short_output": digits(yy_short, 13)})
    x_text = digits(x32, 9)  # exact float32 values after Float(...) in the tests
    assert (np.asarray(x_text, dtype=np.float32) == x32).all()
    write("sosfilt.json", {"scipy": scipy.__version__, "fs": FS, "input": x_text, "cases": sosfilt_cases})
    write("sosfiltfilt.json", {"scipy": scipy.__version__, "fs": FS, "input": x_text, "cases": sosfiltfilt_cases})


if __name__ == "__main__":
    main()
