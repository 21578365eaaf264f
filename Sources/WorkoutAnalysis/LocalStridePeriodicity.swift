/// How clearly one second of the binned |a| repeats one stride (two steps) earlier or later: the Pearson
/// correlation of the second's bins with the bins a stride before it and with the bins a stride after it, the
/// larger of the two.
///
/// A window's step period says that the 8 s around a second hold gait, not that the second itself does: at a
/// change of activity the window holds both, and its centre may fall on either side. Gait repeats itself every
/// stride (a watch on one wrist sees the left and right steps differently, so the stride, not the step, is the
/// true repeat), so a second of gait matches the stride next to it on at least one side — the gait side at a
/// boundary — while a second of rest (sensor noise), of swimming (strokes are not at the stride period) or of
/// anything else does not. The correlation is local to the second (25 bins at 25 Hz, with the stride's 25–42 bins
/// either side), so it places a boundary to about a second.
enum LocalStridePeriodicity {
    /// - Parameters:
    ///   - y: the window's binned |a| (any offset: each compared stretch is centred on its own mean), g.
    ///   - start: index in `y` of the second's first bin; `length`: its bins (bins per second).
    ///   - stride: stride lag, bins.
    ///   - minimumDeviation: the second's own standard deviation must reach this, g (a still wrist's noise can
    ///     correlate by chance).
    /// - Returns: the larger Pearson correlation of the two sides that `y` holds entirely, −1…1; 0 when neither
    ///   side fits, the second is quieter than `minimumDeviation` or a stretch is flat.
    static func correlation(
        _ y: UnsafeBufferPointer<Double>, start: Int, length: Int, stride: Int, minimumDeviation: Double
    ) -> Double {
        guard stride > 0, length >= 3, start >= 0, start + length <= y.count else { return 0 }
        let (before, after) = (start - stride >= 0, start + stride + length <= y.count)
        guard before || after else { return 0 }
        // The second's own mean and Σ of squared deviations, the same for both sides.
        var sa = 0.0
        for i in 0..<length { sa += y[start + i] }
        let ma = sa / Double(length)
        var saa = 0.0
        for i in 0..<length {
            let u = y[start + i] - ma
            saa += u * u
        }
        guard saa >= Double(length) * minimumDeviation * minimumDeviation else { return 0 }
        var best = 0.0
        if before { best = Swift.max(best, pearson(y, start, ma, saa, start - stride, length)) }
        if after { best = Swift.max(best, pearson(y, start, ma, saa, start + stride, length)) }
        return best
    }

    /// Pearson correlation of the `n` values from `a` (mean `ma`, Σ of squared deviations `saa`) with the `n`
    /// values from `b`; 0 when either is flat.
    private static func pearson(
        _ y: UnsafeBufferPointer<Double>, _ a: Int, _ ma: Double, _ saa: Double, _ b: Int, _ n: Int
    ) -> Double {
        var sb = 0.0
        for i in 0..<n { sb += y[b + i] }
        let mb = sb / Double(n)
        var (sbb, sab) = (0.0, 0.0)
        for i in 0..<n {
            let (u, v) = (y[a + i] - ma, y[b + i] - mb)
            sbb += v * v
            sab += u * v
        }
        let norm = (saa * sbb).squareRoot()
        return norm > 0 ? sab / norm : 0
    }
}
