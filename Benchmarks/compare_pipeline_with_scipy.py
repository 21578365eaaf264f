#!/usr/bin/env python3
"""Whole pipeline, Swift (`swing-metrics analyze`) vs the numpy/scipy comparison baseline
(`Benchmarks/scipy_baseline/swing_pipeline.py`), on the same simulated recordings in the same run.

Steps:
  1. build `swing-metrics` in release as `make demo` does (`swift build -c release --product swing-metrics
     --static-swift-stdlib --scratch-path .build-cli` plus `Scripts/host-cpu-flags.sh`'s flags, or --swift-flags)
     unless --no-build, and say how the binary links the Swift runtime (a shared runtime means it is not the
     binary `make demo` builds);
  2. generate recordings with `swing-metrics simulate OUT --seed S --swings N --duration D --format F`
     (native .npz and interchange CSV; reused when already present in --work);
  3. for each recording and format, --repeats times: puts the recording's files into the page cache in a defined
     state, as a recording read from disk: written back, dropped from the cache (`posix_fadvise(POSIX_FADV_DONTNEED)`)
     and read once (a file written long ago can sit in the cache as many small pages, which made mapping it ≈ 3×
     slower and the figures depend on history). Afresh for every repeat: where a re-read puts the pages still
     matters (the same binary measured 30 or 41 ms on the same hour after two re-reads), so the medians sample
     several placements instead of one. Then, alternating the two implementations:
       * Swift: `swing-metrics analyze PATH --format json --jobs 1 --timings` (process wall time measured here;
         load and compute, elapsed and thread CPU time, from the hidden --timings line on standard error);
       * scipy: load and compute timed in this process (`time.perf_counter` and `time.process_time`, BLAS
         limited to one thread), plus the wall time of the baseline as its own process
         (`python3 swing_pipeline.py PATH --json`, interpreter start and imports included);
  4. prints min and median of load, compute and total per side, elapsed and CPU, and the ratios scipy / Swift
     (CPU time is the fairer measure on a shared machine: it leaves out time slices given to other processes);
  5. checks that both find (nearly) the same swings: matched by start within --tolerance, then contact, impact
     and start differences.

Usage: python3 Benchmarks/compare_pipeline_with_scipy.py [--durations 900 3600] [--repeats 5] [--no-build]
       [--swift-flags ""]   (the portable x86-64 build instead of the one tuned for this processor)
"""

import argparse
import json
import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # one core per side, like `analyze --jobs 1`
os.environ.setdefault("OMP_NUM_THREADS", "1")
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(HERE, "scipy_baseline"))
import swing_pipeline  # noqa: E402  (the comparison baseline)


def run(command, **kwargs):
    return subprocess.run(command, check=True, capture_output=True, text=True, **kwargs)


def host_cpu_flags():
    """The flags `make demo` builds with on this machine (Scripts/host-cpu-flags.sh)."""
    return run([os.path.join(ROOT, "Scripts", "host-cpu-flags.sh")]).stdout.strip()


# The CLI's own build folder, as in the Makefile: in a folder shared with `swift package benchmark`, SwiftPM 6.3
# reuses the plugin's build plan for `swift build --product`, and the "static, tuned" build came out dynamic and
# portable.
CLI_SCRATCH = os.path.join(ROOT, ".build-cli")


def build(binary, swift_flags):
    print(f"building swing-metrics (release{', ' + swift_flags if swift_flags else ''})…", file=sys.stderr)
    subprocess.run(["swift", "build", "-c", "release", "--product", "swing-metrics", "--static-swift-stdlib",
                    "--scratch-path", CLI_SCRATCH] + swift_flags.split(), cwd=ROOT, check=True)
    if not os.path.exists(binary):
        sys.exit(f"no binary at {binary}")


def swift_runtime_linkage(binary):
    """'static' or 'shared' (the binary needs libswiftCore.so), from its dynamic section; None without readelf."""
    try:
        dynamic = run(["readelf", "--dynamic", binary]).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    return "shared" if "libswiftCore.so" in dynamic else "static"


def generate(binary, work, duration, seed, swings_per_hour):
    """The recording for (duration, seed) in both formats: {format: path}."""
    swings = max(1, round(swings_per_hour * duration / 3600))
    paths = {}
    for fmt, name in (("native-npz", "native"), ("interchange-csv", "csv")):
        directory = os.path.join(work, f"baseball-seed{seed}-{int(duration)}s-{swings}swings-{name}")
        if not os.path.exists(os.path.join(directory, "truth.json")):
            started = time.perf_counter()
            run([binary, "simulate", directory, "--seed", str(seed), "--swings", str(swings),
                 "--duration", str(duration), "--format", fmt])
            print(f"simulated {directory} in {time.perf_counter() - started:.1f} s", file=sys.stderr)
        paths[name] = os.path.join(directory, "recording.npz") if name == "native" else directory
    return paths


