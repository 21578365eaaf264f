import Foundation

/// The unit a documented column holds (the interchange layout's: s, g, rad/s, µT, kPa, …) and what a unit suffix in
/// its header (``HeaderName/unit``) may say instead: the documented unit under another spelling (`G`, `rad s^-1`),
/// or a unit the readers convert from — m/s² to g (÷ 9.80665), °/s to rad/s (× π/180), ms/µs/ns to s, hPa/Pa to kPa.
struct ColumnUnit: Sendable {
    /// The documented unit as the layout writes it (messages).
    let name: String
    /// Spellings of the documented unit (normalised, ``normalised(_:)``).
    let spellings: Set<String>
    /// Convertible units: normalised spelling → (factor to the documented unit, the unit's usual name).
    let conversions: [String: (factor: Double, name: String)]

    /// The factor that takes values in the `stated` unit (a header's suffix) to this unit: 1 for a spelling of it,
    /// the conversion's factor for a convertible unit, `nil` for a unit that is neither.
    func factor(stated: String) -> (factor: Double, name: String)? {
        let key = Self.normalised(stated)
        if spellings.contains(key) { return (1, name) }
        return conversions[key]
    }

    /// A unit's text lowercased, without blanks, with `²`, `**2` → `^2`, `°`/`degrees` → `deg`, `µ`/`μ` → `u`,
    /// so that `m/s²`, `M/S^2` and `m/s**2` are one key.
    static func normalised(_ text: String) -> String {
        var key = text.lowercased().filter { $0 != " " }
        for (from, to) in [("²", "^2"), ("**2", "^2"), ("⁻¹", "^-1"), ("⁻²", "^-2"), ("µ", "u"), ("μ", "u"),
                           ("°", "deg"), ("degrees", "deg"), ("degree", "deg"), ("radians", "rad")] {
            key = key.replacingOccurrences(of: from, with: to)
        }
        return key
    }

    static let seconds = ColumnUnit(
        name: "s", spellings: ["s", "sec", "secs", "seconds", "second"],
        conversions: ["ms": (1e-3, "ms"), "msec": (1e-3, "ms"), "milliseconds": (1e-3, "ms"), "millis": (1e-3, "ms"),
                      "us": (1e-6, "µs"), "microseconds": (1e-6, "µs"), "ns": (1e-9, "ns"), "nanoseconds": (1e-9, "ns")])
    static let gravities = ColumnUnit(
        name: "g", spellings: ["g", "gs", "gn", "g0", "g-force"],
        conversions: Dictionary(uniqueKeysWithValues: ["m/s^2", "m/sec^2", "m/s2", "ms^-2", "m.s^-2", "m*s^-2", "ms-2", "m/s/s", "mps2"]
            .map { ($0, (1 / HygieneChecker.standardGravity, "m/s²")) }))
    static let radiansPerSecond = ColumnUnit(
        name: "rad/s", spellings: ["rad/s", "rad/sec", "rads^-1", "rad.s^-1", "rad*s^-1"],
        conversions: Dictionary(uniqueKeysWithValues: ["deg/s", "deg/sec", "dps", "degs^-1", "deg.s^-1", "deg*s^-1"]
            .map { ($0, (Double.pi / 180, "°/s")) }))
    static let microtesla = ColumnUnit(
        name: "µT", spellings: ["ut", "microtesla", "microteslas"],
        conversions: ["nt": (1e-3, "nT"), "mt": (1e3, "mT"), "gauss": (100, "G (gauss)")])
    static let kilopascals = ColumnUnit(
        name: "kPa", spellings: ["kpa"], conversions: ["hpa": (0.1, "hPa"), "mbar": (0.1, "mbar"), "pa": (1e-3, "Pa")])
    static let metres = ColumnUnit(name: "m", spellings: ["m", "metres", "meters"], conversions: [:])
    static let metresPerSecond = ColumnUnit(name: "m/s", spellings: ["m/s", "ms^-1", "mps"], conversions: [:])
    static let angleDegrees = ColumnUnit(name: "°", spellings: ["deg"], conversions: [:])
    /// A count or a unit quaternion's component: no unit.
    static let dimensionless = ColumnUnit(name: "no unit", spellings: ["", "1", "-", "count", "steps"], conversions: [:])

    /// The documented unit of the interchange column `name`; `nil` for a label column (activity, confidence, sensor
    /// location), which takes no unit.
    static func of(column name: String) -> ColumnUnit? {
        switch name {
        case "timestamp": return .seconds
        case "pressure": return .kilopascals
        case "relative_altitude", "altitude", "horizontal_accuracy", "distance": return .metres
        case "speed": return .metresPerSecond
        case "latitude", "longitude": return .angleDegrees
        case "activity", "confidence", "sensor_location": return nil
        default: break
        }
        if name.hasPrefix("acceleration_") || name.hasPrefix("gravity_") || name.hasPrefix("user_acceleration_") {
            return .gravities
        }
        if name.hasPrefix("rotation_rate_") { return .radiansPerSecond }
        if name.hasPrefix("magnetic_field_") { return .microtesla }
        return .dimensionless
    }
}
