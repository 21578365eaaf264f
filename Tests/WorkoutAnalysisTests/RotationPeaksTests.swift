import Testing
import _TestSupport

@testable import WorkoutAnalysis

@Suite("RotationPeaks")
struct RotationPeaksTests {
    /// The window's peak read bin by bin from the ring (what ``RotationPeaks`` must equal), rad/s.
    static func direct(_ range: Range<Int>, in bins: MotionBins) -> Float {
        range.reduce(0) { Swift.max($0, bins.rotationRate($1)) }
    }

    @Test("equals the peak read bin by bin: windows sliding by 1 s, device motion arriving late, a ring overrun")
    func matchesDirectPeak() {
        // 25 Hz bins, 8 s windows (200 bins) in a ring of 256 bins; 100 Hz |ω| from 0 to 20 rad/s.
        var bins = MotionBins(capacity: 256)
        var binner = RotationBinner(binRate: 25)
        var peaks = RotationPeaks(windowBins: 200, binsPerSecond: 25)
        var random = SplitMix64(seed: 11)
        var t = 100.0
        func feed(until end: Double) {
            while t < end {
                binner.add(time: t, magnitude: Float.random(in: 0...20, using: &random), into: &bins)
                t += 0.01
            }
        }
        var checked = 0
        // Windows end at whole seconds; the rotation stream is fed 0 to 3 s past the window's end (device motion
        // not yet arrived for its last bins, or already closed), so kept and unkept seconds mix.
        for end in 108...140 {
            feed(until: Double(end) + Double(end % 4) - 0.5)
            let range = (end * 25 - 200)..<(end * 25)
            let closedEnd = binner.current ?? Int.min
            let expected = Self.direct(range, in: bins)
            #expect(peaks.peak(of: range, in: bins, closedEnd: closedEnd) == expected)
            #expect(expected > 19)
            checked += 1
        }
        // A window that starts inside a second (the recording's first windows) and one over seconds the binner
        // has not reached.
        let partial = (140 * 25 - 187)..<(140 * 25 - 3)
        #expect(peaks.peak(of: partial, in: bins, closedEnd: binner.current!) == Self.direct(partial, in: bins))
        // Device motion runs 9 s ahead: the ring (256 bins) no longer holds the start of an old window, whose
        // bins then read as 0, kept seconds included.
        let old = (141 * 25 - 200)..<(141 * 25)
        _ = peaks.peak(of: old, in: bins, closedEnd: binner.current!)
        feed(until: 150.5)
        let overrun = Self.direct(old, in: bins)
        #expect(peaks.peak(of: old, in: bins, closedEnd: binner.current!) == overrun)
        #expect((old.lowerBound..<(old.lowerBound + 50)).allSatisfy { bins.rotationRate($0) == 0 })
        #expect(checked == 33)
    }

    @Test("across bin 0: seconds of negative bins round down, windows whole or starting inside a second")
    func matchesDirectPeakAcrossZero() {
        var bins = MotionBins(capacity: 256)
        var binner = RotationBinner(binRate: 25)
        var peaks = RotationPeaks(windowBins: 200, binsPerSecond: 25)
        var random = SplitMix64(seed: 12)
        var t = -15.0
        var checked = 0
        for end in -6...9 {
            while t < Double(end) + 0.5 {
                binner.add(time: t, magnitude: Float.random(in: 0...20, using: &random), into: &bins)
                t += 0.01
            }
            let closedEnd = binner.current!
            for range in [(end * 25 - 200)..<(end * 25), (end * 25 - 187)..<(end * 25 - 3)] {
                #expect(peaks.peak(of: range, in: bins, closedEnd: closedEnd) == Self.direct(range, in: bins), "\(range)")
                checked += 1
            }
        }
        #expect(checked == 32)
    }
}
