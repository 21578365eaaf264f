import Benchmark
import Foundation
import MotionRecording
import SensorFusion
import SwingAnalysis

/// SensorFusion throughput and allocation.
///
/// Input: a synthetic wrist motion (smooth rotation of 0.5–3 rad/s, ±0.4 g translation, 0.5 °/s gyroscope bias) at
/// 800 Hz accelerometer and 200 Hz gyroscope, generated in setup. Built by `swift package benchmark` in release mode.
/// The ratio against VQF's C++ filters on the same arrays is measured by Benchmarks/compare_fusion.py --benchmark
/// (package-benchmark cannot run Python).
///
/// Run with `swift package benchmark --target FusionBenchmarks`.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        warmupIterations: 2,
        maxDuration: .seconds(5), maxIterations: 1000,
        thresholds: [
            .mallocCountTotal: .init(relative: [.p90: 5]),
            .wallClock: .init(relative: [.p50: 10, .p90: 20]),
        ])

    // A minute of streams in one-second batches through a fresh filter: 12,000 gyroscope and 48,000 accelerometer
    // samples per iteration (divide the time by 12,000 for the cost per gyroscope sample).
    Benchmark("Fusion-60s-800Hz-200Hz", configuration: .init(scalingFactor: .one)) { benchmark in
        let input = FusionBenchmarkInput(seconds: 60)
        var output = DeviceMotionData()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            var fusion = try SensorFusionFilter()
            output.removeAllKeepingCapacity()
            for second in 0..<input.accelerometer.count {
                fusion.append(accelerometer: input.accelerometer[second], into: &output)
                fusion.append(gyroscope: input.gyroscope[second], into: &output)
            }
            fusion.finish(into: &output)
            blackHole(output.count)
        }
    }

    // One one-second batch pair (800 accelerometer + 200 gyroscope samples) into a warm filter whose output storage
    // is reused: the streaming case. Goal: zero allocations.
    Benchmark(
        "Fusion-1s-batch-pair",
        configuration: .init(
            scalingFactor: .one,
            thresholds: [.mallocCountTotal: .init(absolute: BenchmarkThresholds.Absolute.strict)])
    ) { benchmark in
        let input = FusionBenchmarkInput(seconds: 1)
        var accelerometer = input.accelerometer[0]
        var gyroscope = input.gyroscope[0]
        var fusion = try SensorFusionFilter()
        var output = DeviceMotionData()
        output.reserveFusionCapacity(400)
        for _ in 0..<5 {  // warm: the queues and the output reach their working sizes
            output.removeAllKeepingCapacity()
            fusion.append(accelerometer: accelerometer, into: &output)
            fusion.append(gyroscope: gyroscope, into: &output)
            advance(&accelerometer.timestamps)
            advance(&gyroscope.timestamps)
        }
        // One sample per batch pair: each stop records one, and nothing is measured after the last (a start after it
        // would add a second, near-empty sample per call holding only the closure's teardown).
        for _ in benchmark.scaledIterations {
            benchmark.startMeasurement()
            output.removeAllKeepingCapacity()
            fusion.append(accelerometer: accelerometer, into: &output)
            fusion.append(gyroscope: gyroscope, into: &output)
            blackHole(output.count)
            benchmark.stopMeasurement()
            advance(&accelerometer.timestamps)
            advance(&gyroscope.timestamps)
            fusion.removeAllEvents()
        }
    }
    fusionAndAnalysisBenchmarks()
}

/// One one-second batch pair through fusion and swing analysis, warm (the streaming raw-IMU case): the
/// accelerometer batch into the filter and the analyzer, the gyroscope batch into the filter, and the fused device
/// motion into the analyzer. Goal: p99 ≤ 150 µs and zero allocations.
let fusionAndAnalysisBenchmarks: @Sendable () -> Void = {
    Benchmark(
        "Fusion+SwingAnalysis-1s-batch-pair",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal], scalingFactor: .one,
            thresholds: [.mallocCountTotal: .init(absolute: BenchmarkThresholds.Absolute.strict)])
    ) { benchmark in
        let input = FusionBenchmarkInput(seconds: 1)
        var accelerometer = input.accelerometer[0]
        var gyroscope = input.gyroscope[0]
        var fusion = try SensorFusionFilter()
        var analyzer = SwingAnalyzer(configuration: .baseball)
        var result = SwingAnalysisResult()
        var output = DeviceMotionData()
        output.reserveFusionCapacity(400)
        func pair() {
            output.removeAllKeepingCapacity()
            fusion.append(accelerometer: accelerometer, into: &output)
            accelerometer.withColumns(0..<accelerometer.count) { analyzer.feed(accelerometer: $0, into: &result) }
            fusion.append(gyroscope: gyroscope, into: &output)
            output.withRotationColumns(0..<output.count, components: [.rotationRate, .gravity]) {
                analyzer.feed(deviceMotion: $0, into: &result)
            }
        }
        for _ in 0..<10 {  // warm: queues, rings and output reach their working sizes
            pair()
            result.removeAll()
            advance(&accelerometer.timestamps)
            advance(&gyroscope.timestamps)
        }
        for _ in benchmark.scaledIterations {  // one sample per batch pair, as above
            benchmark.startMeasurement()
            pair()
            blackHole(result.swings.count)
            benchmark.stopMeasurement()
            result.removeAll()
            advance(&accelerometer.timestamps)
            advance(&gyroscope.timestamps)
            fusion.removeAllEvents()
        }
    }
}

