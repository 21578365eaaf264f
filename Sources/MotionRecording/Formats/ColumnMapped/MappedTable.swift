import Foundation

/// The rows of a generic CSV read through a ``ColumnMap`` with a known ``CSVLayout``: columns resolved to fields,
/// the time parsed (and put on the recording clock), the sensors converted to the package's units and frame.
struct MappedTable {
    let file: String
    let map: ColumnMap
    let layout: CSVLayout
    let bytes: UnsafeBufferPointer<UInt8>
    /// 0-based fields: time, then 3 per sensor present (accelerometer, gyroscope, magnetometer).
    var fields: [Int] = []
    var names: [String] = []
    /// Whole seconds subtracted from an epoch time (its first whole second), or `nil`.
    var epochOrigin: Int64?

    init(_ bytes: UnsafeBufferPointer<UInt8>, file: String, map: ColumnMap, layout: CSVLayout) throws(RecordingError) {
        self.bytes = bytes
        self.file = file
        self.map = map
        self.layout = layout
        for column in [map.time] + map.vectorColumns {
            switch column {
            case .name(let name):
                guard let field = ColumnMappedCSV.field(named: name, in: layout.header) else {
                    throw .malformed(
                        file: file, line: layout.headerLine, column: nil, columnName: nil,
                        reason: "header lacks column \"\(name)\" (header: \"\(layout.header.joined(separator: ",").prefix(120))\")")
                }
                fields.append(field)
                names.append(layout.header[field])
            case .index(let index):
                if !layout.header.isEmpty, index > layout.header.count {
                    throw .malformed(
                        file: file, line: layout.headerLine, column: nil, columnName: nil,
                        reason: "column \(index) asked for, the header has \(layout.header.count) fields")
                }
                fields.append(index - 1)
                names.append(layout.header.isEmpty ? "column \(index)" : layout.header[index - 1])
            }
        }
    }

    /// One sensor's samples: timestamps (s, recording clock), x, y, z in the package's units and device frame, and
    /// each sample's 1-based source line.
    typealias SensorRows = (timestamps: [Double], x: [Float], y: [Float], z: [Float], lines: [UInt32])

    /// The sensors present, in the order ``parse(mapping:chunkRows:part:)`` hands them over: accelerometer,
    /// gyroscope, magnetometer.
    var sensors: [HygieneStream] {
        [(map.accelerometer != nil, HygieneStream.accelerometer), (map.gyroscope != nil, .gyroscope),
         (map.magnetometer != nil, .magnetometer)].compactMap { $0.0 ? $0.1 : nil }
    }

    /// Reads every row and returns the imported streams.
    mutating func recording(findings: [HygieneFinding]) throws(RecordingError) -> ImportedRecording {
        var whole: [SensorRows] = []
        let dropped = try parse(mapping: nil, chunkRows: nil) { whole = $0 }
        var imported = ImportedRecording(metadata: metadata, findings: findings)
        if let dropped { imported.findings.append(dropped) }
        for (stream, s) in zip(sensors, whole) {
            switch stream {
            case .accelerometer:
                imported.accelerometer = ImportedStream(
                    samples: AccelerometerData(timestamps: s.timestamps, x: s.x, y: s.y, z: s.z), lines: s.lines,
                    file: file, batchEnds: nil)
            case .gyroscope:
                imported.gyroscope = ImportedStream(
                    samples: GyroscopeData(timestamps: s.timestamps, x: s.x, y: s.y, z: s.z), lines: s.lines, file: file,
                    batchEnds: nil)
            default:
                imported.magnetometer = ImportedStream(
                    samples: MagnetometerData(timestamps: s.timestamps, x: s.x, y: s.y, z: s.z), lines: s.lines,
                    file: file, batchEnds: nil)
            }
        }
        return imported
    }

    /// The recording's metadata: the format, and the start date of an epoch time (after ``parse``).
    var metadata: RecordingMetadata {
        var metadata = RecordingMetadata(sourceFormat: ColumnMappedCSV.formatName)
        if let epochOrigin { metadata.startDate = Date(timeIntervalSince1970: Double(epochOrigin)) }
        return metadata
    }

