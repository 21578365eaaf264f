import Foundation

/// Every file directly under `directory` (name → bytes), for comparing two written folders byte for byte.
public func directoryContents(_ directory: URL) throws -> [String: Data] {
    var result: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
        result[name] = try Data(contentsOf: directory.appendingPathComponent(name))
    }
    return result
}
