#!/usr/bin/env python3
"""COMPARISON BASELINE — not part of BatchedMotion.

A numpy/scipy implementation of BatchedMotion's swing algorithm (Sources/SwingAnalysis, baseball preset), written
the way a good Python user would write it for speed: whole-array numpy, scipy.signal.butter/sosfilt for the
high-pass, vectorised block medians, Python loops only over the few threshold crossings and rotation events. It
exists so that `Benchmarks/compare_pipeline_with_scipy.py` can time the Swift pipeline against it on the same
files; it is not used by the package.

What it mirrors (SwingAnalyzer is streaming; this is its offline equivalent on whole arrays):

Impacts (800 Hz accelerometer)
  * rate measured over the first 32 samples; 4th-order Butterworth high-pass at 50 Hz (`butter(..., 'highpass',
    output='sos')`, `sosfilt` with the steady-state `zi` of the first sample) on x, y, z; statistic = |high-passed|;
  * robust adaptive threshold: max(1 g, 25 × noise floor), noise floor = median of the medians of the trailing
    16 blocks of 256 samples (0.02 g until the first block is complete);
  * refractory period 0.12 s after each crossing; decision 40 ms after the crossing;
  * onset of the transient: walk back (≤ 10 ms) while |hp| stays above max(4 × noise, 0.1 × threshold), then
    extrapolate the rise of the first two loud samples back to the last quiet sample's level (sub-sample);
  * peak, clipping flag, Hann-windowed spectrum of the first 40 ms: dominant frequency, 100–400 Hz band energy.
Swings (200 Hz device motion)
  * rotation along gravity = dot(rotation rate, gravity / |gravity|);
  * rotation events: |rotation along gravity| ≥ 2.5 rad/s, gaps shorter than 60 ms bridged, cut at 3 s; a swing
    needs a 4 rad/s peak;
  * contact classification: the strongest unclaimed impact within [first − 50 ms, last + 100 ms] of the event;
  * anchor = last sample before the impact (hit) or the rotation peak (miss); polarity from the largest |rate|
    within 50 ms before it; walk back while rate × polarity ≥ 1 rad/s, ending after 20 ms below (fails beyond
    0.6 s); out of a counter-rotation (the rate reversing into the swing with the acceleration of a top on both
    sides of zero) onset = that zero crossing; otherwise onset = hinge least-squares fit b + a·d^m + c·d^(m+1),
    m ∈ {1, 1.5, 2, 2.5, 3}, τ on the 0.01 ms lattice (a 1 ms grid, then each exponent's promising coarse minima
    walked to their lattice minimum, then every exponent's own minimum; the τ of the exponents within ±1 of the best
    averaged with weights exp(−ΔS·(n − 5)/(2·240·S_min))), over the window before the walk-back point (2·r/ṙ + 30 ms
    there, 0.1–0.25 s) up to 35 % of the peak (normal equations from power sums of d over the samples after τ, as
    the Swift fit forms them; vectorised over τ); for fast rises (r/ṙ ≤ 20 ms there, blended linearly up to 30 ms)
    the fit prewhitened with the AR(1) coefficient of the best ordinary fit's residual (Yule–Walker, samples up to
    its τ; rows y_j − φ·y_(j−1), κ = 30, the normal equations per τ);
  * accumulated rotation (trapezoid, onset → anchor) must reach 0.35 rad.

Loading: `numpy.load` for the native .npz; `numpy.loadtxt` (numpy 2's C parser) for interchange CSV.

Usage: python3 swing_pipeline.py RECORDING [--json]   (RECORDING: recording.npz or an interchange CSV directory)
"""

import json
import math
import os
import sys
import time

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view
from scipy import signal

# Baseball preset (Sources/SwingAnalysis/Configuration/SwingAnalyzerConfiguration+Presets.swift).
HP_CUTOFF = 50.0
HP_ORDER = 4
THRESHOLD_NOISE_MULTIPLE = 25.0
MINIMUM_THRESHOLD = 1.0
ONSET_NOISE_MULTIPLE = 4.0
ONSET_THRESHOLD_FRACTION = 0.1
LOOKAHEAD = 0.025
REFRACTORY = 0.12
ONSET_SEARCH_WINDOW = 0.01
SPECTRUM_WINDOW = 0.04
BAND_LOWER, BAND_UPPER = 100.0, 400.0
BLOCK_SAMPLES = 256
BLOCK_COUNT = 16
INITIAL_NOISE_FLOOR = 0.02
SATURATION_LEVEL = 8.0
SATURATION_RECOVERY = 0.02
ONSET_PEAK_FRACTION = 0.02
ONSET_EXPONENT = 2.0
ONSET_MAXIMUM_EXTRAPOLATION = 0.0025
SPECTRUM_LENGTH = 128
IMPACT_MINIMUM_ROTATION_FRACTION = 0.3
ROTATION_THRESHOLD = 2.5
QUIET_DURATION = 0.06
MINIMUM_PEAK_RATE = 4.0
MINIMUM_ACCUMULATED_ROTATION = 0.35
MAXIMUM_SWING_DURATION = 0.6
MAXIMUM_EVENT_DURATION = 3.0
ONSET_WALK_THRESHOLD = 1.0
ONSET_FAILURE_DURATION = 0.02
ONSET_BASELINE_WINDOW = 0.1
ONSET_UPPER_FRACTION = 0.35
MATCH_BEFORE, MATCH_AFTER = 0.05, 0.1
RATE_SAMPLES = 32


