/// Computes ``WindowFeatures`` from a window of ``MotionBins``. Scratch buffers are allocated once in `init`; a
/// window costs about 20 k multiply-adds (the autocorrelation), whatever the input rate.
struct WindowFeatureExtractor: Sendable {
    let configuration: WorkoutAnalyzerConfiguration
    private var magnitude: [Double]
    /// The centred |a| in Float, for the autocorrelation's SIMD products.
    private var single: [Float]
    /// The window's bins copied out of the ring once (mean x, y, z in g; burst flags).
    private var meanX: [Double]
    private var meanY: [Double]
    private var meanZ: [Double]
    private var isBurst: [Bool]
    private var isRotationBurst: [Bool]
    private var autocorrelation: [Double]
    private var burstDistance: [Int32]

    init(configuration: WorkoutAnalyzerConfiguration) {
        self.configuration = configuration
        let w = configuration.windowBins
        magnitude = Array(repeating: 0, count: w)
        single = Array(repeating: 0, count: w)
        meanX = Array(repeating: 0, count: w)
        meanY = Array(repeating: 0, count: w)
        meanZ = Array(repeating: 0, count: w)
        isBurst = Array(repeating: false, count: w)
        isRotationBurst = Array(repeating: false, count: w)
        autocorrelation = Array(repeating: 0, count: w)
        burstDistance = Array(repeating: 0, count: w)
    }

    /// Features of bins `range` (absolute bin numbers, all still held by `bins`).
    mutating func features(of range: Range<Int>, in bins: MotionBins) -> WindowFeatures {
        var f = WindowFeatures()
        let n = range.count
        let rate = configuration.binRate
        f.span = Double(n) / rate
        guard n >= 2 else { return f }
        var gaps = 0
        var sum = 0.0
        var variance = 0.0, varianceBins = 0, samples = 0
        var peak: Float = 0, rotation: Float = 0
        let burstAcceleration = Float(configuration.burstAcceleration)
        let burstRotationRate = Float(configuration.burstRotationRate)
        let isolatedRotationRate = Float(configuration.isolatedBurstRotationRate)
        for (i, bin) in range.enumerated() {
            let s = bins.slot(bin)
            if bins.isGap[s] { gaps += 1 }
            let m = Double(bins.meanMagnitude[s])
            magnitude[i] = m
            sum += m
            samples += Int(bins.count[s])
            if bins.count[s] >= 3 {
                variance += Double(bins.magnitudeVariance[s])
                varianceBins += 1
            }
            let binRotation = bins.rotationRate(bin)
            peak = Swift.max(peak, bins.peakMagnitude[s])
            rotation = Swift.max(rotation, binRotation)
            meanX[i] = Double(bins.meanX[s])
            meanY[i] = Double(bins.meanY[s])
            meanZ[i] = Double(bins.meanZ[s])
            isBurst[i] = bins.peakMagnitude[s] >= burstAcceleration || binRotation >= burstRotationRate
            isRotationBurst[i] = binRotation >= isolatedRotationRate
        }
        f.gapFraction = Double(gaps) / Double(n)
        f.peakAcceleration = Double(peak)
        f.peakRotationRate = Double(rotation)
        let mean = sum / Double(n)
        var sumSquares = 0.0
        for i in 0..<n {
            magnitude[i] -= mean
            sumSquares += magnitude[i] * magnitude[i]
        }
        f.deviation = (sumSquares / Double(n)).squareRoot()
        if samples >= 3 * n, varianceBins > 0 {
            f.vibration = (variance / Double(varianceBins)).squareRoot()
        } else if n >= 3 {
            var s2 = 0.0
            for i in 1..<(n - 1) {
                let d = magnitude[i - 1] - 2 * magnitude[i] + magnitude[i + 1]
                s2 += d * d
            }
            f.vibration = (s2 / Double(n - 2) / 6).squareRoot()
        }
        f.verticalDeviation = verticalDeviation(n)
        f.directionVariance = directionVariance(n, mean: 0.24)
        f.slowDirectionVariance = directionVariance(n, mean: 0.5)
        periodicity(n: n, sumSquares: sumSquares, into: &f)
        let swing = burstStatistics(isBurst, n: n)
        f.bursts = swing.count
        f.quietDeviation = swing.count == 0 ? f.deviation : (swing.quiet >= 2 ? swing.quietDeviation : 0)
        let isolated = burstStatistics(isRotationBurst, n: n)
        f.rotationBursts = isolated.count
        f.rotationQuietFraction = Double(isolated.quiet) / Double(n)
        f.rotationQuietDeviation = isolated.quiet >= 2 ? isolated.quietDeviation : 0
        return f
    }

