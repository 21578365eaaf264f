import Foundation

/// Every parameter of the ``SwingAnalyzer`` in one documented value (units in each comment).
///
/// Start from a sport preset (``baseball``, ``softball``, ``golf``, ``tennis``), adjust fields, or load a JSON file
/// with ``init(contentsOf:)``; keys are the property names, and a file may give only some of them on top of a
/// preset named by `"preset"` (see ``init(contentsOf:)``). Call ``validate()`` (done by the analyzer) to get a
/// readable error for out-of-range values.
///
/// Sample-rate assumptions: none for timing (all times come from timestamps). The ring buffers are sized for rates
/// up to ``maximumAccelerometerRate`` / ``maximumDeviceMotionRate``.
public struct SwingAnalyzerConfiguration: Sendable, Equatable, Codable {
    // MARK: Impacts (800 Hz accelerometer)

    /// −3 dB cutoff of the Butterworth high-pass applied to x, y and z before impact detection, Hz,
    /// `0 < cutoff < 400` (the 800 Hz Nyquist limit). Rejects gravity, centripetal and wrist-motion acceleration
    /// (below ~20 Hz) and keeps the contact transient.
    public var impactHighPassCutoff: Double
    /// Order of that high-pass, even, 2...8.
    public var impactHighPassOrder: Int
    /// Detection threshold as a multiple of the noise floor (median high-passed |a| over the trailing
    /// ``noiseFloorBlockCount`` blocks), ≥ 1.
    public var impactThresholdNoiseMultiple: Double
    /// Detection threshold lower bound, g (high-passed vector magnitude), > 0. Foul tips reach a few g.
    public var impactMinimumThreshold: Double
    /// The contact onset is where the transient leaves the noise: the level, as a multiple of the noise floor,
    /// below which the high-passed magnitude counts as "before contact", ≥ 1.
    public var impactOnsetNoiseMultiple: Double
    /// Same, as a fraction of the detection threshold, 0...1.
    public var impactOnsetThresholdFraction: Double
    /// Same, as a fraction of the transient's peak within the look-ahead (the largest of the three levels applies;
    /// keeps pre-contact handle vibration from pulling the onset early), 0...0.5.
    public var impactOnsetPeakFraction: Double
    /// Power of the early rise of a contact transient (a contact force ramping up from zero drives the handle's
    /// modes, so the acceleration grows like (t − t₀)^p): used to extrapolate the first loud samples back to the
    /// moment of contact, 0.5...4.
    public var impactOnsetExponent: Double
    /// Longest extrapolation from the first loud sample back to the moment of contact, s, 0...0.01.
    public var impactOnsetMaximumExtrapolation: Double
    /// Time after the threshold crossing that is examined (peak search, saturation, spectrum) before the impact is
    /// decided, s, 0.002...0.2.
    public var impactLookahead: Double
    /// Dead time after an impact's threshold crossing during which no new impact is detected (ringing), s, ≥ 0.
    public var impactRefractoryPeriod: Double
    /// Longest time the onset search walks back from the threshold crossing, s, 0.001...0.05.
    public var impactOnsetSearchWindow: Double
    /// Window after the onset used for the impact spectrum (dominant frequency, band energy), s, 0.005...0.2.
    public var impactSpectrumWindow: Double
    /// Band for ``Swing/impactBandEnergy``, Hz: lower and upper edge, `0 ≤ lower < upper`.
    public var impactBandLower: Double
    /// Upper edge of the impact energy band, Hz.
    public var impactBandUpper: Double
    /// Samples per noise-floor block (the median of each block is one noise estimate), 32...4096
    /// (256 ≈ 0.32 s at 800 Hz).
    public var noiseFloorBlockSamples: Int
    /// Number of trailing blocks whose median is the noise floor, 1...64.
    public var noiseFloorBlockCount: Int
    /// Noise floor assumed before the first block is complete, g, > 0.
    public var initialNoiseFloor: Double
    /// An axis that repeats exactly the same value on consecutive samples at |value| ≥ this level is clipped (a flat
    /// top: watches clip at ±16, ±32 or ±64 g), g, > 1.
    public var saturationLevel: Double
    /// After an axis enters or leaves a flat top its high-passed value rings from the kink; the axis is left out of
    /// the impact statistic while clipped and for this long after each such transition, s, 0...0.1.
    public var saturationRecoveryTime: Double

