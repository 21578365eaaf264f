import SwingSimulation
import SwingAnalysis

extension AccuracyReport {
    /// Scores `detected` swings of one recording against its `truth` (see ``AccuracyReport`` for the rules).
    public static func score(
        detected: [Swing], truth: GroundTruth, tolerance: Tolerance = Tolerance()
    ) -> AccuracyReport {
        // Candidate pairs with their time difference.
        var candidates: [(distance: Double, detection: Int, truth: Int)] = []
        for (d, swing) in detected.enumerated() {
            for (t, real) in truth.swings.enumerated() {
                if let detectedImpact = swing.impact, let trueImpact = real.impact {
                    let distance = abs(detectedImpact - trueImpact)
                    if distance <= tolerance.impact { candidates.append((distance, d, t)) }
                } else {
                    let distance = abs(swing.start - real.start)
                    if distance <= tolerance.start { candidates.append((distance, d, t)) }
                }
            }
        }
        candidates.sort {
            ($0.distance, $0.detection, $0.truth) < ($1.distance, $1.detection, $1.truth)
        }
        var detectionMatched = [Int?](repeating: nil, count: detected.count)
        var truthMatched = [Bool](repeating: false, count: truth.swings.count)
        for candidate in candidates where detectionMatched[candidate.detection] == nil {
            guard !truthMatched[candidate.truth] else { continue }
            detectionMatched[candidate.detection] = candidate.truth
            truthMatched[candidate.truth] = true
        }

        var impactErrors: [Double] = []
        var startErrors: [Double] = []
        var timeToContactErrors: [Double] = []
        var contactCorrect = 0
        var misclassified: [Misclassification] = []
        var falseDetections: [FalseDetection] = []
        // Walk detections in time order so the error lists are in a stable order.
        let order = detected.indices.sorted { detected[$0].start < detected[$1].start }
        for d in order {
            let swing = detected[d]
            guard let t = detectionMatched[d] else {
                let anchor = swing.impact ?? swing.start
                let distractor = truth.distractors.first {
                    anchor >= $0.time - tolerance.start && anchor <= $0.end + tolerance.start
                }
                falseDetections.append(
                    FalseDetection(start: swing.start, impact: swing.impact, distractor: distractor?.kind))
                continue
            }
            let real = truth.swings[t]
            startErrors.append(swing.start - real.start)
            if swing.contact == real.contact {
                contactCorrect += 1
            } else {
                misclassified.append(
                    Misclassification(kind: real.kind, start: real.start, detectedContact: swing.contact))
            }
            if let detectedImpact = swing.impact, let trueImpact = real.impact {
                impactErrors.append(detectedImpact - trueImpact)
                let detectedTimeToContact = swing.timeToContact ?? (detectedImpact - swing.start)
                timeToContactErrors.append(detectedTimeToContact - (trueImpact - real.start))
            }
        }
        let missed = truth.swings.indices.filter { !truthMatched[$0] }.map {
            MissedSwing(kind: truth.swings[$0].kind, start: truth.swings[$0].start, impact: truth.swings[$0].impact)
        }
        let truePositives = truthMatched.filter { $0 }.count
        return AccuracyReport(
            tolerance: tolerance, sessions: 1, trueSwings: truth.swings.count, detections: detected.count,
            truePositives: truePositives, falsePositives: detected.count - truePositives,
            falseNegatives: truth.swings.count - truePositives, contactCorrect: contactCorrect,
            impact: TimingErrorSummary(errorsSeconds: impactErrors),
            start: TimingErrorSummary(errorsSeconds: startErrors),
            timeToContact: TimingErrorSummary(errorsSeconds: timeToContactErrors), missed: missed,
            falseDetections: falseDetections, misclassified: misclassified)
    }

    /// Combines the reports of several recordings: counts add up, timing statistics are recomputed over all
    /// errors. The tolerance is taken from the first report.
    public init(combining reports: [AccuracyReport]) {
        self.init(
            tolerance: reports.first?.tolerance ?? Tolerance(), sessions: reports.map(\.sessions).reduce(0, +),
            trueSwings: reports.map(\.trueSwings).reduce(0, +), detections: reports.map(\.detections).reduce(0, +),
            truePositives: reports.map(\.truePositives).reduce(0, +),
            falsePositives: reports.map(\.falsePositives).reduce(0, +),
            falseNegatives: reports.map(\.falseNegatives).reduce(0, +),
            contactCorrect: reports.map(\.contactCorrect).reduce(0, +),
            impact: TimingErrorSummary(errorsMilliseconds: reports.flatMap(\.impact.errorsMilliseconds)),
            start: TimingErrorSummary(errorsMilliseconds: reports.flatMap(\.start.errorsMilliseconds)),
            timeToContact: TimingErrorSummary(
                errorsMilliseconds: reports.flatMap(\.timeToContact.errorsMilliseconds)),
            missed: reports.flatMap(\.missed), falseDetections: reports.flatMap(\.falseDetections),
            misclassified: reports.flatMap(\.misclassified))
    }
}
