@available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
extension SOSFilter {
    /// Filters `samples` in place and advances the state (the `Span` form of ``process(_:)-([SIMD4<Float>])``).
    @inlinable
    public mutating func process(_ samples: inout MutableSpan<SIMD4<Float>>) {
        samples.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            processInPlace(base, count: buffer.count)
        }
    }

    /// Filters `input` into `output` and advances the state.
    /// - Precondition: `output.count == input.count`.
    @inlinable
    public mutating func process(_ input: Span<SIMD4<Float>>, into output: inout MutableSpan<SIMD4<Float>>) {
        precondition(output.count == input.count, "output count \(output.count) ≠ input count \(input.count)")
        input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { destination in
                process(source, into: destination)
            }
        }
    }
}
