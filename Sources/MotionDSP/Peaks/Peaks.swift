/// The peaks ``PeakFinder/findPeaks(in:criteria:)`` kept, in increasing sample order, with the properties scipy's
/// `find_peaks` returns. Each property array is parallel to ``indices`` and present only when the criterion that
/// produces it was given (scipy's `properties` dict keys in comments).
public struct Peaks: Sendable, Hashable {
    /// Sample index of each peak (for a plateau, its middle, rounded down).
    public var indices: [Int] = []
    /// `peak_heights`: the sample values.
    public var heights: [Double]?
    /// `left_thresholds`, `right_thresholds`: x[peak] − x[peak ∓ 1].
    public var leftThresholds: [Double]?
    public var rightThresholds: [Double]?
    /// `prominences`: height above the higher of the two bases.
    public var prominences: [Double]?
    /// `left_bases`, `right_bases`: sample indices of the minima bounding each peak's prominence.
    public var leftBases: [Int]?
    public var rightBases: [Int]?
    /// `widths`: samples between the interpolated crossings of `widthHeights`.
    public var widths: [Double]?
    /// `width_heights`: x[peak] − prominence · relativeHeight.
    public var widthHeights: [Double]?
    /// `left_ips`, `right_ips`: interpolated (fractional) sample positions of the crossings.
    public var leftInterpolatedPositions: [Double]?
    public var rightInterpolatedPositions: [Double]?
    /// `plateau_sizes`, `left_edges`, `right_edges`: flat-top length and first/last sample of the top.
    public var plateauSizes: [Int]?
    public var leftEdges: [Int]?
    public var rightEdges: [Int]?

    public init() {}

    /// The number of peaks.
    public var count: Int { indices.count }

    /// Peak times on the recording clock, s, given the time of sample 0 and the uniform `sampleRate` (Hz).
    public func times(start: Double, sampleRate: Double) -> [Double] {
        indices.map { start + Double($0) / sampleRate }
    }

    /// Keeps the peaks (and every present property) whose `keep` flag is set.
    mutating func filter(_ keep: [Bool]) {
        func select<T>(_ values: [T]?) -> [T]? {
            guard let values else { return nil }
            var kept: [T] = []
            kept.reserveCapacity(values.count)
            for (value, flag) in zip(values, keep) where flag { kept.append(value) }
            return kept
        }
        indices = select(indices)!
        heights = select(heights)
        leftThresholds = select(leftThresholds)
        rightThresholds = select(rightThresholds)
        prominences = select(prominences)
        leftBases = select(leftBases)
        rightBases = select(rightBases)
        widths = select(widths)
        widthHeights = select(widthHeights)
        leftInterpolatedPositions = select(leftInterpolatedPositions)
        rightInterpolatedPositions = select(rightInterpolatedPositions)
        plateauSizes = select(plateauSizes)
        leftEdges = select(leftEdges)
        rightEdges = select(rightEdges)
    }
}
