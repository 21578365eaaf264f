import Foundation
import MotionRecording
import SwingAnalysis
import SwingScoring
import SwingSimulation
import Testing
import _TestSupport

/// The |rotation rate| fallback (no gravity, no attitude): ``SwingAnalyzerConfiguration/fallbackOnsetWalkThreshold``
/// keeps the onset walk from running through the preparation between swings.
@Suite struct SwingAnalyzerRotationFallbackTests {
    static let sixShots = SharedDatasets.file("tennis-motion/six-shots-rotation.csv")

    /// Reads the raw CMBatchedSensorManager dump of `CMDeviceMotion.rotationRate` (rows `t,x,y,z`, rad/s; an empty
    /// line after each batch) with the library's raw-dump reader, as `swing-metrics` and `onset-evaluation` do.
    static func loadRotation(_ url: URL) throws -> Recording {
        try RecordingImporter.load(url, format: .rawBatchedDump(stream: .deviceMotion))
    }

    /// The configuration that reproduces the fallback before ``fallbackOnsetWalkThreshold`` existed.
    static func walkingToTheGravityThreshold(_ configuration: SwingAnalyzerConfiguration) -> SwingAnalyzerConfiguration {
        var old = configuration
        old.fallbackOnsetWalkThreshold = old.onsetWalkThreshold
        return old
    }

