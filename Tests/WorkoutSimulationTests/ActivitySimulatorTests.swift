import MotionRecording
import Testing
import WorkoutSimulation

@Suite("ActivitySimulator")
struct ActivitySimulatorTests {
    static let configuration = ActivitySimulationConfiguration(
        seed: 5, stretches: [ActivityStretch(.resting, duration: 10), ActivityStretch(.walking, duration: 20)],
        accelerometerRate: 100, deviceMotionRate: 50, startTime: 1000)

    @Test("the same configuration gives the same recording, bit for bit")
    func deterministic() {
        let a = ActivitySimulator.simulate(Self.configuration), b = ActivitySimulator.simulate(Self.configuration)
        #expect(a.recording.accelerometer == b.recording.accelerometer)
        #expect(a.recording.deviceMotion == b.recording.deviceMotion)
        #expect(a.truth == b.truth)
    }

    @Test("truth: stretches back to back from the start time, steps only in gait at a walking cadence")
    func truth() {
        let session = ActivitySimulator.simulate(Self.configuration)
        #expect(session.truth.segments.map(\.activity) == ["stationary", "walking"])
        #expect(session.truth.segments[0].start == 1000 && session.truth.segments[1].start == 1010)
        #expect(session.truth.segments[1].end == 1030)
        let steps = session.truth.stepTimes
        #expect(steps.allSatisfy { $0 >= 1010 && $0 < 1030 })
        let cadence = Double(steps.count) / 20
        #expect(cadence >= 1.3 && cadence <= 2.3)
    }

    @Test("device motion obeys Core Motion's conventions: unit gravity, attitude rotates it to (0, 0, −1)")
    func conventions() {
        let d = ActivitySimulator.simulate(Self.configuration).recording.deviceMotion!
        for i in stride(from: 0, to: d.count, by: 37) {
            let g = SIMD3<Double>(Double(d.gravityX[i]), Double(d.gravityY[i]), Double(d.gravityZ[i]))
            #expect(abs((g * g).sum().squareRoot() - 1) < 1e-5)
            let q = SIMD4<Double>(Double(d.attitudeW[i]), Double(d.attitudeX[i]), Double(d.attitudeY[i]), Double(d.attitudeZ[i]))
            // rotate(q, g) = g + 2w (u × g) + 2 u × (u × g), u = (x, y, z).
            let u = SIMD3(q[1], q[2], q[3])
            func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
                SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
            }
            let t = 2 * cross(u, g)
            let r = g + q[0] * t + cross(u, t)
            #expect(abs(r.x) < 1e-4 && abs(r.y) < 1e-4 && abs(r.z + 1) < 1e-4)
        }
    }

    @Test("at rest the accelerometer reads gravity (1 g) within the noise")
    func restingMagnitude() {
        let a = ActivitySimulator.simulate(Self.configuration).recording.accelerometer!
        let resting = a.timestamps.indices.filter { a.timestamps[$0] < 1009 }
        let mean = resting.reduce(0.0) { $0 + Double((a.x[$1] * a.x[$1] + a.y[$1] * a.y[$1] + a.z[$1] * a.z[$1]).squareRoot()) }
            / Double(resting.count)
        #expect(abs(mean - 1) < 0.03)
    }

    @Test("concatenation shifts the later part's samples and truth onto one clock")
    func concatenation() {
        let a = ActivitySimulator.simulate(Self.configuration)
        let joined = ActivitySession.concatenated([a, a], spacing: 0.5)
        let n = a.recording.accelerometer!.count
        let t = joined.recording.accelerometer!.timestamps
        #expect(t.count == 2 * n)
        #expect(abs(t[n] - (a.endTime + 0.5)) < 1e-9)
        #expect(zip(t, t.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(joined.truth.segments.count == 4 && joined.truth.stepTimes.count == 2 * a.truth.stepTimes.count)
    }
}