    /// Standard deviation of the bins' mean acceleration along the window's mean direction, g.
    private func verticalDeviation(_ n: Int) -> Double {
        var (gx, gy, gz) = (0.0, 0.0, 0.0)
        for i in 0..<n {
            gx += meanX[i]
            gy += meanY[i]
            gz += meanZ[i]
        }
        let c = Double(n)
        (gx, gy, gz) = (gx / c, gy / c, gz / c)
        let norm = (gx * gx + gy * gy + gz * gz).squareRoot()
        guard norm > 0 else { return 0 }
        let (ux, uy, uz) = (gx / norm, gy / norm, gz / norm)
        var vertical = 0.0
        for i in 0..<n {
            let v = (meanX[i] - gx) * ux + (meanY[i] - gy) * uy + (meanZ[i] - gz) * uz
            vertical += v * v
        }
        return (vertical / c).squareRoot()
    }

    /// Circular variance of the running mean of (x, y, z) over `mean` s, on the first `n` copied bins.
    private func directionVariance(_ n: Int, mean: Double) -> Double {
        let width = Swift.max(1, Int((mean * configuration.binRate).rounded()))
        guard n >= width else { return 0 }
        var sx = 0.0, sy = 0.0, sz = 0.0
        var ux = 0.0, uy = 0.0, uz = 0.0, count = 0
        for i in 0..<n {
            sx += meanX[i]
            sy += meanY[i]
            sz += meanZ[i]
            if i >= width {
                sx -= meanX[i - width]
                sy -= meanY[i - width]
                sz -= meanZ[i - width]
            }
            // Every second bin (80 ms) is plenty for motions of ≤ 1 Hz and halves the roots and divisions.
            if i >= width - 1 && i & 1 == 0 {
                let norm = (sx * sx + sy * sy + sz * sz).squareRoot()
                if norm > 0 {
                    ux += sx / norm
                    uy += sy / norm
                    uz += sz / norm
                    count += 1
                }
            }
        }
        guard count > 0 else { return 0 }
        let c = Double(count)
        return 1 - ((ux * ux + uy * uy + uz * uz).squareRoot() / c)
    }

