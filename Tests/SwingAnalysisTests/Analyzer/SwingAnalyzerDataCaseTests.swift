import MotionRecording
import SwingAnalysis
import Testing
import _TestSupport

/// Less than full data (issue #4 §6), handedness and mounting.
@Suite struct SwingAnalyzerDataCaseTests {
    static let builder = TestRecordingBuilder.standard(seed: 3)
    static var hitImpacts: [Double] { builder.events.filter { $0.kind == .hit }.map { 100 + $0.start + $0.timeToContact } }
    static var swingStarts: [Double] { builder.events.filter { $0.kind != .clap }.map { 100 + $0.start } }

    @Test func accelerometerOnlyReportsEveryImpact() {
        let result = SwingAnalyzer.analyze(Self.builder.make(deviceMotion: false))
        #expect(result.dataCase == .accelerometerOnly)
        // Hits and the clap: an impact cannot be told from a clap without rotation.
        let truth = Self.builder.impactTimes.map { $0 + 100 }.sorted()
        #expect(result.swings.count == truth.count)
        for (swing, time) in zip(result.swings, truth) {
            #expect(swing.contact == true && swing.timeToContact == nil && swing.start == swing.impact)
            #expect(Swift.abs(swing.impact! - time) < 0.002)
        }
    }

    @Test func deviceMotionOnlyGivesSwingsWithoutImpacts() {
        let result = SwingAnalyzer.analyze(Self.builder.make(accelerometer: false))
        #expect(result.dataCase == .deviceMotionOnly)
        #expect(result.swings.count == 4)
        #expect(result.swings.allSatisfy { $0.impact == nil && $0.contact == nil && $0.timeToContact == nil })
        for (swing, start) in zip(result.swings, Self.swingStarts) { #expect(Swift.abs(swing.start - start) < 0.01) }
    }

    /// An accelerometer that stops before the second swing: the first swing's contact is known, the others'
    /// unknown (`nil`), not "miss" — and an accelerometer that starts after the first swing likewise.
    @Test func swingsTheAccelerometerDoesNotCoverHaveUnknownContact() throws {
        let full = Self.builder.make()
        let reference = SwingAnalyzer.analyze(full)
        #expect(reference.swings.map(\.contact) == [true, false, true, true])
        let starts = reference.swings.map(\.start)
        let accelerometer = try #require(full.accelerometer)
        func cut(_ keep: (Double) -> Bool) -> Recording {
            var recording = full
            let kept = accelerometer.timestamps.indices.filter { keep(accelerometer.timestamps[$0]) }
            recording.accelerometer = accelerometer[kept.first!..<(kept.last! + 1)]
            recording.accelerometerBatchEnds = nil
            return recording
        }
        let stopped = SwingAnalyzer.analyze(cut { $0 < (starts[0] + starts[1]) / 2 })
        #expect(stopped.swings.map(\.contact) == [true, nil, nil, nil])
        let late = SwingAnalyzer.analyze(cut { $0 > (starts[0] + starts[1]) / 2 })
        #expect(late.swings.map(\.contact) == [nil, false, true, true])
    }

    @Test func rotationWithoutGravityFallsBackToRotationMagnitude() {
        let result = SwingAnalyzer.analyze(Self.builder.make(gravityColumns: false))
        #expect(result.dataCase == .rotationWithoutGravity)
        #expect(result.swings.map(\.contact) == [true, false, true, true])
        for (swing, start) in zip(result.swings, Self.swingStarts) { #expect(Swift.abs(swing.start - start) < 0.015) }
        let rotationOnly = SwingAnalyzer.analyze(Self.builder.make(accelerometer: false, gravityColumns: false))
        #expect(rotationOnly.dataCase == .rotationOnly)
        #expect(rotationOnly.swings.count == 4)
    }

    @Test func noDataGivesNothing() {
        let result = SwingAnalyzer.analyze(Recording())
        #expect(result.dataCase == .noData)
        #expect(result.swings.isEmpty)
    }

    @Test(arguments: [1.0, -1.0])
    func handednessAndMountingDoNotChangeTiming(polarity: Double) {
        var builder = Self.builder
        builder.polarity = polarity
        let reference = SwingAnalyzer.analyze(Self.builder.make())
        for gravity in [SIMD3<Double>(0.25, -0.3, -0.92), SIMD3(-0.6, 0.1, -0.79), SIMD3(0.1, 0.95, 0.3)] {
            builder.gravity = gravity
            let result = SwingAnalyzer.analyze(builder.make())
            #expect(result.swings.map(\.contact) == [true, false, true, true])
            for (swing, expected) in zip(result.swings, reference.swings) {
                #expect(Swift.abs(swing.start - expected.start) < 0.015)
                if let impact = swing.impact, let expectedImpact = expected.impact {
                    #expect(Swift.abs(impact - expectedImpact) < 0.001)
                }
            }
        }
    }
}
