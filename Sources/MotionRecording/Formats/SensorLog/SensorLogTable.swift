import Foundation

/// The rows of a SensorLog export read into the accelerometer's and device motion's columns, a part at a time, with
/// what can only be decided once every row is read kept aside until then: whether the magnetic field and heading
/// carry data (all zero / all negative mean "not available"), and the first empty value where a sample needs one
/// (an error, thrown after every row has parsed, as it would be from whole columns).
struct SensorLogTable {
    static let accelerometerNames = [
        "accelerometerAccelerationX(G)", "accelerometerAccelerationY(G)", "accelerometerAccelerationZ(G)",
    ]
    /// Device motion's columns, in ``DeviceMotionColumn/all``'s order.
    static let motionNames = [
        "motionQuaternionW(R)", "motionQuaternionX(R)", "motionQuaternionY(R)", "motionQuaternionZ(R)",
        "motionGravityX(G)", "motionGravityY(G)", "motionGravityZ(G)",
        "motionUserAccelerationX(G)", "motionUserAccelerationY(G)", "motionUserAccelerationZ(G)",
        "motionRotationRateX(rad/s)", "motionRotationRateY(rad/s)", "motionRotationRateZ(rad/s)",
        "motionMagneticFieldX(µT)", "motionMagneticFieldY(µT)", "motionMagneticFieldZ(µT)", "motionHeading(°)",
    ]
    static let accelerometerTimeName = "accelerometerTimestamp_sinceReboot(s)"
    static let motionTimeName = "motionTimestamp_sinceReboot(s)"

    /// Device motion's column groups, as ranges of ``motionNames``.
    static let groups: [(DeviceMotionComponents, Range<Int>)] = [
        (.attitude, 0..<4), (.gravity, 4..<7), (.userAcceleration, 7..<10), (.rotationRate, 10..<13),
        (.magneticField, 13..<16), (.heading, 16..<17),
    ]

    /// One part of the rows: the samples they hold. Device-motion columns of groups the header lacks stay empty.
    struct Part {
        var accelerometer = AccelerometerData()
        var accelerometerLines: [UInt32] = []
        var motionTimestamps: [Double] = []
        var motion = [[Float]](repeating: [], count: 17)
        var motionLines: [UInt32] = []
    }

    let file: String
    let bytes: UnsafeBufferPointer<UInt8>
    let header: [String]
    /// 0-based fields of the accelerometer's time and axes, and of device motion's time (`nil`: absent).
    let accelerometerFields: [Int?]
    let motionTimeField: Int?
    /// 0-based field of each of ``motionNames`` (`nil`: absent).
    let motionFields: [Int?]
    /// Byte offset and 1-based number of the header line's end.
    let dataOffset: Int
    let headerLineNumber: Int

    init(bytes: UnsafeBufferPointer<UInt8>, file: String) throws(RecordingError) {
        self.bytes = bytes
        self.file = file
        var scanner = CSVScanner(bytes)
        if bytes.isEmpty { throw .malformed(file: file, line: nil, column: nil, columnName: nil, reason: "file is empty") }
        try scanner.rejectBinary(file: file)
        guard let headerLine = scanner.nextLine() else {
            throw .malformed(file: file, line: nil, column: nil, columnName: nil, reason: "file is empty")
        }
        let names = csvHeaderNames(scanner, headerLine)
        // A spreadsheet's `;` (or tab) export names the columns in one field: say so, not "no timestamp column".
        if names.count == 1 { try RecordingImporter.rejectOtherSeparators(names[0], file: file) }
        header = names
        dataOffset = scanner.offset
        headerLineNumber = scanner.lineNumber
        accelerometerFields = ([Self.accelerometerTimeName] + Self.accelerometerNames).map { names.firstIndex(of: $0) }
        motionTimeField = names.firstIndex(of: Self.motionTimeName)
        motionFields = Self.motionNames.map { names.firstIndex(of: $0) }
    }

    /// The first `loggingTime(txt)` value: the recording's start date.
    var startDate: Date? {
        guard let column = header.firstIndex(of: "loggingTime(txt)") else { return nil }
        var scanner = CSVScanner(bytes)
        scanner.offset = dataOffset
        while let line = scanner.nextLine() {
            if scanner.isBlank(line) { continue }
            let fields = String(decoding: scanner.slice(line), as: UTF8.self).split(separator: ",", omittingEmptySubsequences: false)
            guard column < fields.count else { return nil }
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            return formatter.date(from: String(fields[column]))
        }
        return nil
    }

    /// What is known once every row is read.
    struct Outcome {
        /// The last line, dropped because the file ends inside it, if so.
        var droppedLastLine: HygieneFinding?
        /// Device motion's column groups that are in the header and carry data.
        var present: [(DeviceMotionComponents, Range<Int>)]
    }

