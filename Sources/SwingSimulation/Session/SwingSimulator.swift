import Foundation
import MotionRecording

/// Generates a recording with ground truth from a ``SimulationConfiguration``.
///
/// One wrist trajectory feeds both streams. The attitude q (device → reference) is integrated from the
/// world-frame angular velocity ω_w over the merged sample times of both streams (sub-steps of at most 5 mrad,
/// midpoint rule, `q ← exp(ω_w h) ⊗ q`), so the 800 Hz gravity and the 200 Hz attitude, gravity and rotation
/// rate all come from the same motion. What the model guarantees, per sample (before noise, bias, clipping and
/// quantisation):
/// - `gravity = q⁻¹ (0, 0, −1) q` (unit length), so `rotate(attitude, gravity) = (0, 0, −1)`;
/// - `rotationRate = q⁻¹ ω_w q` (device frame), and `dot(rotationRate, gravity) = −ω_w.z`;
/// - `userAcceleration = −q⁻¹ a_w q / g₀` (Core Motion's sign: a watch pushed +x reads negative x), with a_w the
///   wrist's kinematic acceleration (centripetal, tangential, stride, walking, …);
/// - accelerometer = gravity + userAcceleration + contact transients (device frame, only in the 800 Hz stream).
/// Device-motion user acceleration also carries what the accelerometer adds at that instant — its hand
/// tremor and its white noise averaged to 200 Hz (``AccelerometerInheritance``) — because Core Motion derives user
/// acceleration from that accelerometer (minus the fused gravity); it leaves the contact transients out (the
/// fusion smooths them) and adds ``SensorModel/userAccelerationNoise`` of its own.
public enum SwingSimulator {
    /// The shortest ``SimulationConfiguration/duration`` that holds the configuration's events (drawn from its seed
    /// exactly as ``simulate(_:)`` draws them), s. `simulate` requires a set duration to be at least this.
    public static func minimumDuration(for configuration: SimulationConfiguration) -> Double {
        EventPlanner(configuration: configuration).minimumDuration()
    }

