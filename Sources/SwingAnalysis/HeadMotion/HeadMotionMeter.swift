import Foundation
import MotionRecording

/// Head rotation and stillness per swing from a headphone stream (`CMHeadphoneMotionManager`, AirPods, ≈ 25 Hz):
/// how much the head turned between the swing's start and its impact.
///
/// For a swing with a start and an impact (start < impact):
/// - ``Swing/headRotation``: the angle of q(start)⁻¹ ⊗ q(impact), deg, the attitude at each exact time
///   interpolated by slerp between the samples around it. The angle of that relative rotation does not depend on
///   the attitude's reference frame, and q and −q give the same angle (a sign flip between samples is no rotation).
/// - ``Swing/headPeakRate``: the peak |rotation rate| over the samples inside the window and the rates linearly
///   interpolated at its two ends, deg/s.
/// - ``Swing/headRotationBeforeImpact``: as ``Swing/headRotation`` over the last
///   ``HeadMotionConfiguration/beforeImpactWindow`` before impact.
/// - ``Swing/headStill``: ``Swing/headRotation`` ≤ ``HeadMotionConfiguration/stillRotationLimit``.
///
/// The sensor switching bud (left ↔ right) inside a window: the headphones report attitude in their own frame
/// whichever bud measures, but the switch may restart the reference frame, so attitudes are never compared across
/// it. The rotation is chained instead: q⁻¹ ⊗ q over each stretch measured by one bud, and over the interval
/// between the two buds' samples the rotation rate integrated (their mean, held constant), in the head's frame.
/// The bridge is reported; without a rotation rate the measures stay `nil` and that is reported.
///
/// Left `nil` and reported (one ``HygieneFinding`` of kind `head-motion` per swing): a stream that does not
/// cover the window, or a spacing between samples in it above ``HeadMotionConfiguration/maximumSpacing`` median
/// spacings (dropped samples). Left `nil` silently: a miss (no impact), or `start == impact` (impacts only). No
/// stream: nothing is called, and every field stays `nil`.
///
/// Clock: the headphone stream's timestamps must be on the recording's clock (the importers' job).
public enum HeadMotionMeter {
    /// The `kind` of the findings this meter reports.
    public static let findingKind = "head-motion"

    /// Sets the head fields of every swing in `swings` that has an impact, from `headphones`; returns what was
    /// left unknown or bridged, one finding per swing concerned.
    public static func measure(
        _ swings: inout [Swing], headphones: HeadphoneMotionData,
        configuration: HeadMotionConfiguration = HeadMotionConfiguration()
    ) -> [HygieneFinding] {
        let measurable = swings.indices.filter { index in
            swings[index].impact.map { $0 > swings[index].start } ?? false
        }
        guard !measurable.isEmpty else { return [] }
        guard let track = HeadTrack(headphones), track.times.count >= 2 else {
            let problem = headphones.motion.components.contains(.attitude)
                ? "fewer than two usable samples" : "no attitude"
            return [
                finding("the headphone stream has \(problem); head measures of \(measurable.count) swing(s) left null")
            ]
        }
        var findings: [HygieneFinding] = []
        for index in measurable {
            let swing = swings[index]
            let start = swing.start
            let impact = swing.impact!
            let label = "swing at \(format(start)) s"
            switch measure(track, from: start, to: impact, configuration: configuration) {
            case .failure(let problem):
                findings.append(finding("\(label): \(problem.description); head measures left null"))
            case .success(let result):
                swings[index].headRotation = result.rotation
                swings[index].headPeakRate = result.peakRate
                swings[index].headStill = result.rotation <= configuration.stillRotationLimit
                swings[index].headRotationBeforeImpact = result.rotationBeforeImpact
                for bridge in result.bridges {
                    findings.append(finding(
                        "\(label): the sensor switched from the \(bridge.from.rawValue) to the \(bridge.to.rawValue) bud at \(format(bridge.time)) s; bridged by the rotation rate over \(format(bridge.duration)) s"))
                }
            }
        }
        return findings
    }

    /// Why a swing's head measures are unknown.
    enum Problem: Error, CustomStringConvertible {
        case notCovered(first: Double, last: Double)
        case gap(after: Double, spacing: Double, limit: Double)
        case switchWithoutRate(time: Double)

        var description: String {
            switch self {
            case .notCovered(let first, let last):
                "the headphone stream (\(format(first))–\(format(last)) s) does not cover start to impact"
            case .gap(let after, let spacing, let limit):
                "no headphone sample for \(format(spacing)) s after \(format(after)) s (limit \(format(limit)) s)"
            case .switchWithoutRate(let time):
                "the sensor switched bud at \(format(time)) s and the stream has no rotation rate to bridge it"
            }
        }
    }

