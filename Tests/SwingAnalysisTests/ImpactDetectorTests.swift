import MotionRecording
import Testing

@testable import SwingAnalysis

/// The impact detector's bulk path for quiet stretches against its per-sample loop alone.
@Suite struct ImpactDetectorTests {
    /// Every impact of `accelerometer`, fed in runs of `runLength` samples.
    static func impacts(
        _ accelerometer: AccelerometerData, runLength: Int, bulk: Bool
    ) -> [DetectedImpact] {
        var detector = ImpactDetector(configuration: .baseball)
        detector.scansQuietStretchesInBulk = bulk
        var start = 0
        while start < accelerometer.count {
            let end = Swift.min(start + runLength, accelerometer.count)
            accelerometer.withColumns(start..<end) { detector.process($0) }
            start = end
        }
        detector.flush()
        return detector.decided
    }

    /// Impacts several times full scale clip the accelerometer (flat tops at the saturation level) right after the
    /// crossing, inside the look-ahead that the bulk path takes in one go: the flat tops must still send those
    /// stretches to the per-sample loop, whose clip masks shape the statistic, the noise floor and so every
    /// later onset. Equal `DetectedImpact`s (times to the bit) for several run lengths.
    @Test(arguments: [1, 97, 256, 4000])
    func bulkPathEqualsPerSampleLoopOnClippedImpacts(_ runLength: Int) throws {
        let builder = TestRecordingBuilder.standard(seed: 7).clipping(at: SwingAnalyzerConfiguration.baseball.saturationLevel)
        let accelerometer = try #require(builder.make().accelerometer)
        let reference = Self.impacts(accelerometer, runLength: 400, bulk: false)
        #expect(reference.count >= 3)
        #expect(reference.contains { $0.saturated }, "the recording must clip for this test to mean anything")
        #expect(Self.impacts(accelerometer, runLength: runLength, bulk: true) == reference)
    }

    /// Unclipped impacts in noise: the bulk path takes most of the recording.
    @Test func bulkPathEqualsPerSampleLoopOnCleanImpacts() throws {
        let accelerometer = try #require(TestRecordingBuilder.standard(seed: 8).make().accelerometer)
        let reference = Self.impacts(accelerometer, runLength: 800, bulk: false)
        #expect(reference.count >= 3)
        #expect(!reference.contains { $0.saturated })
        #expect(Self.impacts(accelerometer, runLength: 800, bulk: true) == reference)
    }
}
