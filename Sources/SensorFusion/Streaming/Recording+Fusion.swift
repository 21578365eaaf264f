public import MotionRecording

extension BatchSource {
    /// Whether analysing this recording needs fusion: raw accelerometer and gyroscope, and no device motion that
    /// carries rotation rate (or `force`, as `--fuse` asks). Decided from the streams the source lists and the
    /// device-motion column groups it holds, without reading a sample: an opened recording is never loaded to
    /// decide.
    public func needsFusion(force: Bool = false) -> Bool {
        let streams = self.streams
        guard streams.contains(.accelerometer), streams.contains(.gyroscope) else { return false }
        if force { return true }
        guard streams.contains(.deviceMotion) else { return true }
        return !deviceMotionComponents.contains(.rotationRate)
    }
}

extension Recording {
    /// The recording with its device motion replaced by ``SensorFusionFilter``'s fusion of the raw accelerometer
    /// (g) and gyroscope (rad/s), fed in alternating one-second batches (equal to any live batch split), at the
    /// gyroscope's timestamps. ``RecordingMetadata/deviceMotionSource`` becomes "fused", and the hygiene report
    /// gains the findings of ``SensorFusionFindings``: one that says so, plus one per gap or saturation the filter
    /// re-initialised after and per run of accelerometer samples without a gyroscope.
    ///
    /// Precondition: ``BatchSource/needsFusion(force:)`` with the same intent (both streams present).
    public func fusingDeviceMotion(
        configuration: SensorFusionConfiguration = SensorFusionConfiguration()
    ) throws(SensorFusionConfigurationError) -> Recording {
        guard let accelerometer, let gyroscope else { preconditionFailure("fusion needs accelerometer and gyroscope") }
        var filter = try SensorFusionFilter(configuration: configuration)
        var fused = DeviceMotionData()
        fused.reserveCapacity(gyroscope.count, like: nil)
        filter.fuse(accelerometer: accelerometer, gyroscope: gyroscope, into: &fused)
        var result = self
        let replaced = deviceMotion.map { !$0.isEmpty } ?? false
        result.deviceMotion = fused
        result.deviceMotionBatchEnds = nil
        result.metadata.deviceMotionSource = "fused"
        result.hygiene.findings += SensorFusionFindings.findings(
            events: filter.events, fusedSamples: fused.count, replaced: replaced)
        result.hygiene.deviceMotion = nil
        return result
    }
}
