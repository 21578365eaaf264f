import SwingSimulation
import Foundation

extension AccuracyReport: CustomStringConvertible {
    /// A readable table: detection counts and rates, then timing errors in milliseconds.
    public var description: String {
        func rate(_ x: Double) -> String { String(format: "%.4f", x) }
        func signed(_ x: Double) -> String { String(format: "%+.2f", x) }
        func plain(_ x: Double) -> String { String(format: "%.2f", x) }
        func pad(_ s: String, _ width: Int) -> String {
            s.count >= width ? s : String(repeating: " ", count: width - s.count) + s
        }
        var lines: [String] = []
        lines.append(
            "Accuracy over \(sessions) recording\(sessions == 1 ? "" : "s"): \(trueSwings) true swings, "
                + "\(detections) detections")
        lines.append(
            "  swings    TP \(truePositives)  FP \(falsePositives)  FN \(falseNegatives)   precision "
                + "\(rate(precision))  recall \(rate(recall))")
        lines.append("  contact   \(contactCorrect)/\(truePositives) correct   accuracy \(rate(contactAccuracy))")
        if !missed.isEmpty {
            let kinds = Dictionary(grouping: missed, by: \.kind.rawValue).map { "\($0.key) \($0.value.count)" }
            lines.append("  missed    " + kinds.sorted().joined(separator: ", "))
        }
        let onDistractors = falseDetections.compactMap { $0.distractor?.rawValue }
        if !onDistractors.isEmpty {
            let kinds = Dictionary(grouping: onDistractors, by: { $0 }).map { "\($0.key) \($0.value.count)" }
            lines.append("  false positives on distractors: " + kinds.sorted().joined(separator: ", "))
        }
        lines.append("")
        lines.append(
            "  timing (detected − true), ms" + pad("n", 7) + pad("median|e|", 11) + pad("p95|e|", 9)
                + pad("mean", 9) + pad("median", 9) + pad("max|e|", 9))
        for (name, s) in [("impact", impact), ("start (onset)", start), ("time to contact", timeToContact)] {
            let label = "  " + name + String(repeating: " ", count: max(0, 28 - name.count))
            lines.append(
                label + pad("\(s.count)", 7) + pad(plain(s.medianAbsoluteMilliseconds), 11)
                    + pad(plain(s.p95AbsoluteMilliseconds), 9) + pad(signed(s.meanMilliseconds), 9)
                    + pad(signed(s.medianMilliseconds), 9) + pad(plain(s.maxAbsoluteMilliseconds), 9))
        }
        return lines.joined(separator: "\n")
    }
}
