import Foundation
import MotionRecording
import SwingAnalysis
import Testing
import _TestSupport

/// The real tennis rally among the shared datasets (`SharedDatasets`; seven forehands, accelerometer only): seven
/// impacts, nothing else.
@Suite struct SwingAnalyzerRealRecordingTests {
    static let file = SharedDatasets.file("tennis-motion/forehand-seven-shots-accelerometer.csv")

    /// Reads the raw CMBatchedSensorManager dump (rows `t,x,y,z`; an empty line after each batch).
    static func load(_ url: URL) throws -> Recording {
        let text = try String(contentsOf: url, encoding: .utf8)
        var data = AccelerometerData()
        var ends: [Int] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let fields = line.split(separator: ",")
            if fields.count == 4, let t = Double(fields[0]), let x = Float(fields[1]), let y = Float(fields[2]),
                let z = Float(fields[3])
            {
                data.append(timestamp: t, x: x, y: y, z: z)
            } else if line.trimmingCharacters(in: .whitespaces).isEmpty, data.count > (ends.last ?? 0) {
                ends.append(data.count)
            }
        }
        if ends.last != data.count { ends.append(data.count) }
        return Recording(accelerometer: data, accelerometerBatchEnds: ends)
    }

    @Test(.enabled(if: file != nil)) func sevenForehandsGiveSevenImpacts() throws {
        let recording = try Self.load(#require(Self.file))
        #expect(recording.accelerometer!.count == 15_632)
        let result = SwingAnalyzer.analyze(recording, configuration: .tennis)
        #expect(result.dataCase == .accelerometerOnly)
        #expect(result.swings.count == 7)
        let start = recording.accelerometer!.timestamps[0]
        let offsets = result.swings.compactMap { $0.impact.map { $0 - start } }
        // The shots are about 1.8–2.6 s apart; peaks of 16–41 g high-passed.
        let expected = [3.47, 5.31, 7.16, 9.72, 11.61, 13.45, 16.08]
        for (offset, near) in zip(offsets, expected) { #expect(Swift.abs(offset - near) < 0.02, "\(offset)") }
        #expect(result.swings.allSatisfy { ($0.impactPeak ?? 0) > 10 })
    }

    @Test(.enabled(if: file != nil)) func sevenForehandsAreBatchInvariant() throws {
        let recording = try Self.load(#require(Self.file))
        let reference = SwingAnalyzer.analyze(recording, configuration: .tennis)
        var random = SplitMix64(seed: 11)
        let data = recording.accelerometer!
        var analyzer = SwingAnalyzer(configuration: .tennis, streams: [.accelerometer])
        var output = SwingAnalysisResult()
        var start = 0
        for size in random.chunkSizes(total: data.count, maxChunk: 900) {
            analyzer.feed(accelerometer: data[start..<(start + size)], into: &output)
            start += size
        }
        analyzer.finish(into: &output)
        #expect(output.swings == reference.swings)
    }
}
