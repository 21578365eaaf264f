/// Barometric pressure samples, modelled on `CMAltitudeData` / `CMAbsoluteAltitudeData` and on
/// `CMWaterSubmersionMeasurement.pressure`, stored as a struct of arrays. The interchange layout's `pressure.csv`
/// (`timestamp,pressure`) and the native file's `pressure_*` arrays.
///
/// - `timestamps`: s on the recording's own clock, non-decreasing; any rate (Core Motion's altimeter reports about
///   1 Hz, a phone barometer up to 25 Hz).
/// - `pressureKilopascals`: absolute pressure, kPa (sea level ≈ 101.325 kPa; 10 m of water adds ≈ 98 kPa).
/// - `relativeAltitudeMeters`: the device's own relative altitude since the start, m (`CMAltitudeData
///   .relativeAltitude`), when the source recorded it; empty otherwise.
public struct PressureData: Sendable, Equatable {
    /// Sample times, s, recording clock.
    public var timestamps: [Double]
    /// Absolute pressure, kPa.
    public var pressureKilopascals: [Float]
    /// The recording device's own relative altitude, m; empty when not recorded.
    public var relativeAltitudeMeters: [Float]

    public init(timestamps: [Double] = [], pressureKilopascals: [Float] = [], relativeAltitudeMeters: [Float] = []) {
        precondition(pressureKilopascals.count == timestamps.count, "PressureData columns must have equal counts")
        precondition(
            relativeAltitudeMeters.isEmpty || relativeAltitudeMeters.count == timestamps.count,
            "PressureData.relativeAltitudeMeters must be empty or as long as timestamps")
        self.timestamps = timestamps
        self.pressureKilopascals = pressureKilopascals
        self.relativeAltitudeMeters = relativeAltitudeMeters
    }

    /// Number of samples.
    @inlinable public var count: Int { timestamps.count }
    @inlinable public var isEmpty: Bool { timestamps.isEmpty }
    /// Whether the source recorded the device's own relative altitude.
    @inlinable public var hasRelativeAltitude: Bool { !relativeAltitudeMeters.isEmpty }

    /// The samples with indices in `range`, as a new value.
    public subscript(range: Range<Int>) -> PressureData {
        PressureData(
            timestamps: Array(timestamps[range]), pressureKilopascals: Array(pressureKilopascals[range]),
            relativeAltitudeMeters: hasRelativeAltitude ? Array(relativeAltitudeMeters[range]) : [])
    }
}
