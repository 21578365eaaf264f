#!/usr/bin/env python3
"""Whether a prewhitened hinge fit that knows the sensor's white noise finds swing starts as well as the AR(1)
prewhitening of `onset_prewhitened.py` while staying put when the gyroscope's white noise grows (the raw-IMU match).

The hinge fit's residual before the start is wrist tremor plus the gyroscope's white noise. Tremor as AR(1)
(coefficient φ, innovation variance a²) plus white noise (variance w²) has the autocovariance
γ0 = a²/(1 − φ²) + w², γk = φ^k·a²/(1 − φ²) (k ≥ 1): an ARMA(1, 1) process (1 − φz⁻¹)e = (1 − θz⁻¹)ε whose
moving-average root θ comes from the spectral factorisation a² + w²(1 − φz⁻¹)(1 − φz) = σ²(1 − θz⁻¹)(1 − θz):
θ/(1 + θ²) = w²φ / (a² + w²(1 + φ²)). Its whitening filter (1 − φz⁻¹)/(1 − θz⁻¹) tends to 1 − φz⁻¹ as w → 0
and to ordinary least squares (θ → φ) as w grows, so a noisier rate is whitened more mildly.

Noise model, read from the ordinary fit (κ = 240 table, its best τ and power) like `onset_prewhitened.py`'s `pre`:
- w² from the third differences of the ordinary fit's residual over the whole window, Σ(Δ³e)² / (20·(n − 3)):
  white noise gives 20·w² per third difference, a 10 Hz tremor (2·sin(π·10/200))⁶ ≈ 0.001 of its variance, and
  the rise's model error is smooth; NOISE `d3`. `d3pre`: the same over the 0.3 s before the window (the data less
  a quadratic). `gam`: w² = γ0 − γ1²/γ2 (γ from the residual at or before τ), floored at 0.
- options after NOISE, each after a `+`: `fW` w² at least W² (W in rad/s); `all` γ from the whole residual;
  `sN` φ shrunk towards ordinary least squares by n / (n + N), n the samples it is read from.
- γ0, γ1 from the residual at or before the best τ (the whole residual when fewer than 6 samples are), mean removed,
  biased (Yule–Walker) estimates; tremor variance s² = max(γ0 − w², 0.05·γ0), φ = clip(γ1/s², 0, 0.95),
  a² = s²(1 − φ²).

A variant is FILTER:NOISE:KAPPA (comma-separated in --variants):
- `ols:-:K`: ordinary least squares, exponent-average inflation K;
- `ar1:-:K`: `onset_prewhitened.py`'s `1:yw:pre:K:1` (1 − φz⁻¹, φ = γ1/γ0);
- `gls:NOISE:K`: exact feasible GLS, the window's covariance s²·φ^|i−j| + w²·I (Cholesky), every sample a row;
- `iir:NOISE:K`: the ARMA filter (1 − φz⁻¹)/(1 − θz⁻¹) run from rest over rows 1 … n − 1 (what a streaming
  implementation sums);
- `fir:NOISE:K`: 1 − φ_eff·z⁻¹ with φ_eff = φ·a² / (a² + w²·(1 − φ²)).

    .build/release/onset-evaluation --script-sessions --raw-seeds 11,12,13,14,15,16,17,18,19,20 --dump DIR
    python3 Benchmarks/onset_white_noise.py DIR [--variants ols:-:240,ar1:-:30,iir:d3:30] [--sports golf]
        [--kinds rest,load,script-rest,script-load,raw]

Kind `raw` pairs the raw-IMU match's sessions (`raw-true_*`, `raw-fused_*`, seeds as dumped): per variant the
|start(fused) − start(true)| of every swing both analyses found (pooled over the dumped seeds per accelerometer
range, median / p95 / max in ms, RawIMUSwingMatchTests' percentile), and each one's |start − true start| on the fused sessions.
"""
import argparse
import glob
import os

import numpy as np

from onset_prewhitened import POWERS, TAU_STEP, averaged, session_swings, transformed_error_table

RESIDUAL_PRE_MINIMUM = 6


def whitened_table(t, y, taus, matrix, reference):
    """Residual sums of squares (τ × exponent) of the hinge fit with data and regressors multiplied by `matrix`
    (rows × n); ∞ where the leading coefficient is not positive."""
    return transformed_error_table(t, y, taus, lambda rows: np.einsum("rn,...ni->...ri", matrix, rows), reference)


