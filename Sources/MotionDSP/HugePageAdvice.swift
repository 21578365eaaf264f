#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Large-buffer helpers for whole-recording DSP (tens of MB per call). Linux only does something: it asks for
/// transparent huge pages (`madvise(MADV_HUGEPAGE)`, as numpy does for arrays of 4 MiB and more), which cuts the
/// page faults of first touch by ~500×. Elsewhere these are plain allocations.
@usableFromInline
enum HugePageAdvice {
    /// Buffers at least this large (bytes) are advised.
    static let threshold = 4 << 20
    static let hugePageSize = 2 << 20

    /// Advises the 2 MiB-aligned interior of `[start, start + byteCount)` to use huge pages. Call before the
    /// memory is first written.
    static func advise(_ start: UnsafeMutableRawPointer, byteCount: Int) {
        #if os(Linux)
        guard byteCount >= threshold else { return }
        let address = UInt(bitPattern: start)
        let alignedStart = (address + UInt(hugePageSize - 1)) & ~UInt(hugePageSize - 1)
        let alignedEnd = (address + UInt(byteCount)) & ~UInt(hugePageSize - 1)
        guard alignedEnd > alignedStart, let pointer = UnsafeMutableRawPointer(bitPattern: alignedStart) else {
            return
        }
        _ = madvise(pointer, Int(alignedEnd - alignedStart), 14 /* MADV_HUGEPAGE */)
        #endif
    }

    /// Allocates `count` uninitialised values with `posix_memalign` (2 MiB-aligned and huge-page advised when
    /// large, 64-byte aligned otherwise). Free with `free(_:)` on the base address.
    static func allocate<T>(_ type: T.Type, count: Int) -> UnsafeMutableBufferPointer<T> {
        let byteCount = max(1, count * MemoryLayout<T>.stride)
        let alignment = byteCount >= threshold ? hugePageSize : max(64, MemoryLayout<T>.alignment)
        var raw: UnsafeMutableRawPointer? = nil
        guard posix_memalign(&raw, alignment, byteCount) == 0, let raw else {
            fatalError("out of memory allocating \(byteCount) bytes")
        }
        advise(raw, byteCount: byteCount)
        return UnsafeMutableBufferPointer(start: raw.bindMemory(to: T.self, capacity: count), count: count)
    }
}
