import MotionRecording
import Testing
import WorkoutAnalysis
import WorkoutSimulation
import _TestSupport

@Suite("WorkoutAnalyzer")
struct WorkoutAnalyzerTests {
    /// Feeds both streams of `recording` cut at the given accelerometer / device-motion batch lengths (samples),
    /// interleaved by batch end time, and returns the output.
    static func feed(
        _ recording: Recording, accelerometerCuts: [Int], deviceMotionCuts: [Int],
        configuration: WorkoutAnalyzerConfiguration = WorkoutAnalyzerConfiguration()
    ) -> WorkoutAnalyzerOutput {
        let a = recording.accelerometer!, d = recording.deviceMotion!
        func ranges(_ count: Int, _ cuts: [Int]) -> [Range<Int>] {
            var result: [Range<Int>] = []
            var start = 0, i = 0
            while start < count {
                let end = Swift.min(count, start + cuts[i % cuts.count])
                result.append(start..<end)
                start = end
                i += 1
            }
            return result
        }
        let ar = ranges(a.count, accelerometerCuts), dr = ranges(d.count, deviceMotionCuts)
        var analyzer = WorkoutAnalyzer(configuration: configuration)
        var output = WorkoutAnalyzerOutput()
        var (i, j) = (0, 0)
        while i < ar.count || j < dr.count {
            let takeAccelerometer =
                j >= dr.count || (i < ar.count && a.timestamps[ar[i].upperBound - 1] <= d.timestamps[dr[j].upperBound - 1])
            if takeAccelerometer {
                analyzer.feed(accelerometer: a, range: ar[i], into: &output)
                i += 1
            } else {
                analyzer.feed(deviceMotion: d, range: dr[j], into: &output)
                j += 1
            }
        }
        analyzer.finish(into: &output)
        return output
    }

    static let mixed = ActivitySimulator.simulate(
        ActivitySimulationConfiguration(
            seed: 7,
            stretches: [
                ActivityStretch(.walking, duration: 40), ActivityStretch(.swimmingRotation, duration: 40),
                ActivityStretch(.resting, duration: 30),
            ], accelerometerRate: 100, deviceMotionRate: 50))

    @Test("any batch cutting and interleaving gives == output")
    func batchInvariance() {
        var configuration = WorkoutAnalyzerConfiguration()
        configuration.recordsWindows = true
        let reference = Self.feed(Self.mixed.recording, accelerometerCuts: [100], deviceMotionCuts: [50], configuration: configuration)
        var random = SplitMix64(seed: 26)
        for _ in 0..<3 {
            let a = (0..<7).map { _ in Int.random(in: 1...400, using: &random) }
            let d = (0..<5).map { _ in Int.random(in: 1...200, using: &random) }
            let output = Self.feed(Self.mixed.recording, accelerometerCuts: a, deviceMotionCuts: d, configuration: configuration)
            #expect(output == reference)
        }
        // One whole-recording batch per stream (device motion after all of the accelerometer: beyond the stream
        // lag, so windows are decided without rotation; this recording has no rotation bursts, so the result holds).
        let whole = Self.feed(
            Self.mixed.recording, accelerometerCuts: [1 << 30], deviceMotionCuts: [1 << 30], configuration: configuration)
        #expect(whole.segments == reference.segments)
        let score = scored(WorkoutSummary(output: reference, stepLength: nil), against: Self.mixed.truth)
        #expect(score.recall("swimming") >= 0.8 && score.recall("stationary") >= 0.8 && score.recall("walking") >= 0.5)
    }

    @Test("segments are reported while streaming, within about 10 s of their end")
    func boundedLatency() {
        let recording = Self.mixed.recording
        let a = recording.accelerometer!, d = recording.deviceMotion!
        var analyzer = WorkoutAnalyzer()
        var output = WorkoutAnalyzerOutput()
        // Feed up to the end of the swim stretch + 12 s: the walking segment must be out already.
        let walkEnd = Self.mixed.truth.segments[0].end
        let cut = walkEnd + 12
        let ai = a.timestamps.firstIndex { $0 > cut }!, di = d.timestamps.firstIndex { $0 > cut }!
        analyzer.feed(accelerometer: a, range: 0..<ai, into: &output)
        analyzer.feed(deviceMotion: d, range: 0..<di, into: &output)
        // Everything up to the walk's end (±2 s) has been reported 12 s later; nothing beyond the data.
        #expect(output.segments.first?.activity == .walking)
        #expect(abs((output.segments.last?.end ?? 0) - walkEnd) <= 2)
        #expect((output.segments.last?.end ?? .infinity) <= cut)
    }

