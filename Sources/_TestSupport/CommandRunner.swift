import Foundation

/// Runs the built `swing-metrics` binary (end to end, as a user would) and captures what it printed: the one
/// runner of every test target that drives the command line (`SwingMetricsTests`, `LiveServerTests`).
public enum CommandRunner {
    public struct Output: Sendable {
        /// The exit status; -1 when the run was killed at its `timeout`.
        public var status: Int32
        public var standardOutput: String
        public var standardError: String
    }

    /// The `swing-metrics` executable in the products directory that holds the test bundle.
    public static let binary: URL = {
        let candidates = [Bundle.main.bundleURL] + Bundle.allBundles.map(\.bundleURL)
        for directory in candidates {
            for base in [directory, directory.deletingLastPathComponent()] {
                let url = base.appendingPathComponent("swing-metrics")
                if FileManager.default.isExecutableFile(atPath: url.path) { return url }
            }
        }
        fatalError("swing-metrics binary not found next to the test bundle")
    }()

    /// Runs `swing-metrics arguments...` in `directory` (default: the repository root). With `timeout` (s), a run
    /// that has not ended by then is killed and reported with status -1 (a hang is a failure, not a stuck suite).
    public static func run(
        _ arguments: [String], in directory: URL = SharedDatasets.repositoryRoot, timeout: Double? = nil
    ) throws -> Output {
        // Both streams go to temporary files: no pipe can fill up and block the child.
        let scratch = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var timedOut = false
        if let timeout {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning && Date() < deadline { usleep(20_000) }
            if process.isRunning {
                timedOut = true
                process.terminate()
            }
        }
        process.waitUntilExit()
        return Output(
            status: timedOut ? -1 : process.terminationStatus,
            standardOutput: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            standardError: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// A fresh temporary directory, removed by the caller.
    public static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("swing-metrics-tests-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
