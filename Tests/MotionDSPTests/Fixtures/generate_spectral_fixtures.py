#!/usr/bin/env python3
"""Reference vectors for the MotionDSP spectral/numeric core (FFT, overlap-save, Welch, find_peaks, LAPACK,
Savitzky-Golay, resampling), written as JSON beside this script.

Run from anywhere:  python3 Tests/MotionDSPTests/Fixtures/generate_spectral_fixtures.py
(made with numpy 2.4 / scipy 1.17.1; seeded, so re-running reproduces the files byte for byte).

Inputs look like our data: 800 Hz accelerometer magnitude in g with a gravity offset, sharp impact-like bursts
(decaying 150-400 Hz ringing), a step, and noise. Signals are rounded to float32 (what the Swift side stores) and
handed to scipy as float64 of those exact values.
"""
import json
import os

import numpy as np
import scipy
from scipy import signal

HERE = os.path.dirname(os.path.abspath(__file__))
FS = 800.0


def f32(a):
    return np.asarray(a, dtype=np.float32).astype(np.float64)


def lst(a):
    return [float(v) for v in np.asarray(a, dtype=np.float64).ravel()]


def inp(a):
    """float32 input samples, 9 significant digits: reads back to the identical float32."""
    a = np.asarray(a, dtype=np.float32).ravel()
    return [float("%.9g" % v) for v in a]


def out(a):
    """Reference outputs rounded to 12 significant digits (far below the Float tolerances they are checked at)."""
    return [float("%.12g" % v) for v in np.asarray(a, dtype=np.float64).ravel()]


def ilst(a):
    return [int(v) for v in np.asarray(a).ravel()]


def write(name, payload):
    payload = {"generator": "generate_spectral_fixtures.py", "numpy": np.__version__, "scipy": scipy.__version__,
               **payload}
    with open(os.path.join(HERE, name), "w") as f:
        json.dump(payload, f, separators=(",", ":"))


def swing_like(n, seed, impacts=((0.3, 260.0, 2.5), (0.7, 180.0, 1.5)), step_at=0.5, noise=0.02):
    """Accelerometer-magnitude-like signal in g: gravity offset, slow arm motion, impact ringing, a step, noise."""
    rng = np.random.default_rng(seed)
    t = np.arange(n) / FS
    x = 1.0 + 0.4 * np.sin(2 * np.pi * 1.3 * t) + 0.15 * np.sin(2 * np.pi * 7.0 * t + 0.3)
    for (where, freq, amp) in impacts:
        t0 = where * n / FS
        tau = t - t0
        burst = np.where(tau >= 0, amp * np.exp(-np.clip(tau, 0, None) / 0.012) * np.sin(2 * np.pi * freq * tau), 0.0)
        x = x + burst
    x = x + np.where(t >= step_at * n / FS, 0.3, 0.0)
    x = x + noise * rng.standard_normal(n)
    return f32(x)


def fft_fixture():
    cases = []
    for n, seed in [(1, 1), (2, 2), (7, 3), (800, 4), (1024, 5), (1000, 6)]:
        x = swing_like(n, seed) if n >= 100 else f32(np.random.default_rng(seed).standard_normal(n))
        X = np.fft.rfft(x)
        cases.append({"count": n, "x": inp(x), "real": out(X.real), "imaginary": out(X.imag)})
    write("fft.json", {"cases": cases})


def overlap_save_fixture():
    x = swing_like(2000, 11)
    rng = np.random.default_rng(12)
    cases = []
    for name, taps in [("lowpass101", signal.firwin(101, 40.0, fs=FS)),
                       ("bandpass257", signal.firwin(257, [150.0, 390.0], pass_zero=False, fs=FS)),
                       ("random37", rng.standard_normal(37)),
                       ("single", np.array([0.5]))]:
        taps = f32(taps)
        full = np.convolve(x, taps)  # direct convolution, float64
        cases.append({"name": name, "taps": inp(taps), "full": out(full)})
    write("overlap_save.json", {"x": inp(x), "cases": cases})


