import Foundation

/// One line for a `DecodingError` from a JSON file: the key path where decoding stopped and what was wrong there
/// (`key "wrist": "middle" is not one of the accepted values`, `key "sampleRate": expected a number, found a
/// string`), instead of the error's debug dump.
package func describeDecodingError(_ error: any Error) -> String {
    func path(_ codingPath: [any CodingKey]) -> String {
        let keys = codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
        guard !keys.isEmpty else { return "the top level" }
        return "key \"" + keys.joined(separator: ".").replacingOccurrences(of: ".[", with: "[") + "\""
    }
    guard let error = error as? DecodingError else { return "\(error)" }
    switch error {
    case .typeMismatch(let type, let context):
        return "\(path(context.codingPath)): expected \(describe(type)) (\(context.debugDescription))"
    case .valueNotFound(let type, let context):
        return "\(path(context.codingPath)): expected \(describe(type)), found null"
    case .keyNotFound(let key, let context):
        return "\(path(context.codingPath + [key])): required key missing"
    case .dataCorrupted(let context):
        if context.codingPath.isEmpty, let underlying = context.underlyingError {
            let text = (underlying as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(underlying)"
            return "not valid JSON: \(text)"
        }
        return "\(path(context.codingPath)): \(context.debugDescription)"
    @unknown default:
        return "\(error)"
    }
}

private func describe(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: return "a string"
    case is Double.Type, is Float.Type: return "a number"
    case is Int.Type: return "an integer"
    case is Bool.Type: return "true or false"
    default:
        let name = "\(type)"
        if name.hasPrefix("Dictionary") { return "an object" }
        if name.hasPrefix("Array") { return "an array" }
        return name
    }
}
