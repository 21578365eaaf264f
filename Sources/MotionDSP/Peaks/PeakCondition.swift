/// An interval a peak property must lie in, `minimum ≤ value ≤ maximum`, either bound optional — one of
/// `scipy.signal.find_peaks`' `height`, `threshold`, `prominence`, `width`, `plateau_size` arguments (a number there
/// is a minimum, a pair is both bounds).
public struct PeakCondition: Sendable, Hashable {
    /// Inclusive lower bound, or `nil` for none.
    public var minimum: Double?
    /// Inclusive upper bound, or `nil` for none.
    public var maximum: Double?

    public init(minimum: Double? = nil, maximum: Double? = nil) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// `value ≥ minimum` (scipy: a single number).
    public static func atLeast(_ minimum: Double) -> PeakCondition { PeakCondition(minimum: minimum) }

    /// `minimum ≤ value ≤ maximum` (scipy: a pair).
    public static func between(_ minimum: Double, _ maximum: Double) -> PeakCondition {
        PeakCondition(minimum: minimum, maximum: maximum)
    }

    /// No bound, but the property is still computed and reported (scipy: `None` inside a pair, e.g. `(None, None)`).
    public static let any = PeakCondition()

    /// Whether `value` satisfies both bounds (NaN never does when a bound is set, as in numpy's comparisons).
    @inlinable
    public func contains(_ value: Double) -> Bool {
        if let minimum, !(minimum <= value) { return false }
        if let maximum, !(value <= maximum) { return false }
        return true
    }
}
