import Foundation

extension SensorLogger {
    /// Which column gives the time: `time` (integer ns since the Unix epoch), or `seconds_elapsed` (s since the
    /// recording started) when `time` is unusable in the export — a spreadsheet that rewrote it as `1.71E+18`, or
    /// one value on every row.
    struct TimeColumn {
        var isElapsed: Bool
        var finding: HygieneFinding?

        var request: NamedColumnCSV.Request {
            isElapsed
                ? .init(names: ["seconds_elapsed"], kind: .double, required: true)
                : .init(names: ["time"], kind: .integer, required: true)
        }

        /// The bytes of a file's head that ``choose(_:)`` reads.
        static let headBytes = 4096

        /// Looks at the first data rows (up to 3, within ``headBytes``) of every stream file: `time` must be digits
        /// and must change.
        static func choose(_ files: Files) throws(RecordingError) -> TimeColumn {
            for name in files.keys.sorted() where name != "Metadata.csv" {
                let (data, file) = files[name]!
                let head = String(decoding: data.prefix(headBytes), as: UTF8.self)
                let lines = head.split(whereSeparator: \.isNewline).prefix(4).map { $0.split(separator: ",", omittingEmptySubsequences: false) }
                guard lines.count >= 2, let timeField = lines[0].firstIndex(of: "time"),
                    lines[0].contains("seconds_elapsed")
                else { continue }
                let values = lines.dropFirst().compactMap { $0.count > timeField ? String($0[timeField]) : nil }
                let digits = values.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
                let changes = values.count < 2 || Set(values).count > 1
                if !(digits && changes) {
                    let shown = values.first ?? ""
                    return TimeColumn(
                        isElapsed: true,
                        finding: HygieneFinding(
                            kind: .other, file: file, line: 2, column: timeField + 1,
                            message: "time column unusable (\"\(shown.prefix(24))\"\(digits ? " on every row" : ": not integer nanoseconds, e.g. rounded by a spreadsheet")); timestamps taken from seconds_elapsed in every file"))
                }
            }
            return TimeColumn(isElapsed: false, finding: nil)
        }
    }

    /// A `time,seconds_elapsed,x,y,z` file (any column order) read by name: time, x, y, z.
    static func triples(_ data: Data, file: String, clock: TimeColumn) throws(RecordingError) -> NamedColumnCSV {
        try withBytes(data) { bytes throws(RecordingError) in
            try NamedColumnCSV(bytes: bytes, file: file, requests: tripleRequests(clock))
        }
    }

    static func tripleRequests(_ clock: TimeColumn) -> [NamedColumnCSV.Request] {
        [clock.request] + ["x", "y", "z"].map { .init(names: [$0], kind: .float, required: true) }
    }

    /// The phone export's Core Motion streams besides the accelerometer: Gravity.csv (m/s²), Gyroscope.csv
    /// (bias-corrected rad/s), GyroscopeUncalibrated.csv (raw rad/s) and MagnetometerUncalibrated.csv (µT).
    struct PhoneTables {
        static let fileNames: Set<String> = [
            "AccelerometerUncalibrated.csv", "Gravity.csv", "Gyroscope.csv", "GyroscopeUncalibrated.csv",
            "MagnetometerUncalibrated.csv", "Orientation.csv",
        ]

        struct Table {
            var table: NamedColumnCSV
            var file: String
            var timestamps: [Double] = []
            func floats(_ column: Int) -> [Float] { table.columns[column].map { Float($0) } }
        }

        var gravity: Table?
        var gyroscope: Table?
        var rawGyroscope: Table?
        var rawMagnetometer: Table?

        init(_ files: Files, clock: TimeColumn) throws(RecordingError) {
            func read(_ name: String) throws(RecordingError) -> Table? {
                guard let (data, file) = files[name] else { return nil }
                return Table(table: try triples(data, file: file, clock: clock), file: file)
            }
            gravity = try read("Gravity.csv")
            gyroscope = try read("Gyroscope.csv")
            rawGyroscope = try read("GyroscopeUncalibrated.csv")
            rawMagnetometer = try read("MagnetometerUncalibrated.csv")
        }

