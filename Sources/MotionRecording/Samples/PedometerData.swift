/// The recording device's own pedometer (`CMPedometerData`), as cumulative counts since the recording started,
/// stored as a struct of arrays: Apple's reference beside the toolkit's own step and floor counts. The interchange
/// layout's `pedometer.csv` (`timestamp,steps,distance,floors_ascended,floors_descended`) and the native file's
/// `pedometer_*` arrays.
///
/// - `timestamps`: s on the recording's own clock, the end of each reported interval; non-decreasing.
/// - `steps`: steps since the start (cumulative, non-decreasing).
/// - `distanceMeters`: distance since the start, m; NaN where unknown.
/// - `floorsAscended`, `floorsDescended`: floors since the start; empty when the device did not count floors.
public struct PedometerData: Sendable, Equatable {
    /// Times the counts refer to, s, recording clock.
    public var timestamps: [Double]
    /// Steps since the recording started.
    public var steps: [Int]
    /// Distance since the recording started, m (NaN unknown).
    public var distanceMeters: [Float]
    /// Floors climbed since the recording started; empty when not counted.
    public var floorsAscended: [Int]
    /// Floors descended since the recording started; empty when not counted.
    public var floorsDescended: [Int]

    public init(
        timestamps: [Double] = [], steps: [Int] = [], distanceMeters: [Float] = [], floorsAscended: [Int] = [],
        floorsDescended: [Int] = []
    ) {
        let count = timestamps.count
        precondition(steps.count == count && distanceMeters.count == count, "PedometerData columns must have equal counts")
        precondition(
            (floorsAscended.isEmpty || floorsAscended.count == count)
                && (floorsDescended.isEmpty || floorsDescended.count == count),
            "PedometerData floor columns must be empty or as long as timestamps")
        self.timestamps = timestamps
        self.steps = steps
        self.distanceMeters = distanceMeters
        self.floorsAscended = floorsAscended
        self.floorsDescended = floorsDescended
    }

    /// Number of reports.
    @inlinable public var count: Int { timestamps.count }
    @inlinable public var isEmpty: Bool { timestamps.isEmpty }
    /// Whether the device counted floors.
    @inlinable public var hasFloors: Bool { !floorsAscended.isEmpty || !floorsDescended.isEmpty }
}
