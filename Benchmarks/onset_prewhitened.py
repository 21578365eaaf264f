#!/usr/bin/env python3
"""Whether a hinge fit that models its residual as autoregressive noise (prewhitened, feasible GLS) finds swing
starts better than ordinary least squares (the analyzer's fit when this was written; the analyzer now prewhitens the
fast rises with the AR(1) variant `1:yw:pre:30:1`, see docs/architecture.md §8, so "analyzer" below is the dump's).

Wrist tremor (narrowband, 5–13 Hz) keeps the hinge fit's residual correlated over many 200 Hz samples, so ordinary
least squares weighs a tremor half-cycle near the start like independent evidence. The textbook answer is
Cochrane–Orcutt / Prais–Winsten: fit by OLS, estimate an AR(p) model of the residual (here from the part before the
fitted hinge time, where the residual is noise rather than model error, or from all of it), filter the data and the
regressors with 1 − φ1 z⁻¹ − … − φp z⁻ᵖ, refit. The exponent average then weighs with the whitened residual's σ².

Reads the sessions written by `.build/release/onset-evaluation --script-sessions --dump DIR` (`*_motion.csv`: t,
rotation rate (rad/s), gravity, user acceleration at 200 Hz; `*_swings.csv`: true and detected start, impact) and
replays the analyzer's fit for every swing the analyzer fitted (swings whose detected start is a counter-rotation's
zero crossing keep it: the rate 20 ms before it ≤ −0.08 rad/s and |rate| there < 0.03 rad/s): the rate about the
swing's principal axis over walk-back point…anchor, the rise-scaled window (2·r/ṙ + 30 ms, 0.1–0.25 s, up to 35 % of
the peak), the hinge b + s·(t − τ) + a·d^m + c·d^(m+1), m ∈ {1, 1.5, 2, 2.5, 3}, τ on a 0.25 ms grid, and the
average over exponents within ±1 of the best, weighted exp(−(S_m − S_min)(n − k)/(2κ S_min)).

Prints median / p95 |start error| (ms) per sport and session kind — over all detected swings ("all", reversal
starts as detected) and over the fitted ones — for the analyzer (from the dump), the OLS replay (κ = 240) and each
variant; with --noise SIGMA, also |start(noisy) − start(clean)| per sport when gaussian white noise of SIGMA rad/s
per axis is added to the dumped rate (a proxy for the raw-IMU match; it understates it, see docs/architecture.md §8).

A variant is ORDER:METHOD:SOURCE:KAPPA:ITERATIONS (comma-separated in --variants):
- ORDER 0: no whitening, the OLS table with exponent-average inflation KAPPA (METHOD `post`: the posterior mean
  over τ as well as the power, weights exp(−(S − S_min)(n − k)/(2κ S_min)) over the whole table);
- otherwise an AR(ORDER) noise model, METHOD `yw` (Yule–Walker) or `burg`, read from SOURCE: `pre` (the OLS
  residual at or before the best τ; the whole residual when fewer than 2·ORDER + 4 samples are), `all` (the whole
  residual), `wavgpre` / `wavgall` (the same, averaged over the exponents with the OLS exponent-average weights),
  `before1` / `before2` (the 0.3 s before the window less a linear / quadratic trend), `fixed` (METHOD `F/R`: an
  AR(2) pole pair at F Hz, radius R), `const` (METHOD: a fixed AR(1) φ); a `+post` suffix takes the posterior mean
  over τ of the whitened table; ITERATIONS: Cochrane–Orcutt passes (the noise model re-read from the whitened fit).

    .build/release/onset-evaluation --script-sessions --dump DIR
    python3 Benchmarks/onset_prewhitened.py DIR [--variants 0:-:-:240:0,1:yw:pre:30:1] [--noise 0.003]
        [--sports golf] [--kinds script-rest,script-load]
"""
import argparse
import glob

import numpy as np

