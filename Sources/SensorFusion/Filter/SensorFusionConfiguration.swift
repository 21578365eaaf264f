/// Parameters of ``SensorFusionFilter``. Every value carries its unit; the defaults suit a wrist-worn IMU sampled at
/// 50–1000 Hz and are the ones measured in docs/sensor-fusion.md.
///
/// The method follows VQF (Laidig & Seel, "VQF: Highly Accurate IMU Orientation Estimation with Bias Estimation and
/// Magnetic Disturbance Rejection", Information Fusion 2023): gyroscope strapdown integration into an almost-inertial
/// frame, accelerometer low-pass filtering in that frame, inclination correction from the filtered vector, and a
/// gyroscope-bias Kalman filter fed at rest and in motion; plus rejection of clipped accelerometer samples and gap /
/// saturation recovery for swings.
public struct SensorFusionConfiguration: Sendable, Equatable {
    /// Time constant of the accelerometer low-pass in the almost-inertial frame, s (> 0). Larger trusts the gyroscope
    /// longer; translational accelerations whose velocity returns to zero within a few τ average out.
    public var accelerometerTimeConstant: Double = 3.0

    /// Estimate the gyroscope bias while moving (from the inclination corrections).
    public var motionBiasEstimation: Bool = true
    /// Estimate the gyroscope bias at rest (from the low-passed gyroscope).
    public var restBiasEstimation: Bool = true
    /// Largest bias magnitude per axis that is estimated, rad/s (> 0). Uncompensated MEMS gyroscopes in phones and
    /// wrist sensors often have a few °/s.
    public var biasLimit: Double = 5.0 * .pi / 180
    /// Largest difference per axis between one bias measurement and the current estimate, rad/s (> 0): a motion-phase
    /// measurement's error is clamped there (VQF's bias clip), and a low-passed rate at rest farther than this from
    /// the estimate is motion, not bias. Relative to the estimate, so that a bias beyond it (up to ``biasLimit``) is
    /// tracked once the motion phase has found it, while a slow turn is never taken for rest.
    public var biasMeasurementLimit: Double = 2.0 * .pi / 180
    /// Initial bias uncertainty (1 σ), rad/s.
    public var biasSigmaInitial: Double = 0.5 * .pi / 180
    /// Time over which the bias uncertainty grows by 0.1 °/s (1 σ) without corrections, s.
    public var biasForgettingTime: Double = 100
    /// Uncertainty of one motion-phase bias measurement (1 σ), rad/s.
    public var biasSigmaMotion: Double = 0.1 * .pi / 180
    /// Relative weight of the vertical axis in motion-phase bias estimation (unobservable from inclination), > 0.
    public var biasVerticalForgettingFactor: Double = 1e-4
    /// Uncertainty of one rest-phase bias measurement (1 σ), rad/s.
    public var biasSigmaRest: Double = 0.03 * .pi / 180

    /// Time constant of the rest-detection low-passes, s (> 0).
    public var restTimeConstant: Double = 0.5
    /// Rest when the gyroscope deviates from its low-pass by less than this, rad/s (and the low-pass from the bias
    /// estimate by at most ``biasMeasurementLimit``).
    public var restRotationThreshold: Double = 2.0 * .pi / 180
    /// Rest when the accelerometer deviates from its low-pass by less than this, g.
    public var restAccelerationThreshold: Double = 0.5 / 9.80665
    /// Rest declared after this long below both thresholds, s.
    public var restMinimumDuration: Double = 1.5

