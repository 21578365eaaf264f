/// Peak finding with `scipy.signal.find_peaks` semantics (scipy 1.17 `_peak_finding.py` and
/// `_peak_finding_utils.pyx`): local maxima including flat plateaus (reported at their middle), the first and last
/// samples never peaks, then filtering by plateau size, height, threshold, distance, prominence and width.
///
/// Samples are `Float` (as stored); every property is computed in `Double` from the exact sample values, so results
/// equal scipy's on the same numbers. One documented difference: when ``PeakCriteria/distance`` must choose between
/// peaks of exactly equal height, the later one wins (a stable order; numpy's unstable argsort may pick either).
/// NaN samples are never peaks or part of one (every comparison with NaN is false), as in scipy.
public enum PeakFinder {
    /// The peaks of `samples` that meet `criteria`.
    ///
    /// - Complexity: O(n) for the maxima scan plus O(p log p) for distance and O(p · w) for prominence/width,
    ///   p peaks of extent w samples.
    public static func findPeaks(in samples: UnsafeBufferPointer<Float>, criteria: PeakCriteria = PeakCriteria())
        -> Peaks
    {
        if let distance = criteria.distance { precondition(distance >= 1, "distance must be ≥ 1 sample, got \(distance)") }
        precondition(criteria.relativeHeight >= 0, "relativeHeight must be ≥ 0, got \(criteria.relativeHeight)")
        var peaks = Peaks()
        let (middles, leftEdges, rightEdges) = localMaxima(samples, edges: criteria.plateauSize != nil)
        peaks.indices = middles

        if let condition = criteria.plateauSize {
            let sizes = zip(leftEdges, rightEdges).map { $1 - $0 + 1 }
            peaks.plateauSizes = sizes
            peaks.leftEdges = leftEdges
            peaks.rightEdges = rightEdges
            peaks.filter(sizes.map { condition.contains(Double($0)) })
        }
        if let condition = criteria.height {
            let heights = peaks.indices.map { Double(samples[$0]) }
            peaks.heights = heights
            peaks.filter(heights.map(condition.contains))
        }
        if let condition = criteria.threshold {
            let left = peaks.indices.map { Double(samples[$0]) - Double(samples[$0 - 1]) }
            let right = peaks.indices.map { Double(samples[$0]) - Double(samples[$0 + 1]) }
            peaks.leftThresholds = left
            peaks.rightThresholds = right
            var keep = [Bool](repeating: true, count: left.count)
            for i in keep.indices {
                if let minimum = condition.minimum { keep[i] = keep[i] && minimum <= Swift.min(left[i], right[i]) }
                if let maximum = condition.maximum { keep[i] = keep[i] && Swift.max(left[i], right[i]) <= maximum }
            }
            peaks.filter(keep)
        }
        if let distance = criteria.distance {
            peaks.filter(selectByDistance(peaks.indices, samples: samples, distance: distance))
        }
        if criteria.prominence != nil || criteria.width != nil {
            let (prominences, leftBases, rightBases) = prominences(
                of: peaks.indices, in: samples, windowLength: criteria.prominenceWindowLength)
            peaks.prominences = prominences
            peaks.leftBases = leftBases
            peaks.rightBases = rightBases
        }
        if let condition = criteria.prominence {
            peaks.filter(peaks.prominences!.map(condition.contains))
        }
        if let condition = criteria.width {
            let widths = widths(
                of: peaks.indices, in: samples, relativeHeight: criteria.relativeHeight,
                prominences: peaks.prominences!, leftBases: peaks.leftBases!, rightBases: peaks.rightBases!)
            peaks.widths = widths.widths
            peaks.widthHeights = widths.heights
            peaks.leftInterpolatedPositions = widths.left
            peaks.rightInterpolatedPositions = widths.right
            peaks.filter(widths.widths.map(condition.contains))
        }
        return peaks
    }

    /// The peaks of `samples` that meet `criteria` (array convenience).
    public static func findPeaks(in samples: [Float], criteria: PeakCriteria = PeakCriteria()) -> Peaks {
        samples.withUnsafeBufferPointer { findPeaks(in: $0, criteria: criteria) }
    }

