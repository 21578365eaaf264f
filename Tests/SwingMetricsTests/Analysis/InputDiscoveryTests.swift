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
        let found = try InputDiscovery.recordings(for: [root.path]).map {
            String($0.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
        }
        #expect(found == ["a.npz", "deep/x/b.csv", "session1"])
    }

    @Test func globsExpandAndDuplicatesAreDropped() throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(at: root) }
        let found = try InputDiscovery.recordings(for: [root.path + "/*.npz", root.path + "/a.npz"])
        #expect(found.count == 1)
        #expect(found.first?.lastPathComponent == "a.npz")
    }

    @Test func aMissingPathIsAnError() throws {
        #expect(throws: InputDiscovery.NothingMatched.self) {
            try InputDiscovery.recordings(for: ["/nonexistent/\(UUID())"])
        }
    }
}