    /// - Precondition: `configuration.duration`, when set, is at least ``minimumDuration(for:)``.
    public static func simulate(_ configuration: SimulationConfiguration) -> SimulatedSession {
        let planner = EventPlanner(configuration: configuration)
        let plan = planner.plan()
        let sensors = configuration.sensors
        let root = SimulationRandom(seed: configuration.seed)

        var clockRandom = root.derived(0xC10C)
        // One crystal: both streams share the drift.
        let drift = SensorClock.Drift(amplitude: sensors.rateDrift, random: &clockRandom)
        let accelerometerTimes = SensorClock.timestamps(
            start: plan.startTime, duration: plan.duration, rate: sensors.accelerometerRate, drift: drift,
            jitter: sensors.timestampJitter, pattern: sensors.accelerometerSpacingPattern, random: &clockRandom)
        let deviceMotionTimes = SensorClock.timestamps(
            start: plan.startTime + clockRandom.uniform(0...0.004), duration: plan.duration,
            rate: sensors.deviceMotionRate, drift: drift, jitter: sensors.timestampJitter,
            pattern: sensors.deviceMotionSpacingPattern, random: &clockRandom)
        var batchRandom = root.derived(0xBA7C)
        let accelerometerEnds = SensorClock.batchEnds(
            times: accelerometerTimes, usual: sensors.batchDuration, shortProbability: sensors.shortBatchProbability,
            short: sensors.shortBatchDuration, random: &batchRandom)
        let deviceMotionEnds = SensorClock.batchEnds(
            times: deviceMotionTimes, usual: sensors.batchDuration, shortProbability: sensors.shortBatchProbability,
            short: sensors.shortBatchDuration, random: &batchRandom)

        var motionRandom = root.derived(0x1D1E)
        var engine = MotionEngine(
            events: plan.events, forearmInDevice: planner.forearmInDevice, rotationTremor: sensors.rotationTremor,
            random: &motionRandom)
        var noise = root.derived(0x0015E)
        func bias(_ sigma: Double) -> Vector3 {
            Vector3(sigma * noise.gaussian(), sigma * noise.gaussian(), sigma * noise.gaussian())
        }
        let accelerometerBias = bias(sensors.accelerometerBias)
        var tremor = TremorNoise(
            rms: sensors.accelerometerTremor, sampleRate: sensors.accelerometerRate, random: &noise)
        let gyroscopeBias = bias(sensors.gyroscopeBias)
        var inherited = AccelerometerInheritance()

        // Swing windows for the truth's peak and accumulated rotation along gravity.
        let swings: [PlannedSwing] = plan.events.compactMap {
            if case .swing(let s) = $0.motion { return s }
            return nil
        }
        var swingPeak = [Double](repeating: 0, count: swings.count)
        var swingPeakTime = swings.map(\.start)
        var swingAccumulated = [Double](repeating: 0, count: swings.count)
        var swingPrevious: [(time: Double, rate: Double)?] = Array(repeating: nil, count: swings.count)
        var swingCursor = 0

        var accelerometer = AccelerometerData()
        accelerometer.reserveCapacity(accelerometerTimes.count)
        var motion = DeviceMotionColumns(capacity: deviceMotionTimes.count)

        let down = Vector3(0, 0, -1)
        var transientCursor = 0
        var q = plan.initialAttitude
        // |ω| at the last evaluation (with margin), for the sub-step count.
        var lastRate = 0.0
        var time = min(accelerometerTimes.first ?? 0, deviceMotionTimes.first ?? 0)
        var i = 0
        var j = 0
        while i < accelerometerTimes.count || j < deviceMotionTimes.count {
            let ta = i < accelerometerTimes.count ? accelerometerTimes[i] : .infinity
            let td = j < deviceMotionTimes.count ? deviceMotionTimes[j] : .infinity
            let next = min(ta, td)
            // Integrate the attitude from `time` to `next`.
            let interval = next - time
            if interval > 0 {
                let steps = max(1, Int((lastRate * interval / 0.005).rounded(.up)))
                let h = interval / Double(steps)
                for step in 0..<steps {
                    let mid = time + (Double(step) + 0.5) * h
                    let omega = engine.angularVelocity(at: mid, attitude: q)
                    lastRate = omega.length * 1.2
                    q = (Quaternion(rotationVector: h * omega) * q).normalized
                }
                time = next
            }
            let inverse = q.conjugate
            let gravity = inverse.rotate(down)
            if ta == next {
                let linear = inverse.rotate(engine.linearAcceleration(at: ta, attitude: q))
                var value = gravity - linear + accelerometerBias
                while transientCursor < plan.transients.count, plan.transients[transientCursor].end < ta {
                    transientCursor += 1
                }
                var k = transientCursor
                while k < plan.transients.count, plan.transients[k].time < ta {
                    value += plan.transients[k].value(at: ta)
                    k += 1
                }
                let shake = sensors.accelerometerTremor > 0 ? tremor.next(&noise) : .zero
                let white = sensors.accelerometerNoise > 0
                    ? sensors.accelerometerNoise * Vector3(noise.gaussian(), noise.gaussian(), noise.gaussian())
                    : .zero
                if sensors.accelerometerTremor > 0 { value += shake }
                if sensors.accelerometerNoise > 0 { value += white }
                inherited.accelerometerSample(tremor: shake, white: white)
                accelerometer.append(
                    timestamp: ta, x: quantize(value.x, sensors), y: quantize(value.y, sensors),
                    z: quantize(value.z, sensors))
                i += 1
            }
            if td == next {
                let worldRate = engine.angularVelocity(at: td, attitude: q)
                var rate = inverse.rotate(worldRate) + gyroscopeBias
                if sensors.gyroscopeNoise > 0 {
                    rate += sensors.gyroscopeNoise * Vector3(noise.gaussian(), noise.gaussian(), noise.gaussian())
                }
                if let range = sensors.gyroscopeRange {
                    rate = Vector3(clamp(rate.x, range), clamp(rate.y, range), clamp(rate.z, range))
                }
                var user = -1 * inverse.rotate(engine.linearAcceleration(at: td, attitude: q))
                user += inherited.deviceMotionSample()
                if sensors.userAccelerationNoise > 0 {
                    user += sensors.userAccelerationNoise
                        * Vector3(noise.gaussian(), noise.gaussian(), noise.gaussian())
                }
                motion.append(time: td, attitude: q, gravity: gravity, user: user, rate: rate)
                // Truth: rotation along gravity, noise-free.
                let alongGravity = -worldRate.z
                while swingCursor < swings.count, swings[swingCursor].start + swings[swingCursor].profile.endTime < td {
                    swingCursor += 1
                }
                if swingCursor < swings.count, td >= swings[swingCursor].start {
                    let s = swingCursor
                    if abs(alongGravity) > swingPeak[s] {
                        swingPeak[s] = abs(alongGravity)
                        swingPeakTime[s] = td
                    }
                    if let previous = swingPrevious[s] {
                        swingAccumulated[s] += 0.5 * (previous.rate + alongGravity) * (td - previous.time)
                    }
                    swingPrevious[s] = (td, alongGravity)
                }
                j += 1
            }
        }

        // Ground truth.
        var trueSwings: [TrueSwing] = []
        var transientIndex: [Double: ContactTransient] = [:]
        for t in plan.transients { transientIndex[t.time] = t }
        for (index, s) in swings.enumerated() {
            let transient = s.impact.flatMap { transientIndex[$0] }
            trueSwings.append(
                TrueSwing(
                    kind: s.kind, start: s.start, impact: s.impact, peakRotationRate: swingPeak[index],
                    peakTime: swingPeakTime[index], accumulatedRotation: swingAccumulated[index],
                    end: s.start + s.profile.endTime, handedness: s.handedness, impactPeak: transient?.peak,
                    impactFrequency: transient?.dominantFrequency, onsetShape: s.profile.shape.description,
                    peakSwingAxisRate: s.profile.peakRate, planeTilt: s.planeTilt))
        }
        var distractors: [TrueDistractor] = []
        for event in plan.events {
            switch event.motion {
            case .swing: break
            case .walking(let w): distractors.append(TrueDistractor(kind: .walking, time: w.start, end: w.end))
            case .armRaise(let r): distractors.append(TrueDistractor(kind: .armRaise, time: r.start, end: r.end))
            case .burst(let b):
                for hit in b.hits {
                    let transient = transientIndex[hit.time]
                    distractors.append(
                        TrueDistractor(
                            kind: b.kind, time: hit.time, end: transient?.end ?? hit.time, peak: transient?.peak))
                }
            }
        }
        var gaps: [StreamGap] = []
        var accelerometerBatchEnds = accelerometerEnds
        var deviceMotionBatchEnds = deviceMotionEnds
        if sensors.droppedBatchProbability > 0 {
            var dropRandom = root.derived(0xD209)
            let droppedAccelerometer = BatchDropper.drop(
                times: accelerometer.timestamps, ends: accelerometerEnds,
                probability: sensors.droppedBatchProbability, random: &dropRandom)
            accelerometer = AccelerometerData(
                timestamps: droppedAccelerometer.gather(accelerometer.timestamps),
                x: droppedAccelerometer.gather(accelerometer.x), y: droppedAccelerometer.gather(accelerometer.y),
                z: droppedAccelerometer.gather(accelerometer.z))
            accelerometerBatchEnds = droppedAccelerometer.ends
            gaps += droppedAccelerometer.gaps.map {
                StreamGap(stream: SensorStream.accelerometer.rawValue, start: $0.start, end: $0.end)
            }
            let droppedMotion = BatchDropper.drop(
                times: motion.data.timestamps, ends: deviceMotionEnds, probability: sensors.droppedBatchProbability,
                random: &dropRandom)
            motion.data = droppedMotion.gather(motion.data)
            deviceMotionBatchEnds = droppedMotion.ends
            gaps += droppedMotion.gaps.map {
                StreamGap(stream: SensorStream.deviceMotion.rawValue, start: $0.start, end: $0.end)
            }
            gaps.sort { $0.start < $1.start }
        }
        let first = min(accelerometerTimes.first ?? .infinity, deviceMotionTimes.first ?? .infinity)
        let last = max(accelerometerTimes.last ?? -.infinity, deviceMotionTimes.last ?? -.infinity)
        var headphoneMotion: HeadphoneMotionData? = nil
        if let model = configuration.headphones {
            (headphoneMotion, trueSwings) = HeadphoneSimulator.simulate(
                model, swings: trueSwings, from: first, to: last, random: root.derived(0x4EAD))
        }
        let truth = GroundTruth(
            sport: configuration.sport, wrist: configuration.wrist, crownSide: configuration.crownSide,
            handedness: configuration.effectiveHandedness, recordingStart: first, recordingEnd: last,
            swings: trueSwings, distractors: distractors, gaps: gaps, configuration: configuration)
        let metadata = RecordingMetadata(
            device: "Simulated Apple Watch", wrist: configuration.wrist, crownSide: configuration.crownSide,
            sport: configuration.sport.rawValue, sensorLocation: "wrist", sourceFormat: "simulated")
        let recording = Recording(
            accelerometer: accelerometer, deviceMotion: motion.data, accelerometerBatchEnds: accelerometerBatchEnds,
            deviceMotionBatchEnds: deviceMotionBatchEnds, metadata: metadata, headphoneMotion: headphoneMotion)
        return SimulatedSession(recording: recording, truth: truth)

        func quantize(_ value: Double, _ sensors: SensorModel) -> Float {
            var v = value
            if let range = sensors.accelerometerRange { v = clamp(v, range) }
            if let step = sensors.accelerometerResolution, step > 0 { v = (v / step).rounded() * step }
            return Float(v)
        }
        func clamp(_ v: Double, _ range: Double) -> Double { max(-range, min(range, v)) }
    }
}

/// Device-motion columns being filled sample by sample.
private struct DeviceMotionColumns {
    var data = DeviceMotionData()

    init(capacity: Int) {
        data.timestamps.reserveCapacity(capacity)
    }

    mutating func append(time: Double, attitude q: Quaternion, gravity: Vector3, user: Vector3, rate: Vector3) {
        data.timestamps.append(time)
        data.attitudeW.append(Float(q.w))
        data.attitudeX.append(Float(q.x))
        data.attitudeY.append(Float(q.y))
        data.attitudeZ.append(Float(q.z))
        data.gravityX.append(Float(gravity.x))
        data.gravityY.append(Float(gravity.y))
        data.gravityZ.append(Float(gravity.z))
        data.userAccelerationX.append(Float(user.x))
        data.userAccelerationY.append(Float(user.y))
        data.userAccelerationZ.append(Float(user.z))
        data.rotationRateX.append(Float(rate.x))
        data.rotationRateY.append(Float(rate.y))
        data.rotationRateZ.append(Float(rate.z))
    }
}