def reread_from_disk(path):
    """Writes back, drops from the page cache and reads once sequentially every file of `path` (a file, or the
    files directly inside a directory): the cache state of a recording read from disk."""
    files = [os.path.join(path, name) for name in sorted(os.listdir(path))] if os.path.isdir(path) else [path]
    for name in files:
        if not os.path.isfile(name):
            continue
        descriptor = os.open(name, os.O_RDONLY)
        try:
            os.fsync(descriptor)
            if hasattr(os, "posix_fadvise"):  # Linux; elsewhere the file is only read once
                os.posix_fadvise(descriptor, 0, 0, os.POSIX_FADV_DONTNEED)
            while os.read(descriptor, 1 << 20):
                pass
        finally:
            os.close(descriptor)


def swift_once(binary, path):
    started = time.perf_counter()
    result = run([binary, "analyze", path, "--format", "json", "--jobs", "1", "--timings", "--no-progress"])
    wall = time.perf_counter() - started
    line = next(l for l in result.stderr.splitlines() if "timings:" in l)
    fields = dict(part.strip().split(" ")[:2] for part in line.split("timings:")[1].split(","))
    return dict(load=float(fields["load"]), compute=float(fields["compute"]), process=wall,
                load_cpu=float(fields["load-cpu"]), compute_cpu=float(fields["compute-cpu"]),
                swings=json.loads(result.stdout)["swings"])


def scipy_once(path):
    started, started_cpu = time.perf_counter(), time.process_time()
    data = swing_pipeline.load(path)
    loaded, loaded_cpu = time.perf_counter(), time.process_time()
    swings = swing_pipeline.analyze(*data)
    done, done_cpu = time.perf_counter(), time.process_time()
    return dict(load=loaded - started, compute=done - loaded, load_cpu=loaded_cpu - started_cpu,
                compute_cpu=done_cpu - loaded_cpu, swings=swings)


def scipy_process(path):
    started = time.perf_counter()
    run([sys.executable, os.path.join(HERE, "scipy_baseline", "swing_pipeline.py"), path, "--json"])
    return time.perf_counter() - started


def agreement(swift, scipy, tolerance):
    """Matches swings by start time (greedy, nearest within tolerance)."""
    used = set()
    matched, contact_same, start_diffs, impact_diffs = 0, 0, [], []
    for s in swift:
        best, best_diff = None, tolerance
        for j, p in enumerate(scipy):
            diff = abs(p["start"] - s["start"])
            if j not in used and diff <= best_diff:
                best, best_diff = j, diff
        if best is None:
            continue
        used.add(best)
        matched += 1
        p = scipy[best]
        start_diffs.append(best_diff)
        if bool(p["contact"]) == bool(s["contact"]):
            contact_same += 1
            if s["impact"] is not None and p["impact"] is not None:
                impact_diffs.append(abs(p["impact"] - s["impact"]))
    return dict(swift=len(swift), scipy=len(scipy), matched=matched, contact_same=contact_same,
                max_start_diff=max(start_diffs, default=0.0), max_impact_diff=max(impact_diffs, default=0.0))


