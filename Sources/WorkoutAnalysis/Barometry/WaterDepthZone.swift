/// The depth zones of Core Motion's `CMWaterSubmersionMeasurement.DepthState`, with Apple's documented boundaries:
/// `submergedShallow` is "submerged, but less than 1 meter under water", `submergedDeep` "at least 1 meter";
/// `pastMaxDepth` beyond the maximum depth of the app's entitlement (6 m for Shallow Depth and Pressure, 40 m for
/// the full Submerged Depth and Pressure entitlement; developer.apple.com, CMWaterSubmersionManager.maximumDepth).
/// Apple documents no distance for `approachingMaxDepth`: here it starts at 90 % of the maximum depth (5.4 m of 6 m,
/// 36 m of 40 m). Apple's `unknown` and `sensorDepthError` have no counterpart: pressure alone gives no error state.
public enum WaterDepthZone: String, Sendable, Equatable, Hashable, CaseIterable, Codable {
    case notSubmerged, submergedShallow, submergedDeep, approachingMaxDepth, pastMaxDepth

    /// Depth of the boundary between shallow and deep, m.
    public static let deepFromMeters = 1.0
    /// Fraction of the maximum depth from which the zone is `approachingMaxDepth`.
    public static let approachingFraction = 0.9

    /// The zone of a submerged device at `depth` m (≥ 0) under a maximum depth of `maximumDepth` m.
    public init(submergedAt depth: Double, maximumDepth: Double) {
        if depth > maximumDepth {
            self = .pastMaxDepth
        } else if depth >= Self.approachingFraction * maximumDepth {
            self = .approachingMaxDepth
        } else if depth >= Self.deepFromMeters {
            self = .submergedDeep
        } else {
            self = .submergedShallow
        }
    }
}