    @Test(.enabled(if: sixShots != nil)) func sixShotRallyGivesSixSwings() throws {
        let recording = try Self.loadRotation(#require(Self.sixShots))
        #expect(recording.deviceMotion!.count == 2_304)
        #expect(recording.deviceMotion!.components == .rotationRate)
        #expect(recording.deviceMotionBatchEnds?.count == 12 && recording.deviceMotionBatchEnds?.prefix(2) == [99, 300])
        let result = SwingAnalyzer.analyze(recording, configuration: .tennis)
        #expect(result.dataCase == .rotationOnly)
        #expect(result.swings.count == 6)
        // Each swing holds one of the six |ω| maxima (s from the first sample), starts less than a second before it,
        // and reports that peak.
        let t0 = recording.deviceMotion!.timestamps[0]
        let peaks: [(time: Double, rate: Double)] = [
            (3.09, 7.9), (4.67, 7.1), (6.61, 6.6), (8.45, 9.0), (10.21, 10.4), (11.21, 6.8),
        ]
        for (swing, peak) in zip(result.swings, peaks) {
            let start = swing.start - t0
            #expect(start < peak.time && start > peak.time - 1.0, "start \(start) for the peak at \(peak.time)")
            #expect(start + swing.duration! >= peak.time)
            #expect(Swift.abs(swing.peakRotationRate - peak.rate) < 0.1)
            #expect(swing.impact == nil && swing.contact == nil)  // no accelerometer: contact unknown
        }
        // Walking back to 1 rad/s (the gravity case's level) runs through the 1–2.5 rad/s preparation before
        // shots 3–5 and fails at the tennis maximum swing duration: three swings.
        let old = SwingAnalyzer.analyze(recording, configuration: Self.walkingToTheGravityThreshold(.tennis))
        #expect(old.swings.count == 3)
    }

    @Test(.enabled(if: sixShots != nil)) func sixShotRallyIsBatchInvariant() throws {
        let recording = try Self.loadRotation(#require(Self.sixShots))
        let reference = SwingAnalyzer.analyze(recording, configuration: .tennis)
        #expect(reference.swings.count == 6)
        for (seed, maxChunk) in [(1 as UInt64, 1), (2, 37), (3, 400)] {
            let output = SwingAnalyzerBatchInvarianceTests.analyzeDeviceMotionRebatched(
                recording.deviceMotion!, configuration: .tennis, seed: seed, maxChunk: maxChunk)
            #expect(output.swings == reference.swings)
        }
    }

    /// A simulated session with only rotation rate kept (gravity, attitude, user acceleration and magnetic field
    /// dropped), optionally without the accelerometer.
    static func rotationOnlySession(
        _ sport: SimulationConfiguration.Sport, seed: UInt64, swings: Int, rally: Bool = false
    ) -> SimulatedSession {
        var configuration = SimulationConfiguration.preset(
            sport, seed: seed,
            mix: EventMix(
                hits: swings - swings / 4, foulTips: 0, misses: swings / 4, practiceSwings: 0, clapBursts: 0,
                tapBursts: 0, walkingBouts: 0, armRaises: 0))
        configuration.sensors.droppedBatchProbability = 0
        if rally {
            // A rally's preparation: the take-back flows into the forward swing without a pause, slowly and for
            // long, after a waggle; |ω| stays at 1–3 rad/s before each swing.
            configuration.kinematics.loadPause = 0...0.01
            configuration.kinematics.loadDuration = 0.5...0.9
            configuration.kinematics.loadRate = 1.5...3
            configuration.kinematics.waggleProbability = 1
        }
        var session = SwingSimulator.simulate(configuration)
        var dm = session.recording.deviceMotion!
        for column in [
            \DeviceMotionData.gravityX, \.gravityY, \.gravityZ, \.attitudeW, \.attitudeX, \.attitudeY, \.attitudeZ,
            \.userAccelerationX, \.userAccelerationY, \.userAccelerationZ, \.magneticFieldX, \.magneticFieldY,
            \.magneticFieldZ, \.heading,
        ] as [WritableKeyPath<DeviceMotionData, [Float]>] {
            dm[keyPath: column] = []
        }
        session.recording.deviceMotion = dm
        return session
    }

    /// Cuts `session`'s device motion into one window per swing, [onset − `before`, onset + `spacing` − `before`),
    /// and joins the windows so that consecutive onsets are `spacing` apart: the load (backswing) of each swing
    /// follows the previous swing's follow-through directly, as in a rally. The truth is shifted with it.
    ///
    /// The simulator's load is a pure reversal about the swing axis, so |ω| passes through zero before every onset;
    /// in the real rally it does not (the shoulder turn and the forearm's roll keep |ω| at 1–2.5 rad/s between
    /// shots). `preparationRoll` (rad/s) adds that: a rotation about the device x axis (along the forearm) of a
    /// per-swing amplitude in that range, rising over 0.15 s from the window's start, held until the onset and
    /// fading over the 0.1 s after it.
    static func closeTogether(
        _ session: SimulatedSession, spacing: Double, before: Double, preparationRoll: ClosedRange<Double>
    ) -> (Recording, GroundTruth) {
        var random = SplitMix64(seed: 77)
        let dm = session.recording.deviceMotion!
        var spliced = DeviceMotionData()
        var truth = session.truth
        truth.swings = []
        let first = session.truth.swings.first!.start
        for (index, swing) in session.truth.swings.sorted(by: { $0.start < $1.start }).enumerated() {
            let shift = first + Double(index) * spacing - swing.start
            let lower = dm.timestamps.firstIndex { $0 >= swing.start - before } ?? dm.count
            let upper = dm.timestamps.firstIndex { $0 >= swing.start - before + spacing } ?? dm.count
            let roll = Double.random(in: preparationRoll, using: &random)
            for j in lower..<upper {
                let u = dm.timestamps[j] - swing.start
                var envelope = Swift.min(1, (u + before) / 0.15)
                if u > 0 { envelope = Swift.max(0, 1 - u / 0.1) }
                envelope = envelope * envelope * (3 - 2 * envelope)
                spliced.timestamps.append(dm.timestamps[j] + shift)
                spliced.rotationRateX.append(dm.rotationRateX[j] + Float(roll * envelope))
                spliced.rotationRateY.append(dm.rotationRateY[j])
                spliced.rotationRateZ.append(dm.rotationRateZ[j])
            }
            var shifted = swing
            shifted.start += shift
            shifted.impact = swing.impact.map { $0 + shift }
            shifted.peakTime += shift
            shifted.end += shift
            truth.swings.append(shifted)
        }
        return (Recording(deviceMotion: spliced), truth)
    }

    /// Rotation-only recordings (no accelerometer) of 20 swings each, with their truth; `rally`: swings 1.5 s apart
    /// with a preparation roll (see ``closeTogether(_:spacing:before:preparationRoll:)``).
    /// With `accelerometer` (not for a rally) the recordings are the rotation-without-gravity case.
    static func recordings(_ sport: SimulationConfiguration.Sport, rally: Bool, accelerometer: Bool = false)
        -> [(Recording, GroundTruth)]
    {
        [11 as UInt64, 12].map { seed in
            let session = rotationOnlySession(sport, seed: seed, swings: 20, rally: rally)
            if rally { return closeTogether(session, spacing: 1.5, before: 0.6, preparationRoll: 1.2...1.8) }
            var recording = session.recording
            if !accelerometer { recording.accelerometer = nil }
            return (recording, session.truth)
        }
    }

    static func score(_ recordings: [(Recording, GroundTruth)], _ configuration: SwingAnalyzerConfiguration)
        -> AccuracyReport
    {
        AccuracyReport(
            combining: recordings.map { recording, truth in
                let result = SwingAnalyzer.analyze(recording, configuration: configuration)
                #expect(result.dataCase == (recording.accelerometer == nil ? .rotationOnly : .rotationWithoutGravity))
                return AccuracyReport.score(detected: result.swings, truth: truth)
            })
    }

    @Test(arguments: [SimulationConfiguration.Sport.tennis, .baseball])
    func simulatedRotationOnlyFindsTheSwings(sport: SimulationConfiguration.Sport) {
        let preset = SwingAnalyzerConfiguration.preset(named: sport.rawValue)!
        let report = Self.score(Self.recordings(sport, rally: false), preset)
        print("\(sport), rotation only, simulator spacing\n\(report)")
        #expect(report.recall >= 0.95)
        #expect(report.precision >= 0.95)
        #expect(report.start.medianAbsoluteMilliseconds <= 10)
        #expect(report.start.p95AbsoluteMilliseconds <= 25)
    }

    @Test(arguments: [SimulationConfiguration.Sport.tennis, .baseball])
    func simulatedRotationWithoutGravityFindsTheSwingsAndContacts(sport: SimulationConfiguration.Sport) {
        let preset = SwingAnalyzerConfiguration.preset(named: sport.rawValue)!
        let recordings = Self.recordings(sport, rally: false, accelerometer: true)
        let report = Self.score(recordings, preset)
        print("\(sport), rotation without gravity\n\(report)")
        #expect(report.recall >= 0.95)
        #expect(report.precision >= 0.95)
        #expect(report.contactAccuracy >= 0.95)
        #expect(report.impact.medianAbsoluteMilliseconds <= 1.25)
        #expect(report.start.medianAbsoluteMilliseconds <= 10)
    }

    @Test(arguments: [SimulationConfiguration.Sport.tennis, .baseball])
    func simulatedRallyOneAndAHalfSecondsApartFindsTheSwings(sport: SimulationConfiguration.Sport) {
        let preset = SwingAnalyzerConfiguration.preset(named: sport.rawValue)!
        let recordings = Self.recordings(sport, rally: true)
        let report = Self.score(recordings, preset)
        let before = Self.score(recordings, Self.walkingToTheGravityThreshold(preset))
        print("\(sport), rotation only, rally 1.5 s apart\n\(report)\nwalking back to onsetWalkThreshold: recall \(before.recall)")
        #expect(report.recall >= 0.95)
        #expect(report.precision >= 0.95)
        #expect(report.start.medianAbsoluteMilliseconds <= 10)
        #expect(report.start.p95AbsoluteMilliseconds <= 25)
        // The walk to 1 rad/s runs through the preparation roll and fails at the maximum swing duration.
        #expect(before.recall < 0.5)
    }
}
