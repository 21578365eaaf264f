public import MotionRecording

extension RecordingSource {
    /// The source with its device motion fused from its raw accelerometer (g) and gyroscope (rad/s): a recording in
    /// memory by ``Recording/fusingDeviceMotion(configuration:)``; a memory-mapped one (a native file, or a long text
    /// recording spilled on opening) streamed into a temporary native file by
    /// ``NativeRecordingFile/fusingDeviceMotion(configuration:directory:)``, so memory stays flat in its length. The
    /// same device motion, metadata ("fused") and findings either way. Path and format are kept.
    ///
    /// Throws ``SensorFusionConfigurationError`` or ``RecordingError`` (see the two). Precondition:
    /// ``BatchSource/needsFusion(force:)`` with the same intent.
    public func fusingDeviceMotion(
        configuration: SensorFusionConfiguration = SensorFusionConfiguration(), directory: String? = nil
    ) throws -> RecordingSource {
        switch storage {
        case .inMemory(let recording):
            RecordingSource(try recording.fusingDeviceMotion(configuration: configuration), path: path, format: format)
        case .mapped(let file):
            RecordingSource(
                try file.fusingDeviceMotion(configuration: configuration, directory: directory), path: path,
                format: format)
        }
    }
}
