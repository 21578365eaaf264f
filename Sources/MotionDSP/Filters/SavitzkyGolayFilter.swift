/// Savitzky–Golay smoothing and differentiation, equal to `scipy.signal.savgol_coeffs` / `savgol_filter`: each
/// output is the `derivative`-th derivative, at the window's centre, of the degree-`polynomialOrder` least-squares
/// polynomial through the `windowLength` samples around it.
///
/// Coefficients come from the same least-squares problem scipy solves (minimum-norm `dgelsd_` through
/// ``LinearAlgebra/leastSquares(_:_:relativeCondition:)``). Filtering reads `Float` samples and accumulates in
/// `Double`. The filter assumes uniformly spaced samples `sampleSpacing` apart (1/800 s for 800 Hz data when the
/// derivative should come out per second). Immutable and `Sendable`: share it freely.
public struct SavitzkyGolayFilter: Sendable, Hashable {
    /// How the first and last `windowLength / 2` outputs are computed (scipy `mode`).
    public enum EdgeMode: Sendable, Hashable {
        /// Fit the polynomial to the first (last) `windowLength` samples and evaluate it there (scipy `'interp'`,
        /// the default). Needs at least `windowLength` samples.
        case interpolate
        /// Extend the signal by repeating its first (last) sample (scipy `'nearest'`).
        case nearest
    }

    /// Samples per window: odd, > `polynomialOrder`.
    public let windowLength: Int
    /// Degree of the fitted polynomial, 0 ≤ order < windowLength.
    public let polynomialOrder: Int
    /// Order of the derivative returned, ≥ 0 (0 = smoothing). Above `polynomialOrder` the output is all zeros.
    public let derivative: Int
    /// Spacing of the samples (scipy `delta`), e.g. seconds; derivatives come out per this unit^derivative.
    public let sampleSpacing: Double
    /// The coefficients in convolution order (scipy `savgol_coeffs(..., use="conv")`).
    public let coefficients: [Double]
    /// `coefficients` reversed (dot-product order over a window of samples).
    let dotCoefficients: [Double]
    /// Row i (i < windowLength/2) gives output i of an `.interpolate` edge as weights on the first `windowLength`
    /// samples; mirrored for the end.
    let edgeWeights: [[Double]]

    /// Designs the filter.
    ///
    /// - Throws: ``LinearAlgebraError`` if LAPACK fails (it does not for valid arguments).
    public init(windowLength: Int, polynomialOrder: Int, derivative: Int = 0, sampleSpacing: Double = 1)
        throws(LinearAlgebraError)
    {
        precondition(windowLength % 2 == 1, "windowLength must be odd, got \(windowLength)")
        precondition(polynomialOrder >= 0 && polynomialOrder < windowLength,
                     "polynomialOrder must be in 0..<windowLength, got \(polynomialOrder)")
        precondition(derivative >= 0, "derivative must be ≥ 0")
        precondition(sampleSpacing > 0, "sampleSpacing must be > 0")
        self.windowLength = windowLength
        self.polynomialOrder = polynomialOrder
        self.derivative = derivative
        self.sampleSpacing = sampleSpacing
        coefficients = try Self.coefficients(
            windowLength: windowLength, polynomialOrder: polynomialOrder, derivative: derivative,
            sampleSpacing: sampleSpacing)
        dotCoefficients = coefficients.reversed()
        edgeWeights = try Self.edgeWeights(
            windowLength: windowLength, polynomialOrder: polynomialOrder, derivative: derivative,
            sampleSpacing: sampleSpacing)
    }

    /// `scipy.signal.savgol_coeffs(windowLength, polynomialOrder, deriv=derivative, delta=sampleSpacing)`
    /// (convolution order; even window lengths evaluate at the half-sample centre, as scipy).
    public static func coefficients(
        windowLength: Int, polynomialOrder: Int, derivative: Int = 0, sampleSpacing: Double = 1
    ) throws(LinearAlgebraError) -> [Double] {
        precondition(windowLength >= 1 && polynomialOrder >= 0 && polynomialOrder < windowLength,
                     "need 0 ≤ polynomialOrder < windowLength")
        if derivative > polynomialOrder { return [Double](repeating: 0, count: windowLength) }
        let (half, remainder) = windowLength.quotientAndRemainder(dividingBy: 2)
        let position = remainder == 0 ? Double(half) - 0.5 : Double(half)
        // x = arange(-pos, window - pos) reversed (use="conv"); A[k, j] = x_j^k; y = e_deriv · deriv! / delta^deriv.
        let x = (0..<windowLength).map { Double(windowLength - 1 - $0) - position }
        var a = Matrix(zerosRows: polynomialOrder + 1, columns: windowLength)
        for k in 0...polynomialOrder {
            for j in 0..<windowLength { a[k, j] = Self.power(x[j], k) }
        }
        var y = [Double](repeating: 0, count: polynomialOrder + 1)
        y[derivative] = Self.factorial(derivative) / Self.power(sampleSpacing, derivative)
        return try LinearAlgebra.leastSquares(a, y).solution
    }

