import MotionRecording

/// The slower streams of a workout recording that the motion analysis does not batch: pressure (barometry) and
/// the device's own pedometer and activity (the reference). Taken from the recording beside the motion batches.
public struct WorkoutSlowStreams: Sendable, Equatable {
    public var pressure: PressureData?
    public var pedometer: PedometerData?
    public var motionActivity: MotionActivityData?

    public init(pressure: PressureData? = nil, pedometer: PedometerData? = nil, motionActivity: MotionActivityData? = nil) {
        self.pressure = pressure
        self.pedometer = pedometer
        self.motionActivity = motionActivity
    }

    /// The slow streams of `recording`.
    public init(_ recording: Recording) {
        self.init(pressure: recording.pressure, pedometer: recording.pedometer, motionActivity: recording.motionActivity)
    }
}

extension RecordingSource {
    /// The slow streams of the source (a memory-mapped native file's copied out of the mapping).
    public var workoutSlowStreams: WorkoutSlowStreams { WorkoutSlowStreams(slowerStreams) }
}

extension WorkoutSummary {
    /// Adds the barometry (pressure through ``BarometricAnalyzer`` and ``ElevationProfile``; floors count only in
    /// gait segments when the motion analysis could classify, i.e. had acceleration) and the comparison with the device's own counts.
    public mutating func addSlowStreams(
        _ streams: WorkoutSlowStreams, barometry configuration: BarometryConfiguration = BarometryConfiguration()
    ) {
        if let pressure = streams.pressure, !pressure.isEmpty {
            var analyzer = BarometricAnalyzer(configuration: configuration)
            var output = BarometryOutput()
            analyzer.feed(pressure: pressure, into: &output)
            analyzer.finish(into: &output)
            let hasMotion = [.full, .accelerometerOnly, .deviceMotionOnly].contains(dataCase)
            barometry = ElevationProfile.summarize(
                output, segments: segments, floorsNeedGait: hasMotion, configuration: configuration)
        }
        device = DeviceComparison(
            pedometer: streams.pedometer, activity: streams.motionActivity, steps: steps, distance: distance,
            floors: barometry.map { (ascended: $0.floorsAscended, descended: $0.floorsDescended) }, segments: segments)
    }
}
