/// Location fixes, modelled on `CLLocation`, stored as a struct of arrays. The interchange layout's
/// `location.csv` (`timestamp,latitude,longitude,altitude,speed,horizontal_accuracy`) and the native file's
/// `location_*` arrays.
///
/// - `timestamps`: s on the recording's own clock, non-decreasing; typically about 1 Hz.
/// - `latitudeDegrees`, `longitudeDegrees`: WGS 84, degrees (Double: a Float keeps only ~1 m at these magnitudes).
/// - `altitudeMeters`: above mean sea level, m; NaN where unknown.
/// - `speedMetersPerSecond`: ground speed, m/s; NaN where unknown (Core Location reports −1).
/// - `horizontalAccuracyMeters`: radius of the 68 % confidence circle, m; NaN where unknown.
public struct LocationData: Sendable, Equatable {
    /// Fix times, s, recording clock.
    public var timestamps: [Double]
    /// Latitude, degrees north.
    public var latitudeDegrees: [Double]
    /// Longitude, degrees east.
    public var longitudeDegrees: [Double]
    /// Altitude above mean sea level, m (NaN unknown).
    public var altitudeMeters: [Float]
    /// Ground speed, m/s (NaN unknown).
    public var speedMetersPerSecond: [Float]
    /// Horizontal accuracy, m (NaN unknown).
    public var horizontalAccuracyMeters: [Float]

    public init(
        timestamps: [Double] = [], latitudeDegrees: [Double] = [], longitudeDegrees: [Double] = [],
        altitudeMeters: [Float] = [], speedMetersPerSecond: [Float] = [], horizontalAccuracyMeters: [Float] = []
    ) {
        let count = timestamps.count
        precondition(
            latitudeDegrees.count == count && longitudeDegrees.count == count && altitudeMeters.count == count
                && speedMetersPerSecond.count == count && horizontalAccuracyMeters.count == count,
            "LocationData columns must have equal counts")
        self.timestamps = timestamps
        self.latitudeDegrees = latitudeDegrees
        self.longitudeDegrees = longitudeDegrees
        self.altitudeMeters = altitudeMeters
        self.speedMetersPerSecond = speedMetersPerSecond
        self.horizontalAccuracyMeters = horizontalAccuracyMeters
    }

    /// Number of fixes.
    @inlinable public var count: Int { timestamps.count }
    @inlinable public var isEmpty: Bool { timestamps.isEmpty }

    /// Appends one fix.
    public mutating func append(
        timestamp: Double, latitude: Double, longitude: Double, altitude: Float, speed: Float,
        horizontalAccuracy: Float
    ) {
        timestamps.append(timestamp)
        latitudeDegrees.append(latitude)
        longitudeDegrees.append(longitude)
        altitudeMeters.append(altitude)
        speedMetersPerSecond.append(speed)
        horizontalAccuracyMeters.append(horizontalAccuracy)
    }
}
