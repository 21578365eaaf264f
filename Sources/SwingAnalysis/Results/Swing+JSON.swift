import MotionRecording

extension Swing {
    /// The swing as a JSON object: its stored properties in declaration order, `null` where a metric is `nil` —
    /// the form of one element of `analyze --format json`'s `"swings"` array and of the live server's swing message.
    /// The CLI's tests keep it equal to what `JSONValue(reflecting:)` builds from the stored properties, so a metric
    /// added to `Swing` must be added here too.
    public var json: JSONValue {
        .object([
            ("start", .finite(start)),
            ("impact", .finite(impact)),
            ("timeToContact", .finite(timeToContact)),
            ("contact", contact.map(JSONValue.bool) ?? .null),
            ("peakRotationRate", .finite(peakRotationRate)),
            ("accumulatedRotation", .finite(accumulatedRotation)),
            ("duration", .finite(duration)),
            ("impactPeak", .finite(impactPeak)),
            ("impactSaturated", impactSaturated.map(JSONValue.bool) ?? .null),
            ("impactDominantFrequency", .finite(impactDominantFrequency)),
            ("impactBandEnergy", .finite(impactBandEnergy)),
            ("swingPlaneNormal",
                swingPlaneNormal.map { .array([.finite($0.x), .finite($0.y), .finite($0.z)]) } ?? .null),
            ("headRotation", .finite(headRotation)),
            ("headPeakRate", .finite(headPeakRate)),
            ("headStill", headStill.map(JSONValue.bool) ?? .null),
            ("headRotationBeforeImpact", .finite(headRotationBeforeImpact)),
        ])
    }
}
