/// The impact detector's recent accelerometer samples in a power-of-two ring, one column per quantity (time, raw
/// x/y/z, high-passed x/y/z, statistic), addressed by the sample's global index (0 for the stream's first
/// sample), plus the noise-floor blocks.
///
/// Plain memory owned by a class so that the detector's per-sample loop reads and writes it through pointers,
/// without Swift's array uniqueness and exclusivity checks on every sample. The detector keeps value semantics by
/// copy-on-write: it calls ``ImpactDetector`` `makeStorageUnique()` (a copy of this ring when shared) before it
/// writes, once per batch. Columns are contiguous, so the high-pass filter runs over runs of samples.
final class ImpactSampleRing: @unchecked Sendable {
    // @unchecked: the memory is written only through a uniquely referenced ring (copy-on-write in the detector).
    let capacity: Int
    let mask: Int
    let noiseBlockLength: Int
    let noiseBlockCount: Int
    /// s, recording clock.
    let times: UnsafeMutablePointer<Double>
    /// x, y, z, g; lane 3 is 0.
    let raw: UnsafeMutablePointer<SIMD4<Float>>
    /// The high-passed `raw`, g.
    let highPassed: UnsafeMutablePointer<SIMD4<Float>>
    /// The detection statistic (high-passed magnitude without clipped axes), g.
    let magnitudes: UnsafeMutablePointer<Float>
    /// The statistic of the trailing noise-floor blocks and the current one: ``noiseBlockCount`` + 1 blocks of
    /// ``noiseBlockLength`` values, block `b` (global, 0 for the stream's first) at ``noiseBlock(_:)``. The current
    /// block overwrites the one that left the trailing window as the block before it closed.
    let noiseBlocks: UnsafeMutablePointer<Float>
    /// Values in ``noiseBlocks``.
    let noiseBlocksValueCount: Int
    /// The medians of the trailing blocks, block `b`'s at `b % noiseBlockCount` (taken when first needed).
    let noiseBlockMedians: UnsafeMutablePointer<Float>
    /// Scratch for those medians sorted (IEEE total order), for their median.
    let sortedNoiseBlockMedians: UnsafeMutablePointer<Float>

    /// A zeroed ring of at least `minimumCapacity` samples (rounded up to a power of two).
    init(minimumCapacity: Int, noiseBlockLength: Int, noiseBlockCount: Int) {
        var capacity = 16
        while capacity < minimumCapacity { capacity <<= 1 }
        self.capacity = capacity
        mask = capacity - 1
        self.noiseBlockLength = noiseBlockLength
        self.noiseBlockCount = noiseBlockCount
        times = .allocate(capacity: capacity)
        times.initialize(repeating: 0, count: capacity)
        raw = .allocate(capacity: capacity)
        raw.initialize(repeating: .zero, count: capacity)
        highPassed = .allocate(capacity: capacity)
        highPassed.initialize(repeating: .zero, count: capacity)
        magnitudes = .allocate(capacity: capacity)
        magnitudes.initialize(repeating: 0, count: capacity)
        noiseBlocksValueCount = (noiseBlockCount + 1) * noiseBlockLength
        noiseBlocks = .allocate(capacity: noiseBlocksValueCount)
        noiseBlocks.initialize(repeating: 0, count: noiseBlocksValueCount)
        noiseBlockMedians = .allocate(capacity: noiseBlockCount)
        noiseBlockMedians.initialize(repeating: 0, count: noiseBlockCount)
        sortedNoiseBlockMedians = .allocate(capacity: noiseBlockCount)
        sortedNoiseBlockMedians.initialize(repeating: 0, count: noiseBlockCount)
    }

    /// Where noise-floor block `block` (global index) is kept.
    @inline(__always)
    func noiseBlock(_ block: Int) -> UnsafeMutablePointer<Float> {
        noiseBlocks + (block % (noiseBlockCount + 1)) * noiseBlockLength
    }

    /// An independent copy (same contents).
    func copy() -> ImpactSampleRing {
        let copy = ImpactSampleRing(
            minimumCapacity: capacity, noiseBlockLength: noiseBlockLength, noiseBlockCount: noiseBlockCount)
        copy.times.update(from: times, count: capacity)
        copy.raw.update(from: raw, count: capacity)
        copy.highPassed.update(from: highPassed, count: capacity)
        copy.magnitudes.update(from: magnitudes, count: capacity)
        copy.noiseBlocks.update(from: noiseBlocks, count: noiseBlocksValueCount)
        copy.noiseBlockMedians.update(from: noiseBlockMedians, count: noiseBlockCount)
        copy.sortedNoiseBlockMedians.update(from: sortedNoiseBlockMedians, count: noiseBlockCount)
        return copy
    }

    deinit {
        times.deallocate()
        raw.deallocate()
        highPassed.deallocate()
        magnitudes.deallocate()
        noiseBlocks.deallocate()
        noiseBlockMedians.deallocate()
        sortedNoiseBlockMedians.deallocate()
    }
}
