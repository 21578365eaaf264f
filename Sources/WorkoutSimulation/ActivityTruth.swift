/// Ground truth of a simulated workout: which activity each stretch was (times in s on the recording's clock)
/// and when every heel strike happened.
public struct ActivityTruth: Sendable, Equatable, Codable {
    /// One stretch: `activity` is an `Activity` raw value of the WorkoutAnalysis target ("walking", "swingSport", …).
    public struct Segment: Sendable, Equatable, Codable {
        public var start: Double
        public var end: Double
        public var activity: String
        /// The simulated variant ("walkingWithoutArmSwing", "tennis", …).
        public var variant: String

        public init(start: Double, end: Double, activity: String, variant: String) {
            self.start = start
            self.end = end
            self.activity = activity
            self.variant = variant
        }
    }

    public var segments: [Segment]
    /// Heel-strike times, s.
    public var stepTimes: [Double]

    public init(segments: [Segment] = [], stepTimes: [Double] = []) {
        self.segments = segments
        self.stepTimes = stepTimes
    }

    /// The true activity at time t (`nil` outside every segment).
    public func activity(at t: Double) -> String? {
        segments.first { $0.start <= t && t < $0.end }?.activity
    }

    /// Steps within [start, end).
    public func steps(from start: Double, to end: Double) -> Int {
        stepTimes.reduce(0) { $0 + ($1 >= start && $1 < end ? 1 : 0) }
    }
}
