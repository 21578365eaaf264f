import Foundation
@testable import MotionRecording

/// Locates the test fixtures (copied as a resource folder) and scratch directories.
enum FixtureFiles {
    static let root: URL = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!

    static func url(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }

    /// This test process's scratch directory, removed when the process exits (tests that write files leave
    /// nothing behind in the system's temporary directory).
    static let scratchRoot: URL = {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("MotionRecordingTests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: FixtureFiles.scratchRoot) }
        return url
    }()

    /// A fresh empty directory inside ``scratchRoot``.
    static func temporaryDirectory(_ name: String = #function) -> URL {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        let url = scratchRoot.appendingPathComponent("\(safe)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `text` to a temporary file named `name` and returns its URL.
    static func write(_ text: String, named name: String) -> URL {
        let url = temporaryDirectory(name).appendingPathComponent(name)
        try! Data(text.utf8).write(to: url)
        return url
    }

    /// `recording` written as a native `.npz` into a fresh temporary directory, then opened (memory-mapped).
    static func openedNativeFile(_ recording: Recording, name: String = #function) throws -> NativeRecordingFile {
        let url = temporaryDirectory(name).appendingPathComponent("r.npz")
        try NativeFormat.write(recording, to: url)
        return try NativeFormat.open(url)
    }

    /// An `.npz` of exactly `members` (as `NpzWriter` writes them) in a fresh temporary directory, opened as a
    /// native file.
    static func openedNpz(_ members: [(String, NpyArray)], name: String = #function) throws -> NativeRecordingFile {
        let url = temporaryDirectory(name).appendingPathComponent("r.npz")
        try NpzWriter.write(members, to: url)
        return try NativeFormat.open(url)
    }

    static func write(bytes: [UInt8], named name: String) -> URL {
        let url = temporaryDirectory(name).appendingPathComponent(name)
        try! Data(bytes).write(to: url)
        return url
    }
}
