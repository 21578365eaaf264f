import Foundation
import SwingAnalysis
import Testing

@testable import SwingScoring
import SwingSimulation

@Suite struct AccuracyReportTests {
    /// Three true swings (hit, miss, foul tip) and one clap.
    static func truth() -> GroundTruth {
        func swing(_ kind: TrueSwing.Kind, _ start: Double, _ impact: Double?) -> TrueSwing {
            TrueSwing(
                kind: kind, start: start, impact: impact, peakRotationRate: 15, peakTime: start + 0.15,
                accumulatedRotation: -3, end: start + 0.5, handedness: .right, impactPeak: impact == nil ? nil : 30,
                impactFrequency: impact == nil ? nil : 180, onsetShape: "powerLaw(p=2.00)", peakSwingAxisRate: 16,
                planeTilt: 0.2)
        }
        return GroundTruth(
            sport: .baseball, wrist: .left, crownSide: .right, handedness: .right, recordingStart: 0,
            recordingEnd: 60,
            swings: [swing(.hit, 10, 10.2), swing(.miss, 20, nil), swing(.foulTip, 30, 30.15)],
            distractors: [TrueDistractor(kind: .clap, time: 40, end: 40.01, peak: 5)])
    }

    static func detection(_ start: Double, _ impact: Double?) -> Swing {
        Swing(
            start: start, impact: impact, timeToContact: impact.map { $0 - start }, contact: impact != nil,
            peakRotationRate: 15)
    }

    @Test func perfectDetectionScoresOne() {
        let detected = Self.truth().swings.map { Self.detection($0.start, $0.impact) }
        let report = AccuracyReport.score(detected: detected, truth: Self.truth())
        #expect(report.truePositives == 3 && report.falsePositives == 0 && report.falseNegatives == 0)
        #expect(report.precision == 1 && report.recall == 1 && report.contactAccuracy == 1)
        #expect(report.impact.count == 2 && report.impact.maxAbsoluteMilliseconds == 0)
        #expect(report.start.count == 3)
        #expect(report.timeToContact.count == 2)
    }

    @Test func oneFalsePositiveOnAClap() {
        var detected = Self.truth().swings.map { Self.detection($0.start, $0.impact) }
        detected.append(Self.detection(39.9, 40.0))
        let report = AccuracyReport.score(detected: detected, truth: Self.truth())
        #expect(report.truePositives == 3 && report.falsePositives == 1 && report.falseNegatives == 0)
        #expect(report.precision == 0.75)
        #expect(report.falsePositivesOnDistractors == 1)
        #expect(report.falseDetections.first?.distractor == .clap)
    }

    @Test func oneFalseNegative() {
        let detected = Self.truth().swings.dropLast().map { Self.detection($0.start, $0.impact) }
        let report = AccuracyReport.score(detected: Array(detected), truth: Self.truth())
        #expect(report.truePositives == 2 && report.falseNegatives == 1 && report.falsePositives == 0)
        #expect(abs(report.recall - 2.0 / 3.0) < 1e-12)
        #expect(report.missed.map(\.kind) == [.foulTip])
    }

    @Test func contactMisclassified() {
        // The foul tip is detected as a swing without contact: matched by start, contact wrong.
        let detected = [Self.detection(10, 10.2), Self.detection(20, nil), Self.detection(30.004, nil)]
        let report = AccuracyReport.score(detected: detected, truth: Self.truth())
        #expect(report.truePositives == 3)
        #expect(report.contactCorrect == 2)
        #expect(abs(report.contactAccuracy - 2.0 / 3.0) < 1e-12)
        #expect(report.misclassified.map(\.kind) == [.foulTip])
        #expect(report.impact.count == 1)
    }

    @Test func knownOffsetsGiveKnownStatistics() {
        // Impact errors +1 ms and −3 ms; start errors +10, −2, +4 ms.
        let detected = [Self.detection(10.010, 10.201), Self.detection(19.998, nil), Self.detection(30.004, 30.147)]
        let report = AccuracyReport.score(detected: detected, truth: Self.truth())
        let tolerance = 1e-6
        #expect(abs(report.impact.medianAbsoluteMilliseconds - 2) < tolerance)
        // p95 of |e| = {1, 3}: 1 + 0.95 · 2 = 2.9 (linear interpolation).
        #expect(abs(report.impact.p95AbsoluteMilliseconds - 2.9) < tolerance)
        #expect(abs(report.impact.meanMilliseconds - (-1)) < tolerance)
        #expect(abs(report.start.medianAbsoluteMilliseconds - 4) < tolerance)
        #expect(abs(report.start.meanMilliseconds - 4) < tolerance)
        #expect(abs(report.start.medianMilliseconds - 4) < tolerance)
        // p95 of |e| = {2, 4, 10}: position 1.9 → 4 + 0.9 · 6 = 9.4.
        #expect(abs(report.start.p95AbsoluteMilliseconds - 9.4) < tolerance)
        // Time to contact errors: (0.191 − 0.2) = −9 ms and (0.143 − 0.15) = −7 ms.
        #expect(abs(report.timeToContact.meanMilliseconds - (-8)) < tolerance)
        #expect(abs(report.timeToContact.maxAbsoluteMilliseconds - 9) < tolerance)
    }

