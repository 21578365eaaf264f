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
        return try withTextFileBytes(url) { bytes, layout throws(RecordingError) in
            var imported = try read(bytes: bytes, file: file)
            if let layout { imported.findings.insert(layout, at: 0) }
            return imported
        }
    }

    /// Reads a SensorLog export held in memory.
    static func read(bytes: UnsafeBufferPointer<UInt8>, file: String) throws(RecordingError) -> ImportedRecording {
        let table = try SensorLogTable(bytes: bytes, file: file)
        var whole = SensorLogTable.Part()
        let outcome = try table.parse(mapping: nil, chunkRows: nil) { whole = $0 }
        var imported = imported(table, outcome)
        if !whole.accelerometer.isEmpty {
            imported.accelerometer = ImportedStream(
                samples: whole.accelerometer, lines: whole.accelerometerLines, file: file, batchEnds: nil)
        }
        if !whole.motionTimestamps.isEmpty {
            var data = DeviceMotionData(timestamps: whole.motionTimestamps)
            for (_, range) in outcome.present {
                for index in range { data[keyPath: DeviceMotionColumn.all[index].keyPath] = whole.motion[index] }
            }
            imported.deviceMotion = ImportedStream(samples: data, lines: whole.motionLines, file: file, batchEnds: nil)
        }
        return imported
    }

    /// The recording read from `table`, before its streams: metadata, how a spreadsheet's layout was read (`layout`),
    /// and the dropped last line's finding.
    static func imported(_ table: SensorLogTable, _ outcome: SensorLogTable.Outcome, layout: HygieneFinding? = nil)
        -> ImportedRecording
    {
        var imported = ImportedRecording(metadata: RecordingMetadata(sourceFormat: RecordingFormat.sensorLog.name))
        if let layout { imported.findings.append(layout) }
        if let dropped = outcome.droppedLastLine { imported.findings.append(dropped) }
        imported.metadata.startDate = table.startDate
        return imported
    }
}
