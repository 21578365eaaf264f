#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Zeros, poles and gain of a filter, analog (s-plane) or digital (z-plane), as scipy's `(z, p, k)` triple.
/// The steps below are line-for-line ports of `scipy/signal/_filter_design.py` (`buttap`, `lp2lp_zpk`,
/// `lp2hp_zpk`, `lp2bp_zpk`, `lp2bs_zpk`, `bilinear_zpk`) so that the resulting sections match scipy's within
/// rounding, including the order in which poles and zeros appear (which decides the section pairing).
struct ZerosPolesGain: Sendable {
    var zeros: [FilterDesignComplex]
    var poles: [FilterDesignComplex]
    var gain: Double

    /// `buttap(N)`: the analog Butterworth low-pass prototype with cut-off 1 rad/s (no zeros, N poles on the
    /// left half of the unit circle, the middle one exactly −1 for odd N).
    static func butterworthPrototype(order: Int) -> ZerosPolesGain {
        var poles: [FilterDesignComplex] = []
        poles.reserveCapacity(order)
        var m = -order + 1
        while m < order {
            // scipy evaluates `1j * pi * m / (2 * N)` in complex arithmetic: numpy divides by the complex
            // (2N + 0j) with Smith's method, i.e. multiplies by the reciprocal 1 / (2N).
            let theta = (Double.pi * Double(m)) * (1.0 / Double(2 * order))
            poles.append(-FilterDesignComplex.unitPhasor(theta))
            m += 2
        }
        return ZerosPolesGain(zeros: [], poles: poles, gain: 1)
    }

    /// Number of poles minus number of zeros.
    var relativeDegree: Int { poles.count - zeros.count }

    /// `lp2lp_zpk`: scales the cut-off from 1 rad/s to `wo` rad/s.
    func lowPassToLowPass(wo: Double) -> ZerosPolesGain {
        ZerosPolesGain(
            zeros: zeros.map { wo * $0 }, poles: poles.map { wo * $0 },
            gain: gain * pow(wo, Double(relativeDegree)))
    }

    /// `lp2hp_zpk`: inverts about the unit circle and scales to cut-off `wo` rad/s.
    func lowPassToHighPass(wo: Double) -> ZerosPolesGain {
        let degree = relativeDegree
        let newZeros = zeros.map { wo / $0 } + Array(repeating: FilterDesignComplex(0), count: degree)
        let newPoles = poles.map { wo / $0 }
        let ratio = Self.product(zeros.map { -$0 }) / Self.product(poles.map { -$0 })
        return ZerosPolesGain(zeros: newZeros, poles: newPoles, gain: gain * ratio.real)
    }

    /// `lp2bp_zpk`: shifts the low-pass to a band-pass centred on `wo` rad/s with bandwidth `bw` rad/s.
    func lowPassToBandPass(wo: Double, bw: Double) -> ZerosPolesGain {
        let degree = relativeDegree
        let woSquared = FilterDesignComplex(wo * wo)
        func split(_ values: [FilterDesignComplex]) -> [FilterDesignComplex] {
            let scaled = values.map { $0 * bw / 2 }
            let roots = scaled.map { ($0.squaredLikeNumpyArray - woSquared).squareRoot }
            return zip(scaled, roots).map { $0 + $1 } + zip(scaled, roots).map { $0 - $1 }
        }
        return ZerosPolesGain(
            zeros: split(zeros) + Array(repeating: FilterDesignComplex(0), count: degree),
            poles: split(poles), gain: gain * pow(bw, Double(degree)))
    }

    /// `lp2bs_zpk`: turns the low-pass into a band-stop centred on `wo` rad/s with bandwidth `bw` rad/s.
    func lowPassToBandStop(wo: Double, bw: Double) -> ZerosPolesGain {
        let degree = relativeDegree
        let woSquared = FilterDesignComplex(wo * wo)
        func split(_ values: [FilterDesignComplex]) -> [FilterDesignComplex] {
            let inverted = values.map { (bw / 2) / $0 }
            let roots = inverted.map { ($0.squaredLikeNumpyArray - woSquared).squareRoot }
            return zip(inverted, roots).map { $0 + $1 } + zip(inverted, roots).map { $0 - $1 }
        }
        let newZeros =
            split(zeros) + Array(repeating: FilterDesignComplex(0, wo), count: degree)
            + Array(repeating: FilterDesignComplex(0, -wo), count: degree)
        let ratio = Self.product(zeros.map { -$0 }) / Self.product(poles.map { -$0 })
        return ZerosPolesGain(zeros: newZeros, poles: split(poles), gain: gain * ratio.real)
    }

    /// `bilinear_zpk`: maps the analog filter to the z-plane for sample rate `fs` (in the normalised units of
    /// the pre-warped frequencies); zeros at infinity move to Nyquist (z = −1).
    func bilinear(fs: Double) -> ZerosPolesGain {
        let degree = relativeDegree
        let fs2 = FilterDesignComplex(2.0 * fs)
        let newZeros = zeros.map { (fs2 + $0) / (fs2 - $0) } + Array(repeating: FilterDesignComplex(-1), count: degree)
        let newPoles = poles.map { (fs2 + $0) / (fs2 - $0) }
        let ratio = Self.product(zeros.map { fs2 - $0 }) / Self.product(poles.map { fs2 - $0 })
        return ZerosPolesGain(zeros: newZeros, poles: newPoles, gain: gain * ratio.real)
    }

    /// `np.prod` of complex values, left to right; 1 for none.
    static func product(_ values: [FilterDesignComplex]) -> FilterDesignComplex {
        values.reduce(FilterDesignComplex(1)) { $0 * $1 }
    }
}