def ordinary_residual(t, y, tau, m, reference):
    x = (t - reference) * 10
    d = np.maximum(0.0, x - (tau - reference) * 10)
    design = np.stack([np.ones_like(x), x - (tau - reference) * 10, d**m, d ** (m + 1)], 1)
    coefficients, *_ = np.linalg.lstsq(design, y, rcond=None)
    return y - design @ coefficients


def third_difference_variance(values):
    """w² from Σ(Δ³v)² / (20·count)."""
    if len(values) < 4:
        return 0.0
    third = np.diff(values, 3)
    return float(third @ third / (20 * len(third)))


def noise_model(swing, y, pre_y, tau, m, source):
    """(φ, a², w², φ_yw) of the residual's tremor + white-noise model (see the module's doc comment)."""
    source, *options = source.split("+")
    floor = next((float(o[1:]) ** 2 for o in options if o.startswith("f")), 0.0)
    shrink = next((float(o[1:]) for o in options if o.startswith("s")), 0.0)
    residual = ordinary_residual(swing.t, y, tau, m, swing.reference)
    part = residual[swing.t <= tau]
    if len(part) < RESIDUAL_PRE_MINIMUM or "all" in options:
        part = residual
    part = part - part.mean()
    n = len(part)
    gamma = [float(part[: n - k] @ part[k:] / n) for k in range(3)]
    if gamma[0] <= 0:
        return 0.0, 1.0, 0.0, 0.0
    if source == "d3":
        white = third_difference_variance(residual)
    elif source == "d3pre":
        if len(pre_y) >= 8:
            x = np.arange(len(pre_y), dtype=float)
            white = third_difference_variance(pre_y - np.polyval(np.polyfit(x, pre_y, 2), x))
        else:
            white = third_difference_variance(residual)
    elif source == "gam":
        white = max(0.0, gamma[0] - gamma[1] ** 2 / gamma[2]) if gamma[2] > 0 and gamma[1] > 0 else 0.0
    else:
        white = 0.0
    white = max(white, floor)
    tremor = max(gamma[0] - white, 0.05 * gamma[0])
    phi = float(np.clip(gamma[1] / tremor, 0.0, 0.95)) * n / (n + shrink)
    return phi, tremor * (1 - phi * phi), white, gamma[1] / gamma[0]


def moving_average_root(phi, innovation, white):
    """θ of the spectral factorisation (see the module's doc comment), |θ| < 1."""
    denominator = innovation + white * (1 + phi * phi)
    c = white * phi / denominator if denominator > 0 else 0.0
    if abs(c) < 1e-12:
        return 0.0
    return (1 - np.sqrt(max(0.0, 1 - 4 * c * c))) / (2 * c)


def whitening_matrix(kind, n, phi, innovation, white):
    if kind == "gls":
        tremor = innovation / (1 - phi * phi)
        lags = np.abs(np.subtract.outer(np.arange(n), np.arange(n)))
        covariance = tremor * phi**lags + white * np.eye(n)
        covariance += 1e-12 * covariance[0, 0] * np.eye(n)
        return np.linalg.inv(np.linalg.cholesky(covariance))
    if kind == "fir":
        total = innovation + white * (1 - phi * phi)
        phi = phi * innovation / total if total > 0 else 0.0
    theta = moving_average_root(phi, innovation, white) if kind == "iir" else 0.0
    matrix = np.zeros((n - 1, n))
    for r in range(n - 1):  # row r is sample r + 1
        matrix[r, r + 1] = 1.0
        matrix[r, r] = -phi
        if r > 0:
            matrix[r] += theta * matrix[r - 1]
    return matrix


def estimate(swing, variants, y=None, pre_y=None):
    """{variant: start (s)} for one fitted swing."""
    y = swing.y if y is None else y
    pre_y = swing.pre_y if pre_y is None else pre_y
    taus = np.arange(swing.tau_low, swing.tau_high + 1e-9, TAU_STEP)
    n = len(swing.t)
    ols = whitened_table(swing.t, y, taus, np.eye(n), swing.reference)
    _, row, best = averaged(ols, taus, n - 5, 240.0)
    out = {}
    models = {}
    for name, (kind, source, kappa) in variants.items():
        if kind == "ols":
            out[name] = averaged(ols, taus, n - 5, kappa)[0]
            continue
        if source not in models:
            models[source] = noise_model(swing, y, pre_y, taus[row], POWERS[best], source)
        phi, innovation, white, phi_yw = models[source]
        if kind == "ar1":
            matrix = whitening_matrix("fir", n, phi_yw, 1.0, 0.0)
        else:
            matrix = whitening_matrix(kind, n, phi, innovation, white)
        table = whitened_table(swing.t, y, taus, matrix, swing.reference)
        out[name] = averaged(table, taus, matrix.shape[0] - 5, kappa)[0]
    return out


