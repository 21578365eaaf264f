import Foundation
import SwingAnalysis
import SwingSimulation

/// Scores analyzer swings against SwingSimulation truth: matching, timing errors, precision/recall, contact
/// classification. (Kept local so that the analyzer's thresholds do not depend on the simulator's own report.)
struct AccuracyMeasurement {
    var impactErrors: [Double] = []
    var onsetErrors: [Double] = []
    var timeToContactErrors: [Double] = []
    var truePositives = 0
    var falsePositives = 0
    var falseNegatives = 0
    var contactCorrect = 0
    var notes: [String] = []

    /// Adds one session: a detected swing matches the true swing whose start (or impact) is nearest, within
    /// 0.1 s of the start or 0.02 s of the impact.
    mutating func add(_ swings: [Swing], truth: GroundTruth, label: String) {
        var used = Set<Int>()
        for trueSwing in truth.swings {
            var best: Int?
            var bestDistance = Double.infinity
            for (index, swing) in swings.enumerated() where !used.contains(index) {
                var distance = Swift.abs(swing.start - trueSwing.start)
                if let a = swing.impact, let b = trueSwing.impact, Swift.abs(a - b) < 0.02 { distance = Swift.min(distance, Swift.abs(a - b)) }
                if distance < bestDistance {
                    bestDistance = distance
                    best = index
                }
            }
            guard let best, bestDistance < 0.1 else {
                falseNegatives += 1
                notes.append("\(label): missed \(trueSwing.kind) at \(trueSwing.start) peak \(trueSwing.peakRotationRate) acc \(trueSwing.accumulatedRotation)")
                continue
            }
            used.insert(best)
            truePositives += 1
            let swing = swings[best]
            if swing.contact == trueSwing.contact {
                contactCorrect += 1
            } else {
                notes.append("\(label): contact \(swing.contact) for \(trueSwing.kind) at \(trueSwing.start)")
            }
            onsetErrors.append(swing.start - trueSwing.start)
            if let a = swing.impact, let b = trueSwing.impact {
                impactErrors.append(a - b)
                if Swift.abs(a - b) > 0.002 {
                    notes.append("\(label): impact error \((a - b) * 1000) ms, \(trueSwing.kind) peak \(trueSwing.impactPeak ?? 0) g, detected \(swing.impactPeak ?? 0) sat \(swing.impactSaturated ?? false)")
                }
                if let t = swing.timeToContact, let u = trueSwing.timeToContact { timeToContactErrors.append(t - u) }
            }
        }
        for (index, swing) in swings.enumerated() where !used.contains(index) {
            falsePositives += 1
            let near = truth.distractors.min { Swift.abs($0.time - swing.start) < Swift.abs($1.time - swing.start) }
            notes.append("\(label): false swing at \(swing.start) contact \(swing.contact) peak \(swing.peakRotationRate) acc \(swing.accumulatedRotation ?? -1) dur \(swing.duration ?? -1) near \(near.map { "\($0.kind) \($0.time)" } ?? "-")")
        }
    }

    var precision: Double { Double(truePositives) / Double(Swift.max(1, truePositives + falsePositives)) }
    var recall: Double { Double(truePositives) / Double(Swift.max(1, truePositives + falseNegatives)) }
    var contactAccuracy: Double { Double(contactCorrect) / Double(Swift.max(1, truePositives)) }

    static func median(_ values: [Double]) -> Double { percentile(values, 0.5) }
    static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let position = p * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = Swift.min(sorted.count - 1, lower + 1)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
    }
    static func medianAbsolute(_ values: [Double]) -> Double { median(values.map { Swift.abs($0) }) }
    static func p95Absolute(_ values: [Double]) -> Double { percentile(values.map { Swift.abs($0) }, 0.95) }

    var table: String {
        func row(_ name: String, _ e: [Double]) -> String {
            String(
                format: "%-15@ n=%4d  median|e| %7.2f ms  p95|e| %7.2f ms  bias %+7.2f ms", name as NSString, e.count,
                Self.medianAbsolute(e) * 1000, Self.p95Absolute(e) * 1000, Self.median(e) * 1000)
        }
        return [
            row("impact", impactErrors), row("onset", onsetErrors), row("timeToContact", timeToContactErrors),
            String(
                format: "precision %.4f  recall %.4f  contact %.4f  (TP %d FP %d FN %d)", precision, recall,
                contactAccuracy, truePositives, falsePositives, falseNegatives),
        ].joined(separator: "\n")
    }
}
