/// Linear interpolation of samples with irregular (jittery) timestamps onto another time base, equal to
/// `numpy.interp(times, timestamps, values)`: times before the first timestamp take the first value, after the
/// last the last value; a time equal to a timestamp takes that sample (the later one of repeated timestamps).
///
/// Real "800 Hz" Apple Watch streams run at ~798.7 Hz with jitter: resample onto a uniform grid (``uniformGrid
/// (from:through:sampleRate:)``) before FIR filtering, Welch or polyphase resampling, which assume uniform sampling.
/// Time is `Double` seconds on the recording clock; values `Float` (interpolated in `Double`).
public enum LinearResampler {
    /// The uniform grid `start + i / sampleRate` for `i = 0 … floor((end − start) · sampleRate)` (every grid time
    /// ≤ end, up to rounding), s.
    ///
    /// - Parameters:
    ///   - start, end: first and last time, s, `end ≥ start`.
    ///   - sampleRate: grid rate, Hz, > 0.
    public static func uniformGrid(from start: Double, through end: Double, sampleRate: Double) -> [Double] {
        precondition(sampleRate > 0, "sampleRate must be > 0 Hz")
        precondition(end >= start, "grid end \(end) before start \(start)")
        let count = Int(((end - start) * sampleRate).rounded(.down)) + 1
        return uniformGrid(start: start, count: count, sampleRate: sampleRate)
    }

    /// `count` grid times `start + i / sampleRate`, s (computed per index, so no drift accumulates).
    public static func uniformGrid(start: Double, count: Int, sampleRate: Double) -> [Double] {
        precondition(sampleRate > 0 && count >= 0, "need sampleRate > 0 Hz and count ≥ 0")
        return (0..<count).map { start + Double($0) / sampleRate }
    }

    /// Interpolates `values` sampled at `timestamps` (non-decreasing, same count, ≥ 1) at `times` (ascending for
    /// O(n + m) cost; any order works) into `output` (same count as `times`). No allocation.
    ///
    /// NaN values spread to the intervals that touch them, as in numpy.
    public static func interpolate(
        timestamps: UnsafeBufferPointer<Double>, values: UnsafeBufferPointer<Float>, at times: UnsafeBufferPointer<Double>,
        into output: UnsafeMutableBufferPointer<Float>
    ) {
        precondition(timestamps.count == values.count, "\(timestamps.count) timestamps for \(values.count) values")
        precondition(output.count == times.count, "output holds \(output.count) values for \(times.count) times")
        if times.isEmpty { return }
        precondition(!timestamps.isEmpty, "cannot interpolate from zero samples")
        let last = timestamps.count - 1
        var j = 0
        for (k, x) in times.enumerated() {
            if x >= timestamps[last] {
                // numpy: x > xp[-1] → fp[-1]; x == xp[-1] → fp[-1] (the j == lenxp − 1 case).
                output[k] = x.isNaN ? .nan : values[last]
                continue
            }
            if x < timestamps[0] {
                output[k] = values[0]
                continue
            }
            if x.isNaN {
                output[k] = .nan
                continue
            }
            // Largest j with timestamps[j] ≤ x (x < timestamps[last] so j < last).
            if timestamps[j] > x { j = 0 }
            while j + 1 <= last && timestamps[j + 1] <= x { j += 1 }
            let x0 = timestamps[j]
            let y0 = Double(values[j])
            if x0 == x {
                output[k] = values[j]
                continue
            }
            let x1 = timestamps[j + 1]
            let y1 = Double(values[j + 1])
            let slope = (y1 - y0) / (x1 - x0)
            var y = slope * (x - x0) + y0
            if y.isNaN {
                y = slope * (x - x1) + y1
                if y.isNaN && y0 == y1 { y = y0 }
            }
            output[k] = Float(y)
        }
    }

    /// ``interpolate(timestamps:values:at:into:)`` on arrays (allocates the result).
    public static func interpolate(timestamps: [Double], values: [Float], at times: [Double]) -> [Float] {
        [Float](unsafeUninitializedCapacity: times.count) { out, initialized in
            timestamps.withUnsafeBufferPointer { t in
                values.withUnsafeBufferPointer { v in
                    times.withUnsafeBufferPointer { x in interpolate(timestamps: t, values: v, at: x, into: out) }
                }
            }
            initialized = times.count
        }
    }

    /// Resamples a jittery stream onto the uniform grid from its first to its last timestamp at `sampleRate` Hz.
    ///
    /// - Returns: the grid's start time (= the first timestamp), s, and the interpolated values; empty input gives
    ///   `(nil, [])`.
    public static func resampleUniformly(timestamps: [Double], values: [Float], sampleRate: Double)
        -> (start: Double?, values: [Float])
    {
        guard let first = timestamps.first, let last = timestamps.last else { return (nil, []) }
        let grid = uniformGrid(from: first, through: last, sampleRate: sampleRate)
        return (first, interpolate(timestamps: timestamps, values: values, at: grid))
    }
}
