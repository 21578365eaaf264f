/// Computes ``WindowFeatures`` from a window of ``MotionBins``. Scratch buffers are allocated once in `init`. The
/// autocorrelation's lagged products slide with the window (``SlidingAutocorrelation``), so a window costs a few
/// thousand multiply-adds, whatever the input rate.
struct WindowFeatureExtractor: Sendable {
    let configuration: WorkoutAnalyzerConfiguration
    private var magnitude: [Double]
    /// Σ of the centred |a| over the window's first L and last L bins, by L (count + 1 values), for the
    /// autocorrelation's centring (``PartialSums/endSums(of:count:through:into:)``).
    private var ends: [Double]
    /// The lags the periodicity search reads, bins: one below the shortest period to one above the longest.
    private let lagRange: ClosedRange<Int>
    /// The window's burst flags.
    private var isBurst: [Bool]
    private var isRotationBurst: [Bool]
    private var autocorrelation: [Double]
    /// The binned acceleration along the window's mean direction (gravity), g, filled when a step period is checked.
    private var vertical: [Double]
    private var burstDistance: [Int32]
    private var products: SlidingAutocorrelation
    private var directions: BinDirections
    private var moments: BinMoments
    private var quietSeconds: QuietSeconds
    private var rotationPeaks: RotationPeaks

    init(configuration: WorkoutAnalyzerConfiguration) {
        self.configuration = configuration
        let w = configuration.windowBins
        magnitude = Array(repeating: 0, count: w)
        ends = Array(repeating: 0, count: w + 1)
        isBurst = Array(repeating: false, count: w)
        isRotationBurst = Array(repeating: false, count: w)
        autocorrelation = Array(repeating: 0, count: w)
        vertical = Array(repeating: 0, count: w)
        burstDistance = Array(repeating: 0, count: w)
        let rate = configuration.binRate
        // The periodicity search reads lags minimum − 1 … maximum + 1 (peaks compare each lag with both
        // neighbours), the minimum at least 2 bins.
        let minimumLag = Swift.max(2, Int((configuration.periodRange.lowerBound * rate).rounded(.down)))
        let maximumLag = Int((configuration.periodRange.upperBound * rate).rounded(.up))
        lagRange = (minimumLag - 1)...Swift.max(minimumLag - 1, Swift.min(maximumLag + 1, w - 1))
        directions = BinDirections(
            widths: (Swift.max(1, Int((0.24 * rate).rounded())), Swift.max(1, Int((0.5 * rate).rounded()))),
            windowBins: w, binsPerSecond: configuration.binsPerSecond)
        moments = BinMoments(windowBins: w, binsPerSecond: configuration.binsPerSecond)
        rotationPeaks = RotationPeaks(windowBins: w, binsPerSecond: configuration.binsPerSecond)
        quietSeconds = QuietSeconds(
            windowBins: w, binsPerSecond: configuration.binsPerSecond,
            maximumDeviation: configuration.stationaryDeviation, maximumVibration: configuration.stationaryVibration)
        products = SlidingAutocorrelation(lags: lagRange, windowBins: w)
    }

