/// Pressure on a 1 Hz grid of whole seconds of the recording clock, spikes removed (the running median of the
/// per-second means): what ``BarometricAnalyzer`` streams out and ``ElevationProfile`` reads. 8 bytes a second
/// (29 kB an hour).
public struct PressureTrack: Sendable, Equatable {
    /// The whole second of the first value, s; `nil` while empty.
    public var firstSecond: Int?
    /// Pressure of each second from ``firstSecond`` on, kPa; NaN for a second without samples.
    public var kilopascals: [Double] = []

    public init() {}

    public var count: Int { kilopascals.count }

    /// Sets second `second`'s value (seconds come in increasing order; skipped ones stay NaN).
    mutating func append(second: Int, kilopascals value: Double) {
        guard let first = firstSecond else {
            firstSecond = second
            kilopascals.append(value)
            return
        }
        let index = second - first
        precondition(index >= kilopascals.count, "PressureTrack: seconds must increase")
        while kilopascals.count < index { kilopascals.append(.nan) }
        kilopascals.append(value)
    }
}
