#!/usr/bin/env python3
"""SensorFusion against filters nobody here wrote, on real data, in one run.

1. BROAD (github.com/dlaidig/broad, CC BY 4.0; Laidig et al., Data 2021; folder `broad/` of the datasets folder): inclination RMSE per trial and mean over the movement
   phase, exactly as the dataset's README describes (error quaternion q_est ⊗ q_ref⁻¹, inclination =
   2·acos(sqrt(w² + z²)), RMSE over movement == 1, NaN truth skipped). Side by side, one parameter set for every trial:
     - SensorFusion (Benchmarks/Tools/FusionRunner, defaults), accelerometer fed as −acc / 9.80665 g (Core Motion sign);
     - VQF 6D, C++ through `pip install vqf`: the real-time filter (`vqf.VQF.updateBatch`) and the offline
       (forward-backward) filter (`vqf.offlineVQF`), defaults;
     - Madgwick 6D (`ahrs.filters.Madgwick`, gain 0.12, the dataset's trial-agnostic setting), and the published
       Madgwick 9D figures from broad/published_rmse.csv (TAGP and per-trial minimum).
2. Apple's own fusion (two Sensor Logger Apple Watch swims, folder `sensor-logger-swim/{Back0626,Breast0626}`): Apple Watch raw accelerometer
   (WatchAccelerometerUncalibrated.csv) + Apple's bias-corrected rotationRate as the gyroscope (WristMotion.csv, there
   is no raw gyroscope). Angle between each filter's gravity and Apple's gravity at the WristMotion timestamps: median
   and p95, over all samples after the first 5 s and over stroke samples (1-s centred RMS of |rotationRate| ≥ 1 rad/s).
   VQF gets the accelerometer linearly interpolated to the WristMotion timestamps (it needs one rate).
3. --benchmark: CPU time per gyroscope sample, SensorFusion (fusion-runner's thread CPU time around its filter calls,
   1-s batches, file I/O excluded, a fresh filter and output each repeat) against VQF's C++ real-time and offline
   filters (time.process_time around the call, arrays prepared before; BLAS is not involved), on the BROAD trials,
   min of --repeats, in the same run. CPU time rather than wall time: on a shared machine it leaves out the time
   slices given to other processes.

The datasets folder is $BATCHEDMOTION_SHARED_DATASETS, else `shared/datasets` beside the repository; real
recordings are never copied into the repository.

Usage: .venv-fusion/bin/python Benchmarks/compare_fusion.py [--benchmark] [--repeats 5] [--no-build] [--no-madgwick]
       [--skip-broad] [--fusion-args '--tau 2 --rejection 8']
       (pip install -r Benchmarks/requirements-fusion.txt into a venv first)
"""

import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DATASETS = os.environ.get("BATCHEDMOTION_SHARED_DATASETS", os.path.join(os.path.dirname(ROOT), "shared", "datasets"))
SCRATCH = os.path.join(ROOT, ".build-fusion")
RUNNER = os.path.join(SCRATCH, "release", "fusion-runner")
G = 9.80665
FUSION_ARGS = []


def build():
    subprocess.run(["swift", "build", "-c", "release", "--product", "fusion-runner", "--scratch-path", SCRATCH],
                   cwd=ROOT, check=True)


def run_fusion(t_acc, acc_g, t_gyr, gyr, repeats=1, extra=()):
    """SensorFusion over the arrays; returns (timestamps, quaternions wxyz, gravity, CPU seconds per repeat)."""
    with tempfile.TemporaryDirectory() as tmp:
        a, g, o = (os.path.join(tmp, n) for n in ("acc.f64", "gyr.f64", "out.f64"))
        np.column_stack([t_acc, acc_g]).astype("<f8").tofile(a)
        np.column_stack([t_gyr, gyr]).astype("<f8").tofile(g)
        done = subprocess.run([RUNNER, a, g, o, "--repeats", str(repeats), *FUSION_ARGS, *extra], check=True,
                              capture_output=True, text=True)
        report = json.loads(done.stdout)
        out = np.fromfile(o, dtype="<f8").reshape(-1, 8)
    return out[:, 0], out[:, 1:5], out[:, 5:8], report["cpu_seconds"]


def quat_mult(a, b):
    w1, x1, y1, z1 = a.T
    w2, x2, y2, z2 = b.T
    return np.column_stack([w1 * w2 - x1 * x2 - y1 * y2 - z1 * z2, w1 * x2 + x1 * w2 + y1 * z2 - z1 * y2,
                            w1 * y2 - x1 * z2 + y1 * w2 + z1 * x2, w1 * z2 + x1 * y2 - y1 * x2 + z1 * w2])


def conj(q):
    return q * np.array([1, -1, -1, -1])


def rotate(q, v):
    """q ⊗ (0, v) ⊗ q* row by row."""
    return quat_mult(quat_mult(q, np.column_stack([np.zeros(len(v)), v])), conj(q))[:, 1:]