        var all: [NamedColumnCSV?] { [gravity?.table, gyroscope?.table, rawGyroscope?.table, rawMagnetometer?.table] }
        var droppedLastLines: [HygieneFinding] { all.compactMap { $0?.droppedLastLine } }

        mutating func convertTimes(_ seconds: ([Double]) -> [Double]) {
            for keyPath in [\PhoneTables.gravity, \.gyroscope, \.rawGyroscope, \.rawMagnetometer] {
                if let table = self[keyPath: keyPath] { self[keyPath: keyPath]!.timestamps = seconds(table.table.columns[0]) }
            }
        }

        /// For each time in `times`, the index of the nearest time in `reference` (both non-decreasing).
        static func nearest(_ times: [Double], in reference: [Double]) -> [Int] {
            var j = 0
            return times.map { t in
                while j + 1 < reference.count && abs(reference[j + 1] - t) <= abs(reference[j] - t) { j += 1 }
                return j
            }
        }

        /// Sign and scale from the export's m/s² to g in Core Motion's sign.
        static func toG(standardised: Bool?) -> Float {
            Float((standardised == true ? -1 : 1) / HygieneChecker.standardGravity)
        }

        /// The raw accelerometer in g: user acceleration (`userAcceleration`, m/s², Accelerometer.csv) plus the
        /// nearest gravity sample (m/s²).
        func rawAccelerometer(userAcceleration a: AccelerometerData, gravity: Table, standardised: Bool?)
            -> AccelerometerData
        {
            let scale = Self.toG(standardised: standardised)
            let match = Self.nearest(a.timestamps, in: gravity.timestamps)
            let (gx, gy, gz) = (gravity.floats(1), gravity.floats(2), gravity.floats(3))
            var raw = a
            for index in a.timestamps.indices {
                let g = match[index]
                raw.x[index] = (a.x[index] + gx[g]) * scale
                raw.y[index] = (a.y[index] + gy[g]) * scale
                raw.z[index] = (a.z[index] + gz[g]) * scale
            }
            return raw
        }

        /// Adds device motion from Gravity + Gyroscope (when the export has no wrist motion), the raw gyroscope
        /// (GyroscopeUncalibrated, else Gyroscope when there is no Gravity) and the raw magnetometer.
        func addStreams(to imported: inout ImportedRecording, hasDeviceMotion: Bool, standardised: Bool?) {
            if !hasDeviceMotion, let gravity, let gyroscope, !gravity.timestamps.isEmpty, !gyroscope.timestamps.isEmpty {
                let scale = Self.toG(standardised: standardised)
                var motion = DeviceMotionData(timestamps: gravity.timestamps)
                motion.gravityX = gravity.floats(1).map { $0 * scale }
                motion.gravityY = gravity.floats(2).map { $0 * scale }
                motion.gravityZ = gravity.floats(3).map { $0 * scale }
                let match = Self.nearest(gravity.timestamps, in: gyroscope.timestamps)
                let (rx, ry, rz) = (gyroscope.floats(1), gyroscope.floats(2), gyroscope.floats(3))
                motion.rotationRateX = match.map { rx[$0] }
                motion.rotationRateY = match.map { ry[$0] }
                motion.rotationRateZ = match.map { rz[$0] }
                imported.deviceMotion = ImportedStream(
                    samples: motion, lines: gravity.table.lines, file: gravity.file, batchEnds: nil)
                imported.metadata.deviceMotionSource = "core-motion-gravity"
            }
            if let raw = rawGyroscope ?? (gravity == nil ? gyroscope : nil) {
                imported.gyroscope = ImportedStream(
                    samples: GyroscopeData(timestamps: raw.timestamps, x: raw.floats(1), y: raw.floats(2), z: raw.floats(3)),
                    lines: raw.table.lines, file: raw.file, batchEnds: nil)
            }
            if let raw = rawMagnetometer {
                imported.magnetometer = ImportedStream(
                    samples: MagnetometerData(timestamps: raw.timestamps, x: raw.floats(1), y: raw.floats(2), z: raw.floats(3)),
                    lines: raw.table.lines, file: raw.file, batchEnds: nil)
            }
        }
    }
}