    /// Weights for the `.interpolate` edges: fit p(t) = Σ c_k t^k to samples at t = 0…W−1 (one least-squares
    /// solve with the identity as right-hand sides gives c as a linear map of the samples), differentiate, evaluate
    /// at t = 0…W/2−1 and divide by spacing^derivative.
    static func edgeWeights(windowLength: Int, polynomialOrder: Int, derivative: Int, sampleSpacing: Double)
        throws(LinearAlgebraError) -> [[Double]]
    {
        let half = windowLength / 2
        if derivative > polynomialOrder {
            return [[Double]](repeating: [Double](repeating: 0, count: windowLength), count: half)
        }
        var vandermonde = Matrix(zerosRows: windowLength, columns: polynomialOrder + 1)
        for t in 0..<windowLength {
            for k in 0...polynomialOrder { vandermonde[t, k] = Self.power(Double(t), k) }
        }
        var identity = Matrix(zerosRows: windowLength, columns: windowLength)
        for i in 0..<windowLength { identity[i, i] = 1 }
        let fit = try LinearAlgebra.leastSquares(vandermonde, identity)
        let order = polynomialOrder + 1
        // fit.solution is (order × W) column-major: coefficient k of sample j at [k + j·order].
        let scale = 1 / Self.power(sampleSpacing, derivative)
        return (0..<half).map { t in
            (0..<windowLength).map { j in
                var value = 0.0
                for k in derivative..<order {
                    let falling = Self.factorial(k) / Self.factorial(k - derivative)
                    value += fit.solution[k + j * order] * falling * Self.power(Double(t), k - derivative)
                }
                return value * scale
            }
        }
    }

    static func power(_ x: Double, _ k: Int) -> Double {
        var result = 1.0
        for _ in 0..<k { result *= x }
        return result
    }

    static func factorial(_ n: Int) -> Double { n <= 1 ? 1 : (2...n).reduce(1.0) { $0 * Double($1) } }

    /// Filters `input` into `output` (same count). `.interpolate` needs `input.count ≥ windowLength`.
    /// NaN spreads to the outputs whose windows contain it.
    public func apply(
        _ input: UnsafeBufferPointer<Float>, into output: UnsafeMutableBufferPointer<Float>,
        mode: EdgeMode = .interpolate
    ) {
        let n = input.count
        precondition(output.count == n, "output holds \(output.count) values, input \(n)")
        if n == 0 { return }
        precondition(mode != .interpolate || n >= windowLength,
                     "mode .interpolate needs at least windowLength (\(windowLength)) samples, got \(n)")
        let half = windowLength / 2
        let dotOrder = dotCoefficients
        let window = windowLength
        let interiorStart = Swift.min(half, n)
        let interiorEnd = Swift.max(interiorStart, n - half)
        dotOrder.withUnsafeBufferPointer { d in
            // output[i] = Σ_j d[j] · x[i − half + j].
            for i in interiorStart..<interiorEnd {
                output[i] = Float(mixedDotProduct(d.baseAddress!, input.baseAddress! + (i - half), count: window))
            }
        }
        coefficients.withUnsafeBufferPointer { c in
            switch mode {
            case .nearest:
                func nearestEdge(_ range: Range<Int>) {
                    for i in range {
                        var sum = 0.0
                        for j in 0..<windowLength {
                            let index = Swift.min(n - 1, Swift.max(0, i - half + j))
                            sum += c[windowLength - 1 - j] * Double(input[index])
                        }
                        output[i] = Float(sum)
                    }
                }
                nearestEdge(0..<interiorStart)
                nearestEdge(interiorEnd..<n)
            case .interpolate:
                // Start: weights on x[0..<W]; end: the mirror image — position W−1−t from the window's far end.
                // For odd derivatives the mirrored time axis flips the sign.
                let sign: Double = derivative % 2 == 0 ? 1 : -1
                for t in 0..<half {
                    let weights = edgeWeights[t]
                    var start = 0.0
                    var end = 0.0
                    for j in 0..<windowLength {
                        start += weights[j] * Double(input[j])
                        end += weights[j] * Double(input[n - 1 - j])
                    }
                    output[t] = Float(start)
                    output[n - 1 - t] = Float(sign * end)
                }
            }
        }
    }

    /// Filters `input` (array convenience; allocates the result).
    public func apply(_ input: [Float], mode: EdgeMode = .interpolate) -> [Float] {
        [Float](unsafeUninitializedCapacity: input.count) { out, initialized in
            input.withUnsafeBufferPointer { apply($0, into: out, mode: mode) }
            initialized = input.count
        }
    }
}
