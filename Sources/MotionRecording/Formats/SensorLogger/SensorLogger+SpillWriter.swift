import Foundation

extension SensorLogger {
    /// Writes a Sensor Logger export's native streams into its spill from the high-rate files parsed there as
    /// written (``SpilledTable``), `chunkRows` rows at a time, with the same arithmetic as ``read(files:)``: times
    /// in s (`seconds_elapsed` as written, or `time` in ns less `origin`, ÷ 1e9), values as `Float` then scaled.
    struct SpillWriter {
        let spill: TextSpill
        let chunkRows: Int
        /// The time column is `seconds_elapsed` (else `time`, integer ns since the epoch).
        let isElapsed: Bool
        /// The time origin, ns since the epoch (unused when `isElapsed`).
        let origin: Int64

        /// WristMotion's columns (``wristMotionColumns``) as the native arrays name them.
        static let wristMotionNativeNames = [
            "rotation_rate_x", "rotation_rate_y", "rotation_rate_z", "gravity_x", "gravity_y", "gravity_z",
            "user_acceleration_x", "user_acceleration_y", "user_acceleration_z", "attitude_w", "attitude_x",
            "attitude_y", "attitude_z",
        ]

        /// The times (s) of rows `range` of `table`.
        func seconds(_ table: SpilledTable, _ range: Range<Int>) throws(RecordingError) -> [Double] {
            let slots = try spill.elements(table.prefix + "time", in: range, as: Double.self)
            if isElapsed { return slots }
            return slots.map { Double(NumericCSVReader.integer($0) &- origin) / 1e9 }
        }

        /// Rows `range` of request `column` of `table`.
        func values(_ table: SpilledTable, _ column: Int, _ range: Range<Int>) throws(RecordingError) -> [Float] {
            try spill.elements(table.prefix + "\(column)", in: range, as: Float.self)
        }

        func value(_ table: SpilledTable, _ column: Int, _ row: Int) throws(RecordingError) -> Float {
            try spill.element(table.prefix + "\(column)", at: row, as: Float.self)
        }

        /// The median |(a, b, c)| of the requests `columns` over the rows ``RawBatchedDump/medianMagnitude(_:_:_:)``
        /// samples, `nil` when there are none.
        func medianMagnitude(_ table: SpilledTable, columns: [Int]) throws(RecordingError) -> Double? {
            var magnitudes: [Double] = []
            for row in stride(from: 0, to: table.count, by: RawBatchedDump.magnitudeSampleStep(count: table.count)) {
                RawBatchedDump.appendMagnitude(
                    try value(table, columns[0], row), try value(table, columns[1], row), try value(table, columns[2], row),
                    to: &magnitudes)
            }
            return RawBatchedDump.percentiles(&magnitudes, [0.5])?[0]
        }

        /// Writes the native stream `stream`: the times (s) and source lines of `table`'s rows, and the columns
        /// `names` that `columns` computes for each chunk of rows from their range and times. No later step reads
        /// `table` (it is the last use of every table it writes from), so its rows are released behind the chunks
        /// written (``SpilledTable/release(in:rowsBelow:)``).
        func write(
            _ stream: HygieneStream, names: [String], from table: SpilledTable,
            columns: (Range<Int>, [Double]) throws(RecordingError) -> [[Float]]
        ) throws(RecordingError) {
            let prefix = stream.nativePrefix
            spill.reserve(
                [(prefix + "timestamp", 8, .float64), (prefix + "line", 4, nil)] + names.map { (prefix + $0, 4, .float32) },
                capacity: table.count)
            for start in stride(from: 0, to: table.count, by: max(chunkRows, 1)) {
                let range = start..<min(table.count, start + max(chunkRows, 1))
                let times = try seconds(table, range)
                try spill.append(prefix + "timestamp", times)
                try spill.append(prefix + "line", try spill.elements(table.prefix + "line", in: range, as: UInt32.self))
                for (name, column) in zip(names, try columns(range, times)) { try spill.append(prefix + name, column) }
                table.release(in: spill, rowsBelow: range.upperBound)
            }
        }

        /// A `time,x,y,z` file as `stream` (accelerometer, gyroscope or magnetometer), each value × `scale` (none
        /// when 1).
        func writeTriples(_ table: SpilledTable, as stream: HygieneStream, scale: Float) throws(RecordingError) {
            try write(stream, names: ["x", "y", "z"], from: table) { range, _ throws(RecordingError) in
                var columns: [[Float]] = []
                for column in 1...3 {
                    let values = try values(table, column, range)
                    columns.append(scale == 1 ? values : values.map { $0 * scale })
                }
                return columns
            }
        }

        /// The raw accelerometer: user acceleration (`table`, Accelerometer.csv, m/s²) plus the nearest `gravity`
        /// sample (m/s²), × `scale` (``PhoneTables/rawAccelerometer(userAcceleration:gravity:standardised:)``).
        func writeSum(_ table: SpilledTable, plus gravity: SpilledTable, scale: Float) throws(RecordingError) {
            let nearest = NearestRows(gravity, writer: self)
            try write(.accelerometer, names: ["x", "y", "z"], from: table) { range, times throws(RecordingError) in
                var columns: [[Float]] = []
                for column in 1...3 { columns.append(try values(table, column, range)) }
                for (index, time) in times.enumerated() {
                    let g = try nearest.values(nearest: time)
                    columns[0][index] = (columns[0][index] + g.x) * scale
                    columns[1][index] = (columns[1][index] + g.y) * scale
                    columns[2][index] = (columns[2][index] + g.z) * scale
                }
                return columns
            }
        }

