/// The inner loops of ``SOSFilter``: transposed direct form II on `SIMD4<Double>` lanes. Per sample and section:
///
///     y = b0·x + s1;   s1 = (w1·x + s2) − a1·s1;   s2 = w2·x − a2·s1      (w = Biquad.stateInputWeights)
///
/// This is scipy's `_sosfilt` recursion (`s1 = b1·x − a1·y + s2; s2 = b2·x − a2·y`) with the output substituted
/// into the state update: the same states and outputs up to rounding (a few ulps; ≤ 6e-14 of the signal's scale
/// on the deep cascades of the tests), with two dependent operations from one `s1` to the next instead of four.
/// scipy's order is bound by that dependency chain; this one by the arithmetic itself: 1.5× faster with AVX
/// (`-target-cpu haswell`), 8 % with SSE2, where a `SIMD4<Double>` operation takes two instructions.
///
/// Sections run in groups of two with their state and coefficients held in registers (two independent
/// recurrences per loop overlap); longer cascades pass blocks of 32 samples between groups through a 1 KiB stack
/// buffer of `Double` lanes, so no precision is lost between sections and nothing is heap-allocated. The
/// arithmetic per sample does not depend on the blocking, so any chunking of a signal gives bit-identical results.
@usableFromInline
enum SOSCascadeKernel {
    /// Samples per block between section groups (32 × 32 bytes: stays within the stack-allocation limit).
    @usableFromInline static let blockLength = 32

    /// Filters `count` samples read at `input[i · inputStride]` into `output[i · outputStride]` (strides ±1;
    /// in place allowed when the positions coincide), through all sections, updating `state`
    /// (`2 × sectionCount` entries).
    @inlinable
    static func run<In: SOSFilterScalar, Out: SOSFilterScalar>(
        _ coefficients: UnsafePointer<Biquad>, sectionCount: Int, state: UnsafeMutablePointer<SIMD4<Double>>,
        input: UnsafePointer<SIMD4<In>>, inputStride: Int,
        output: UnsafeMutablePointer<SIMD4<Out>>, outputStride: Int, count: Int
    ) {
        run(
            coefficients, sectionCount: sectionCount, state: state,
            source: StridedSamples(reading: input, stride: inputStride),
            sink: StridedSamples(output, stride: outputStride), count: count)
    }

    /// Filters `count` samples from `source` into `sink` through all sections, updating `state`. Each sample is
    /// loaded before its output is stored, so a sink may overwrite the source's storage position by position.
    @inlinable
    static func run<Source: SOSSampleSource, Sink: SOSSampleSink>(
        _ coefficients: UnsafePointer<Biquad>, sectionCount: Int, state: UnsafeMutablePointer<SIMD4<Double>>,
        source: Source, sink: Sink, count: Int
    ) {
        if count == 0 { return }
        switch sectionCount {
        case 1:
            one(coefficients[0], state, source, sink, count)
        case 2:
            two(coefficients[0], coefficients[1], state, source, sink, count)
        default:
            withUnsafeTemporaryAllocation(of: SIMD4<Double>.self, capacity: blockLength) { scratchBuffer in
                let scratch = StridedSamples(scratchBuffer.baseAddress.unsafelyUnwrapped)
                var done = 0
                while done < count {
                    let n = min(blockLength, count - done)
                    two(coefficients[0], coefficients[1], state, source.advanced(by: done), scratch, n)
                    var section = 2
                    while sectionCount - section > 2 {
                        two(coefficients[section], coefficients[section + 1], state + 2 * section, scratch, scratch, n)
                        section += 2
                    }
                    let destination = sink.advanced(by: done)
                    if sectionCount - section == 2 {
                        two(coefficients[section], coefficients[section + 1], state + 2 * section, scratch, destination, n)
                    } else {
                        one(coefficients[section], state + 2 * section, scratch, destination, n)
                    }
                    done += n
                }
            }
        }
    }

    /// One section.
    @inlinable @inline(__always)
    static func one<Source: SOSSampleSource, Sink: SOSSampleSink>(
        _ q: Biquad, _ state: UnsafeMutablePointer<SIMD4<Double>>, _ source: Source, _ sink: Sink, _ count: Int
    ) {
        let section = Section(q)
        var (s1, s2) = (state[0], state[1])
        for n in 0..<count {
            sink.store(n, section.step(source.load(n), &s1, &s2))
        }
        (state[0], state[1]) = (s1, s2)
    }

    /// Two consecutive sections.
    @inlinable @inline(__always)
    static func two<Source: SOSSampleSource, Sink: SOSSampleSink>(
        _ p: Biquad, _ q: Biquad, _ state: UnsafeMutablePointer<SIMD4<Double>>, _ source: Source, _ sink: Sink,
        _ count: Int
    ) {
        let (first, second) = (Section(p), Section(q))
        var (ps1, ps2, qs1, qs2) = (state[0], state[1], state[2], state[3])
        for n in 0..<count {
            let u = first.step(source.load(n), &ps1, &ps2)
            sink.store(n, second.step(u, &qs1, &qs2))
        }
        (state[0], state[1], state[2], state[3]) = (ps1, ps2, qs1, qs2)
    }
}
