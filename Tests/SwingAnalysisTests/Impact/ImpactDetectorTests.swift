import MotionRecording
import Testing
import _TestSupport

@testable import SwingAnalysis

/// The impact detector's shortcuts against its reference paths: the bulk path for quiet stretches against the
/// per-sample loop alone, and the noise floor taken when first needed against taken as every block closes.
@Suite struct ImpactDetectorTests {
    /// Every impact of `accelerometer`, fed in runs of `runLength` samples.
    static func impacts(
        _ accelerometer: AccelerometerData, runLength: Int, bulk: Bool, eagerNoiseFloor: Bool = false
    ) -> [DetectedImpact] {
        var detector = ImpactDetector(configuration: .baseball)
        detector.scansQuietStretchesInBulk = bulk
        detector.computesNoiseFloorEagerly = eagerNoiseFloor
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

    /// Noise whose level changes every 200 samples (0.02–0.12 g a axis, so that the block medians spread and the
    /// threshold mostly follows the noise floor above the 1 g minimum), with impacts 5.9 s apart: more than the
    /// 16-block window (5.1 s), so the window has turned over completely between two samples that need the floor,
    /// and the blocks that left it must not be confused with the current one. The lazily taken floor must give the
    /// same candidates, thresholds and onsets as the one taken at every block, in any run length.
    @Test(arguments: [1, 97, 256, 4000])
    func lazyNoiseFloorEqualsEagerOne(_ runLength: Int) throws {
        var builder = TestRecordingBuilder(seed: 11)
        builder.duration = 120
        builder.accelerometerNoise = 0
        builder.events = stride(from: 1.0, to: 118, by: 5.9).map {
            TestRecordingBuilder.Event(kind: .hit, start: $0, timeToContact: 0.18, impactPeak: 30)
        }
        let clean = try #require(builder.make().accelerometer)
        var random = SplitMix64(seed: 12)
        var accelerometer = AccelerometerData()
        var level = 0.0
        for i in 0..<clean.count {
            if i % 200 == 0 { level = Double.random(in: 0.02...0.12, using: &random) }
            let noise = SIMD3(random.nextGaussian(), random.nextGaussian(), random.nextGaussian()) * level
            accelerometer.append(
                timestamp: clean.timestamps[i], x: clean.x[i] + Float(noise.x), y: clean.y[i] + Float(noise.y),
                z: clean.z[i] + Float(noise.z))
        }
        let reference = Self.impacts(accelerometer, runLength: 800, bulk: true, eagerNoiseFloor: true)
        #expect(reference.count >= 15)
        #expect(Self.impacts(accelerometer, runLength: runLength, bulk: true) == reference)
        #expect(Self.impacts(accelerometer, runLength: runLength, bulk: false) == reference)
    }
}
