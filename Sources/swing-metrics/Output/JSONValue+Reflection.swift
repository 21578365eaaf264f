import Foundation
import MotionRecording

/// Builds JSON from a value's stored properties, in declaration order, so that metrics added to `Swing` or to a
/// report type appear in the output without a second list of keys to keep in step ("add, never rename").
extension JSONValue {
    init(reflecting value: Any) {
        switch value {
        case let json as JSONValue: self = json
        case let double as Double: self = .finite(double)
        case let float as Float:
            // Print a Float by its own shortest representation (0.1, not 0.10000000149011612).
            self = float.isFinite ? .number(Double(float.description) ?? Double(float)) : .null
        case let int as Int: self = .integer(int)
        case let bool as Bool: self = .bool(bool)
        case let string as String: self = .string(string)
        case let raw as any RawRepresentable<String>: self = .string(raw.rawValue)
        case let date as Date:
            // ISO 8601 in UTC to the millisecond ("2026-05-05T14:37:36.734Z"), not Foundation's mirror of a Date.
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            self = .string(formatter.string(from: date))
        case let vector as SIMD3<Double>: self = .array([.finite(vector.x), .finite(vector.y), .finite(vector.z)])
        case let vector as SIMD3<Float>:
            self = .array([vector.x, vector.y, vector.z].map { JSONValue(reflecting: $0) })
        default:
            let mirror = Mirror(reflecting: value)
            switch mirror.displayStyle {
            case .optional:
                self = mirror.children.first.map { JSONValue(reflecting: $0.value) } ?? .null
            case .collection, .set:
                self = .array(mirror.children.map { JSONValue(reflecting: $0.value) })
            case .struct, .class:
                self = .object(mirror.children.compactMap { child in
                    guard let label = child.label else { return nil }
                    return (label, JSONValue(reflecting: child.value))
                })
            default:
                self = .string(String(describing: value))
            }
        }
    }

    /// The members of an object value (empty for anything else).
    var objectMembers: [(String, JSONValue)] {
        if case .object(let members) = self { return members }
        return []
    }

    /// A short textual form for tables and CSV cells: numbers as printed in JSON, strings bare, null empty.
    var cellText: String {
        switch self {
        case .null: ""
        case .string(let s): s
        default: serialized
        }
    }
}
