import Foundation
import MotionRecording
import Testing
import _TestSupport

@testable import SwingAnalysis

/// The impact high-pass kept over windows only is the whole-recording high-pass at the same samples, bit for bit,
/// whatever the chunk size and however the windows lie (overlapping, across chunk boundaries, at the first and last
/// sample, empty, past the end, out of order).
@Suite struct AnalysisSignalsWindowsTests {
    static let recording = AnalysisSignalsTests.recording

    @Test(arguments: [1, 997, 1 << 14])
    func windowsHoldTheWholeRecordingsValues(chunkSamples: Int) throws {
        let accelerometer = try #require(Self.recording.accelerometer)
        let count = accelerometer.count
        let configuration = SwingAnalyzerConfiguration.baseball
        let whole = AnalysisSignals.impactHighPass(accelerometer, configuration: configuration)
        let windows = [
            5000..<5400, 0..<40, 5200..<5300, (count - 250)..<count, 996..<1999, 3000..<3000, 4100..<4101,
            (count - 10)..<(count + 50),
        ]
        let kept = AnalysisSignals.impactHighPass(
            RecordingSource(Self.recording), windows: windows, configuration: configuration, chunkSamples: chunkSamples)
        #expect(kept.count == windows.count)
        for (window, values) in zip(windows, kept) {
            let range = window.lowerBound..<min(window.upperBound, count)
            #expect(values.highPassed == Array(whole.highPassed[range]), "window \(window)")
            #expect(values.magnitude == Array(whole.magnitude[range]), "window \(window)")
        }
        #expect(kept[5].highPassed.isEmpty)
        #expect(kept[7].magnitude.count == 10)
    }

    @Test func noWindowsOrNoAccelerometerKeepNothing() {
        let configuration = SwingAnalyzerConfiguration.baseball
        #expect(AnalysisSignals.impactHighPass(RecordingSource(Self.recording), windows: [], configuration: configuration)
            .isEmpty)
        var withoutAccelerometer = Self.recording
        withoutAccelerometer.accelerometer = nil
        let kept = AnalysisSignals.impactHighPass(
            RecordingSource(withoutAccelerometer), windows: [0..<10], configuration: configuration)
        #expect(kept.count == 1 && kept[0].highPassed.isEmpty && kept[0].magnitude.isEmpty)
    }
}
