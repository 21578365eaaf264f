/// The straight passes over whole columns that let clean streams (the usual case) skip the row-wise searches of
/// ``StreamRepairer``.
extension StreamRepairer {
    /// True when `holds` is true for every window of `width` consecutive elements taken `lanes` at a time: vector
    /// compares whose masks are and-ed together, and a scalar tail. The optimiser kept the plain loops of these
    /// checks scalar with a branch per element (a tenth of an import's time); these vector loops are bound by
    /// memory bandwidth instead.
    @inline(__always)
    static func allLanes<Vector: SIMD>(
        _ values: UnsafeBufferPointer<Vector.Scalar>, offset: Int, as _: Vector.Type,
        _ holds: (_ current: Vector, _ previous: Vector) -> SIMDMask<Vector.MaskStorage>,
        tail: (_ index: Int) -> Bool
    ) -> Bool {
        guard let base = values.baseAddress, values.count > offset else { return true }
        let raw = UnsafeRawPointer(base)
        let stride = MemoryLayout<Vector.Scalar>.stride
        var index = offset
        var holding = SIMDMask<Vector.MaskStorage>(repeating: true)
        while index + Vector.scalarCount <= values.count {
            let current = raw.loadUnaligned(fromByteOffset: index * stride, as: Vector.self)
            let previous = raw.loadUnaligned(fromByteOffset: (index - offset) * stride, as: Vector.self)
            holding .&= holds(current, previous)
            index += Vector.scalarCount
        }
        var result = all(holding)
        while index < values.count {
            result = result && tail(index)
            index += 1
        }
        return result
    }

    /// True when every value is finite.
    static func allFinite(_ values: UnsafeBufferPointer<Double>) -> Bool {
        // x − x is 0 exactly for finite x (NaN for ±∞ and NaN).
        allLanes(values, offset: 0, as: SIMD4<Double>.self, { value, _ in value - value .== 0 }) { values[$0].isFinite }
    }

    /// True when every value is finite with |value| ≤ `limit` (NaN fails the comparison).
    static func allWithinLimit(_ values: UnsafeBufferPointer<Float>, _ limit: Float) -> Bool {
        allLanes(values, offset: 0, as: SIMD8<Float>.self, { value, _ in (value .<= limit) .& (value .>= -limit) }) {
            abs(values[$0]) <= limit
        }
    }

    /// True when every timestamp is greater than the one before: no sample earlier than its predecessor and no
    /// repeated timestamp, so steps 2 and 3 have nothing to find.
    static func strictlyIncreasing(_ timestamps: UnsafeBufferPointer<Double>) -> Bool {
        allLanes(timestamps, offset: 1, as: SIMD4<Double>.self, { current, previous in current .> previous }) {
            timestamps[$0] > timestamps[$0 - 1]
        }
    }

    /// Rows whose spacing from the row before exceeds `threshold` (s); empty when there is none, which a
    /// vector pass checks first.
    static func gapRows(_ timestamps: UnsafeBufferPointer<Double>, threshold: Double) -> [Int] {
        let noGap = allLanes(timestamps, offset: 1, as: SIMD4<Double>.self, { current, previous in
            .!(current - previous .> threshold)
        }) { !(timestamps[$0] - timestamps[$0 - 1] > threshold) }
        if noGap { return [] }
        return (1..<timestamps.count).filter { timestamps[$0] - timestamps[$0 - 1] > threshold }
    }

    /// `(column.max(), column.min())` in one pass, with the same comparisons (so the same results, NaN included),
    /// and how many samples equal each (`==`, as ``flatRuns(_:high:low:)`` compares): fewer than three means no
    /// flat run. A new extreme is larger (smaller) than every sample before it, so none of those equals it and
    /// its count restarts at one.
    static func extremes(_ column: UnsafeBufferPointer<Float>)
        -> (high: Float, low: Float, highCount: Int, lowCount: Int)?
    {
        if let vector = vectorExtremes(column) { return vector }
        guard var high = column.first else { return nil }
        var low = high
        var (highCount, lowCount) = high == high ? (1, 1) : (0, 0)  // NaN equals nothing
        for value in column.dropFirst() {
            if high < value {
                high = value
                highCount = 0
            }
            if value < low {
                low = value
                lowCount = 0
            }
            highCount &+= value == high ? 1 : 0
            lowCount &+= value == low ? 1 : 0
        }
        return (high, low, highCount, lowCount)
    }

    /// ``extremes(_:)`` with vector compares (eight lanes, then the lanes reduced), or `nil` to leave it to the
    /// sequential loop: for columns shorter than 64, with a NaN (whose place in the order decides the scalar
    /// answer), or with a zero extreme (whose sign the first occurrence decides). Otherwise the largest and
    /// smallest values are unique numbers with unique bit patterns, so the order of the comparisons does not
    /// matter, and a second vector pass counts the samples equal to each.
    static func vectorExtremes(_ column: UnsafeBufferPointer<Float>)
        -> (high: Float, low: Float, highCount: Int, lowCount: Int)?
    {
        guard column.count >= 64, let base = column.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        let vectorEnd = column.count / 8 * 8
        var high = SIMD8<Float>(repeating: column[0])
        var low = high
        var ordered = SIMDMask<SIMD8<Int32>>(repeating: true)
        for index in stride(from: 0, to: vectorEnd, by: 8) {
            let value = raw.loadUnaligned(fromByteOffset: index * 4, as: SIMD8<Float>.self)
            ordered .&= value .== value  // false for NaN
            high.replace(with: value, where: high .< value)
            low.replace(with: value, where: value .< low)
        }
        var (highest, lowest) = (high.max(), low.min())
        for value in column[vectorEnd...] {
            guard value == value else { return nil }
            highest = max(highest, value)
            lowest = min(lowest, value)
        }
        guard all(ordered), highest != 0, lowest != 0 else { return nil }
        var highLanes = SIMD8<Int32>()
        var lowLanes = SIMD8<Int32>()
        for index in stride(from: 0, to: vectorEnd, by: 8) {
            let value = raw.loadUnaligned(fromByteOffset: index * 4, as: SIMD8<Float>.self)
            highLanes &-= unsafeBitCast(value .== highest, to: SIMD8<Int32>.self)  // a true lane is −1
            lowLanes &-= unsafeBitCast(value .== lowest, to: SIMD8<Int32>.self)
        }
        var (highCount, lowCount) = (Int(highLanes.wrappedSum()), Int(lowLanes.wrappedSum()))
        for value in column[vectorEnd...] {
            highCount += value == highest ? 1 : 0
            lowCount += value == lowest ? 1 : 0
        }
        return (highest, lowest, highCount, lowCount)
    }

    /// Runs of ≥ `minimumRun` (3) equal samples at `high` and at `low` in one pass: per extreme, the samples in such
    /// runs and the index where the first such run starts.
    static func flatRuns(_ column: UnsafeBufferPointer<Float>, high: Float, low: Float, minimumRun: Int = 3)
        -> (high: (flat: Int, first: Int?), low: (flat: Int, first: Int?))
    {
        // A run of three needs three equal samples: when neither extreme occurs three times (the usual case, an
        // extreme is reached once), a branch-free count answers without the run-tracking loop.
        var (highCount, lowCount) = (0, 0)
        for value in column {
            highCount &+= value == high ? 1 : 0
            lowCount &+= value == low ? 1 : 0
        }
        if highCount < minimumRun && lowCount < minimumRun { return ((0, nil), (0, nil)) }
        var scanner = FlatRunScanner(high: high, low: low, minimumRun: minimumRun)
        scanner.scan(column)
        return scanner.runs
    }
}
