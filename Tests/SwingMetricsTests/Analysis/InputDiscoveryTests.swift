import Foundation
import Testing

@testable import swing_metrics

@Suite struct InputDiscoveryTests {
    /// root/{a.npz, notes.md, session1/{accelerometer.csv, device_motion.csv, truth.json}, deep/x/b.csv, .hidden/c.csv}
    private func makeTree() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("discovery-\(UUID())")
        let files = [
            "a.npz", "notes.md", "session1/accelerometer.csv", "session1/device_motion.csv", "session1/truth.json",
            "deep/x/b.csv", ".hidden/c.csv",
        ]
        for file in files {
            let url = root.appendingPathComponent(file)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: url.path, contents: Data())
        }
        return root
    }

    @Test func directoriesAreSearchedRecursivelyAndRecordingDirectoriesCountOnce() throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(at: root) }
        let found = try InputDiscovery.recordings(for: [root.path]).recordings.map {
            String($0.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
        }
        #expect(found == ["a.npz", "deep/x/b.csv", "session1"])
    }

    @Test func globsExpandAndDuplicatesAreDropped() throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(at: root) }
        let found = try InputDiscovery.recordings(for: [root.path + "/*.npz", root.path + "/a.npz"]).recordings
        #expect(found.count == 1)
        #expect(found.first?.lastPathComponent == "a.npz")
    }

    @Test func aMissingPathIsAnError() throws {
        #expect(throws: InputDiscovery.NothingMatched.self) {
            try InputDiscovery.recordings(for: ["/nonexistent/\(UUID())"])
        }
    }
}

/// Directory walks that cannot loop or block: symbolic-link cycles are entered once, FIFOs and sockets are skipped
/// and reported, never opened.
@Suite struct InputDiscoveryHostileTreeTests {
    private func tree() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("discovery-hostile-\(UUID())")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("a"), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: root.appendingPathComponent("a/rec.npz").path, contents: Data())
        return root
    }

    @Test func symbolicLinkCyclesAreSearchedOnceAndReported() throws {
        let root = try tree()
        defer { try? FileManager.default.removeItem(at: root) }
        let a = root.appendingPathComponent("a")
        try FileManager.default.createSymbolicLink(atPath: a.appendingPathComponent("loop").path, withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: a.appendingPathComponent("loop2").path, withDestinationPath: "..")
        let found = try InputDiscovery.recordings(for: [root.path])
        #expect(found.recordings.map(\.lastPathComponent) == ["rec.npz"])
        #expect(found.skipped.count == 2)
        #expect(found.skipped.allSatisfy { $0.reason.contains("already searched") })
    }

    @Test func fifosInsideADirectoryAreSkippedAndReported() throws {
        let root = try tree()
        defer { try? FileManager.default.removeItem(at: root) }
        let fifo = root.appendingPathComponent("a/notes.txt")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let found = try InputDiscovery.recordings(for: [root.path])
        #expect(found.recordings.map(\.lastPathComponent) == ["rec.npz"])
        #expect(found.skipped.map(\.path) == [fifo.path])
        #expect(found.skipped.first?.reason.contains("FIFO") == true)
    }

    @Test func aFifoGivenDirectlyIsAnInput() throws {
        let root = try tree()
        defer { try? FileManager.default.removeItem(at: root) }
        let fifo = root.appendingPathComponent("pipe.csv")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let found = try InputDiscovery.recordings(for: [fifo.path])
        #expect(found.recordings.map(\.path) == [fifo.path])
    }

    @Test func aRawPairDirectoryIsOneRecording() throws {
        let root = try tree()
        defer { try? FileManager.default.removeItem(at: root) }
        let pair = root.appendingPathComponent("pair")
        try FileManager.default.createDirectory(at: pair, withIntermediateDirectories: true)
        for name in ["watch-accelerometer.csv", "watch-rotation.csv"] {
            _ = FileManager.default.createFile(atPath: pair.appendingPathComponent(name).path, contents: Data())
        }
        let found = try InputDiscovery.recordings(for: [root.path])
        #expect(found.recordings.map(\.lastPathComponent) == ["rec.npz", "pair"])
    }
}
