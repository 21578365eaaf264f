import SwingAnalysis

extension Swing {
    /// The swing as a JSON object: its stored properties in declaration order, `null` where a metric is `nil` —
    /// the same keys, order and number formatting as one element of `swing-metrics analyze --format json`'s
    /// `"swings"` array (a copy of the executable's encoding; a test compares the two byte for byte).
    var json: JSONValue {
        .object([
            ("start", .finite(start)),
            ("impact", .finite(impact)),
            ("timeToContact", .finite(timeToContact)),
            ("contact", .bool(contact)),
            ("peakRotationRate", .finite(peakRotationRate)),
            ("accumulatedRotation", .finite(accumulatedRotation)),
            ("duration", .finite(duration)),
            ("impactPeak", .finite(impactPeak)),
            ("impactSaturated", impactSaturated.map(JSONValue.bool) ?? .null),
            ("impactDominantFrequency", .finite(impactDominantFrequency)),
            ("impactBandEnergy", .finite(impactBandEnergy)),
            ("swingPlaneNormal",
                swingPlaneNormal.map { .array([.finite($0.x), .finite($0.y), .finite($0.z)]) } ?? .null),
        ])
    }
}
