import Benchmark
import MotionRecording
import SwingAnalysis

/// Peak resident memory while streaming 1 h and 10 h through one analyzer — goal: flat (the analyzer's memory is
/// fixed at `init`; nothing grows with the recording's length).
///
/// The batches are generated on the fly: a 5-minute segment of the benchmark hour (read by range queries from the
/// native file, ≈ 17 MB in memory) is replayed with its clock shifted by 300 s per repeat, copied second by second
/// into two reused batch buffers (no per-batch allocation). `Streamed-1h` and `Streamed-10h` differ only in the
/// number of repeats; compare their `peakMemoryResident` (and with `Analyse-1h-in-memory`, which holds the whole
/// hour). Swings found: ≈ 20 per replayed segment.
func registerStreamedMemoryBenchmarks() {
    let metrics: [BenchmarkMetric] = [.wallClock, .cpuTotal, .peakMemoryResident, .mallocCountTotal]
    let thresholds: [BenchmarkMetric: BenchmarkThresholds] = [
        .wallClock: PipelineThresholds.wallClock, .cpuTotal: PipelineThresholds.cpu,
        .peakMemoryResident: PipelineThresholds.memory,
        .mallocCountTotal: PipelineThresholds.mallocsLoose,
    ]
    for hours in [1, 10] {
        Benchmark(
            "Streamed-\(hours)h",
            configuration: .init(
                metrics: metrics, timeUnits: .milliseconds, warmupIterations: 0, scalingFactor: .one,
                maxDuration: .seconds(hours == 1 ? 10 : 30), maxIterations: hours == 1 ? 5 : 2,
                thresholds: thresholds),
            closure: { benchmark in
                var replay = SegmentReplay.shared
                benchmark.startMeasurement()
                blackHole(replay.stream(seconds: hours * 3600))
            },
            setup: { _ = SegmentReplay.shared })
    }
}

/// A segment of the benchmark hour, replayed on a shifted clock into reused batch buffers.
struct SegmentReplay: Sendable {
    /// Segment length, s (the clock shift per repeat).
    static let segmentSeconds = 300

    static let shared: SegmentReplay = {
        do {
            let file = try NativeFormat.open(PipelineBenchmarkData.hourNative)
            let start = file.accelerometer(0..<1).timestamps[0].rounded(.up)
            let end = start + Double(segmentSeconds)
            return SegmentReplay(
                accelerometer: file.accelerometer(from: start, to: end),
                deviceMotion: file.deviceMotion(from: start, to: end), start: start)
        } catch {
            fatalError("PipelineBenchmarks: cannot open \(PipelineBenchmarkData.hourNative.path): \(error)")
        }
    }()

    let accelerometer: AccelerometerData
    let deviceMotion: DeviceMotionData
    /// Index ranges of each whole second of the segment.
    let accelerometerSeconds: [Range<Int>]
    let deviceMotionSeconds: [Range<Int>]
    var accelerometerBatch = AccelerometerData()
    var deviceMotionBatch = DeviceMotionData()

    init(accelerometer: AccelerometerData, deviceMotion: DeviceMotionData, start: Double) {
        self.accelerometer = accelerometer
        self.deviceMotion = deviceMotion
        func seconds(_ timestamps: [Double]) -> [Range<Int>] {
            var ranges: [Range<Int>] = []
            var lower = 0
            for second in 1...Self.segmentSeconds {
                let limit = start + Double(second)
                var upper = lower
                while upper < timestamps.count, timestamps[upper] < limit { upper += 1 }
                ranges.append(lower..<upper)
                lower = upper
            }
            return ranges
        }
        accelerometerSeconds = seconds(accelerometer.timestamps)
        deviceMotionSeconds = seconds(deviceMotion.timestamps)
        accelerometerBatch.reserveCapacity(2048)
        deviceMotionBatch.timestamps.reserveCapacity(512)
        deviceMotionBatch.gravityX.reserveCapacity(512)
        deviceMotionBatch.gravityY.reserveCapacity(512)
        deviceMotionBatch.gravityZ.reserveCapacity(512)
        deviceMotionBatch.rotationRateX.reserveCapacity(512)
        deviceMotionBatch.rotationRateY.reserveCapacity(512)
        deviceMotionBatch.rotationRateZ.reserveCapacity(512)
    }

    /// Streams `seconds` one-second batch pairs through a fresh analyzer; returns the number of swings.
    mutating func stream(seconds: Int) -> Int {
        var analyzer = SwingAnalyzer(configuration: .baseball)
        var output = SwingAnalysisResult()
        output.swings.reserveCapacity(1024)
        output.unmatchedImpacts.reserveCapacity(1024)
        var swings = 0
        for second in 0..<seconds {
            let offset = Double(second / Self.segmentSeconds * Self.segmentSeconds)
            let index = second % Self.segmentSeconds
            fillAccelerometer(accelerometerSeconds[index], offset: offset)
            fillDeviceMotion(deviceMotionSeconds[index], offset: offset)
            analyzer.feed(accelerometer: accelerometerBatch, into: &output)
            analyzer.feed(deviceMotion: deviceMotionBatch, into: &output)
            swings += output.swings.count
            output.removeAll()
        }
        analyzer.finish(into: &output)
        return swings + output.swings.count
    }

    private mutating func fillAccelerometer(_ range: Range<Int>, offset: Double) {
        accelerometerBatch.removeAll(keepingCapacity: true)
        for i in range {
            accelerometerBatch.append(
                timestamp: accelerometer.timestamps[i] + offset, x: accelerometer.x[i], y: accelerometer.y[i],
                z: accelerometer.z[i])
        }
    }

    private mutating func fillDeviceMotion(_ range: Range<Int>, offset: Double) {
        deviceMotionBatch.timestamps.removeAll(keepingCapacity: true)
        deviceMotionBatch.gravityX.removeAll(keepingCapacity: true)
        deviceMotionBatch.gravityY.removeAll(keepingCapacity: true)
        deviceMotionBatch.gravityZ.removeAll(keepingCapacity: true)
        deviceMotionBatch.rotationRateX.removeAll(keepingCapacity: true)
        deviceMotionBatch.rotationRateY.removeAll(keepingCapacity: true)
        deviceMotionBatch.rotationRateZ.removeAll(keepingCapacity: true)
        for i in range {
            deviceMotionBatch.timestamps.append(deviceMotion.timestamps[i] + offset)
            deviceMotionBatch.gravityX.append(deviceMotion.gravityX[i])
            deviceMotionBatch.gravityY.append(deviceMotion.gravityY[i])
            deviceMotionBatch.gravityZ.append(deviceMotion.gravityZ[i])
            deviceMotionBatch.rotationRateX.append(deviceMotion.rotationRateX[i])
            deviceMotionBatch.rotationRateY.append(deviceMotion.rotationRateY[i])
            deviceMotionBatch.rotationRateZ.append(deviceMotion.rotationRateZ[i])
        }
    }
}