    /// Reads every row, handing the samples to `part` in order, one ``SensorRows`` per sensor (``sensors``), every
    /// `chunkRows` data rows (all in one part when `nil`; the last part is handed over even when empty). With a
    /// `mapping` (the file `bytes` come from), the pages already parsed are released (``ReadBehindRelease``).
    /// Returns the ``HygieneFinding/Kind/truncated`` finding when the text ends inside its last line (dropped).
    mutating func parse(
        mapping: MappedFile?, chunkRows: Int?, part: ([SensorRows]) throws(RecordingError) -> Void
    ) throws(RecordingError) -> HygieneFinding? {
        epochOrigin = try firstEpochSecond()
        var columns = [NumericCSVReader.Column(
            field: fields[0], name: names[0], isFloat: false, parse: timeParser())]
        let sensorScale = sensorScales()
        for index in 1..<fields.count {
            // A unit needing no scale reads the Float straight from its digits; any other scale reads a Double first.
            let scale = sensorScale[(index - 1) / 3]
            let exact = (0..<3).allSatisfy { abs(scale[$0]) == 1 } && !layout.decimalComma
            var column = NumericCSVReader.Column(field: fields[index], name: names[index], isFloat: exact, allowsEmpty: true)
            if layout.decimalComma { column.parse = { @Sendable bytes in CSVLayout.parseDecimalComma(bytes) } }
            columns.append(column)
        }
        var reader = NumericCSVReader(file: file, columns: columns, expectedFieldCount: nil)
        reader.separator = layout.separator
        var scanner = CSVScanner(bytes)
        scanner.offset = layout.dataOffset
        scanner.lineNumber = layout.dataLineNumber - 1
        let sensorCount = (fields.count - 1) / 3
        let empty: SensorRows = ([], [], [], [], [])
        var rows = [SensorRows](repeating: empty, count: sensorCount)
        var rowCount = 0
        // Time of day: the midnight unwrapping's state per sensor, carried from part to part.
        var midnight = [MidnightUnwrap](repeating: MidnightUnwrap(), count: sensorCount)
        let unwrapsMidnight = map.timeUnit == .timeOfDay
        let remap = map.axes
        let (file, fields, names) = (file, fields, names)
        func handOver() throws(RecordingError) {
            if unwrapsMidnight {
                for sensor in 0..<sensorCount { midnight[sensor].unwrap(&rows[sensor].timestamps) }
            }
            try part(rows)
            rows = [SensorRows](repeating: empty, count: sensorCount)
            rowCount = 0
        }
        func appendRow(_ row: UnsafeBufferPointer<Double>, _ line: Int) throws(RecordingError) {
            for sensor in 0..<sensorCount {
                let base = 1 + 3 * sensor
                var emptyCount = 0
                var missing = 0
                for axis in (0..<3).reversed() where isEmptyFieldMarker(row[base + axis]) {
                    emptyCount += 1
                    missing = axis
                }
                if emptyCount == 3 { continue }
                if emptyCount > 0 {
                    throw .malformed(
                        file: file, line: line, column: fields[base + missing] + 1, columnName: names[base + missing],
                        reason: "empty field while the sensor's other axes hold numbers")
                }
                var vector = SIMD3<Double>(row[base], row[base + 1], row[base + 2]) * sensorScale[sensor]
                if let remap {
                    let source = vector
                    for axis in 0..<3 { vector[axis] = (remap[axis].negated ? -1 : 1) * source[remap[axis].axis] }
                }
                rows[sensor].x.append(Float(vector[0]))
                rows[sensor].y.append(Float(vector[1]))
                rows[sensor].z.append(Float(vector[2]))
                rows[sensor].timestamps.append(row[0])
                rows[sensor].lines.append(UInt32(truncatingIfNeeded: line))
            }
            rowCount += 1
            if let chunkRows, rowCount >= chunkRows { try handOver() }
        }
        let dropped = try reader.read(&scanner, releasingBehindIn: mapping, row: appendRow)
        try handOver()
        return dropped
    }

