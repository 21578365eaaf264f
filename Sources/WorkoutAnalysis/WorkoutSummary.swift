/// The workout summary of a recording, in `CMPedometer`'s quantities: segments, steps, cadence (steps/s) and
/// distance (m, only with a step length or, later, locations).
public struct WorkoutSummary: Sendable, Equatable {
    /// First to last sample, s.
    public var duration: Double
    public var segments: [ActivitySegment]
    /// Steps in walking and running segments (rounded to whole steps).
    public var steps: Int
    /// Mean step frequency over the walking and running segments, steps/s; `nil` without gait.
    public var cadence: Double?
    /// Distance, m: steps × step length; `nil` without a step length.
    public var distance: Double?
    /// Which data the analysis had (``WorkoutAnalyzer/dataCase``); its ``WorkoutDataCase/note`` belongs in a
    /// report's issues.
    public var dataCase: WorkoutDataCase
    /// Elevation gain and loss, floors and water depth from the pressure stream; `nil` without pressure
    /// (``addSlowStreams(_:barometry:)``).
    public var barometry: BarometrySummary?
    /// The device's own pedometer and activity beside ours; `nil` when the recording holds neither.
    public var device: DeviceComparison?

    public init(output: WorkoutAnalyzerOutput, stepLength: Double?, dataCase: WorkoutDataCase = .full) {
        self.dataCase = dataCase
        duration = output.duration
        segments = output.segments
        let gait = output.segments.filter { $0.activity == .walking || $0.activity == .running }
        let total = gait.reduce(0) { $0 + $1.steps }
        let seconds = gait.reduce(0) { $0 + $1.duration }
        steps = Int(total.rounded())
        cadence = seconds > 0 ? total / seconds : nil
        distance = stepLength.map { total * $0 }
    }

    /// Seconds of each activity.
    public var time: [Activity: Double] {
        var result: [Activity: Double] = [:]
        for s in segments { result[s.activity, default: 0] += s.duration }
        return result
    }

    /// The segment holding time `t`, s (segments are half-open; the last one includes its end).
    public func segment(at t: Double) -> ActivitySegment? {
        if let last = segments.last, t == last.end { return last }
        return segments.first { $0.start <= t && t < $0.end }
    }
}