    /// scipy `_local_maxima_1d`: every sample (or flat run) strictly higher than its left neighbour and than the
    /// first differing sample to its right; the ends are excluded. Returns middles (rounded down) and run edges.
    /// Edges are collected only when `edges` is set (they are needed for plateau sizes only).
    static func localMaxima(_ x: UnsafeBufferPointer<Float>, edges: Bool = true)
        -> (middles: [Int], left: [Int], right: [Int])
    {
        var middles: [Int] = []
        var lefts: [Int] = []
        var rights: [Int] = []
        middles.reserveCapacity(x.count / 8)
        let last = x.count - 1
        var i = 1
        while i < last {
            if x[i - 1] < x[i] {
                var ahead = i + 1
                while ahead < last && x[ahead] == x[i] { ahead += 1 }
                if x[ahead] < x[i] {
                    if edges {
                        lefts.append(i)
                        rights.append(ahead - 1)
                    }
                    middles.append((i + ahead - 1) / 2)
                    i = ahead
                }
            }
            i += 1
        }
        return (middles, lefts, rights)
    }

    /// scipy `_select_by_peak_distance`: visiting peaks from highest to lowest, removes every not-yet-removed
    /// neighbour closer than `ceil(distance)` samples.
    static func selectByDistance(_ peaks: [Int], samples: UnsafeBufferPointer<Float>, distance: Double) -> [Bool] {
        let minimum = Int(distance.rounded(.up))
        var keep = [Bool](repeating: true, count: peaks.count)
        // Ascending priority, ties in index order (stable); visited from the end.
        let order = peaks.indices.sorted { a, b in
            let (ha, hb) = (samples[peaks[a]], samples[peaks[b]])
            return ha < hb || (ha == hb && a < b)
        }
        for j in order.reversed() where keep[j] {
            var k = j - 1
            while k >= 0 && peaks[j] - peaks[k] < minimum {
                keep[k] = false
                k -= 1
            }
            k = j + 1
            while k < peaks.count && peaks[k] - peaks[j] < minimum {
                keep[k] = false
                k += 1
            }
        }
        return keep
    }

    /// Topographic prominence of each peak, as `scipy.signal.peak_prominences`: from the peak, walk each way (within
    /// `windowLength` samples centred on the peak if given, > 1, rounded up) until a higher sample; the lowest
    /// sample on each side is that side's base; prominence = x[peak] − max(left base, right base).
    public static func prominences(
        of peaks: [Int], in x: UnsafeBufferPointer<Float>, windowLength: Double? = nil
    ) -> (prominences: [Double], leftBases: [Int], rightBases: [Int]) {
        var wlen = -1
        if let windowLength {
            precondition(windowLength > 1, "prominence window length must be > 1 sample, got \(windowLength)")
            wlen = Int(windowLength.rounded(.up))
        }
        var prominences = [Double](repeating: 0, count: peaks.count)
        var leftBases = [Int](repeating: 0, count: peaks.count)
        var rightBases = [Int](repeating: 0, count: peaks.count)
        for (n, peak) in peaks.enumerated() {
            precondition(peak >= 0 && peak < x.count, "peak \(peak) outside the signal")
            var iMin = 0
            var iMax = x.count - 1
            if wlen >= 2 {
                iMin = Swift.max(peak - wlen / 2, iMin)
                iMax = Swift.min(peak + wlen / 2, iMax)
            }
            let top = x[peak]
            let (leftMin, leftBase) = walkLeft(x, from: peak, to: iMin, top: top)
            let (rightMin, rightBase) = walkRight(x, from: peak, to: iMax, top: top)
            leftBases[n] = leftBase
            rightBases[n] = rightBase
            prominences[n] = Double(top) - Double(Swift.max(leftMin, rightMin))
        }
        return (prominences, leftBases, rightBases)
    }

