import Foundation
import Synchronization
import Testing
import _TestSupport

/// A few simulated native recordings for the scale-out and season tests, made once per test run with
/// `swing-metrics simulate` (seeds 1…4, 6 to 9 swings) in a temporary folder: `season/day-N/recording.npz`.
enum SimulatedSeason {
    static let seeds = [1, 2, 3, 4]

    /// The temporary folder holding `season/`, for the clean-up at exit.
    static let scratchPath = Mutex<String?>(nil)

    /// The folder holding `day-1` … `day-4`, or the error that prevented making it.
    static let folder: Result<URL, CommandFailed> = {
        do {
            let scratch = try CommandRunner.temporaryDirectory()
            let root = scratch.appendingPathComponent("season")
            scratchPath.withLock { $0 = scratch.path }
            // Removed when the test process exits (a static value has no end of its own).
            atexit {
                SimulatedSeason.scratchPath.withLock { path in
                    if let path { try? FileManager.default.removeItem(atPath: path) }
                }
            }
            for seed in seeds {
                let result = try CommandRunner.run([
                    "simulate", root.appendingPathComponent("day-\(seed)").path, "--seed", "\(seed)",
                    "--swings", "\(5 + seed)", "--format", "native",
                ])
                guard result.status == 0 else { return .failure(CommandFailed(message: result.standardError)) }
            }
            return .success(root)
        } catch {
            return .failure(CommandFailed(message: "\(error)"))
        }
    }()

    /// The recordings, in discovery order.
    static func recordings() throws -> [String] {
        let root = try folder.get()
        return seeds.map { root.appendingPathComponent("day-\($0)/recording.npz").path }
    }

    struct CommandFailed: Error, CustomStringConvertible {
        let message: String
        var description: String { "swing-metrics simulate failed: \(message)" }
    }

    /// `value` as JSON text with sorted keys, to compare parsed JSON values exactly.
    static func canonical(_ value: Any?) throws -> String {
        let data = try JSONSerialization.data(
            withJSONObject: try #require(value), options: [.sortedKeys, .fragmentsAllowed])
        return String(decoding: data, as: UTF8.self)
    }

    /// `analyze ARGS --format jsonl` as one JSON object per line.
    static func analyzeLines(_ arguments: [String], in directory: URL? = nil) throws
        -> (status: Int32, objects: [[String: Any]], standardError: String)
    {
        let result = try directory.map { try CommandRunner.run(["analyze", "--format", "jsonl"] + arguments, in: $0) }
            ?? CommandRunner.run(["analyze", "--format", "jsonl"] + arguments)
        let objects = try result.standardOutput.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        return (result.status, objects, result.standardError)
    }
}
