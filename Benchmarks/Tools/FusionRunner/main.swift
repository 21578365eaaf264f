// fusion-runner: runs SensorFusionFilter over arrays written by Benchmarks/compare_fusion.py and times it.
//
//   fusion-runner ACC.f64 GYRO.f64 OUT.f64 [--repeats N] [--batch-seconds S] [--tau S] [--rejection G]
//                 [--clipping-rejection 0|1] [--clipping-level G] [--gyroscope-range RAD_PER_S] [--hold S] [--max-hold S]
//                 [--swing-analysis 0|1]
//
// ACC.f64: little-endian float64 rows (t s, x, y, z g, Core Motion sign); GYRO.f64: rows (t s, x, y, z rad/s).
// OUT.f64: rows (t, qw, qx, qy, qz, gravity x, y, z) per output sample. The streams are fed as alternating batches of
// S seconds (default 1, like CMBatchedSensorManager). Prints one JSON line: sample counts and the processing time of
// each repeat (ContinuousClock, and this thread's CPU time; file I/O excluded; a fresh filter each repeat).
// --swing-analysis 1 also feeds a SwingAnalyzer (baseball) as FusionBenchmarks' Fusion+SwingAnalysis-1s-batch-pair
// does: each accelerometer batch after the filter took it, and the device motion each gyroscope batch completed
// (rotation rate and gravity), so that profile_fusion.py can count the whole streaming pair.
import Foundation
import MotionRecording
import SensorFusion
import SwingAnalysis

func readRows(_ path: String) -> [Double] {
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("fusion-runner: cannot read \(path)\n".utf8))
        exit(1)
    }
    return data.withUnsafeBytes { Array($0.bindMemory(to: Double.self)) }
}

var arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String, in arguments: inout [String]) -> Double? {
    guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
    let value = Double(arguments[i + 1])
    arguments.removeSubrange(i...(i + 1))
    return value
}
let repeats = Int(option("--repeats", in: &arguments) ?? 1)
let batchSeconds = option("--batch-seconds", in: &arguments) ?? 1
var configuration = SensorFusionConfiguration()
if let tau = option("--tau", in: &arguments) { configuration.accelerometerTimeConstant = tau }
if let rejection = option("--rejection", in: &arguments) { configuration.accelerationRejection = rejection }
if let clipping = option("--clipping-rejection", in: &arguments) { configuration.clippingRejection = clipping != 0 }
if let level = option("--clipping-level", in: &arguments) { configuration.clippingLevel = level }
if let range = option("--gyroscope-range", in: &arguments) { configuration.gyroscopeRange = range }
if let hold = option("--hold", in: &arguments) { configuration.rejectionHoldTime = hold }
if let longest = option("--max-hold", in: &arguments) { configuration.maximumRejectionTime = longest }
if let rest = option("--rest-bias", in: &arguments) { configuration.restBiasEstimation = rest != 0 }
if let motion = option("--motion-bias", in: &arguments) { configuration.motionBiasEstimation = motion != 0 }
// Bias parameters in °/s.
if let limit = option("--bias-limit", in: &arguments) { configuration.biasLimit = limit * .pi / 180 }
if let sigma = option("--bias-sigma-initial", in: &arguments) { configuration.biasSigmaInitial = sigma * .pi / 180 }
if let limit = option("--bias-measurement-limit", in: &arguments) { configuration.biasMeasurementLimit = limit * .pi / 180 }
let swingAnalysis = (option("--swing-analysis", in: &arguments) ?? 0) != 0
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: fusion-runner ACC.f64 GYRO.f64 OUT.f64 [options]\n".utf8))
    exit(64)
}