def summary(values):
    return min(values), statistics.median(values)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(CLI_SCRATCH, "release", "swing-metrics"))
    parser.add_argument("--no-build", action="store_true", help="use the existing release binary")
    parser.add_argument("--swift-flags", default=None,
                        help='swift build flags (default: Scripts/host-cpu-flags.sh, as make demo; "" for none)')
    parser.add_argument("--work", default=os.path.join(tempfile.gettempdir(), "batchedmotion-compare"),
                        help="where recordings are generated (and reused)")
    parser.add_argument("--durations", type=float, nargs="+", default=[900, 3600], help="recording lengths, s")
    parser.add_argument("--formats", nargs="+", default=["native", "csv"], choices=["native", "csv"])
    parser.add_argument("--seed", type=int, default=6)
    parser.add_argument("--swings-per-hour", type=int, default=240)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--tolerance", type=float, default=0.002, help="start-time match tolerance, s")
    args = parser.parse_args()

    swift_flags = host_cpu_flags() if args.swift_flags is None else args.swift_flags
    if not args.no_build or not os.path.exists(args.binary):
        build(args.binary, swift_flags)
    os.makedirs(args.work, exist_ok=True)

    built_with = "existing binary" if args.no_build else f"swift build flags: {swift_flags or 'none'}"
    linkage = swift_runtime_linkage(args.binary)
    if linkage is not None:
        built_with += f", Swift runtime {linkage}"
    if linkage == "shared":
        print(f"warning: {args.binary} loads the Swift runtime as a shared library: not the static binary "
              "`make demo` builds, and slower", file=sys.stderr)
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at start; "
          f"python {sys.version.split()[0]}, numpy {swing_pipeline.np.__version__}, "
          f"scipy {swing_pipeline.signal.__name__ and __import__('scipy').__version__}; repeats {args.repeats}; "
          f"{built_with}")
    rows = []
    for duration in args.durations:
        paths = generate(args.binary, args.work, duration, args.seed, args.swings_per_hour)
        for fmt in args.formats:
            path = paths[fmt]
            swift_runs, scipy_runs, scipy_walls = [], [], []
            for _ in range(args.repeats):
                reread_from_disk(path)
                swift_runs.append(swift_once(args.binary, path))
                scipy_runs.append(scipy_once(path))
                scipy_walls.append(scipy_process(path))
            rows.append((duration, fmt, swift_runs, scipy_runs, scipy_walls,
                         agreement(swift_runs[0]["swings"], scipy_runs[0]["swings"], args.tolerance)))

    measures = (("load", lambda r: r["load"]), ("compute", lambda r: r["compute"]),
                ("total", lambda r: r["load"] + r["compute"]), ("load cpu", lambda r: r["load_cpu"]),
                ("compute cpu", lambda r: r["compute_cpu"]), ("total cpu", lambda r: r["load_cpu"] + r["compute_cpu"]))
    print()
    print("times in s, min / median over repeats (elapsed, then CPU time of the working thread or process):")
    header = f"{'recording':<15}{'side':<6}" + "".join(f"{name:>18}" for name, _ in measures) + f"{'process':>18}"
    print(header)
    print("-" * len(header))
    for duration, fmt, swift_runs, scipy_runs, scipy_walls, _ in rows:
        label = f"{duration / 3600:g} h {fmt}"
        for side, runs, walls in (("swift", swift_runs, [r["process"] for r in swift_runs]),
                                  ("scipy", scipy_runs, scipy_walls)):
            cells = []
            for _, key in measures:
                low, median = summary([key(r) for r in runs])
                cells.append(f"{low:>9.3f}/{median:<8.3f}")
            low, median = summary(walls)
            cells.append(f"{low:>9.3f}/{median:<8.3f}")
            print(f"{label:<15}{side:<6}" + "".join(cells))
    print()
    print("ratio scipy / swift, median of the per-repeat ratios (min–max):")
    for duration, fmt, swift_runs, scipy_runs, scipy_walls, _ in rows:
        label = f"{duration / 3600:g} h {fmt}"
        parts = []
        for name, key in measures:
            ratios = [key(p) / max(key(s), 1e-9) for s, p in zip(swift_runs, scipy_runs)]
            parts.append(f"{name} {statistics.median(ratios):.1f}× ({min(ratios):.1f}–{max(ratios):.1f})")
        process = [p / s["process"] for s, p in zip(swift_runs, scipy_walls)]
        parts.append(f"process {statistics.median(process):.1f}× ({min(process):.1f}–{max(process):.1f})")
        print(f"  {label:<14}" + ", ".join(parts))
    print()
    print("agreement (first run; swings matched by start within "
          f"{args.tolerance * 1000:g} ms):")
    for duration, fmt, *_, agree in rows:
        print(f"  {duration / 3600:g} h {fmt}: swift {agree['swift']} swings, scipy {agree['scipy']}, "
              f"matched {agree['matched']}, same contact {agree['contact_same']}, "
              f"max |Δstart| {agree['max_start_diff'] * 1e6:.1f} µs, max |Δimpact| {agree['max_impact_diff'] * 1e6:.1f} µs")
    for duration, fmt, swift_runs, *_ in rows:
        best = min(r["load"] + r["compute"] for r in swift_runs)
        best_cpu = min(r["load_cpu"] + r["compute_cpu"] for r in swift_runs)
        print(f"swift {duration / 3600:g} h {fmt}: file to swings best {best * 1000:.0f} ms elapsed "
              f"({duration / best:,.0f}× real time), {best_cpu * 1000:.0f} ms CPU ({duration / best_cpu:,.0f}×)")


if __name__ == "__main__":
    main()
