/// The peaks of a window's normalised autocorrelation r (indexed by lag, bins), found four lags at a time with
/// vector compares instead of a branch per lag: whether a lag is a peak depends on the data and is unpredictable,
/// so a branch per lag is mispredicted about as often as it is taken.
///
/// A lag L is a peak when r[L] ≥ r[L − 1] and r[L] > r[L + 1] (on a plateau, its last lag). Every function reads
/// r[L − 1] and r[L + 1] for the lags it is given, so r must hold the lags one below and one above them. A NaN
/// value compares neither greater nor equal, so neither it nor its neighbours are taken for peaks.
enum AutocorrelationPeaks {
    /// Whether `lag` is a peak of `r`.
    @inline(__always)
    static func isPeak(_ r: UnsafePointer<Double>, _ lag: Int) -> Bool {
        r[lag] >= r[lag &- 1] && r[lag] > r[lag &+ 1]
    }

    /// The first lag of the highest peak in `lags` (−1 when there is none): the lag a scan in lag order keeps
    /// when it replaces its best only by a strictly higher peak.
    static func highest(_ r: UnsafePointer<Double>, in lags: ClosedRange<Int>) -> Int {
        let p = UnsafeRawPointer(r)
        @inline(__always) func load(_ lag: Int) -> SIMD4<Double> {
            p.loadUnaligned(fromByteOffset: lag &* 8, as: SIMD4<Double>.self)
        }
        // The highest peak value, lane k over the lags ≡ k (mod 4) of the four-lag steps, then the rest.
        var top = SIMD4<Double>(repeating: -.infinity)
        var lag = lags.lowerBound
        while lag &+ 3 <= lags.upperBound {
            let v = load(lag)
            top.replace(with: v, where: (v .>= load(lag &- 1)) .& (v .> load(lag &+ 1)) .& (v .> top))
            lag &+= 4
        }
        var highest = Swift.max(Swift.max(top[0], top[1]), Swift.max(top[2], top[3]))  // never NaN
        while lag <= lags.upperBound {
            if isPeak(r, lag) && r[lag] > highest { highest = r[lag] }
            lag &+= 1
        }
        guard highest > -.infinity else { return -1 }
        // Its first lag, four lags at a time, then the rest: the equality is true at one lag or a few, so the
        // branch on it is predicted well.
        let h = SIMD4<Double>(repeating: highest)
        lag = lags.lowerBound
        while lag &+ 3 <= lags.upperBound {
            let v = load(lag)
            let hit = (v .== h) .& (v .>= load(lag &- 1)) .& (v .> load(lag &+ 1))
            if any(hit) {
                for k in 0..<4 where hit[k] { return lag &+ k }
            }
            lag &+= 4
        }
        while lag <= lags.upperBound {
            if r[lag] == highest && isPeak(r, lag) { return lag }
            lag &+= 1
        }
        return -1
    }

    /// Calls `body` with each peak in `lags` whose value is at least `minimum`, in lag order, until it returns
    /// `false`.
    static func forEachPeak(
        _ r: UnsafePointer<Double>, in lags: ClosedRange<Int>, minimum: Double, _ body: (Int) -> Bool
    ) {
        let p = UnsafeRawPointer(r)
        @inline(__always) func load(_ lag: Int) -> SIMD4<Double> {
            p.loadUnaligned(fromByteOffset: lag &* 8, as: SIMD4<Double>.self)
        }
        let floor = SIMD4<Double>(repeating: minimum)
        let laneBits = SIMD4<Int64>(1, 2, 4, 8)
        var base = lags.lowerBound
        // Up to 64 lags at a time: one bit per lag, then only the set bits are visited.
        while base <= lags.upperBound {
            let end = Swift.min(lags.upperBound &+ 1, base &+ 64)
            var bits: UInt64 = 0
            var lag = base
            while lag &+ 4 <= end {
                let v = load(lag)
                let peak = (v .>= load(lag &- 1)) .& (v .> load(lag &+ 1)) .& (v .>= floor)
                let four = SIMD4<Int64>.zero.replacing(with: laneBits, where: peak).wrappedSum()
                bits |= UInt64(truncatingIfNeeded: four) &<< UInt64(lag &- base)
                lag &+= 4
            }
            while lag < end {
                let peak = isPeak(r, lag) && r[lag] >= minimum
                bits |= (peak ? 1 : 0) &<< UInt64(lag &- base)
                lag &+= 1
            }
            while bits != 0 {
                guard body(base &+ bits.trailingZeroBitCount) else { return }
                bits &= bits &- 1
            }
            base = end
        }
    }
}
