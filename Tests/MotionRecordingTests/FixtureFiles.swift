import Foundation

/// Locates the test fixtures (copied as a resource folder) and scratch directories.
enum FixtureFiles {
    static let root: URL = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!

    static func url(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }

    /// A fresh empty temporary directory.
    static func temporaryDirectory(_ name: String = #function) -> URL {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("MotionRecordingTests-\(safe)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `text` to a temporary file named `name` and returns its URL.
    static func write(_ text: String, named name: String) -> URL {
        let url = temporaryDirectory(name).appendingPathComponent(name)
        try! Data(text.utf8).write(to: url)
        return url
    }

    static func write(bytes: [UInt8], named name: String) -> URL {
        let url = temporaryDirectory(name).appendingPathComponent(name)
        try! Data(bytes).write(to: url)
        return url
    }
}