POWERS = np.array([1.0, 1.5, 2.0, 2.5, 3.0])
TAU_STEP = 0.00025  # s
REACH = 2  # exponent lanes averaged around the best
PRE_SAMPLES = 60  # samples before the fit window for the 'before' noise models (0.3 s)


def ar_coefficients(x, order, method):
    """AR(order) coefficients φ (x_t ≈ Σ φ_i x_{t−i}) of a zero-mean-ish series: Yule–Walker (biased
    autocovariance) or Burg."""
    x = np.asarray(x, float) - np.mean(x)
    n = len(x)
    if method == "yw":
        r = np.array([x[: n - k] @ x[k:] / n for k in range(order + 1)])
        if r[0] <= 0:
            return np.zeros(order)
        # Levinson–Durbin.
        phi = np.zeros(order)
        error = r[0]
        for k in range(order):
            reflection = (r[k + 1] - phi[:k] @ r[k:0:-1]) / error
            phi[:k] = phi[:k] - reflection * phi[:k][::-1]
            phi[k] = reflection
            error *= 1 - reflection**2
        return phi
    # Burg.
    forward, backward = x[1:].copy(), x[:-1].copy()
    phi = np.zeros(0)
    for k in range(order):
        denominator = forward @ forward + backward @ backward
        reflection = 2 * (forward @ backward) / denominator if denominator > 0 else 0.0
        phi = np.concatenate([phi - reflection * phi[::-1], [reflection]])
        forward, backward = (forward - reflection * backward)[1:], (backward - reflection * forward)[:-1]
    return phi


def whiten(values, phi):
    """values[p:] − Σ φ_i values[p−i:n−i] along axis −2 (rows are samples)."""
    p = len(phi)
    n = values.shape[-2]
    out = values[..., p:, :].copy()
    for i, c in enumerate(phi, start=1):
        out -= c * values[..., p - i : n - i, :]
    return out


def error_table(t, y, taus, phi, reference):
    """Residual sums of squares (τ × exponent) of the hinge fit, after filtering data and regressors with φ; ∞ where
    the leading coefficient is not positive. Times in 0.1 s from `reference` as the analyzer takes them."""
    return transformed_error_table(t, y, taus, lambda rows: whiten(rows, phi), reference)


def transformed_error_table(t, y, taus, transform, reference):
    """Residual sums of squares (τ × exponent) of the hinge fit with data and regressors mapped by `transform`
    (samples along axis −2 → transformed rows); ∞ where the leading coefficient is not positive."""
    x = (t - reference) * 10
    tau = (taus - reference) * 10
    d = np.maximum(0.0, x[None, :] - tau[:, None])  # T × n
    table = np.full((len(taus), len(POWERS)), np.inf)
    yw = transform(y[:, None])[:, 0]
    for e, m in enumerate(POWERS):
        design = np.stack([np.ones_like(d), x[None, :] - tau[:, None], d**m, d ** (m + 1)], -1)  # T × n × 4
        design = transform(design)
        gram = np.einsum("tni,tnj->tij", design, design)
        moment = np.einsum("tni,n->ti", design, yw)
        coefficients = solve_each(gram, moment)
        residual = yw[None, :] - np.einsum("tni,ti->tn", design, coefficients)
        errors = (residual**2).sum(1)
        errors[~(coefficients[:, 2] > 0)] = np.inf
        table[:, e] = errors
    return table


def solve_each(gram, moment):
    """Batched solve of gram · β = moment; NaN for the τ whose normal equations are singular."""
    try:
        return np.linalg.solve(gram, moment[..., None])[..., 0]
    except np.linalg.LinAlgError:
        out = np.full(moment.shape, np.nan)
        for k in range(len(gram)):
            try:
                out[k] = np.linalg.solve(gram[k], moment[k])
            except np.linalg.LinAlgError:
                pass
        return out


