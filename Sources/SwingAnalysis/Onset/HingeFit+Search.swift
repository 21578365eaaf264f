extension HingeFit {
    /// Lattice step of ``bestHinge(tauLow:tauHigh:)``, s: every τ it tries is tauLow + n·0.01 ms, n ≥ 0.
    static let fineTauStep = 0.00001
    /// Coarse grid of ``bestHinge(tauLow:tauHigh:)`` in lattice steps: 1 ms, about five points per 200 Hz sample
    /// interval.
    static let coarseStrideInFineSteps = 100
    /// Grid around each refined coarse minimum in lattice steps (0.1 ms).
    static let middleStrideInFineSteps = 10
    /// At most this many coarse minima (the lowest estimates) are kept for refinement.
    static let maximumRefinedMinima = 8
    /// Lattice points tried around `tauHigh` with m = 1 when no fit is finite on the coarse grid (0.25 ms).
    static let fallbackFineSteps = 25

    /// The hinge time with the smallest residual over the lattice tauLow + n·0.01 ms in [tauLow, tauHigh] (s,
    /// recording clock), with about a quarter of the fits of a 0.25 ms grid:
    ///
    /// 1. Every exponent on the coarse grid n = 0, 100, 200, … (1 ms, about five points per 200 Hz sample interval).
    /// 2. Each local minimum of one exponent's coarse residual is a candidate, ranked by an estimate of how low that
    ///    residual can get nearby: the parabola through the minimum and its two neighbours falls to `vertex`; the
    ///    estimate is `vertex − 2·(coarse value − vertex)` (one finite neighbour: the coarse value minus its rise
    ///    to that neighbour; none: −∞).
    /// 3. Candidates in increasing order of estimate (at most ``maximumRefinedMinima``), while the estimate is at
    ///    most the best residual found so far: the candidate's exponent on a 0.1 ms grid over ±1 ms, then a walk on
    ///    the 0.01 ms lattice from the lowest of those points to that exponent's local minimum (earlier τ first).
    /// Every evaluation updates the best over all five exponents.
    ///
    /// Why the 1 ms grid does not lose the minimum that a 0.25 ms grid finds: between sample times the set of
    /// samples after τ is fixed and each residual is smooth in τ; at a sample time it stays continuous and, for
    /// m ≥ 1.5 (d^m is C¹ at d = 0), differentiable. A basin narrower than the 5 ms sample spacing can therefore only
    /// come from the corner that m = 1 has at every sample time: a convex corner is a minimum exactly at the sample
    /// time; a concave one splits a basin into two minima, one on each side (0.4–0.8 ms from the sample time where
    /// measured), closer together than a coarse step — hence the 0.1 ms grid before the lattice walk. What a coarse
    /// grid does lose is the ranking: the minima are sharp parabolas (the residual up to 35 % higher 0.5 ms away),
    /// so two exponents whose minima are within a few per cent but 5–8 ms apart can swap places on coarse samples;
    /// the estimate, with twice the interpolated drop as margin, refines both. Measured against an exhaustive
    /// 0.01 ms search (every exponent at every lattice point) on 1,209 swing windows of simulated recordings (four
    /// sports, default and noisy sensors) and 528 synthetic windows with leading powers between the fitted ones:
    /// refining only the best coarse point misses 22 + 16 (by up to 8.4 ms), ranking by the vertex without margin
    /// 3, a margin of half the drop none, this search none (the former 0.25 ms grid one synthetic window; it also
    /// stops 5.4 ms off the minimum on one swing of the accuracy tests' softball sessions).
    ///
    /// Ties keep the earlier τ and the smaller exponent. When no fit is finite on the coarse grid the search keeps
    /// m = 1 and the smallest finite residual of τ = tauHigh − k·0.01 ms, k = 25…0 (the earlier τ on ties), else
    /// returns `tauHigh`. A pure function of the samples, the reference time, tauLow and tauHigh; no allocation (the
    /// candidate list lives on the stack).
    /// - Returns: τ in s and the exponent index e (m = 1 + e/2).
    func bestHinge(tauLow: Double, tauHigh: Double) -> (tau: Double, exponent: Int) {
        precondition(tauLow.isFinite && tauHigh.isFinite, "bestHinge needs finite τ bounds")
        guard tauLow <= tauHigh else { return (tauHigh, 0) }
        guard let best = search(tauLow: tauLow, tauHigh: tauHigh, refiningEveryExponent: false) else {
            return fallback(tauLow: tauLow, tauHigh: tauHigh)
        }
        return (tauLow + Double(best.index) * Self.fineTauStep, best.exponent)
    }

    /// Steps 1–3 of ``bestHinge(tauLow:tauHigh:)`` (tauLow ≤ tauHigh); nil when no fit is finite on the coarse
    /// grid. With `refiningEveryExponent`, a fourth step refines, for every exponent whose candidates step 3 left
    /// alone, its lowest point so far in the same way (0.1 ms grid over ±1 ms, then the lattice walk), so that
    /// ``HingeSearchBest/exponentErrors`` holds each exponent's own minimum (the overall best is unchanged or lower;
    /// ``HingeSearchBest/singleFitIndex`` keeps step 3's, so one search serves the single best fit and the exponent
    /// average alike).
    func search(tauLow: Double, tauHigh: Double, refiningEveryExponent: Bool) -> HingeSearchBest? {
        let step = Self.fineTauStep
        let stride = Self.coarseStrideInFineSteps
        // Last lattice index inside the range (the quotient can round either way).
        var lastIndex = Int(((tauHigh - tauLow) / step).rounded(.down))
        while lastIndex > 0, tauLow + Double(lastIndex) * step > tauHigh { lastIndex -= 1 }
        while tauLow + Double(lastIndex + 1) * step <= tauHigh { lastIndex += 1 }
        return withUnsafeTemporaryAllocation(of: HingeSearchCandidate.self, capacity: Self.maximumRefinedMinima) {
            candidates in
            var best = HingeSearchBest()
            var candidateCount = 0
            // 1–2: coarse grid, streaming: row k is judged once row k + 1 is known. The rows are evaluated four at a
            // time (folded into `best` in index order as they are).
            var batch = HingeErrorBatch()
            func coarseErrors(_ index: Int) -> SIMD8<Double> {
                if !batch.holds(index) {
                    let count = Swift.min(4, (lastIndex - index) / stride + 1)
                    let indices = SIMD4<Int>(0, 1, 2, 3) &* stride &+ index
                    batch = evaluate(indices, count: count, tauLow: tauLow, best: &best)
                }
                return batch[index]
            }
            var left = SIMD8<Double>(repeating: .infinity)
            var middle = coarseErrors(0)
            var coarse = 0
            while true {
                let next = coarse + stride
                let right = next <= lastIndex ? coarseErrors(next) : SIMD8<Double>(repeating: .infinity)
                for e in 0..<Self.exponentCount {
                    guard let candidate = HingeSearchCandidate(
                        left: left[e], middle: middle[e], right: right[e], coarseIndex: coarse, exponent: e)
                    else { continue }
                    Self.insert(candidate, into: candidates, count: &candidateCount)
                }
                guard next <= lastIndex else { break }
                (left, middle, coarse) = (middle, right, next)
            }
            guard best.error.isFinite else { return nil }
            // 3: refine the candidates that could still beat the best.
            var refined = SIMD8<Int>.zero
            for i in 0..<candidateCount where candidates[i].estimate <= best.error {
                refine(candidates[i], lastIndex: lastIndex, tauLow: tauLow, best: &best)
                refined[candidates[i].exponent] = 1
            }
            (best.singleFitIndex, best.singleFitExponent) = (best.index, best.exponent)
            // 4: every other exponent's own minimum.
            if refiningEveryExponent {
                for e in 0..<Self.exponentCount where refined[e] == 0 && best.exponentErrors[e].isFinite {
                    let candidate = HingeSearchCandidate(
                        index: best.exponentIndices[e], error: best.exponentErrors[e], exponent: e)
                    refine(candidate, lastIndex: lastIndex, tauLow: tauLow, best: &best)
                }
            }
            return best
        }
    }

    /// Residuals at the first `count` (1…4) lattice points of `indices` in one pass (``errors(taus:)``), folded into
    /// `best` in that order: the same as evaluating them one by one.
    private func evaluate(
        _ indices: SIMD4<Int>, count: Int, tauLow: Double, best: inout HingeSearchBest
    ) -> HingeErrorBatch {
        let batch = errors(indices, count: count, tauLow: tauLow)
        for k in 0..<count { best.consider(batch.errors(at: k), index: indices[k]) }
        return batch
    }

    /// Residuals at the first `count` (1…4) lattice points of `indices` in one pass, not folded into any best.
    private func errors(_ indices: SIMD4<Int>, count: Int, tauLow: Double) -> HingeErrorBatch {
        var taus = SIMD4<Double>.zero
        for k in 0..<4 { taus[k] = tauLow + Double(indices[Swift.min(k, count - 1)]) * Self.fineTauStep }
        let (e0, e1, e2, e3) = errors(taus: taus)
        return HingeErrorBatch(indices: indices, count: count, errors: (e0, e1, e2, e3))
    }

    /// Refines one coarse minimum: its exponent on a 0.1 ms grid over ±1 coarse step (every exponent updates the
    /// best), then a walk on the 0.01 ms lattice from the lowest of those points to the local minimum.
    private func refine(
        _ candidate: HingeSearchCandidate, lastIndex: Int, tauLow: Double, best: inout HingeSearchBest
    ) {
        let e = candidate.exponent
        let coarseStride = Self.coarseStrideInFineSteps
        let middleStride = Self.middleStrideInFineSteps
        var index = candidate.coarseIndex
        var value = candidate.coarseError
        // The grid points inside the range, evaluated four at a time, in order.
        var points = SIMD4<Int>.zero
        var pointCount = 0
        func evaluatePoints() {
            let batch = evaluate(points, count: pointCount, tauLow: tauLow, best: &best)
            for k in 0..<pointCount {
                let (point, error) = (points[k], batch.errors(at: k)[e])
                if error < value || (error == value && point < index) { (index, value) = (point, error) }
            }
            pointCount = 0
        }
        var offset = -coarseStride
        while offset <= coarseStride {
            let point = candidate.coarseIndex + offset
            if offset != 0, point >= 0, point <= lastIndex {
                points[pointCount] = point
                pointCount += 1
                if pointCount == 4 { evaluatePoints() }
            }
            offset += middleStride
        }
        if pointCount > 0 { evaluatePoints() }
        // Earlier τ first (a tie steps on); only when that takes no step, later τ (only a lower residual steps on).
        let stepsBack = walk(
            from: index, value: value, direction: -1, exponent: e, stepsOnTie: true, lastIndex: lastIndex,
            tauLow: tauLow, best: &best)
        guard stepsBack == 0 else { return }
        walk(
            from: index, value: value, direction: 1, exponent: e, stepsOnTie: false, lastIndex: lastIndex,
            tauLow: tauLow, best: &best)
    }

    /// Walks exponent `e`'s residual on the 0.01 ms lattice from `start` (residual `value`) one step at a time in
    /// `direction` (−1 or +1), while the next point is lower (or equal, with `stepsOnTie`), for at most two 0.1 ms
    /// grid steps; every point it evaluates updates `best`. Returns the number of steps taken.
    ///
    /// It looks four points ahead at a time (one pass, ``errors(taus:)``) but takes them one by one: only the points
    /// the walk reaches are folded into `best`, so it ends where a step-by-step walk ends.
    @discardableResult
    private func walk(
        from start: Int, value: Double, direction: Int, exponent e: Int, stepsOnTie: Bool, lastIndex: Int,
        tauLow: Double, best: inout HingeSearchBest
    ) -> Int {
        let maximumSteps = 2 * Self.middleStrideInFineSteps
        var (index, value, steps) = (start, value, 0)
        var ahead = HingeErrorBatch()
        while steps < maximumSteps {
            let room = direction < 0 ? index : lastIndex - index
            guard room > 0 else { break }
            let next = index + direction
            if !ahead.holds(next) {
                let count = Swift.min(4, room, maximumSteps - steps)
                ahead = errors(SIMD4<Int>(1, 2, 3, 4) &* direction &+ index, count: count, tauLow: tauLow)
            }
            let nextErrors = ahead[next]
            best.consider(nextErrors, index: next)
            let nextValue = nextErrors[e]
            guard nextValue < value || (stepsOnTie && nextValue == value) else { break }
            (index, value) = (next, nextValue)
            steps += 1
        }
        return steps
    }

    /// No finite fit on the coarse grid: m = 1 at tauHigh − k·0.01 ms, k = 25…0, inside the range.
    func fallback(tauLow: Double, tauHigh: Double) -> (tau: Double, exponent: Int) {
        var bestTau = tauHigh
        var bestError = Double.infinity
        for k in (0...Self.fallbackFineSteps).reversed() {
            let candidate = tauHigh - Double(k) * Self.fineTauStep
            guard candidate >= tauLow else { continue }
            let error = errors(tau: candidate)[0]
            if error < bestError { (bestError, bestTau) = (error, candidate) }
        }
        return (bestTau, 0)
    }

    /// Keeps the `maximumRefinedMinima` candidates with the lowest estimates, sorted (ties: earlier coarse point,
    /// then smaller exponent, i.e. insertion order).
    @inline(__always)
    private static func insert(
        _ candidate: HingeSearchCandidate, into candidates: UnsafeMutableBufferPointer<HingeSearchCandidate>,
        count: inout Int
    ) {
        var position = count
        while position > 0, candidates[position - 1].estimate > candidate.estimate { position -= 1 }
        guard position < candidates.count else { return }
        if count < candidates.count {
            candidates.initializeElement(at: count, to: candidate)
            count += 1
        }
        var i = count - 1
        while i > position {
            candidates[i] = candidates[i - 1]
            i -= 1
        }
        candidates[position] = candidate
    }
}