/// Shifts a batch's timestamps one second on, in place (the same motion, the next second).
private func advance(_ timestamps: inout [Double]) {
    for i in timestamps.indices { timestamps[i] += 1 }
}

/// Synthetic wrist streams cut into one-second batches.
struct FusionBenchmarkInput {
    var accelerometer: [AccelerometerData] = []
    var gyroscope: [GyroscopeData] = []

    init(seconds: Int) {
        // Attitude integrated at the gyroscope rate is enough for a throughput input (not a ground truth).
        var q = SIMD4<Double>(1, 0, 0, 0)
        func rate(_ t: Double) -> SIMD3<Double> {
            SIMD3(2 * sin(2 * .pi * 0.31 * t), 1.5 * sin(2 * .pi * 0.23 * t + 2), sin(2 * .pi * 0.41 * t + 0.5))
        }
        let bias = SIMD3<Double>(0.5, -0.5, 0.3) * .pi / 180
        for second in 0..<seconds {
            var a = AccelerometerData()
            var g = GyroscopeData()
            for k in 0..<800 {
                let t = Double(second) + Double(k) / 800
                if k % 4 == 0 {
                    let w = rate(t)
                    let angle = (w * w).sum().squareRoot() / 200
                    let axis = angle > 0 ? w / (w * w).sum().squareRoot() : .zero
                    let s = sin(angle / 2)
                    let step = SIMD4(cos(angle / 2), s * axis.x, s * axis.y, s * axis.z)
                    q = multiply(q, step)
                    let reading = w + bias
                    g.append(timestamp: t, x: Float(reading.x), y: Float(reading.y), z: Float(reading.z))
                }
                let world = SIMD3<Double>(0.4 * sin(2 * .pi * 0.9 * t), 0.3 * sin(2 * .pi * 1.3 * t), -1)
                let device = rotate(conjugate(q), world)
                a.append(timestamp: t, x: Float(device.x), y: Float(device.y), z: Float(device.z))
            }
            accelerometer.append(a)
            gyroscope.append(g)
        }
    }
}

private func multiply(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMD4<Double> {
    SIMD4(
        a.x * b.x - a.y * b.y - a.z * b.z - a.w * b.w, a.x * b.y + a.y * b.x + a.z * b.w - a.w * b.z,
        a.x * b.z - a.y * b.w + a.z * b.x + a.w * b.y, a.x * b.w + a.y * b.z - a.z * b.y + a.w * b.x)
}

private func conjugate(_ q: SIMD4<Double>) -> SIMD4<Double> { SIMD4(q.x, -q.y, -q.z, -q.w) }

private func rotate(_ q: SIMD4<Double>, _ v: SIMD3<Double>) -> SIMD3<Double> {
    let p = multiply(multiply(q, SIMD4(0, v.x, v.y, v.z)), conjugate(q))
    return SIMD3(p.y, p.z, p.w)
}

extension DeviceMotionData {
    /// Empties the columns the filter writes, keeping their storage.
    mutating func removeAllKeepingCapacity() {
        timestamps.removeAll(keepingCapacity: true)
        attitudeW.removeAll(keepingCapacity: true)
        attitudeX.removeAll(keepingCapacity: true)
        attitudeY.removeAll(keepingCapacity: true)
        attitudeZ.removeAll(keepingCapacity: true)
        gravityX.removeAll(keepingCapacity: true)
        gravityY.removeAll(keepingCapacity: true)
        gravityZ.removeAll(keepingCapacity: true)
        userAccelerationX.removeAll(keepingCapacity: true)
        userAccelerationY.removeAll(keepingCapacity: true)
        userAccelerationZ.removeAll(keepingCapacity: true)
        rotationRateX.removeAll(keepingCapacity: true)
        rotationRateY.removeAll(keepingCapacity: true)
        rotationRateZ.removeAll(keepingCapacity: true)
    }

    /// Reserves `capacity` samples in the columns the filter writes.
    mutating func reserveFusionCapacity(_ capacity: Int) {
        for keyPath in [
            \DeviceMotionData.attitudeW, \.attitudeX, \.attitudeY, \.attitudeZ, \.gravityX, \.gravityY, \.gravityZ,
            \.userAccelerationX, \.userAccelerationY, \.userAccelerationZ, \.rotationRateX, \.rotationRateY,
            \.rotationRateZ,
        ] {
            self[keyPath: keyPath].reserveCapacity(capacity)
        }
        timestamps.reserveCapacity(capacity)
    }
}
