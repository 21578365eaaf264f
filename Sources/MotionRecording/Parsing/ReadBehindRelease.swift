import MemoryPages

/// Keeps a sequentially parsed file mapping from staying resident: every ``chunkBytes`` of progress, the pages
/// already parsed are handed back to the kernel (re-read from the file if touched again) and the next chunk is
/// mapped in one call. Without it a 10-hour interchange CSV (≈ 1.5 GB of text) stays wholly resident while its
/// samples are collected. Only for a real file mapping (``MappedFile``); in-memory bytes are left alone.
struct ReadBehindRelease {
    let mapping: MappedFile?
    private var releasedUpTo = 0
    private var nextCheck: Int
    /// 8 MiB: large enough that the `madvise` calls are rare, small against any recording worth releasing.
    static let chunkBytes = 8 << 20

    init(_ mapping: MappedFile?) {
        self.mapping = mapping
        nextCheck = 0
    }

    /// Called with the parser's byte offset: releases what lies behind it and maps the chunk ahead, once per chunk.
    @inline(__always)
    mutating func advance(to offset: Int) {
        guard offset >= nextCheck, let mapping, let base = mapping.base else { return }
        let releaseEnd = offset / MappedFile.pageSize * MappedFile.pageSize
        if releaseEnd > releasedUpTo {
            mapping.release(releasedUpTo..<releaseEnd)
            releasedUpTo = releaseEnd
        }
        let ahead = Swift.min(mapping.count, offset + Self.chunkBytes)
        if ahead > offset {
            HugePages.populateForReading(UnsafeRawBufferPointer(start: base + offset, count: ahead - offset))
        }
        nextCheck = offset + Self.chunkBytes
    }
}
