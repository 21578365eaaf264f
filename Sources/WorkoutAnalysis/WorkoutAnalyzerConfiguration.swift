/// Parameters of the ``WorkoutAnalyzer``. Every threshold is a physical quantity (g, rad/s, Hz, s) chosen from
/// the mechanics of the motion it separates; `docs/workout-analysis.md` gives the reasoning for each.
///
/// The analyzer works on a 25 Hz grid of 40 ms bins (``binRate``), whatever the input rate (800 Hz down to
/// 15 Hz: a bin holds the mean of its samples, or repeats the previous bin when the stream is slower than 25 Hz).
public struct WorkoutAnalyzerConfiguration: Sendable, Equatable {
    /// Rate of the internal grid, Hz. Gait (≤ 4 Hz steps) and strokes (≤ 1 Hz) are well below its Nyquist
    /// frequency; impacts are kept by each bin's peak.
    public var binRate: Double = 25
    /// Length of the analysis window, s: long enough for three slow (0.4 Hz) swim strokes and ten walking steps.
    public var windowDuration: Double = 8
    /// Shortest / longest period searched in the autocorrelation of |a|, s (4 Hz steps … 0.3 Hz strokes).
    public var periodRange: ClosedRange<Double> = 0.25...3.4

    /// Below this standard deviation of the binned |a| (g) and ``stationaryVibration`` the wrist is at rest
    /// (sensor noise 0.005–0.02 g; the lightest gait, hands on a trolley, moves |a| by ≥ 0.04 g).
    public var stationaryDeviation: Double = 0.025
    /// Largest |a| vibration for stationary, g (within-bin spread, or below 75 Hz input the sampled bins' second
    /// difference): a still wrist shows only sensor noise (≤ 0.02 g) and tremor (≤ 0.008 g), together ≤ 0.025 g.
    /// The gentlest road vibration at the wrist is above it.
    public var stationaryVibration: Double = 0.03
    /// Smallest ``WindowFeatures/stillFraction`` for stationary when the window as a whole moves (and is neither
    /// gait, a swing, a swim nor a ride): a person who claps, gestures or glances at the watch between rests is
    /// still for most of the time and goes nowhere. Gait, strokes and road vibration leave no still second.
    public var stationaryStillFraction: Double = 0.5
    /// Smallest autocorrelation (unbiased, normalised) at the step period for gait.
    public var gaitPeriodicity: Double = 0.3
    /// Smallest autocorrelation of the acceleration along gravity at half the period found in |a| for that period
    /// to be a stride (two steps) rather than a step: the body's bounce and the heel strikes repeat at every step,
    /// so the vertical acceleration correlates at half a stride (0.5–0.9 in gait) and is in anti-phase at half a
    /// step.
    public var verticalStepPeriodicity: Double = 0.4
    /// Step frequency range of gait, Hz (slow walk … sprint).
    public var stepFrequencyRange: ClosedRange<Double> = 1.2...3.8
    /// Step frequency from which gait is running, Hz (walk-to-run transition at about 2.2–2.4 steps/s).
    public var runningStepFrequency: Double = 2.3
    /// Smallest standard deviation of the binned |a| for running, g: the body's vertical oscillation at a running
    /// step frequency alone is ≥ 0.4 g (flight and stance swing the trunk between about −1 and +2 g);
    /// pedalling, vibration or clapping at that frequency is weaker.
    public var runningMinimumDeviation: Double = 0.25
    /// Smallest vertical standard deviation (binned acceleration along gravity) for running, g: a run bounces the
    /// body through a flight phase at every step (0 to 2–3 g vertically, ≥ 0.2 g rms at the wrist); clapping or
    /// drumming at 2–3 Hz, with the same |a| period and vigour, moves the hands horizontally (≤ 0.1 g).
    public var runningMinimumVerticalDeviation: Double = 0.15
    /// A vertical standard deviation (binned acceleration along gravity) that makes a running-rate gait a run even
    /// when |a| varies by less than ``runningMinimumDeviation``, g: an accelerometer clipped at ±2 g cuts the
    /// 3–4 g heel strikes out of |a|, but the body's bounce through a flight phase at every step, a slow motion
    /// of 0.2–0.5 g rms along gravity, stays under the clipping level. Pedalling and clapping at that rate move
    /// the wrist far less along gravity (≤ 0.1 g).
    public var runningBounceDeviation: Double = 0.2
    /// Largest standard deviation of the binned |a| for walking, g: walking moves |a| at the wrist by about
    /// 0.05–0.25 g rms; a walking-range period with more is the stride of a run whose bent arm swing hides the
    /// step period (the step frequency is then twice it).
    public var walkingMaximumDeviation: Double = 0.3
    /// Largest circular variance of the 0.5 s mean direction of a for gait (``WindowFeatures/slowDirectionVariance``):
    /// simulated arm swing of ±0.25–0.6 rad gives 0.005–0.035; strokes
    /// that excite the same |a| harmonics turn the wrist further and more slowly.
    public var gaitMaximumDirectionVariance: Double = 0.06
    /// Smallest standard deviation of the binned |a| for gait, g (the body's vertical oscillation at the wrist,
    /// weakest with the hands on a trolley, is ≥ 0.05 g).
    public var gaitMinimumDeviation: Double = 0.04
    /// Largest ratio of the high-frequency |a| vibration (``WindowFeatures/vibration``) to the binned |a| deviation
    /// for gait. Gait moves the wrist at the step frequency, and its heel-strike ringing lasts a few bins per step,
    /// so the vibration stays below the gait's own variation (simulated walks and runs: ≤ 1.0). Road vibration on
    /// a handlebar is continuous and outweighs the rider's slow motion (simulated cycling: 1.5–2 and more), even
    /// when tonal components of it make |a| look periodic.
    public var gaitMaximumVibrationRatio: Double = 1.25
    /// Smallest circular variance of the direction of a for periodic swimming: strokes turn the forearm through
    /// large angles (0.25–0.7 on real pool swims at 0.5 strokes/s; at 0.8 strokes/s the centripetal acceleration,
    /// fixed in the device frame, outweighs gravity and the direction varies less, about 0.1).
    public var swimmingDirectionVariance: Double = 0.05
    /// Circular variance that is swimming even without a clear stroke period (very large, continuous turning).
    public var swimmingLargeDirectionVariance: Double = 0.25
    /// Smallest standard deviation of |a| for swimming, g (stroke centripetal and drag accelerations ≥ 0.3 g).
    public var swimmingDeviation: Double = 0.15
    /// Autocorrelation of |a| at a stroke period from which the strokes count as regular, and the window as a swim
    /// at a gentler |a| (``regularStrokeSwimmingDeviation``): a slow, gliding swim has less drag and centripetal
    /// acceleration, but its strokes repeat at 0.3–1 Hz like a metronome, with the forearm turning every stroke.
    public var regularStrokePeriodicity: Double = 0.7
    /// Smallest standard deviation of |a| for swimming with regular strokes, g.
    public var regularStrokeSwimmingDeviation: Double = 0.075
    /// Stroke period range, s (0.3–1 Hz strokes).
    public var strokePeriodRange: ClosedRange<Double> = 1.0...3.4
    /// Largest circular variance of the gravity direction for cycling (hands on the bars).
    public var cyclingMaximumDirectionVariance: Double = 0.05
    /// Smallest road vibration for cycling, g rms (within-bin |a| spread or, below 75 Hz input, the second
    /// difference of the sampled bins, where the vibration aliases): above a still wrist's floor
    /// (``stationaryVibration``). Handlebar vibration on smooth asphalt, damped by the grip, is about 0.05 g rms
    /// in three axes, 0.03 g along gravity, the axis |a| sees.
    public var cyclingVibration: Double = 0.03
    /// Smallest ``WindowFeatures/vibrationSteadiness`` for cycling: road vibration under a handlebar shakes every
    /// bin about alike (simulated rides: 0.7–1), while taps, claps and fidgeting are impulses between rests (≤ 0.45
    /// in the simulated still stretches that passed the other cycling tests). Below 75 Hz input it is the
    /// steadiness of the sampled bins' second differences (``SampledVibration``: Gaussian road vibration about 1,
    /// impulses far less).
    public var cyclingMinimumSteadiness: Double = 0.6
    /// Largest standard deviation of the binned |a| for cycling, g.
    public var cyclingMaximumDeviation: Double = 0.25