    /// A switch of bud bridged by the rotation rate.
    struct Bridge {
        var from: HeadphoneSensorLocation
        var to: HeadphoneSensorLocation
        var time: Double
        var duration: Double
    }

    struct Measures {
        var rotation: Double
        var peakRate: Double?
        var rotationBeforeImpact: Double
        var bridges: [Bridge]
    }

    static func measure(
        _ track: HeadTrack, from start: Double, to impact: Double, configuration: HeadMotionConfiguration
    ) -> Result<Measures, Problem> {
        let whole: (rotation: SIMD4<Double>, bridges: [Bridge])
        let late: (rotation: SIMD4<Double>, bridges: [Bridge])
        let (first, last): (Int, Int)
        switch window(track, from: start, to: impact, configuration: configuration) {
        case .failure(let problem): return .failure(problem)
        case .success(let bounds): (first, last) = bounds
        }
        switch rotation(track, from: start, to: impact, first: first, last: last) {
        case .failure(let problem): return .failure(problem)
        case .success(let value): whole = value
        }
        let lateStart = max(start, impact - configuration.beforeImpactWindow)
        let lateFirst = track.lastIndex(atOrBefore: lateStart) ?? first
        switch rotation(track, from: lateStart, to: impact, first: lateFirst, last: last) {
        case .failure(let problem): return .failure(problem)
        case .success(let value): late = value
        }
        return .success(
            Measures(
                rotation: degrees(HeadAttitude.angle(whole.rotation)),
                peakRate: peakRate(track, from: start, to: impact, first: first, last: last),
                rotationBeforeImpact: degrees(HeadAttitude.angle(late.rotation)), bridges: whole.bridges))
    }

    /// The samples bracketing [start, end] (the last at or before `start`, the first at or after `end`), checked for
    /// coverage and spacing.
    static func window(
        _ track: HeadTrack, from start: Double, to end: Double, configuration: HeadMotionConfiguration
    ) -> Result<(Int, Int), Problem> {
        let times = track.times
        guard let first = track.lastIndex(atOrBefore: start), times[times.count - 1] >= end else {
            return .failure(.notCovered(first: times[0], last: times[times.count - 1]))
        }
        var last = first
        while times[last] < end { last += 1 }
        let limit = configuration.maximumSpacing * track.medianSpacing
        for k in first..<last where times[k + 1] - times[k] > limit {
            return .failure(.gap(after: times[k], spacing: times[k + 1] - times[k], limit: limit))
        }
        return .success((first, max(last, first + 1)))
    }

    /// The head's rotation from `start` to `end` (head frame), chained interval by interval between samples
    /// `first` and `last`; across a switch of bud, the mean rotation rate integrated over the interval.
    static func rotation(
        _ track: HeadTrack, from start: Double, to end: Double, first: Int, last: Int
    ) -> Result<(rotation: SIMD4<Double>, bridges: [Bridge]), Problem> {
        var total = HeadAttitude.identity
        var bridges: [Bridge] = []
        for k in first..<last {
            let low = max(start, track.times[k])
            let high = min(end, track.times[k + 1])
            guard high > low else { continue }
            let step: SIMD4<Double>
            if track.locations[k] == track.locations[k + 1] {
                step = HeadAttitude.relative(
                    track.attitude(at: low, interval: k), track.attitude(at: high, interval: k))
            } else {
                guard let rates = track.rates else { return .failure(.switchWithoutRate(time: track.times[k + 1])) }
                step = HeadAttitude.exponential(0.5 * (rates[k] + rates[k + 1]) * (high - low))
                bridges.append(
                    Bridge(
                        from: track.locations[k], to: track.locations[k + 1], time: track.times[k + 1],
                        duration: high - low))
            }
            total = HeadAttitude.product(total, step)
        }
        return .success((total, bridges))
    }

    /// Peak |rotation rate| from `start` to `end`, deg/s: the samples strictly inside and the rates interpolated at
    /// both ends; `nil` without rotation rate.
    static func peakRate(_ track: HeadTrack, from start: Double, to end: Double, first: Int, last: Int) -> Double? {
        guard let rates = track.rates else { return nil }
        func magnitude(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }
        var peak = max(
            magnitude(track.rate(at: start, interval: first, rates: rates)),
            magnitude(track.rate(at: end, interval: last - 1, rates: rates)))
        for k in first...last where track.times[k] > start && track.times[k] < end {
            peak = max(peak, magnitude(rates[k]))
        }
        return degrees(peak)
    }

    static func finding(_ message: String) -> HygieneFinding {
        HygieneFinding(kind: findingKind, file: "headphoneMotion", message: message)
    }
}

private func degrees(_ radians: Double) -> Double { radians * 180 / .pi }

private func format(_ value: Double) -> String { String(format: "%.3f", value) }