    /// Normalised (unbiased) autocorrelation of the centred |a| and its peaks.
    private mutating func periodicity(n: Int, sumSquares: Double, into f: inout WindowFeatures) {
        let rate = configuration.binRate
        let minLag = Swift.max(2, Int((configuration.periodRange.lowerBound * rate).rounded(.down)))
        let maxLag = Swift.min(n - n / 4, Int((configuration.periodRange.upperBound * rate).rounded(.up)))
        guard maxLag > minLag + 2, sumSquares > 0 else { return }
        let variance = sumSquares / Double(n)
        for i in 0..<n { single[i] = Float(magnitude[i]) }
        single.withUnsafeBufferPointer { x in
            autocorrelation.withUnsafeMutableBufferPointer { r in
                // Eight products a step (SIMD8 Float, unaligned loads; sums of ≤ 200 terms), then the tail.
                let base = UnsafeRawPointer(x.baseAddress!)
                for lag in (minLag - 1)...(maxLag + 1) {
                    let m = n - lag
                    var vector = SIMD8<Float>.zero
                    var i = 0
                    while i &+ 8 <= m {
                        let a = base.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<Float>.self)
                        let b = base.loadUnaligned(fromByteOffset: (i &+ lag) &* 4, as: SIMD8<Float>.self)
                        vector += a * b
                        i &+= 8
                    }
                    var acc = Double(vector.sum())
                    while i < m {
                        acc += Double(x[i] * x[i &+ lag])
                        i &+= 1
                    }
                    r[lag] = acc / Double(m) / variance
                }
            }
        }
        let r = autocorrelation
        func isPeak(_ lag: Int) -> Bool { r[lag] >= r[lag - 1] && r[lag] > r[lag + 1] }
        /// Sub-bin lag of the peak at `lag` (parabola through three points), bins.
        func refined(_ lag: Int) -> Double {
            let (a, b, c) = (r[lag - 1], r[lag], r[lag + 1])
            let d = a - 2 * b + c
            guard d < 0 else { return Double(lag) }
            return Double(lag) + Swift.max(-0.5, Swift.min(0.5, 0.5 * (a - c) / d))
        }
        var best = -1
        for lag in minLag...maxLag where isPeak(lag) && (best < 0 || r[lag] > r[best]) { best = lag }
        guard best > 0 else { return }
        f.periodicity = r[best]
        f.period = refined(best) / rate
        // Gait: the shortest-lag peak in the step range (≥ 1/3.8 Hz … ≤ 2/1.2 Hz, which holds the stride too)
        // whose multiples confirm it — a peak near twice the lag (the stride) and a correlation near three times
        // it (one and a half strides: the other foot again). A harmonic of a slower motion (half a walking step,
        // the sweeps of a breaststroke) has its triple lag in anti-phase and is passed over; the stride itself
        // is never taken for the step when the step peak exists, however unequal the left and right steps are.
        let stepLow = Swift.max(minLag, Int((rate / configuration.stepFrequencyRange.upperBound).rounded(.down)))
        let strideHigh = Swift.min(maxLag, Int((2 * rate / configuration.stepFrequencyRange.lowerBound).rounded(.up)))
        guard strideHigh > stepLow else { return }
        func strongest(near lag: Int) -> (lag: Int, r: Double)? {
            guard lag + 3 <= maxLag + 1 else { return nil }
            var found: (lag: Int, r: Double)?
            for l in (lag - 2)...(lag + 2) where l > minLag && l <= maxLag && (found == nil || r[l] > found!.r) {
                found = (l, r[l])
            }
            return found
        }
        var step = -1
        var strideLag = -1
        for lag in stepLow...strideHigh where isPeak(lag) && r[lag] >= 0.1 {
            guard let double = strongest(near: 2 * lag), double.r >= 0.25, isPeak(double.lag) else { continue }
            // A weak step peak counts when a strong stride confirms it (a watch on one wrist mostly sees the arm
            // swing, at the stride frequency).
            guard r[lag] >= Swift.max(0.25, 0.3 * r[best]) || double.r >= 0.5 else { continue }
            if let triple = strongest(near: 3 * lag), triple.r < 0.5 * r[lag] { continue }
            step = lag
            strideLag = double.lag
            break
        }
        guard step > 0 else { return }
        // The stride's lag is twice as long, so half of it is the finer step period.
        let stepLag = refined(strideLag) / 2
        let stepR = Swift.max(r[step], r[strideLag])
        f.stepPeriod = stepLag / rate
        f.stepPeriodicity = stepR
    }

    /// Runs of flagged bins (merged within 0.5 s) and the calm around them: their count, the number of bins more
    /// than 0.75 s from every run, and the standard deviation of the centred |a| in those bins, g.
    private mutating func burstStatistics(_ flags: [Bool], n: Int) -> (count: Int, quiet: Int, quietDeviation: Double) {
        let merge = Int((0.5 * configuration.binRate).rounded())
        let guardBins = Int32((0.75 * configuration.binRate).rounded())
        var count = 0
        var lastBurst = Int.min / 2
        let far = Int32.max / 2
        for i in 0..<n {
            if flags[i] {
                if i - lastBurst > merge { count += 1 }
                lastBurst = i
                burstDistance[i] = 0
            } else {
                burstDistance[i] = i - lastBurst < Int(far) ? Int32(i - lastBurst) : far
            }
        }
        guard count > 0 else { return (0, n, 0) }
        // Distance to the next burst (backward pass), then the deviation of bins far from every burst.
        var next = Int.max / 2
        var sum = 0.0, sumSquares = 0.0, quiet = 0
        for i in stride(from: n - 1, through: 0, by: -1) {
            if burstDistance[i] == 0 { next = i }
            let distance = Swift.min(Int(burstDistance[i]), next - i)
            if distance > Int(guardBins) {
                let m = magnitude[i]
                sum += m
                sumSquares += m * m
                quiet += 1
            }
        }
        guard quiet >= 2 else { return (count, quiet, 0) }
        let mean = sum / Double(quiet)
        return (count, quiet, Swift.max(0, sumSquares / Double(quiet) - mean * mean).squareRoot())
    }
}