def inclination_rmse(q_est, q_ref, movement):
    """BROAD's inclination RMSE, degrees (README, 'Official error metrics')."""
    q_est = q_est / np.linalg.norm(q_est, axis=1, keepdims=True)
    q_ref = q_ref / np.linalg.norm(q_ref, axis=1, keepdims=True)
    e = quat_mult(q_est, conj(q_ref))
    e = e / np.linalg.norm(e, axis=1, keepdims=True)
    incl = 2 * np.arccos(np.clip(np.sqrt(e[:, 0] ** 2 + e[:, 3] ** 2), 0, 1))
    incl = incl[movement == 1]
    return float(np.degrees(np.sqrt(np.nanmean(incl ** 2))))


def madgwick_6d(gyr, acc, fs, gain):
    from ahrs.filters import Madgwick
    q = Madgwick(gyr=gyr, acc=acc, frequency=fs, gain=gain).Q
    return q


def sensor_to_earth(q, acc, gyr):
    """q or its conjugate, whichever maps the resting specific force to +z (ahrs' convention check)."""
    still = np.linalg.norm(gyr, axis=1) < 0.05
    up = rotate(q[still], acc[still])
    return q if np.nanmedian(up[:, 2]) > 0 else conj(q)


def broad(args):
    import vqf
    published = {}
    path = os.path.join(DATASETS, "broad", "published_rmse.csv")
    if os.path.exists(path):
        for line in open(path).read().splitlines()[1:]:
            trial, algorithm, params, kind, total, heading, incl = line.split(",")
            published[(trial, algorithm.lower(), kind)] = float(incl)
    rows = []
    timing = []
    for csv in sorted(glob.glob(os.path.join(DATASETS, "broad", "[0-9]*.csv"))):
        trial = os.path.basename(csv)[:-4]
        d = np.loadtxt(csv, delimiter=",", skiprows=1)
        t, gyr, acc, q_ref, movement = d[:, 0], d[:, 1:4], d[:, 4:7], d[:, 10:14], d[:, 14]
        fs = 2000 / 7
        gyr_c, acc_c = np.ascontiguousarray(gyr), np.ascontiguousarray(acc)
        tt, q_ours, _, seconds = run_fusion(t, -acc / G, t, gyr, repeats=args.repeats if args.benchmark else 1)
        assert len(tt) == len(t), (len(tt), len(t))
        began = time.process_time()
        online = vqf.VQF(1 / fs).updateBatch(gyr_c, acc_c)["quat6D"]
        t_online = time.process_time() - began
        began = time.process_time()
        offline = vqf.offlineVQF(gyr_c, acc_c, None, 1 / fs)["quat6D"]
        t_offline = time.process_time() - began
        if args.benchmark:
            for _ in range(args.repeats - 1):
                began = time.process_time(); vqf.VQF(1 / fs).updateBatch(gyr_c, acc_c)
                t_online = min(t_online, time.process_time() - began)
                began = time.process_time(); vqf.offlineVQF(gyr_c, acc_c, None, 1 / fs)
                t_offline = min(t_offline, time.process_time() - began)
            timing.append((trial, len(t), min(seconds), t_online, t_offline))
        q_mad = None if args.no_madgwick else sensor_to_earth(madgwick_6d(gyr, acc, fs, 0.12), acc, gyr)
        rows.append((trial, inclination_rmse(q_ours, q_ref, movement), inclination_rmse(online, q_ref, movement),
                     inclination_rmse(offline, q_ref, movement), inclination_rmse(q_mad, q_ref, movement) if q_mad is not None else float("nan"),
                     published.get((trial, "madgwick", "tagp"), float("nan")),
                     published.get((trial, "madgwick", "minimum_value"), float("nan"))))
        print(f"  {trial}: done", file=sys.stderr)
    if not rows:
        print("BROAD: no trials found under", os.path.join(DATASETS, "broad"))
        return
    print("\nBROAD inclination RMSE, degrees (movement phase; one parameter set per filter for all trials)")
    header = ("trial", "SensorFusion", "VQF real-time", "VQF offline", "Madgwick 6D β=0.12",
              "Madgwick 9D publ. TAGP", "Madgwick publ. per-trial min")
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for r in rows:
        print(f"| {r[0]} | " + " | ".join(f"{v:.3f}" for v in r[1:]) + " |")
    mean = np.mean(np.array([r[1:] for r in rows]), axis=0)
    print("| **mean** | " + " | ".join(f"**{v:.3f}**" for v in mean) + " |")
    if timing:
        print("\nThroughput on the BROAD trials (min of %d repeats), ns per gyroscope sample" % args.repeats)
        print("| trial | samples | SensorFusion | VQF real-time (C++) | VQF offline (C++) | VQF RT / SF | VQF offline / SF |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        tot = np.zeros(3)
        n_all = 0
        for trial, n, ours, online, offline in timing:
            tot += (ours, online, offline)
            n_all += n
            print(f"| {trial} | {n} | {ours / n * 1e9:.0f} | {online / n * 1e9:.0f} | {offline / n * 1e9:.0f} | "
                  f"{online / ours:.2f} | {offline / ours:.2f} |")
        print(f"| **all** | {n_all} | {tot[0] / n_all * 1e9:.0f} | {tot[1] / n_all * 1e9:.0f} | "
              f"{tot[2] / n_all * 1e9:.0f} | {tot[1] / tot[0]:.2f} | {tot[2] / tot[0]:.2f} |")


def read_csv(path):
    with open(path) as f:
        header = f.readline().strip().split(",")
    data = np.loadtxt(path, delimiter=",", skiprows=1)
    return {name: data[:, i] for i, name in enumerate(header)}


def angle_deg(a, b):
    a = a / np.linalg.norm(a, axis=1, keepdims=True)
    b = b / np.linalg.norm(b, axis=1, keepdims=True)
    return np.degrees(np.arccos(np.clip(np.sum(a * b, axis=1), -1, 1)))


def swim():
    import vqf
    print("\nApple Watch swims: angle between each filter's gravity and Apple's (degrees; median / p95)")
    print("| session | samples (strokes) | SensorFusion all | SensorFusion strokes | VQF RT all | VQF RT strokes | "
          "VQF offline all | VQF offline strokes |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    # Errors of every session, per filter and mask, for the row over both sessions.
    pooled = {}
    for session in ("Back0626", "Breast0626"):
        folder = os.path.join(DATASETS, "sensor-logger-swim", session)
        if not os.path.isdir(folder):
            print(f"| {session} | absent |")
            continue
        a = read_csv(os.path.join(folder, "WatchAccelerometerUncalibrated.csv"))
        m = read_csv(os.path.join(folder, "WristMotion.csv"))
        t_acc, acc = a["seconds_elapsed"], np.column_stack([a["x"], a["y"], a["z"]])
        t_gyr = m["seconds_elapsed"]
        gyr = np.column_stack([m["rotationRateX"], m["rotationRateY"], m["rotationRateZ"]])
        apple = np.column_stack([m["gravityX"], m["gravityY"], m["gravityZ"]])
        tt, _, ours, _ = run_fusion(t_acc, acc, t_gyr, gyr)
        index = np.searchsorted(t_gyr, tt)
        ours_full = np.full_like(apple, np.nan)
        ours_full[index] = ours
        # VQF: one rate, so the accelerometer (specific force, m/s²) is interpolated to the gyroscope timestamps.
        acc_i = np.column_stack([np.interp(t_gyr, t_acc, acc[:, k]) for k in range(3)]) * -G
        ts = float(np.median(np.diff(t_gyr)))
        down = np.tile([0.0, 0.0, -1.0], (len(t_gyr), 1))
        results = {}
        for name, q in (("online", vqf.VQF(ts).updateBatch(np.ascontiguousarray(gyr), np.ascontiguousarray(acc_i))["quat6D"]),
                        ("offline", vqf.offlineVQF(np.ascontiguousarray(gyr), np.ascontiguousarray(acc_i), None, ts)["quat6D"])):
            results[name] = rotate(conj(q), down)
        rms = np.sqrt(np.convolve(np.sum(gyr ** 2, axis=1), np.ones(int(round(1 / ts))) / round(1 / ts), "same"))
        settled = t_gyr - t_gyr[0] >= 5
        strokes = settled & (rms >= 1)

        def stat(g, mask, key):
            e = angle_deg(g[mask], apple[mask])
            e = e[np.isfinite(e)]
            pooled.setdefault(key, []).append(e)
            return summary(e)
        print(f"| {session} | {settled.sum()} ({strokes.sum()}) | {stat(ours_full, settled, 0)} | "
              f"{stat(ours_full, strokes, 1)} | {stat(results['online'], settled, 2)} | "
              f"{stat(results['online'], strokes, 3)} | {stat(results['offline'], settled, 4)} | "
              f"{stat(results['offline'], strokes, 5)} |")
    if len(pooled.get(0, [])) > 1:
        both = [np.concatenate(pooled[k]) for k in range(6)]
        print(f"| **both** | {len(both[0])} ({len(both[1])}) | " + " | ".join(summary(e) for e in both) + " |")


def summary(errors):
    """Median / p95 of angles in degrees."""
    return f"{np.median(errors):.2f} / {np.percentile(errors, 95):.2f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--benchmark", action="store_true")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--skip-broad", action="store_true")
    parser.add_argument("--skip-swim", action="store_true")
    parser.add_argument("--no-madgwick", action="store_true", help="leave out the (slow, pure-Python) Madgwick runs")
    parser.add_argument("--fusion-args", default="", help="extra fusion-runner options, e.g. '--tau 2'")
    args = parser.parse_args()
    global FUSION_ARGS
    FUSION_ARGS = args.fusion_args.split()
    if not args.no_build:
        build()
    if not os.path.isdir(DATASETS):
        sys.exit(f"no datasets at {DATASETS}")
    if not args.skip_broad:
        broad(args)
    if not args.skip_swim:
        swim()


if __name__ == "__main__":
    main()
