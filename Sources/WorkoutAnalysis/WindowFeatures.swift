/// The interpretable features of one analysis window (``WorkoutAnalyzerConfiguration/windowDuration`` of 25 Hz
/// bins), from which ``ActivityRules`` decide the activity.
public struct WindowFeatures: Sendable, Equatable {
    /// Seconds of data in the window (shorter at the start and end of a recording), s.
    public var span: Double = 0
    /// Fraction of the window's bins inside a gap of the stream (silent ≥ 0.5 s).
    public var gapFraction: Double = 0
    /// Standard deviation of the binned |a|, g.
    public var deviation: Double = 0
    /// High-frequency |a| vibration, g rms: the within-bin spread of |a| when bins hold ≥ 3 samples (input ≥
    /// 75 Hz), otherwise the second difference of the bins that hold samples, scaled to a white-noise rms a
    /// sample (``SampledVibration``: vibration above the sampling rate aliases into every sample).
    public var vibration: Double = 0
    /// How steady the within-bin vibration is over the window: the mean of the bins' |a| spread over its rms
    /// (≤ 1). Road vibration under a handlebar is continuous, and every bin has about the same spread (0.9–1 at
    /// 800 Hz; with 4 samples a bin, sampling alone gives about 0.92); taps on a keyboard are brief impulses
    /// between rests, and most bins are quiet (well below). Below 75 Hz input: the mean |second difference| of
    /// the sampled bins over its rms, over √(2/π) (Gaussian vibration about 1, impulses far less; ``SampledVibration``).
    public var vibrationSteadiness: Double = 1
    /// Fraction of the window's whole seconds in which the wrist is still (``QuietSeconds``): the binned
    /// acceleration vector at the noise floor and no vibration. A person who claps or gestures between rests
    /// stays still for most of a window; gait, strokes and a ride never do.
    public var stillFraction: Double = 0
    /// Circular variance (1 − |mean unit vector|) of the direction of a (0.24 s mean, device frame: gravity plus
    /// the slow part of the user acceleration): 0 for a fixed wrist, ≤ 0.05 for walking arm swing, 0.1–0.7 for
    /// swim strokes.
    public var directionVariance: Double = 0
    /// The same over a 0.5 s mean, which suppresses the user acceleration of gait (a null at 2 and 4 Hz, ×0.2 at
    /// 1.6 and 3 Hz) but keeps most of a 0.3–0.8 Hz stroke's turning: ≤ 0.01 for gait with arm swing.
    public var slowDirectionVariance: Double = 0
    /// Highest local maximum of the normalised autocorrelation of |a| over ``WorkoutAnalyzerConfiguration/periodRange``.
    public var periodicity: Double = 0
    /// Lag of that maximum, s (0 when there is none).
    public var period: Double = 0
    /// Step period if the window is gait: the shortest-lag autocorrelation peak in the gait range that its
    /// multiples confirm (a peak at twice the lag, a correlation at three times it), refined as half the stride
    /// lag, s; 0 when none. The watch sees left and right steps differently, so the stride often correlates best.
    public var stepPeriod: Double = 0
    /// Gait periodicity: the larger autocorrelation of the step and the stride peak.
    public var stepPeriodicity: Double = 0
    /// How clearly the window's centre second, on its own, repeats a stride (2 × ``stepPeriod``) before or after
    /// it (``LocalStridePeriodicity``): ≥ 0.5 for a second of gait, also at a change of activity where the
    /// window's other features are mixed; 0 without a step period.
    public var centreStridePeriodicity: Double = 0
    /// Swing bursts: runs of bins whose peak |a| or |rotation rate| reach the burst thresholds, merged when closer
    /// than 0.5 s.
    public var bursts: Int = 0
    /// Standard deviation of the binned |a| more than 0.75 s away from any burst, g (the whole window's when there
    /// is no burst).
    public var quietDeviation: Double = 0
    /// Isolated rotation bursts: runs of bins whose peak |rotation rate| reaches
    /// ``WorkoutAnalyzerConfiguration/isolatedBurstRotationRate``, merged when closer than 0.5 s.
    public var rotationBursts: Int = 0
    /// Standard deviation of the binned acceleration along the window's mean direction (gravity), g: gait bounces
    /// the body, and the wrist with it, vertically at every step (0.1–0.5 g); clapping moves the hands
    /// horizontally, towards each other, and leaves it at the noise floor.
    public var verticalDeviation: Double = 0
    /// Fraction of the window's bins more than 0.75 s away from every rotation burst (1 without bursts).
    public var rotationQuietFraction: Double = 1
    /// Standard deviation of the binned |a| in those bins, g.
    public var rotationQuietDeviation: Double = 0
    /// Peak |a| over the window, g.
    public var peakAcceleration: Double = 0
    /// Peak |rotation rate| over the window, rad/s (0 without device motion).
    public var peakRotationRate: Double = 0

    public init() {}

    /// Step frequency, Hz (0 when there is no step period).
    public var stepFrequency: Double { stepPeriod > 0 ? 1 / stepPeriod : 0 }
}