    /// Reads every row, handing the samples to `part` every `chunkRows` rows (all in one part when `nil`; the last
    /// part is handed over even when empty), releasing the pages parsed behind when `mapping` holds `bytes`.
    /// Throws a malformed row's error, then (once every row has parsed) an empty value where a sample needs one.
    func parse(mapping: MappedFile?, chunkRows: Int?, part: (Part) throws(RecordingError) -> Void)
        throws(RecordingError) -> Outcome
    {
        // Reader columns: every column of the two streams the header holds (each must hold numbers or nothing),
        // the accelerometer's time and axes, then device motion's time and columns.
        var columns: [NumericCSVReader.Column] = []
        func column(_ field: Int?, isFloat: Bool) -> Int? {
            guard let field else { return nil }
            columns.append(.init(field: field, name: header[field], isFloat: isFloat, allowsEmpty: true))
            return columns.count - 1
        }
        let accelerometerSlots = accelerometerFields.enumerated().map { column($1, isFloat: $0 > 0) }
        // The accelerometer is read when its time and three axes are all there.
        let accelerometer = accelerometerSlots.allSatisfy { $0 != nil } ? accelerometerSlots.map { $0! } : []
        let motionTime = column(motionTimeField, isFloat: false)
        let motion = motionFields.map { column($0, isFloat: true) }
        let reader = NumericCSVReader(file: file, columns: columns, expectedFieldCount: header.count)
        var scanner = CSVScanner(bytes)
        scanner.offset = dataOffset
        scanner.lineNumber = headerLineNumber

        var current = Part()
        var rows = 0
        var accelerometerError: RecordingError?
        // Per device-motion column: the first line with a motion timestamp and this value empty.
        var firstEmpty = [Int?](repeating: nil, count: 17)
        var magneticFieldAllZero = true
        var headingAllNegative = true
        let file = file
        func handOver() throws(RecordingError) {
            try part(current)
            current = Part()
            rows = 0
        }
        func appendRow(_ row: UnsafeBufferPointer<Double>, _ line: Int) throws(RecordingError) {
            if !accelerometer.isEmpty, !isEmptyFieldMarker(row[accelerometer[0]]) {
                let axes = (1...3).map { row[accelerometer[$0]] }
                if let empty = axes.firstIndex(where: isEmptyFieldMarker) {
                    accelerometerError = accelerometerError ?? .malformed(
                        file: file, line: line, column: nil, columnName: Self.accelerometerNames[empty],
                        reason: "empty accelerometer value in a row with an accelerometer timestamp")
                } else {
                    current.accelerometer.append(
                        timestamp: row[accelerometer[0]], x: Float(axes[0]), y: Float(axes[1]), z: Float(axes[2]))
                    current.accelerometerLines.append(UInt32(truncatingIfNeeded: line))
                }
            }
            for index in 13..<17 {
                guard let slot = motion[index] else { continue }
                let value = row[slot]
                if index < 16 && value != 0 && !isEmptyFieldMarker(value) { magneticFieldAllZero = false }
                if index == 16 && !(value < 0) && !isEmptyFieldMarker(value) { headingAllNegative = false }
            }
            if let motionTime, !isEmptyFieldMarker(row[motionTime]) {
                for (index, slot) in motion.enumerated() {
                    guard let slot else { continue }
                    let value = row[slot]
                    if isEmptyFieldMarker(value), firstEmpty[index] == nil { firstEmpty[index] = line }
                    current.motion[index].append(Float(value))
                }
                current.motionTimestamps.append(row[motionTime])
                current.motionLines.append(UInt32(truncatingIfNeeded: line))
            }
            rows += 1
            if let chunkRows, rows >= chunkRows { try handOver() }
        }
        var outcome = Outcome(droppedLastLine: nil, present: [])
        outcome.droppedLastLine = try reader.read(&scanner, releasingBehindIn: mapping, row: appendRow)
        try handOver()
        guard accelerometerFields[0] != nil || motionTimeField != nil else {
            throw .malformed(
                file: file, line: 1, column: nil, columnName: nil,
                reason: "SensorLog header has neither \(Self.accelerometerTimeName) nor \(Self.motionTimeName)")
        }
        if let accelerometerError { throw accelerometerError }
        guard motionTime != nil else { return outcome }
        outcome.present = Self.groups.filter { component, range in
            range.allSatisfy { motion[$0] != nil }
                && !(component == .magneticField && magneticFieldAllZero) && !(component == .heading && headingAllNegative)
        }
        let empty = outcome.present.flatMap { $0.1 }.compactMap { index in firstEmpty[index].map { (line: $0, index: index) } }
            .min { ($0.line, $0.index) < ($1.line, $1.index) }
        if let empty {
            throw .malformed(
                file: file, line: empty.line, column: nil, columnName: Self.motionNames[empty.index],
                reason: "empty device-motion value in a row with a motion timestamp")
        }
        return outcome
    }
}