    /// Features of bins `range` (absolute bin numbers, all still held by `bins`); `centre` is the first bin of the
    /// second the window decides (for ``WindowFeatures/centreStridePeriodicity``); the rotation binner has closed
    /// every bin below `rotationClosedEnd` (`Int.min`: none).
    mutating func features(
        of range: Range<Int>, in bins: MotionBins, centre: Int, rotationClosedEnd: Int
    ) -> WindowFeatures {
        var f = WindowFeatures()
        let n = range.count
        let rate = configuration.binRate
        f.span = Double(n) / rate
        guard n >= 2 else { return f }
        let burstAcceleration = Float(configuration.burstAcceleration)
        let burstRotationRate = Float(configuration.burstRotationRate)
        let isolatedRotationRate = Float(configuration.isolatedBurstRotationRate)
        let lower = range.lowerBound
        let firstSlot = bins.slot(lower)
        // The bins' values in Double come from the per-bin cache (converted once per bin, not once per window),
        // their sums from the per-second sums (summed once per second).
        moments.update(to: range, from: bins)
        let sums = moments.sums(of: range)
        let (gaps, sum, samples) = (sums.gaps, sums.magnitude, sums.samples)
        let (variance, spread, varianceBins) = (sums.variance, sums.spread, sums.varianceBins)
        let (peak, first, second) = (sums.peak, sums.acceleration, sums.products)
        let rotation = rotationPeaks.peak(of: range, in: bins, closedEnd: rotationClosedEnd)
        // Some bin reaches a threshold exactly when the window's peak does (no value is NaN: the binners skip NaN
        // samples).
        let anyBurst = peak >= burstAcceleration || rotation >= burstRotationRate
        let anyRotationBurst = rotation >= isolatedRotationRate
        if anyBurst || anyRotationBurst {
            bins.slots.withUnsafeBufferPointer { ring in
                isBurst.withUnsafeMutableBufferPointer { isBurst in
                    isRotationBurst.withUnsafeMutableBufferPointer { isRotationBurst in
                        var s = firstSlot
                        for i in 0..<n {
                            let b = ring[s]
                            let rate = b.rotationBin == lower &+ i ? b.peakRotationRate : 0
                            isBurst[i] = b.peakMagnitude >= burstAcceleration || rate >= burstRotationRate
                            isRotationBurst[i] = rate >= isolatedRotationRate
                            s &+= 1
                            if s == ring.count { s = 0 }
                        }
                    }
                }
            }
        }
        Self.slide(&products, to: range, moments: moments)
        f.gapFraction = Double(gaps) / Double(n)
        f.peakAcceleration = Double(peak)
        f.peakRotationRate = Double(rotation)
        let mean = sum / Double(n)
        // The window's mean |a| per bin, centred, straight from the per-bin cache.
        let sumSquares = Self.centre(range, of: moments, mean: mean, into: &magnitude)
        f.deviation = (sumSquares / Double(n)).squareRoot()
        if samples >= 3 * n, varianceBins > 0 {
            f.vibration = (variance / Double(varianceBins)).squareRoot()
            if variance > 0 { f.vibrationSteadiness = spread / Double(varianceBins) / f.vibration }
        } else {
            (f.vibration, f.vibrationSteadiness) = magnitude.withUnsafeBufferPointer {
                SampledVibration.measure(UnsafeBufferPointer(rebasing: $0[0..<n]), moments: moments, range: range)
            }
        }
        f.verticalDeviation = Self.verticalDeviation(sum: first, products: second, count: n)
        f.stillFraction = quietSeconds.fraction(moments: moments, range: range)
        (f.directionVariance, f.slowDirectionVariance) = directions.variances(of: range, in: bins)
        periodicity(n: n, mean: mean, sumSquares: sumSquares, into: &f)
        if f.stepPeriod > 0 {
            checkForStride(range, meanAcceleration: first / Double(n), into: &f)
            let strideLag = Int((2 * f.stepPeriod * rate).rounded())
            let minimumDeviation = 0.5 * configuration.gaitMinimumDeviation
            f.centreStridePeriodicity = magnitude.withUnsafeBufferPointer {
                LocalStridePeriodicity.correlation(
                    UnsafeBufferPointer(rebasing: $0[0..<n]), start: centre - lower,
                    length: configuration.binsPerSecond, stride: strideLag, minimumDeviation: minimumDeviation)
            }
        }
        let swing = anyBurst ? burstStatistics(isBurst, n: n) : (count: 0, quiet: n, quietDeviation: 0)
        f.bursts = swing.count
        f.quietDeviation = swing.count == 0 ? f.deviation : (swing.quiet >= 2 ? swing.quietDeviation : 0)
        let isolated = anyRotationBurst ? burstStatistics(isRotationBurst, n: n) : (count: 0, quiet: n, quietDeviation: 0)
        f.rotationBursts = isolated.count
        f.rotationQuietFraction = Double(isolated.quiet) / Double(n)
        f.rotationQuietDeviation = isolated.quiet >= 2 ? isolated.quietDeviation : 0
        return f
    }

    /// Moves the lagged products to window `range`, each new bin's y = |a| − 1 g from the per-bin cache. (Static,
    /// as is ``centre(_:of:mean:into:)``, so the cache is borrowed while another stored property changes, rather
    /// than copied.)
    private static func slide(_ products: inout SlidingAutocorrelation, to range: Range<Int>, moments: BinMoments) {
        moments.withSlots { cache, mask in products.update(to: range) { cache[$0 & mask].magnitude - 1 } }
    }

    /// Writes the mean |a| of the bins of `range` minus `mean` (g) to `magnitude` and returns Σ of their squares
    /// (``PartialSums/centre(_:count:mean:into:)``).
    private static func centre(_ range: Range<Int>, of moments: BinMoments, mean: Double, into magnitude: inout [Double])
        -> Double
    {
        moments.withMagnitudes(of: range) { source in
            magnitude.withUnsafeMutableBufferPointer {
                PartialSums.centre(source, count: range.count, mean: mean, into: $0.baseAddress!)
            }
        }
    }

