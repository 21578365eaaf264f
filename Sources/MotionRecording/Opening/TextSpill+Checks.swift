/// The part of opening a text recording through a ``TextSpill`` that is the same for every format: once a format
/// has parsed its motion streams into the spill (columns named as the native arrays, `<prefix>timestamp`, the sample
/// columns and `<prefix>line`, the source lines), the hygiene checks run and repair where the spill is mapped, the
/// slower streams are checked in memory and copied in, and the spill is served as a ``NativeRecordingFile`` — with
/// the samples, findings and summaries ``HygieneChecker`` gives the same streams in memory.
extension TextSpill {
    /// A motion stream parsed into the spill: which, its file (for findings), the findings made while reading, and
    /// the batch ends the source states (`nil`: cut at whole seconds).
    typealias SpilledStream = (stream: HygieneStream, file: String, findings: [HygieneFinding], batchEnds: [Int]?)

    /// Checks and repairs `streams` (in this order: accelerometer, device motion, gyroscope, magnetometer, as
    /// ``HygieneChecker`` takes them) where they are mapped, `chunkRows` rows at a time. `slower` holds the rest of
    /// the recording as read: its metadata, the findings made while reading it (reported first) and its slower
    /// streams, which are checked in memory and copied into the spill. `gyroscopeFile` names the gyroscope in the
    /// coverage finding. Returns `nil` when a stream must be checked in memory instead (a repair that cannot be made in
    /// place, or an empty stream): the caller then imports the recording into memory.
    func checkedRecording(
        _ streams: [SpilledStream], slower: ImportedRecording, gyroscopeFile: String?, chunkRows: Int
    ) throws(RecordingError) -> NativeRecordingFile? {
        let (slowerReport, slowerFindings) = try addSlowerStreams(slower)
        var report = slowerReport
        let mapping = try mapped()
        var findings: [HygieneFinding] = slower.findings
        var batchEnds: [String: [Int]] = [:]
        for (stream, file, readFindings, givenEnds) in streams {
            let prefix = stream.nativePrefix
            guard let columns = mappedStream(stream, mapping: mapping) else { return nil }
            findings += readFindings
            let repairer = StreamRepairer(stream: stream, file: file, lines: [], repair: true)
            guard let (summary, ends) = repairer.checkMapped(columns, batchEnds: givenEnds, chunkRows: chunkRows, findings: &findings)
            else { return nil }
            for name in regions.keys where name.hasPrefix(prefix) { truncate(name, to: summary.sampleCount) }
            switch stream {
            case .accelerometer: report.accelerometer = summary
            case .deviceMotion: report.deviceMotion = summary
            case .gyroscope: report.gyroscope = summary
            default: report.magnetometer = summary
            }
            // The batch ends the swing analysis follows (the raw IMU streams are not batched).
            if let ends, stream == .accelerometer || stream == .deviceMotion { batchEnds[prefix + "batch_ends"] = ends }
        }
        findings += slowerFindings
        findings += HygieneChecker.acrossStreams(report, gyroscopeFile: gyroscopeFile, imported: slower)
        report.findings = findings
        return try NativeRecordingFile(
            mapping: mapping, arrays: arrays, metadata: slower.metadata, hygiene: report, hasStoredHygiene: true,
            batchEnds: batchEnds)
    }

    /// The slower streams of `imported` checked and repaired in memory (as ``HygieneChecker`` does on import) and
    /// appended to the spill as the native format's arrays: their summaries in a report, and their findings.
    private func addSlowerStreams(_ imported: ImportedRecording) throws(RecordingError)
        -> (report: HygieneReport, findings: [HygieneFinding])
    {
        var findings: [HygieneFinding] = []
        var report = HygieneReport()
        var repaired = Recording(metadata: imported.metadata)
        func apply<Samples: HygieneSamples>(
            _ stream: ImportedStream<Samples>?, _ samples: WritableKeyPath<Recording, Samples?>,
            _ summary: WritableKeyPath<HygieneReport, StreamSummary?>
        ) {
            guard let checked = HygieneChecker.repairStream(stream, repair: true, findings: &findings) else { return }
            repaired[keyPath: samples] = checked.samples
            report[keyPath: summary] = checked.summary
        }
        apply(imported.pressure, \.pressure, \.pressure)
        apply(imported.location, \.location, \.location)
        apply(imported.headphoneMotion, \.headphoneMotion, \.headphoneMotion)
        apply(imported.pedometer, \.pedometer, \.pedometer)
        apply(imported.motionActivity, \.motionActivity, \.motionActivity)
        try append(members: NativeFormat.workoutStreamMembers(repaired))
        return (report, findings)
    }

    /// The spilled columns of `stream` where `mapping` (this spill's) holds them, laid out as ``StreamColumns``
    /// lays out the same stream; `nil` when the stream has no samples.
    private func mappedStream(_ stream: HygieneStream, mapping: MappedFile) -> MappedStream? {
        let prefix = stream.nativePrefix
        guard let base = mapping.mutableBase, let time = regions[prefix + "timestamp"], time.count > 0,
            let lines = regions[prefix + "line"]
        else { return nil }
        let layout: StreamColumns
        let names: [String]
        switch stream {
        case .accelerometer:
            layout = AccelerometerData().hygieneColumns
            names = ["x", "y", "z"]
        case .gyroscope:
            layout = GyroscopeData().hygieneColumns
            names = ["x", "y", "z"]
        case .magnetometer:
            layout = MagnetometerData().hygieneColumns
            names = ["x", "y", "z"]
        default:
            // The groups present, as StreamColumns finds them from non-empty columns.
            var probe = DeviceMotionData()
            for column in DeviceMotionColumn.all where regions[prefix + column.name] != nil {
                probe[keyPath: column.keyPath] = [0]
            }
            layout = probe.hygieneColumns
            names = layout.names
        }
        let touched = [time, lines] + names.map { regions[prefix + $0]! }
        return MappedStream(
            timestamps: UnsafeMutableBufferPointer(start: (base + time.offset).assumingMemoryBound(to: Double.self), count: time.count),
            columns: names.map {
                UnsafeMutableBufferPointer(
                    start: (base + regions[prefix + $0]!.offset).assumingMemoryBound(to: Float.self),
                    count: time.count)
            },
            layout: layout,
            lines: UnsafeMutableBufferPointer(start: (base + lines.offset).assumingMemoryBound(to: UInt32.self), count: lines.count),
            release: { rows in
                for region in touched {
                    mapping.release(
                        region.offset + rows.lowerBound * region.elementSize..<region.offset + rows.upperBound * region.elementSize)
                }
            })
    }
}
