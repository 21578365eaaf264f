/// What device motion's user acceleration inherits from the 800 Hz accelerometer it is derived from.
///
/// Core Motion computes user acceleration as the accelerometer minus the fused gravity, delivered at 200 Hz, so
/// the wrist's hand tremor and the accelerometer's white noise reach it too. At each device-motion sample this
/// gives, per axis (device frame, g):
/// - the tremor at the latest accelerometer sample (band-limited at ~10 Hz, so 5 ms of averaging hardly changes it);
/// - the mean of the accelerometer's white noise over the accelerometer samples since the previous device-motion
///   sample (four at 800 / 200 Hz: σ/2), zero when there were none.
/// Both are values already drawn for the accelerometer, so no stream's random draws move. Left out: the contact
/// transients (the fusion smooths them) and the accelerometer's per-session bias (a constant offset).
struct AccelerometerInheritance {
    private var tremor = Vector3.zero
    private var whiteSum = Vector3.zero
    private var whiteCount = 0

    /// Records one accelerometer sample's tremor and white noise, g.
    mutating func accelerometerSample(tremor: Vector3, white: Vector3) {
        self.tremor = tremor
        whiteSum += white
        whiteCount += 1
    }

    /// The inherited part of the next device-motion sample's user acceleration, g: the latest tremor plus the mean
    /// white noise since the previous call (which this call starts afresh).
    mutating func deviceMotionSample() -> Vector3 {
        let white = whiteCount > 0 ? (1 / Double(whiteCount)) * whiteSum : .zero
        whiteSum = .zero
        whiteCount = 0
        return tremor + white
    }
}
