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

    /// 200 Hz device motion (s; rad/s) over 5 s with the sampling clock's jitter (±0.5 ms, so a 40 ms bin holds 7
    /// to 9 samples), a 0.3 s silence, a 100 Hz stretch, NaN and infinite components, NaN and ±∞ times.
    static func deviceMotion(seed: UInt64) -> (t: [Double], x: [Float], y: [Float], z: [Float]) {
        var random = SplitMix64(seed: seed)
        var (t, x, y, z): ([Double], [Float], [Float], [Float]) = ([], [], [], [])
        var k = 0
        while k < 1000 {
            k += k >= 600 && k < 700 ? 2 : 1
            if k >= 300 && k < 360 { continue }
            t.append(50 + Double(k) * 0.005 + Double.random(in: -0.0005...0.0005, using: &random))
            x.append(Float.random(in: -12...12, using: &random))
            y.append(Float.random(in: -12...12, using: &random))
            z.append(Float.random(in: -12...12, using: &random))
        }
        for _ in 0..<8 { y[Int.random(in: 0..<y.count, using: &random)] = .nan }
        for _ in 0..<8 { x[Int.random(in: 0..<x.count, using: &random)] = .infinity }
        for value in [Double.nan, .infinity, -.infinity] {
            for _ in 0..<4 { t[Int.random(in: 0..<t.count, using: &random)] = value }
        }
        return (t, x, y, z)
    }

    @Test(
        "each bin's peak is the largest |ω| of its samples at 200 Hz (7 to 9 a bin), for any batch cutting; a NaN or infinite time or component skipped",
        arguments: [UInt64(1), 2, 3])
    func peaksAreTheLargestOfTheBin(seed: UInt64) {
        let s = Self.deviceMotion(seed: seed)
        let finite = s.t.filter(\.isFinite)
        let range = Int((finite.min()! * 25).rounded(.down))..<(Int((finite.max()! * 25).rounded(.down)) + 1)
        // The reference, from the definition: per bin, the largest |ω|² of the samples with a finite time and
        // |ω|² (times here only go forward), its root; 0 for a bin without such samples.
        var largest = [Float](repeating: 0, count: range.count)
        var counts = [Int](repeating: 0, count: range.count)
        for i in s.t.indices {
            let squared = s.x[i] * s.x[i] + s.y[i] * s.y[i] + s.z[i] * s.z[i]
            guard s.t[i].isFinite, squared.isFinite else { continue }
            let k = Int((s.t[i] * 25).rounded(.down)) - range.lowerBound
            largest[k] = Swift.max(largest[k], squared)
            counts[k] += 1
        }
        let expected = (0..<range.count).map { [Int(largest[$0].squareRoot().bitPattern), range.lowerBound + $0] }
        #expect(Set(counts).isSuperset(of: [7, 8, 9, 4, 0]), "bins of 7 to 9 samples, 100 Hz ones, the silence")
        #expect(Self.peaks(s, cuts: [1], bins: range) == expected)
        var random = SplitMix64(seed: seed + 20)
        for _ in 0..<4 {
            let cuts = (0..<5).map { _ in Int.random(in: 1...300, using: &random) }
            #expect(Self.peaks(s, cuts: cuts, bins: range) == expected)
        }
        #expect(Self.peaks(s, cuts: [s.t.count], bins: range) == expected)
    }

    @Test("a sample with a NaN or infinite |ω| or time opens no bin; a time that goes back joins the open bin")
    func skippedSamplesOpenNoBin() {
        // 200 Hz from t = 10 s (bin 250): bin 250 holds samples 0…7. Sample 8 (bin 251) has an infinite |ω| and
        // sample 9 a NaN time, so bin 250 stays open and sample 10, back at 10.038 s, joins it with |ω| 9; sample
        // 11 opens bin 251 (then the only one of it), sample 12 bin 253 (bin 252 has none).
        var t = (0..<13).map { 10 + Double($0) * 0.005 }
        var x = [Float](repeating: 1, count: 13)
        x[8] = .infinity
        t[9] = .nan
        t[10] = 10.038
        x[10] = 9
        t[12] = 10.125
        x[12] = 3
        let zeros = [Float](repeating: 0, count: 13)
        for cuts in [[1], [13], [9, 4], [10, 3], [11, 2]] {
            let peaks = Self.peaks((t, x, zeros, zeros), cuts: cuts, bins: 250..<254)
            #expect(peaks.map { Float(bitPattern: UInt32($0[0])) } == [9, 1, 0, 3], "cuts \(cuts)")
        }
        var bins = MotionBins(capacity: 256)
        var binner = RotationBinner(binRate: 25)
        t.withUnsafeBufferPointer { ts in
            x.withUnsafeBufferPointer { xs in
                zeros.withUnsafeBufferPointer { zs in
                    _ = binner.add(from: 0, count: 10, times: ts, x: xs, y: zs, z: zs, into: &bins)
                }
            }
        }
        #expect(binner.current == 250, "samples 8 and 9 leave bin 250 open")
    }
}
