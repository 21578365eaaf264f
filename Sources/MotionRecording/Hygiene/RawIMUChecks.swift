import Foundation

/// Hygiene checks particular to raw IMU streams, and the rotation-rate unit check that device motion shares with
/// the raw gyroscope (see ``HygieneChecker``).
enum RawIMUChecks {
    /// |rotation rate| above which a gyroscope reading is impossible in rad/s, 70 rad/s (4011 °/s): beyond the
    /// ±4000 °/s range of the widest wrist and phone gyroscopes. Readings in °/s pass it as soon as the wrist turns
    /// faster than 70 °/s, which every swing does.
    static let impossibleRate: Float = 70
    /// A stream is taken as °/s when at least this many readings — and at least 0.1 % of them — are impossible in
    /// rad/s (a few corrupt rows do not convert a stream).
    static let minimumImpossibleCount = 3

    /// The indices of `columns`' rotation rate x, y, z (rad/s expected) in a `stream`: a gyroscope's three
    /// columns, device motion's `rotation_rate_*`; empty for other streams, or device motion without rotation rate.
    static func rotationRateColumns(_ columns: StreamColumns, of stream: HygieneStream) -> [Int] {
        switch stream {
        case .gyroscope: return columns.columns.count == 3 ? [0, 1, 2] : []
        case .deviceMotion:
            let rotation = ["rotation_rate_x", "rotation_rate_y", "rotation_rate_z"].compactMap(columns.names.firstIndex(of:))
            return rotation.count == 3 ? rotation : []
        default: return []
        }
    }

    /// Whether the rotation-rate columns `rotation` (x, y, z indices into `columns`, rad/s expected) hold degrees
    /// per second; returns the count of impossible readings and the largest |value| when they do.
    static func degreesPerSecond(_ columns: StreamColumns, rotation: [Int]) -> (count: Int, largest: Float)? {
        guard rotation.count == 3 else { return nil }
        var counter = ImpossibleRateCounter()
        columns.columns[rotation[0]].withUnsafeBufferPointer { x in
            columns.columns[rotation[1]].withUnsafeBufferPointer { y in
                columns.columns[rotation[2]].withUnsafeBufferPointer { z in counter.scan(x, y, z) }
            }
        }
        return counter.degreesPerSecond
    }

    /// The readings of a gyroscope impossible in rad/s, fed its x, y, z columns in consecutive parts of any sizes
    /// (the same result for any split).
    struct ImpossibleRateCounter {
        private var count = 0
        private var largest: Float = 0
        private var finite = 0

        /// Scans the next rows (`x`, `y`, `z` of equal length, rad/s expected).
        mutating func scan(_ x: UnsafeBufferPointer<Float>, _ y: UnsafeBufferPointer<Float>, _ z: UnsafeBufferPointer<Float>) {
            for row in 0..<x.count {
                let (a, b, c) = (abs(x[row]), abs(y[row]), abs(z[row]))
                // < 1e5 is false for NaN and ∞: a row with a broken value does not count.
                guard a < 1e5, b < 1e5, c < 1e5 else { continue }
                let peak = max(a, b, c)
                finite += 1
                if peak > impossibleRate {
                    count += 1
                    largest = max(largest, peak)
                }
            }
        }

        /// The count of impossible readings and the largest |value| when they make the stream °/s, else `nil`.
        var degreesPerSecond: (count: Int, largest: Float)? {
            guard count >= minimumImpossibleCount, Double(count) >= 0.001 * Double(finite) else { return nil }
            return (count, largest)
        }
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
