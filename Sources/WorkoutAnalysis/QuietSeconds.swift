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
struct QuietSeconds: Sendable {
    let binsPerSecond: Int
    private let spreadLimit: Double
    private let vibrationLimit: Double
    /// Whether the second starting at bin `firsts[k]` is still, by slot `first / binsPerSecond & mask`: an 8 s
    /// window that slides by 1 s tests each second 8 times, and a second's bins are final once a window holds them.
    private var firsts: [Int]
    private var still: [Bool]
    private let mask: Int

    /// - Parameters:
    ///   - windowBins: the longest window, bins.
    ///   - maximumDeviation: the stationary |a| deviation, g; `maximumVibration`: the stationary vibration, g.
    init(windowBins: Int, binsPerSecond: Int, maximumDeviation: Double, maximumVibration: Double) {
        self.binsPerSecond = binsPerSecond
        spreadLimit = 3 * maximumDeviation * maximumDeviation
        vibrationLimit = maximumVibration * maximumVibration
        var c = 1
        while c < windowBins / Swift.max(1, binsPerSecond) + 2 { c <<= 1 }
        mask = c - 1
        firsts = Array(repeating: Int.min, count: c)
        still = Array(repeating: false, count: c)
    }

    /// - Parameters:
    ///   - moments: the window's bins (``BinMoments``), holding every bin of `range`, all final.
    ///   - range: the window's bins; its whole seconds of `binsPerSecond` bins are tested from its first bin.
    /// - Returns: still seconds / whole seconds (0 when the window holds no whole second).
    mutating func fraction(moments: BinMoments, range: Range<Int>) -> Double {
        let b = binsPerSecond
        let seconds = range.count / b
        guard seconds > 0, b >= 2 else { return 0 }
        var count = 0
        // The window's whole seconds start at its first bin, b bins apart: the slot of each is one more than the
        // previous one's (one division per window).
        let firstSlot = MotionBins.second(of: range.lowerBound, binsPerSecond: b)
        for second in 0..<seconds {
            let first = range.lowerBound &+ second &* b
            let k = (firstSlot &+ second) & mask
            if firsts[k] != first {
                still[k] = isStill(moments: moments, first: first)
                firsts[k] = first
            }
            if still[k] { count &+= 1 }
        }
        return Double(count) / Double(seconds)
    }

    /// Whether the `binsPerSecond` bins from `first` are still.
    private func isStill(moments: BinMoments, first: Int) -> Bool {
        let b = binsPerSecond
        let m = Double(b)
        return moments.withSlots { cache, mask in
            var sum = SIMD4<Double>.zero
            var squares = 0.0, variance = 0.0, varianceBins = 0, gaps = 0
            for bin in first..<(first &+ b) {
                let c = cache[bin & mask]
                if c.isGap { gaps &+= 1 }
                sum += c.acceleration
                squares += c.products[0] + c.products[1] + c.products[2]
                if c.count >= 3 {
                    variance += c.magnitudeVariance
                    varianceBins &+= 1
                }
            }
            let mean = sum / m
            let spread = squares / m - (mean.x * mean.x + mean.y * mean.y + mean.z * mean.z)
            let vibrates = varianceBins > 0 && variance / Double(varianceBins) >= vibrationLimit
            return gaps == 0 && spread < spreadLimit && !vibrates
        }
    }
}
