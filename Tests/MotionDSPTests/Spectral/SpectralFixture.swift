import Foundation
import Testing

/// Loads a JSON reference file written by `Fixtures/generate_spectral_fixtures.py` and reads typed values out of it.
struct SpectralFixture: @unchecked Sendable {
    let object: [String: Any]

    init(_ object: [String: Any]) { self.object = object }

    /// The fixture `Fixtures/<name>` from the test bundle.
    static func load(_ name: String) throws -> SpectralFixture {
        let url = try #require(
            Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"),
            "missing fixture \(name)")
        let data = try Data(contentsOf: url)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return SpectralFixture(object)
    }

    subscript(key: String) -> SpectralFixture {
        SpectralFixture(object[key] as? [String: Any] ?? [:])
    }

    func has(_ key: String) -> Bool { object[key] != nil && !(object[key] is NSNull) }

    func doubles(_ key: String) -> [Double] {
        (object[key] as? [Any] ?? []).map { ($0 as? NSNumber)?.doubleValue ?? .nan }
    }

    func floats(_ key: String) -> [Float] { doubles(key).map { Float($0) } }

    func ints(_ key: String) -> [Int] { (object[key] as? [Any] ?? []).map { ($0 as? NSNumber)?.intValue ?? -1 } }

    func int(_ key: String) -> Int? { (object[key] as? NSNumber)?.intValue }

    func double(_ key: String) -> Double? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        return (value as? NSNumber)?.doubleValue
    }

    func string(_ key: String) -> String? { object[key] as? String }

    func bool(_ key: String) -> Bool? { (object[key] as? NSNumber)?.boolValue }

    func array(_ key: String) -> [SpectralFixture] {
        (object[key] as? [Any] ?? []).map { SpectralFixture($0 as? [String: Any] ?? [:]) }
    }

    func raw(_ key: String) -> Any? { object[key] }
}
