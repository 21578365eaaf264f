import MotionDSP
import MotionRecording

/// The signals the swing analysis reads, whole-recording, for plotting them (the HTML report): computed by the
/// analyzer's own code, so that a marker always sits on the curve the analysis saw.
public enum AnalysisSignals {
    /// The impact detector's high-passed accelerometer, one `SIMD4` per sample (x, y, z in g, lane 3 zero), and its
    /// statistic, the magnitude of that vector (g). The filter is the detector's: a Butterworth high-pass of
    /// `configuration.impactHighPassOrder` at `impactHighPassCutoff` Hz (at most 0.45 × the rate), designed for the
    /// rate measured over the first samples (800 Hz when too few), started at steady state for the first sample and
    /// run causally over the whole stream — the values the detector holds, bit for bit, however its batches were cut.
    public static func impactHighPass(
        _ accelerometer: AccelerometerData, configuration: SwingAnalyzerConfiguration
    ) -> (highPassed: [SIMD4<Float>], magnitude: [Float]) {
        let count = accelerometer.count
        guard count > 0 else { return ([], []) }
        var samples = (0..<count).map { SIMD4(accelerometer.x[$0], accelerometer.y[$0], accelerometer.z[$0], 0) }
        let measured = ImpactDetector.rateMeasurementSamples
        let rate =
            count >= measured
            ? ImpactDetector.filterDesignRate(
                first: accelerometer.timestamps[0], last: accelerometer.timestamps[measured - 1], configuration)
            : 800
        var filter = ImpactDetector.makeFilter(configuration, sampleRate: rate, firstSample: samples[0])
        filter.process(&samples)
        let magnitude = samples.map { h in ((h.x * h.x + h.y * h.y) + h.z * h.z).squareRoot() }
        return (samples, magnitude)
    }

    /// What the swing logic measures rotation against.
    public enum RotationReference: String, Sendable {
        /// The recorded gravity: dot(rotation rate, gravity / |gravity|).
        case gravity
        /// Gravity derived from the attitude quaternion (no gravity recorded).
        case attitude
        /// |rotation rate| over all axes (neither gravity nor attitude recorded): no sign.
        case magnitude
    }

    /// The rotation the swing logic reads, rad/s, one value per device-motion sample: rotation along gravity with the
    /// recorded gravity, or with gravity derived from the attitude, else |rotation rate|; `nil` without rotation rate.
    public static func rotationAlongGravity(
        _ deviceMotion: DeviceMotionData
    ) -> (values: [Float], reference: RotationReference)? {
        deviceMotion.withRotationColumns(0..<deviceMotion.count) { columns in
            guard let reference = columns.rotationReference else { return nil }
            let values = [Float](unsafeUninitializedCapacity: columns.count) { buffer, initialized in
                if columns.count > 0 { columns.rotationAlongGravity(0..<columns.count, into: buffer.baseAddress!) }
                initialized = columns.count
            }
            let publicReference: RotationReference =
                switch reference {
                case .gravity: .gravity
                case .attitude: .attitude
                case .magnitude: .magnitude
                }
            return (values, publicReference)
        }
    }
}
