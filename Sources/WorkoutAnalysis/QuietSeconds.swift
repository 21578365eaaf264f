/// How much of a window the wrist is still: the fraction of the window's whole seconds in which the binned
/// acceleration vector hardly moves and nothing vibrates.
///
/// A person standing or sitting who claps, gestures, scratches or glances at the watch between rests is not going
/// anywhere, and `CMMotionActivity` calls that stationary. An 8 s window that holds a 2–5 s burst of such motion
/// has an |a| deviation far above the noise floor, so the window-wide stationary test fails although most of the
/// window is rest. Counting the still seconds keeps that information. A second is still when
/// - the binned acceleration vector's spread over the second, √(var x + var y + var z), is below √3 × the
///   stationary |a| deviation (each axis at the noise floor: a turn of the wrist moves gravity between axes, so it
///   counts even when |a| stays at 1 g), and
/// - its bins' mean within-bin |a| variance (at inputs of 75 Hz and more, 3 samples a bin) is below the stationary
///   vibration squared: road vibration under a handlebar keeps the binned vector still at 800 Hz but not the
///   samples within a bin. Below 75 Hz the vibration aliases into the binned vector itself.
enum QuietSeconds {
    /// - Parameters:
    ///   - moments: the window's bins (``BinMoments``), holding every bin of `range`.
    ///   - range: the window's bins; its whole seconds of `binsPerSecond` bins are tested from its first bin.
    ///   - maximumDeviation: the stationary |a| deviation, g; `maximumVibration`: the stationary vibration, g.
    /// - Returns: still seconds / whole seconds (0 when the window holds no whole second).
    static func fraction(
        moments: BinMoments, range: Range<Int>, binsPerSecond: Int, maximumDeviation: Double,
        maximumVibration: Double
    ) -> Double {
        let seconds = range.count / binsPerSecond
        guard seconds > 0, binsPerSecond >= 2 else { return 0 }
        let spreadLimit = 3 * maximumDeviation * maximumDeviation
        let vibrationLimit = maximumVibration * maximumVibration
        let m = Double(binsPerSecond)
        return moments.withSlots { cache, mask in
            var still = 0
            for second in 0..<seconds {
                var sum = SIMD4<Double>.zero
                var squares = 0.0, variance = 0.0, varianceBins = 0, gaps = 0
                let first = range.lowerBound &+ second &* binsPerSecond
                for bin in first..<(first &+ binsPerSecond) {
                    let b = cache[bin & mask]
                    if b.isGap { gaps &+= 1 }
                    sum += b.acceleration
                    squares += b.products[0] + b.products[1] + b.products[2]
                    if b.count >= 3 {
                        variance += b.magnitudeVariance
                        varianceBins &+= 1
                    }
                }
                let mean = sum / m
                let spread = squares / m - (mean.x * mean.x + mean.y * mean.y + mean.z * mean.z)
                let vibrates = varianceBins > 0 && variance / Double(varianceBins) >= vibrationLimit
                if gaps == 0, spread < spreadLimit, !vibrates { still &+= 1 }
            }
            return Double(still) / Double(seconds)
        }
    }
}
