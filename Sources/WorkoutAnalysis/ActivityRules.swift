/// The transparent rule set that turns one window's ``WindowFeatures`` into an activity, in this order (the first
/// that applies wins):
/// 1. more than half the window in gaps → unknown;
/// 2. swing bursts — two or more, or one with the rest of the window calm → swingSport; or an isolated rotation
///    burst (≥ ``WorkoutAnalyzerConfiguration/isolatedBurstRotationRate``) with a still stretch around it (a
///    golfer's address; a slow or smoothed swing that misses the burst thresholds) → swingSport;
/// 3. gait periodicity (autocorrelation ≥ ``WorkoutAnalyzerConfiguration/gaitPeriodicity`` at a step frequency
///    in ``WorkoutAnalyzerConfiguration/stepFrequencyRange``) with a steady gravity direction, and low-frequency
///    motion that outweighs high-frequency vibration → walking or running (by
///    ``WorkoutAnalyzerConfiguration/runningStepFrequency``; running also needs a vigorous |a| and a vertical bounce
///    (``WorkoutAnalyzerConfiguration/runningMinimumVerticalDeviation``: clapping is horizontal), and a
///    walking-range period with an |a| too vigorous for walking is a running stride);
/// 4. large, continuous changes of the gravity direction with vigorous |a| — periodic at stroke periods (with a
///    gentler |a| when the strokes repeat very regularly), or very large without a clear period → swimming;
/// 5. |a| variance at the noise floor → stationary; or still for most of the window
///    (``WindowFeatures/stillFraction``: claps, gestures between rests) → stationary;
/// 6. steady gravity direction, road vibration, moderate |a| variance → cycling when the vibration is continuous
///    (``WindowFeatures/vibrationSteadiness``, at any input rate), stationary when it comes in impulses between
///    rests (typing, fidgeting: the wrist stays where it is);
/// 7. otherwise unknown.
public struct ActivityRules: Sendable {
    public let configuration: WorkoutAnalyzerConfiguration

    public init(configuration: WorkoutAnalyzerConfiguration = WorkoutAnalyzerConfiguration()) {
        self.configuration = configuration
    }

    /// One window's decision.
    public struct Decision: Sendable, Equatable {
        public var activity: Activity
        /// 0…1, how clearly the rule's evidence exceeds its threshold.
        public var confidence: Double
        /// Step frequency, Hz, for walking and running (0 otherwise).
        public var stepFrequency: Double
    }

    public func classify(_ f: WindowFeatures) -> Decision {
        let c = configuration
        func clamp(_ x: Double) -> Double { Swift.min(1, Swift.max(0, x)) }
        if f.span < 2 || f.gapFraction > 0.5 { return Decision(activity: .unknown, confidence: 0, stepFrequency: 0) }
        if f.bursts >= 2 || (f.bursts == 1 && f.quietDeviation < c.burstQuietDeviation) {
            return Decision(activity: .swingSport, confidence: clamp(0.5 + 0.25 * Double(f.bursts)), stepFrequency: 0)
        }
        if f.rotationBursts >= 1, f.rotationQuietFraction >= c.isolatedBurstQuietFraction,
            f.rotationQuietDeviation < c.isolatedBurstQuietDeviation
        {
            return Decision(
                activity: .swingSport, confidence: clamp(1 - f.rotationQuietDeviation / c.isolatedBurstQuietDeviation),
                stepFrequency: 0)
        }
        let stepFrequency = f.stepFrequency
        let strideOfARun =
            stepFrequency < c.runningStepFrequency && f.deviation >= c.walkingMaximumDeviation
            && 2 * stepFrequency <= c.stepFrequencyRange.upperBound
        let runs = stepFrequency >= c.runningStepFrequency || strideOfARun
        if f.stepPeriodicity >= c.gaitPeriodicity, c.stepFrequencyRange.contains(stepFrequency),
            f.slowDirectionVariance <= c.gaitMaximumDirectionVariance, f.deviation >= c.gaitMinimumDeviation,
            f.vibration <= c.gaitMaximumVibrationRatio * f.deviation,
            // A clipped accelerometer (±2 g) cuts the heel strikes out of |a| but keeps the slow vertical bounce.
            stepFrequency < c.runningStepFrequency || f.deviation >= c.runningMinimumDeviation
                || f.verticalDeviation >= c.runningBounceDeviation,
            // A run bounces vertically; periodic arm motion at running rates without it (clapping) is not a run.
            !runs || f.verticalDeviation >= c.runningMinimumVerticalDeviation
        {
            if strideOfARun {
                // Too vigorous for a walk: the period found is a running stride (a bent arm swinging hard hides
                // the steps' own period).
                return Decision(activity: .running, confidence: clamp(f.stepPeriodicity / 0.6), stepFrequency: 2 * stepFrequency)
            }
            let activity: Activity = stepFrequency >= c.runningStepFrequency ? .running : .walking
            return Decision(activity: activity, confidence: clamp(f.stepPeriodicity / 0.6), stepFrequency: stepFrequency)
        }
        let inStrokeRange = c.strokePeriodRange.contains(f.period)
        // A gentle swim (slow strokes, little drag) moves |a| less, but its strokes repeat very regularly.
        let regularStrokes = inStrokeRange && f.periodicity >= c.regularStrokePeriodicity
        if f.deviation >= (regularStrokes ? c.regularStrokeSwimmingDeviation : c.swimmingDeviation) {
            let periodic = inStrokeRange && f.periodicity >= c.gaitPeriodicity
            if (f.directionVariance >= c.swimmingDirectionVariance && periodic)
                || (f.directionVariance >= c.swimmingLargeDirectionVariance && f.deviation >= 0.2)
            {
                return Decision(
                    activity: .swimming, confidence: clamp(0.5 + f.directionVariance),
                    stepFrequency: 0)
            }
        }
        if f.deviation < c.stationaryDeviation && f.vibration < c.stationaryVibration
            && f.directionVariance < 0.01
        {
            return Decision(
                activity: .stationary, confidence: clamp(1 - 0.5 * f.deviation / c.stationaryDeviation),
                stepFrequency: 0)
        }
        if f.stillFraction >= c.stationaryStillFraction {
            // Still for most of the window, with bursts of motion that are not locomotion (claps, gestures).
            return Decision(activity: .stationary, confidence: clamp(f.stillFraction), stepFrequency: 0)
        }
        if f.directionVariance <= c.cyclingMaximumDirectionVariance, f.vibration >= c.cyclingVibration,
            f.deviation <= c.cyclingMaximumDeviation
        {
            // Road vibration is continuous; taps, claps and fidgeting are impulses between rests.
            if f.vibrationSteadiness >= c.cyclingMinimumSteadiness {
                return Decision(activity: .cycling, confidence: clamp(f.vibration / (2 * c.cyclingVibration)), stepFrequency: 0)
            }
            if f.directionVariance < 0.01 {
                return Decision(activity: .stationary, confidence: 0.5, stepFrequency: 0)
            }
        }
        return Decision(activity: .unknown, confidence: 0.5, stepFrequency: 0)
    }
}
