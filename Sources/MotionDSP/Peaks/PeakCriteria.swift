/// What ``PeakFinder/findPeaks(in:criteria:)`` keeps, with `scipy.signal.find_peaks`' arguments and order of
/// evaluation: plateau size, height, threshold, distance, prominence, width. A `nil` condition is not evaluated and
/// its properties are not reported; ``PeakCondition/any`` reports them without filtering.
///
/// Values are in the signal's units (g, rad/s) and samples; for a distance in seconds use
/// ``setMinimumDistance(seconds:sampleRate:)``.
public struct PeakCriteria: Sendable, Hashable {
    /// Bounds on the peak's sample value (scipy `height`); reports `peakHeights`.
    public var height: PeakCondition?
    /// Bounds on the vertical distance to both neighbouring samples (scipy `threshold`: the smaller of the two must
    /// reach the minimum, the larger must not exceed the maximum); reports `leftThresholds` / `rightThresholds`.
    public var threshold: PeakCondition?
    /// Minimal horizontal distance between kept peaks, in samples, ≥ 1 (scipy `distance`, rounded up). Smaller
    /// peaks are removed first until every pair of remaining peaks is at least this far apart.
    public var distance: Double?
    /// Bounds on topographic prominence (scipy `prominence`); reports `prominences`, `leftBases`, `rightBases`.
    public var prominence: PeakCondition?
    /// Bounds on the width in samples at `relativeHeight` of the prominence (scipy `width`); reports `widths`,
    /// `widthHeights`, `leftInterpolatedPositions`, `rightInterpolatedPositions` (and the prominence properties).
    public var width: PeakCondition?
    /// Window for prominence, samples, > 1, rounded up (scipy `wlen`); `nil` searches the whole signal.
    public var prominenceWindowLength: Double?
    /// Height at which widths are measured, as a fraction of the prominence below the peak, ≥ 0 (scipy
    /// `rel_height`, default 0.5 = full width at half prominence; 1 = at the higher base).
    public var relativeHeight: Double
    /// Bounds on the flat top's length in samples (scipy `plateau_size`); reports `plateauSizes`, `leftEdges`,
    /// `rightEdges`.
    public var plateauSize: PeakCondition?

    public init(
        height: PeakCondition? = nil, threshold: PeakCondition? = nil, distance: Double? = nil,
        prominence: PeakCondition? = nil, width: PeakCondition? = nil, prominenceWindowLength: Double? = nil,
        relativeHeight: Double = 0.5, plateauSize: PeakCondition? = nil
    ) {
        self.height = height
        self.threshold = threshold
        self.distance = distance
        self.prominence = prominence
        self.width = width
        self.prominenceWindowLength = prominenceWindowLength
        self.relativeHeight = relativeHeight
        self.plateauSize = plateauSize
    }

    /// Sets ``distance`` from a time: `seconds · sampleRate` samples (at least 1).
    ///
    /// - Parameters:
    ///   - seconds: minimal time between peaks, s, > 0.
    ///   - sampleRate: the signal's (uniform) rate, Hz — e.g. the measured ~798.7 Hz of an "800 Hz" stream.
    public mutating func setMinimumDistance(seconds: Double, sampleRate: Double) {
        precondition(seconds > 0 && sampleRate > 0, "distance needs seconds > 0 and sampleRate > 0")
        distance = Swift.max(1, seconds * sampleRate)
    }
}