    /// Per sensor present, the factor from its unit to the package's (with the accelerometer's sign), each axis's
    /// own `-` applied by ``axisSigns``.
    func sensorScales() -> [SIMD3<Double>] {
        var scales: [SIMD3<Double>] = []
        if let accelerometer = map.accelerometer {
            let toG = accelerometer.unit == .g ? 1 : 1 / HygieneChecker.standardGravity
            scales.append(axisSigns(accelerometer.axes) * toG * (map.accelerometerSign == .specificForce ? -1 : 1))
        }
        if let gyroscope = map.gyroscope {
            scales.append(axisSigns(gyroscope.axes) * (gyroscope.unit == .radiansPerSecond ? 1 : Double.pi / 180))
        }
        if let magnetometer = map.magnetometer {
            let toMicrotesla: Double = switch magnetometer.unit {
            case .microtesla: 1
            case .millitesla: 1000
            case .gauss: 100
            }
            scales.append(axisSigns(magnetometer.axes) * toMicrotesla)
        }
        return scales
    }

    func axisSigns(_ axes: [ColumnMap.Axis]) -> SIMD3<Double> {
        SIMD3(axes.map { $0.negated ? -1 : 1 })
    }

    /// The first whole second of an epoch time (a numeric time from the year 2000 on, or ISO 8601 text), read from
    /// the first data row; `nil` for a clock of its own (since boot, since the start, time of day).
    func firstEpochSecond() throws(RecordingError) -> Int64? {
        var scanner = CSVScanner(bytes)
        scanner.offset = layout.dataOffset
        while let line = scanner.nextLine() {
            if scanner.isBlank(line) { continue }
            let fields = CSVLayout.fields(line, scanner, layout.separator)
            guard fields.count > self.fields[0] else { return nil }
            let cell = scanner.slice(fields[self.fields[0]])
            if map.timeUnit == .iso8601 { return TimeText.iso8601(cell)?.seconds }
            guard let perUnit = map.timeUnit.secondsPerUnit,
                let value = (layout.decimalComma ? CSVLayout.parseDecimalComma(cell) : DecimalParser.parseDouble(cell))
            else { return nil }
            let seconds = value * perUnit
            return seconds >= 946_684_800 && seconds < 4e9 ? Int64(seconds.rounded(.down)) : nil
        }
        return nil
    }

    /// The time column's parser: seconds on the recording clock (an epoch time less ``epochOrigin``). Integer
    /// cells of ms, µs and ns are subtracted as integers, so nanoseconds since the epoch stay exact.
    func timeParser() -> @Sendable (UnsafeBufferPointer<UInt8>) -> Double? {
        let origin = epochOrigin ?? 0
        switch map.timeUnit {
        case .iso8601:
            return { bytes in TimeText.iso8601(bytes).map { Double($0.seconds - origin) + $0.fraction } }
        case .timeOfDay:
            return { bytes in TimeText.timeOfDay(bytes) }
        default:
            let perUnit = map.timeUnit.secondsPerUnit!
            let unitsPerSecond = Int64((1 / perUnit).rounded())
            let originUnits = origin * unitsPerSecond
            let decimalComma = layout.decimalComma
            return { bytes in
                if let integer = DecimalParser.parseInt64(bytes) {
                    let (difference, overflow) = integer.subtractingReportingOverflow(originUnits)
                    if !overflow { return Double(difference) * perUnit }
                }
                guard let value = decimalComma ? CSVLayout.parseDecimalComma(bytes) : DecimalParser.parseDouble(bytes)
                else { return nil }
                return (value - Double(originUnits)) * perUnit
            }
        }
    }

    /// Times of day that step back by more than 12 h crossed midnight: 24 h added from there on. The state is
    /// carried from one part of a sensor's times to the next, so unwrapping in parts is unwrapping them whole.
    struct MidnightUnwrap {
        var offset = 0.0
        var previous = -Double.infinity

        mutating func unwrap(_ times: inout [Double]) {
            for index in times.indices {
                let raw = times[index]
                if raw + offset < previous - 43_200 { offset += 86_400 }
                times[index] = raw + offset
                previous = times[index]
            }
        }
    }
}
