import Foundation
import Testing

import _TestSupport
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

/// A folder of no sensor files is "no recordings" in every command, the same usage error (exit 64) naming the
/// folder and what it holds; notes beside recordings are skipped with a warning instead of failing as recordings.
@Suite struct InputDiscoveryNonRecordingTests {
    private func folder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("discovery-notes-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: root.appendingPathComponent(name)) }
        return root
    }

    @Test func notesAreSkippedAndReportedButDamagedTablesStayRecordings() throws {
        let root = try folder([
            "notes.txt": "Tuesday practice, windy.\nServes felt good, backhand late, 3 sets.\n",
            "cut.csv": "timestamp,acceleration_x,acceleration_y,acceleration_z\n1.0,0.1,0.2",
            "empty.csv": "",
            "scores.csv": "6,4;3,6;7,5\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let found = try InputDiscovery.recordings(for: [root.path])
        #expect(found.recordings.map(\.lastPathComponent) == ["cut.csv", "empty.csv", "scores.csv"])
        #expect(found.skipped == [InputDiscovery.Skipped(
            path: root.appendingPathComponent("notes.txt").path, reason: "not a recording: text without rows of numbers")])
    }

    @Test func numberRowsInAnyLayoutAreRecognised() {
        #expect(NonRecordingFile.holdsNumberRow("77349.026,0.27,-0.13,-0.95"))
        #expect(NonRecordingFile.holdsNumberRow("77349,026;0,27;-0,13;-0,95"))
        #expect(NonRecordingFile.holdsNumberRow("2026-04-11 17:02:12.123\t.5\t-.25\t+1"))
        #expect(!NonRecordingFile.holdsNumberRow("Serves felt good, backhand late, 3 sets."))
        #expect(!NonRecordingFile.holdsNumberRow("timestamp,acceleration_x,acceleration_y,acceleration_z"))
    }

    @Test func everyCommandSaysTheSameForAFolderOfNotes() throws {
        let root = try folder(["notes.txt": "Tuesday practice, windy.\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out").path
        let message = "no recordings in \(root.path): it holds notes.txt (not a recording: text without rows of numbers)"
        for arguments in [
            ["analyze", root.path], ["workout", root.path], ["report", root.path, "-o", out + ".html"],
            ["inspect", root.path], ["convert", root.path, out], ["fuse", root.path, "-o", out],
        ] {
            let result = try CommandRunner.run(arguments)
            #expect(result.status == 64, "\(arguments[0]): \(result.status) \(result.standardError)")
            #expect(result.standardError.contains(message), "\(arguments[0]): \(result.standardError)")
        }
        let empty = try folder([:])
        defer { try? FileManager.default.removeItem(at: empty) }
        for command in ["analyze", "inspect"] {
            let result = try CommandRunner.run([command, empty.path])
            #expect(result.status == 64 && result.standardError.contains("no recordings in \(empty.path): the folder is empty"),
                "\(command): \(result.standardError)")
        }
    }

    /// A zip of photos and a numpy archive of other arrays in a folder are skipped like notes, in every command;
    /// a damaged zip stays a recording and fails alone.
    @Test func archivesWithoutARecordingAreSkippedInEveryCommand() throws {
        let root = try folder([:])
        defer { try? FileManager.default.removeItem(at: root) }
        let photo = ZipBuilder.Member(name: "IMG_0001.jpg", method: 0, data: [0xFF, 0xD8], declaredSize: 2)
        try ZipBuilder.archive([photo]).write(to: root.appendingPathComponent("photos.zip"))
        let photos = "photos.zip (not a recording: a zip archive of 1 file (IMG_0001.jpg), none of them sensor data"
        let out = root.appendingPathComponent("out").path
        for arguments in [
            ["analyze", root.path], ["workout", root.path], ["report", root.path, "-o", out + ".html"],
            ["inspect", root.path], ["convert", root.path, out], ["fuse", root.path, "-o", out],
        ] {
            let result = try CommandRunner.run(arguments)
            #expect(result.status == 64, "\(arguments[0]): \(result.status) \(result.standardError)")
            #expect(result.standardError.contains("no recordings in \(root.path): it holds \(photos)"), "\(arguments[0]): \(result.standardError)")
        }
        var damaged = ZipBuilder.archive([photo])
        damaged.removeLast(10)
        try damaged.write(to: root.appendingPathComponent("cut.zip"))
        let found = try InputDiscovery.recordings(for: [root.path])
        #expect(found.recordings.map(\.lastPathComponent) == ["cut.zip"])
        #expect(found.skipped.map(\.path) == [root.appendingPathComponent("photos.zip").path])
    }

    /// A single-input command given a folder of several recordings names them instead of "unrecognised format".
    @Test func aSingleInputCommandGivenSeveralRecordingsNamesThem() throws {
        let root = try folder([:])
        defer { try? FileManager.default.removeItem(at: root) }
        for name in ["a", "b"] {
            try FileManager.default.copyItem(
                at: SharedDatasets.repositoryRoot.appendingPathComponent("Datasets/sample"), to: root.appendingPathComponent(name))
        }
        let result = try CommandRunner.run(["inspect", root.path])
        #expect(result.status == 64)
        #expect(result.standardError.contains(
            "\(root.path) holds 2 recordings (a, b), not one: give one of them (analyze, workout and report take several)"),
            "\(result.standardError)")
    }
}
