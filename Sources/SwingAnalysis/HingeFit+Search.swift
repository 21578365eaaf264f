extension HingeFit {
    /// Lattice step of ``bestHinge(tauLow:tauHigh:)``, s: every τ it tries is tauLow + n·0.01 ms, n ≥ 0.
    static let fineTauStep = 0.00001
    /// Coarse grid of ``bestHinge(tauLow:tauHigh:)`` in lattice steps: 1 ms, about five points per 200 Hz sample
    /// interval.
    static let coarseStrideInFineSteps = 100
    /// Coarse grid step of ``bestHinge(tauLow:tauHigh:)``, s (1 ms).
    static var coarseTauStep: Double { Double(coarseStrideInFineSteps) * fineTauStep }
    /// At most this many coarse minima (the lowest estimates) are kept for refinement.
    static let maximumRefinedMinima = 8
    /// Lattice points tried around `tauHigh` with m = 1 when no fit is finite on the coarse grid (0.25 ms).
    static let fallbackFineSteps = 25

    /// The hinge time with the smallest residual over the lattice tauLow + n·0.01 ms in [tauLow, tauHigh] (s,
    /// recording clock), found with about a quarter of the fits of a 0.25 ms grid:
    ///
    /// 1. Every exponent on the coarse grid n = 0, 100, 200, … (1 ms).
    /// 2. Every local minimum of one exponent's residual on that grid is a candidate, with an estimate of how low
    ///    that exponent's residual can get within one coarse step: the parabola through the minimum and its two
    ///    neighbours falls to `vertex` below it; the estimate is `vertex − 2·(coarse value − vertex)`, twice the
    ///    interpolated drop below the vertex (one-sided or missing neighbours: the coarse value minus its rise to
    ///    the finite neighbour, or −∞).
    /// 3. Candidates in increasing order of that estimate, while the estimate is at most the best residual found so
    ///    far (at most ``maximumRefinedMinima``): from the lattice point nearest the vertex, walk on the 0.01 ms
    ///    lattice to the local minimum of that exponent (first to earlier τ, else to later τ, at most two coarse
    ///    steps).
    /// Every evaluation updates the best over all five exponents.
    ///
    /// Why 1 ms cannot miss the minimum that a 0.25 ms grid (or an exhaustive 0.01 ms search) finds: between sample
    /// times the set of samples after τ is fixed and each residual is a smooth function of τ; at a sample time it
    /// stays continuous and, for m ≥ 1.5 (d^m is C¹ at d = 0), smooth to first order. Only m = 1 has a kink there,
    /// so a minimum narrower than the 5 ms sample spacing can only sit at a sample time (within 0.005 ms of a
    /// lattice point), on lane 0. Measured on 1,200 simulated swings (four sports, default and noisy sensors), the
    /// minima are parabolas ≈ 0.8–3 ms wide (the residual doubles 1–3 ms away from its minimum), the coarse
    /// parabola predicts each one's depth within a fraction of the drop, and the search returns the exhaustive
    /// lattice minimum (τ and exponent) for every swing; what a coarser grid loses is the ranking of near-equal
    /// exponents whose coarse samples fall up to 0.5 ms from their minima (a 35 % excess on the sharpest), which
    /// the per-exponent refinement restores.
    ///
    /// Ties keep the earlier τ and the smaller exponent. When no fit is finite on the coarse grid the search keeps
    /// m = 1 and the smallest finite residual of τ = tauHigh − k·0.01 ms, k = 25…0 (the earlier τ on ties), else
    /// returns `tauHigh`. A pure function of the samples, the reference time, tauLow and tauHigh; no allocation (the
    /// candidate list lives on the stack).
    /// - Returns: τ in s and the exponent index e (m = 1 + e/2).
    func bestHinge(tauLow: Double, tauHigh: Double) -> (tau: Double, exponent: Int) {
        precondition(tauLow.isFinite && tauHigh.isFinite, "bestHinge needs finite τ bounds")
        guard tauLow <= tauHigh else { return (tauHigh, 0) }
        let step = Self.fineTauStep
        let stride = Self.coarseStrideInFineSteps
        // Last lattice index inside the range (the quotient can round either way).
        var lastIndex = Int(((tauHigh - tauLow) / step).rounded(.down))
        while lastIndex > 0, tauLow + Double(lastIndex) * step > tauHigh { lastIndex -= 1 }
        while tauLow + Double(lastIndex + 1) * step <= tauHigh { lastIndex += 1 }
        var best = HingeSearchBest()
        return withUnsafeTemporaryAllocation(of: HingeSearchCandidate.self, capacity: Self.maximumRefinedMinima) {
            candidates in
            var candidateCount = 0
            // 1–2: coarse grid, streaming: row k is judged once row k + 1 is known.
            var left = SIMD8<Double>(repeating: .infinity)
            var middle = evaluate(0, tauLow: tauLow, best: &best)
            var coarse = 0
            while true {
                let next = coarse + stride
                let right =
                    next <= lastIndex
                    ? evaluate(next, tauLow: tauLow, best: &best) : SIMD8<Double>(repeating: .infinity)
                for e in 0..<Self.exponentCount {
                    guard let candidate = HingeSearchCandidate(
                        left: left[e], middle: middle[e], right: right[e], coarseIndex: coarse, exponent: e,
                        stride: stride)
                    else { continue }
                    Self.insert(candidate, into: candidates, count: &candidateCount)
                }
                guard next <= lastIndex else { break }
                (left, middle, coarse) = (middle, right, next)
            }
            guard best.error.isFinite else {
                return fallback(tauLow: tauLow, tauHigh: tauHigh)
            }
            // 3: refine the candidates that could still beat the best.
            for i in 0..<candidateCount where candidates[i].estimate <= best.error {
                refine(candidates[i], lastIndex: lastIndex, tauLow: tauLow, best: &best)
            }
            return (tauLow + Double(best.index) * step, best.exponent)
        }
    }

    /// Residuals at lattice point `index`, folded into `best`.
    @inline(__always)
    private func evaluate(_ index: Int, tauLow: Double, best: inout HingeSearchBest) -> SIMD8<Double> {
        let errors = errors(tau: tauLow + Double(index) * Self.fineTauStep)
        best.consider(errors, index: index)
        return errors
    }

    /// Walks from the candidate's vertex to the local minimum of its exponent on the lattice.
    private func refine(
        _ candidate: HingeSearchCandidate, lastIndex: Int, tauLow: Double, best: inout HingeSearchBest
    ) {
        let e = candidate.exponent
        var index = Swift.min(Swift.max(candidate.startIndex, 0), lastIndex)
        var value = candidate.coarseError
        if index != candidate.coarseIndex {
            value = evaluate(index, tauLow: tauLow, best: &best)[e]
            if !value.isFinite { (index, value) = (candidate.coarseIndex, candidate.coarseError) }
        }
        let maximumSteps = 2 * Self.coarseStrideInFineSteps
        var steps = 0
        while index > 0, steps < maximumSteps {
            let earlier = evaluate(index - 1, tauLow: tauLow, best: &best)[e]
            guard earlier <= value else { break }
            (index, value) = (index - 1, earlier)
            steps += 1
        }
        guard steps == 0 else { return }
        while index < lastIndex, steps < maximumSteps {
            let later = evaluate(index + 1, tauLow: tauLow, best: &best)[e]
            guard later < value else { break }
            (index, value) = (index + 1, later)
            steps += 1
        }
    }

    /// No finite fit on the coarse grid: m = 1 at tauHigh − k·0.01 ms, k = 25…0, inside the range.
    private func fallback(tauLow: Double, tauHigh: Double) -> (tau: Double, exponent: Int) {
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

/// The best lattice point so far in ``HingeFit/bestHinge(tauLow:tauHigh:)``: smallest residual, ties to the
/// smaller index (earlier τ), then the smaller exponent.
struct HingeSearchBest {
    var error = Double.infinity
    var index = Int.max
    var exponent = 0

    @inline(__always)
    mutating func consider(_ errors: SIMD8<Double>, index: Int) {
        for e in 0..<HingeFit.exponentCount {
            let value = errors[e]
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
    /// Lattice index nearest the interpolated vertex.
    var startIndex: Int
    var coarseIndex: Int
    var coarseError: Double
    var exponent: Int

    /// nil unless `middle` is finite and no larger than its neighbours (+∞ where there is none).
    @inline(__always)
    init?(left: Double, middle: Double, right: Double, coarseIndex: Int, exponent: Int, stride: Int) {
        guard middle.isFinite, left >= middle, right >= middle else { return nil }
        self.coarseIndex = coarseIndex
        self.coarseError = middle
        self.exponent = exponent
        var offset = 0.0  // vertex − coarse point, coarse steps
        switch (left.isFinite, right.isFinite) {
        case (true, true):
            let curvature = left - 2 * middle + right
            if curvature > 0 {
                offset = 0.5 * (left - right) / curvature
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
        startIndex = coarseIndex + Int((offset * Double(stride) + 0.5).rounded(.down))
    }
}
