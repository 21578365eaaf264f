import Testing
import _TestSupport

@testable import WorkoutAnalysis

@Suite("AccelerationBinner")
struct AccelerationBinnerTests {
    /// Every field of the bins `bins` holds for `range`, as bit patterns (so `==` is bit for bit).
    static func bitPatterns(_ bins: MotionBins, _ range: Range<Int>) -> [[UInt64]] {
        range.map { bin in
            let b = bins[slot: bins.slot(bin)]
            return [
                b.meanX, b.meanY, b.meanZ, b.meanMagnitude, b.peakMagnitude, b.magnitudeVariance,
            ].map { UInt64($0.bitPattern) } + [UInt64(bitPattern: Int64(b.count)), b.isGap ? 1 : 0]
        }
    }

    /// 800 Hz samples (s; g) over 6 s with what the columnar loop must leave to the one-at-a-time path: a NaN
    /// or infinite component, NaN and ±∞ timestamps, a time that goes back into the previous bin, a 0.1 s silence, and a
    /// slower stretch (4 samples a bin).
    static func samples(seed: UInt64) -> (t: [Double], x: [Float], y: [Float], z: [Float]) {
        var random = SplitMix64(seed: seed)
        var (t, x, y, z): ([Double], [Float], [Float], [Float]) = ([], [], [], [])
        var time = 100.0 + Double.random(in: 0..<0.04, using: &random)
        while time < 106 {
            t.append(time)
            x.append(Float.random(in: -3...3, using: &random))
            y.append(Float.random(in: -3...3, using: &random))
            z.append(Float.random(in: -40...40, using: &random))
            time += time > 104 && time < 105 ? 0.01 : 0.00125
            if t.count == 1500 { time += 0.1 }
        }
        for _ in 0..<12 { x[Int.random(in: 0..<x.count, using: &random)] = .nan }
        for _ in 0..<6 { z[Int.random(in: 0..<z.count, using: &random)] = -.infinity }
        for _ in 0..<6 { t[Int.random(in: 0..<t.count, using: &random)] = .nan }
        for _ in 0..<3 { t[Int.random(in: 0..<t.count, using: &random)] = -.infinity }
        for _ in 0..<2 { t[Int.random(in: 0..<t.count, using: &random)] = .infinity }
        t[700] = t[697] - 0.002
        return (t, x, y, z)
    }

    /// Cuts the samples into consecutive batches whose lengths `lengths(k)` gives for batch k = 0, 1, … and hands
    /// each batch's columns to `body`, as the analyzer hands a batch to the binners.
    static func forEachBatch(
        _ s: (t: [Double], x: [Float], y: [Float], z: [Float]), lengths: (Int) -> Int,
        _ body: (UnsafeBufferPointer<Double>, UnsafeBufferPointer<Float>, UnsafeBufferPointer<Float>,
            UnsafeBufferPointer<Float>) -> Void
    ) {
        var (start, k) = (0, 0)
        while start < s.t.count {
            let r = start..<Swift.min(s.t.count, start + lengths(k))
            k += 1
            s.t.withUnsafeBufferPointer { tb in
                s.x.withUnsafeBufferPointer { xb in
                    s.y.withUnsafeBufferPointer { yb in
                        s.z.withUnsafeBufferPointer { zb in
                            body(
                                UnsafeBufferPointer(rebasing: tb[r]), UnsafeBufferPointer(rebasing: xb[r]),
                                UnsafeBufferPointer(rebasing: yb[r]), UnsafeBufferPointer(rebasing: zb[r]))
                        }
                    }
                }
            }
            start = r.upperBound
        }
    }

