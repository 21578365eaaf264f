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

    /// Maps every page of `buffer` writable in one system call (`MADV_POPULATE_WRITE`, Linux ≥ 5.14; a no-op
    /// elsewhere or when the kernel refuses): one call instead of one page fault per 4 KiB page on first write —
    /// ~2,400 faults per 10-minute accelerometer import, where the trap entry and exit cost about as much as the
    /// page clearing itself. Only for memory that is about to be written in full (the pages become resident);
    /// no byte changes. Partial pages at the ends are included (populating never alters contents).
    static func populate(_ buffer: UnsafeMutableRawBufferPointer) {
        populatePages(of: UnsafeRawBufferPointer(buffer), advice: 23 /* MADV_POPULATE_WRITE */)
    }

    /// Maps every page of `bytes` readable in one system call (`MADV_POPULATE_READ`, Linux ≥ 5.14; a no-op
    /// elsewhere or when the kernel refuses), for a file mapping that is about to be read in full: one call
    /// instead of a page fault per 64 KiB (the kernel's fault-around), ~380 faults for a 10-minute
    /// accelerometer CSV. No byte changes.
    static func populateForReading(_ bytes: UnsafeRawBufferPointer) {
        populatePages(of: bytes, advice: 22 /* MADV_POPULATE_READ */)
    }

    /// `madvise(advice)` over the whole pages spanning `bytes`, when it holds at least ``populateThreshold`` bytes.
    private static func populatePages(of bytes: UnsafeRawBufferPointer, advice: Int32) {
        #if os(Linux)
        guard let base = bytes.baseAddress, bytes.count >= populateThreshold else { return }
        let page = UInt(pageSize)
        let start = UInt(bitPattern: base) & ~(page - 1)
        let end = (UInt(bitPattern: base) + UInt(bytes.count) + page - 1) & ~(page - 1)
        guard let startPointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(startPointer, Int(end - start), advice)
        #endif
    }

    /// Smaller buffers are left to fault page by page (a system call costs about as much as a few faults).
    static let populateThreshold = 64 << 10

    static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
}