def welch_fixture():
    x = swing_like(8000, 21)
    short = swing_like(200, 22)
    cases = []
    options = [
        {},  # scipy defaults (fs=1)
        {"fs": FS},
        {"fs": FS, "nperseg": 512},
        {"fs": FS, "nperseg": 256, "noverlap": 64},
        {"fs": FS, "nperseg": 256, "nfft": 512},
        {"fs": FS, "window": "hamming"},
        {"fs": FS, "window": "boxcar"},
        {"fs": FS, "detrend": "linear"},
        {"fs": FS, "detrend": False},
        {"fs": FS, "scaling": "spectrum"},
        {"fs": FS, "average": "median"},
        {"fs": FS, "nperseg": 255, "window": "hamming", "average": "median", "detrend": "linear"},
        {"fs": FS, "nperseg": 128, "noverlap": 100, "scaling": "spectrum", "average": "median"},
    ]
    for opts in options:
        f, p = signal.welch(x, **opts)
        cases.append({"options": opts, "input": "long", "frequencies": lst(f), "psd": out(p)})
    for opts in [{"fs": FS}, {"fs": FS, "nperseg": 200, "window": "boxcar", "detrend": False}]:
        f, p = signal.welch(short, **opts)  # nperseg > len(x): scipy uses len(x)
        cases.append({"options": opts, "input": "short", "frequencies": lst(f), "psd": out(p)})
    write("welch.json", {"long": inp(x), "short": inp(short), "cases": cases})


def find_peaks_fixture():
    x = swing_like(3000, 31, impacts=((0.2, 300.0, 2.0), (0.55, 220.0, 1.2), (0.8, 380.0, 2.8)))
    # Plateaus (flat maxima of several sizes), edge maxima (never peaks), ties and a shoulder.
    p = f32([5, 1, 2, 2, 2, 1, 3, 3, 0, 4, 4, 4, 4, 1, 0.5, 2, 1, 2.5, 2.5, 2.5, 2.5, 2.5, 0, 1, 0.2, 3, 1, 6])
    signals = {"swing": x, "plateaus": p}
    cases = []

    def case(sig, **kw):
        peaks, props = signal.find_peaks(signals[sig], **kw)
        entry = {"signal": sig, "options": {k: (list(v) if isinstance(v, tuple) else v) for k, v in kw.items()},
               "peaks": ilst(peaks)}
        for k, v in props.items():
            entry[k] = ilst(v) if v.dtype.kind in "iu" else lst(v)
        cases.append(entry)

    case("swing")
    case("swing", height=1.5)
    case("swing", height=(1.0, 2.0))
    case("swing", threshold=0.05)
    case("swing", threshold=(0.01, 0.2))
    case("swing", distance=40)
    case("swing", distance=7.5)
    case("swing", prominence=0.5)
    case("swing", prominence=(0.2, 1.0), wlen=41)
    case("swing", width=3)
    case("swing", prominence=0.3, width=(1, 20), rel_height=0.8)
    case("swing", height=1.2, distance=80, prominence=0.4, width=0, rel_height=0.5, wlen=120)
    case("plateaus")
    case("plateaus", plateau_size=2)
    case("plateaus", plateau_size=(1, 3), height=1)
    case("plateaus", prominence=0, width=0)
    case("plateaus", distance=3)
    case("plateaus", threshold=0.5, rel_height=1.0, width=0)
    write("find_peaks.json", {"signals": {k: inp(v) for k, v in signals.items()}, "cases": cases})


def lstsq_svd_fixture():
    rng = np.random.default_rng(41)
    a = rng.standard_normal((8, 3))
    b = rng.standard_normal(8)
    sol, res, rank, s = np.linalg.lstsq(a, b, rcond=None)
    # Rank-deficient: third column = first + second.
    ad = rng.standard_normal((6, 2))
    ad = np.column_stack([ad, ad[:, 0] + ad[:, 1]])
    bd = rng.standard_normal(6)
    sold, _, rankd, sd = np.linalg.lstsq(ad, bd, rcond=None)
    # Underdetermined (as in savgol_coeffs): 3 x 7, minimum-norm solution.
    au = rng.standard_normal((3, 7))
    bu = rng.standard_normal(3)
    solu, _, ranku, su = np.linalg.lstsq(au, bu, rcond=None)
    lstsq_cases = [
        {"name": "overdetermined", "rows": 8, "columns": 3, "a": lst(a), "b": lst(b), "solution": lst(sol),
         "rank": int(rank), "singular_values": lst(s), "residual_sum_squares": lst(res)},
        {"name": "rank_deficient", "rows": 6, "columns": 3, "a": lst(ad), "b": lst(bd), "solution": lst(sold),
         "rank": int(rankd), "singular_values": lst(sd), "residual_sum_squares": []},
        {"name": "underdetermined", "rows": 3, "columns": 7, "a": lst(au), "b": lst(bu), "solution": lst(solu),
         "rank": int(ranku), "singular_values": lst(su), "residual_sum_squares": []},
    ]
    svd_cases = []
    for name, (m, n) in [("tall", (6, 4)), ("wide", (3, 5)), ("square", (4, 4))]:
        a = rng.standard_normal((m, n))
        for full in (True, False):
            u, s, vt = np.linalg.svd(a, full_matrices=full)
            svd_cases.append({"name": name, "rows": m, "columns": n, "full_matrices": full, "a": lst(a),
                              "u": lst(u), "u_shape": list(u.shape), "s": lst(s), "vt": lst(vt),
                              "vt_shape": list(vt.shape)})
    write("lstsq_svd.json", {"note": "matrices row-major (numpy order)", "lstsq": lstsq_cases, "svd": svd_cases})


