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
        for (swing, impact) in zip(result.swings.filter(\.contact), impacts) {
            #expect(Swift.abs(swing.impact! - impact) < 0.0025, "impact \(swing.impact!) vs \(impact)")
        }
        #expect(result.unmatchedImpacts.count == 1)
    }
}
