#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Transparent huge pages for large freshly allocated buffers (Linux only; a no-op elsewhere), as MotionDSP's
/// `HugePageAdvice` and numpy do: first touch of a 2 MiB huge page costs one page fault where 4 KiB pages cost
/// 512, and page faults were a fifth of an import's CPU time on the shared VM.
enum HugePages {
    static let size = 2 << 20

    /// Advises the 2 MiB-aligned interior of `buffer` to use huge pages; call before the memory is first written.
    /// Buffers without a whole aligned 2 MiB block inside are left alone.
    static func advise(_ buffer: UnsafeMutableRawBufferPointer) {
        #if os(Linux)
        guard let base = buffer.baseAddress, buffer.count >= size else { return }
        let address = UInt(bitPattern: base)
        let alignedStart = (address + UInt(size - 1)) & ~UInt(size - 1)
        let alignedEnd = (address + UInt(buffer.count)) & ~UInt(size - 1)
        guard alignedEnd > alignedStart, let start = UnsafeMutableRawPointer(bitPattern: alignedStart) else { return }
        _ = madvise(start, Int(alignedEnd - alignedStart), 14 /* MADV_HUGEPAGE */)
        #endif
    }
}