    // MARK: Swings (200 Hz device motion)

    /// |rotation along gravity| above which a rotation event (a candidate swing) is active, rad/s, > 0.
    public var swingRotationThreshold: Double
    /// A rotation event ends once |rotation along gravity| has stayed below ``swingRotationThreshold`` this long
    /// (consistent failure), s, > 0.
    public var swingQuietDuration: Double
    /// Peak |rotation along gravity| a swing must reach, rad/s, ≥ ``swingRotationThreshold``.
    public var minimumPeakRotationRate: Double
    /// Accumulated rotation along gravity from start to impact (or to the rotation peak for a miss) a swing must
    /// reach, rad, ≥ 0.
    public var minimumAccumulatedRotation: Double
    /// Longest start-to-impact (or start-to-peak) time of a swing; a walk back that does not end within it rejects
    /// the candidate, s, > 0.
    public var maximumSwingDuration: Double
    /// Rotation events longer than this are cut (bounds memory), s, > 0.
    public var maximumRotationEventDuration: Double
    /// The walk back from the impact stops where the rotation along gravity (in the swing's direction) has been
    /// below this rate for ``onsetConsistentFailureDuration``, rad/s, > 0.
    public var onsetWalkThreshold: Double
    /// In the |rotation rate| fallback (``SwingDataCase/rotationWithoutGravity``, ``SwingDataCase/rotationOnly``)
    /// the walk back uses this rate instead of ``onsetWalkThreshold``, rad/s, ≥ ``onsetWalkThreshold``. |ω| has no
    /// direction, so it cannot show the reversal (the backswing or the preparation turning the other way) that ends
    /// the walk on the signed rotation along gravity, and the forearm's roll and the racquet or bat being taken back
    /// keep |ω| at 1–2.5 rad/s for a second or more between swings: at ``onsetWalkThreshold`` the walk would run
    /// through that preparation and fail at ``maximumSwingDuration``. Walking back only to this higher level
    /// starts the swing where |ω| rises out of the preparation; about ``swingRotationThreshold`` keeps the onset
    /// inside the swing's own rotation event.
    public var fallbackOnsetWalkThreshold: Double
    /// Consistent-failure duration of that walk, s, ≥ 0.
    public var onsetConsistentFailureDuration: Double
    /// How far before the walk-back point the onset fit looks for the pre-swing baseline, s, > 0.
    public var onsetFitBaselineWindow: Double
    /// Whether the onset is fitted on the rotation rate about the swing's principal axis (found from the
    /// rotation-rate vectors between the walk-back point and the anchor) rather than on the rotation along gravity:
    /// both start at the same instant, and the former is not shrunk by a tilted swing plane nor rectified in the
    /// no-gravity fallback.
    public var onsetFitOnSwingAxis: Bool
    /// Whether the onset fit allows a sloped pre-swing baseline (a load or backswing still settling, wrist tremor)
    /// instead of a constant one.
    public var onsetFitBaselineSlope: Bool
    /// The onset fit uses the rising segment up to this fraction of the swing's peak rate, 0.05...0.9.
    public var onsetFitUpperFraction: Double
    /// An impact belongs to a rotation event when it lies within the event extended by this much before its
    /// first above-threshold sample, s, ≥ 0.
    public var impactMatchBefore: Double
    /// …and this much after its last above-threshold sample, s, ≥ 0.
    public var impactMatchAfter: Double
    /// Contact happens while the swing is fast: an impact is the swing's contact only if |rotation along gravity|
    /// just before it is at least this fraction of the swing's peak, 0...1. (Rejects jolts at the start of the
    /// swing and taps during the follow-through.)
    public var impactMinimumRotationFraction: Double

    // MARK: Streaming

    /// Largest lead one stream may have over the other before the analyzer stops waiting for the slower one, s.
    /// Results are bit-identical for any batching as long as the streams arrive within this lag. ≥ 1.
    public var maximumStreamLag: Double
    /// Highest accelerometer rate the buffers are sized for, Hz, > 0.
    public var maximumAccelerometerRate: Double
    /// Highest device-motion rate the buffers are sized for, Hz, > 0.
    public var maximumDeviceMotionRate: Double
}
