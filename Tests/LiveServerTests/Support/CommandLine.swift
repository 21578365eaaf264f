import Foundation
import _TestSupport

/// Runs the built `swing-metrics` binary from the repository root and captures what it printed.
enum CommandLine {
    struct Output {
        var status: Int32
        var standardOutput: String
    }

    static let binary: URL = {
        let candidates = [Bundle.main.bundleURL] + Bundle.allBundles.map(\.bundleURL)
        for directory in candidates {
            for base in [directory, directory.deletingLastPathComponent()] {
                let url = base.appendingPathComponent("swing-metrics")
                if FileManager.default.isExecutableFile(atPath: url.path) { return url }
            }
        }
        fatalError("swing-metrics binary not found next to the test bundle")
    }()

    static func run(_ arguments: [String]) throws -> Output {
        let outURL = FileManager.default.temporaryDirectory.appendingPathComponent("live-cli-\(UUID())")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: outURL) }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = SharedDatasets.repositoryRoot
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, standardOutput: String(decoding: try Data(contentsOf: outURL), as: UTF8.self))
    }
}
