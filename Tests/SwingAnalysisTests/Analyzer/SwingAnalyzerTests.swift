import Foundation
import MotionRecording
import SwingAnalysis
import Testing
import _TestSupport

@Suite struct SwingAnalyzerTests {
    static let builder = TestRecordingBuilder.standard()
    static let recording = builder.make()

    @Test func findsHitsAndMissNotClap() throws {
        let result = SwingAnalyzer.analyze(Self.recording)
        #expect(result.dataCase == .full)
        #expect(result.swings.count == 4)
        #expect(result.swings.map(\.contact) == [true, false, true, true])
        let starts = Self.builder.events.filter { $0.kind != .clap }.map { 100 + $0.start }
        for (swing, start) in zip(result.swings, starts) {
            #expect(Swift.abs(swing.start - start) < 0.01, "start \(swing.start) vs \(start)")
        }
        let impacts = Self.builder.events.filter { $0.kind == .hit }.map { 100 + $0.start + $0.timeToContact }
        for (swing, impact) in zip(result.swings.filter { $0.contact == true }, impacts) {
            #expect(Swift.abs(swing.impact! - impact) < 0.0025, "impact \(swing.impact!) vs \(impact)")
        }
        #expect(result.unmatchedImpacts.count == 1)
    }

    /// The analyzer is a value: a copy fed other samples (device motion with the rotation reversed, in batches
    /// alternating with the original's, so that both write the same ring slots between each other's reads) leaves
    /// the original's swings unchanged, and the copy finds what a fresh analyzer fed the same samples finds.
    @Test func aCopiedAnalyzerIsIndependent() throws {
        let reference = SwingAnalyzer.analyze(Self.recording)
        let accelerometer = try #require(Self.recording.accelerometer)
        let deviceMotion = try #require(Self.recording.deviceMotion)
        var reversed = deviceMotion
        (reversed.rotationRateX, reversed.rotationRateY, reversed.rotationRateZ) = (
            deviceMotion.rotationRateX.map { -$0 }, deviceMotion.rotationRateY.map { -$0 },
            deviceMotion.rotationRateZ.map { -$0 }
        )
        let half = deviceMotion.count / 2
        func firstHalf() -> (SwingAnalyzer, SwingAnalysisResult) {
            var analyzer = SwingAnalyzer(configuration: .baseball)
            var output = SwingAnalysisResult()
            analyzer.feed(accelerometer: accelerometer, into: &output)
            analyzer.feed(deviceMotion: deviceMotion, range: 0..<half, into: &output)
            return (analyzer, output)
        }
        var (original, output) = firstHalf()
        var (copy, copyOutput) = (original, output)
        var (fresh, freshOutput) = firstHalf()
        for start in stride(from: half, to: deviceMotion.count, by: 200) {
            let batch = start..<Swift.min(start + 200, deviceMotion.count)
            original.feed(deviceMotion: deviceMotion, range: batch, into: &output)
            copy.feed(deviceMotion: reversed, range: batch, into: &copyOutput)
            fresh.feed(deviceMotion: reversed, range: batch, into: &freshOutput)
        }
        original.finish(into: &output)
        copy.finish(into: &copyOutput)
        fresh.finish(into: &freshOutput)
        #expect(output.swings == reference.swings)
        #expect(copyOutput.swings == freshOutput.swings)
        #expect(copyOutput.swings != reference.swings, "the reversed copy must see something else")
    }

    /// An impact no swing can claim (the clap, in quiet device motion) is reported with the first device-motion
    /// batch that passes its match window, not later: quiet device motion advances the analyzer's device-motion
    /// clock as much as a swing does.
    @Test func unmatchedImpactIsReportedOnceDeviceMotionPassesIt() throws {
        let accelerometer = try #require(Self.recording.accelerometer)
        let deviceMotion = try #require(Self.recording.deviceMotion)
        let clap = try #require(Self.builder.events.first { $0.kind == .clap }).start + 100
        var analyzer = SwingAnalyzer(configuration: .baseball)
        var output = SwingAnalysisResult()
        analyzer.feed(accelerometer: accelerometer, into: &output)
        var previousLastTime = -Double.infinity
        for start in stride(from: 0, to: deviceMotion.count, by: 20) {
            let batch = start..<Swift.min(start + 20, deviceMotion.count)
            analyzer.feed(deviceMotion: deviceMotion, range: batch, into: &output)
            let lastTime = deviceMotion.timestamps[batch.upperBound - 1]
            if let reported = output.unmatchedImpacts.first(where: { Swift.abs($0 - clap) < 0.01 }) {
                // Device motion up to `matchEnd` could still bring a swing that claims it.
                let matchEnd = reported + SwingAnalyzerConfiguration.baseball.impactMatchBefore
                #expect(lastTime >= matchEnd, "reported before device motion passed the clap")
                #expect(previousLastTime < matchEnd, "reported a batch late")
                return
            }
            previousLastTime = lastTime
        }
        Issue.record("the clap was not reported before the end of the data")
    }
}
