#!/usr/bin/env python3
"""Reference values for the prewhitened hinge fit's tests (Tests/SwingAnalysisTests/Onset/
HingeFit+PrewhiteningTests.swift): `python3 Scripts/hinge_prewhitening_reference.py` prints them.

The window is deterministic (no random generator, so the Swift test rebuilds it from the same formula): 200 Hz
samples with a small timing jitter on a large recording clock, a sloped baseline, a 9 Hz tremor and a faster
pseudo-random wobble, and from TAU on a rise 4·d² + 1.5·d³ (d in 0.1 s). Times are in units of 0.1 s from the
walk-back point (the first sample more than 30 ms after TAU), as HingeFit does; fits include the baseline slope.

Printed, with numpy least squares written out directly (no shortcut shared with the Swift code):
1. φ by Yule–Walker of the ordinary fit's residual at τ = PHI_TAU, m = 2, over the samples at or before τ (less
   their mean): Σ e_j e_(j+1) / Σ e_j².
2. The residual sum of squares of the fit prewhitened with that φ at τ = PHI_TAU for every exponent m = 1 … 3:
   rows j = 1 … n − 1 of (column_j − φ·column_(j−1)) for the value and each regressor (1, x − τ, d^m, d^(m+1)).
   +∞ where the leading coefficient is not positive.
3. The prewhitened onset: the ordinary fit's best (τ, m) over the lattice times[0] + k·0.01 ms up to the walk-back
   point, φ from its residual, then each whitened exponent's lattice minimum, averaged over the exponents within ±1
   of the best with weights exp(−(S_m − S_min)·(n − 1 − 5) / (2·30·S_min)).
Made with numpy 2 (float64).
"""
import numpy as np

TAU = 35_000.1013  # s, the rise's true start
PHI_TAU = 35_000.1  # s, where φ and the whitened residuals are read
STEP = 1e-5  # s, the τ lattice
KAPPA = 30.0
EXPONENTS = [1.0, 1.5, 2.0, 2.5, 3.0]


def window():
    j = np.arange(48)
    times = 35_000.0 + 0.005 * j + 0.0001 * np.sin(1.7 * j)
    u = (times - TAU) * 10
    d = np.maximum(0, u)
    values = (0.3 + 0.2 * u + 4 * d**2 + 1.5 * d**3 + 0.015 * np.sin(2 * np.pi * 9 * (times - 35_000.0) + 0.3)
              + 0.01 * np.sin(12.9 * j))
    crossing = int(np.argmax(times > TAU + 0.03))
    return times, values, crossing


def design(x, tau_offset, m):
    d = np.maximum(0, x - tau_offset)
    return np.stack([np.ones_like(x), x - tau_offset, d**m, d ** (m + 1)], axis=-1)


def fit(x, y, tau_offset, m, phi=None):
    """(rss, coefficients) of the hinge at tau_offset (0.1 s from the reference) with power m, prewhitened with φ."""
    a = design(x, tau_offset, m)
    if phi is not None:
        a = a[1:] - phi * a[:-1]
        y = y[1:] - phi * y[:-1]
    coefficients, *_ = np.linalg.lstsq(a, y, rcond=None)
    residual = y - a @ coefficients
    rss = float(residual @ residual) if coefficients[2] > 0 else np.inf
    return rss, coefficients


def yule_walker(x, y, tau_offset, m):
    _, coefficients = fit(x, y, tau_offset, m)
    residual = y - design(x, tau_offset, m) @ coefficients
    count = int(np.sum(x <= tau_offset))
    if count < 6:
        count = len(x)
    e = residual[:count] - residual[:count].mean()
    return float(np.dot(e[:-1], e[1:]) / np.dot(e, e))


def lattice_minima(x, y, reference, tau_low, tau_high, phi=None):
    count = int(np.floor((tau_high - tau_low) / STEP + 1e-9)) + 1
    taus = tau_low + np.arange(count) * STEP
    taus = taus[taus <= tau_high]
    errors = np.array([[fit(x, y, (t - reference) * 10, m, phi)[0] for m in EXPONENTS] for t in taus])
    best = errors.argmin(axis=0)  # first (earliest) minimum per exponent
    return taus[best], errors[best, range(len(EXPONENTS))]


def main():
    times, values, crossing = window()
    reference = times[crossing]
    x = (times - reference) * 10
    tau_offset = (PHI_TAU - reference) * 10
    phi = yule_walker(x, values, tau_offset, 2.0)
    print(f"samples {len(times)}, crossing {crossing}")
    print(f"phi at tau {PHI_TAU}, m = 2: {phi!r}")
    for m in EXPONENTS:
        print(f"whitened rss m = {m}: {fit(x, values, tau_offset, m, phi)[0]!r}")

    tau_low, tau_high = times[0], times[crossing]
    taus, errors = lattice_minima(x, values, reference, tau_low, tau_high)
    best = int(errors.argmin())
    best_phi = yule_walker(x, values, (taus[best] - reference) * 10, EXPONENTS[best])
    print(f"ordinary best: tau {taus[best]!r}, m = {EXPONENTS[best]}, phi {best_phi!r}")
    taus, errors = lattice_minima(x, values, reference, tau_low, tau_high, best_phi)
    best = int(errors.argmin())
    freedom = len(times) - 1 - 5
    weights = np.array([np.exp(-(errors[e] - errors[best]) * freedom / (2 * KAPPA * errors[best]))
                        if abs(e - best) <= 2 and np.isfinite(errors[e]) else 0.0 for e in range(len(EXPONENTS))])
    onset = taus[best] + float(np.dot(weights, taus - taus[best]) / weights.sum())
    print(f"whitened minima: {list(map(float, taus))}")
    print(f"prewhitened onset: {onset!r}")


if __name__ == "__main__":
    main()