    /// A bin whose peak |a| reaches this is part of a swing burst, g: bat, racket and club swings and their
    /// impacts reach 15–50 g at the wrist (a real tennis forehand: 35–47 g); running stays below about 10 g and
    /// swim strokes below 5 g (a wall turn can reach 16 g, once).
    public var burstAcceleration: Double = 12
    /// A bin whose peak |rotation rate| reaches this is part of a swing burst, rad/s: swings turn the wrist at
    /// 20–40 rad/s; real backstroke strokes reach 18 rad/s, arm swing in gait far less.
    public var burstRotationRate: Double = 20
    /// A single burst counts as swing sport only when the rest of the window is calmer than this, g (sd of |a|
    /// away from the burst): a burst in the middle of continuous strokes (a swimmer's wall push) is not a swing.
    /// Two or more bursts in one window count whatever happens between them (a rally).
    public var burstQuietDeviation: Double = 0.3
    /// A bin whose peak |rotation rate| reaches this starts an isolated rotation burst, rad/s: a club, bat or
    /// racket swing turns the wrist faster than about 8 rad/s even when it is slow (a golf chip or a recording's
    /// fused, 100 Hz device motion that smooths the peak), gait arm swing stays below about 5 rad/s. Swim strokes
    /// reach it too, so it counts only when the burst is isolated (``isolatedBurstQuietFraction``,
    /// ``isolatedBurstQuietDeviation``): a golfer stands still at the address before every swing, a swimmer never
    /// stops stroking.
    public var isolatedBurstRotationRate: Double = 8
    /// Smallest fraction of the window more than 0.75 s from every isolated rotation burst.
    public var isolatedBurstQuietFraction: Double = 0.4
    /// Largest standard deviation of the binned |a| in that quiet part, g (a still address: ≤ 0.1 g).
    public var isolatedBurstQuietDeviation: Double = 0.15
    /// Quiet, unclear and swimming-like seconds within this long after a swing burst stay in the swing-sport
    /// segment, s.
    public var swingContextHold: Double = 20

