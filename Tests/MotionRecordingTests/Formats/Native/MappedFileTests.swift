import Foundation
import Testing

@testable import MotionRecording

/// ``MappedFile/release(_:)`` drops pages from memory only, unless the mapping discards them
/// (``MappedFile/discardReleasedPages()``): then their disk blocks go too and they read as zeros.
@Suite struct MappedFileTests {
    static let pages = 64

    /// A shared, writable mapping of a temporary file of `pages` pages, every byte 0xAB.
    static func filled() throws -> MappedFile {
        let spill = try TextSpill(for: "mapped-file-test")
        spill.reserve([("text", 1, nil)], capacity: pages * MappedFile.pageSize)
        try spill.append("text", [UInt8](repeating: 0xAB, count: pages * MappedFile.pageSize))
        return try spill.mapped()
    }

    @Test func releasedPagesKeepTheirDiskBlocksUnlessDiscarded() throws {
        let page = MappedFile.pageSize
        let half = Self.pages / 2 * page
        let kept = try Self.filled()
        let whole = try #require(kept.diskBytes)
        #expect(whole >= Self.pages * page)
        kept.release(0..<half)
        #expect(kept.diskBytes == whole)
        #expect(kept.bytes[0] == 0xAB && kept.bytes[half - 1] == 0xAB, "re-read from the file")

        let discarded = try Self.filled()
        discarded.discardReleasedPages()
        discarded.release(0..<half + page / 2)  // whole pages only: the page cut in two stays
        #expect(discarded.diskBytes == whole - half)
        #expect(discarded.bytes[0] == 0 && discarded.bytes[half - 1] == 0)
        #expect(discarded.bytes[half] == 0xAB && discarded.bytes[Self.pages * page - 1] == 0xAB)
    }
}
