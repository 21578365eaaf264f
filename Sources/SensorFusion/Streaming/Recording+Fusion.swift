public import MotionRecording

extension Recording {
    /// Whether analysing this recording needs fusion: raw accelerometer and gyroscope, and no device motion that
    /// carries rotation rate (or `force`, as `--fuse` asks).
    public func needsFusion(force: Bool = false) -> Bool {
        guard let accelerometer, !accelerometer.isEmpty, let gyroscope, !gyroscope.isEmpty else { return false }
        if force { return true }
        guard let deviceMotion, !deviceMotion.isEmpty else { return true }
        return !deviceMotion.components.contains(.rotationRate)
    }

    /// The recording with its device motion replaced by ``SensorFusionFilter``'s fusion of the raw accelerometer
    /// (g) and gyroscope (rad/s), fed in alternating one-second batches (equal to any live batch split), at the
    /// gyroscope's timestamps. ``RecordingMetadata/deviceMotionSource`` becomes "fused", and the hygiene report
    /// gains one finding that says so plus one per gap or saturation the filter re-initialised after.
    ///
    /// Precondition: ``needsFusion(force:)`` with the same intent (both streams present).
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
        var findings = [
            HygieneFinding(
                kind: "fused",
                message: "device motion \(replaced ? "replaced by" : "computed by") sensor fusion of the raw accelerometer and gyroscope (\(fused.count) samples at the gyroscope's timestamps)")
        ]
        // Accelerometer samples without a gyroscope sample come once per batch while the gyroscope is silent (a
        // gyroscope that stopped mid-recording gives one per second to the end): consecutive ones are one finding.
        var unmatched: (count: Int, first: Double, last: Double)?
        func reportUnmatched() {
            guard let run = unmatched else { return }
            let place = run.first == run.last
                ? "at \(format(run.first)) s" : "from \(format(run.first)) s to \(format(run.last)) s"
            findings.append(HygieneFinding(
                kind: .other, file: "accelerometer",
                message: "fusion: \(run.count) accelerometer sample(s) without a gyroscope sample within the stream skew (\(place)); applied at the held attitude"))
            unmatched = nil
        }
        for event in filter.events {
            if case .lateAccelerometer(let count) = event.kind {
                unmatched = (count + (unmatched?.count ?? 0), unmatched?.first ?? event.timestamp, event.timestamp)
                continue
            }
            if case .accelerometerWithoutGyroscope(let count) = event.kind {
                unmatched = (count + (unmatched?.count ?? 0), unmatched?.first ?? event.timestamp, event.timestamp)
                continue
            }
            reportUnmatched()
            switch event.kind {
            case .initialised, .lateAccelerometer, .accelerometerWithoutGyroscope: continue
            case .gap(let duration):
                findings.append(HygieneFinding(
                    kind: .gap, file: "gyroscope",
                    message: "fusion: gyroscope paused \(format(duration)) s before \(format(event.timestamp)) s; attitude re-initialised from the accelerometer"))
            case .gyroscopeSaturation(let duration):
                findings.append(HygieneFinding(
                    kind: .saturation, file: "gyroscope",
                    message: "fusion: gyroscope at full scale for \(format(duration)) s until \(format(event.timestamp)) s; attitude re-initialised from the accelerometer"))
            }
        }
        reportUnmatched()
        result.hygiene.findings += findings
        result.hygiene.deviceMotion = nil
        return result
    }
}

private func format(_ value: Double) -> String {
    (value * 1000).rounded() / 1000 == value ? "\(value)" : String(describing: (value * 1000).rounded() / 1000)
}
