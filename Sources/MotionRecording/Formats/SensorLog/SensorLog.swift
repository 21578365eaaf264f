import Foundation

/// Reader for SensorLog (Bernd Thomas) wide CSV exports: one row per logging tick, every sensor in its own columns
/// with units in the header, e.g. `accelerometerAccelerationX(G)`, `motionRotationRateX(rad/s)`.
///
/// - Accelerometer: `accelerometerTimestamp_sinceReboot(s)` and `accelerometerAccelerationX/Y/Z(G)` (g).
/// - Device motion: `motionTimestamp_sinceReboot(s)`; `motionQuaternionW/X/Y/Z(R)`, `motionGravityX/Y/Z(G)`,
///   `motionUserAccelerationX/Y/Z(G)`, `motionRotationRateX/Y/Z(rad/s)`, and `motionMagneticFieldX/Y/Z(µT)`,
///   `motionHeading(°)` when they carry data (all-zero field / all −1 heading mean "not available").
/// - `loggingTime(txt)` is not a time axis (it repeats and jumps when the app is backgrounded); its first value
///   gives ``RecordingMetadata/startDate``.
///
/// A row whose sensor timestamp field is empty contributes no sample to that stream. When the app logs faster than
/// a sensor updates, the same sample repeats in consecutive rows; the hygiene check drops those exact duplicates
/// and reports them.
enum SensorLog {
    static func read(_ url: URL) throws(RecordingError) -> ImportedRecording {
        let file = url.path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .unrecognizedFormat(file: file, reason: "a SensorLog export is one CSV file, not a directory")
        }
        return try withFileBytes(url) { bytes throws(RecordingError) in try read(bytes: bytes, file: file) }
    }

    /// Reads a SensorLog export held in memory.
    static func read(bytes: UnsafeBufferPointer<UInt8>, file: String) throws(RecordingError) -> ImportedRecording {
        let accelerometerNames = ["accelerometerAccelerationX(G)", "accelerometerAccelerationY(G)", "accelerometerAccelerationZ(G)"]
        let motionNames = [
            "motionQuaternionW(R)", "motionQuaternionX(R)", "motionQuaternionY(R)", "motionQuaternionZ(R)",
            "motionGravityX(G)", "motionGravityY(G)", "motionGravityZ(G)",
            "motionUserAccelerationX(G)", "motionUserAccelerationY(G)", "motionUserAccelerationZ(G)",
            "motionRotationRateX(rad/s)", "motionRotationRateY(rad/s)", "motionRotationRateZ(rad/s)",
            "motionMagneticFieldX(µT)", "motionMagneticFieldY(µT)", "motionMagneticFieldZ(µT)", "motionHeading(°)",
        ]
        var requests: [NamedColumnCSV.Request] = [
            .init(names: ["accelerometerTimestamp_sinceReboot(s)"], kind: .double, required: false, allowsEmpty: true)
        ]
        requests += accelerometerNames.map { .init(names: [$0], kind: .float, required: false, allowsEmpty: true) }
        requests.append(.init(names: ["motionTimestamp_sinceReboot(s)"], kind: .double, required: false, allowsEmpty: true))
        requests += motionNames.map { .init(names: [$0], kind: .float, required: false, allowsEmpty: true) }

        var firstLoggingTime: String? = nil
        let table: NamedColumnCSV
        do {
            table = try NamedColumnCSV(bytes: bytes, file: file, requests: requests)
            if let column = table.header.firstIndex(of: "loggingTime(txt)") {
                var scanner = CSVScanner(bytes)
                _ = scanner.nextLine()
                while let line = scanner.nextLine() {
                    if scanner.isBlank(line) { continue }
                    let fields = String(decoding: scanner.slice(line), as: UTF8.self).split(separator: ",", omittingEmptySubsequences: false)
                    if column < fields.count { firstLoggingTime = String(fields[column]) }
                    break
                }
            }
        }
        guard table.found[0] || table.found[4] else {
            throw .malformed(
                file: file, line: 1, column: nil, columnName: nil,
                reason: "SensorLog header has neither accelerometerTimestamp_sinceReboot(s) nor motionTimestamp_sinceReboot(s)")
        }
        var imported = ImportedRecording(metadata: RecordingMetadata(sourceFormat: RecordingFormat.sensorLog.name))
        if let dropped = table.droppedLastLine { imported.findings.append(dropped) }
        if let firstLoggingTime {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            imported.metadata.startDate = formatter.date(from: firstLoggingTime)
        }
        let rowCount = table.lines.count

        // Accelerometer: rows with a timestamp and all three axes.
        if table.found[0] && table.found[1...3].allSatisfy({ $0 }) {
            var data = AccelerometerData()
            var lines: [UInt32] = []
            for row in 0..<rowCount {
                let values = (0...3).map { table.columns[$0][row] }
                if isEmptyFieldMarker(values[0]) { continue }
                if let empty = values.dropFirst().firstIndex(where: isEmptyFieldMarker) {
                    throw .malformed(
                        file: file, line: Int(table.lines[row]), column: nil, columnName: accelerometerNames[empty - 1],
                        reason: "empty accelerometer value in a row with an accelerometer timestamp")
                }
                data.append(timestamp: values[0], x: Float(values[1]), y: Float(values[2]), z: Float(values[3]))
                lines.append(table.lines[row])
            }
            if !data.isEmpty { imported.accelerometer = ImportedStream(samples: data, lines: lines, file: file, batchEnds: nil) }
        }

        // Device motion: groups present when all their columns exist.
        if table.found[4] {
            let base = 5
            let groups: [(DeviceMotionComponents, Range<Int>)] = [
                (.attitude, 0..<4), (.gravity, 4..<7), (.userAcceleration, 7..<10), (.rotationRate, 10..<13),
                (.magneticField, 13..<16), (.heading, 16..<17),
            ]
            var present = groups.filter { group in group.1.allSatisfy { table.found[base + $0] } }
            // Magnetic field all zero / heading all negative: not available.
            present.removeAll { component, range in
                let column = table.columns[base + range.lowerBound]
                if component == .magneticField {
                    return range.allSatisfy { table.columns[base + $0].allSatisfy { $0 == 0 || isEmptyFieldMarker($0) } }
                }
                if component == .heading { return column.allSatisfy { $0 < 0 || isEmptyFieldMarker($0) } }
                return false
            }
            var columns = [[Float]](repeating: [], count: 17)
            var timestamps: [Double] = []
            var lines: [UInt32] = []
            for row in 0..<rowCount {
                let time = table.columns[4][row]
                if isEmptyFieldMarker(time) { continue }
                for (_, range) in present {
                    for index in range {
                        let value = table.columns[base + index][row]
                        if isEmptyFieldMarker(value) {
                            throw .malformed(
                                file: file, line: Int(table.lines[row]), column: nil, columnName: motionNames[index],
                                reason: "empty device-motion value in a row with a motion timestamp")
                        }
                        columns[index].append(Float(value))
                    }
                }
                timestamps.append(time)
                lines.append(table.lines[row])
            }
            if !timestamps.isEmpty {
                var data = DeviceMotionData(timestamps: timestamps)
                (data.attitudeW, data.attitudeX, data.attitudeY, data.attitudeZ) = (columns[0], columns[1], columns[2], columns[3])
                (data.gravityX, data.gravityY, data.gravityZ) = (columns[4], columns[5], columns[6])
                (data.userAccelerationX, data.userAccelerationY, data.userAccelerationZ) = (columns[7], columns[8], columns[9])
                (data.rotationRateX, data.rotationRateY, data.rotationRateZ) = (columns[10], columns[11], columns[12])
                (data.magneticFieldX, data.magneticFieldY, data.magneticFieldZ) = (columns[13], columns[14], columns[15])
                data.heading = columns[16]
                imported.deviceMotion = ImportedStream(samples: data, lines: lines, file: file, batchEnds: nil)
            }
        }
        return imported
    }
}
