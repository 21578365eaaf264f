/// A stream as an importer read it, before the hygiene checks: the samples, the 1-based source line of each
/// sample (so that findings can name it), the file, and the batch ends the source kept (if any).
struct ImportedStream<Samples: Sendable>: Sendable {
    var samples: Samples
    /// Source line of each sample, 1-based (same count as the samples).
    var lines: [UInt32]
    /// File the samples came from, for messages.
    var file: String
    /// Exclusive batch end indices as delivered, or `nil`.
    var batchEnds: [Int]?
    /// Findings made while reading the file (a dropped last line the file ends inside).
    var findings: [HygieneFinding] = []
}

/// What an importer produced: streams with provenance, metadata, and findings made while reading.
struct ImportedRecording: Sendable {
    var accelerometer: ImportedStream<AccelerometerData>?
    var deviceMotion: ImportedStream<DeviceMotionData>?
    var gyroscope: ImportedStream<GyroscopeData>?
    var magnetometer: ImportedStream<MagnetometerData>?
    var pressure: ImportedStream<PressureData>?
    var location: ImportedStream<LocationData>?
    var headphoneMotion: ImportedStream<HeadphoneMotionData>?
    var pedometer: ImportedStream<PedometerData>?
    var motionActivity: ImportedStream<MotionActivityData>?
    var metadata: RecordingMetadata
    var findings: [HygieneFinding] = []

    init(metadata: RecordingMetadata, findings: [HygieneFinding] = []) {
        self.metadata = metadata
        self.findings = findings
    }

    /// Every stream of `recording` as if just read, without source lines (findings then name sample indices),
    /// labelled for messages by `label` (e.g. "device motion", or a native file's array names), after `findings`.
    init(_ recording: Recording, findings: [HygieneFinding], label: (HygieneStream) -> String) {
        self.init(metadata: recording.metadata, findings: findings)
        func stream<Samples>(_ samples: Samples?, _ kind: HygieneStream, batchEnds: [Int]? = nil) -> ImportedStream<Samples>? {
            samples.map { ImportedStream(samples: $0, lines: [], file: label(kind), batchEnds: batchEnds) }
        }
        accelerometer = stream(recording.accelerometer, .accelerometer, batchEnds: recording.accelerometerBatchEnds)
        deviceMotion = stream(recording.deviceMotion, .deviceMotion, batchEnds: recording.deviceMotionBatchEnds)
        gyroscope = stream(recording.gyroscope, .gyroscope)
        magnetometer = stream(recording.magnetometer, .magnetometer)
        pressure = stream(recording.pressure, .pressure)
        location = stream(recording.location, .location)
        headphoneMotion = stream(recording.headphoneMotion, .headphoneMotion)
        pedometer = stream(recording.pedometer, .pedometer)
        motionActivity = stream(recording.motionActivity, .motionActivity)
    }

    /// Runs the hygiene checks and repairs and returns the finished recording.
    func finished() -> Recording {
        HygieneChecker.repairing(self)
    }
}

/// Bit pattern of the NaN that stands for an empty field in ``NumericCSVReader`` rows with `allowsEmpty`.
let emptyFieldMarker = Double(nan: 0x5EED, signaling: false)

@inline(__always)
func isEmptyFieldMarker(_ value: Double) -> Bool {
    value.bitPattern == emptyFieldMarker.bitPattern
}
