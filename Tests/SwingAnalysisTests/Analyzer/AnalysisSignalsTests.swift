import Foundation
import MotionRecording
import Testing
import _TestSupport

@testable import SwingAnalysis

/// The signals the HTML report plots are the ones the analysis read: compared, bit for bit, with what the impact
/// detector and the swing logic hold after streaming the bundled sample in ragged batches.
@Suite struct AnalysisSignalsTests {
    static let recording: Recording = {
        let url = SharedDatasets.repositoryRoot.appendingPathComponent("Datasets/sample")
        do { return try RecordingImporter.load(url) } catch { fatalError("cannot load Datasets/sample: \(error)") }
    }()

    @Test(arguments: [1, 2])
    func impactHighPassIsTheDetectorsFilterOutput(seed: UInt64) throws {
        let accelerometer = try #require(Self.recording.accelerometer)
        let configuration = SwingAnalyzerConfiguration.baseball
        let signals = AnalysisSignals.impactHighPass(accelerometer, configuration: configuration)
        #expect(signals.highPassed.count == accelerometer.count)

        // Ragged batches no longer than the detector's ring: after each, the ring holds the batch's filtered
        // samples, so every sample of the recording is compared.
        var detector = ImpactDetector(configuration: configuration)
        var generator = SplitMix64(seed: seed)
        var start = 0
        var compared = 0
        var mismatches = 0
        for size in generator.chunkSizes(total: accelerometer.count, maxChunk: 300) {
            accelerometer.withColumns(start..<(start + size)) { detector.process($0) }
            start += size
            let ring = detector.storage
            guard start >= ImpactDetector.rateMeasurementSamples else { continue }
            for index in max(0, start - size)..<start {
                let slot = index & ring.mask
                compared += 1
                if ring.highPassed[slot] != signals.highPassed[index]
                    || ring.magnitudes[slot] != signals.magnitude[index]
                {
                    mismatches += 1
                }
            }
        }
        #expect(compared > accelerometer.count - 400)
        #expect(mismatches == 0)
        let held = 0..<accelerometer.count
        // Not the raw signal: gravity (≈ 1 g) is gone from the high-passed z.
        let meanZ = held.map { Double(signals.highPassed[$0].z) }.reduce(0, +) / Double(held.count)
        #expect(abs(meanZ) < 0.05)
    }

    @Test func rotationIsTheSwingLogicsRotationAlongGravity() throws {
        let deviceMotion = try #require(Self.recording.deviceMotion)
        let signal = try #require(AnalysisSignals.rotationAlongGravity(deviceMotion))
        #expect(signal.reference == .gravity)
        #expect(signal.values.count == deviceMotion.count)

        var analyzer = SwingAnalyzer(configuration: .baseball, streams: [.deviceMotion])
        var output = SwingAnalysisResult()
        for batch in Self.recording.batchRanges() where batch.stream == .deviceMotion {
            analyzer.feed(deviceMotion: deviceMotion, range: batch.range, into: &output)
        }
        let ring = analyzer.rotationRing
        #expect(ring.count == deviceMotion.count)
        var mismatches = 0
        for index in ring.firstIndex..<ring.count where ring[index].alongGravity != signal.values[index] {
            mismatches += 1
        }
        #expect(mismatches == 0)
        // The swings' peaks are on this curve: each swing's peak |rotation| is reached by the signal.
        let peak = signal.values.map(abs).max() ?? 0
        #expect(peak > 5)
    }

    @Test func withoutGravityTheAttitudeGivesTheSameAxis() throws {
        var deviceMotion = try #require(Self.recording.deviceMotion)
        let withGravity = try #require(AnalysisSignals.rotationAlongGravity(deviceMotion))
        deviceMotion.gravityX = []
        deviceMotion.gravityY = []
        deviceMotion.gravityZ = []
        let fromAttitude = try #require(AnalysisSignals.rotationAlongGravity(deviceMotion))
        #expect(fromAttitude.reference == .attitude)
        let worst = zip(withGravity.values, fromAttitude.values).map { abs($0 - $1) }.max() ?? 0
        #expect(worst < 0.05)
    }
}
