import MotionRecording

extension SwingAnalyzerConfiguration {
    /// Baseball (also the defaults every other preset starts from): swings of 0.12–0.25 s start to contact, wrist
    /// rotation along gravity peaking at roughly 8–25 rad/s, contact transients of 5–50 g ringing at 100–400 Hz.
    public static let baseball = SwingAnalyzerConfiguration(
        impactHighPassCutoff: 50,
        impactHighPassOrder: 4,
        impactThresholdNoiseMultiple: 25,
        impactMinimumThreshold: 1.0,
        impactOnsetNoiseMultiple: 4,
        impactOnsetThresholdFraction: 0.1,
        impactOnsetPeakFraction: 0.02,
        impactOnsetExponent: 2,
        impactOnsetMaximumExtrapolation: 0.0025,
        impactLookahead: 0.025,
        impactRefractoryPeriod: 0.12,
        impactOnsetSearchWindow: 0.01,
        impactSpectrumWindow: 0.04,
        impactBandLower: 100,
        impactBandUpper: 400,
        noiseFloorBlockSamples: 256,
        noiseFloorBlockCount: 16,
        initialNoiseFloor: 0.02,
        saturationLevel: 8,
        saturationRecoveryTime: 0.02,
        swingRotationThreshold: 2.5,
        swingQuietDuration: 0.06,
        minimumPeakRotationRate: 4,
        minimumAccumulatedRotation: 0.35,
        maximumSwingDuration: 0.6,
        maximumRotationEventDuration: 3,
        onsetWalkThreshold: 1.0,
        fallbackOnsetWalkThreshold: 2.0,
        onsetConsistentFailureDuration: 0.02,
        onsetFitBaselineWindow: 0.1,
        onsetFitOnSwingAxis: true,
        onsetFitBaselineSlope: true,
        onsetFitUpperFraction: 0.35,
        impactMatchBefore: 0.05,
        impactMatchAfter: 0.1,
        impactMinimumRotationFraction: 0.3,
        maximumStreamLag: 4,
        maximumAccelerometerRate: 1000,
        maximumDeviceMotionRate: 250)

    /// Softball: as baseball (slightly longer swings allowed).
    public static let softball: SwingAnalyzerConfiguration = {
        var configuration = baseball
        configuration.maximumSwingDuration = 0.7
        return configuration
    }()

    /// Golf: the downswing (the rotation towards the ball) is the swing; longer, and the club head rings higher.
    public static let golf: SwingAnalyzerConfiguration = {
        var configuration = baseball
        configuration.maximumSwingDuration = 1.2
        configuration.impactBandUpper = 400
        configuration.minimumAccumulatedRotation = 0.5
        return configuration
    }()

    /// Tennis: forehands and backhands of 0.2–0.8 s, softer rotation along gravity.
    public static let tennis: SwingAnalyzerConfiguration = {
        var configuration = baseball
        configuration.maximumSwingDuration = 1.0
        configuration.minimumPeakRotationRate = 4.5
        configuration.impactRefractoryPeriod = 0.2
        configuration.impactMinimumThreshold = 1.5
        return configuration
    }()

    /// The preset for `sport`.
    public static func preset(for sport: Sport) -> SwingAnalyzerConfiguration {
        switch sport {
        case .baseball: baseball
        case .softball: softball
        case .golf: golf
        case .tennis: tennis
        }
    }

    /// The preset for a sport name ("baseball", "softball", "golf", "tennis"; case-insensitive), or `nil`.
    public static func preset(named name: String) -> SwingAnalyzerConfiguration? {
        Sport(rawValue: name.lowercased()).map(preset(for:))
    }

    /// Names accepted by ``preset(named:)``.
    public static let presetNames = Sport.allCases.map(\.rawValue)
}