# ----------------------------------------------------------------------------------------------------------- loading

def load_native(path):
    """Loads the native .npz: (t_acc f8, acc (n, 3) f4, t_dm f8, rotation rate (m, 3) f4, gravity (m, 3) f4)."""
    with np.load(path) as npz:
        t_acc = npz["accelerometer_timestamp"]
        acc = np.stack([npz["accelerometer_x"], npz["accelerometer_y"], npz["accelerometer_z"]], axis=1)
        t_dm = npz["device_motion_timestamp"]
        rate = np.stack([npz["device_motion_rotation_rate_" + a] for a in "xyz"], axis=1)
        gravity = np.stack([npz["device_motion_gravity_" + a] for a in "xyz"], axis=1)
    return t_acc, acc, t_dm, rate, gravity


def load_csv(directory):
    """Loads an interchange CSV directory with numpy.loadtxt (floats are printed shortest-round-trip, so casting to
    float32 recovers the stored samples exactly)."""
    a = np.loadtxt(os.path.join(directory, "accelerometer.csv"), delimiter=",", skiprows=1, ndmin=2)
    d = np.loadtxt(os.path.join(directory, "device_motion.csv"), delimiter=",", skiprows=1, ndmin=2)
    return (a[:, 0], a[:, 1:4].astype(np.float32), d[:, 0], d[:, 11:14].astype(np.float32),
            d[:, 5:8].astype(np.float32))


def load(path):
    return load_native(path) if path.endswith(".npz") else load_csv(path)


# ----------------------------------------------------------------------------------------------------------- impacts