    /// scipy's left walk of `_peak_prominences`: from `peak` down to `lowest`, while samples are ≤ `top`, the
    /// minimum and its index (the one nearest the peak among equal minima). Eight samples at a time: a chunk with
    /// nothing above `top` (and no NaN) and no new minimum is skipped with two vector comparisons; other chunks are
    /// walked one sample at a time exactly as scipy does.
    @inline(__always)
    static func walkLeft(_ x: UnsafeBufferPointer<Float>, from peak: Int, to lowest: Int, top: Float) -> (Float, Int) {
        var minimum = top
        var base = peak
        var i = peak
        let limit = SIMD8<Float>(repeating: top)
        let raw = UnsafeRawPointer(x.baseAddress!)
        while i - 7 >= lowest {
            let chunk = raw.loadUnaligned(fromByteOffset: (i - 7) * 4, as: SIMD8<Float>.self)
            // Lane-wise: not above the peak (false for NaN: the walk stops there) and not below the minimum so far.
            if all((chunk .<= limit) .& (chunk .>= SIMD8<Float>(repeating: minimum))) {
                i -= 8
                continue
            }
            for _ in 0..<8 {
                let value = x[i]
                if !(value <= top) { return (minimum, base) }
                if value < minimum {
                    minimum = value
                    base = i
                }
                i -= 1
            }
        }
        while i >= lowest {
            let value = x[i]
            if !(value <= top) { break }
            if value < minimum {
                minimum = value
                base = i
            }
            i -= 1
        }
        return (minimum, base)
    }

    /// The right-hand walk of ``walkLeft(_:from:to:top:)``, from `peak` up to `highest`.
    @inline(__always)
    static func walkRight(_ x: UnsafeBufferPointer<Float>, from peak: Int, to highest: Int, top: Float) -> (Float, Int) {
        var minimum = top
        var base = peak
        var i = peak
        let limit = SIMD8<Float>(repeating: top)
        let raw = UnsafeRawPointer(x.baseAddress!)
        while i + 7 <= highest {
            let chunk = raw.loadUnaligned(fromByteOffset: i * 4, as: SIMD8<Float>.self)
            if all((chunk .<= limit) .& (chunk .>= SIMD8<Float>(repeating: minimum))) {
                i += 8
                continue
            }
            for _ in 0..<8 {
                let value = x[i]
                if !(value <= top) { return (minimum, base) }
                if value < minimum {
                    minimum = value
                    base = i
                }
                i += 1
            }
        }
        while i <= highest {
            let value = x[i]
            if !(value <= top) { break }
            if value < minimum {
                minimum = value
                base = i
            }
            i += 1
        }
        return (minimum, base)
    }

    /// Peak widths as `scipy.signal.peak_widths`: at height `x[peak] − prominence · relativeHeight`, the
    /// interpolated positions where the signal crosses it on each side (searching no further than the bases).
    public static func widths(
        of peaks: [Int], in x: UnsafeBufferPointer<Float>, relativeHeight: Double, prominences: [Double],
        leftBases: [Int], rightBases: [Int]
    ) -> (widths: [Double], heights: [Double], left: [Double], right: [Double]) {
        var widths = [Double](repeating: 0, count: peaks.count)
        var heights = widths
        var lefts = widths
        var rights = widths
        for (p, peak) in peaks.enumerated() {
            let iMin = leftBases[p]
            let iMax = rightBases[p]
            precondition(iMin <= peak && peak <= iMax, "peak \(peak) outside its bases")
            let height = Double(x[peak]) - prominences[p] * relativeHeight
            heights[p] = height
            var i = peak
            while iMin < i && height < Double(x[i]) { i -= 1 }
            var leftPosition = Double(i)
            if Double(x[i]) < height {
                leftPosition += (height - Double(x[i])) / (Double(x[i + 1]) - Double(x[i]))
            }
            i = peak
            while i < iMax && height < Double(x[i]) { i += 1 }
            var rightPosition = Double(i)
            if Double(x[i]) < height {
                rightPosition -= (height - Double(x[i])) / (Double(x[i - 1]) - Double(x[i]))
            }
            widths[p] = rightPosition - leftPosition
            lefts[p] = leftPosition
            rights[p] = rightPosition
        }
        return (widths, heights, lefts, rights)
    }
}
