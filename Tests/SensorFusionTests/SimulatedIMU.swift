import Foundation
import MotionRecording
@testable import SensorFusion
import _TestSupport

/// A physics-built IMU for ground truth: a known attitude trajectory (body rotation rate integrated at 20 kHz) and a
/// known world-frame linear acceleration give the ideal gyroscope (the mean body rate over each sample interval) and
/// the ideal accelerometer (Core Motion sign, g: R(q)ᵀ((0, 0, −1) − a_world / g)); then bias, bias drift, white
/// noise, gyroscope saturation, accelerometer clipping, timestamp jitter and gaps are applied.
struct SimulatedIMU {
    var duration = 30.0
    var accelerometerRate = 800.0
    var gyroscopeRate = 200.0
    /// Timestamp jitter, fraction of the nominal interval (uniform ±).
    var jitter = 0.0
    /// Body rotation rate, rad/s, device frame, as a function of time (s).
    var rotationRate: @Sendable (Double) -> SIMD3<Double> = { _ in .zero }
    /// Linear acceleration, m/s², world frame (z up), as a function of time (s).
    var linearAcceleration: @Sendable (Double) -> SIMD3<Double> = { _ in .zero }
    var initialAttitude = Quaternion.identity
    /// Gyroscope bias at t = 0, rad/s, and its drift, rad/s².
    var bias = SIMD3<Double>.zero
    var biasDrift = SIMD3<Double>.zero
    /// White-noise standard deviations: rad/s and g.
    var gyroscopeNoise = 0.0
    var accelerometerNoise = 0.0
    /// Per-axis full scale: rad/s and g (readings are clamped there).
    var gyroscopeRange = Double.infinity
    var accelerometerRange = Double.infinity
    /// Intervals (s) with no gyroscope samples.
    var gyroscopeGaps: [ClosedRange<Double>] = []
    var seed: UInt64 = 1

    struct Output {
        var accelerometer = AccelerometerData()
        var gyroscope = GyroscopeData()
        /// True attitude at each gyroscope timestamp.
        var attitude: [SIMD4<Double>] = []
    }

    func generate() -> Output {
        var rng = SplitMix64(seed: seed)
        func uniform() -> Double { Double(rng.next() >> 11) / Double(1 << 53) }
        func gaussian() -> Double {
            let u = max(uniform(), 1e-300)
            return (-2 * log(u)).squareRoot() * cos(2 * .pi * uniform())
        }
        func times(_ rate: Double) -> [Double] {
            let n = Int(duration * rate)
            return (0..<n).map { (Double($0) + jitter * (2 * uniform() - 1) * 0.5) / rate }
        }
        let accelerometerTimes = times(accelerometerRate)
        let gyroscopeTimes = times(gyroscopeRate).filter { t in !gyroscopeGaps.contains { $0.contains(t) } }

        // Events in time order; the attitude is integrated between them in steps of at most 50 µs.
        var events = accelerometerTimes.map { ($0, true) } + gyroscopeTimes.map { ($0, false) }
        events.sort { $0.0 < $1.0 }
        var output = Output()
        var q = initialAttitude
        var time = 0.0
        var lastGyroscopeTime = 0.0
        var rotationSinceGyroscope = SIMD3<Double>.zero
        for (t, isAccelerometer) in events {
            while time < t {
                let step = min(50e-6, t - time)
                let rate = rotationRate(time + step / 2)
                q = Quaternion.normalized(Quaternion.multiply(q, Quaternion.step(rate: rate, duration: step)))
                rotationSinceGyroscope += rate * step
                time += step
            }
            if isAccelerometer {
                let world = SIMD3<Double>(0, 0, -1) - linearAcceleration(t) / 9.80665
                var a = Quaternion.rotate(Quaternion.conjugate(q), world)
                a += SIMD3(gaussian(), gaussian(), gaussian()) * accelerometerNoise
                a.clamp(lowerBound: SIMD3(repeating: -accelerometerRange), upperBound: SIMD3(repeating: accelerometerRange))
                output.accelerometer.append(timestamp: t, x: Float(a.x), y: Float(a.y), z: Float(a.z))
            } else {
                let interval = t - lastGyroscopeTime
                var w = interval > 0 ? rotationSinceGyroscope / interval : rotationRate(t)
                w += bias + biasDrift * t + SIMD3(gaussian(), gaussian(), gaussian()) * gyroscopeNoise
                w.clamp(lowerBound: SIMD3(repeating: -gyroscopeRange), upperBound: SIMD3(repeating: gyroscopeRange))
                output.gyroscope.append(timestamp: t, x: Float(w.x), y: Float(w.y), z: Float(w.z))
                output.attitude.append(q)
                rotationSinceGyroscope = .zero
                lastGyroscopeTime = t
            }
        }
        return output
    }
}

