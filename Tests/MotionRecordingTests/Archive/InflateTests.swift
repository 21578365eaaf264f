import Foundation
import Testing
import _TestSupport

@testable import MotionRecording

@Suite struct InflateTests {
    /// Inflating into a caller's buffer with progress reports gives the bytes of the one-shot inflate, and reports
    /// (compressed bytes read, bytes written) that only grow, about every `progressBytes` written.
    @Test func progressReportsAndOutputMatchTheOneShotInflate() throws {
        let archive = try ZipArchive(FixtureFiles.url("sensor-logger/plain-export.zip"))
        let entry = try #require(archive.entries.first { $0.name.hasSuffix("WristMotion.csv") && $0.method == 8 })
        let expected = try archive.contents(of: entry)
        let range = try archive.dataRange(of: entry)
        var output = [UInt8](repeating: 0, count: entry.uncompressedSize)
        var reports: [(Int, Int)] = []
        try archive.data.withUnsafeBytes { raw in
            let input = UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[range])
            try output.withUnsafeMutableBufferPointer { buffer in
                try Inflate.inflate(
                    input, expectedSize: entry.uncompressedSize, into: buffer.baseAddress!, progressBytes: 4096
                ) { reports.append(($0, $1)) }
            }
        }
        #expect(Data(output) == expected)
        #expect(reports.count >= entry.uncompressedSize / 4096 - 1 && reports.count <= entry.uncompressedSize / 4096)
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.0 <= $1.0 && $0.1 + 4096 <= $1.1 })
        #expect(reports.allSatisfy { $0.0 <= range.count && $0.1 <= entry.uncompressedSize })
    }

    /// A prefix stops decoding once it has its bytes: a stream corrupt further on still gives its head, which the
    /// whole inflate refuses; a prefix as long as the member is the whole member, checked against its declared size.
    @Test func aPrefixDecodesNoFurtherThanItsCount() throws {
        func prefix(_ stream: [UInt8], _ count: Int, of declaredSize: Int) throws(Inflate.Failure) -> [UInt8] {
            try stream.withUnsafeBufferPointer { input throws(Inflate.Failure) in
                try Inflate.prefix(input, count: count, declaredSize: declaredSize)
            }
        }
        let text = Array((0..<2000).map { "\($0),\($0 * 7 % 13)\n" }.joined().utf8)
        let head = Array(text.prefix(9000))
        let corrupt = ZipBuilder.storedThenCorrupt(head)
        #expect(try prefix(corrupt, 4096, of: text.count) == Array(head.prefix(4096)))
        #expect(try prefix(corrupt, 9000, of: text.count) == head)
        #expect(throws: Inflate.Failure.self) { try prefix(corrupt, 9001, of: text.count) }
        #expect(throws: Inflate.Failure.self) {
            try corrupt.withUnsafeBufferPointer { input throws(Inflate.Failure) in
                try Inflate.inflate(input, expectedSize: text.count)
            }
        }
        let zeros = ZipBuilder.zeros(copies: 10)  // 2581 zero bytes
        #expect(try prefix(zeros, 100, of: 2581) == [UInt8](repeating: 0, count: 100))
        #expect(try prefix(zeros, 4096, of: 2581) == [UInt8](repeating: 0, count: 2581))
        do throws(Inflate.Failure) {
            _ = try prefix(zeros, 4096, of: 2600)
            Issue.record("a stream shorter than its declared size was taken whole")
        } catch {
            #expect(error.reason == "inflated 2581 bytes, directory says 2600")
        }
        #expect(throws: Inflate.Failure.self) { try prefix(zeros, 4096, of: 2000) }
    }
}
