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
    var metadata: RecordingMetadata
    var findings: [HygieneFinding] = []

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
