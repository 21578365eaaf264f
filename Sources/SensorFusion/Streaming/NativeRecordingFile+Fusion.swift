public import MotionRecording

extension NativeRecordingFile {
    /// Device-motion samples gathered before they are written to the temporary file (about 80 s at 200 Hz; 60 bytes
    /// each, so under 1 MB held).
    static let fusedRowsPerWrite = 16_384

    /// ``Recording/fusingDeviceMotion(configuration:)`` streamed: the raw accelerometer (g) and gyroscope (rad/s) are
    /// read from the mapping a second at a time and fed to one ``SensorFusionFilter`` exactly as the in-memory fusion
    /// feeds them, the fused device motion is written to a temporary native file as it comes
    /// (``DeviceMotionReplacement``), and the result is that file, memory-mapped: the same samples, metadata
    /// ("fused") and findings as fusing the loaded recording, with resident memory flat in the recording's length.
    /// `directory` is where the temporary file goes (`TMPDIR` when `nil`).
    ///
    /// Throws ``SensorFusionConfigurationError`` for an invalid configuration, ``RecordingError`` when the file shrank
    /// while it was read or the temporary file cannot be written. Precondition: ``BatchSource/needsFusion(force:)``.
    public func fusingDeviceMotion(
        configuration: SensorFusionConfiguration = SensorFusionConfiguration(), directory: String? = nil
    ) throws -> NativeRecordingFile {
        try fusingDeviceMotion(configuration: configuration, directory: directory, rowsPerWrite: Self.fusedRowsPerWrite)
    }

    /// ``fusingDeviceMotion(configuration:directory:)`` writing whenever `rowsPerWrite` device-motion samples are
    /// held (tests write in small pieces).
    func fusingDeviceMotion(
        configuration: SensorFusionConfiguration, directory: String?, rowsPerWrite: Int
    ) throws -> NativeRecordingFile {
        precondition(accelerometerCount > 0 && gyroscopeCount > 0, "fusion needs accelerometer and gyroscope")
        var filter = try SensorFusionFilter(configuration: configuration)
        let replacement = try DeviceMotionReplacement(replacing: self, capacity: gyroscopeCount, directory: directory)
        var output = DeviceMotionData()
        try filter.fuse(MappedRawIMU(file: self), into: &output) { (output: inout DeviceMotionData) throws(RecordingError) in
            guard output.count >= rowsPerWrite else { return }
            try replacement.append(output)
            output.removeAll(keepingCapacity: true)
        }
        try replacement.append(output)
        if let truncation { throw truncation }
        var metadata = self.metadata
        metadata.deviceMotionSource = "fused"
        var hygiene = self.hygiene
        hygiene.findings += SensorFusionFindings.findings(
            events: filter.events, fusedSamples: replacement.count, replaced: deviceMotionCount > 0)
        hygiene.deviceMotion = nil
        return try replacement.finish(metadata: metadata, hygiene: hygiene)
    }
}
