// swift-tools-version: 6.1
//
// BatchedMotion — batched 800 Hz / 200 Hz wrist-motion analytics (see README.md and docs/architecture.md).
// Dependencies point one way (a target uses only targets listed before it):
//   MemoryPages, CFFTW, CLAPACK, CVectorMath → MotionDSP
//   MemoryPages → MotionRecording (links no FFTW/LAPACK)
//   MotionDSP, MotionRecording → SwingAnalysis;  MotionRecording → SwingSimulation
//   SwingAnalysis, SwingSimulation → SwingScoring;  all of them → swing-metrics
// Library targets carry no unsafeFlags; CPU flags go on the command line (Makefile).

import PackageDescription

let package = Package(
    name: "BatchedMotion",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "MotionDSP", targets: ["MotionDSP"]),
        .library(name: "MotionRecording", targets: ["MotionRecording"]),
        .library(name: "SwingAnalysis", targets: ["SwingAnalysis"]),
        .library(name: "SwingSimulation", targets: ["SwingSimulation"]),
        .library(name: "SwingScoring", targets: ["SwingScoring"]),
        .library(name: "SensorFusion", targets: ["SensorFusion"]),
        .library(name: "WorkoutAnalysis", targets: ["WorkoutAnalysis"]),
        .library(name: "WorkoutSimulation", targets: ["WorkoutSimulation"]),
        .executable(name: "swing-metrics", targets: ["swing-metrics"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // System-library shims. liblapack-dev ships no C header: the Fortran prototypes are declared in shim.h.
        .systemLibrary(name: "CFFTW", pkgConfig: "fftw3", providers: [.apt(["libfftw3-dev"])]),
        .systemLibrary(name: "CLAPACK", pkgConfig: "lapack", providers: [.apt(["liblapack-dev", "libblas-dev"])]),

        // Header-only: a lane-wise vector square root (see include/CVectorMath.h).
        .target(name: "CVectorMath"),
        // Huge-page and populate advice for large buffers and file mappings, shared by MotionDSP and MotionRecording.
        .target(name: "MemoryPages"),

        .target(
            name: "MotionDSP",
            dependencies: [
                "CFFTW", "CLAPACK", "CVectorMath", "MemoryPages",
            ]),
        .target(name: "MotionRecording", dependencies: ["MemoryPages"]),
        .target(name: "SwingAnalysis", dependencies: ["MotionDSP", "MotionRecording"]),
        .target(name: "SwingSimulation", dependencies: ["MotionRecording"]),
        // Scores detected swings against a simulation's ground truth.
        .target(name: "SwingScoring", dependencies: ["MotionRecording", "SwingAnalysis", "SwingSimulation"]),
        .executableTarget(
            name: "swing-metrics",
            dependencies: [
                "MotionDSP", "MotionRecording", "SwingAnalysis", "SwingSimulation", "SwingScoring", "SensorFusion",
                "WorkoutAnalysis", "LiveServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // Shared test helpers: the seeded generator (the simulator's), shared-dataset location, approximate comparison,
        // the runner of the built swing-metrics.
        .target(
            name: "_TestSupport",
            dependencies: ["MotionDSP", "SwingSimulation"]),

        .testTarget(name: "MemoryPagesTests", dependencies: ["MemoryPages"]),
        .testTarget(
            name: "MotionDSPTests", dependencies: ["MotionDSP", "_TestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "MotionRecordingTests", dependencies: ["MotionRecording", "_TestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "SwingAnalysisTests", dependencies: ["SwingAnalysis", "SwingSimulation", "SwingScoring", "_TestSupport"]),
        .testTarget(name: "SwingSimulationTests", dependencies: ["SwingSimulation", "_TestSupport"]),
        .testTarget(name: "SwingScoringTests", dependencies: ["SwingScoring", "_TestSupport"]),
        .testTarget(
            name: "SwingMetricsTests",
            dependencies: ["swing-metrics", "SwingSimulation", "WorkoutAnalysis", "WorkoutSimulation", "_TestSupport"]),
        .target(name: "SensorFusion", dependencies: ["MotionRecording"]),
        .testTarget(
            name: "SensorFusionTests", dependencies: ["SensorFusion", "SwingAnalysis", "SwingSimulation", "_TestSupport"]),
        .target(name: "WorkoutAnalysis", dependencies: ["MotionDSP", "MotionRecording", "SwingAnalysis"]),
        .target(name: "WorkoutSimulation", dependencies: ["MotionRecording", "SwingSimulation"]),
        .testTarget(
            name: "WorkoutAnalysisTests",
            dependencies: ["WorkoutAnalysis", "WorkoutSimulation", "SwingAnalysis", "SwingSimulation", "_TestSupport"]),
        .testTarget(name: "WorkoutSimulationTests", dependencies: ["WorkoutSimulation", "_TestSupport"]),
    ]
)

// package-benchmark suites: only targets whose parent directory is `Benchmarks` run.
// Run with `make benchmark` (or `swift package benchmark --target DSPBenchmarks`).
package.targets += [
    // Seeded inputs shared by the suites and the plain tools (a resting watch's recording, a 3-axis signal).
    .target(name: "SyntheticInputs", dependencies: ["MotionRecording"], path: "Benchmarks/Tools/SyntheticInputs"),
    .executableTarget(
        name: "DSPBenchmarks",
        dependencies: ["MotionDSP", "SyntheticInputs", .product(name: "Benchmark", package: "benchmark")],
        path: "Benchmarks/DSPBenchmarks",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    // Plain timing tool for Benchmarks/compare_dsp_with_scipy.py (not a package-benchmark suite: its parent
    // directory is not `Benchmarks`).
    .executableTarget(
        name: "dsp-timing", dependencies: ["MotionDSP", "SyntheticInputs"], path: "Benchmarks/Tools/DSPTiming"),
    // Import-speed and streaming-memory probe for Benchmarks/compare_import_with_numpy.py (a plain tool, like
    // dsp-timing; built by Benchmarks/build_recording_probe.sh).
    .executableTarget(
        name: "recording-probe", dependencies: ["MotionRecording", "SyntheticInputs"],
        path: "Benchmarks/Tools/RecordingProbe"),
    .executableTarget(
        name: "PipelineBenchmarks",
        dependencies: [
            "MotionDSP", "MotionRecording", "SwingAnalysis", "SwingSimulation",
            .product(name: "Benchmark", package: "benchmark"),
        ],
        path: "Benchmarks/PipelineBenchmarks",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    .executableTarget(
        name: "RecordingBenchmarks",
        dependencies: ["MotionRecording", "SyntheticInputs", .product(name: "Benchmark", package: "benchmark")],
        path: "Benchmarks/RecordingBenchmarks",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    .executableTarget(
        name: "WorkoutBenchmarks",
        dependencies: [
            "MotionRecording", "SwingAnalysis", "WorkoutAnalysis", "WorkoutSimulation",
            .product(name: "Benchmark", package: "benchmark"),
        ],
        path: "Benchmarks/WorkoutBenchmarks",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    // Plain tool printing the activity confusion matrices and step/cadence errors (docs/workout-analysis.md).
    .executableTarget(
        name: "workout-evaluation", dependencies: [
            "WorkoutAnalysis", "WorkoutSimulation", "MotionRecording", "SwingAnalysis", "SwingSimulation",
        ],
        path: "Benchmarks/Tools/WorkoutEvaluation"),
    // Plain tool printing the swing-start accuracy tables (from rest, out of a load, raw-IMU match; docs/swing-onset.md).
    .executableTarget(
        name: "onset-evaluation",
        dependencies: ["MotionRecording", "SensorFusion", "SwingAnalysis", "SwingScoring", "SwingSimulation"],
        path: "Benchmarks/Tools/OnsetEvaluation"),
]

// Live analysis over WebSocket (`swing-metrics serve`), its tests and its loopback load test.
// LiveProtocol is the wire format alone (frames and messages, no networking): the server, clients and the frame
// decoder's fuzzer build on it without Hummingbird.
package.products += [
    .library(name: "LiveServer", targets: ["LiveServer"]), .library(name: "LiveProtocol", targets: ["LiveProtocol"]),
]
package.targets += [
    .target(name: "LiveProtocol", dependencies: ["MotionRecording", "SwingAnalysis"]),
    .target(
        name: "LiveServer",
        dependencies: [
            "LiveProtocol", "MotionRecording", "SwingAnalysis",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdTLS", package: "hummingbird"),
            .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            .product(name: "Metrics", package: "swift-metrics"),
            .product(name: "Prometheus", package: "swift-prometheus"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]),
    .testTarget(
        name: "LiveServerTests",
        dependencies: [
            "LiveServer", "MotionRecording", "SwingAnalysis", "SwingSimulation", "_TestSupport", "swing-metrics",
            .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
            .product(name: "HummingbirdTesting", package: "hummingbird"),
        ],
        exclude: ["Fixtures"]),
    // The frame decoder's fuzz entry point: Fuzz/run_live_frames.sh builds it with libFuzzer (swiftc, not SwiftPM);
    // this target replays the files it is given, for a failing input under a debugger.
    .executableTarget(name: "live-frame-fuzz", dependencies: ["LiveProtocol"], path: "Fuzz/LiveFrames"),
    .executableTarget(
        name: "LiveLoad",
        dependencies: [
            "LiveServer", "MotionRecording", "SwingAnalysis", "SwingSimulation",
            .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
        ],
        path: "Benchmarks/Tools/LiveLoad"),
]

// Sensor fusion: its benchmarks and the tool that runs the filter over arrays for Benchmarks/compare_fusion.py.
package.targets += [
    .executableTarget(
        name: "FusionBenchmarks",
        dependencies: [
            "MotionRecording", "SensorFusion", "SwingAnalysis", .product(name: "Benchmark", package: "benchmark"),
        ],
        path: "Benchmarks/FusionBenchmarks",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    // Plain tool for Benchmarks/compare_fusion.py: runs SensorFusionFilter over arrays and times it.
    .executableTarget(
        name: "fusion-runner", dependencies: ["MotionRecording", "SensorFusion"], path: "Benchmarks/Tools/FusionRunner"),
]