def posterior_mean(table, taus, freedom, kappa):
    """τ averaged over the whole (τ, exponent) table within ±1 of the best power, weighted
    exp(−(S − S_min)·freedom / (2κ·S_min)): a posterior mean over the hinge time as well as the power."""
    if not np.isfinite(table).any():
        return taus[-1]
    row, best = np.unravel_index(np.argmin(table), table.shape)
    smallest = table[row, best]
    if smallest <= 0 or freedom <= 0:
        return taus[row]
    lanes = [e for e in range(len(POWERS)) if abs(e - best) <= REACH]
    part = table[:, lanes]
    weights = np.where(np.isfinite(part), np.exp(-(part - smallest) * freedom / (2 * kappa * smallest)), 0.0)
    return float((weights.sum(1) @ taus) / weights.sum())


def averaged(table, taus, freedom, kappa):
    """The analyzer's exponent average (κ) and the best (τ, exponent lane)."""
    if not np.isfinite(table).any():
        return taus[-1], len(taus) - 1, 0
    row, best = np.unravel_index(np.argmin(table), table.shape)
    smallest = table[row, best]
    if smallest <= 0 or freedom <= 0:
        return taus[row], row, best
    weights = total = 0.0
    for e in range(len(POWERS)):
        if abs(e - best) > REACH or not np.isfinite(table[:, e]).any():
            continue
        own = np.argmin(table[:, e])
        w = np.exp(-(table[own, e] - smallest) * freedom / (2 * kappa * smallest))
        weights += w
        total += w * taus[own]
    return total / weights, row, best


def fit_window(t, v, c, anchor):
    """lower…upper sample indices of the analyzer's fit window before the walk-back point c."""
    slope, value = np.polyfit(t[c - 2 : c + 3] - t[c], v[c - 2 : c + 3], 1)
    window = min(0.25, max(0.1, 2 * value / slope + 0.03)) if slope > 0 and value > 0 else 0.1
    peak = v[c : anchor + 1].max()
    upper = c
    while upper < anchor and v[upper] < 0.35 * peak:
        upper += 1
    upper = min(anchor, max(upper, c + 2))
    lower = c
    while lower - 1 >= 0 and t[lower - 1] >= t[c] - window and v[lower - 1] > -1.0:
        lower -= 1
    return lower, upper


def interpolate(t, v, time):
    return float(np.interp(time, t, v))


