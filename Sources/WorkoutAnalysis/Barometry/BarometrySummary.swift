/// A recording's barometric results: elevation gain and loss, floors, submersions and their greatest depth, in
/// total and per activity segment. Made by ``ElevationProfile/summarize(_:segments:floorsNeedGait:configuration:)``.
public struct BarometrySummary: Sendable, Equatable {
    /// Altitude climbed, m (weather drift left out, dead band ``BarometryConfiguration/elevationDeadBand``).
    public var elevationGain: Double
    /// Altitude descended, m.
    public var elevationLoss: Double
    /// Floors climbed while walking or running (``BarometryConfiguration/floorHeight`` a floor).
    public var floorsAscended: Int
    /// Floors descended while walking or running.
    public var floorsDescended: Int
    /// Greatest depth under water, m; `nil` when never submerged.
    public var maxDepth: Double?
    /// Every stretch under water, in time order.
    public var submersions: [Submersion]
    /// Altitude change put down to weather (slower than ``BarometryConfiguration/verticalRate``, or made while
    /// stationary), m: what an altimeter without drift removal would have added.
    public var weatherDrift: Double
    /// The same quantities per activity segment, in the order of the segments given.
    public var segments: [SegmentBarometry]
    /// The wearer's altitude, one point a second from the first second out of water (none under water or within
    /// ``BarometryConfiguration/spikeMedianSeconds`` of a dive): the sum of the smoothed altitude changes with the
    /// weather's part taken out — the changes that gain, loss and floors count, before their dead bands.
    public var wearerAltitude: [AltitudePoint] = []

    public init(
        elevationGain: Double = 0, elevationLoss: Double = 0, floorsAscended: Int = 0, floorsDescended: Int = 0,
        maxDepth: Double? = nil, submersions: [Submersion] = [], weatherDrift: Double = 0,
        segments: [SegmentBarometry] = []
    ) {
        self.elevationGain = elevationGain
        self.elevationLoss = elevationLoss
        self.floorsAscended = floorsAscended
        self.floorsDescended = floorsDescended
        self.maxDepth = maxDepth
        self.submersions = submersions
        self.weatherDrift = weatherDrift
        self.segments = segments
    }
}

/// Elevation, floors and depth within one activity segment: the gain, loss and floors counted at seconds inside
/// it, and the greatest depth of the submersions that reached it inside it.
public struct SegmentBarometry: Sendable, Equatable {
    public var elevationGain: Double = 0
    public var elevationLoss: Double = 0
    public var floorsAscended = 0
    public var floorsDescended = 0
    /// m; `nil` when the segment holds no submersion's deepest point.
    public var maxDepth: Double?

    public init() {}
}
