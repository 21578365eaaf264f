/// Something the filter did that a caller should know about, at a time on the recording clock.
public struct SensorFusionEvent: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The first accelerometer sample set the inclination; output starts here.
        case initialised
        /// The gyroscope stream paused for `duration` s (longer than the configured maximum gap): the attitude was
        /// not integrated across it and the inclination was re-initialised from the accelerometer.
        case gap(duration: Double)
        /// The gyroscope read at its full-scale range for `duration` s: the attitude integrated across it is
        /// unreliable, so the inclination was re-initialised from the accelerometer when it ended.
        case gyroscopeSaturation(duration: Double)
        /// `count` accelerometer samples arrived with timestamps before gyroscope samples already processed (a
        /// delivery skew beyond the configured maximum): they were applied at the current attitude.
        case lateAccelerometer(count: Int)
        /// `count` accelerometer samples had no gyroscope within the maximum stream skew: they corrected the
        /// inclination with the attitude held.
        case accelerometerWithoutGyroscope(count: Int)
    }

    /// Time of the event, s, recording clock (for a gap or saturation: when it ended).
    public var timestamp: Double
    public var kind: Kind

    public init(timestamp: Double, kind: Kind) {
        self.timestamp = timestamp
        self.kind = kind
    }
}
