/// FFTW-aligned (`fftwf_malloc`) workspace for one ``RealFFTPlan`` size: `count` real samples and `count / 2 + 1`
/// complex bins. Reuse one per task/thread for allocation-free transforms; a buffer is not safe to share between
/// threads while in use (the plan is).
public final class RealFFTBuffer {
    /// The transform length N this buffer serves.
    public let count: Int
    @usableFromInline let samplesPointer: UnsafeMutablePointer<Float>
    @usableFromInline let spectrumPointer: UnsafeMutablePointer<ComplexFloat>

    /// Allocates zero-filled aligned storage for transforms of `count` samples (≥ 1).
    public init(count: Int) {
        precondition(count >= 1, "RealFFTBuffer count must be ≥ 1, got \(count)")
        self.count = count
        samplesPointer = FFTWPlanner.allocate(Float.self, count: count)
        spectrumPointer = FFTWPlanner.allocate(ComplexFloat.self, count: count / 2 + 1)
    }

    deinit {
        FFTWPlanner.free(samplesPointer)
        FFTWPlanner.free(spectrumPointer)
    }

    /// The real samples (input of ``RealFFTPlan/forward(_:)-(RealFFTBuffer)``, output of the inverse).
    @inlinable
    public var samples: UnsafeMutableBufferPointer<Float> {
        UnsafeMutableBufferPointer(start: samplesPointer, count: count)
    }

    /// The one-sided spectrum, `count / 2 + 1` bins.
    @inlinable
    public var spectrum: UnsafeMutableBufferPointer<ComplexFloat> {
        UnsafeMutableBufferPointer(start: spectrumPointer, count: count / 2 + 1)
    }
}