extension SimulatedIMU {
    /// This simulation with the wrist moving all the time (``wristRotation``, ``wristTranslation``), a gyroscope bias
    /// of `biasDegreesPerSecond` (°/s per axis) and white noise (gyroscope rad/s, accelerometer g).
    func movingWrist(biasDegreesPerSecond: SIMD3<Double>, gyroscopeNoise: Double, accelerometerNoise: Double = 0)
        -> SimulatedIMU
    {
        var simulation = self
        simulation.rotationRate = wristRotation
        simulation.linearAcceleration = wristTranslation
        simulation.bias = biasDegreesPerSecond * .pi / 180
        simulation.gyroscopeNoise = gyroscopeNoise
        simulation.accelerometerNoise = accelerometerNoise
        return simulation
    }
}

/// Runs a filter over whole streams, fed as alternating one-second batches.
func fuse(
    _ imu: SimulatedIMU.Output, configuration: SensorFusionConfiguration = SensorFusionConfiguration()
) throws -> (motion: DeviceMotionData, events: [SensorFusionEvent], filter: SensorFusionFilter) {
    var filter = try SensorFusionFilter(configuration: configuration)
    var motion = DeviceMotionData()
    var a = 0
    var g = 0
    var edge = 1.0
    while a < imu.accelerometer.count || g < imu.gyroscope.count {
        let a1 = imu.accelerometer.timestamps[a...].firstIndex { $0 >= edge } ?? imu.accelerometer.count
        let g1 = imu.gyroscope.timestamps[g...].firstIndex { $0 >= edge } ?? imu.gyroscope.count
        filter.append(accelerometer: imu.accelerometer[a..<a1], into: &motion)
        filter.append(gyroscope: imu.gyroscope[g..<g1], into: &motion)
        a = a1
        g = g1
        edge += 1
    }
    filter.finish(into: &motion)
    return (motion, filter.events, filter)
}

/// Angle between the fused gravity and the true gravity (degrees) at each output sample: the inclination error.
func inclinationErrors(_ motion: DeviceMotionData, truth imu: SimulatedIMU.Output) -> [(time: Double, degrees: Double)] {
    var truthIndex = 0
    var errors: [(Double, Double)] = []
    for i in 0..<motion.count {
        while imu.gyroscope.timestamps[truthIndex] < motion.timestamps[i] { truthIndex += 1 }
        let trueGravity = Quaternion.rotate(Quaternion.conjugate(imu.attitude[truthIndex]), SIMD3(0, 0, -1))
        let g = SIMD3<Double>(Double(motion.gravityX[i]), Double(motion.gravityY[i]), Double(motion.gravityZ[i]))
        let cosine = (g * trueGravity).sum() / (g * g).sum().squareRoot()
        errors.append((motion.timestamps[i], acos(min(1, max(-1, cosine))) * 180 / .pi))
    }
    return errors
}

func rootMeanSquare(_ values: [Double]) -> Double {
    (values.reduce(0) { $0 + $1 * $1 } / Double(max(values.count, 1))).squareRoot()
}

/// A tilted starting attitude: 40° about (1, 1, 0)/√2.
let tiltedAttitude: SIMD4<Double> = {
    let half = 20.0 * .pi / 180
    return SIMD4(cos(half), sin(half) / 2.0.squareRoot(), sin(half) / 2.0.squareRoot(), 0)
}()

/// Smooth wrist-like rotation: three sinusoids per axis, 0.5–3 rad/s.
let wristRotation: @Sendable (Double) -> SIMD3<Double> = { t in
    SIMD3(
        2.0 * sin(2 * .pi * 0.31 * t) + 0.8 * sin(2 * .pi * 1.7 * t + 1),
        1.5 * sin(2 * .pi * 0.23 * t + 2) + 0.6 * sin(2 * .pi * 2.3 * t),
        1.0 * sin(2 * .pi * 0.41 * t + 0.5) + 0.5 * sin(2 * .pi * 1.1 * t + 3))
}

/// Back-and-forth translation, m/s² (velocity returns to zero every cycle): up to ~0.6 g.
let wristTranslation: @Sendable (Double) -> SIMD3<Double> = { t in
    SIMD3(4 * sin(2 * .pi * 0.9 * t), 3 * sin(2 * .pi * 1.3 * t + 1), 2 * sin(2 * .pi * 0.7 * t + 2))
}
