extension ZerosPolesGain {
    /// `zpk2sos(z, p, k, pairing='nearest')` for a digital filter: pairs each pole (closest to the unit circle
    /// last) with its nearest zero, producing the same sections in the same order as scipy, with the gain in
    /// the first section.
    func secondOrderSections() -> SecondOrderSections {
        var z = zeros
        var p = poles
        if z.isEmpty && p.isEmpty {
            return SecondOrderSections(sections: [Biquad(b0: gain, b1: 0, b2: 0, a1: 0, a2: 0)])
        }
        if z.count < p.count { z += Array(repeating: FilterDesignComplex(0), count: p.count - z.count) }
        if p.count < z.count { p += Array(repeating: FilterDesignComplex(0), count: z.count - p.count) }
        let sectionCount = (max(p.count, z.count) + 1) / 2
        if p.count % 2 == 1 {
            p.append(FilterDesignComplex(0))
            z.append(FilterDesignComplex(0))
        }
        z = Self.conjugatePairsThenReals(z)
        p = Self.conjugatePairsThenReals(p)

        var sections = Array(repeating: Biquad.identity, count: sectionCount)
        for index in stride(from: sectionCount - 1, through: 0, by: -1) {
            let p1 = p.remove(at: Self.indexClosestToUnitCircle(p))
            let remainingRealPoles = p.count { $0.isReal }
            if p1.isReal && remainingRealPoles == 0 {
                // Last remaining real pole: first-order section padded with a pole and a zero at the origin.
                let z1 = z.remove(at: Self.nearestIndex(in: z, to: p1, kind: .real))
                sections[index] = Self.section(zeros: [z1, FilterDesignComplex(0)], poles: [p1, FilterDesignComplex(0)])
            } else if p.count + 1 == z.count && !p1.isReal && remainingRealPoles == 1
                && z.count(where: { $0.isReal }) == 1
            {
                // One real pole and one real zero left: this complex pole must take a complex zero.
                let z1 = z.remove(at: Self.nearestIndex(in: z, to: p1, kind: .complex))
                sections[index] = Self.section(zeros: [z1, z1.conjugate], poles: [p1, p1.conjugate])
            } else {
                let p2: FilterDesignComplex
                if p1.isReal {
                    let realIndices = p.indices.filter { p[$0].isReal }
                    let worst = Self.indexClosestToUnitCircle(realIndices.map { p[$0] })
                    p2 = p.remove(at: realIndices[worst])
                } else {
                    p2 = p1.conjugate
                }
                if !z.isEmpty {
                    let z1 = z.remove(at: Self.nearestIndex(in: z, to: p1, kind: .any))
                    if !z1.isReal {
                        sections[index] = Self.section(zeros: [z1, z1.conjugate], poles: [p1, p2])
                    } else if !z.isEmpty {
                        let z2 = z.remove(at: Self.nearestIndex(in: z, to: p1, kind: .real))
                        sections[index] = Self.section(zeros: [z1, z2], poles: [p1, p2])
                    } else {
                        sections[index] = Self.section(zeros: [z1], poles: [p1, p2])
                    }
                } else {
                    sections[index] = Self.section(zeros: [], poles: [p1, p2])
                }
            }
        }
        precondition(p.isEmpty && z.isEmpty, "zpk2sos: all poles and zeros must be consumed")
        sections[0].b0 *= gain
        sections[0].b1 *= gain
        sections[0].b2 *= gain
        return SecondOrderSections(sections: sections)
    }

    enum RootKind { case real, complex, any }

    /// `_nearest_real_complex_idx`: the index of the value of `kind` nearest to `target` (first on ties).
    static func nearestIndex(in values: [FilterDesignComplex], to target: FilterDesignComplex, kind: RootKind) -> Int {
        var best: Int? = nil
        var bestDistance = Double.infinity
        for (index, value) in values.enumerated() {
            switch kind {
            case .real where !value.isReal, .complex where value.isReal: continue
            default: break
            }
            let distance = (value - target).magnitude
            if best == nil || distance < bestDistance {
                best = index
                bestDistance = distance
            }
        }
        guard let best else { preconditionFailure("zpk2sos: no \(kind) root left to pair") }
        return best
    }