def starts(base, variants):
    """[(true start, detected start, {variant: start} or None for reversals)] of a session's swings."""
    rows = []
    for swing, fit, _ in session_swings(base):
        rows.append((swing["start"], swing["detected"], None if fit is None else estimate(fit, variants)))
    return rows


def value(row, name):
    return row[1] if row[2] is None else row[2][name]


def summary(values):
    e = np.abs(np.array(values))
    if not len(e):
        return "   -  /    -  /    -  "
    return f"{np.median(e):5.2f} / {np.percentile(e, 95):5.2f} / {e.max():6.2f}"


def raw_percentile(values, p):
    """RawIMUSwingMatchTests' percentile: the nearest order statistic."""
    s = np.sort(np.abs(values))
    return s[min(len(s) - 1, int(round(p * (len(s) - 1))))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("directory")
    parser.add_argument("--sports", default="baseball,softball,golf,tennis")
    parser.add_argument("--variants", default="ols:-:240,ar1:-:30,gls:d3:30,iir:d3:30,fir:d3:30")
    parser.add_argument("--kinds", default="rest,load,script-rest,script-load,raw")
    arguments = parser.parse_args()
    variants = {}
    for spec in arguments.variants.split(","):
        kind, source, kappa = spec.split(":")
        variants[spec] = (kind, source, float(kappa))
    names = list(variants)
    print("median / p95 / max |start error|, ms (variants FILTER:NOISE:KAPPA)")
    for sport in arguments.sports.split(","):
        for kind in arguments.kinds.split(","):
            if kind == "raw":
                raw_report(arguments.directory, sport, variants)
                continue
            errors = {name: [] for name in ["analyzer"] + names}
            for path in sorted(glob.glob(f"{arguments.directory}/{kind}_{sport}_*_swings.csv")):
                for row in starts(path[: -len("_swings.csv")], variants):
                    if not np.isfinite(row[1]) or abs(row[1] - row[0]) >= 0.1:  # a missed swing
                        continue
                    errors["analyzer"].append((row[1] - row[0]) * 1e3)
                    for name in names:
                        errors[name].append((value(row, name) - row[0]) * 1e3)
            if not errors["analyzer"]:
                continue
            print(f"{sport} {kind}: {len(errors['analyzer'])} swings")
            for name in ["analyzer"] + names:
                print(f"   {name:16s} {summary(errors[name])}")


def raw_report(directory, sport, variants):
    names = list(variants)
    groups = {"full": [], "8 g": []}
    accuracy = {name: [] for name in ["analyzer"] + names}
    for path in sorted(glob.glob(f"{directory}/raw-true_{sport}_*_swings.csv")):
        base = path[: -len("_swings.csv")]
        _, _, range_g, seed = os.path.basename(base).split("_")
        fused_base = base.replace("raw-true_", "raw-fused_")
        if not os.path.exists(fused_base + "_swings.csv"):
            continue
        true_rows, fused_rows = starts(base, variants), starts(fused_base, variants)
        group = "full" if range_g == "0" else "8 g"
        for a, b in zip(true_rows, fused_rows):
            if not (np.isfinite(a[1]) and np.isfinite(b[1])) or abs(a[1] - b[1]) >= 0.05:
                continue
            if abs(b[1] - b[0]) < 0.1:  # the dump pairs every true swing with the nearest detected one
                accuracy["analyzer"].append((b[1] - b[0]) * 1e3)
                for name in names:
                    accuracy[name].append((value(b, name) - b[0]) * 1e3)
            groups[group].append({"analyzer": (b[1] - a[1]) * 1e3,
                                  **{name: (value(b, name) - value(a, name)) * 1e3 for name in names}})
    for group, pairs in groups.items():
        if not pairs:
            continue
        print(f"{sport} raw |fused − true| ({group}, {len(pairs)} swings): median / p95 (test's percentile) / max")
        for name in ["analyzer"] + names:
            d = np.array([p[name] for p in pairs])
            print(f"   {name:16s} {raw_percentile(d, 0.5):5.2f} / {raw_percentile(d, 0.95):5.2f} / {np.abs(d).max():6.2f}")
    print(f"{sport} raw-fused |start − true start| ({len(accuracy['analyzer'])} swings)")
    for name in ["analyzer"] + names:
        print(f"   {name:16s} {summary(accuracy[name])}")


if __name__ == "__main__":
    main()