/// Residuals of up to four lattice points evaluated together (``HingeFit/errors(taus:)``).
struct HingeErrorBatch {
    /// Lattice indices; the first ``count`` are valid.
    var indices = SIMD4<Int>(repeating: -1)
    var count = 0
    var errors = (SIMD8<Double>.zero, SIMD8<Double>.zero, SIMD8<Double>.zero, SIMD8<Double>.zero)

    /// The residuals of point `k` (0 ..< count).
    @inline(__always)
    func errors(at k: Int) -> SIMD8<Double> {
        switch k {
        case 0: errors.0
        case 1: errors.1
        case 2: errors.2
        default: errors.3
        }
    }

    /// Whether lattice point `index` is among the valid ones.
    @inline(__always)
    func holds(_ index: Int) -> Bool { (0..<count).contains { indices[$0] == index } }

    /// The residuals of lattice point `index`, which the batch holds.
    @inline(__always)
    subscript(index: Int) -> SIMD8<Double> {
        errors(at: (0..<count).first { indices[$0] == index }!)
    }
}

/// The best lattice point so far in ``HingeFit/bestHinge(tauLow:tauHigh:)``: smallest residual, ties to the
/// smaller index (earlier τ), then the smaller exponent; and the same for each exponent on its own.
struct HingeSearchBest {
    var error = Double.infinity
    var index = Int.max
    var exponent = 0
    /// Per exponent (lane e for m = 1 + e/2): the smallest residual evaluated and its lattice index (ties: the
    /// smaller index). Lanes 5…7 unused.
    var exponentErrors = SIMD8<Double>(repeating: .infinity)
    var exponentIndices = SIMD8<Int>(repeating: .max)
    /// The overall best (lattice index, exponent) after step 3 of ``HingeFit/search(tauLow:tauHigh:refiningEveryExponent:)``,
    /// before step 4 refines every exponent: ``HingeFit/bestHinge(tauLow:tauHigh:)``'s answer.
    var singleFitIndex = Int.max
    var singleFitExponent = 0