    /// `argmin(abs(1 - abs(p)))`: the pole closest to the unit circle (first on ties).
    static func indexClosestToUnitCircle(_ values: [FilterDesignComplex]) -> Int {
        var best = 0
        var bestDistance = Double.infinity
        for (index, value) in values.enumerated() {
            let distance = abs(1 - value.magnitude)
            if distance < bestDistance {
                best = index
                bestDistance = distance
            }
        }
        return best
    }

    /// `np.concatenate(_cplxreal(z))`: one member (positive imaginary part, pair averaged) of each conjugate
    /// pair sorted by real part then |imaginary part|, followed by the real values sorted.
    static func conjugatePairsThenReals(_ values: [FilterDesignComplex]) -> [FilterDesignComplex] {
        if values.isEmpty { return values }
        let tolerance = 100 * Double.ulpOfOne
        let sorted = values.enumerated().sorted { l, r in
            if l.element.real != r.element.real { return l.element.real < r.element.real }
            if abs(l.element.imaginary) != abs(r.element.imaginary) {
                return abs(l.element.imaginary) < abs(r.element.imaginary)
            }
            return l.offset < r.offset
        }.map(\.element)
        let isRealEnough = { (z: FilterDesignComplex) in abs(z.imaginary) <= tolerance * z.magnitude }
        let reals = sorted.filter(isRealEnough).map { FilterDesignComplex($0.real) }
        let complexes = sorted.filter { !isRealEnough($0) }
        if complexes.isEmpty { return reals }
        var positive = complexes.filter { $0.imaginary > 0 }
        var negative = complexes.filter { $0.imaginary < 0 }
        precondition(positive.count == negative.count, "complex value with no matching conjugate")
        // Within runs of equal real part, order each half by |imaginary part| (stable).
        var start = 0
        while start < positive.count {
            var stop = start + 1
            while stop < positive.count
                && positive[stop].real - positive[stop - 1].real <= tolerance * positive[stop - 1].magnitude
            {
                stop += 1
            }
            if stop - start > 1 {
                for half in [0, 1] {
                    let chunk = half == 0 ? Array(positive[start..<stop]) : Array(negative[start..<stop])
                    let ordered = chunk.enumerated().sorted { l, r in
                        abs(l.element.imaginary) != abs(r.element.imaginary)
                            ? abs(l.element.imaginary) < abs(r.element.imaginary) : l.offset < r.offset
                    }.map(\.element)
                    if half == 0 { positive.replaceSubrange(start..<stop, with: ordered) } else {
                        negative.replaceSubrange(start..<stop, with: ordered)
                    }
                }
            }
            start = stop
        }
        let pairs = zip(positive, negative).map { FilterDesignComplex(($0.real + $1.real) / 2, ($0.imaginary - $1.imaginary) / 2) }
        return pairs + reals
    }

    /// `_single_zpksos(z, p, 1)`: the section with up to two zeros and two poles, right-aligned as scipy does
    /// (a single zero gives `b0 = 0`).
    static func section(zeros: [FilterDesignComplex], poles: [FilterDesignComplex]) -> Biquad {
        let b = polynomial(zeros)
        let a = polynomial(poles)
        var row = [Double](repeating: 0, count: 6)
        for (offset, value) in b.enumerated() { row[3 - b.count + offset] = value }
        for (offset, value) in a.enumerated() { row[6 - a.count + offset] = value }
        precondition(row[3] == 1, "zpk2sos: a section needs two poles")
        return Biquad(b0: row[0], b1: row[1], b2: row[2], a1: row[4], a2: row[5])
    }

    /// `np.poly`: monic polynomial coefficients (highest power first) with the given roots, real part kept.
    static func polynomial(_ roots: [FilterDesignComplex]) -> [Double] {
        var coefficients = [FilterDesignComplex(1)]
        for root in roots {
            let factor = [FilterDesignComplex(1), -root]
            var product = Array(repeating: FilterDesignComplex(0), count: coefficients.count + 1)
            for (i, c) in coefficients.enumerated() {
                for (j, f) in factor.enumerated() { product[i + j] = product[i + j] + c * f }
            }
            coefficients = product
        }
        return coefficients.map(\.real)
    }
}