func columns<T>(_ rows: [Double], _ make: ([Double], [Float], [Float], [Float]) -> T) -> T {
    let n = rows.count / 4
    var t = [Double](), x = [Float](), y = [Float](), z = [Float]()
    for i in 0..<n {
        t.append(rows[4 * i]); x.append(Float(rows[4 * i + 1])); y.append(Float(rows[4 * i + 2]))
        z.append(Float(rows[4 * i + 3]))
    }
    return make(t, x, y, z)
}
let accelerometer = columns(readRows(arguments[0])) { AccelerometerData(timestamps: $0, x: $1, y: $2, z: $3) }
let gyroscope = columns(readRows(arguments[1])) { GyroscopeData(timestamps: $0, x: $1, y: $2, z: $3) }

// Batch boundaries, cut once outside the timed region.
let start = min(accelerometer.timestamps.first ?? 0, gyroscope.timestamps.first ?? 0)
func cuts(_ timestamps: [Double]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var lower = 0
    var edge = start + batchSeconds
    for (i, t) in timestamps.enumerated() where t >= edge {
        ranges.append(lower..<i)
        lower = i
        while edge <= t { edge += batchSeconds }
    }
    ranges.append(lower..<timestamps.count)
    return ranges
}
let accelerometerBatches = cuts(accelerometer.timestamps).map { accelerometer[$0] }
let gyroscopeBatches = cuts(gyroscope.timestamps).map { gyroscope[$0] }

var output = DeviceMotionData()
var seconds: [Double] = []
var cpuSeconds: [Double] = []
/// CPU time of this thread, s (time slices given to other processes on a loaded machine are left out).
func threadCPUTime() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
}
for _ in 0..<max(1, repeats) {
    output = DeviceMotionData()
    for keyPath in [
        \DeviceMotionData.attitudeW, \.attitudeX, \.attitudeY, \.attitudeZ, \.gravityX, \.gravityY, \.gravityZ,
        \.userAccelerationX, \.userAccelerationY, \.userAccelerationZ, \.rotationRateX, \.rotationRateY, \.rotationRateZ,
    ] {
        output[keyPath: keyPath].reserveCapacity(gyroscope.count)
    }
    output.timestamps.reserveCapacity(gyroscope.count)
    var fusion = try SensorFusionFilter(configuration: configuration)
    var analyzer = SwingAnalyzer(configuration: .baseball)
    var result = SwingAnalysisResult()
    var analysed = 0
    let clock = ContinuousClock()
    let cpuBegan = threadCPUTime()
    let began = clock.now
    for i in 0..<max(accelerometerBatches.count, gyroscopeBatches.count) {
        if i < accelerometerBatches.count {
            fusion.append(accelerometer: accelerometerBatches[i], into: &output)
            if swingAnalysis { analyzer.feed(accelerometer: accelerometerBatches[i], into: &result) }
        }
        if i < gyroscopeBatches.count { fusion.append(gyroscope: gyroscopeBatches[i], into: &output) }
        if swingAnalysis {
            output.withRotationColumns(analysed..<output.count, components: [.rotationRate, .gravity]) {
                analyzer.feed(deviceMotion: $0, into: &result)
            }
            analysed = output.count
        }
    }
    fusion.finish(into: &output)
    let elapsed = clock.now - began
    cpuSeconds.append(threadCPUTime() - cpuBegan)
    seconds.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
    if repeats == 1 || seconds.count == repeats {
        let described = fusion.events.prefix(20).map { "\($0.timestamp):\($0.kind)" }
        FileHandle.standardError.write(Data("events: \(fusion.events.count) \(described)\n".utf8))
    }
}

var rows = [Double]()
rows.reserveCapacity(output.count * 8)
for i in 0..<output.count {
    rows += [
        output.timestamps[i], Double(output.attitudeW[i]), Double(output.attitudeX[i]), Double(output.attitudeY[i]),
        Double(output.attitudeZ[i]), Double(output.gravityX[i]), Double(output.gravityY[i]), Double(output.gravityZ[i]),
    ]
}
_ = FileManager.default.createFile(atPath: arguments[2], contents: rows.withUnsafeBytes { Data($0) })
print("{\"accelerometer\": \(accelerometer.count), \"gyroscope\": \(gyroscope.count), \"output\": \(output.count), \"seconds\": \(seconds), \"cpu_seconds\": \(cpuSeconds)}")
