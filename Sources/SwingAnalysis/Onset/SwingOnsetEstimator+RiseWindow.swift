/// How far before the walk-back point the hinge fit of a rise out of rest looks: scaled by the rise's own time
/// scale rather than fixed.
///
/// A rise out of rest grows like r = A·(t − t₀)^p, so at the walk-back point (r ≈ 1 rad/s) the time since the onset
/// is p_loc·r/ṙ, with r and ṙ read there and p_loc the rise's local exponent d ln r / d ln(t − t₀) (at most its
/// leading power, and lower as the rise bends towards its peak: 1.7–2.8 measured at 1 rad/s on simulated golf
/// downswings of leading power 2–3). The fit's window reaches ``riseWindowExponent``·r/ṙ + ``riseWindowBaseline``
/// back — the onset of every rise whose local exponent there is up to 2 plus 30 ms·ṙ/r (2.75 for r/ṙ = 40 ms), with
/// baseline before it for the flatter ones — and never less than ``SwingAnalyzerConfiguration/onsetFitBaselineWindow``
/// nor more than ``maximumFitWindow``.
///
/// Scale-invariant: a bat or racquet swing reaches 1 rad/s within 10–30 ms of its onset (r/ṙ of 5–15 ms) and keeps
/// the fixed window; a golf downswing that takes 0.1–0.15 s (r/ṙ of 30–70 ms) gets 0.1–0.17 s, where the fixed
/// 0.1 s began up to 45 ms after the true onset and the fit could only land late. A longer reach (e.g. 3·r/ṙ +
/// 50 ms) lets more of the backswing's tail and of the tremor before the onset into the linear baseline and moves as
/// many golf starts early, out of a load, as it brings back from rest.
extension SwingOnsetEstimator {
    /// Multiple of the rise's time scale r/ṙ at the walk-back point that the window reaches back.
    static let riseWindowExponent = 2.0
    /// Added to that reach, s (six samples at 200 Hz).
    static let riseWindowBaseline = 0.03
    /// Longest window, s: above the longest simulated rises (r/ṙ ≈ 70 ms at 1 rad/s, a window of 0.17 s); bounds
    /// the device motion the analyzer holds back.
    static let maximumFitWindow = 0.25
    /// Samples on each side of the walk-back point in the least-squares line that gives r and ṙ (±10 ms at 200 Hz:
    /// averages the gyroscope noise while the rise's curvature changes ṙ by a few per cent).
    static let riseSlopeHalfWidth = 2

    /// The rise's time scale r/ṙ at the walk-back point `crossing`, s: from the least-squares line through the rate in
    /// the swing direction `value(j)` (rad/s) of ring samples `crossing − riseSlopeHalfWidth … min(latest, crossing +
    /// riseSlopeHalfWidth)` (`latest`: the swing's anchor, so the result does not depend on later data), its level
    /// r and slope ṙ at the walk-back point; nil when that line does not rise from a positive level.
    static func riseTimeScale(
        ring: SampleRing<RotationSample>, crossing: Int, latest: Int, value: (Int) -> Float
    ) -> Double? {
        let first = Swift.max(ring.firstIndex, crossing - riseSlopeHalfWidth)
        let last = Swift.min(latest, crossing + riseSlopeHalfWidth)
        guard last - first >= 2 else { return nil }
        guard let (level, slope) = rateLine(ring: ring, first: first, last: last, origin: crossing, value: value)
        else { return nil }
        guard slope > 0, level > 0 else { return nil }
        return level / slope
    }

    /// The fit window before the walk-back point, s, for a rise of time scale `riseTimeScale` (r/ṙ, s; see
    /// ``riseTimeScale(ring:crossing:latest:value:)``); `fixedWindow` (s) when there is none.
    static func fitWindow(riseTimeScale: Double?, fixedWindow: Double) -> Double {
        guard let riseTimeScale else { return fixedWindow }
        let window = riseWindowExponent * riseTimeScale + riseWindowBaseline
        return Swift.min(maximumFitWindow, Swift.max(fixedWindow, window))
    }

    /// ``fitWindow(riseTimeScale:fixedWindow:)`` of the rise at ring sample `crossing`.
    static func fitWindow(
        ring: SampleRing<RotationSample>, crossing: Int, latest: Int, fixedWindow: Double, value: (Int) -> Float
    ) -> Double {
        fitWindow(
            riseTimeScale: riseTimeScale(ring: ring, crossing: crossing, latest: latest, value: value),
            fixedWindow: fixedWindow)
    }
}
