extension SOSFilter {
    /// Filters one channel through lane 0 (the other lanes see zeros) and advances the state; returns a new
    /// array. For several channels use the `SIMD4<Float>` overloads, which cost the same per sample.
    public mutating func filter(_ samples: [Float]) -> [Float] {
        var lanes = samples.map { SIMD4<Float>($0, 0, 0, 0) }
        process(&lanes)
        return lanes.map(\.x)
    }

    /// Filters one `Double` channel through lane 0 and advances the state; returns a new array.
    public mutating func filter(_ samples: [Double]) -> [Double] {
        var lanes = samples.map { SIMD4<Double>($0, 0, 0, 0) }
        process(&lanes)
        return lanes.map(\.x)
    }
}
