/// One stretch of a recording with a single activity. Times are seconds on the recording's clock.
public struct ActivitySegment: Sendable, Equatable, Codable {
    /// Start, s (the first sample's time for the first segment, otherwise a whole second of the clock).
    public var start: Double
    /// End, s (exclusive; the last sample's time for the last segment).
    public var end: Double
    public var activity: Activity
    /// 0…1: the fraction of the segment's one-second windows whose own (unsmoothed) classification was this
    /// activity, weighted by each window's rule confidence.
    public var confidence: Double
    /// Steps counted in the segment (0 outside walking and running).
    public var steps: Double
    /// Mean step frequency over the segment, steps/s (`nil` outside walking and running).
    public var cadence: Double?

    public init(
        start: Double, end: Double, activity: Activity, confidence: Double, steps: Double = 0, cadence: Double? = nil
    ) {
        self.start = start
        self.end = end
        self.activity = activity
        self.confidence = confidence
        self.steps = steps
        self.cadence = cadence
    }

    /// `end − start`, s.
    public var duration: Double { end - start }

    private enum CodingKeys: String, CodingKey { case start, end, activity, confidence, steps, cadence }
}
