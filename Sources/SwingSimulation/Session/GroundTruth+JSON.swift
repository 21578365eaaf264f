import Foundation
import MotionRecording

/// Errors reading or writing a `truth.json`.
public enum GroundTruthError: Error, CustomStringConvertible, Sendable {
    case unreadable(path: String, reason: String)
    case invalid(path: String, reason: String)
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "\(path): cannot read ground truth: \(reason)"
        case .invalid(let path, let reason): "\(path): not a valid ground-truth file: \(reason)"
        case .unwritable(let path, let reason): "\(path): cannot write ground truth: \(reason)"
        }
    }
}

extension GroundTruth {
    /// The conventional file name beside a recording.
    public static let fileName = "truth.json"

    /// Pretty-printed, key-sorted JSON (stable across runs).
    public func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        // Encoding plain numbers, strings and arrays cannot fail.
        return try! encoder.encode(self)
    }

    /// Writes `jsonData()` to `url` (a file, or a directory, which receives `truth.json`).
    public func write(to url: URL) throws(GroundTruthError) {
        let file = Self.resolve(url)
        do {
            try jsonData().write(to: file, options: .atomic)
        } catch {
            throw .unwritable(path: file.path, reason: "\(error.localizedDescription)")
        }
    }

    /// Reads a ground truth from `url` (a file, or a directory holding `truth.json`).
    public static func read(from url: URL) throws(GroundTruthError) -> GroundTruth {
        let file = resolve(url)
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw .unreadable(path: file.path, reason: "no such file")
        }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw .unreadable(path: file.path, reason: "\(error.localizedDescription)")
        }
        do {
            return try JSONDecoder().decode(GroundTruth.self, from: data)
        } catch {
            // One line naming the key (or the JSON syntax error), not the DecodingError's debug dump.
            throw .invalid(path: file.path, reason: describeDecodingError(error))
        }
    }

    private static func resolve(_ url: URL) -> URL {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return url.appendingPathComponent(fileName)
        }
        return url
    }
}