    @Test("segments tile the recording from its first to its last sample")
    func segmentsTile() {
        let summary = WorkoutAnalyzer.analyze(Self.mixed.recording)
        let a = Self.mixed.recording.accelerometer!.timestamps
        #expect(summary.segments.first?.start == a.first)
        #expect(summary.segments.last?.end == a.last)
        for (s, next) in zip(summary.segments, summary.segments.dropFirst()) { #expect(s.end == next.start) }
        #expect(abs(summary.duration - (a.last! - a.first!)) < 1e-9)
    }

    @Test("device motion alone (gravity + user acceleration) gives the same activities")
    func deviceMotionOnly() {
        var recording = Self.mixed.recording
        recording.accelerometer = nil
        let summary = WorkoutAnalyzer.analyze(recording)
        let withAccelerometer = WorkoutAnalyzer.analyze(Self.mixed.recording)
        #expect(summary.dataCase == .deviceMotionOnly && withAccelerometer.dataCase == .full)
        var noDeviceMotion = Self.mixed.recording
        noDeviceMotion.deviceMotion = nil
        #expect(WorkoutAnalyzer.analyze(noDeviceMotion).dataCase == .accelerometerOnly)
        // Rotation rate alone: nothing to decide from, and it says so.
        var rotationOnly = recording
        let d = rotationOnly.deviceMotion!
        rotationOnly.deviceMotion = DeviceMotionData(
            timestamps: d.timestamps, rotationRateX: d.rotationRateX, rotationRateY: d.rotationRateY,
            rotationRateZ: d.rotationRateZ)
        let blind = WorkoutAnalyzer.analyze(rotationOnly)
        #expect(blind.dataCase == .rotationOnly)
        #expect(!blind.segments.isEmpty && blind.segments.allSatisfy { $0.activity == .unknown })
        let score = scored(summary, against: Self.mixed.truth)
        #expect(score.recall("swimming") >= 0.8 && score.recall("stationary") >= 0.8)
        #expect(abs(score.accuracy - scored(withAccelerometer, against: Self.mixed.truth).accuracy) <= 0.1)
    }

    @Test("NaN samples are skipped and a long gap is unknown")
    func badSamples() {
        var session = stretch(.resting, duration: 60, rate: 50)
        var a = session.recording.accelerometer!
        for i in stride(from: 0, to: a.count, by: 97) { a.x[i] = .nan }
        // Remove 20 s in the middle: a gap.
        let t0 = a.timestamps[0]
        let keep = a.timestamps.indices.filter { a.timestamps[$0] - t0 < 20 || a.timestamps[$0] - t0 >= 40 }
        a = AccelerometerData(
            timestamps: keep.map { a.timestamps[$0] }, x: keep.map { a.x[$0] }, y: keep.map { a.y[$0] },
            z: keep.map { a.z[$0] })
        session.recording.accelerometer = a
        let summary = WorkoutAnalyzer.analyze(session.recording)
        #expect(summary.segments.map(\.activity) == [.stationary, .unknown, .stationary])
        #expect(summary.steps == 0)
        let gap = summary.segments[1]
        #expect(abs(gap.start - (t0 + 20)) <= 5 && abs(gap.end - (t0 + 40)) <= 5)
    }

    @Test("distance is steps × step length; no gait, no cadence")
    func distance() {
        let walk = WorkoutAnalyzer.analyze(stretch(.walking, duration: 40).recording, stepLength: 0.7)
        #expect(walk.distance == Double(walk.steps) * 0.7 || abs(walk.distance! - Double(walk.steps) * 0.7) < 0.7)
        #expect(walk.cadence != nil)
        let rest = WorkoutAnalyzer.analyze(stretch(.resting, duration: 40).recording)
        #expect(rest.cadence == nil && rest.distance == nil && rest.steps == 0)
    }
}
