import SwingSimulation
import SwingAnalysis

/// How well detected swings agree with the ground truth: detection counts, precision and recall, contact
/// classification, and timing errors (detected − true) of impact, onset (start) and time to contact.
///
/// Matching (one-to-one, greedy by smallest time difference): a detection and a true swing are candidates when
/// both have an impact and the impacts differ by at most `tolerance.impact`, or otherwise when their starts differ
/// by at most `tolerance.start`. Unmatched detections are false positives (those within `tolerance.start` of a
/// distractor's [time, end] are also counted per distractor kind); unmatched true swings are false negatives.
/// Contact classification is scored over matched pairs; impact and time-to-contact errors over matched pairs
/// where both sides have an impact; start errors over all matched pairs.
public struct AccuracyReport: Sendable, Codable, Equatable {
    /// Matching tolerances, s.
    public struct Tolerance: Sendable, Codable, Equatable {
        /// Largest |detected − true| impact time for a match, s.
        public var impact: Double
        /// Largest |detected − true| start time for a match (when either side has no impact), s.
        public var start: Double

        public init(impact: Double = 0.05, start: Double = 0.1) {
            self.impact = impact
            self.start = start
        }
    }

    /// A true swing without a matching detection.
    public struct MissedSwing: Sendable, Codable, Equatable {
        public var kind: TrueSwing.Kind
        public var start: Double
        public var impact: Double?
    }

    /// A matched pair whose contact flag disagrees.
    public struct Misclassification: Sendable, Codable, Equatable {
        public var kind: TrueSwing.Kind
        public var start: Double
        /// `nil` when the analysis could not tell (the accelerometer did not cover the swing).
        public var detectedContact: Bool?
    }

    /// A detection without a matching true swing.
    public struct FalseDetection: Sendable, Codable, Equatable {
        public var start: Double
        public var impact: Double?
        /// Kind of the distractor it fell on, if any.
        public var distractor: TrueDistractor.Kind?
    }

    public var tolerance: Tolerance
    /// Number of recordings scored.
    public var sessions: Int
    /// True swings in the truth.
    public var trueSwings: Int
    /// Detections scored.
    public var detections: Int
    public var truePositives: Int
    public var falsePositives: Int
    public var falseNegatives: Int
    /// Matched pairs whose contact flag agrees.
    public var contactCorrect: Int
    /// Impact timing error, ms.
    public var impact: TimingErrorSummary
    /// Onset (start) timing error, ms.
    public var start: TimingErrorSummary
    /// Time-to-contact error, ms.
    public var timeToContact: TimingErrorSummary
    /// Every miss, false detection and misclassification, for diagnosis.
    public var missed: [MissedSwing]
    public var falseDetections: [FalseDetection]
    public var misclassified: [Misclassification]

    /// TP / (TP + FP); 1 when nothing was detected.
    public var precision: Double {
        truePositives + falsePositives == 0 ? 1 : Double(truePositives) / Double(truePositives + falsePositives)
    }

    /// TP / (TP + FN); 1 when there was nothing to detect.
    public var recall: Double {
        truePositives + falseNegatives == 0 ? 1 : Double(truePositives) / Double(truePositives + falseNegatives)
    }

    /// Share of matched pairs with the right contact flag; 1 when nothing matched.
    public var contactAccuracy: Double {
        truePositives == 0 ? 1 : Double(contactCorrect) / Double(truePositives)
    }

    /// False positives that fell on distractors.
    public var falsePositivesOnDistractors: Int { falseDetections.filter { $0.distractor != nil }.count }
}