    /// Smallest Pearson correlation of a second of binned |a| with the stride before or after it for the second
    /// to show gait on its own (``WindowFeatures/centreStridePeriodicity``): mid-walk and mid-run seconds reach
    /// 0.8–1; a still wrist's noise, or rest next to a walk, stays near 0.
    public var localGaitCorrelation: Double = 0.6
    /// Largest relative difference between a boundary second's step frequency and the gait segment's cadence for
    /// the second to count as that gait: cadence changes by a few per cent from one stride to the next.
    public var boundaryCadenceTolerance: Double = 0.15

    /// Relative change of step frequency that starts a new walking or running segment when it holds for
    /// ``minimumRun`` seconds: a walker's cadence drifts by a few per cent; slowing from a brisk walk to a stroll,
    /// or a change of pace in intervals, is 15–40 %.
    public var paceChange: Double = 0.15

    /// A new activity must be the raw classification for this many consecutive seconds before a segment starts.
    public var minimumRun: Int = 3

    /// Longest time one stream may run ahead of the other before windows are decided without the lagging one, s.
    public var maximumStreamLag: Double = 10

    /// Keep every window's features and decision in ``WorkoutAnalyzerOutput/windows``.
    public var recordsWindows = false

    public init() {}

    /// Bins per second (``binRate`` rounded).
    var binsPerSecond: Int { Int(binRate.rounded()) }
    /// Bins per window.
    var windowBins: Int { Int((windowDuration * binRate).rounded()) }
}
