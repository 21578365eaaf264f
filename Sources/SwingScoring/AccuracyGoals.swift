import SwingSimulation
import Foundation

/// Targets for an ``AccuracyReport`` (defaults: issue #4 §2–§4). Timing limits in milliseconds.
public struct AccuracyGoals: Sendable, Codable, Equatable {
    public var impactMedianMilliseconds: Double
    public var impactP95Milliseconds: Double
    public var startMedianMilliseconds: Double
    public var startP95Milliseconds: Double
    public var timeToContactMedianMilliseconds: Double
    public var timeToContactP95Milliseconds: Double
    public var precision: Double
    public var recall: Double
    public var contactAccuracy: Double

    public init(
        impactMedianMilliseconds: Double = 1.25, impactP95Milliseconds: Double = 2.5,
        startMedianMilliseconds: Double = 5, startP95Milliseconds: Double = 20,
        timeToContactMedianMilliseconds: Double = 5, timeToContactP95Milliseconds: Double = 20,
        precision: Double = 0.99, recall: Double = 0.99, contactAccuracy: Double = 0.99
    ) {
        self.impactMedianMilliseconds = impactMedianMilliseconds
        self.impactP95Milliseconds = impactP95Milliseconds
        self.startMedianMilliseconds = startMedianMilliseconds
        self.startP95Milliseconds = startP95Milliseconds
        self.timeToContactMedianMilliseconds = timeToContactMedianMilliseconds
        self.timeToContactP95Milliseconds = timeToContactP95Milliseconds
        self.precision = precision
        self.recall = recall
        self.contactAccuracy = contactAccuracy
    }

    /// The goals of issue #4: impact median |e| ≤ 1.25 ms and p95 ≤ 2.5 ms; onset and time to contact median
    /// ≤ 5 ms and p95 ≤ 20 ms; precision, recall and contact classification ≥ 0.99.
    public static let issue4 = AccuracyGoals()
}

extension AccuracyReport {
    /// One line per goal the report misses (empty: every goal met), e.g.
    /// "start p95 |error| 23.10 ms > 20.00 ms".
    public func unmetGoals(_ goals: AccuracyGoals = .issue4) -> [String] {
        var failures: [String] = []
        func check(_ name: String, _ value: Double, atMost limit: Double) {
            if value > limit { failures.append(name + " " + fixed(value) + " ms > " + fixed(limit) + " ms") }
        }
        func check(_ name: String, _ value: Double, atLeast limit: Double) {
            if value < limit { failures.append(name + " " + fixed(value, 4) + " < " + fixed(limit, 4)) }
        }
        check("impact median |error|", impact.medianAbsoluteMilliseconds, atMost: goals.impactMedianMilliseconds)
        check("impact p95 |error|", impact.p95AbsoluteMilliseconds, atMost: goals.impactP95Milliseconds)
        check("start median |error|", start.medianAbsoluteMilliseconds, atMost: goals.startMedianMilliseconds)
        check("start p95 |error|", start.p95AbsoluteMilliseconds, atMost: goals.startP95Milliseconds)
        check(
            "time to contact median |error|", timeToContact.medianAbsoluteMilliseconds,
            atMost: goals.timeToContactMedianMilliseconds)
        check(
            "time to contact p95 |error|", timeToContact.p95AbsoluteMilliseconds,
            atMost: goals.timeToContactP95Milliseconds)
        check("precision", precision, atLeast: goals.precision)
        check("recall", recall, atLeast: goals.recall)
        check("contact accuracy", contactAccuracy, atLeast: goals.contactAccuracy)
        return failures
    }
}

private func fixed(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }
