/// A digital IIR filter as a cascade of second-order sections (scipy's `sos` array, one ``Biquad`` per row),
/// applied first to last. Coefficients only — the running state lives in ``SOSFilter`` — so one design can be
/// shared by any number of filters.
public struct SecondOrderSections: Sendable, Hashable {
    /// The sections in the order they are applied; the overall gain sits in the first (scipy's convention).
    public var sections: [Biquad]

    /// - Precondition: `sections` is not empty.
    public init(sections: [Biquad]) {
        precondition(!sections.isEmpty, "SecondOrderSections needs at least one section")
        self.sections = sections
    }

    /// Builds the cascade from scipy-style rows `[b0, b1, b2, a0, a1, a2]`, dividing each row by its `a0`.
    /// - Precondition: every row has 6 finite values and a non-zero `a0`; there is at least one row.
    public init(scipyRows rows: [[Double]]) {
        self.init(
            sections: rows.map { row in
                precondition(row.count == 6 && row[3] != 0, "an SOS row is [b0, b1, b2, a0 ≠ 0, a1, a2]")
                let a0 = row[3]
                return Biquad(b0: row[0] / a0, b1: row[1] / a0, b2: row[2] / a0, a1: row[4] / a0, a2: row[5] / a0)
            })
    }

    /// The rows `[b0, b1, b2, 1, a1, a2]` as scipy stores them.
    public var scipyRows: [[Double]] { sections.map(\.scipyRow) }

    /// The gain at 0 Hz of the whole cascade (product of the sections' `H(1)`).
    public var directCurrentGain: Double { sections.reduce(1) { $0 * $1.directCurrentGain } }

    /// The filter order the cascade can realise at most: `2 × sections.count`.
    public var maximumOrder: Int { 2 * sections.count }

    /// The steady-state transposed-direct-form-II state of each section for a constant unit input, scaled through
    /// the cascade: scipy's `sosfilt_zi(sos)`, shape `(sections.count, 2)` as `[s1, s2]` pairs. Multiply by the
    /// first sample to start a filter without a transient (see ``SOSFilter/setSteadyState(for:)``).
    public var steadyStateForUnitStep: [SIMD2<Double>] {
        var scale = 1.0
        return sections.map { section in
            let state = scale * section.unitStepSteadyState
            scale *= section.directCurrentGain
            return state
        }
    }

    /// Edge padding scipy's `sosfiltfilt` uses by default: `3 × (2 × sections + 1 − min(#(b2 == 0), #(a2 == 0)))`
    /// samples.
    public var zeroPhasePaddingLength: Int {
        let zeroB2 = sections.count { $0.b2 == 0 }
        let zeroA2 = sections.count { $0.a2 == 0 }
        return 3 * (2 * sections.count + 1 - min(zeroB2, zeroA2))
    }
}
