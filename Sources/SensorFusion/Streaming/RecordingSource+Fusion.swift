public import MotionRecording

extension RecordingSource {
    /// The source with its device motion fused from its raw accelerometer (g) and gyroscope (rad/s): a recording in
    /// memory by ``Recording/fusingDeviceMotion(configuration:)``; a memory-mapped one (a native file, or a long text
    /// recording spilled on opening) streamed into a temporary native file by
    /// ``NativeRecordingFile/fusingDeviceMotion(configuration:directory:)``, so memory stays flat in its length — or,
    /// when that file cannot be written (disk full, read-only `directory`), loaded and fused in memory, as a spill
    /// that cannot be written is imported into memory. The same device motion, metadata ("fused") and findings either
    /// way. Path and format are kept.
    ///
    /// Throws ``SensorFusionConfigurationError`` or ``RecordingError`` (see the two). Precondition:
    /// ``BatchSource/needsFusion(force:)`` with the same intent.
    public func fusingDeviceMotion(
        configuration: SensorFusionConfiguration = SensorFusionConfiguration(), directory: String? = nil
    ) throws -> RecordingSource {
        switch storage {
        case .inMemory(let recording):
            return RecordingSource(try recording.fusingDeviceMotion(configuration: configuration), path: path, format: format)
        case .mapped(let file):
            do {
                return RecordingSource(
                    try file.fusingDeviceMotion(configuration: configuration, directory: directory), path: path,
                    format: format)
            } catch RecordingError.cannotWrite {
                let fused = try file.recording().fusingDeviceMotion(configuration: configuration)
                return RecordingSource(fused, path: path, format: format)
            }
        }
    }
}