        /// The phone's device motion: Gravity.csv × `scale` at its own times, with the nearest `rotationRate`
        /// (Gyroscope.csv) sample (``PhoneTables/addStreams(to:hasDeviceMotion:standardised:)``).
        func writeDeviceMotion(gravity: SpilledTable, rotationRate: SpilledTable, scale: Float) throws(RecordingError) {
            let nearest = NearestRows(rotationRate, writer: self)
            let names = ["gravity_x", "gravity_y", "gravity_z", "rotation_rate_x", "rotation_rate_y", "rotation_rate_z"]
            try write(.deviceMotion, names: names, from: gravity) { range, times throws(RecordingError) in
                var columns: [[Float]] = []
                for column in 1...3 { columns.append(try values(gravity, column, range).map { $0 * scale }) }
                var rates: [[Float]] = Array(repeating: [], count: 3)
                for time in times {
                    let r = try nearest.values(nearest: time)
                    rates[0].append(r.x)
                    rates[1].append(r.y)
                    rates[2].append(r.z)
                }
                return columns + rates
            }
        }

        /// WristMotion as device motion: gravity and user acceleration converted when standardised, the attitude
        /// conjugated when it fits gravity only so (``read(files:)``). Returns the findings, or `nil` when a column
        /// group is only partly present (left to the in-memory import).
        func writeWristMotion(_ table: SpilledTable, standardised: Bool?) throws(RecordingError) -> [HygieneFinding]? {
            // Request k + 1 is wrist column k; the groups: rotation rate, gravity, user acceleration, attitude.
            for group in [0..<3, 3..<6, 6..<9, 9..<13] where Set(group.map { table.found[$0 + 1] }).count > 1 { return nil }
            var findings: [HygieneFinding] = []
            let hasGravity = table.found[4]
            let gravityMedian = hasGravity ? try medianMagnitude(table, columns: [4, 5, 6]) : nil
            let standardisation = motionStandardisation(
                standardised: standardised, gravityMedian: gravityMedian, hasGravity: hasGravity, file: table.file)
            if let standardisation { findings.append(standardisation) }
            func gravity(_ column: Int, _ row: Int) throws(RecordingError) -> Float {
                let value = try value(table, column, row)
                return standardisation == nil ? value : value * standardisedScale
            }
            var conjugate = false
            if hasGravity && table.found[10] {
                var samples: [AttitudeSample] = []
                for row in attitudeSampleRows(count: table.count) {
                    samples.append(AttitudeSample(
                        w: try value(table, 10, row), x: try value(table, 11, row), y: try value(table, 12, row),
                        z: try value(table, 13, row), gravityX: try gravity(4, row), gravityY: try gravity(5, row),
                        gravityZ: try gravity(6, row)))
                }
                let decision = attitudeDecision(samples, file: table.file)
                conjugate = decision.conjugate
                if let finding = decision.finding { findings.append(finding) }
            }
            let present = (0..<13).filter { table.found[$0 + 1] }
            try write(.deviceMotion, names: present.map { Self.wristMotionNativeNames[$0] }, from: table) {
                range, _ throws(RecordingError) in
                var columns: [[Float]] = []
                for k in present {
                    var values = try values(table, k + 1, range)
                    if standardisation != nil && (3..<9).contains(k) { values = values.map { $0 * standardisedScale } }
                    if conjugate && (10..<13).contains(k) { values = values.map { -$0 } }
                    columns.append(values)
                }
                return columns
            }
            return findings
        }
    }

    /// A forward-only walk over a spilled `time,x,y,z` table for the nearest sample to non-decreasing times, as
    /// ``PhoneTables/nearest(_:in:)`` walks it (ties go to the later sample), holding one chunk of rows at a time.
    final class NearestRows {
        let table: SpilledTable
        let writer: SpillWriter
        private var start = 0
        private var times: [Double] = []
        private var x: [Float] = []
        private var y: [Float] = []
        private var z: [Float] = []
        private var index = 0

        init(_ table: SpilledTable, writer: SpillWriter) {
            self.table = table
            self.writer = writer
        }

        /// The time (s) of row `row`, reading the chunk from the row before it on when it is not held.
        private func time(_ row: Int) throws(RecordingError) -> Double {
            if row < start || row >= start + times.count {
                start = max(0, row - 1)
                let range = start..<min(table.count, start + max(writer.chunkRows, 2))
                times = try writer.seconds(table, range)
                x = try writer.values(table, 1, range)
                y = try writer.values(table, 2, range)
                z = try writer.values(table, 3, range)
            }
            return times[row - start]
        }

        /// The values of the row nearest to `time`, moving on from the last row matched.
        func values(nearest time: Double) throws(RecordingError) -> (x: Float, y: Float, z: Float) {
            while index + 1 < table.count {
                let next = try self.time(index + 1)
                let current = try self.time(index)
                guard abs(next - time) <= abs(current - time) else { break }
                index += 1
            }
            _ = try self.time(index)
            return (x[index - start], y[index - start], z[index - start])
        }
    }
}