    @Test func matchingIsOneToOneAndOutsideToleranceFails() {
        // Two detections near the same hit: one matches, the other is a false positive; a detection 60 ms
        // from the foul tip's impact does not match.
        let detected = [Self.detection(10, 10.2), Self.detection(10.01, 10.21), Self.detection(30, 30.21)]
        let report = AccuracyReport.score(detected: detected, truth: Self.truth())
        #expect(report.truePositives == 1)
        #expect(report.falsePositives == 2)
        #expect(report.falseNegatives == 2)
        #expect(report.impact.errorsMilliseconds == [0])
    }

    @Test func combiningReportsPoolsErrors() {
        let a = AccuracyReport.score(
            detected: [Self.detection(10, 10.201), Self.detection(20, nil), Self.detection(30, 30.15)],
            truth: Self.truth())
        let b = AccuracyReport.score(detected: [Self.detection(10, 10.197)], truth: Self.truth())
        let combined = AccuracyReport(combining: [a, b])
        #expect(combined.sessions == 2)
        #expect(combined.truePositives == 4 && combined.falseNegatives == 2)
        #expect(combined.impact.count == 3)
        #expect(abs(combined.impact.medianAbsoluteMilliseconds - 1) < 1e-6)
        #expect(abs(combined.impact.maxAbsoluteMilliseconds - 3) < 1e-6)
    }

    @Test func descriptionAndJSON() throws {
        let detected = Self.truth().swings.map { Self.detection($0.start + 0.002, $0.impact) }
        let report = AccuracyReport.score(detected: detected, truth: Self.truth())
        let text = report.description
        #expect(text.contains("precision 1.0000"))
        #expect(text.contains("start (onset)"))
        #expect(text.contains("+2.00"))
        let data = try JSONEncoder().encode(report)
        let decoded = try JSONDecoder().decode(AccuracyReport.self, from: data)
        #expect(decoded == report)
    }
}

@Suite struct AccuracyReportOnSimulatedSessionsTests {
    @Test func perfectDetectionsOfVariedSessionsScorePerfectly() {
        let reports = (1...3).map { seed -> AccuracyReport in
            let truth = SwingSimulator.simulate(.varied(.baseball, seed: UInt64(seed), swings: 6)).truth
            return AccuracyReport.score(detected: truth.perfectDetections, truth: truth)
        }
        let combined = AccuracyReport(combining: reports)
        #expect(combined.sessions == 3 && combined.trueSwings == 18)
        #expect(combined.precision == 1 && combined.recall == 1 && combined.contactAccuracy == 1)
        #expect(combined.impact.maxAbsoluteMilliseconds == 0 && combined.start.maxAbsoluteMilliseconds == 0)
    }
}

@Suite struct AccuracyGoalsTests {
    @Test func perfectDetectionMeetsEveryGoal() {
        let truth = AccuracyReportTests.truth()
        #expect(AccuracyReport.score(detected: truth.perfectDetections, truth: truth).unmetGoals().isEmpty)
    }

    @Test func missedGoalsAreNamed() {
        // Start errors of 30 ms on every swing and a missed foul tip.
        let detected = [AccuracyReportTests.detection(10.03, 10.2), AccuracyReportTests.detection(20.03, nil)]
        let failures = AccuracyReport.score(detected: detected, truth: AccuracyReportTests.truth()).unmetGoals()
        #expect(failures.contains("start median |error| 30.00 ms > 5.00 ms"))
        #expect(failures.contains("start p95 |error| 30.00 ms > 20.00 ms"))
        #expect(failures.contains("recall 0.6667 < 0.9900"))
        #expect(!failures.contains { $0.hasPrefix("impact") || $0.hasPrefix("precision") })
    }
}

/// Ground truth written before `gaps` existed still decodes (the scorer reads old truth.json files).
@Suite struct GroundTruthCompatibilityTests {
    @Test func truthWithoutGapsStillDecodes() throws {
        let truth = AccuracyReportTests.truth()
        var object = try JSONSerialization.jsonObject(with: truth.jsonData()) as! [String: Any]
        object.removeValue(forKey: "gaps")
        let data = try JSONSerialization.data(withJSONObject: object)
        #expect(try JSONDecoder().decode(GroundTruth.self, from: data) == truth)
    }
}
