import Foundation

/// Hygiene checks particular to raw IMU streams (see ``HygieneChecker``).
enum RawIMUChecks {
    /// |rotation rate| above which a gyroscope reading is impossible in rad/s, 70 rad/s (4011 °/s): beyond the
    /// ±4000 °/s range of the widest wrist and phone gyroscopes. Readings in °/s pass it as soon as the wrist turns
    /// faster than 70 °/s, which every swing does.
    static let impossibleRate: Float = 70
    /// A stream is taken as °/s when at least this many readings — and at least 0.1 % of them — are impossible in
    /// rad/s (a few corrupt rows do not convert a stream).
    static let minimumImpossibleCount = 3

    /// Whether the gyroscope columns (`columns`, rad/s expected) hold degrees per second; returns the count of
    /// impossible readings and the largest |value| when they do.
    static func degreesPerSecond(_ columns: StreamColumns) -> (count: Int, largest: Float)? {
        var count = 0
        var largest: Float = 0
        var finite = 0
        for row in 0..<columns.count {
            var peak: Float = 0
            for column in 0..<3 {
                let value = abs(columns.columns[column][row])
                guard value.isFinite, value < 1e5 else { peak = -1; break }
                peak = max(peak, value)
            }
            guard peak >= 0 else { continue }
            finite += 1
            if peak > impossibleRate {
                count += 1
                largest = max(largest, peak)
            }
        }
        guard count >= minimumImpossibleCount, Double(count) >= 0.001 * Double(finite) else { return nil }
        return (count, largest)
    }

    /// A gyroscope that starts more than 1 s after the accelerometer or stops more than 1 s before it: the part
    /// outside has no rotation (analysed as accelerometer-only).
    static func coverage(accelerometer a: StreamSummary, gyroscope g: StreamSummary, file: String?) -> [HygieneFinding] {
        coverage(
            of: g, named: "gyroscope", against: a, named: "the accelerometer", file: file, tolerance: 1,
            missing: "rotation (accelerometer-only)")
    }

    /// A stream (`stream`, called `name`) that starts more than `tolerance` s after the `reference` stream or stops
    /// more than `tolerance` s before it — a sensor that stopped, or started late: the part outside has no `missing`.
    static func coverage(
        of stream: StreamSummary, named name: String, against reference: StreamSummary, named referenceName: String,
        file: String?, tolerance: Double, missing: String
    ) -> [HygieneFinding] {
        guard reference.sampleCount > 1, stream.sampleCount > 1 else { return [] }
        var findings: [HygieneFinding] = []
        if stream.end < reference.end - tolerance {
            findings.append(HygieneFinding(
                kind: .gap, file: file, line: nil, column: nil,
                message: String(
                    format: "%@ stops at %.3f s while %@ goes on to %.3f s: the last %.3f s have no %@",
                    name, stream.end, referenceName, reference.end, reference.end - stream.end, missing)))
        }
        if stream.start > reference.start + tolerance {
            findings.append(HygieneFinding(
                kind: .gap, file: file, line: nil, column: nil,
                message: String(
                    format: "%@ starts at %.3f s, %.3f s after %@: that first part has no %@",
                    name, stream.start, stream.start - reference.start, referenceName, missing)))
        }
        return findings
    }
}
