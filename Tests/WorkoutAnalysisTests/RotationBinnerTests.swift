import Testing
import _TestSupport

@testable import WorkoutAnalysis

@Suite("RotationBinner")
struct RotationBinnerTests {
    /// Feeds the samples cut into batches of the given lengths (cycled) and returns every bin's peak |ω| bit
    /// pattern and the bin it belongs to.
    static func peaks(
        _ s: (t: [Double], x: [Float], y: [Float], z: [Float]), cuts: [Int], bins range: Range<Int>
    ) -> [[Int]] {
        var bins = MotionBins(capacity: 256)
        var binner = RotationBinner(binRate: 25)
        AccelerationBinnerTests.forEachBatch(s, lengths: { cuts[$0 % cuts.count] }) { ts, xs, ys, zs in
            var i = 0
            while i < ts.count { i = binner.add(from: i, count: ts.count, times: ts, x: xs, y: ys, z: zs, into: &bins) }
        }
        binner.close(upTo: range.upperBound, into: &bins)
        return range.map { [Int(bins[slot: bins.slot($0)].peakRotationRate.bitPattern), bins[slot: bins.slot($0)].rotationBin] }
    }

    @Test(
        "four samples at a time give the peaks of one sample at a time, for any batch cutting; infinite |ω| skipped",
        arguments: [UInt64(4), 5])
    func foursEqualOneAtATime(seed: UInt64) {
        // The accelerometer test's samples as rotation rates (rad/s): NaN and infinite components, NaN times, a
        // time going back, a silence, a slower stretch.
        let s = AccelerationBinnerTests.samples(seed: seed)
        let range = Int((s.t[0] * 25).rounded(.down))..<(Int((s.t.last! * 25).rounded(.down)) + 1)
        // One sample a batch never has four to take at once: the reference.
        let reference = Self.peaks(s, cuts: [1], bins: range)
        // An infinite component is skipped wherever the sample falls in its bin (as a NaN one), so no peak is
        // infinite, and bins with samples have a peak.
        #expect(reference.allSatisfy { Float(bitPattern: UInt32($0[0])).isFinite })
        #expect(reference.filter { Float(bitPattern: UInt32($0[0])) > 1 }.count >= range.count / 2)
        var random = SplitMix64(seed: seed)
        for _ in 0..<3 {
            let cuts = (0..<5).map { _ in Int.random(in: 1...900, using: &random) }
            #expect(Self.peaks(s, cuts: cuts, bins: range) == reference)
        }
    }
}