def savgol_fixture():
    x = swing_like(400, 51)
    cases = []
    for wl, po, deriv, delta in [(5, 2, 0, 1.0), (11, 3, 0, 1.0), (31, 4, 1, 1 / FS), (21, 2, 2, 1 / FS),
                                 (7, 0, 0, 1.0), (9, 4, 3, 0.5), (5, 3, 4, 1.0), (3, 1, 0, 1.0)]:
        coeffs = signal.savgol_coeffs(wl, po, deriv=deriv, delta=delta)
        entry = {"window_length": wl, "polyorder": po, "deriv": deriv, "delta": delta, "coefficients": lst(coeffs)}
        for mode in ("interp", "nearest"):
            entry[mode] = out(signal.savgol_filter(x, wl, po, deriv=deriv, delta=delta, mode=mode))
        cases.append(entry)
    write("savgol.json", {"x": inp(x), "cases": cases})


def resample_fixture():
    rng = np.random.default_rng(61)
    # A real "800 Hz" stream: ~798.7 Hz mean rate, jittered timestamps (seconds since boot).
    n = 1600
    dt = 1.0 / 798.7
    t = 53210.25 + np.cumsum(dt + 4e-5 * rng.standard_normal(n))
    t[100] = t[99]  # a repeated timestamp, as real streams have
    v = swing_like(n, 62)
    grid = t[0] + np.arange(int(np.floor((t[-1] - t[0]) * 800.0)) + 1) / 800.0
    interp = np.interp(grid, t, v)
    # Grid wider than the data on both sides: numpy clamps to the end values.
    wide = (t[0] - 0.01) + np.arange(int((t[-1] - t[0] + 0.02) * 800.0)) / 800.0
    interp_wide = np.interp(wide, t, v)
    x = swing_like(1600, 63)
    poly = []
    for up, down in [(1, 4), (4, 1), (1, 8), (3, 2), (2, 2)]:
        y = signal.resample_poly(x, up, down)
        poly.append({"up": up, "down": down, "y": out(y)})
    short = f32(rng.standard_normal(5))
    poly_short = [{"up": 1, "down": 4, "y": lst(signal.resample_poly(short, 1, 4))},
                  {"up": 4, "down": 1, "y": lst(signal.resample_poly(short, 4, 1))}]
    write("resample.json", {
        "interp": {"timestamps": lst(t), "values": inp(v), "rate": 800.0, "grid": lst(grid), "expected": out(interp),
                   "wide_start": float(wide[0]), "wide_count": len(wide), "wide_expected": out(interp_wide)},
        "poly": {"x": inp(x), "cases": poly},
        "poly_short": {"x": inp(short), "cases": poly_short},
        "firwin": {"numtaps": 81, "cutoff": 0.25, "taps": lst(signal.firwin(81, 0.25, window=("kaiser", 5.0)))},
    })


if __name__ == "__main__":
    fft_fixture()
    overlap_save_fixture()
    welch_fixture()
    find_peaks_fixture()
    lstsq_svd_fixture()
    savgol_fixture()
    resample_fixture()
    total = sum(os.path.getsize(os.path.join(HERE, f)) for f in os.listdir(HERE) if f.endswith(".json"))
    print(f"fixtures written to {HERE}: {total / 1e6:.2f} MB")