class Swing:
    """One fitted swing's window: times, rate about the swing axis, walk-back point time; and the PRE_SAMPLES
    samples before the window (for noise models read before the swing)."""

    def __init__(self, t, v, lower, upper, c):
        self.t, self.y = t[lower : upper + 1], v[lower : upper + 1].astype(float)
        self.tau_low, self.tau_high = t[lower], t[c]
        self.reference = t[c]
        first = max(0, lower - PRE_SAMPLES)
        self.pre_t, self.pre_y = t[first:lower], v[first:lower].astype(float)

    def noise_model(self, y, pre_y, order, method, source, tau_fit, m_fit, phi):
        """AR coefficients of the noise for a variant's SOURCE and METHOD (see the module's doc comment), the residual
        read at (tau_fit, m_fit) of the fit whitened with `phi`."""
        source = source.removesuffix("+post")
        if source == "const":
            return np.array([float(method)])
        if source == "fixed":
            frequency, radius = map(float, method.split("/"))
            return np.array([2 * radius * np.cos(2 * np.pi * frequency / 200), -radius * radius])
        if source.startswith("before"):
            degree = int(source[-1])
            if len(pre_y) < 2 * order + 4:
                return np.zeros(0)
            x = self.pre_t - self.pre_t[-1]
            return ar_coefficients(pre_y - np.polyval(np.polyfit(x, pre_y, degree), x), order, method)
        residual = self.residual(y, tau_fit, m_fit, phi)
        part = residual[self.t <= tau_fit] if source == "pre" else residual
        if len(part) < 2 * order + 4:
            part = residual
        return ar_coefficients(part, order, method)

    def estimates(self, variants, y=None, pre_y=None):
        y = self.y if y is None else y
        pre_y = self.pre_y if pre_y is None else pre_y
        taus = np.arange(self.tau_low, self.tau_high + 1e-9, TAU_STEP)
        n = len(self.t)
        ols = error_table(self.t, y, taus, np.zeros(0), self.reference)
        results = {}
        ols_tau, row, best = averaged(ols, taus, n - 5, 240.0)
        results["ols"] = ols_tau
        for name, (order, method, source, kappa, iterations) in variants.items():
            if order == 0:
                results[name] = (posterior_mean if method == "post" else averaged)(ols, taus, n - 5, kappa)
                results[name] = results[name] if method == "post" else results[name][0]
                continue
            tau_fit, m_fit = taus[row], POWERS[best]
            table = ols
            phi = np.zeros(0)
            for _ in range(iterations):
                if source.startswith("wavg"):
                    phi = self.averaged_noise_model(y, ols, taus, n, order, method, source[4:].removesuffix("+post"))
                else:
                    phi = self.noise_model(y, pre_y, order, method, source, tau_fit, m_fit, phi)
                table = error_table(self.t, y, taus, phi, self.reference)
                _, r, b = averaged(table, taus, n - len(phi) - 5, kappa)
                tau_fit, m_fit = taus[r], POWERS[b]
            if source.endswith("+post"):
                results[name] = posterior_mean(table, taus, n - len(phi) - 5, kappa)
            else:
                results[name] = averaged(table, taus, n - len(phi) - 5, kappa)[0]
        return results

    def averaged_noise_model(self, y, ols, taus, n, order, method, source):
        """The noise model's coefficients averaged over the exponents with the ordinary fit's exponent-average
        weights (κ = 240), each exponent's from the residual at its own best τ: continuous in the samples where
        the single best fit's jump between exponents."""
        row, best = np.unravel_index(np.argmin(ols), ols.shape)
        smallest = ols[row, best]
        weights = 0.0
        total = np.zeros(order)
        for e in range(len(POWERS)):
            if abs(e - best) > REACH or not np.isfinite(ols[:, e]).any():
                continue
            own = np.argmin(ols[:, e])
            w = np.exp(-(ols[own, e] - smallest) * (n - 5) / (2 * 240.0 * smallest)) if smallest > 0 else float(e == best)
            total += w * self.noise_model(y, None, order, method, source, taus[own], POWERS[e], np.zeros(0))
            weights += w
        return total / weights

    def residual(self, y, tau, m, phi):
        """Unwhitened residual y − Xβ of the fit at (τ, m) whose β comes from the (φ-whitened) least squares."""
        x = (self.t - self.reference) * 10
        d = np.maximum(0.0, x - (tau - self.reference) * 10)
        design = np.stack([np.ones_like(x), x - (tau - self.reference) * 10, d**m, d ** (m + 1)], 1)
        coefficients, *_ = np.linalg.lstsq(whiten(design, phi), whiten(y[:, None], phi)[:, 0], rcond=None)
        return y - design @ coefficients


def session_swings(base):
    """(swing row, Swing or None for a reversal, axis-rate array) for every detected swing of a session."""
    motion = np.genfromtxt(base + "_motion.csv", delimiter=",", names=True)
    swings = np.genfromtxt(base + "_swings.csv", delimiter=",", names=True, dtype=None, encoding=None)
    t = motion["t"]
    rate = np.stack([motion["rx"], motion["ry"], motion["rz"]], 1)
    gravity = np.stack([motion["gx"], motion["gy"], motion["gz"]], 1)
    along = (rate * gravity).sum(1)
    out = []
    for swing in np.atleast_1d(swings):
        detected = swing["detected"]
        if not np.isfinite(detected):
            continue
        impact = swing["impact"]
        k = np.searchsorted(t, detected)
        after = slice(k, k + 60)
        polarity = np.sign(along[after][np.argmax(np.abs(along[after]))])
        v = polarity * along
        above = np.where((t > detected - 0.02) & (v >= 1.0))[0]
        if not len(above):
            out.append((swing, None, None))
            continue
        c = above[0]
        anchor = np.searchsorted(t, impact) - 1 if np.isfinite(impact) else c + np.argmax(v[c : c + 100])
        moments = rate[c : anchor + 1].T.astype(float) @ rate[c : anchor + 1]
        axis = np.linalg.eigh(moments)[1][:, -1]
        if axis @ rate[c : anchor + 1].sum(0) < 0:
            axis = -axis
        w = rate @ axis
        reversal = interpolate(t, w, detected - 0.02) <= -0.08 and abs(interpolate(t, w, detected)) < 0.03
        if reversal:
            out.append((swing, None, None))
            continue
        lower, upper = fit_window(t, w, c, anchor)
        out.append((swing, Swing(t, w, lower, upper, c), (rate, axis, lower, upper, c, t)))
    return out