    @inline(__always)
    mutating func consider(_ errors: SIMD8<Double>, index: Int) {
        for e in 0..<HingeFit.exponentCount {
            let value = errors[e]
            if value < exponentErrors[e] || (value == exponentErrors[e] && value.isFinite && index < exponentIndices[e]) {
                (exponentErrors[e], exponentIndices[e]) = (value, index)
            }
            if value < error || (value == error && value.isFinite && (index, e) < (self.index, exponent)) {
                (error, self.index, exponent) = (value, index, e)
            }
        }
    }
}

/// A local minimum of one exponent's residual on the coarse grid of ``HingeFit/bestHinge(tauLow:tauHigh:)``.
struct HingeSearchCandidate {
    /// How low this exponent's residual may get within one coarse step (see ``HingeFit/bestHinge(tauLow:tauHigh:)``).
    var estimate: Double
    var coarseIndex: Int
    var coarseError: Double
    var exponent: Int

    /// A point to refine as it is (step 4 of ``HingeFit/search(tauLow:tauHigh:refiningEveryExponent:)``).
    init(index: Int, error: Double, exponent: Int) {
        (estimate, coarseIndex, coarseError, self.exponent) = (error, index, error, exponent)
    }

    /// nil unless `middle` is finite and no larger than its neighbours (+∞ where there is none).
    @inline(__always)
    init?(left: Double, middle: Double, right: Double, coarseIndex: Int, exponent: Int) {
        guard middle.isFinite, left >= middle, right >= middle else { return nil }
        self.coarseIndex = coarseIndex
        self.coarseError = middle
        self.exponent = exponent
        switch (left.isFinite, right.isFinite) {
        case (true, true):
            let curvature = left - 2 * middle + right
            if curvature > 0 {
                let drop = (left - right) * (left - right) / (8 * curvature)
                estimate = middle - 3 * drop
            } else {
                estimate = middle
            }
        case (true, false):
            estimate = 2 * middle - left
        case (false, true):
            estimate = 2 * middle - right
        case (false, false):
            estimate = -.infinity
        }
    }
}
