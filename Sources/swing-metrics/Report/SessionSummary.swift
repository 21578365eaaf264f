import Foundation
import SwingAnalysis

/// The median and quartiles of one session's values (times to contact, s; peak rotation rates, rad/s), computed as
/// numpy's default percentile (linear interpolation between order statistics: the median of an even count is the
/// mean of the two middle values).
struct Spread: Sendable, Equatable {
    var count: Int
    var lowerQuartile: Double
    var median: Double
    var upperQuartile: Double

    /// `nil` for no values; non-finite values are left out.
    init?(_ values: [Double]) {
        let sorted = values.filter(\.isFinite).sorted()
        guard !sorted.isEmpty else { return nil }
        count = sorted.count
        lowerQuartile = Self.percentile(sorted, 0.25)
        median = Self.percentile(sorted, 0.5)
        upperQuartile = Self.percentile(sorted, 0.75)
    }

    /// The `fraction` percentile of ascending `sorted` (non-empty), interpolated linearly.
    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        let position = fraction * Double(sorted.count - 1)
        let below = Int(position.rounded(.down))
        let above = min(below + 1, sorted.count - 1)
        let weight = position - Double(below)
        return sorted[below] + (sorted[above] - sorted[below]) * weight
    }
}

/// One session (one recording) of a season report: what `analyze` found, reduced to the season's figures.
struct SessionSummary: Sendable {
    /// The recording's path as given or found.
    var recording: String
    /// When the recording started (its metadata), if known.
    var startDate: Date?
    /// s; `nil` when the recording could not be read.
    var duration: Double?
    var dataCase: String?
    /// Why the recording could not be read or analysed; `nil` on success.
    var error: String?
    /// Swings found (impacts, for accelerometer-only data).
    var swings: Int
    /// Swings with contact.
    var contacts: Int
    /// Swings whose contact is known (an accelerometer covers them); the contact rate's denominator.
    var swingsWithKnownContact: Int
    /// Time to contact of the swings with contact, s.
    var timeToContact: Spread?
    /// Peak rotation rate of the swings, rad/s.
    var peakRotationRate: Spread?
    /// The per-recording report's location relative to the season page (a relative URL, percent-encoded).
    var reportLink: String

    init(analysis: RecordingAnalysis, startDate: Date?, reportLink: String) {
        recording = analysis.recording
        self.startDate = startDate
        duration = analysis.duration
        dataCase = analysis.dataCase
        error = analysis.error
        self.reportLink = reportLink
        swings = analysis.swings.count
        let impactsOnly = analysis.dataCase == "accelerometerOnly"
        contacts = impactsOnly ? 0 : analysis.swings.filter { $0.contact == true }.count
        swingsWithKnownContact = impactsOnly ? 0 : analysis.swings.filter { $0.contact != nil }.count
        timeToContact = Spread(analysis.swings.compactMap(\.timeToContact))
        peakRotationRate = impactsOnly ? nil : Spread(analysis.swings.map(\.peakRotationRate))
    }

    /// Share of swings with contact, 0…1; `nil` without swings, and for accelerometer-only data (impacts only:
    /// no swing without contact can be seen).
    var contactRate: Double? {
        guard swingsWithKnownContact > 0, dataCase != "accelerometerOnly", error == nil else { return nil }
        return Double(contacts) / Double(swingsWithKnownContact)
    }
}

extension SessionSummary {
    /// The fewest swings a session needs to be ranked among the best and worst (fewer say little about a rate).
    static let minimumRankedSwings = 5

    /// Sessions ranked from best to worst: by contact rate, then by the shorter median time to contact (a quicker
    /// swing), then by more swings. Only sessions with a contact rate and at least ``minimumRankedSwings`` swings
    /// are ranked — all sessions with a contact rate when none has that many.
    static func ranked(_ sessions: [SessionSummary]) -> [SessionSummary] {
        let rated = sessions.filter { $0.contactRate != nil }
        let enough = rated.filter { $0.swings >= minimumRankedSwings }
        return (enough.isEmpty ? rated : enough).sorted { a, b in
            if a.contactRate! != b.contactRate! { return a.contactRate! > b.contactRate! }
            let (ta, tb) = (a.timeToContact?.median ?? .infinity, b.timeToContact?.median ?? .infinity)
            if ta != tb { return ta < tb }
            if a.swings != b.swings { return a.swings > b.swings }
            return a.recording < b.recording
        }
    }
}
