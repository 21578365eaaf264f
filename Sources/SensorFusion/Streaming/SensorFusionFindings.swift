public import MotionRecording

/// The hygiene findings of fusing a recording's device motion, from what the filter reported
/// (``SensorFusionFilter/events``): written once for every way a recording is fused (in memory, or streamed into a
/// temporary native file).
enum SensorFusionFindings {
    /// A `fused` finding (device motion computed, or replacing the recording's own when `replaced`, with
    /// `fusedSamples` samples), then in time order one finding per gap or gyroscope saturation the filter
    /// re-initialised after, and one per run of accelerometer samples without a gyroscope sample.
    static func findings(events: [SensorFusionEvent], fusedSamples: Int, replaced: Bool) -> [HygieneFinding] {
        var findings = [
            HygieneFinding(
                kind: "fused",
                message: "device motion \(replaced ? "replaced by" : "computed by") sensor fusion of the raw accelerometer and gyroscope (\(fusedSamples) samples at the gyroscope's timestamps)")
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
        for event in events {
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
        return findings
    }

    /// `value` rounded to the millisecond for a message (as written when it is already).
    private static func format(_ value: Double) -> String {
        (value * 1000).rounded() / 1000 == value ? "\(value)" : String(describing: (value * 1000).rounded() / 1000)
    }
}