def noise_floor_per_sample(magnitude):
    """Noise floor in force at each sample: median of the trailing ≤ 16 complete block medians (upper median of each
    256-sample block), or the initial floor before the first block completes."""
    n = magnitude.size
    blocks = n // BLOCK_SAMPLES
    floors_by_completed = np.empty(blocks + 1)
    floors_by_completed[0] = INITIAL_NOISE_FLOOR
    if blocks:
        medians = np.partition(magnitude[: blocks * BLOCK_SAMPLES].reshape(blocks, BLOCK_SAMPLES),
                               BLOCK_SAMPLES // 2, axis=1)[:, BLOCK_SAMPLES // 2]
        head = min(blocks, BLOCK_COUNT - 1)
        for c in range(1, head + 1):  # fewer than 16 blocks so far
            floors_by_completed[c] = np.median(medians[:c].astype(np.float64))
        if blocks >= BLOCK_COUNT:
            window = sliding_window_view(medians, BLOCK_COUNT)
            part = np.partition(window, (BLOCK_COUNT // 2 - 1, BLOCK_COUNT // 2), axis=1)
            floors_by_completed[BLOCK_COUNT:] = (part[:, BLOCK_COUNT // 2 - 1] + part[:, BLOCK_COUNT // 2]) / 2
    return floors_by_completed[np.arange(n) // BLOCK_SAMPLES]


def detect_impacts(t, acc):
    """Impact onsets and features: list of dicts (time, peak, saturated, dominantFrequency, bandEnergy)."""
    n = t.size
    if n < RATE_SAMPLES:
        return []
    rate = (RATE_SAMPLES - 1) / (t[RATE_SAMPLES - 1] - t[0])
    if not np.isfinite(rate) or rate <= 2 * HP_CUTOFF:
        rate = 800.0
    sos = signal.butter(HP_ORDER, min(HP_CUTOFF, 0.45 * rate), "highpass", fs=rate, output="sos")
    zi = signal.sosfilt_zi(sos)[:, :, None] * acc[0].astype(np.float64)[None, None, :]
    hp, _ = signal.sosfilt(sos, acc.astype(np.float64), axis=0, zi=zi)
    hp = hp.astype(np.float32)
    # Clipped axes (flat tops) and the ringing after entering or leaving one are left out of the statistic.
    flat = np.zeros(acc.shape, dtype=bool)
    flat[1:] = (np.abs(acc[1:]) >= SATURATION_LEVEL) & (acc[1:] == acc[:-1])
    mask = np.ones(acc.shape, dtype=np.float32)
    if flat.any():
        changed = np.zeros(acc.shape, dtype=bool)
        changed[1:] = flat[1:] != flat[:-1]
        changed[1] = flat[1]  # the detector starts from "not flat"
        last_change = np.where(changed, t[:, None], -np.inf)
        last_change = np.maximum.accumulate(last_change, axis=0)
        masked = flat | (t[:, None] < last_change + SATURATION_RECOVERY)
        masked[0] = False
        mask[masked] = 0
    masked_hp = hp * mask
    magnitude = np.sqrt((masked_hp * masked_hp).sum(axis=1, dtype=np.float32))
    noise = noise_floor_per_sample(magnitude)
    threshold = np.maximum(MINIMUM_THRESHOLD, THRESHOLD_NOISE_MULTIPLE * noise)
    above = np.flatnonzero(magnitude >= threshold)
    wait = max(LOOKAHEAD, SPECTRUM_WINDOW)
    impacts = []
    refractory_until = -np.inf
    for crossing in above:
        tc = t[crossing]
        if tc < refractory_until:
            continue
        refractory_until = tc + REFRACTORY
        end = min(int(np.searchsorted(t, tc + wait, side="left")), n - 1)
        impacts.append(_decide_impact(t, acc, hp, magnitude, crossing, end, noise[crossing], threshold[crossing]))
    return impacts


def _decide_impact(t, acc, hp, magnitude, crossing, end, noise, threshold):
    lookahead_peak = float(magnitude[crossing:end + 1].max())
    onset_level = max(ONSET_NOISE_MULTIPLE * noise, ONSET_THRESHOLD_FRACTION * threshold,
                      ONSET_PEAK_FRACTION * lookahead_peak)
    earliest = t[crossing] - ONSET_SEARCH_WINDOW
    k = crossing
    while k - 1 >= 0 and t[k - 1] >= earliest and magnitude[k - 1] > onset_level:
        k -= 1
    # Sub-sample onset: the square roots of the first two loud samples' excess over the noise lie on a line
    # through the moment of contact (at most 2.5 ms back).
    if k + 1 > end:
        onset = t[k]
    else:
        q0 = max(0.0, float(magnitude[k]) - noise) ** (1 / ONSET_EXPONENT)
        q1 = max(0.0, float(magnitude[k + 1]) - noise) ** (1 / ONSET_EXPONENT)
        dt = t[k + 1] - t[k]
        if dt > 0 and q1 > q0:
            onset = t[k] - min(q0 * dt / (q1 - q0), ONSET_MAXIMUM_EXTRAPOLATION)
        else:
            onset = t[k] - 0.5 * (t[k] - (t[k - 1] if k >= 1 else t[k]))
    peak = float(magnitude[k:end + 1].max())
    absolute = np.abs(acc[max(0, k - 1):end + 1])
    top = np.abs(acc[k:end + 1]).max(axis=0)
    at_top = (absolute[1:] == top) & (absolute[:-1] == top) & (top >= SATURATION_LEVEL)
    saturated = bool(at_top.any())
    frequency, energy = _spectrum(t, hp, k, end, onset)
    return dict(time=float(onset), peak=peak, saturated=saturated, dominantFrequency=frequency, bandEnergy=energy)


def _spectrum(t, hp, k, end, onset):
    last = min(end, k + SPECTRUM_LENGTH - 1)
    n = int(np.searchsorted(t[k:last + 1], onset + SPECTRUM_WINDOW, side="right"))
    if n < 8:
        return 0.0, 0.0
    duration = t[k + n - 1] - t[k]
    if duration <= 0:
        return 0.0, 0.0
    rate = (n - 1) / duration
    window = 0.5 - 0.5 * np.cos(2 * np.pi * np.arange(n) / (n - 1))
    windowed = window.astype(np.float32)[:, None] * hp[k:k + n]
    spectrum = np.fft.rfft(windowed, n=SPECTRUM_LENGTH, axis=0)  # zero-padded to 128 like the Swift FFT
    power = (spectrum.real ** 2 + spectrum.imag ** 2).sum(axis=1)
    bins = power.size
    best = 1 + int(np.argmax(power[1:]))
    offset = 0.0
    if best < bins - 1:
        left, center, right = power[best - 1], power[best], power[best + 1]
        denominator = left - 2 * center + right
        if denominator < 0:
            offset = max(-0.5, min(0.5, 0.5 * (left - right) / denominator))
    bin_width = rate / SPECTRUM_LENGTH
    frequencies = np.arange(bins) * bin_width
    scale = np.full(bins, 2.0)
    scale[0] = scale[-1] = 1.0
    band = (frequencies >= BAND_LOWER) & (frequencies <= BAND_UPPER)
    energy = float((scale * power / (rate * (window ** 2).sum()) * bin_width)[band].sum())
    return float((best + offset) * bin_width), energy


# ----------------------------------------------------------------------------------------------------------- swings

def rotation_along_gravity(rate, gravity):
    norm = np.sqrt((gravity * gravity).sum(axis=1, dtype=np.float32))
    g = gravity / np.where(norm > 0, norm, 1)[:, None]
    return (rate * g).sum(axis=1, dtype=np.float32)


def rotation_events(t, along):
    """(first, last, peak index) of each rotation event, in order."""
    magnitude = np.abs(along)
    above = magnitude >= ROTATION_THRESHOLD
    edges = np.diff(np.concatenate(([0], above.view(np.int8), [0])))
    starts, ends = np.flatnonzero(edges == 1), np.flatnonzero(edges == -1) - 1  # inclusive runs
    events = []
    i = 0
    while i < starts.size:
        first, last = starts[i], ends[i]
        # Bridge following runs while the gap's last below-threshold sample is < 60 ms after the last loud one.
        while i + 1 < starts.size and t[starts[i + 1] - 1] - t[last] < QUIET_DURATION:
            i += 1
            last = ends[i]
        # Cut at the maximum duration (the sample reaching it ends the event).
        while True:
            loud = np.flatnonzero(above[first:last + 1]) + first
            too_long = loud[t[loud] - t[first] >= MAXIMUM_EVENT_DURATION]
            if too_long.size == 0:
                break
            cut = too_long[0]
            events.append((first, cut, first + int(np.argmax(magnitude[first:cut + 1]))))
            rest = loud[loud > cut]
            if rest.size == 0:
                first = None
                break
            first = rest[0]
        if first is not None:
            events.append((first, last, first + int(np.argmax(magnitude[first:last + 1]))))
        i += 1
    return events


def hinge_errors(times, p, taus, exponent_grid):
    """Residual sum of squares of the least-squares fit p ≈ b + a·h1 + c·h2 + s·(t − τ) (sloped pre-swing baseline)
    for each τ (rows) and exponent (columns); ∞ where a ≤ 0 or the normal equations are singular.

    Formed the way the Swift fit forms them (Sources/SwingAnalysis/Onset/HingeFit.swift): with d = max(0, t − τ), every
    normal-equation entry that involves the hinge columns is a power sum Σ d^q or Σ p·d^q over the samples after τ
    (where t − τ = d), so one set of powers per τ serves all five exponents; the baseline entries (1, t − τ) are
    sums over all samples, expanded in τ. Then one batched 4×4 solve per exponent."""
    offset = (times[None, :] - taus[:, None]) * 10  # 0.1 s units
    d = np.maximum(0.0, offset)
    root = np.sqrt(d)
    # Powers d^(k/2), k = 2…16 (q = 1…8 in half steps), summed over the samples; Σ p·d^q for q = 1…4.5.
    half_powers = [None, root, d]
    for k in range(3, 17):
        half_powers.append(half_powers[k - 2] * d)
    power_sum = {k: half_powers[k].sum(axis=1) for k in range(2, 17)}
    value_power_sum = {k: half_powers[k] @ p for k in range(2, 10)}
    n = float(times.size)
    offset_sum = offset.sum(axis=1)
    offset_square_sum = np.einsum("tn,tn->t", offset, offset)
    value_sum = p.sum()
    value_offset_sum = offset @ p
    spp = p @ p
    errors = np.empty((taus.size, len(exponent_grid)))
    for column, exponent in enumerate(exponent_grid):
        m = 2 + exponent  # h1 = d^(m/2), h2 = d^(m/2 + 1)
        s1, s2 = power_sum[m], power_sum[m + 2]  # Σh1, Σh2 (= Σh1·(t − τ))
        s3 = power_sum[m + 4]  # Σh2·(t − τ)
        normal = np.empty((taus.size, 4, 4))
        normal[:, 0, :] = np.stack((np.full(taus.size, n), s1, s2, offset_sum), axis=1)
        normal[:, 1, :] = np.stack((s1, power_sum[2 * m], power_sum[2 * m + 2], s2), axis=1)
        normal[:, 2, :] = np.stack((s2, power_sum[2 * m + 2], power_sum[2 * m + 4], s3), axis=1)
        normal[:, 3, :] = np.stack((offset_sum, s2, s3, offset_square_sum), axis=1)
        right = np.stack((np.full(taus.size, value_sum), value_power_sum[m], value_power_sum[m + 2],
                          value_offset_sum), axis=1)
        error = np.full(taus.size, np.inf)
        ok = np.abs(np.linalg.det(normal)) > 1e-30
        if ok.any():
            beta = np.linalg.solve(normal[ok], right[ok][:, :, None])[:, :, 0]
            e = spp - (beta * right[ok]).sum(axis=1)
            e[~(beta[:, 1] > 0)] = np.inf
            error[ok] = e
        errors[:, column] = error
    return errors


FINE_TAU_STEP = 0.00001  # s: every τ tried is τ_low + n·0.01 ms
COARSE_STRIDE = 100  # lattice steps per coarse step (1 ms)
MIDDLE_STRIDE = 10  # lattice steps of the grid around a refined coarse minimum (0.1 ms)
MAXIMUM_REFINED_MINIMA = 8
FALLBACK_FINE_STEPS = 25


EXPONENT_AVERAGE_INFLATION = 240.0  # κ of HingeFit+ExponentAverage.swift
EXPONENT_AVERAGE_REACH = 2  # exponents within this many lanes of the best one (m within ±1) are averaged


def whitened_hinge_errors(times, p, taus, phi):
    """hinge_errors of the fit prewhitened with φ (HingeFit+Prewhitening.swift): rows j = 1…n − 1 of
    column_j − φ·column_(j−1) for the value and each regressor (1, h1, h2, t − τ); normal equations per τ."""
    offset = (times[None, :] - taus[:, None]) * 10  # 0.1 s units
    d = np.maximum(0.0, offset)
    y = p[1:] - phi * p[:-1]
    errors = np.empty((taus.size, 5))
    for e in range(5):
        m = 1 + e / 2
        h1 = d**m
        columns = np.stack((np.ones_like(offset), h1, h1 * d, offset), axis=2)  # τ, sample, regressor
        a = columns[:, 1:, :] - phi * columns[:, :-1, :]
        normal = np.einsum("tni,tnj->tij", a, a)
        right = np.einsum("tni,n->ti", a, y)
        error = np.full(taus.size, np.inf)
        ok = np.abs(np.linalg.det(normal)) > 1e-30
        if ok.any():
            beta = np.linalg.solve(normal[ok], right[ok][:, :, None])[:, :, 0]
            fitted = y @ y - (beta * right[ok]).sum(axis=1)
            fitted[~(beta[:, 1] > 0)] = np.inf
            error[ok] = fitted
        errors[:, e] = error
    return errors


def hinge_search(times, p, tau_low, tau_high, refining_every_exponent, phi=None):
    """The lattice search of HingeFit.search (Sources/SwingAnalysis/Onset/HingeFit+Search.swift) over τ_low + n·0.01 ms
    in [τ_low, τ_high]: all exponents on a 1 ms grid; every local minimum of one exponent's coarse residual is a
    candidate with the estimate vertex − 2·(coarse − vertex) of the parabola through it and its neighbours;
    candidates in increasing estimate (≤ 8), while the estimate is at most the best residual so far: their exponent
    on a 0.1 ms grid over ±1 ms, then a walk on the lattice from the lowest of those points to the local minimum;
    with `refining_every_exponent`, every exponent no candidate refined is refined the same way from its own lowest
    point. Every evaluation updates the best over all exponents (ties: the earlier τ, the smaller exponent) and each
    exponent's own best. Returns dict(error, index, exponent, exponent_errors, exponent_indices, last) or None when no
    fit is finite on the coarse grid. With `phi`, the fits are prewhitened with it (whitened_hinge_errors)."""

    def errors_at(taus):
        return hinge_errors(times, p, taus, range(5)) if phi is None else whitened_hinge_errors(times, p, taus, phi)

    step = FINE_TAU_STEP
    last = int(math.floor((tau_high - tau_low) / step))
    while last > 0 and tau_low + float(last) * step > tau_high:
        last -= 1
    while tau_low + float(last + 1) * step <= tau_high:
        last += 1
    best = [np.inf, sys.maxsize, 0]  # error, lattice index, exponent
    exponent_errors = [np.inf] * 5
    exponent_indices = [sys.maxsize] * 5

    def consider(rows, indices):
        for row, index in zip(rows, indices):
            for e in range(5):
                v = row[e]
                if v < exponent_errors[e] or (v == exponent_errors[e] and np.isfinite(v) and index < exponent_indices[e]):
                    exponent_errors[e], exponent_indices[e] = v, index
                if v < best[0] or (v == best[0] and np.isfinite(v) and (index, e) < (best[1], best[2])):
                    best[:] = [v, index, e]

    def evaluate(index):
        row = errors_at(np.array([tau_low + float(index) * step]))[0]
        consider([row], [index])
        return row

    def refine(coarse_index, coarse_value, e):
        # The exponent on a 0.1 ms grid over ±1 coarse step, then a walk on the lattice from the lowest point.
        points = coarse_index + np.arange(-COARSE_STRIDE, COARSE_STRIDE + 1, MIDDLE_STRIDE)
        points = points[(points >= 0) & (points <= last) & (points != coarse_index)]
        index, value = coarse_index, coarse_value
        if points.size:
            rows = errors_at(tau_low + points.astype(np.float64) * step)
            consider(rows, points.tolist())
            for point, error in zip(points.tolist(), rows[:, e]):
                if error < value or (error == value and point < index):
                    index, value = point, error
        steps = 0
        while index > 0 and steps < 2 * MIDDLE_STRIDE:
            earlier = evaluate(index - 1)[e]
            if not earlier <= value:
                break
            index, value, steps = index - 1, earlier, steps + 1
        if steps == 0:
            while index < last and steps < 2 * MIDDLE_STRIDE:
                later = evaluate(index + 1)[e]
                if not later < value:
                    break
                index, value, steps = index + 1, later, steps + 1

    coarse_indices = np.arange(0, last + 1, COARSE_STRIDE)
    coarse = errors_at(tau_low + coarse_indices.astype(np.float64) * step)
    consider(coarse, coarse_indices.tolist())
    if not np.isfinite(best[0]):
        return None
    padded = np.full((coarse.shape[0] + 2, coarse.shape[1]), np.inf)
    padded[1:-1] = coarse
    candidates = []  # (estimate, order, coarse index, coarse error, exponent)
    for i in range(coarse.shape[0]):
        for e in range(5):
            left, middle, right = padded[i, e], padded[i + 1, e], padded[i + 2, e]
            if not (np.isfinite(middle) and left >= middle and right >= middle):
                continue
            if np.isfinite(left) and np.isfinite(right):
                curvature = left - 2 * middle + right
                if curvature > 0:
                    estimate = middle - 3 * ((left - right) * (left - right) / (8 * curvature))
                else:
                    estimate = middle
            elif np.isfinite(left):
                estimate = 2 * middle - left
            elif np.isfinite(right):
                estimate = 2 * middle - right
            else:
                estimate = -np.inf
            candidates.append((estimate, len(candidates), int(coarse_indices[i]), middle, e))
    candidates.sort()
    refined = [False] * 5
    for estimate, _, coarse_index, coarse_value, e in candidates[:MAXIMUM_REFINED_MINIMA]:
        if estimate > best[0]:
            break
        refine(coarse_index, coarse_value, e)
        refined[e] = True
    if refining_every_exponent:
        for e in range(5):
            if not refined[e] and np.isfinite(exponent_errors[e]):
                refine(exponent_indices[e], exponent_errors[e], e)
    return dict(error=best[0], index=best[1], exponent=best[2], exponent_errors=exponent_errors,
                exponent_indices=exponent_indices, last=last)


def fallback_hinge(times, p, tau_low, tau_high, phi=None):
    """No finite fit on the coarse grid: m = 1 at τ_high − k·0.01 ms, k = 25…0, inside the range, as in Swift."""
    best_tau, best_error = tau_high, np.inf
    for k in range(FALLBACK_FINE_STEPS, -1, -1):
        candidate = tau_high - float(k) * FINE_TAU_STEP
        if candidate >= tau_low:
            tau = np.array([candidate])
            error = (hinge_errors(times, p, tau, [0]) if phi is None else whitened_hinge_errors(times, p, tau, phi))[0, 0]
            if error < best_error:
                best_tau, best_error = candidate, error
    return best_tau


def exponent_averaged_hinge(times, p, tau_low, tau_high, phi=None):
    """HingeFit.exponentAveragedHinge (Sources/SwingAnalysis/Onset/HingeFit+ExponentAverage.swift): each exponent
    within ±1 of the best leading power refined to its own best τ_m, averaged with weights
    exp(−(S_m − S_min)·(n − k) / (2κ·S_min)), k = 5 parameters, κ = 240 (prewhitened with `phi`: n − 1 rows, κ = 30)."""
    if tau_low > tau_high:
        return tau_high
    best = hinge_search(times, p, tau_low, tau_high, True, phi)
    if best is None:
        return fallback_hinge(times, p, tau_low, tau_high, phi)
    best_tau = tau_low + float(best["index"]) * FINE_TAU_STEP
    freedom = times.size - (5 if phi is None else 6)
    if freedom <= 0 or not best["error"] > 0:
        return best_tau
    inflation = EXPONENT_AVERAGE_INFLATION if phi is None else PREWHITENED_EXPONENT_AVERAGE_INFLATION
    scale = float(freedom) / (2 * inflation * best["error"])
    weight_sum, weighted_offset = 0.0, 0.0
    for e in range(5):
        error = best["exponent_errors"][e]
        if np.isfinite(error) and abs(e - best["exponent"]) <= EXPONENT_AVERAGE_REACH:
            weight = math.exp(-(error - best["error"]) * scale)
            weight_sum += weight
            weighted_offset += weight * float(best["exponent_indices"][e] - best["index"]) * FINE_TAU_STEP
    return best_tau + weighted_offset / weight_sum


PREWHITENED_EXPONENT_AVERAGE_INFLATION = 30.0  # κ of HingeFit+Prewhitening.swift
NOISE_MODEL_MINIMUM_SAMPLES = 6
PREWHITENING_FULL_TIME_SCALE = 0.02  # s of r/ṙ (SwingOnsetEstimator+Prewhitening.swift)
PREWHITENING_NONE_TIME_SCALE = 0.03


def residual_noise_coefficient(times, p, tau, exponent):
    """HingeFit.residualNoiseCoefficient: φ by Yule–Walker of the ordinary fit's residual (hinge at τ, power
    m = 1 + exponent/2) over the samples at or before τ (all when fewer than 6), less their mean; None when the fit
    is singular or the residual has no variance."""
    offset = (times - tau) * 10
    d = np.maximum(0.0, offset)
    h1 = d ** (1 + exponent / 2)
    a = np.stack((np.ones_like(offset), h1, h1 * d, offset), axis=1)
    normal = a.T @ a
    if not abs(np.linalg.det(normal)) > 1e-30:
        return None
    residual = p - a @ np.linalg.solve(normal, a.T @ p)
    count = int(np.sum(times <= tau))
    if count < NOISE_MODEL_MINIMUM_SAMPLES:
        count = times.size
    e = residual[:count] - residual[:count].mean()
    lag0 = float(e @ e)
    if not lag0 > 0:
        return None
    return float(e[:-1] @ e[1:]) / lag0


def prewhitened_hinge(times, p, tau_low, tau_high):
    """HingeFit.prewhitenedHinge: the ordinary fit's best (τ, m) over the lattice, φ from its residual, then the
    exponent average of the fit prewhitened with φ."""
    if tau_low > tau_high:
        return tau_high
    best = hinge_search(times, p, tau_low, tau_high, False)
    if best is None:
        return fallback_hinge(times, p, tau_low, tau_high)
    phi = None
    if times.size >= 2:
        phi = residual_noise_coefficient(times, p, tau_low + float(best["index"]) * FINE_TAU_STEP, best["exponent"])
    if phi is None:
        return exponent_averaged_hinge(times, p, tau_low, tau_high)
    return exponent_averaged_hinge(times, p, tau_low, tau_high, phi)


def prewhitening_weight(rise_time_scale):
    """SwingOnsetEstimator.prewhiteningWeight: 1 up to r/ṙ = 20 ms, 0 from 30 ms, linear between; 0 without r/ṙ."""
    if rise_time_scale is None:
        return 0.0
    band = PREWHITENING_NONE_TIME_SCALE - PREWHITENING_FULL_TIME_SCALE
    return min(1.0, max(0.0, (PREWHITENING_NONE_TIME_SCALE - rise_time_scale) / band))


def blended_hinge(times, p, tau_low, tau_high, weight):
    """HingeFit.blendedHinge: w·(prewhitened onset) + (1 − w)·(ordinary onset), each run only when needed."""
    if weight <= 0:
        return exponent_averaged_hinge(times, p, tau_low, tau_high)
    whitened = prewhitened_hinge(times, p, tau_low, tau_high)
    if weight >= 1:
        return whitened
    ordinary = exponent_averaged_hinge(times, p, tau_low, tau_high)
    return ordinary + weight * (whitened - ordinary)


# Rise-scaled fit window (SwingOnsetEstimator+RiseWindow.swift).
RISE_WINDOW_EXPONENT = 2.0
RISE_WINDOW_BASELINE = 0.03
MAXIMUM_FIT_WINDOW = 0.25
RISE_SLOPE_HALF_WIDTH = 2


def rate_line(t, value, first, last, origin):
    """Least-squares line through value[first…last] against t − t[origin]: (level at t[origin], slope) or None."""
    x = t[first:last + 1] - t[origin]
    v = value[first:last + 1].astype(np.float64)
    n = float(x.size)
    sum_t, sum_v, sum_tt, sum_tv = x.sum(), v.sum(), (x * x).sum(), (x * v).sum()
    pivot = n * sum_tt - sum_t * sum_t
    if not pivot > 0:
        return None
    slope = (n * sum_tv - sum_t * sum_v) / pivot
    return (sum_v - slope * sum_t) / n, slope


def rise_time_scale(t, value, crossing, latest):
    """r/ṙ (s) at the walk-back point from the line through ±2 samples, or None when it does not rise."""
    first, last = max(0, crossing - RISE_SLOPE_HALF_WIDTH), min(latest, crossing + RISE_SLOPE_HALF_WIDTH)
    if last - first < 2:
        return None
    line = rate_line(t, value, first, last, crossing)
    if line is None or not (line[1] > 0 and line[0] > 0):
        return None
    return line[0] / line[1]


def fit_window(time_scale):
    """The hinge fit's window before the walk-back point, s: 2·r/ṙ + 30 ms, at least the fixed 0.1 s, at most 0.25 s."""
    if time_scale is None:
        return ONSET_BASELINE_WINDOW
    return min(MAXIMUM_FIT_WINDOW, max(ONSET_BASELINE_WINDOW,
                                       RISE_WINDOW_EXPONENT * time_scale + RISE_WINDOW_BASELINE))


# Onset straight out of a counter-rotation (SwingOnsetEstimator+Reversal.swift).
REVERSAL_SEARCH_SAMPLES = 64
REVERSAL_LAG = 0.02
REVERSAL_DEPTH = np.float32(0.08)
CARRY_RATIO = np.float32(0.3)
CARRY_LEVEL = np.float32(0.05)
RISE_LEVEL = np.float32(0.25)
RISE_WINDOW = 0.06
RISE_SLACK = np.float32(0.04)
SUSTAIN_RATIO = np.float32(0.5)
APPROACH_RATIO = np.float32(2.6)


def _rate_at(time, t, value, start, earliest, latest):
    j = start
    while j > earliest and t[j] > time:
        j -= 1
    while j + 1 <= latest and t[j + 1] <= time:
        j += 1
    if not (t[j] <= time and j + 1 <= latest):
        return None
    t0, t1 = t[j], t[j + 1]
    fraction = np.float32((time - t0) / (t1 - t0)) if t1 > t0 else np.float32(0)
    return value[j] + fraction * (value[j + 1] - value[j])


def _zero_crossing(t, value, below, earliest, limit):
    t0, t1 = t[below], t[below + 1]
    v0, v1 = float(value[below]), float(value[below + 1])
    interpolated = t0 + (t1 - t0) * (-v0 / (v1 - v0)) if v1 > v0 else t0
    first, end = max(earliest, below - 1), min(limit, below + 2)
    if end - first < 2:
        return interpolated
    line = rate_line(t, value, first, end, below)
    if line is None or not line[1] > 0:
        return interpolated
    root = t0 - line[0] / line[1]
    return root if t0 <= root <= t1 else interpolated


def reversal_onset(t, value, crossing, earliest, latest):
    """The zero crossing (s) where the rise that reaches `crossing` comes straight out of a counter-rotation, or None.
    `value` is indexed like `t` (only earliest…latest are read)."""
    last = crossing
    while last >= earliest and value[last] > 0:
        last -= 1
    if not (last >= earliest and last < crossing):
        return None
    following = last + 1
    highest = value[following]
    while value[following] < RISE_LEVEL:
        if not (following < crossing and t[following + 1] - t[last] <= RISE_WINDOW):
            return None
        following += 1
        v = value[following]
        if not v >= highest - RISE_SLACK:
            return None
        highest = max(highest, v)
    zero = _zero_crossing(t, value, last, earliest, crossing)
    rates = [_rate_at(zero + k * REVERSAL_LAG, t, value, last, earliest, latest) for k in (-1, -2, 1, 2)]
    if any(r is None for r in rates):
        return None
    before, earlier, after, further = rates
    if not (before <= -REVERSAL_DEPTH and earlier <= np.float32(1.5) * before and earlier >= APPROACH_RATIO * before
            and (after >= -CARRY_RATIO * before or after >= CARRY_LEVEL) and further - after >= SUSTAIN_RATIO * after):
        return None
    return zero


def estimate_onset(t, along, rate, anchor):
    """(onset time, walk-back index) or None."""
    anchor_time = t[anchor]
    i = anchor
    largest, polarity = np.float32(-1), np.float32(1)
    while i >= 0 and anchor_time - t[i] <= 0.05:
        if abs(along[i]) > largest:
            largest = abs(along[i])
            polarity = np.float32(1 if along[i] >= 0 else -1)
        i -= 1
    earliest = anchor_time - MAXIMUM_SWING_DURATION
    walk = np.float32(ONSET_WALK_THRESHOLD)
    last_above = anchor
    k = anchor
    while True:
        if k < 0 or t[k] < earliest:
            return None
        if polarity * along[k] >= walk:
            last_above = k
        elif t[last_above] - t[k] >= ONSET_FAILURE_DURATION:
            break
        k -= 1
    crossing = last_above
    # Fit on the rotation about the swing's principal axis (power iteration on Σ ω ωᵀ over crossing…anchor).
    w = rate[crossing:anchor + 1].astype(np.float64)
    scatter, total = w.T @ w, w.sum(axis=0)
    axis = np.zeros(3, dtype=np.float32)
    if total @ total > 0:
        v = total
        for _ in range(32):
            following = scatter @ v
            norm = np.sqrt(following @ following)
            if not norm > 0:
                break
            v = following / norm
        if v @ total < 0:
            v = -v
        axis = v.astype(np.float32)
    # The fitted signal over base…anchor only (indices below are global; `base` offsets them into `directed`): the
    # longest fit window and the reversal search.
    base = max(0, min(crossing - REVERSAL_SEARCH_SAMPLES,
                      int(np.searchsorted(t, t[crossing] - MAXIMUM_FIT_WINDOW, side="left")) - 1))
    directed = ((rate[base:anchor + 1] * axis).sum(axis=1, dtype=np.float32) if axis.any()
                else polarity * along[base:anchor + 1])
    peak = max(np.float32(0), directed[crossing - base:].max())
    upper_level = np.float32(ONSET_UPPER_FRACTION) * peak
    upper = crossing
    while upper < anchor and directed[upper - base] < upper_level:
        upper += 1
    upper = min(anchor, max(upper, crossing + 2))
    local_t = t[base:anchor + 1]
    time_scale = rise_time_scale(local_t, directed, crossing - base, anchor - base)
    baseline_start = t[crossing] - fit_window(time_scale)
    lower = crossing
    while lower - 1 >= 0 and t[lower - 1] >= baseline_start and directed[lower - 1 - base] > -walk:
        lower -= 1
    crossing_time = t[crossing]
    reversal = reversal_onset(local_t, directed, crossing - base, max(0, crossing - REVERSAL_SEARCH_SAMPLES) - base,
                              anchor - base)
    if reversal is not None:
        return float(reversal), crossing
    if upper - lower + 1 < 5:
        return crossing_time, crossing
    times = t[lower:upper + 1]
    p = directed[lower - base:upper + 1 - base].astype(np.float64)
    best_tau = blended_hinge(times, p, t[lower], crossing_time, prewhitening_weight(time_scale))
    return float(best_tau), crossing


def find_swings(t_dm, rate, gravity, impacts):
    along = rotation_along_gravity(rate, gravity)
    magnitude = np.abs(along)
    impact_times = np.array([i["time"] for i in impacts])
    impact_peaks = np.array([i["peak"] for i in impacts])
    claimed = np.zeros(len(impacts), dtype=bool)
    swings = []
    for first, last, peak_index in rotation_events(t_dm, along):
        event_peak = float(magnitude[peak_index])
        if event_peak < MINIMUM_PEAK_RATE:
            continue
        window = (impact_times >= t_dm[first] - MATCH_BEFORE) & (impact_times <= t_dm[last] + MATCH_AFTER) & ~claimed
        candidates = np.flatnonzero(window)
        candidates = candidates[np.argsort(-impact_peaks[candidates], kind="stable")]
        swing = None
        for chosen in candidates:  # strongest first; the first that makes a valid swing is the contact
            swing = _make_swing(t_dm, along, rate, magnitude, first, last, peak_index, event_peak, impacts[chosen])
            if swing is not None:
                claimed[chosen] = True
                break
        if swing is None:
            swing = _make_swing(t_dm, along, rate, magnitude, first, last, peak_index, event_peak, None)
        if swing is not None:
            swings.append(swing)
    return swings


def _make_swing(t_dm, along, rate, magnitude, first, last, peak_index, event_peak, impact):
    if impact is not None:
        anchor = int(np.searchsorted(t_dm, impact["time"], side="left")) - 1
        if anchor < 0:
            return None
        if float(magnitude[anchor]) < IMPACT_MINIMUM_ROTATION_FRACTION * event_peak:
            return None  # contact happens while the swing is fast
        anchor_time = impact["time"]
    else:
        anchor, anchor_time = peak_index, t_dm[peak_index]
    onset = estimate_onset(t_dm, along, rate, anchor)
    if onset is None:
        return None
    onset_time, crossing = onset
    start = crossing
    while start - 1 >= 0 and t_dm[start - 1] >= onset_time:
        start -= 1
    segment = magnitude[start:anchor + 1].astype(np.float64)
    times = t_dm[start:anchor + 1]
    accumulated = float((0.5 * (segment[1:] + segment[:-1]) * np.diff(times)).sum())
    if anchor_time > times[-1]:
        accumulated += segment[-1] * (anchor_time - times[-1])
    if accumulated < MINIMUM_ACCUMULATED_ROTATION:
        return None
    return dict(
        start=onset_time,
        impact=impact["time"] if impact else None,
        timeToContact=impact["time"] - onset_time if impact else None,
        contact=impact is not None,
        peakRotationRate=float(segment.max()) if impact else event_peak,
        accumulatedRotation=accumulated)


def analyze(t_acc, acc, t_dm, rate, gravity):
    return find_swings(t_dm, rate, gravity, detect_impacts(t_acc, acc))


def main(argv):
    if len(argv) < 2:
        print(__doc__.split("Usage: ")[1].strip(), file=sys.stderr)
        return 64
    path = argv[1]
    t0 = time.perf_counter()
    data = load(path)
    t1 = time.perf_counter()
    swings = analyze(*data)
    t2 = time.perf_counter()
    if "--json" in argv:
        print(json.dumps({"recording": path, "swings": swings, "load": t1 - t0, "compute": t2 - t1}))
    else:
        print(f"{path}: {len(swings)} swings ({sum(s['contact'] for s in swings)} with contact); "
              f"load {t1 - t0:.3f} s, compute {t2 - t1:.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
