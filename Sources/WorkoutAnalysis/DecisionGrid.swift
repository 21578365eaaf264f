import MotionRecording

/// The integers and stream flags ``WorkoutAnalyzer`` consults on every batch and every bin, computed once in its
/// `init`: rounding a `Double` calls into libm and `Set<SensorStream>.contains` hashes the stream's raw string,
/// both far dearer than reading a stored value thousands of times a second.
struct DecisionGrid: Sendable {
    /// Bins per second (25 at the default 25 Hz grid).
    let binsPerSecond: Int
    /// Seconds between a window's end and the second its decision is assigned to (half the window, 4 s).
    let centreOffset: Int
    /// ``WorkoutAnalyzerConfiguration/maximumStreamLag`` in bins.
    let streamLagBins: Int
    /// Whether the accelerometer, and device motion, are among the declared streams.
    let feedsAccelerometer: Bool
    let feedsDeviceMotion: Bool

    init(configuration: WorkoutAnalyzerConfiguration, streams: Set<SensorStream>) {
        binsPerSecond = configuration.binsPerSecond
        centreOffset = Int((configuration.windowDuration / 2).rounded())
        streamLagBins = Int((configuration.maximumStreamLag * configuration.binRate).rounded())
        feedsAccelerometer = streams.contains(.accelerometer)
        feedsDeviceMotion = streams.contains(.deviceMotion)
    }
}
