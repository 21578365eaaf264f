import Foundation
import Testing

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
}