    @Test(
        "four samples at a time give the bins of one sample at a time bit for bit, for any batch cutting",
        arguments: [UInt64(1), 2, 3])
    func foursEqualOneAtATime(seed: UInt64) {
        let (t, x, y, z) = Self.samples(seed: seed)
        let first = Int((t[0] * 25).rounded(.down)), last = Int((t.last! * 25).rounded(.down))
        var reference = MotionBins(capacity: 256)
        var one = AccelerationBinner(binRate: 25)
        for i in t.indices { one.add(time: t[i], x: x[i], y: y[i], z: z[i], into: &reference) }
        one.close(upTo: last + 1, into: &reference)
        let expected = Self.bitPatterns(reference, first..<(last + 1))
        #expect(reference[slot: reference.slot(first + 3)].count == 32, "an 800 Hz bin holds 32 samples")

        var random = SplitMix64(seed: seed + 10)
        for _ in 0..<4 {
            var bins = MotionBins(capacity: 256)
            var binner = AccelerationBinner(binRate: 25)
            Self.forEachBatch((t, x, y, z), lengths: { _ in Int.random(in: 1...900, using: &random) }) {
                ts, xs, ys, zs in
                var i = 0
                while i < ts.count { i = binner.add(from: i, count: ts.count, times: ts, x: xs, y: ys, z: zs, into: &bins) }
            }
            binner.close(upTo: last + 1, into: &bins)
            #expect(Self.bitPatterns(bins, first..<(last + 1)) == expected)
        }
    }

    @Test("a bin's means, peak and variance are those of its samples (sums grouped by position, in Double)")
    func binValuesAreTheSamples() {
        // 800 Hz for 2 s: 32 samples a bin; 7 samples a bin for the next second (a count that is no multiple of
        // four); values with a spread of magnitudes, so the regrouped sums must still hold Double precision.
        var random = SplitMix64(seed: 9)
        var (t, x, y, z): ([Double], [Float], [Float], [Float]) = ([], [], [], [])
        for k in 0..<1600 { t.append(50 + Double(k) / 800) }
        for k in 0..<175 { t.append(52 + Double(k) / 175) }
        for _ in t.indices {
            x.append(Float.random(in: -0.2...0.2, using: &random))
            y.append(Float.random(in: -0.2...0.2, using: &random))
            z.append(-1 + Float.random(in: -1e-3...1e-3, using: &random))
        }
        var bins = MotionBins(capacity: 256)
        var binner = AccelerationBinner(binRate: 25)
        Self.forEachBatch((t, x, y, z), lengths: { _ in 800 }) { ts, xs, ys, zs in
            var i = 0
            while i < ts.count { i = binner.add(from: i, count: ts.count, times: ts, x: xs, y: ys, z: zs, into: &bins) }
        }
        let last = Int((t.last! * 25).rounded(.down))
        binner.close(upTo: last + 1, into: &bins)
        for bin in 1250...last {
            let members = t.indices.filter { Int((t[$0] * 25).rounded(.down)) == bin }
            // Reference: plain sums in sample order, in Double.
            var (sx, sy, sz, sm, sq, peak) = (0.0, 0.0, 0.0, 0.0, 0.0, Float(0))
            for i in members {
                let squared = x[i] * x[i] + y[i] * y[i] + z[i] * z[i]
                sx += Double(x[i])
                sy += Double(y[i])
                sz += Double(z[i])
                sm += Double(squared.squareRoot())
                sq += Double(squared)
                peak = Swift.max(peak, squared.squareRoot())
            }
            let n = Double(members.count)
            let b = bins[slot: bins.slot(bin)]
            #expect(Int(b.count) == members.count)
            #expect(b.meanX == Float(sx / n) && b.meanY == Float(sy / n) && b.meanZ == Float(sz / n), "bin \(bin)")
            #expect(b.meanMagnitude == Float(sm / n) && b.peakMagnitude == peak, "bin \(bin)")
            let variance = Swift.max(0, sq / n - (sm / n) * (sm / n))
            #expect(abs(Double(b.magnitudeVariance) - variance) <= 1e-12 + 1e-5 * variance, "bin \(bin)")
        }
    }
}