    /// Standard deviation of the bins' mean acceleration along the window's mean direction u, g: with g the mean
    /// and S = Σ a·aᵀ, Σ ((a − g)·u)² / n = uᵀ S u / n − |g|² (u = g / |g|).
    private static func verticalDeviation(sum: SIMD4<Double>, products s: SIMD8<Double>, count: Int) -> Double {
        let c = Double(count)
        let g = sum / c
        let squaredNorm = g.x * g.x + g.y * g.y + g.z * g.z
        guard squaredNorm > 0 else { return 0 }
        let (x, y, z) = (g.x, g.y, g.z)
        let quadratic = x * x * s[0] + y * y * s[1] + z * z * s[2] + 2 * (x * y * s[3] + x * z * s[4] + y * z * s[5])
        return Swift.max(0, quadratic / squaredNorm / c - squaredNorm).squareRoot()
    }

    /// Normalised (unbiased) autocorrelation of the centred |a| and its peaks.
    private mutating func periodicity(n: Int, mean: Double, sumSquares: Double, into f: inout WindowFeatures) {
        let rate = configuration.binRate
        let minLag = lagRange.lowerBound + 1
        let maxLag = Swift.min(n - n / 4, lagRange.upperBound - 1)
        guard maxLag > minLag + 2, sumSquares > 0 else { return }
        let variance = sumSquares / Double(n)
        // Σ (y_i − ȳ)(y_{i+L} − ȳ) = Σ y_i·y_{i+L} − ȳ (A + B) + (n − L) ȳ², with A and B the sums of y over the
        // pairs' first and second members (y = |a| − 1 g, ȳ its window mean; magnitude holds z = y − ȳ). With T =
        // Σ z and E_L = Σ z over the first L and the last L bins, A + B = 2 T − E_L + 2 (n − L) ȳ, so the sum is
        // Σ y_i·y_{i+L} − ȳ (2 T − E_L) − (n − L) ȳ².
        let offset = mean - 1
        let lags = (minLag - 1)...(maxLag + 1)
        let total = magnitude.withUnsafeBufferPointer { z in
            ends.withUnsafeMutableBufferPointer {
                PartialSums.endSums(of: z.baseAddress!, count: n, through: lags.upperBound, into: $0.baseAddress!)
            }
        }
        let (products, endSums) = (products, ends)
        autocorrelation.withUnsafeMutableBufferPointer { r in
            products.withProducts { products in
                endSums.withUnsafeBufferPointer { ends in
                    // Four lags at a time, each lane as one lag's scalar expression (so the same values as one at
                    // a time), and one division by (n − L) × variance per lag.
                    let (e, q) = (UnsafeRawPointer(ends.baseAddress!), UnsafeRawPointer(products.baseAddress!))
                    let out = UnsafeMutableRawPointer(r.baseAddress!)
                    let (o, v, twice) = (
                        SIMD4<Double>(repeating: offset), SIMD4<Double>(repeating: variance),
                        SIMD4<Double>(repeating: 2 * total)
                    )
                    var lag = lags.lowerBound
                    while lag <= lags.upperBound {
                        if lag &+ 4 <= lags.upperBound &+ 1 {
                            // n − L for L = lag … lag + 3 (small integers: exact as Double).
                            let m = SIMD4<Double>(repeating: Double(n &- lag)) - SIMD4<Double>(0, 1, 2, 3)
                            let sums = twice - e.loadUnaligned(fromByteOffset: lag &* 8, as: SIMD4<Double>.self)
                            let c = q.loadUnaligned(fromByteOffset: lag &* 8, as: SIMD4<Double>.self) - o * sums
                                - m * o * o
                            out.storeBytes(of: c / (m * v), toByteOffset: lag &* 8, as: SIMD4<Double>.self)
                            lag &+= 4
                        } else {
                            let m = Double(n - lag)
                            let c = products[lag] - offset * (2 * total - ends[lag]) - m * offset * offset
                            r[lag] = c / (m * variance)
                            lag &+= 1
                        }
                    }
                }
            }
        }
        let r = autocorrelation
        /// Sub-bin lag of the peak at `lag` (parabola through three points), bins.
        func refined(_ lag: Int) -> Double {
            let (a, b, c) = (r[lag - 1], r[lag], r[lag + 1])
            let d = a - 2 * b + c
            guard d < 0 else { return Double(lag) }
            return Double(lag) + Swift.max(-0.5, Swift.min(0.5, 0.5 * (a - c) / d))
        }
        let best = r.withUnsafeBufferPointer { AutocorrelationPeaks.highest($0.baseAddress!, in: minLag...maxLag) }
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
        var step = -1
        var strideLag = -1
        r.withUnsafeBufferPointer { buffer in
            let r = buffer.baseAddress!
            func strongest(near lag: Int) -> (lag: Int, r: Double)? {
                guard lag + 3 <= maxLag + 1 else { return nil }
                var found: (lag: Int, r: Double)?
                for l in (lag - 2)...(lag + 2) where l > minLag && l <= maxLag && (found == nil || r[l] > found!.r) {
                    found = (l, r[l])
                }
                return found
            }
            AutocorrelationPeaks.forEachPeak(r, in: stepLow...strideHigh, minimum: 0.1) { lag in
                guard let double = strongest(near: 2 * lag), double.r >= 0.25, AutocorrelationPeaks.isPeak(r, double.lag)
                else { return true }
                // A weak step peak counts when a strong stride confirms it (a watch on one wrist mostly sees the
                // arm swing, at the stride frequency).
                guard r[lag] >= Swift.max(0.25, 0.3 * r[best]) || double.r >= 0.5 else { return true }
                if let triple = strongest(near: 3 * lag), triple.r < 0.5 * r[lag] { return true }
                step = lag
                strideLag = double.lag
                return false
            }
        }
        guard step > 0 else { return }
        // The stride's lag is twice as long, so half of it is the finer step period.
        let stepLag = refined(strideLag) / 2
        let stepR = Swift.max(r[step], r[strideLag])
        f.stepPeriod = stepLag / rate
        f.stepPeriodicity = stepR
    }

