import Foundation
import SwingAnalysis
import Testing

@testable import swing_metrics

@Suite struct SessionSummaryTests {
    /// numpy.percentile([...], [25, 50, 75]) (linear interpolation, numpy's default), by hand:
    /// [1, 2, 3, 4] → 1.75, 2.5, 3.25; [5, 1, 3] → 2, 3, 4; [0.2] → 0.2 thrice.
    @Test func spreadIsNumpysDefaultPercentile() throws {
        let four = try #require(Spread([4, 1, 3, 2]))
        #expect((four.lowerQuartile, four.median, four.upperQuartile) == (1.75, 2.5, 3.25))
        #expect(four.count == 4)
        let three = try #require(Spread([5, 1, 3, .nan]))
        #expect((three.lowerQuartile, three.median, three.upperQuartile, three.count) == (2, 3, 4, 3))
        let one = try #require(Spread([0.2]))
        #expect((one.lowerQuartile, one.median, one.upperQuartile) == (0.2, 0.2, 0.2))
        #expect(Spread([]) == nil)
        #expect(Spread([.infinity]) == nil)
    }

    static func swing(contact: Bool, ttc: Double?, peak: Double) -> Swing {
        Swing(
            start: 10, impact: contact ? 10 + (ttc ?? 0) : nil, timeToContact: contact ? ttc : nil, contact: contact,
            peakRotationRate: peak)
    }

    static func session(_ name: String, hits: Int, misses: Int, ttc: Double = 0.15, dataCase: String = "full")
        -> SessionSummary
    {
        let swings = (0..<hits).map { _ in swing(contact: true, ttc: ttc, peak: 20) }
            + (0..<misses).map { _ in swing(contact: false, ttc: nil, peak: 18) }
        let analysis = RecordingAnalysis(
            recording: name, duration: 60, swings: swings, issues: [], dataCase: dataCase, error: nil)
        return SessionSummary(analysis: analysis, startDate: nil, reportLink: "r/\(name).html")
    }

    @Test func summaryCountsContactsAndSpreads() throws {
        let swings = [
            Self.swing(contact: true, ttc: 0.14, peak: 21), Self.swing(contact: true, ttc: 0.16, peak: 25),
            Self.swing(contact: false, ttc: nil, peak: 17), Self.swing(contact: true, ttc: 0.20, peak: 30),
        ]
        let analysis = RecordingAnalysis(
            recording: "a.npz", duration: 61.5, swings: swings, issues: [], dataCase: "full", error: nil)
        let summary = SessionSummary(analysis: analysis, startDate: nil, reportLink: "x.html")
        #expect(summary.swings == 4 && summary.contacts == 3)
        #expect(summary.contactRate == 0.75)
        #expect(summary.timeToContact == Spread([0.14, 0.16, 0.20]))
        #expect(summary.timeToContact?.median == 0.16)
        #expect(summary.peakRotationRate?.median == 23)  // (21 + 25) / 2
        // Accelerometer-only data: impacts, no contact rate.
        let impacts = Self.session("b", hits: 3, misses: 0, dataCase: "accelerometerOnly")
        #expect(impacts.contactRate == nil && impacts.contacts == 0 && impacts.peakRotationRate == nil)
    }

    @Test func rankingIsByContactRateThenQuickerSwingThenMoreSwings() {
        let sessions = [
            Self.session("low", hits: 2, misses: 8),
            Self.session("high-slow", hits: 8, misses: 2, ttc: 0.18),
            Self.session("high-quick", hits: 8, misses: 2, ttc: 0.14),
            Self.session("few", hits: 3, misses: 0),  // fewer than 5 swings: not ranked while others qualify
            Self.session("impacts", hits: 9, misses: 0, dataCase: "accelerometerOnly"),
            Self.session("mid", hits: 6, misses: 4),
        ]
        #expect(SessionSummary.ranked(sessions).map(\.recording) == ["high-quick", "high-slow", "mid", "low"])
        // With no session of 5 swings, all rated sessions are ranked.
        let small = [Self.session("a", hits: 1, misses: 1), Self.session("b", hits: 2, misses: 0)]
        #expect(SessionSummary.ranked(small).map(\.recording) == ["b", "a"])
    }
}
