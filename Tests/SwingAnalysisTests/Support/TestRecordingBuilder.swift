import Foundation
import MotionRecording
import _TestSupport

/// A small, self-contained generator of wrist recordings with known events, independent of SwingSimulation, for
/// the analyzer's structural tests (batch invariance, degraded data, handedness). Accuracy is measured on
/// SwingSimulation's sessions instead.
struct TestRecordingBuilder {
    struct Event {
        enum Kind { case hit, miss, clap }
        var kind: Kind
        /// Swing onset (or clap time), s.
        var start: Double
        /// Start to contact (or to passing the contact zone), s.
        var timeToContact: Double = 0.18
        var peakRate: Double = 14
        var impactPeak: Double = 20
        var impactFrequency: Double = 240
    }

    var duration = 12.0
    var events: [Event] = []
    /// Sign of rotation along gravity (wrist / handedness flip it).
    var polarity = 1.0
    /// Gravity in the device frame (unit, pointing down).
    var gravity = SIMD3<Double>(0.25, -0.3, -0.92)
    var seed: UInt64 = 1
    /// Standard deviation of the accelerometer's white noise per axis, g.
    var accelerometerNoise = 0.008
    /// Accelerometer full-scale range, g: components beyond it read ±clipLevel (flat tops, like a saturated
    /// sensor). nil: unlimited.
    var clipLevel: Double?

    var impactTimes: [Double] { events.filter { $0.kind != .miss }.map { $0.kind == .clap ? $0.start : $0.start + $0.timeToContact } }

    /// Rotation along gravity at t, rad/s (positive in the swing direction).
    func swingRate(_ t: Double) -> Double {
        var rate = 0.0
        for e in events where e.kind != .clap {
            let tPeak = e.timeToContact * 0.95
            let x = (t - e.start) / tPeak
            guard x > 0 else { continue }
            if x < 1 {
                rate += e.peakRate * x * x * (1 + 2 * (1 - x))
            } else {
                let y = x * Foundation.exp(1 - x)
                rate += e.peakRate * Foundation.pow(y, 6)
            }
        }
        return rate
    }

    /// Contact transient at t, g (along a fixed device direction), exactly zero before each impact.
    func transient(_ t: Double) -> SIMD3<Double> {
        var a = SIMD3<Double>.zero
        for e in events where e.kind != .miss {
            let t0 = e.kind == .clap ? e.start : e.start + e.timeToContact
            let u = t - t0
            guard u > 0, u < 0.2 else { continue }
            let ramp = Swift.min(1, u / 0.0015)
            let value = e.impactPeak * ramp * ramp * Foundation.exp(-u / 0.012) * Foundation.sin(2 * .pi * e.impactFrequency * u)
            a += value * SIMD3(0.3, 0.2, 0.93)
        }
        return a
    }

    func make(accelerometer: Bool = true, deviceMotion: Bool = true, gravityColumns: Bool = true) -> Recording {
        var random = SplitMix64(seed: seed)
        let g = gravity / (gravity * gravity).sum().squareRoot()
        var acc = AccelerometerData()
        if accelerometer {
            var t = 100.0
            while t < 100 + duration {
                let rate = swingRate(t - 100) * polarity
                // Centripetal (low-frequency) acceleration along x, r ω² with r = 0.6 m.
                let centripetal = 0.6 * rate * rate / 9.80665
                var a = g + SIMD3(centripetal, 0, 0) + transient(t - 100)
                a += SIMD3(random.nextGaussian(), random.nextGaussian(), random.nextGaussian()) * accelerometerNoise
                if let clipLevel { a = a.clamped(lowerBound: SIMD3(repeating: -clipLevel), upperBound: SIMD3(repeating: clipLevel)) }
                acc.append(timestamp: t, x: Float(a.x), y: Float(a.y), z: Float(a.z))
                t += 1 / 798.7 + random.nextGaussian() * 0.00004
            }
        }
        var dm = DeviceMotionData()
        if deviceMotion {
            var t = 100.0
            while t < 100 + duration {
                let rate = swingRate(t - 100) * polarity
                // Rotation about gravity plus some rotation about a horizontal axis.
                let other = SIMD3(g.y, -g.x, 0) / (g.x * g.x + g.y * g.y).squareRoot()
                var w = g * rate + other * (0.3 * rate)
                w += SIMD3(random.nextGaussian(), random.nextGaussian(), random.nextGaussian()) * 0.02
                dm.timestamps.append(t)
                dm.rotationRateX.append(Float(w.x))
                dm.rotationRateY.append(Float(w.y))
                dm.rotationRateZ.append(Float(w.z))
                if gravityColumns {
                    dm.gravityX.append(Float(g.x))
                    dm.gravityY.append(Float(g.y))
                    dm.gravityZ.append(Float(g.z))
                }
                t += 1 / 199.7 + random.nextGaussian() * 0.0001
            }
        }
        return Recording(
            accelerometer: accelerometer ? acc : nil, deviceMotion: deviceMotion ? dm : nil,
            metadata: RecordingMetadata(sport: "baseball", sourceFormat: "test"))
    }

    /// A standard mix: hits, a miss, a clap.
    static func standard(seed: UInt64 = 1, polarity: Double = 1) -> TestRecordingBuilder {
        var builder = TestRecordingBuilder(polarity: polarity, seed: seed)
        builder.events = [
            Event(kind: .hit, start: 1.0, timeToContact: 0.17),
            Event(kind: .miss, start: 3.2, timeToContact: 0.2, peakRate: 12),
            Event(kind: .clap, start: 5.0, impactPeak: 6, impactFrequency: 300),
            Event(kind: .hit, start: 6.5, timeToContact: 0.22, peakRate: 18, impactPeak: 35),
            Event(kind: .hit, start: 9.0, timeToContact: 0.14, peakRate: 10, impactPeak: 2.5, impactFrequency: 320),
        ]
        return builder
    }

    /// This mix with every contact several times full scale, as a bat–ball impact on a ±`level` g range, ringing
    /// slowly enough (150 Hz: over 5 samples a cycle) for flat tops of several samples at `level`.
    func clipping(at level: Double) -> TestRecordingBuilder {
        var builder = self
        builder.clipLevel = level
        builder.events = events.map { event in
            var event = event
            event.impactPeak *= 4
            event.impactFrequency = 150
            return event
        }
        return builder
    }
}