    /// An accelerometer sample whose magnitude differs from 1 g by more than this (g) does not align the inclination
    /// (> 0; `.infinity`: every sample does). It still enters the low-pass, and the next calmer sample aligns to it,
    /// so an unclipped burst costs nothing once it is over; during it the attitude follows the gyroscope instead of
    /// a low-pass still swinging with the burst.
    public var accelerationRejection: Double = 4.0
    /// Hold the inclination correction while the accelerometer clips. An axis that reads the same value, at least
    /// ``clippingLevel`` in magnitude, on three consecutive samples is at its full scale (a flat top): part of the
    /// acceleration is missing, so the velocity change of the burst no longer cancels in the low-pass. From such a
    /// sample on the attitude follows the gyroscope alone for ``rejectionHoldTime``, the corrections made since the
    /// last sample within 1 g of gravity (the burst's rise, if within ``rejectionHoldTime``) are undone, and when the
    /// hold ends the low-pass restarts at the gravity direction the gyroscope carried, forgetting what the burst left
    /// in it.
    /// Unclipped accelerations, however large, are not rejected: every sample is in the low-pass, and a translation
    /// whose velocity returns to zero cancels there (VQF's principle). `false` is plain VQF behaviour.
    public var clippingRejection: Bool = true
    /// Smallest axis magnitude, g, at which a flat top counts as clipping (> 0): just under the smallest full scale in
    /// use (±2 g), leaving room for a calibrated scale. Lower, a sensor that repeats a stale sample during ordinary
    /// motion (as BROAD's IMU does at 1.6 g) would be taken for clipping; a resting axis never is.
    public var clippingLevel: Double = 1.9
    /// How long the correction stays held after the last clipped sample, s (≥ 0).
    public var rejectionHoldTime: Double = 0.5
    /// Longest continuous hold, s (> 0): beyond it the correction resumes even while samples stay clipped (a
    /// shaken device must not drift on the gyroscope forever).
    public var maximumRejectionTime: Double = 3.0

    /// Gyroscope full-scale range, rad/s per axis, or `nil` when unknown. A sample with an axis at or above 98 % of
    /// it is saturated; when saturation ends the inclination is re-initialised from the accelerometer and a
    /// ``SensorFusionEvent/Kind/gyroscopeSaturation(duration:)`` is reported.
    public var gyroscopeRange: Double? = nil

    /// A gyroscope interval longer than this is a gap, s (> 0): the attitude is not integrated across it, the
    /// inclination is re-initialised from the accelerometer and a ``SensorFusionEvent/Kind/gap(duration:)`` is
    /// reported.
    public var maximumGap: Double = 0.25

    /// How far one stream may run ahead of the other in delivery, s (> 0). Samples of the stream that is ahead are
    /// held until the other stream catches up (output is bit-identical for any batch split within this skew); beyond
    /// it they are processed without the other stream. Bounds the internal buffers to this much data plus a batch.
    public var maximumStreamSkew: Double = 2.0

    public init() {}

    /// Checks every value's range.
    public func validate() throws(SensorFusionConfigurationError) {
        func positive(_ value: Double, _ name: String) throws(SensorFusionConfigurationError) {
            guard value > 0, value.isFinite else {
                throw SensorFusionConfigurationError.invalid(parameter: name, value: value, requirement: "> 0 and finite")
            }
        }
        try positive(accelerometerTimeConstant, "accelerometerTimeConstant")
        try positive(biasLimit, "biasLimit")
        try positive(biasMeasurementLimit, "biasMeasurementLimit")
        try positive(biasSigmaInitial, "biasSigmaInitial")
        try positive(biasForgettingTime, "biasForgettingTime")
        try positive(biasSigmaMotion, "biasSigmaMotion")
        try positive(biasVerticalForgettingFactor, "biasVerticalForgettingFactor")
        try positive(biasSigmaRest, "biasSigmaRest")
        try positive(restTimeConstant, "restTimeConstant")
        try positive(restRotationThreshold, "restRotationThreshold")
        try positive(restAccelerationThreshold, "restAccelerationThreshold")
        try positive(restMinimumDuration, "restMinimumDuration")
        try positive(maximumGap, "maximumGap")
        try positive(maximumRejectionTime, "maximumRejectionTime")
        try positive(clippingLevel, "clippingLevel")
        guard rejectionHoldTime >= 0, rejectionHoldTime.isFinite else {
            throw SensorFusionConfigurationError.invalid(
                parameter: "rejectionHoldTime", value: rejectionHoldTime, requirement: ">= 0 and finite")
        }
        try positive(maximumStreamSkew, "maximumStreamSkew")
        guard accelerationRejection > 0, !accelerationRejection.isNaN else {
            throw SensorFusionConfigurationError.invalid(
                parameter: "accelerationRejection", value: accelerationRejection, requirement: "> 0 (or .infinity)")
        }
        if let range = gyroscopeRange { try positive(range, "gyroscopeRange") }
    }
}