    /// The period found in |a| may be a stride rather than a step: a watch on one wrist sees the arm swing once
    /// per two steps, and when the heel strikes barely show in |a| the arm swing's period wins. The body's
    /// vertical bounce and the heel strikes repeat at every step, so the acceleration along gravity correlates at
    /// half a stride; at half a true step it is in anti-phase. When it correlates there
    /// (≥ ``WorkoutAnalyzerConfiguration/verticalStepPeriodicity``) and twice the frequency is still a step
    /// frequency, the step period is half the period found.
    private mutating func checkForStride(
        _ range: Range<Int>, meanAcceleration g: SIMD4<Double>, into f: inout WindowFeatures
    ) {
        let rate = configuration.binRate
        guard 2 * f.stepFrequency <= configuration.stepFrequencyRange.upperBound else { return }
        let n = range.count
        let half = f.stepPeriod * rate / 2
        let lag = Int(half.rounded())
        guard lag >= 2, lag + 1 < n / 2 else { return }
        let norm = (g.x * g.x + g.y * g.y + g.z * g.z).squareRoot()
        guard norm > 0 else { return }
        let u = g / norm
        // The projections of the bins' mean acceleration (in Double from the per-bin cache), then Σ v,
        // Σ (v − v̄)² and the lagged products each in four partial sums (lane k takes the terms at k mod 4, in
        // order), so the additions need not wait on each other.
        let lower = range.lowerBound
        let sum = moments.withSlots { cache, mask in
            vertical.withUnsafeMutableBufferPointer { vertical in
                /// The projection of bin `lower + i`, g.
                @inline(__always) func projection(_ i: Int) -> Double {
                    let p = cache[(lower &+ i) & mask].acceleration * u
                    return p.x + p.y + p.z
                }
                var sums = SIMD4<Double>.zero
                var i = 0
                while i &+ 4 <= n {
                    let four = SIMD4(projection(i), projection(i &+ 1), projection(i &+ 2), projection(i &+ 3))
                    UnsafeMutableRawPointer(vertical.baseAddress! + i).storeBytes(of: four, as: SIMD4<Double>.self)
                    sums += four
                    i &+= 4
                }
                while i < n {
                    let v = projection(i)
                    vertical[i] = v
                    sums[i & 3] += v
                    i &+= 1
                }
                return (sums[0] + sums[1]) + (sums[2] + sums[3])
            }
        }
        let mean = sum / Double(n)
        let variance = PartialSums.centre(&vertical, count: n, mean: mean) / Double(n)
        guard variance > 0 else { return }
        var best = -Double.infinity
        vertical.withUnsafeBufferPointer { vertical in
            for l in (lag - 1)...(lag + 1) {
                let c = PartialSums.laggedProducts(vertical, count: n, lag: l)
                best = Swift.max(best, c / Double(n - l) / variance)
            }
        }
        if best >= configuration.verticalStepPeriodicity { f.stepPeriod /= 2 }
    }

    /// Runs of flagged bins (merged within 0.5 s) and the calm around them: their count, the number of bins more
    /// than 0.75 s from every run, and the standard deviation of the centred |a| in those bins, g.
    private mutating func burstStatistics(_ flags: [Bool], n: Int) -> (count: Int, quiet: Int, quietDeviation: Double) {
        let merge = Int((0.5 * configuration.binRate).rounded())
        let guardBins = Int32((0.75 * configuration.binRate).rounded())
        let magnitude = magnitude
        return flags.withUnsafeBufferPointer { flags in
            burstDistance.withUnsafeMutableBufferPointer { burstDistance in
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
    }
}