def summary(errors):
    e = np.abs(np.array(errors))
    return f"{np.median(e):5.2f} / {np.percentile(e, 95):5.2f}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("directory")
    parser.add_argument("--sports", default="baseball,softball,golf,tennis")
    parser.add_argument("--variants", default="0:-:-:30:0,1:yw:pre:30:1,2:yw:pre:10:1")
    parser.add_argument("--noise", type=float, default=0.0)
    parser.add_argument("--kinds", default="rest,load,script-rest,script-load")
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    variants = {}
    for spec in arguments.variants.split(","):
        order, method, source, kappa, iterations = spec.split(":")
        variants[spec] = (int(order), method, source, float(kappa), int(iterations))
    names = ["analyzer", "ols"] + list(variants)
    random = np.random.default_rng(arguments.seed)
    print("median / p95 |start error|, ms (variants ORDER:METHOD:SOURCE:KAPPA:ITERATIONS)")
    for sport in arguments.sports.split(","):
        drift = {name: [] for name in names[1:]}
        for kind in arguments.kinds.split(","):
            errors = {name: [] for name in names}
            fitted_errors = {name: [] for name in names}
            replay_gap = []
            for path in sorted(glob.glob(f"{arguments.directory}/{kind}_{sport}_*_swings.csv")):
                for swing, fit, raw in session_swings(path[: -len("_swings.csv")]):
                    start, detected = swing["start"], swing["detected"]
                    errors["analyzer"].append((detected - start) * 1e3)
                    if fit is None:
                        for name in names[1:]:
                            errors[name].append((detected - start) * 1e3)
                        continue
                    estimates = fit.estimates(variants)
                    replay_gap.append((estimates["ols"] - detected) * 1e3)
                    fitted_errors["analyzer"].append((detected - start) * 1e3)
                    for name in names[1:]:
                        errors[name].append((estimates[name] - start) * 1e3)
                        fitted_errors[name].append((estimates[name] - start) * 1e3)
                    if arguments.noise > 0:
                        rate, axis, lower, upper, c, t = raw
                        first = max(0, lower - PRE_SAMPLES)
                        noisy = rate[first : upper + 1] + arguments.noise * random.standard_normal((upper + 1 - first, 3))
                        noisy = noisy @ axis
                        moved = fit.estimates(variants, noisy[lower - first :], noisy[: lower - first])
                        for name in names[1:]:
                            drift[name].append((moved[name] - estimates[name]) * 1e3)
            if not errors["analyzer"]:
                continue
            gap = np.abs(replay_gap)
            print(f"{sport} {kind}: {len(errors['analyzer'])} swings, {len(replay_gap)} fitted;"
                  f" |replay OLS − analyzer| median {np.median(gap):.2f} p95 {np.percentile(gap, 95):.2f} ms")
            for name in names:
                print(f"   {name:24s} all {summary(errors[name])}   fitted {summary(fitted_errors[name])}")
        if arguments.noise > 0:
            print(f"{sport}: |start(rate + {arguments.noise} rad/s noise) − start(rate)| on fitted swings, median / p95 ms")
            for name in names[1:]:
                print(f"   {name:24s} {summary(drift[name])}")


if __name__ == "__main__":
    main()
